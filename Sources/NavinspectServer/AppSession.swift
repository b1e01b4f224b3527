import CoordinatorModel
import JSON
import JSONRPC
import Locking
import NavinspectProtocol
import TreeDocument

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// One live app's connection: answers `navinspect/hello`, and makes each valid
/// `navinspect/snapshot` a generation of the ``LiveHub``.
///
/// A snapshot that cannot be read or validated is dropped and logged; the app's previous
/// generation keeps answering.
final class AppSession: MessageHandler {
    private let hub: LiveHub
    private let peer: String
    private let app = Locked<Int?>(nil)

    init(hub: LiveHub, peer: String) {
        self.hub = hub
        self.peer = peer
    }

    /// The app's number once it said hello.
    var number: Int? { app.withLock { $0 } }

    func handle(_ request: Request) {
        guard request.method == AppMessages.hello else {
            return request.reply(.failure(.methodNotFound(request.method)))
        }
        do throws(ResponseError) {
            let hello = try AppMessages.decodeHello(request.params)
            guard number == nil else { throw .invalidRequest("\(AppMessages.hello) was already received on this connection") }
            let number = hub.hello(hello)
            app.withLock { $0 = number }
            request.reply(.success(["app": .int(number), "version": .int(NavinspectMethods.protocolVersion)]))
        } catch {
            request.reply(.failure(error))
        }
    }

    func handle(notification method: String, params: JSONValue?) {
        guard method == AppMessages.snapshot else { return }
        guard let number else { return log("a snapshot before \(AppMessages.hello) was dropped") }
        do throws(ResponseError) {
            let snapshot = try AppMessages.decodeSnapshot(params)
            let tree: CoordinatorTreeResult
            do throws(TreeLoadError) {
                // The history keeps the tree as the app sent it; the sources are added to every tree built from it.
                tree = .success(try TreeDocumentLoader.load(value: hub.addingSources(to: snapshot.tree)))
            } catch {
                tree = .failure(error)
            }
            switch tree {
            case .success(let tree): hub.receive(snapshot, tree: tree, from: number)
            case .failure(let error): log("snapshot \(snapshot.sequence) dropped: \(error)")
            }
        } catch {
            log("a snapshot was dropped: \(error.message)")
        }
    }

    private typealias CoordinatorTreeResult = Result<CoordinatorTree, TreeLoadError>

    private func log(_ message: String) {
        var line = Array("navinspect: app at \(peer): \(message)\n".utf8)
        _ = line.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
    }
}
