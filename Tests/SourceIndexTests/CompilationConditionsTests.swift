import Foundation
import SwiftParser
import SwiftSyntax
import Testing

@testable import SourceIndex

@Suite("Compilation conditions: what the app's project files define, and the #if clauses that count")
struct CompilationConditionsTests {
    static let projectTexts = [
        """
        SWIFT_ACTIVE_COMPILATION_CONDITIONS = "DEBUG MAIN_APP";
        SWIFT_ACTIVE_COMPILATION_CONDITIONS = (
            "$(inherited)",
            BETA,
        );
        OTHER_SWIFT_FLAGS = "$(inherited) -DLEGACY -D STAGING -Xfrontend -warn-long-expression-type-checking=200";
        PRODUCT_NAME = Harbor;
        """,
        "SWIFT_ACTIVE_COMPILATION_CONDITIONS[config=Debug][sdk=iphonesimulator*] = $(inherited) LOCAL_SERVER\n",
        """
        .target(name: "Docks", swiftSettings: [.define("PACKAGED"), .define("TRACING", .when(configuration: .debug))])
        """,
        "settings:\n  base:\n    SWIFT_ACTIVE_COMPILATION_CONDITIONS: FROM_YAML\n",
        #"settings: .settings(base: ["SWIFT_ACTIVE_COMPILATION_CONDITIONS": "FROM_TUIST"])"#,
    ]

    @Test("conditions in Xcode projects, build configuration files, packages, XcodeGen and Tuist")
    func definedNames() {
        let conditions = CompilationConditions(projectFiles: Self.projectTexts.map { Array($0.utf8) })
        #expect(
            conditions.defined == [
                "DEBUG", "MAIN_APP", "BETA", "LEGACY", "STAGING", "LOCAL_SERVER", "PACKAGED", "TRACING", "FROM_YAML",
                "FROM_TUIST",
            ])
    }

    @Test("a list naming another setting defines what the project files give that setting, through more settings")
    func settingsReferred() {
        let texts = [
            "#include \"./Base-Debug.xcconfig\"\nSWIFT_ACTIVE_COMPILATION_CONDITIONS = $(inherited) PREVIEWS $(APP_FLAGS)\n",
            "APP_FLAGS = DEBUG_MENU $(EXTRA_FLAGS)\n",
            "APP_FLAGS = \n",
            "EXTRA_FLAGS = SANDBOX\nMY_APP_FLAGS = NOT_READ\nAPP_FLAGS_OLD = NOR_THIS\n",
        ]
        let conditions = CompilationConditions(projectFiles: texts.map { Array($0.utf8) })
        #expect(conditions.defined == ["PREVIEWS", "DEBUG_MENU", "SANDBOX"])
        // Without the configuration file that gives the setting its names, they are not defined.
        #expect(CompilationConditions(projectFiles: [Array(texts[0].utf8)]).defined == ["PREVIEWS"])
    }

    @Test("flags naming another setting define the -D flags the project files give it, through more settings")
    func flagSettingsReferred() {
        let texts = [
            // A project file's list, one flag a line, and a configuration file's line.
            "OTHER_SWIFT_FLAGS = (\n\t\"$(inherited)\",\n\t\"-DLOCAL_SERVER\",\n\t\"$(APP_SWIFT_FLAGS)\",\n);\n",
            "APP_SWIFT_FLAGS = -DBETA_MENU -D STAGING ${SHARED_SWIFT_FLAGS}\n",
            "SHARED_SWIFT_FLAGS = -DANALYTICS_OFF\nSWIFT_ACTIVE_COMPILATION_CONDITIONS = $(SHARED_SWIFT_FLAGS_LIST)\n",
            // Named from a list of conditions: its value is conditions, not flags.
            "SHARED_SWIFT_FLAGS_LIST = QA\n",
        ]
        let conditions = CompilationConditions(projectFiles: texts.map { Array($0.utf8) })
        #expect(conditions.defined == ["LOCAL_SERVER", "BETA_MENU", "STAGING", "ANALYTICS_OFF", "QA"])
    }

    @Test("settings that name each other, among flags and conditions, are each read once")
    func settingsInACycle() {
        let texts = [
            "OTHER_SWIFT_FLAGS = $(inherited) $(LOOP_A)\nSWIFT_ACTIVE_COMPILATION_CONDITIONS = $(LOOP_B)\n",
            "LOOP_A = -DALPHA $(LOOP_B)\nLOOP_B = BETA $(LOOP_A)\n",
        ]
        let conditions = CompilationConditions(projectFiles: texts.map { Array($0.utf8) })
        // LOOP_B read as flags defines nothing (`BETA` is no flag); read as conditions, `BETA`.
        // LOOP_A read as conditions gives `DALPHA`, a word of its value, which no code tests.
        #expect(conditions.defined == ["ALPHA", "BETA", "DALPHA"])
    }

    @Test("the files that may define them, by name and place")
    func projectFiles() {
        for path in [
            "Harbor.xcodeproj/project.pbxproj", "Config/Debug.xcconfig", "Package.swift", "Packages/Docks/Package.swift",
            "project.yml", "Project.swift", "Tuist/ProjectDescriptionHelpers/Settings.swift",
        ] {
            #expect(SwiftFiles.isProjectFile(path), "\(path)")
        }
        for path in ["project.pbxproj", "Sources/Project.pbxproj.swift", "App/Settings.swift", "project.json"] {
            #expect(!SwiftFiles.isProjectFile(path), "\(path)")
        }
    }

    /// The condition of the first `#if` in `source`.
    static func condition(_ text: String) -> ExprSyntax {
        let file = Parser.parse(source: "#if \(text)\nlet x = 1\n#endif\n")
        return file.statements.first!.item.as(IfConfigDeclSyntax.self)!.clauses.first!.condition!
    }

    @Test("a condition no project file defines is false; a defined one, a platform's and a tool's are not known")
    func values() {
        let conditions = CompilationConditions(defined: ["DEBUG", "MAIN_APP"])
        let expected: [(String, Bool?)] = [
            ("SNAPSHOTS", false), ("DEBUG", nil), ("!SNAPSHOTS", true), ("!DEBUG", nil), ("DEBUG && SNAPSHOTS", false),
            ("DEBUG || SNAPSHOTS", nil), ("SNAPSHOTS || !UITESTS", true), ("(SNAPSHOTS)", false), ("true", true),
            ("os(iOS)", nil), ("canImport(UIKit) && SNAPSHOTS", false), ("MAIN_APP || SNAPSHOTS && DEBUG", nil),
            ("SNAPSHOTS && DEBUG || UITESTS", false), ("SWIFT_PACKAGE", nil), ("COCOAPODS", nil),
        ]
        for (text, value) in expected {
            #expect(conditions.value(of: Self.condition(text)) == value, "\(text)")
            #expect(CompilationConditions.unknown.value(of: Self.condition(text)) == nil, "\(text), nothing known")
        }
    }

    @Test("the clauses that count: those not false, up to one certainly taken; #else unless one before is")
    func countedClauses() throws {
        let conditions = CompilationConditions(defined: ["DEBUG"])
        func counted(_ source: String) throws -> [String]? {
            let block = try #require(Parser.parse(source: source).statements.first?.item.as(IfConfigDeclSyntax.self))
            return conditions.countedClauses(of: block)?.map { $0.condition?.trimmedDescription ?? "else" }
        }
        #expect(try counted("#if SNAPSHOTS\na()\n#elseif DEBUG\nb()\n#else\nc()\n#endif") == ["DEBUG", "else"])
        #expect(try counted("#if !SNAPSHOTS\na()\n#else\nb()\n#endif") == ["!SNAPSHOTS"])
        #expect(try counted("#if SNAPSHOTS\na()\n#endif") == [])
        #expect(try counted("#if DEBUG\na()\n#else\nb()\n#endif") == nil, "every clause counts")
        #expect(try counted("#if os(iOS)\na()\n#elseif SNAPSHOTS\nb()\n#endif") == ["os(iOS)"])
    }

    @Test("a summary leaves out the types, members and statements under a clause that does not count")
    func summaryLeavesOut() {
        let source = """
            #if SNAPSHOTS
            final class ScreenshotCoordinator: Coordinator {}
            #endif
            final class AppCoordinator: Coordinator {
                #if SNAPSHOTS
                func showMockData() { MockCoordinator().start() }
                #endif
                func start() {
                    #if !SNAPSHOTS
                    LiveCoordinator().start()
                    #else
                    MockCoordinator().start()
                    #endif
                    #if DEBUG
                    DebugCoordinator().start()
                    #endif
                }
            }
            """
        func summary(_ conditions: CompilationConditions) -> (types: [String], functions: [String], calls: [String]) {
            let types = FileSummarizer.summarize(Parser.parse(source: source), path: "App.swift", conditions: conditions)
            let app = types.first { $0.name == "AppCoordinator" }
            return (
                types.map(\.name), app?.functions.map(\.name) ?? [],
                app?.functions.flatMap { $0.calls.map(\.name) }.filter { $0 != "start" } ?? []
            )
        }
        let known = summary(CompilationConditions(defined: ["DEBUG"]))
        #expect(known.types == ["AppCoordinator"])
        #expect(known.functions == ["start"])
        #expect(known.calls == ["LiveCoordinator", "DebugCoordinator"])
        // With no project file, every clause counts, as before conditions were read.
        let unknown = summary(.unknown)
        #expect(unknown.types == ["ScreenshotCoordinator", "AppCoordinator"])
        #expect(unknown.functions == ["showMockData", "start"])
        #expect(unknown.calls == ["MockCoordinator", "LiveCoordinator", "MockCoordinator", "DebugCoordinator"])
    }

    @Test("an app whose screenshot build swaps its root: the project's conditions keep the app's own")
    func screenshotRoot() {
        assertExtract(
            fixture: "BuildFlags",
            convention: Convention(root: "Coordinator", childrenProperty: "childCoordinators", startMethod: "start"),
            expected: [
                "HarborCoordinator",
                "HarborCoordinator/CrewCoordinator showCrew demand",
                "HarborCoordinator/DebugMenuCoordinator showDebugMenu demand",
            ])
    }

    @Test("a project file that changes, comes or goes makes the summaries again")
    func projectFileChanges() throws {
        let folder = try copy(of: "BuildFlags")
        defer { try? FileManager.default.removeItem(at: folder) }
        let workspace = SourceWorkspace(directory: folder.path)
        func classes() -> Set<String> { Set(workspace.index().draft.coordinators.map(\.className)) }
        #expect(!classes().contains("ScreenshotHarborCoordinator"))
        let project = folder.appendingPathComponent("Harbor.xcodeproj/project.pbxproj")
        let text = try String(contentsOf: project, encoding: .utf8)
        try text.replacingOccurrences(of: "DEBUG,", with: "DEBUG,\n\t\t\t\t\tSCREENSHOTS,").write(
            to: project, atomically: false, encoding: .utf8)
        #expect(classes().contains("ScreenshotHarborCoordinator"), "SCREENSHOTS is defined now")
        try text.write(to: project, atomically: false, encoding: .utf8)
        #expect(!classes().contains("ScreenshotHarborCoordinator"), "and no longer")
        try FileManager.default.removeItem(at: project.deletingLastPathComponent())
        #expect(classes().contains("ScreenshotHarborCoordinator"), "no project file: every clause counts")
    }
}

@Suite("Creations in protocol extensions constrained to conformers")
struct ConstrainedExtensionTests {
    @Test(
        "a behavior protocol's default (extension Coordinator where Self: AccountEditing) is each adopter's, called by its screens; an unconstrained one only where called"
    )
    func behaviors() {
        assertExtract(
            fixture: "Behaviors",
            convention: Convention(root: "Coordinator", childrenProperty: "childCoordinators", startMethod: "start"),
            expected: [
                "ArchiveCoordinator",
                "ArchiveCoordinator/ArchiveSettingsCoordinator showSettings demand",
                "ArchiveCoordinator/ArchiveSettingsCoordinator/BucketCredentialCoordinator showEdit demand",
                "ArchiveCoordinator/VaultCoordinator showVault demand",
            ],
            problems: 1)
    }

    @Test("the conformances a where clause requires of Self are kept on the extension's methods")
    func constraintsRead() {
        let source = """
            extension Coordinator where Self: AccountEditing & Presenting, Self.Route == Int {
                func showEdit() {}
            }
            extension Coordinator where Route: Hashable {
                func showOther() {}
            }
            extension Coordinator {
                func showHelp() {}
            }
            """
        let types = FileSummarizer.summarize(Parser.parse(source: source), path: "Behaviors.swift")
        #expect(types.flatMap(\.functions).map(\.constraints) == [["AccountEditing", "Presenting"], [], []])
    }
}

@Suite("A class named as a coordinator that adopts nothing, and children made into typed stored properties")
struct NamedMemberTests {
    @Test(
        "a MainCoordinator adopting nothing joins when it makes the family's classes; a service named as a coordinator does not; self.player = .init(…) makes the property's type"
    )
    func namedMain() {
        assertExtract(
            fixture: "NamedMain",
            convention: Convention(root: "Coordinator", childrenProperty: "", startMethod: "start"),
            expected: [
                "LoadingCoordinator",
                "LoadingCoordinator/MainCoordinator finishLoading demand",
                "LoadingCoordinator/MainCoordinator/PlayerCoordinator init launch",
                "LoadingCoordinator/MainCoordinator/ImportCoordinator showImport demand",
            ])
    }

    @Test("the concrete class a stored property's written type names")
    func concreteTypes() {
        let expected: [(String, String?)] = [
            ("PlayerCoordinator", "PlayerCoordinator"), ("PlayerCoordinator?", "PlayerCoordinator"),
            ("Flows.PlayerCoordinator!", "PlayerCoordinator"), ("PlayerCoordinator<Route>", "PlayerCoordinator"),
            ("[PlayerCoordinator]", nil), ("(PlayerCoordinator)->Void", nil), ("anyCoordinator", nil), ("", nil),
        ]
        for (text, type) in expected { #expect(FileSummarizer.concreteType(text) == type, "\(text)") }
    }
}
