import ArgumentParser
import Dispatch
import Locking
import NavinspectServer

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// `navinspect watch`: listens for live apps and shows their tree, current stack and events.
struct WatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Show a live app's coordinator tree and current stack as it navigates.",
        discussion: """
            Listens for apps that link NavinspectRuntime, as `navinspect serve --listen` does, and redraws \
            the tree, the current stack and the latest events after every change. With --json, prints each \
            event as a JSON line instead.
            """
    )

    @Option(name: .long, help: ArgumentHelp("Where to listen; the host is 127.0.0.1 unless given.", valueName: "[host:]port"))
    var listen: String = "7341"

    @Flag(name: .long, help: "Accept live apps from other machines too (refused by default).")
    var allowRemote = false

    @Flag(name: .long, help: "Print each event as a JSON line instead of drawing the tree.")
    var json = false

    @Option(name: .long, help: ArgumentHelp("Stop after this many generations.", valueName: "count"))
    var count: Int?

    func validate() throws {
        if let count, count <= 0 { throw ValidationError("--count must be positive") }
        do throws(LiveListener.ListenError) {
            _ = try LiveListener.Address(parsing: listen)
        } catch {
            throw ValidationError("--listen: \(error)")
        }
    }

    func run() throws {
        let hub = LiveHub(store: TreeStore()) { _ in }
        let listener = try LiveListener(address: LiveListener.Address(parsing: listen), hub: hub, allowRemote: allowRemote)
        let redraw = isatty(STDOUT_FILENO) == 1 && !json
        let view = Locked(LiveView())
        let seen = Locked(0)
        let done = DispatchSemaphore(value: 0)
        let json = self.json
        let limit = count
        hub.observe { update in
            // Apps call in from their own connections: one writer at a time.
            view.withLock { view in
                var text: String
                if json {
                    text = update.events.map { LiveView.jsonLine($0, of: update) + "\n" }.joined()
                } else {
                    let frame = view.frame(after: update)
                    text = redraw ? "\u{1B}[H\u{1B}[2J" + frame + "\n" : frame + "\n\n"
                }
                // Unbuffered, so a pipe sees each change as it happens.
                _ = text.withUTF8 { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            }
            let total = seen.withLock { total in
                total += 1
                return total
            }
            if let limit, total >= limit { done.signal() }
        }
        listener.start()
        printError("navinspect: watching for live apps on \(listener.address)")
        done.wait()
        listener.stop()
    }
}
