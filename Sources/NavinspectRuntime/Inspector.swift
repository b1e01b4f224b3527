import Foundation

#if canImport(UIKit)
    import UIKit
#endif

/// Streams an app's live coordinator tree and screens to a navinspect daemon.
///
/// Link it in Debug builds only and start it once the root coordinator exists:
///
/// ```swift
/// #if DEBUG
/// Navinspect.connect(root: appCoordinator, window: window)
/// #endif
/// ```
///
/// It takes a snapshot when the app calls ``changed()`` and, by default in Debug builds, on a
/// timer a few times a second; a snapshot equal to the last one sent is not sent. The socket is
/// written from a thread of its own, so the app's main thread never waits for the daemon.
public final class Inspector: @unchecked Sendable {
    /// Where to send, and how often to look.
    public struct Configuration: Sendable {
        /// The daemon's host; loopback by default (the iOS Simulator shares the Mac's network).
        public var host: String
        /// The port `navinspect serve --listen` or `navinspect watch` listens on.
        public var port: UInt16
        /// The app's name, shown by the daemon.
        public var appName: String
        /// Seconds between looks at the tree, or nil for none (then only ``changed()`` sends).
        public var pollInterval: Double?
        /// The queue snapshots are taken on; the main queue, where UIKit may be read.
        public var queue: DispatchQueue
        /// How many snapshots may wait for the socket; older ones are dropped.
        public var queueLimit: Int

        public init(
            host: String = "127.0.0.1", port: UInt16 = Navinspect.defaultPort,
            appName: String = ProcessInfo.processInfo.processName, pollInterval: Double? = Self.defaultPollInterval,
            queue: DispatchQueue = .main, queueLimit: Int = 4
        ) {
            self.host = host
            self.port = port
            self.appName = appName
            self.pollInterval = pollInterval
            self.queue = queue
            self.queueLimit = queueLimit
        }

        /// A quarter of a second in Debug builds of the library; none otherwise.
        public static var defaultPollInterval: Double? {
            #if DEBUG
                return 0.25
            #else
                return nil
            #endif
        }
    }

    private weak var root: AnyObject?
    private let configuration: Configuration
    private let sender: SnapshotSender
    // Touched only on `configuration.queue`.
    private var builder: SnapshotBuilder
    private var lastTree: String?
    private var lastInstances: String?
    private var sequence = 0
    private var timer: DispatchSourceTimer?
    // Guarded by `lock`.
    private let lock = NSLock()
    private var scheduled = false

    /// Starts inspecting `root` and its descendants; `screens` reads the screens (nil: coordinators only).
    public init(root: AnyObject, screens: ScreenInspector?, configuration: Configuration = Configuration()) {
        self.root = root
        self.configuration = configuration
        self.builder = SnapshotBuilder(screens: screens)
        var hello = JSONText()
        hello.raw("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"navinspect/hello\",\"params\":{")
        hello.key("name", first: true)
        hello.string(configuration.appName)
        hello.key("version")
        hello.int(1)
        hello.key("processId")
        hello.int(Int(ProcessInfo.processInfo.processIdentifier))
        if let bundle = Bundle.main.bundleIdentifier {
            hello.key("bundleIdentifier")
            hello.string(bundle)
        }
        hello.raw("}}")
        self.sender = SnapshotSender(
            host: configuration.host, port: configuration.port, hello: hello.text, limit: configuration.queueLimit)
        sender.start()
        changed()
        if let interval = configuration.pollInterval, interval > 0 {
            let timer = DispatchSource.makeTimerSource(queue: configuration.queue)
            timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(50))
            timer.setEventHandler { [weak self] in self?.snapshotNow() }
            timer.resume()
            self.timer = timer
        }
    }

    deinit {
        timer?.cancel()
        sender.stop()
    }

    /// Says that the tree or the screens may have changed; safe from any thread.
    ///
    /// Calls in a burst make one snapshot, taken on the configured queue at its next turn.
    public func changed() {
        let first = lock.locked {
            defer { scheduled = true }
            return !scheduled
        }
        guard first else { return }
        configuration.queue.async { [weak self] in
            guard let self else { return }
            lock.locked { scheduled = false }
            snapshotNow()
        }
    }

    /// Takes a snapshot now and queues it when it differs from the last one sent; returns whether it did.
    ///
    /// - Important: call it on the configured queue.
    @discardableResult
    public func snapshotNow() -> Bool {
        guard let root else { return false }
        let (tree, instances) = builder.snapshot(root: root)
        guard tree != lastTree || instances != lastInstances else { return false }
        lastTree = tree
        lastInstances = instances
        sequence += 1
        var header = JSONText(capacity: 128)
        header.raw("{\"jsonrpc\":\"2.0\",\"method\":\"navinspect/snapshot\",\"params\":{")
        header.key("sequence", first: true)
        header.int(sequence)
        header.key("time")
        header.int(Int((Date().timeIntervalSince1970 * 1000).rounded()))
        header.key("tree")
        // The tree's text is shared, not copied: the sender joins the parts on its own thread.
        sender.send([header.text, tree, ",\"instances\":", instances, "}}"])
        return true
    }

    /// Waits until the snapshots queued so far are written, or `timeout` seconds pass; false when
    /// they were not (no daemon listens).
    @discardableResult
    public func flush(timeout: Double = 2) -> Bool {
        sender.flush(timeout: timeout)
    }

    /// How many snapshots were dropped because the socket was slower than the app, and how many were written.
    public var counts: (dropped: Int, sent: Int) { sender.counts }

    /// Stops the timer and the connection.
    public func stop() {
        timer?.cancel()
        timer = nil
        sender.stop()
    }
}

/// The runtime's entry points for an app.
public enum Navinspect {
    /// The port `navinspect serve --listen` and `navinspect watch` use when none is given.
    public static let defaultPort: UInt16 = 7341

    nonisolated(unsafe) private static var current: Inspector?
    private static let lock = NSLock()

    /// Starts streaming the tree under `root` (and the screens `screens` reads) to the daemon, replacing any earlier connection.
    @discardableResult
    public static func connect(
        root: AnyObject, screens: ScreenInspector?, configuration: Inspector.Configuration = .init()
    ) -> Inspector {
        let inspector = Inspector(root: root, screens: screens, configuration: configuration)
        let previous = lock.locked {
            defer { current = inspector }
            return current
        }
        previous?.stop()
        return inspector
    }

    /// Tells the connected inspector that something changed; does nothing when none is connected.
    public static func changed() {
        lock.locked { current }?.changed()
    }

    #if canImport(UIKit)
        /// Starts streaming the tree under `root` and the screens of `window`.
        @MainActor @discardableResult
        public static func connect(root: AnyObject, window: UIWindow?, port: UInt16 = defaultPort) -> Inspector {
            connect(root: root, screens: UIKitScreenInspector(window: window), configuration: .init(port: port))
        }
    #endif
}

extension NSLock {
    /// Runs `body` holding the lock (`withLock` needs iOS 16).
    func locked<Value>(_ body: () throws -> Value) rethrows -> Value {
        lock()
        defer { unlock() }
        return try body()
    }
}
