import ArgumentParser
import TreeDocument

/// `navinspect example`: prints the built-in example document.
struct ExampleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "example",
        abstract: "Print the built-in example tree document (\(BuiltInExample.name), a hiking app).",
        discussion: "Save it to start a document of your own: navinspect example > tree.json"
    )

    func run() {
        print(BuiltInExample.document)
    }
}
