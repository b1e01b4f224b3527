import CoordinatorModel

/// What the evaluation works out once per class and per body, and keeps from one index to the next.
extension ContainerEvaluator {
    /// Lookups the evaluation repeats thousands of times, computed once per class, and carried
    /// from one index of an app to the next for what the edit did not touch (``carried(into:coordinatorClasses:changed:)``).
    ///
    /// Only evaluations read and write it, and they take turns: an evaluation runs inside an index,
    /// and the indexes of one app take turns (``SourceWorkspace``); the memo an index keeps is read
    /// by the next one only, once it is done.
    final class Memo: @unchecked Sendable {
        /// The coordinator classes of the evaluation that made the memo: whether a class is a
        /// screen depends on them.
        let coordinatorClasses: Set<String>
        /// What the evaluation asks of each class, by name: one lookup of a name answers its
        /// lineage, members, kind and whether it is a screen (hashing the name is most of a lookup's cost).
        var classes: [String: ClassFacts] = [:]
        /// The type asked about last: the next question is most often about it again (a method
        /// looked for, then a property, of the instance running), and is then answered without hashing.
        var lastClass: ClassFacts?
        var calls: [SiteKey: (FunctionFacts, CallFacts)?] = [:]
        /// The class declaring a factory method, by name and labels (nil when none or several do).
        var factories: [String: String?] = [:]
        /// The classes (not coordinators) declaring an instance method, by the method's name.
        var instanceMethods: [String: [String]]?
        /// The types declaring a static function with a body, by the function's name, for
        /// `.pushFlow(…)` written without its type (``ContainerEvaluator/implicitMember(_:arguments:in:)``).
        var staticFunctions: [String: [String]]?
        /// The enums, by name, for `.home` written without its type.
        var enums: [String]?
        /// The statements of a body or of one of its closures, in source order.
        var statements: [StatementsKey: [Statement]] = [:]
        /// The file of the type declaring a property, by class and property (see `declaringFile`).
        var declaringFiles: [DeclaringKey: String] = [:]

        init(coordinatorClasses: Set<String>) {
            self.coordinatorClasses = coordinatorClasses
        }

        /// What changed between the index that made a memo and the next one.
        struct Changes {
            /// The types declared or extended in files that changed, came or went.
            var types: Set<String>
            /// The files that changed, came or went (parsed by one index and not the other included).
            var files: Set<String>
            /// The declarations of the index that made the memo.
            var earlierTypes: [String: TypeFacts]
        }

        /// A memo for the next index's evaluation: this one's answers that the changes cannot
        /// have moved, with the next index's declarations. Each kept answer is the one the next
        /// evaluation would work out, so its output is the same as with an empty memo.
        /// - A class's facts hold while no type of its lineage changed (a lineage's first changed
        ///   type is in it before and after the change); whether it is a screen, while the
        ///   coordinator classes are the same too.
        /// - A body's statements and a call's place hold while their file did not change.
        /// - A property's declaring file holds with its class's facts.
        /// - The enums' names hold while no changed type is or was an enum; the classes declaring
        ///   each instance method are updated with the changed types' methods before and after;
        ///   a factory's class holds while no changed type declares or declared a method of its name.
        func carried(into types: [String: TypeFacts], coordinatorClasses: Set<String>, changed: Changes) -> Memo {
            let next = Memo(coordinatorClasses: coordinatorClasses)
            let sameCoordinators = coordinatorClasses == self.coordinatorClasses
            let isChangedType = changed.types.membership
            let isChangedFile = changed.files.membership
            // Copied whole, then the few answers an edit moved taken out: cheaper than hashing every key again.
            next.classes = classes
            var dropped: Set<String> = []
            for (name, facts) in classes {
                if facts.lineage.contains(where: isChangedType) {
                    next.classes[name] = nil
                    dropped.insert(name)
                    continue
                }
                facts.types = types
                if !sameCoordinators { facts.isViewController = nil }
            }
            next.statements = statements
            for key in statements.keys where isChangedFile(key.function.file) { next.statements[key] = nil }
            next.calls = calls
            for (key, found) in calls where found == nil || isChangedFile(key.file) { next.calls[key] = nil }
            next.declaringFiles = declaringFiles
            let isDropped = dropped.membership
            for key in declaringFiles.keys where isDropped(key.className) { next.declaringFiles[key] = nil }
            let before = changed.types.compactMap { changed.earlierTypes[$0] }
            let after = changed.types.compactMap { types[$0] }
            let touched = before + after
            if !touched.contains(where: { $0.kind == .enum }) { next.enums = enums }
            if let staticFunctions {
                let names = Set(touched.flatMap { $0.functions.lazy.filter(\.isStatic).map(\.name) })
                next.staticFunctions = Self.refreshed(staticFunctions, names: names, isChanged: isChangedType, after: after) {
                    Self.addStaticFunctions(of: $0, to: &$1)
                }
            }
            guard sameCoordinators, let instanceMethods else { return next }
            var renamed: Set<String> = []
            for type in touched where type.kind == .class {
                for function in type.functions where !function.isStatic { renamed.insert(function.name) }
            }
            next.instanceMethods = Self.refreshed(instanceMethods, names: renamed, isChanged: isChangedType, after: after) {
                Self.addInstanceMethods(of: $0, to: &$1, coordinatorClasses: coordinatorClasses)
            }
            next.factories = factories.filter { key, _ in
                !renamed.contains(String(key.prefix { $0 != ":" }))
            }
            return next
        }

        /// The types declaring each name (``instanceMethods``, ``staticFunctions``) after an edit:
        /// the changed types taken out of the lists of the names they declare or declared, then
        /// added again as they are now (`after`).
        private static func refreshed(
            _ owners: [String: [String]], names: Set<String>, isChanged: (String) -> Bool, after: [TypeFacts],
            adding add: (TypeFacts, inout [String: [String]]) -> Void
        ) -> [String: [String]] {
            var owners = owners
            for name in names {
                guard var list = owners[name] else { continue }
                list.removeAll(where: isChanged)
                owners[name] = list.isEmpty ? nil : list
            }
            for type in after { add(type, &owners) }
            return owners
        }

        /// Adds a class's instance methods (a class not a coordinator) to `owners`, the classes
        /// declaring each method's name (``instanceMethods``).
        static func addInstanceMethods(
            of type: TypeFacts, to owners: inout [String: [String]], coordinatorClasses: Set<String>
        ) {
            guard type.kind == .class, !coordinatorClasses.contains(type.name) else { return }
            for function in type.functions where !function.isStatic && owners[function.name]?.last != type.name {
                owners[function.name, default: []].append(type.name)
            }
        }

        /// Adds a type's static functions with a body to `owners`, the types declaring each
        /// function's name (``staticFunctions``).
        static func addStaticFunctions(of type: TypeFacts, to owners: inout [String: [String]]) {
            for function in type.functions where function.isStatic && function.hasBody && owners[function.name]?.last != type.name
            {
                owners[function.name, default: []].append(type.name)
            }
        }

    }

    /// A type (or a name no type of the app's has) as the evaluation reads it, each part worked
    /// out when first asked.
    final class ClassFacts {
        let name: String
        let kind: TypeFacts.Kind?
        /// The declarations it reads: those of the index that made it, then of each later index
        /// it is carried into (``Memo/carried(into:coordinatorClasses:changed:)``), which agree on its lineage.
        fileprivate(set) var types: [String: TypeFacts]

        init(_ name: String, types: [String: TypeFacts]) {
            self.name = name
            self.types = types
            kind = types[name]?.kind
        }

        /// The class and what it inherits from, nearest first.
        private(set) lazy var lineage: [String] = {
            var lineage = [name]
            var seen: Set<String> = [name]
            var next = 0
            while next < lineage.count {
                for parent in types[lineage[next]]?.inherited ?? [] where seen.insert(parent).inserted { lineage.append(parent) }
                next += 1
            }
            return lineage
        }()

        /// Its functions and those of what it inherits from, its own first.
        private(set) lazy var functions: [FunctionFacts] = Self.joined(lineage.compactMap { types[$0]?.functions })

        /// Its properties and those of what it inherits from, its own first.
        private(set) lazy var properties: [PropertyFacts] = Self.joined(lineage.compactMap { types[$0]?.properties })

        /// The lists one after the other; the one list that has members itself, not a copy of it
        /// (most classes inherit from no type of the app's).
        private static func joined<Element>(_ lists: [[Element]]) -> [Element] {
            let filled = lists.filter { !$0.isEmpty }
            return filled.count <= 1 ? filled.first ?? [] : filled.flatMap { $0 }
        }

        /// A view controller of the app's that wraps a navigation controller is named for it.
        private(set) lazy var containerKind: ContainerKind? =
            if lineage.contains("UINavigationController") || name.hasSuffix("NavigationController") {
                .navigation
            } else if lineage.contains("UITabBarController") || name.hasSuffix("TabBarController") {
                .tabBar
            } else if lineage.contains("UISplitViewController") || name.hasSuffix("SplitViewController") {
                .split
            } else {
                nil
            }

        /// Whether a value of it is a screen, once asked (``ContainerEvaluator/isViewControllerName(_:)``).
        var isViewController: Bool?
    }
}
