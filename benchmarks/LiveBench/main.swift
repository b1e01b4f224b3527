// Benchmarks of the live app: the app's cost of a snapshot, the latency from an app's change to
// the editor's treeDidChange, and the memory of the history. Run by benchmarks/live_bench.sh.
//   live-bench --navinspect PATH [--iterations N]
import Foundation
import JSON
import JSONRPC
import NavinspectRuntime

#if canImport(Glibc)
    import Glibc
#endif

// MARK: - A tree of coordinators and screens, in the shapes reflection reads

// Touched only on the bench's app queue, as an app's objects are on its main thread.
final class BenchViewController: @unchecked Sendable {
    weak var coordinator: AnyObject?
    init(coordinator: AnyObject?) { self.coordinator = coordinator }
}

final class BenchNavigation: @unchecked Sendable {
    var stack: [AnyObject] = []
}

final class BenchCoordinator: @unchecked Sendable {
    var childCoordinators: [BenchCoordinator] = []
    let type: String
    let navigationController: BenchNavigation
    init(type: String, navigation: BenchNavigation) {
        self.type = type
        self.navigationController = navigation
    }
}

struct BenchScreens: ScreenInspector {
    let root: BenchNavigation
    func windowRoot() -> AnyObject? { root }
    func content(of controller: AnyObject) -> ScreenContent {
        (controller as? BenchNavigation).map { .navigation(stack: $0.stack) } ?? .plain
    }
    func presented(by controller: AnyObject) -> AnyObject? { nil }
}

/// A root with `count - 1` descendants: 20 flows, each with its own navigation stack of 3 screens.
func makeTree(count: Int) -> (BenchCoordinator, BenchNavigation) {
    let rootNavigation = BenchNavigation()
    let root = BenchCoordinator(type: "app", navigation: rootNavigation)
    rootNavigation.stack = [BenchViewController(coordinator: root)]
    var flows: [BenchCoordinator] = []
    for index in 0..<20 {
        let navigation = BenchNavigation()
        let flow = BenchCoordinator(type: "flow\(index)", navigation: navigation)
        navigation.stack = (0..<3).map { _ in BenchViewController(coordinator: flow) }
        flows.append(flow)
        root.childCoordinators.append(flow)
    }
    var made = 21
    var parent = 0
    while made < count {
        let flow = flows[parent % flows.count]
        flow.childCoordinators.append(BenchCoordinator(type: "detail\(made % 7)", navigation: flow.navigationController))
        made += 1
        parent += 1
    }
    return (root, rootNavigation)
}

/// The `index`th change of a run: a child added to a flow, then removed again, flow after flow.
func change(_ root: BenchCoordinator, _ index: Int) {
    let flow = root.childCoordinators[(index / 2) % root.childCoordinators.count]
    if index % 2 == 0 {
        flow.childCoordinators.append(BenchCoordinator(type: "extra", navigation: flow.navigationController))
    } else {
        flow.childCoordinators.removeLast()
    }
}

// MARK: - Helpers

func percentile(_ values: [Double], _ fraction: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * fraction + 0.5))]
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

/// CPU time of the calling thread, in milliseconds: what the work cost, whatever else the
/// machine was running meanwhile.
func threadCPUMilliseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
}

func residentKilobytes(pid: Int32) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return -1 }
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? -1
}

func freePort() -> UInt16 {
    let probe = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(probe) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            _ = bind(probe, $0, length)
            _ = getsockname(probe, $0, &length)
        }
    }
    return UInt16(bigEndian: address.sin_port)
}

/// `navinspect serve --listen` as a subprocess, with this process as its editor.
final class Daemon: @unchecked Sendable {
    let process = Process()
    let port = freePort()
    private let input = Pipe()
    private let output = Pipe()
    private var reader = FrameReader(maxBodyBytes: 1 << 30)
    private var nextID = 1

    init(binary: String, history: Int) throws {
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["serve", "--listen", "127.0.0.1:\(port)", "--history", "\(history)"]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        _ = request("initialize", ["processId": .null, "rootUri": .null, "capabilities": [:]])
        send(["jsonrpc": "2.0", "method": "initialized", "params": [:]])
    }

    func send(_ message: JSONValue) {
        let body = message.serialized()
        input.fileHandleForWriting.write(Data(Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body))
    }

    /// The next message from the daemon.
    func next() -> JSONValue {
        while true {
            if case .message(let body)? = reader.next() {
                return (try? body.withUnsafeBytes { try JSONParser.parseValue($0) }) ?? .null
            }
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { fatalError("the daemon closed its output") }
            reader.append(Array(chunk))
        }
    }

    func request(_ method: String, _ params: JSONValue) -> JSONValue {
        let id = nextID
        nextID += 1
        send(["jsonrpc": "2.0", "id": .int(id), "method": .string(method), "params": params])
        while true {
            let message = next()
            if message["id"]?.intValue == id { return message }
        }
    }

    /// Waits for the treeDidChange of `generation`.
    func waitForGeneration(_ generation: Int) {
        while next()["params"]?["generation"]?.intValue != generation {}
    }

    func stop() {
        _ = request("shutdown", .null)
        send(["jsonrpc": "2.0", "method": "exit"])
        process.waitUntilExit()
    }
}

// MARK: - Runs

var binary = ""
var iterations = 300
var snapshotOnly = false
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--navinspect": binary = arguments.next() ?? ""
    case "--iterations": iterations = arguments.next().flatMap(Int.init) ?? iterations
    case "--snapshot-only": snapshotOnly = true
    default: fatalError("usage: live-bench --navinspect PATH [--iterations N]")
    }
}
let clock = ContinuousClock()

/// Changes the tree and takes one snapshot on the app's queue: its wall time and the CPU time
/// of the app's thread, in milliseconds.
func timedSnapshot(_ inspector: Inspector, on queue: DispatchQueue, _ root: BenchCoordinator, _ index: Int) -> (Double, Double) {
    queue.sync {
        change(root, index)
        let before = threadCPUMilliseconds()
        let elapsed = clock.measure { inspector.snapshotNow() }
        return (milliseconds(elapsed), threadCPUMilliseconds() - before)
    }
}

func report(_ what: String, _ runs: [(Double, Double)]) {
    let wall = runs.map(\.0)
    let cpu = runs.map(\.1)
    print(
        String(
            format: "%@: wall p50 %.3f ms, p99 %.3f ms; thread CPU p50 %.3f ms, p99 %.3f ms (%d snapshots)", what,
            percentile(wall, 0.5), percentile(wall, 0.99), percentile(cpu, 0.5), percentile(cpu, 0.99), runs.count))
}

// 0. The snapshot alone (reflection, ids, JSON text), with no daemon listening: what the app
// pays for a snapshot whatever the socket does.
do {
    let queue = DispatchQueue(label: "bench.main")
    let (root, window) = makeTree(count: 500)
    let inspector = Inspector(
        root: root, screens: BenchScreens(root: window),
        configuration: .init(port: 1, appName: "Bench", pollInterval: nil, queue: queue))
    let runs = (0..<iterations).map { timedSnapshot(inspector, on: queue, root, $0) }
    inspector.stop()
    report("snapshot alone (no daemon), 500 coordinators", runs)
}
if snapshotOnly { exit(0) }
guard FileManager.default.isExecutableFile(atPath: binary) else { fatalError("--navinspect must name the built binary") }

// 1. The app's cost: snapshot and send of a 500-coordinator tree, on the app's queue.
do {
    let daemon = try Daemon(binary: binary, history: 1000)
    let queue = DispatchQueue(label: "bench.main")
    let (root, window) = makeTree(count: 500)
    let inspector = Inspector(
        root: root, screens: BenchScreens(root: window),
        configuration: .init(port: daemon.port, appName: "Bench", pollInterval: nil, queue: queue))
    daemon.waitForGeneration(1)
    var runs: [(Double, Double)] = []
    for index in 0..<iterations {
        // One change per round, so every snapshot differs and is sent; the next waits for its treeDidChange.
        runs.append(timedSnapshot(inspector, on: queue, root, index))
        daemon.waitForGeneration(index + 2)
    }
    inspector.stop()
    daemon.stop()
    report("snapshot+send, 500 coordinators, on the app's queue, daemon receiving", runs)
}

// 2. Latency: an app's change (changed()) to the editor's treeDidChange, through the real daemon.
for count in [21, 500] {
    let daemon = try Daemon(binary: binary, history: 1000)
    let queue = DispatchQueue(label: "bench.main")
    let (root, window) = makeTree(count: count)
    let inspector = Inspector(
        root: root, screens: BenchScreens(root: window),
        configuration: .init(port: daemon.port, appName: "Bench", pollInterval: nil, queue: queue))
    daemon.waitForGeneration(1)
    var times: [Double] = []
    for index in 0..<iterations {
        let start = clock.now
        queue.async {
            change(root, index)
            inspector.changed()
        }
        daemon.waitForGeneration(index + 2)
        times.append(milliseconds(clock.now - start))
    }
    inspector.stop()
    daemon.stop()
    print(
        String(
            format: "change → treeDidChange at the editor, %d coordinators: p50 %.3f ms, p99 %.3f ms (%d changes)", count,
            percentile(times, 0.5), percentile(times, 0.99), times.count))
}

// 3. Memory: 10,000 generations of a 30-coordinator app in the daemon's history.
do {
    let generations = 10_000
    let daemon = try Daemon(binary: binary, history: generations)
    let queue = DispatchQueue(label: "bench.main")
    let (root, window) = makeTree(count: 30)
    let inspector = Inspector(
        root: root, screens: BenchScreens(root: window),
        configuration: .init(port: daemon.port, appName: "Bench", pollInterval: nil, queue: queue, queueLimit: 1 << 20))
    daemon.waitForGeneration(1)
    let before = residentKilobytes(pid: daemon.process.processIdentifier)
    for index in 0..<generations - 1 {
        queue.sync {
            change(root, index)
            inspector.snapshotNow()
        }
    }
    daemon.waitForGeneration(generations)
    let history = daemon.request("navinspect/history", ["since": .int(generations - 1)])
    let after = residentKilobytes(pid: daemon.process.processIdentifier)
    inspector.stop()
    daemon.stop()
    print(
        "history of \(generations) generations (30 coordinators, 21 containers each): daemon VmRSS \(before / 1024) MB before, "
            + "\(after / 1024) MB after, \((after - before) / 1024) MB for the history; dropped "
            + "\(history["result"]?["dropped"]?.intValue ?? -1)")
}
