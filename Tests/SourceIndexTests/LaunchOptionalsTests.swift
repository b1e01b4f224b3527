import Testing

@testable import SourceIndex

@Suite("Stored optionals at launch")
struct LaunchOptionalsTests {
    /// A coordinator that shows a home screen, then a dashboard when `session`, declared `declaration`, is set.
    private func screens(session declaration: String) throws -> [String] {
        try EvaluatorBoundsTests.screens(
            EvaluatorBoundsTests.index(
                EvaluatorBoundsTests.launch
                    + EvaluatorBoundsTests.appCoordinator(
                        properties: declaration,
                        start: """
                            navigation.setViewControllers([HomeViewController()], animated: false)
                            if let session = session {
                                navigation.pushViewController(DashboardViewController(), animated: false)
                            }
                            """) + "final class Session {}\n"))
    }

    @Test("an optional the class leaves unset is nil at launch: its if let does not run")
    func plainOptional() throws {
        #expect(try screens(session: "private var session: Session?") == ["HomeViewController"])
    }

    @Test("an optional a property wrapper or an outlet fills is not known: its if let runs")
    func filledElsewhere() throws {
        #expect(
            try screens(session: "@Injected private var session: Session?") == ["HomeViewController", "DashboardViewController"])
        #expect(
            try screens(session: "@IBOutlet private weak var session: Session?")
                == ["HomeViewController", "DashboardViewController"])
        // `@objc` says how it is declared, not what fills it.
        #expect(try screens(session: "@objc private var session: Session?") == ["HomeViewController"])
    }
}
