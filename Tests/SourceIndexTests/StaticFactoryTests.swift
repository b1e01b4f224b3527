import Foundation
import Testing

@testable import SourceIndex

/// A coordinator given a value that a static factory of a protocol's extension makes
/// (`.stacked(on: navigation)`, Swift's static member lookup): the struct it makes drives the screens.
@Suite("A value made by a factory of a protocol's extension")
struct StaticFactoryTests {
    @Test("`.stacked(on:)` makes the struct whose method pushes the first screen, and the index reads its file for it")
    func factoryMadePresentation() throws {
        let index = SourceWorkspace(directory: fixture("PresentedFlows")).index()
        let tree = try index.tree().get()
        let stack = tree.currentStack()
        #expect(stack.viewControllers.map(\.className) == ["WelcomeViewController"])
        #expect(stack.viewControllers.first?.owner.map { tree[$0].id } == "WelcomeCoordinator")
        #expect(index.draft.window == "SceneDelegate.rootNavigation")
        let everything = SourceWorkspace(directory: fixture("PresentedFlows")).index(parseEverything: true)
        #expect(rendered(index) == rendered(everything))
        // The conformers whose code touches screens are read; the one that shows nothing is not.
        #expect(index.parsedFileCount == 5)
    }

    @Test("after the factory is renamed, called by its new name, then declared by two types, a re-index equals a fresh one")
    func editsIndexLikeFresh() throws {
        let folder = try copy(of: "PresentedFlows")
        defer { try? FileManager.default.removeItem(at: folder) }
        let stacked = folder.appendingPathComponent("Presentation/StackedPresentation.swift")
        let sheet = folder.appendingPathComponent("Presentation/SheetPresentation.swift")
        let scene = folder.appendingPathComponent("App/SceneDelegate.swift")
        func replacing(_ text: String, with other: String, in file: URL) throws -> String {
            try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: text, with: other)
        }
        let workspace = SourceWorkspace(directory: folder.path)
        _ = workspace.index()
        let edits: [(file: URL, text: String, screens: [String])] = [
            // The call names a factory no type declares any more: nothing is pushed.
            (stacked, try replacing("func stacked(on", with: "func pushed(on", in: stacked), []),
            (scene, try replacing(".stacked(on:", with: ".pushed(on:", in: scene), ["WelcomeViewController"]),
            // Two types declare it with those labels: which one runs is not known.
            (
                sheet,
                try replacing(
                    "func sheet(over presenter: UIViewController)", with: "func pushed(on presenter: UIViewController)", in: sheet
                ),
                []
            ),
        ]
        for edit in edits {
            try edit.text.write(to: edit.file, atomically: true, encoding: .utf8)
            let again = workspace.index()
            let fresh = SourceWorkspace(directory: folder.path).index()
            #expect(rendered(again) == rendered(fresh))
            #expect(try again.tree().get().currentStack().viewControllers.map(\.className) == edit.screens)
        }
    }

    @Test(
        "a function returning `Self` where `Self == T` returns a T, and its `return .init(…)` makes one; `Self` alone stays itself"
    )
    func selfResult() {
        let summary = SourceWorkspace.summarize(
            """
            extension Presentation {
                static func stacked(on navigation: UINavigationController) -> Self where Self == StackedPresentation {
                    .init(navigation: navigation)
                }
                static func sheet(over presenter: UIViewController) -> Self where Self == SheetPresentation {
                    return .init(presenter: presenter)
                }
                static func plain() -> Self { fatalError() }
                func copy() -> Self where Self: AnyObject { self }
            }
            """, path: "Presentation+Factories.swift")
        let functions = summary.types.flatMap(\.functions)
        #expect(functions.first { $0.name == "stacked" }?.returnType == "StackedPresentation")
        // `return .init(…)` there makes that type, as the summary reads the call.
        #expect(functions.first { $0.name == "sheet" }?.calls.first { $0.name == "init" }?.base == "SheetPresentation")
        #expect(functions.first { $0.name == "plain" }?.returnType == "Self")
        #expect(functions.first { $0.name == "copy" }?.returnType == "Self")
    }
}
