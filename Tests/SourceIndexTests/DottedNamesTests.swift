import Testing

@testable import SourceIndex

@Suite("Dotted paths read name by name")
struct DottedNamesTests {
    @Test(
        "names come as split(separator:) gives them: empty ones left out, an empty path has none",
        arguments: [
            "", "home", "self.router", ".home", "self..window", "a.b.c.", "...", "tabs.first.navigationController",
            "self?.window", "ünïcödé.name",
        ])
    func sameAsSplit(path: String) {
        var names = DottedNames(path)
        var read: [String] = []
        while let name = names.next() { read.append(name) }
        #expect(read == path.split(separator: ".").map(String.init))
    }

    @Test("peek shows the next name without reading it")
    func peek() {
        var names = DottedNames("self.router.root")
        #expect(names.peek() == "self")
        #expect(names.next() == "self")
        #expect(names.peek() == "router")
        #expect(names.next() == "router")
        #expect(names.next() == "root")
        #expect(names.peek() == nil)
        #expect(names.next() == nil)
    }
}
