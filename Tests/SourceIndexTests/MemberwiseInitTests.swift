import Testing

@testable import SourceIndex

@Suite("Structs made with their memberwise initializer")
struct MemberwiseInitTests {
    /// A coordinator whose start pushes its home screen on the navigation controller a struct of
    /// dependencies holds; `declaration` declares the struct, `made` is how the coordinator is given it.
    private func screens(declaration: String, made: String) throws -> [String] {
        try EvaluatorBoundsTests.screens(
            EvaluatorBoundsTests.index(
                EvaluatorBoundsTests.launch
                    + EvaluatorBoundsTests.appCoordinator(
                        start: """
                            let flow = HomeFlow(dependencies: \(made))
                            flow.start()
                            """)
                    + declaration + Self.flow))
    }

    /// A flow that pushes its home screen on the navigation controller its dependencies hold.
    private static let flow = """
        final class HomeFlow {
            private let dependencies: HomeDependencies

            init(dependencies: HomeDependencies) {
                self.dependencies = dependencies
            }

            func start() {
                dependencies.navigation.pushViewController(HomeViewController(), animated: false)
            }
        }

        """

    private static let plain = """
        struct HomeDependencies {
            let navigation: UINavigationController
            var greeting = "Hello"
        }

        """

    @Test("each argument of a struct declaring no initializer sets the stored property its label names")
    func memberwise() throws {
        #expect(try screens(declaration: Self.plain, made: "HomeDependencies(navigation: navigation)") == ["HomeViewController"])
        #expect(
            try screens(declaration: Self.plain, made: "HomeDependencies(navigation: navigation, greeting: \"Hi\")")
                == ["HomeViewController"])
    }

    @Test("`.init(…)` of the parameter's struct is its memberwise initializer too")
    func implicitMember() throws {
        #expect(try screens(declaration: Self.plain, made: ".init(navigation: navigation)") == ["HomeViewController"])
    }

    @Test("a struct's own initializer runs instead; labels that name no stored property set nothing")
    func ownInitializer() throws {
        // Its initializer keeps a fresh navigation controller, not the one given: nothing of the
        // window's shows the home screen.
        let own = """
            struct HomeDependencies {
                let navigation: UINavigationController

                init(navigation: UINavigationController) {
                    self.navigation = UINavigationController()
                }
            }

            """
        #expect(try screens(declaration: own, made: "HomeDependencies(navigation: navigation)") == [])
        // `controller:` is no stored property's name: no memberwise initializer takes it.
        #expect(try screens(declaration: Self.plain, made: "HomeDependencies(controller: navigation)") == [])
    }

    @Test("a class gets no memberwise initializer")
    func classHasNone() throws {
        let declared = """
            final class HomeDependencies {
                var navigation: UINavigationController?
            }

            """
        #expect(try screens(declaration: declared, made: "HomeDependencies(navigation: navigation)") == [])
    }
}
