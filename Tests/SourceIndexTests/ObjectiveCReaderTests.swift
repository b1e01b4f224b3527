import Testing

@testable import SourceIndex

@Suite("Objective-C read word by word")
struct ObjectiveCReaderTests {
    @Test(
        "a value that is no message is kept when it is a path: an instance variable set from a parameter, a window's root, a local"
    )
    func pathValues() throws {
        let text = """
            @implementation HarborAppCoordinator
            - (instancetype)initWithWindow:(UIWindow *)window {
                _window = window;
                _count = 0;
                _delegate = nil;
                if (window == nil) { return self; }
                _total += 1;
                return self;
            }
            - (void)start {
                UINavigationController *navigation = [[UINavigationController alloc] init];
                UINavigationController *shown = navigation;
                self.window.rootViewController = shown;
                self.title = @"Harbor";
                [self.window setRootViewController:navigation];
                [self.window setNeedsLayout];
                [self.navigation setViewControllers:@[] animated:NO];
            }
            @end
            """
        let summary = SourceWorkspace.summarize(text, path: "HarborAppCoordinator.m")
        let harbor = try #require(summary.types.first)
        let initializer = try #require(harbor.functions.first { $0.name == "init" })
        #expect(initializer.assignments.map(\.target) == ["self.window"])
        #expect(initializer.assignments.first?.value == .reference("window"))
        let start = try #require(harbor.functions.first { $0.name == "start" })
        #expect(start.bindings.map(\.name) == ["navigation", "shown"])
        #expect(start.bindings.last?.value == .reference("navigation"))
        // A setter message of one value is an assignment too; a message named `set…` of no value, or
        // of more parts than one, is a call only.
        #expect(start.assignments.map(\.target) == ["self.window.rootViewController", "self.window.rootViewController"])
        #expect(start.assignments.map(\.value) == [.reference("shown"), .reference("navigation")])
        #expect(start.assignments.map(\.line) == [13, 15])
        #expect(start.calls.map(\.name).contains("setNeedsLayout") && start.calls.map(\.name).contains("setViewControllers"))
    }

    @Test("the word-level reader: messages, allocations, bindings, assignments, blocks, properties")
    func reader() throws {
        let text = """
            #import <UIKit/UIKit.h>
            #define MAKE(x) [[x alloc] init]

            @interface ShelfCoordinator : NSObject <Coordinating, UITableViewDelegate>
            @property (nonatomic, weak) id<ShelfDelegate> delegate;
            @property (strong, nonatomic) NSMutableArray<NSObject *> *childCoordinators;
            @end

            @implementation ShelfCoordinator {
                int _count;
            }

            + (instancetype)shelfWithName:(NSString *)name {
                return [[ShelfCoordinator alloc] initWithName:name];
            }

            - (void)openBook:(Book *)book animated:(BOOL)animated {
                BookCoordinator *reader = [[BookCoordinator alloc] initWithBook:book navigation:self.navigationController];
                _current = [NotesCoordinator new];
                [self.childCoordinators addObject:reader];
                [reader start];
                [self.api fetch:book.identifier completion:^(NSArray *pages) {
                    [[PagesCoordinator alloc] initWithPages:pages];
                }];
            }
            @end
            """
        let summary = SourceWorkspace.summarize(text, path: "Shelf/ShelfCoordinator.m")
        let shelf = try #require(summary.types.first)
        #expect(summary.types.count == 1)
        #expect(shelf.name == "ShelfCoordinator" && shelf.kind == .class && shelf.line == 4)
        #expect(shelf.inherited == ["NSObject", "Coordinating", "UITableViewDelegate"])
        #expect(shelf.properties.map(\.name) == ["delegate", "childCoordinators"])
        #expect(shelf.properties.map(\.isWeak) == [true, false])
        #expect(shelf.properties.last?.typeText == "NSMutableArray")
        #expect(shelf.functions.map(\.name) == ["shelfWithName", "openBook"])
        #expect(shelf.functions[0].isStatic && shelf.functions[0].returns.count == 1)
        let open = shelf.functions[1]
        #expect(open.parameters.map(\.name) == ["book", "animated"])
        #expect(open.parameters.map(\.label) == [nil, "animated"])
        let calls = open.calls.map { "\($0.base ?? "")|\($0.name)|\($0.immediate)|\($0.line)" }
        #expect(
            calls == [
                "|BookCoordinator|true|18", "|NotesCoordinator|true|19", "self.childCoordinators|addObject|true|20",
                "reader|start|true|21", "|PagesCoordinator|false|23", "self.api|fetch|true|22",
            ])
        #expect(open.calls[2].arguments == [ArgumentFacts(label: nil, value: .reference("reader"))])
        #expect(open.bindings.map(\.name) == ["reader"])
        #expect(open.assignments.map(\.target) == ["self.current"])
        #expect(shelf.calledNames.isSuperset(of: ["BookCoordinator", "NotesCoordinator", "PagesCoordinator", "start"]))
    }
}
