import NavinspectRuntime

/// The Trailhead demo app and the session it plays: launch, switch tabs, open a trail's detail
/// flow and a similar trail, go back (the by-type removal takes both details), log out and back in.
public final class TrailheadApp {
    public let window = Window()
    public let appCoordinator: AppCoordinator

    public init() {
        appCoordinator = AppCoordinator(window: window, isLoggedIn: true)
    }

    /// The screens, for the runtime.
    public var screens: FakeScreens { FakeScreens(window: window) }

    /// One step of the scripted session.
    public struct Step: Sendable {
        public let name: String
        public let run: @Sendable (TrailheadApp) -> Void
    }

    /// The session, step by step; each step is one change the app's user would see.
    public static let session: [Step] = [
        Step(name: "launch") { $0.appCoordinator.start() },
        Step(name: "switch to the Map tab") { $0.tabs?.select(.map) },
        Step(name: "back to the Trails tab") { $0.tabs?.select(.trails) },
        Step(name: "open Eagle Peak's detail flow") { $0.trails?.showTrail("Eagle Peak") },
        Step(name: "open a similar trail, Lost Lake") { $0.trails?.showTrail("Lost Lake") },
        Step(name: "go back: Lost Lake's flow finishes, and the by-type removal takes Eagle Peak's too") {
            $0.trails?.navigationController.pop()
        },
        Step(name: "log out") { $0.tabs?.finish() },
        Step(name: "log back in") { app in
            (app.appCoordinator.findCoordinator(type: .login))?.finish()
        },
    ]

    var tabs: MainTabCoordinator? { appCoordinator.findCoordinator(type: .tabBar) as? MainTabCoordinator }
    var trails: TrailsCoordinator? { appCoordinator.findCoordinator(type: .trails) as? TrailsCoordinator }
}
