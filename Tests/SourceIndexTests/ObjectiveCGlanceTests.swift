import CoordinatorModel
import Foundation
import Testing

@testable import SourceIndex

@Suite("Objective-C files read only where they can bear on coordinators")
struct ObjectiveCGlanceTests {
    /// ProtocolStyle with an Objective-C folder: a screen factory the launch calls, a view
    /// controller that makes a coordinator whose name has no role in it, and screens that bear
    /// on nothing.
    private func mixedGreenhouse() throws -> URL {
        let folder = try copy(of: "ProtocolStyle")
        let legacy = folder.appendingPathComponent("Greenhouse/Legacy")
        try FileManager.default.createDirectory(at: legacy, withIntermediateDirectories: true)
        let tabs = folder.appendingPathComponent("Greenhouse/Coordinators/Tabs.swift")
        let text = try String(contentsOf: tabs, encoding: .utf8)
        try Data(
            text.replacingOccurrences(
                of: "pushViewController(PlantListViewController(), animated: false)",
                with: "pushViewController(LegacyScreens.plantList(), animated: false)\n        SoilFormatter.reset()"
            ).utf8
        ).write(to: tabs)
        let files = [
            "Legacy/LegacyScreens.m": """
            #import "LegacyScreens.h"

            @implementation LegacyScreens

            + (ShelfViewController *)plantList {
                return [[ShelfViewController alloc] init];
            }

            @end
            """,
            // A class the launch uses whose file makes and drives no screen: not read.
            "Legacy/SoilFormatter.m": """
            #import "SoilFormatter.h"

            @implementation SoilFormatter

            + (void)reset {
                [[NSUserDefaults standardUserDefaults] removeObjectForKey:@"soil"];
            }

            @end
            """,
            // The screen the launch shows: known by its name, as a Swift one is, its file not read.
            "Legacy/ShelfViewController.m": """
            #import "ShelfViewController.h"

            @implementation ShelfViewController

            - (void)viewDidLoad {
                [super viewDidLoad];
                self.title = @"Shelf";
            }

            @end
            """,
            "Legacy/PierViewController.m": """
            #import "PierViewController.h"

            @implementation PierViewController

            - (void)tideTapped {
                TideWatch *watch = [[TideWatch alloc] init:self.navigationController];
                [watch start];
            }

            @end
            """,
            "Coordinators/TideWatch.swift": """
            import UIKit

            @objc final class TideWatch: NSObject, Coordinator {
                weak var finishDelegate: CoordinatorFinishDelegate?
                var navigationController: UINavigationController
                var childCoordinators: [Coordinator] = []
                var type: CoordinatorType { .garden }

                @objc init(_ navigationController: UINavigationController) {
                    self.navigationController = navigationController
                }

                @objc func start() {}
            }
            """,
        ]
        for (path, text) in files {
            try Data(text.utf8).write(to: folder.appendingPathComponent("Greenhouse/" + path))
        }
        for number in 1...4 {
            try Data(
                "@implementation Soil\(number)ViewController\n- (void)viewDidLoad {\n    self.title = @\"Soil\";\n}\n@end\n".utf8
            ).write(to: legacy.appendingPathComponent("Soil\(number).m"))
        }
        return folder
    }

    @Test(
        "a file naming no coordinator is not read, unless it implements what the launch calls (a screen aside) or makes a coordinator named without a role; the result is reading everything's"
    )
    func readWhereTheyBear() throws {
        let folder = try mixedGreenhouse()
        defer { try? FileManager.default.removeItem(at: folder) }
        let index = SourceWorkspace(directory: folder.path).index()
        let everything = SourceWorkspace(directory: folder.path).index(parseEverything: true)
        #expect(index.objectiveCFileCount == 8)
        #expect(index.objectiveCReadCount == 2)
        #expect(everything.objectiveCReadCount == 8)
        // The screen the launch gets from Objective-C is on screen.
        let stack = try CoordinatorTree(validating: index.draft).currentStack().viewControllers.map(\.className)
        #expect(stack == ["UITabBarController", "ShelfViewController"])
        // The coordinator Objective-C makes is said to be made there.
        #expect(
            index.problems.map(\.reason).contains(
                "TideWatch is created only by PierViewController (Greenhouse/Legacy/PierViewController.m:6), which no coordinator in the tree creates; it is not in the tree"
            ))
        #expect(rendered(index) == rendered(everything))
        #expect(index.problems == everything.problems)
        #expect(stack == (try CoordinatorTree(validating: everything.draft).currentStack().viewControllers.map(\.className)))
    }

    /// The text of `Soil<number>.m` once its screen makes the plant detail coordinator.
    private func repotting(_ number: Int) -> Data {
        Data(
            """
            @implementation Soil\(number)ViewController
            - (void)repot {
                PlantDetailCoordinator *detail = [[PlantDetailCoordinator alloc] init:self.navigationController];
                [detail start];
            }
            @end
            """.utf8)
    }

    @Test("a file that starts to name a coordinator, or stops, is read or left at the next index")
    func glanceFollowsEdits() throws {
        let folder = try mixedGreenhouse()
        defer { try? FileManager.default.removeItem(at: folder) }
        let workspace = SourceWorkspace(directory: folder.path)
        #expect(workspace.index().objectiveCReadCount == 2)
        let soil = folder.appendingPathComponent("Greenhouse/Legacy/Soil1.m")
        try repotting(1).write(to: soil)
        let named = workspace.index()
        #expect(named.objectiveCReadCount == 3)
        #expect(rendered(named) == rendered(SourceWorkspace(directory: folder.path).index(parseEverything: true)))
        #expect(named.problems == SourceWorkspace(directory: folder.path).index(parseEverything: true).problems)
        try Data("@implementation Soil1ViewController\n@end\n".utf8).write(to: soil)
        #expect(workspace.index().objectiveCReadCount == 2)
    }

    @Test(
        "the listing stats the Objective-C files; under the folder's watch an index stats only the files edited, and reads the Objective-C files the launch needs now"
    )
    func watchedObjectiveC() throws {
        let folder = try mixedGreenhouse()
        defer { try? FileManager.default.removeItem(at: folder) }
        let workspace = SourceWorkspace(directory: folder.path)
        // Seven Swift files and eight Objective-C files, listed twice: the second time under a watch.
        #expect(workspace.index().work.filesStatted == 15)
        #expect(workspace.index().work.filesStatted == 15)

        // A Swift edit that leaves the launch's needs as they were: the same files read.
        let tabs = folder.appendingPathComponent("Greenhouse/Coordinators/Tabs.swift")
        let text = try String(contentsOf: tabs, encoding: .utf8)
        try (text + "\n// watered\n").write(to: tabs, atomically: true, encoding: .utf8)
        let noted = workspace.index()
        #expect(noted.work.filesStatted == 1)
        #expect(noted.objectiveCReadCount == 2)

        // The launch no longer calls the Objective-C screen factory: its file is not read.
        try text.replacingOccurrences(of: "LegacyScreens.plantList()", with: "PlantListViewController()").write(
            to: tabs, atomically: true, encoding: .utf8)
        let native = workspace.index()
        #expect(native.work.filesStatted == 1)
        #expect(native.objectiveCReadCount == 1)
        #expect(rendered(native) == rendered(SourceWorkspace(directory: folder.path).index(parseEverything: true)))

        // An Objective-C file that starts to make a coordinator is stat'ed through the watch, and read.
        try repotting(2).write(to: folder.appendingPathComponent("Greenhouse/Legacy/Soil2.m"))
        let repotted = workspace.index()
        #expect(repotted.work.filesStatted == 1)
        #expect(repotted.objectiveCReadCount == 2)
        #expect(rendered(repotted) == rendered(SourceWorkspace(directory: folder.path).index(parseEverything: true)))
        #expect(repotted.problems == SourceWorkspace(directory: folder.path).index(parseEverything: true).problems)
    }

    @Test(
        "files the listing gives with the stamps they were looked at with are not looked at again, and read for the same names give what the last read gave"
    )
    func unchangedFilesKept() throws {
        let folder = try mixedGreenhouse()
        defer { try? FileManager.default.removeItem(at: folder) }
        let workspace = SourceWorkspace(directory: folder.path)
        let listed = SwiftFiles.list(under: folder.path).objectiveCFiles
        let looked = workspace.lookAtObjectiveC(listed, everything: false)
        #expect(looked.allSatisfy { !$0.implementsRole })

        // What the launch references decides what is read; asked again for the same names, the
        // last answer stands, whatever files are given; for other names the files are read anew.
        let factories = workspace.objectiveCRead(looked, everything: false, referenced: ["LegacyScreens"], names: [])
        #expect(factories.map(\.summary.path) == ["Greenhouse/Legacy/LegacyScreens.m"])
        #expect(workspace.objectiveCRead([], everything: false, referenced: ["LegacyScreens"], names: []).count == 1)
        #expect(workspace.objectiveCRead([], everything: false, referenced: ["SoilFormatter"], names: []).isEmpty)

        // A file written again: given with the stamp it had, it is not looked at; with its new one, it is.
        let soil = folder.appendingPathComponent("Greenhouse/Legacy/Soil3.m")
        try Data("@implementation Soil3Coordinator\n@end\n".utf8).write(to: soil)
        #expect(workspace.lookAtObjectiveC(listed, everything: false).allSatisfy { !$0.implementsRole })
        let relisted = SwiftFiles.list(under: folder.path).objectiveCFiles
        #expect(relisted.map(\.path) == listed.map(\.path))
        let again = workspace.lookAtObjectiveC(relisted, everything: false)
        #expect(again.filter(\.implementsRole).map(\.path) == ["Greenhouse/Legacy/Soil3.m"])
    }

    @Test(
        "a file that names an Objective-C coordinator is read; a role part inside another word is no reason to read one; the result is reading everything's"
    )
    func objectiveCCoordinatorsAndTheirMakers() throws {
        let folder = try mixedGreenhouse()
        defer { try? FileManager.default.removeItem(at: folder) }
        let legacy = folder.appendingPathComponent("Greenhouse/Legacy")
        let files = [
            // A coordinator Objective-C declares: the Swift rounds never hear of it.
            "CompostCoordinator.m": """
            @interface CompostCoordinator () <Coordinator>
            @end

            @implementation CompostCoordinator
            - (void)start {
                [self.navigationController pushViewController:[[CompostViewController alloc] init] animated:YES];
            }
            @end
            """,
            // It is made here, by a file whose text names no coordinator Swift declares.
            "ShedMenu.m": """
            @implementation ShedMenu
            - (void)compostTapped {
                CompostCoordinator *compost = [[CompostCoordinator alloc] init];
                [compost start];
            }
            @end
            """,
            // `Flow` and `Coordinat` inside other words: nothing here bears on coordinators.
            "SeedGrid.m": """
            @implementation SeedGridView
            - (void)layout {
                UICollectionViewFlowLayout *layout = [[UICollectionViewFlowLayout alloc] init];
                self.gridCoordinates = @[];
            }
            @end
            """,
        ]
        for (path, text) in files {
            try Data(text.utf8).write(to: legacy.appendingPathComponent(path))
        }
        let index = SourceWorkspace(directory: folder.path).index()
        let everything = SourceWorkspace(directory: folder.path).index(parseEverything: true)
        #expect(index.objectiveCFileCount == 11)
        // The two of before, the coordinator and its maker; not the grid.
        #expect(index.objectiveCReadCount == 4)
        #expect(
            index.problems.map(\.reason).contains(
                "CompostCoordinator is created only by ShedMenu (Greenhouse/Legacy/ShedMenu.m:3), which no coordinator in the tree creates; it is not in the tree"
            ))
        #expect(rendered(index) == rendered(everything))
        #expect(index.problems == everything.problems)
    }

    @Test("the role words of a text are the whole words that hold a role part")
    func roleWords() {
        let text = Array(
            """
            [[HomeCoordinator alloc] init]; x.overflow = y; LoginFlow_2 *f; Coordinates c; // FlowCoordinator
            NSString *url = @"https://example.org/\\"quoted\\""; [[SettingsCoordinator alloc] init];
            // TODO: move to the AppCoordinator
            """.utf8)
        text.withUnsafeBufferPointer { text in
            // Not the words of `//` comments, but those after a `//` in a string.
            #expect(ByteSearch.roleWords(in: text) == ["HomeCoordinator", "LoginFlow_2", "Coordinates", "SettingsCoordinator"])
        }
        #expect(ByteSearch.holdsRolePart("SettingsFlowController"))
        #expect(!ByteSearch.holdsRolePart("Overflow"))
        for (text, touches) in [
            ("self.window.rootViewController = nav;", true), ("[[ShelfViewController alloc] init]", true),
            ("[self presentViewController:alert animated:YES completion:nil];", true),
            ("[[NSUserDefaults standardUserDefaults] synchronize];", false),
        ] {
            #expect(Array(text.utf8).withUnsafeBufferPointer(ByteSearch.touchesScreens) == touches)
        }
    }

    @Test("the byte search finds whole words, parts of names, and the classes each @implementation names")
    func byteSearch() {
        let text = Array(
            "@interface A : B\n@end\n@implementation  Pier_2ViewController\n- (void)x { [TideWatchman go]; }\n@end\n@implementation\tTide"
                .utf8)
        #expect(ByteSearch.implementedClasses(in: text) == ["Pier_2ViewController", "Tide"])
        text.withUnsafeBufferPointer { text in
            #expect(ByteSearch.contains("TideWatch", in: text))
            #expect(!ByteSearch.contains("TideWatch", in: text, wholeWord: true))
            #expect(ByteSearch.contains("TideWatchman", in: text, wholeWord: true))
            #expect(ByteSearch.contains("Tide", in: text, wholeWord: true))
            #expect(!ByteSearch.contains("Coordinat", in: text))
        }
        // A name: the role parts anywhere in it, and a name shorter than the part.
        #expect(ByteSearch.contains("Coordinat", in: "HomeCoordinator_Server5"))
        #expect(ByteSearch.contains("Flow", in: "LoginFlow"))
        #expect(!ByteSearch.contains("Coordinat", in: "Coord"))
        #expect(!ByteSearch.contains("Flow", in: "Café"))
    }
}
