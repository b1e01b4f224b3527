import CoordinatorModel
import Testing

@testable import SourceIndex

@Suite("Coordinators made by a module of factories, behind a type eraser, with tests beside the code")
struct ErasedModulesTests {
    @Test(
        "a factory returning AnyCoordinator makes the class its body wraps; a typealias of module protocols is a protocol; the module is no launcher; tests are no app code"
    )
    func erasedModules() throws {
        assertExtract(
            fixture: "ErasedModules",
            convention: Convention(root: "Coordinator", childrenProperty: "", startMethod: "start"),
            expected: [
                "AppCoordinator",
                "AppCoordinator/ShelfCoordinator showShelf launch",
                "AppCoordinator/ShoppingCoordinator showShopping demand",
            ],
            // The debug menu's flow, which only the module's factory makes, and only the tests call.
            problems: 1)
        let index = SourceIndexer.index(directory: fixture("ErasedModules"))
        #expect(
            index.problems.map(\.reason) == [
                "DebugCoordinator is never created by another coordinator; it is not in the tree"
            ])
        #expect(try EvaluatorBoundsTests.screens(index) == ["ShelfViewController"])
        // Every file parsed gives the same: the tests' mocks and spies are not read as the app's.
        let everything = SourceWorkspace(directory: fixture("ErasedModules")).index(parseEverything: true)
        #expect(everything.draft.coordinators == index.draft.coordinators)
        #expect(everything.problems == index.problems)
    }

    @Test("a file importing XCTest or Swift Testing, or @testable importing a module, is a test's")
    func testCode() {
        func isTest(_ text: String) -> Bool { SwiftFiles.isTestCode(Array(text.utf8)) }
        #expect(isTest("import XCTest\n\nfinal class HomeTests: XCTestCase {}\n"))
        #expect(isTest("import UIKit\n  @testable import Pantry\n"))
        #expect(isTest("import Foundation\nimport Testing"))
        #expect(!isTest("import XCTestDynamicOverlay\nimport UIKit\n"))
        #expect(!isTest("// import XCTest\nimport UIKit\n"))
        #expect(!isTest("import UIKit\nlet note = \"import XCTest\"\n"))
        #expect(!isTest(""))
    }

    @Test("an eraser is a class named Any… made from one unlabelled coordinator")
    func eraser() {
        func facts(_ name: String, label: String?) -> TypeFacts {
            var facts = TypeFacts(name: name, kind: .class, inherited: ["Coordinator"], file: "", line: 1)
            var initializer = FunctionFacts(name: "init", file: "", line: 1)
            initializer.parameters = [ParameterFacts(label: label, name: "coordinator", type: "Wrapped")]
            facts.functions = [initializer]
            return facts
        }
        #expect(Convention.isEraser(facts("AnyCoordinator", label: nil)))
        #expect(!Convention.isEraser(facts("AnyCoordinator", label: "wrapping")))
        #expect(!Convention.isEraser(facts("AnywhereCoordinator", label: nil)))
        #expect(!Convention.isEraser(facts("HomeCoordinator", label: nil)))
    }
}
