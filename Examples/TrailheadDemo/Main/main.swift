// The Trailhead demo: plays its scripted session and streams it to a navinspect daemon.
//   trailhead-demo [--port PORT] [--delay MILLISECONDS]
import Foundation
import NavinspectRuntime
import TrailheadDemo

var port = Navinspect.defaultPort
var delay = 600
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--port": port = arguments.next().flatMap(UInt16.init) ?? port
    case "--delay": delay = arguments.next().flatMap(Int.init) ?? delay
    default:
        FileHandle.standardError.write(Data("usage: trailhead-demo [--port PORT] [--delay MILLISECONDS]\n".utf8))
        exit(2)
    }
}

let app = TrailheadApp()
let inspector = Navinspect.connect(
    root: app.appCoordinator, screens: app.screens,
    configuration: .init(port: port, appName: "Trailhead", pollInterval: 0.25))

@MainActor func play(_ index: Int) {
    guard index < TrailheadApp.session.count else {
        // Let the last snapshot reach the daemon before the app quits.
        DispatchQueue.global().async {
            inspector.flush(timeout: 2)
            exit(0)
        }
        return
    }
    let step = TrailheadApp.session[index]
    print("trailhead-demo: \(step.name)")
    step.run(app)
    Navinspect.changed()
    DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(delay)) { MainActor.assumeIsolated { play(index + 1) } }
}

// Give the connection a moment, as an app's launch would.
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(200)) { MainActor.assumeIsolated { play(0) } }
dispatchMain()
