import CoordinatorModel

/// The values the launch evaluation runs on: containers and view controllers it made, abstract
/// values, the objects of the app's classes with their stored properties, and the frames of the
/// functions it runs.
extension ContainerEvaluator {
    struct TabItem {
        var title: String?
        var icon: String?
        var tag: Int?
    }

    final class Container {
        let kind: ContainerKind
        let className: String
        let name: String
        /// The node that made it (through its own code or an object it made), or the delegate.
        var creator = "app"
        /// The coordinator whose code made it, nil for a delegate: the owner of its entry in a stack.
        var owner: String?
        /// Indices of view controllers or, for an embedded container, `.container`.
        var stack: [Value] = []
        var tabs: [Value] = []
        /// A split's columns, each set once, in the order the code set them.
        var columns: [(column: SplitColumn, value: Value)] = []
        var selectedIndex: Int?
        var presented: Int?
        var tabItem = TabItem()

        init(kind: ContainerKind, className: String, name: String) {
            self.kind = kind
            self.className = className
            self.name = name
        }
    }

    final class ViewController {
        let className: String
        let owner: String?
        var tabItem = TabItem()
        /// The container it shows inside it (a child it added, a page view controller's page).
        var embeds: Int?

        init(className: String, owner: String?) {
            self.className = className
            self.owner = owner
        }
    }

    indirect enum Value {
        case container(Int)
        case viewController(Int)
        case enumCase(type: String?, name: String)
        case integer(Int)
        case boolean(Bool)
        case string(String)
        case tabItem(TabItem)
        case list([Value])
        /// A closure and the frame it was written in, held weakly: a closure kept in its own
        /// frame's locals would otherwise keep the frame alive forever.
        case closure(parameters: [String], body: ValueFacts?, start: Int, frame: WeakFrame)
        /// An instance of one of the app's own classes that is neither a coordinator nor a view
        /// controller: a router, a presenter. Its methods are run when called.
        case object(Instance)
        /// RxFlow's `FlowContributors`: what a flow's `navigate(to:)` hands on, each a flow (or a
        /// screen) and the stepper that drives it.
        case contributors([Contribution])
        /// RxFlow's `OneStepper(withSingleStep:)`: a stepper whose one step is known.
        case singleStep(Value)
        case unknown

        var container: Int? {
            if case .container(let index) = self { return index }
            return nil
        }

        /// The container this value is or, for an object such as a router, the first one it holds.
        var heldContainer: Int? {
            switch self {
            case .container(let index): index
            case .object(let object) where !object.isCoordinator: object.properties.values.lazy.compactMap(\.container).first
            default: nil
            }
        }
    }

    /// A coordinator (or an app delegate) being run: its stored properties.
    final class Instance {
        let id: String
        let className: String
        /// Nil for an app or scene delegate, whose view controllers belong to no coordinator.
        let owner: String?
        var properties: [String: Value] = [:]
        /// Containers this instance made, in order.
        var made: [Int] = []
        /// True for a coordinator of the tree, whose start method runs once.
        var isCoordinator = false
        /// A node of the tree: a coordinator, or a root that is none (an app controller), which
        /// owns the screens its own methods make whoever calls them.
        var isNode: Bool { isCoordinator || owner == id }
        var started = false
        /// What its start method returned: a screen or container a caller shows (`window.rootViewController = child.start()`).
        var startValue: Value = .unknown
        /// For a container class of the app's own (a split view controller subclass): the container
        /// it is, which its own code (`viewControllers = […]`, `setViewController(_:for:)`) changes.
        var container: Int?
        /// The children its code creates, by site (`childBySite` of its node), looked up once.
        var sites: [SiteKey: String]?

        init(id: String, className: String, owner: String?) {
            self.id = id
            self.className = className
            self.owner = owner
        }
    }

    /// One run of a function or closure body: its locals, and the values of the calls already run.
    final class Frame {
        let instance: Instance
        let file: String
        let parent: Frame?
        var locals = SmallMap<String, Value>()
        /// Arguments not evaluated yet: a parameter is evaluated in the caller's frame when first read.
        /// The caller's frame is nil for a default value, evaluated in this frame (which must not
        /// hold itself: the cycle would outlive the run).
        var pending = SmallMap<String, (ValueFacts, Frame?)>()
        var results = SmallMap<CallKey, Value>()
        /// The function whose statements this frame runs, for the calls of a chain (`a.b().c()`).
        var body: FunctionFacts?
        /// False while running a flow's method: containers may be made, but nothing goes on screen.
        let live: Bool
        /// Coordinators made in this run and not started yet: started when the run ends, unless the
        /// code starts them first (`child.start()`, perhaps with arguments, perhaps in a helper).
        var created: [Instance] = []
        /// The class that declares the function this frame runs, for `super.init(…)`.
        var declaring: String?
        /// In a closure a receiver is handed to (`window.tap { $0.rootViewController = … }`): its
        /// parameter's name, and the path of the receiver it stands for.
        var aliases: [String: String] = [:]
        /// `let` locals declared without a value: of their assignments, the first stays.
        var assignedOnce: Set<String> = []
        /// In a method of the app's extensions of UIKit's view controllers, and in its closures:
        /// the screen or container it runs on, which what the body asks of itself is asked of
        /// (``ContainerEvaluator/runKitExtension(_:on:arguments:in:)``).
        var receiver: ContainerEvaluator.Value?

        /// The frame of the function run that this frame (a closure's) belongs to.
        var function: Frame {
            var frame = self
            while let parent = frame.parent { frame = parent }
            return frame
        }

        init(instance: Instance, file: String, parent: Frame? = nil, live: Bool) {
            self.instance = instance
            self.file = file
            self.parent = parent
            self.live = live
            receiver = parent?.receiver
        }
    }

    final class WeakFrame {
        weak var frame: Frame?

        init(_ frame: Frame) { self.frame = frame }
    }

    struct Contribution {
        var presentable: Value
        var stepper: Value
    }

    enum Argument {
        case value(Value)
        case later(ValueFacts, Frame)
    }

    /// A call in a frame: the calls of one chain (`factory.make().start()`) share their offset.
    struct CallKey: Hashable {
        let offset: Int
        let name: String

        // The calls of one chain share an offset and differ by name, which equality tells apart:
        // the offset alone is hashed, at every statement the run reaches.
        func hash(into hasher: inout Hasher) { hasher.combine(offset) }
    }
}
