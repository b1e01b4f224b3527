import Testing

@testable import SourceIndex

@Suite("A member read off what a call returns")
struct CallReceiverTests {
    /// The screens at launch when the app coordinator's start runs `start`, beside a holder of the
    /// navigation controller it is given.
    private func screens(start: String) throws -> [String] {
        try EvaluatorBoundsTests.screensAtLaunch(start: start, declarations: Self.holder)
    }

    private static let holder = """
        final class StackHolder {
            let stack: UINavigationController

            init(stack: UINavigationController) {
                self.stack = stack
            }

            func kept() -> StackHolder { self }
        }

        """

    @Test("a property of the object one call makes is that object's property")
    func propertyOfOneCall() throws {
        // `StackHolder(…)` is the only call written where the path starts: the property is read off its value.
        let start = """
            let stack = StackHolder(stack: navigation).stack
            stack.pushViewController(HomeViewController(), animated: false)
            """
        #expect(try screens(start: start) == ["HomeViewController"])
    }

    @Test("a property at the end of a chain of calls is read off the last call's value")
    func propertyOfChain() throws {
        let start = """
            let stack = StackHolder(stack: navigation).kept().stack
            stack.pushViewController(HomeViewController(), animated: false)
            """
        #expect(try screens(start: start) == ["HomeViewController"])
    }

    @Test("a property of a holder made with another navigation controller shows nothing in the window's")
    func otherStack() throws {
        let start = """
            let stack = StackHolder(stack: UINavigationController()).stack
            stack.pushViewController(HomeViewController(), animated: false)
            """
        #expect(try screens(start: start) == [])
    }
}
