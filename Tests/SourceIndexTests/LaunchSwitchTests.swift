import Testing

@testable import SourceIndex

/// A `switch` on a value the launch knows runs the case that names it; `default` runs only for a
/// value no case names.
@Suite("Switch statements at launch")
struct LaunchSwitchTests {
    /// A coordinator whose first screen depends on its stored `stage`, set to `stage`.
    private func screens(stage: String) throws -> [String] {
        try EvaluatorBoundsTests.screens(
            EvaluatorBoundsTests.index(
                EvaluatorBoundsTests.launch
                    + EvaluatorBoundsTests.appCoordinator(
                        properties: "private let stage = Stage.\(stage)",
                        start: """
                            switch stage {
                            case .welcome, .tour:
                                navigation.setViewControllers([WelcomeViewController()], animated: false)
                            case .signIn:
                                navigation.setViewControllers([SignInViewController()], animated: false)
                            default:
                                navigation.setViewControllers([HomeViewController()], animated: false)
                            }
                            """) + "enum Stage { case welcome, tour, signIn, home, settings }\n"))
    }

    @Test(
        "the case naming the value runs; the default runs only for a value no case names",
        arguments: [
            ("welcome", "WelcomeViewController"), ("tour", "WelcomeViewController"), ("signIn", "SignInViewController"),
            ("home", "HomeViewController"), ("settings", "HomeViewController"),
        ])
    func chosenCase(stage: String, screen: String) throws {
        #expect(try screens(stage: stage) == [screen])
    }
}
