import Testing

@testable import SourceIndex

/// What the word scan sees of a file: the words of its code, not of its comments or string literals.
@Suite("The word scan")
struct WordScanTests {
    private func sees(_ word: String, in text: String) -> Bool {
        WordScan(Array(text.utf8)).contains(any: [WordScan.hash(word)])
    }

    @Test("a word runs over letters, digits, underscores and bytes beyond ASCII, and stops at any other byte")
    func wordBytes() {
        let text = "let flow2_B = Café9Coordinator(step: _x1); t.a-b+c[d]{e}(f)\u{7F}g"
        for word in ["flow2_B", "Café9Coordinator", "step", "_x1", "t", "a", "b", "c", "d", "e", "f", "g"] {
            #expect(sees(word, in: text), "\(word) is a word")
        }
        for part in ["flow2", "Caf", "Café9", "x1", "9Coordinator"] {
            #expect(!sees(part, in: text), "\(part) is part of a word")
        }
        // Every byte the word loop reads agrees with the test it stands for.
        for byte in 0...255 { #expect(WordScan.wordByteTable[byte] == WordScan.isWordByte(UInt8(byte)), "byte \(byte)") }
    }

    @Test("words in line, block and nested block comments are not seen; the code around them is")
    func comments() {
        let text = """
            /// Shows the `HelpCoordinator` when asked.
            let a = First() // then SecondCoordinator
            /* TourCoordinator /* nested: LegacyCoordinator */ still a comment: OldCoordinator */ let b = Second()
            """
        for word in ["HelpCoordinator", "SecondCoordinator", "TourCoordinator", "LegacyCoordinator", "OldCoordinator"] {
            #expect(!sees(word, in: text), "\(word) is in a comment")
        }
        for word in ["First", "Second", "a", "b"] { #expect(sees(word, in: text), "\(word) is code") }
    }

    @Test("the body of a preview is not seen; its header and the code after it are")
    func previews() {
        let text = """
            struct GardenView_Previews: PreviewProvider, TestablePreview {
                static var previews: some View {
                    GardenView(coordinator: GardenCoordinatorMock(), flow: "{")
                }
            }

            #Preview("Journal", traits: .sizeThatFitsLayout) {
                JournalView(model: JournalModel(coordinator: JournalCoordinator()))
            }

            final class Shown { let flow = SettingsCoordinator() }
            """
        let scan = WordScan(Array(text.utf8))
        for word in ["GardenCoordinatorMock", "JournalCoordinator", "JournalModel", "previews"] {
            #expect(!scan.contains(any: [WordScan.hash(word)]), "\(word) is in a preview")
        }
        for word in ["GardenView_Previews", "PreviewProvider", "SettingsCoordinator", "Shown"] {
            #expect(scan.contains(any: [WordScan.hash(word)]), "\(word) is outside the previews")
        }
        #expect(scan.contains(any: [WordScan.madeHash("SettingsCoordinator")]))
    }

    @Test("which top-level types may touch screens, each by its own declaration and extensions")
    func screenTouchingTypes() {
        let text = """
            final class ShelfViewModel {
                func load() -> [String] { [] }
            }

            final class ShelfViewController: UIViewController {
                func showDetail() { navigationController?.pushViewController(DetailViewController(), animated: true) }
            }

            extension ShelfViewModel {
                func reload() {}
            }

            struct Layout {
                static func present(_ text: String) {}
            }

            final class ShelfRouter {}

            final class ShelfLoader {
                func load(_ progress: Progress) {
                    progress.addChild(fetch(), withPendingUnitCount: 1)
                }
            }

            final class ShelfContainer: UIViewController {
                func embed(_ list: UIViewController) {
                    addChild(list)
                }
            }
            """
        let scan = WordScan(Array(text.utf8))
        #expect(scan.mayTouchScreens)
        // A `Progress`'s child is no screen's.
        #expect(scan.screenTouching == ["ShelfViewController", "Layout", "ShelfRouter", "ShelfContainer"])
    }

    @Test("a // inside a string does not hide the rest of its line")
    func slashesInStrings() {
        let text = #"""
            let url = URL(string: "https://example.org/path"); let flow = HomeCoordinator()
            let quoted = "a \"quoted // part\" then" + MoreCoordinator().name
            let block = """
                // not a comment in a multi-line string
                """; let last = LastCoordinator()
            """#
        for word in ["HomeCoordinator", "MoreCoordinator", "LastCoordinator", "URL", "url"] {
            #expect(sees(word, in: text), "\(word) is code")
        }
    }

    @Test("the text of string literals is not seen, the code of their interpolations is")
    func stringText() {
        let text = #####"""
            log("[HomeCoordinator] started with \(SettingsCoordinator.self) and \(make("OldCoordinator", TabsCoordinator()))")
            let raw = #"a "RawCoordinator" \(NotInterpolatedCoordinator) \#(RawInterpolatedCoordinator())"#
            let block = """
                MultiLineCoordinator "quoted" \(BlockInterpolatedCoordinator(("nested", "LiteralCoordinator")))
                """
            let after = AfterCoordinator()
            let unclosed = "UnclosedCoordinator
            let next = NextLineCoordinator()
            """#####
        let code = [
            "log", "SettingsCoordinator", "make", "TabsCoordinator", "raw", "RawInterpolatedCoordinator",
            "BlockInterpolatedCoordinator", "AfterCoordinator", "NextLineCoordinator",
        ]
        for word in code { #expect(sees(word, in: text), "\(word) is code") }
        let strings = [
            "HomeCoordinator", "started", "OldCoordinator", "RawCoordinator", "NotInterpolatedCoordinator",
            "MultiLineCoordinator", "quoted", "LiteralCoordinator", "UnclosedCoordinator",
        ]
        for word in strings { #expect(!sees(word, in: text), "\(word) is a string's text") }
        // A log line's `[HomeCoordinator]` is no array of children.
        #expect(WordScan(Array(text.utf8)).bracketed.isEmpty)
    }

    @Test("a word followed by a call's parenthesis or a trailing closure is also seen as called; elsewhere it is not")
    func calledWords() {
        func called(_ word: String, in text: String) -> Bool {
            WordScan(Array(text.utf8)).contains(any: [WordScan.calledHash(word)])
        }
        let text = """
            let flow = assembly.destination (for: place)
            builder.home { coordinator in coordinator.start() }
            var settings: Settings
            switch place { case .profile: break }
            let label = "tabs(" + about
            """
        for word in ["destination", "home", "start"] { #expect(called(word, in: text), "\(word) is called") }
        for word in ["settings", "profile", "tabs", "about", "flow"] { #expect(!called(word, in: text), "\(word) is not called") }
        // The plain word is seen either way.
        for word in ["destination", "settings", "profile"] { #expect(sees(word, in: text)) }
    }

    @Test("a type's name is seen as made where it is called, followed by a dot, = or <, returned, in a header or a case")
    func madeNames() {
        func made(_ word: String, in text: String) -> Bool {
            WordScan(Array(text.utf8)).contains(any: [WordScan.madeHash(word)])
        }
        let text = """
            let a = Alpha(); let b = Beta.make(); let c: Gamma = .init(); let d = Delta<Int>()
            func e() -> Epsilon? { nil }
            final class Zeta: Eta {}
            extension Theta {}
            enum Route {
                case open(Iota)
            }
            weak var kappa: Kappa?
            func lambda(_ value: Lambda) {}
            """
        for word in ["Alpha", "Beta", "Gamma", "Delta", "Epsilon", "Zeta", "Eta", "Theta", "Iota"] {
            #expect(made(word, in: text), "\(word) may be made")
        }
        for word in ["Kappa", "Lambda"] { #expect(!made(word, in: text), "\(word) is only a type") }
    }

    @Test("a comment in a class's header does not hide its name or clause")
    func commentInHeader() {
        let scan = WordScan(Array("final class /* the root */ AppCoordinator: Coordinator {}".utf8))
        #expect(scan.declared == ["AppCoordinator"])
        #expect(scan.headers.first?.inherited == ["Coordinator"])
    }

    @Test("a file that names a view controller or a router may touch screens; one with neither may not")
    func screens() {
        #expect(WordScan(Array("let screen = ShelfViewController()".utf8)).mayTouchScreens)
        #expect(WordScan(Array("let router: Router".utf8)).mayTouchScreens)
        #expect(WordScan(Array("navigation.present(alert, animated: true)".utf8)).mayTouchScreens)
        #expect(!WordScan(Array("final class ShelfViewModel { let titles: [String] = [] }".utf8)).mayTouchScreens)
        // Named only in a comment: no.
        #expect(!WordScan(Array("// Shown by ShelfViewController\nfinal class ShelfViewModel {}".utf8)).mayTouchScreens)
        // A view controller made, declared or asked for one: yes; only named as a type: no.
        #expect(WordScan(Array("let screen = ShelfViewController.instantiate()".utf8)).mayTouchScreens)
        #expect(WordScan(Array("final class SheetNavigationController: UINavigationController {}".utf8)).mayTouchScreens)
        #expect(!WordScan(Array("final class Share { func send(from controller: UIViewController) {} }".utf8)).mayTouchScreens)
        #expect(
            !WordScan(
                Array("final class Sync { let downloads: DownloadController; let attachments: AttachmentsController }".utf8)
            ).mayTouchScreens)
        // Core Data's results controller drives a table's rows, not screens.
        #expect(!WordScan(Array("let rows = NSFetchedResultsController(fetchRequest: request)".utf8)).mayTouchScreens)
        #expect(!WordScan(Array("final class FeedResultsController: NSFetchedResultsController<Feed> {}".utf8)).mayTouchScreens)
    }

    @Test("types declared outside any braces are top-level; nested ones and extensions are not")
    func topLevel() {
        let scan = WordScan(
            Array(
                """
                enum Tab { case home; enum Style { case plain } }
                final class Queue {
                    enum Error: Swift.Error { case offline }
                    struct State { let text = "}" }
                    func run() { let closure = { [weak self] in self?.go() } }
                }
                struct Settings {}
                extension Queue { enum Kind {} }
                protocol Loading {}
                """.utf8))
        #expect(scan.topLevel == ["Tab", "Queue", "Settings", "Loading"])
        #expect(Set(scan.enums) == ["Tab", "Style", "Error", "Kind"])
    }
}
