/// Reads an Objective-C file (`.m`, `.mm`) word by word, far enough to tell which classes it
/// declares and implements, and where its methods make objects and send them messages.
///
/// Mixed apps make coordinators from Objective-C: an app delegate written in it makes the root
/// (`self.appCoordinator = [[AppCoordinator alloc] initWith…]`), a view controller makes a
/// Swift coordinator. The reader gives these files the same summary the Swift extractor gives,
/// so the analysis treats both alike: `[[X alloc] init…]` and `[X new]` are a call `X(…)`, a
/// message `[receiver selector:…]` is a call of the selector's first part on the receiver, a
/// block runs later. It parses no expressions beyond that; anything else is skipped.
struct ObjectiveCReader {
    let bytes: [UInt8]
    private let path: String
    var position = 0
    var line = 1
    var lineStart = 0
    /// The types in declaration order, merged by name within the file.
    private var types: [TypeFacts] = []
    private var typeIndex: [String: Int] = [:]

    static func summarize(_ bytes: [UInt8], path: String) -> FileSummary {
        var reader = ObjectiveCReader(bytes: bytes + [0], path: path)
        reader.readFile()
        return FileSummary(path: path, types: reader.types)
    }

    private init(bytes: [UInt8], path: String) {
        self.bytes = bytes
        self.path = path
    }

    // MARK: - Declarations

    private mutating func readFile() {
        while let token = nextToken() {
            switch token {
            case .directive("interface"): readInterface()
            case .directive("implementation"): readImplementation()
            case .directive("protocol"): readProtocol()
            default: continue
            }
        }
    }

    /// `@interface Name : Super <Protocols>` or a category `@interface Name (Category)`, then its
    /// properties, up to `@end`.
    private mutating func readInterface() {
        guard case .word(let word) = nextToken() else { return }
        let (name, offset) = (text(word), word.lowerBound)
        let declarationLine = line
        var inherited: [String] = []
        var isCategory = false
        var token = nextToken()
        if case .symbol(UInt8(ascii: ":")) = token, case .word(let base) = nextToken() {
            inherited.append(text(base))
            token = nextToken()
        } else if case .symbol(UInt8(ascii: "(")) = token {
            isCategory = true
            skip(to: UInt8(ascii: ")"))
            token = nextToken()
        }
        if case .symbol(UInt8(ascii: "<")) = token { inherited += readNames(until: UInt8(ascii: ">")) }
        let index = type(named: name, kind: isCategory ? .extension : .class, line: declarationLine, offset: offset)
        types[index].inherited += inherited.filter { !types[index].inherited.contains($0) }
        // Instance variables in braces, then properties and method declarations up to `@end`.
        while let token = nextToken() {
            switch token {
            case .directive("end"): return
            case .directive("property"): readProperty(into: index)
            case .symbol(UInt8(ascii: "{")): skipBlock()
            default: continue
            }
        }
    }

    /// `@property (attributes) Type *name;`
    private mutating func readProperty(into index: Int) {
        var words: [(String, Int)] = []
        var isWeak = false
        while let token = nextToken() {
            switch token {
            case .symbol(UInt8(ascii: "(")):
                let attributes = readNames(until: UInt8(ascii: ")"))
                isWeak = isWeak || attributes.contains("weak") || attributes.contains("assign")
            case .word(let word): words.append((text(word), word.lowerBound))
            case .symbol(UInt8(ascii: ";")):
                // The type is the first word that is no qualifier; the name is the last word.
                let qualifiers: Set<String> = ["nullable", "nonnull", "_Nullable", "_Nonnull", "const", "__kindof", "id"]
                guard let (name, offset) = words.last else { return }
                let typeText = words.dropLast().first { !qualifiers.contains($0.0) }?.0 ?? ""
                types[index].properties.append(
                    PropertyFacts(
                        name: name, typeText: typeText, value: nil, isWeak: isWeak, isLazy: false, isComputed: false,
                        line: line, nameOffset: offset))
                return
            default: continue
            }
        }
    }

    /// `@protocol Name <Protocols>` with its requirements, or a forward declaration `@protocol Name;`.
    private mutating func readProtocol() {
        guard case .word(let word) = nextToken() else { return }
        let (name, offset) = (text(word), word.lowerBound)
        let declarationLine = line
        var inherited: [String] = []
        switch nextToken() {
        case .symbol(UInt8(ascii: ";")), .symbol(UInt8(ascii: ",")): return
        case .symbol(UInt8(ascii: "<")): inherited = readNames(until: UInt8(ascii: ">"))
        default: break
        }
        let index = type(named: name, kind: .protocol, line: declarationLine, offset: offset)
        types[index].inherited += inherited
        while let token = nextToken() {
            switch token {
            case .directive("end"): return
            case .symbol(UInt8(ascii: "-")), .symbol(UInt8(ascii: "+")):
                var function = readMethodHeader(isStatic: token == .symbol(UInt8(ascii: "+")))
                function.hasBody = false
                types[index].functions.append(function)
            default: continue
            }
        }
    }

    /// `@implementation Name` and its methods, up to `@end`.
    private mutating func readImplementation() {
        guard case .word(let word) = nextToken() else { return }
        let offset = word.lowerBound
        let index = type(named: text(word), kind: .class, line: line, offset: offset)
        // A class extension (`@interface Name ()`) read first: the class is where it is implemented.
        if types[index].kind == .extension {
            types[index].kind = .class
            types[index].line = line
            types[index].nameOffset = offset
        }
        while let token = nextToken() {
            switch token {
            case .directive("end"): return
            case .symbol(UInt8(ascii: "{")): skipBlock()
            case .symbol(UInt8(ascii: "-")), .symbol(UInt8(ascii: "+")):
                var function = readMethodHeader(isStatic: token == .symbol(UInt8(ascii: "+")))
                if case .symbol(UInt8(ascii: "{")) = peekToken() {
                    _ = nextToken()
                    readBody(into: &function)
                }
                types[index].functions.append(function)
            default: continue
            }
        }
    }

    /// `- (Type)first:(Type)name second:(Type)name`: the base name is the first part (`init` for
    /// an initializer), the parameters are the parts after it.
    private mutating func readMethodHeader(isStatic: Bool) -> FunctionFacts {
        var returnType: String?
        if case .symbol(UInt8(ascii: "(")) = peekToken() {
            _ = nextToken()
            returnType = readNames(until: UInt8(ascii: ")")).first { $0 != "nullable" && $0 != "nonnull" }
        }
        var function = FunctionFacts(name: "", file: path, line: line)
        function.isStatic = isStatic
        function.returnType = returnType
        var label: String?
        while true {
            switch peekToken() {
            case .word(let range):
                _ = nextToken()
                let word = text(range)
                if function.name.isEmpty {
                    function.name = word == "init" || word.hasPrefix("initWith") ? "init" : word
                    function.nameOffset = range.lowerBound
                } else {
                    label = word
                }
            case .symbol(UInt8(ascii: ":")):
                _ = nextToken()
                var type = ""
                if case .symbol(UInt8(ascii: "(")) = peekToken() {
                    _ = nextToken()
                    type = readNames(until: UInt8(ascii: ")")).first { $0 != "nullable" && $0 != "nonnull" } ?? ""
                }
                if case .word(let name) = peekToken() {
                    _ = nextToken()
                    function.parameters.append(
                        ParameterFacts(label: function.parameters.isEmpty ? nil : label, name: text(name), type: type))
                }
                label = nil
            default:
                return function
            }
        }
    }

    // MARK: - Method bodies

    /// A method's body after its `{`: the messages it sends, what it binds and assigns. A block
    /// (`^{ … }`, `^(…) { … }`) runs later.
    private mutating func readBody(into function: inout FunctionFacts) {
        var depth = 1
        var blockDepths: [Int] = []
        var pendingBlock = false
        // The words since the last statement's end, for `Type *name = [...]` and `target = [...]`.
        var statement: [Token] = []
        while depth > 0, let token = nextToken() {
            switch token {
            case .symbol(UInt8(ascii: "{")):
                depth += 1
                if pendingBlock { blockDepths.append(depth) }
                pendingBlock = false
                statement.removeAll(keepingCapacity: true)
            case .symbol(UInt8(ascii: "}")):
                if blockDepths.last == depth { blockDepths.removeLast() }
                depth -= 1
                statement.removeAll(keepingCapacity: true)
            case .symbol(UInt8(ascii: "^")):
                pendingBlock = true
            case .symbol(UInt8(ascii: ";")):
                recordPath(in: statement, immediate: blockDepths.isEmpty, into: &function)
                statement.removeAll(keepingCapacity: true)
            case .symbol(UInt8(ascii: "[")):
                let immediate = blockDepths.isEmpty && !pendingBlock
                let opened = (line: line, column: position - lineStart, offset: position - 1)
                guard let message = readMessage(immediate: immediate, into: &function) else { continue }
                let value = ValueFacts.call(
                    base: message.base, name: message.name, arguments: message.arguments, offset: opened.offset)
                if statement.count == 1, case .word(let word) = statement[0], isWord(word, "return") {
                    function.returns.append(ReturnFacts(value: value, conditions: []))
                } else if let property = Self.setProperty(message.name), let base = message.base, base != "?",
                    message.arguments.count == 1, message.arguments[0].label == nil
                {
                    // `[self.window setRootViewController:navigation]` is `self.window.rootViewController = navigation`.
                    function.assignments.append(
                        AssignmentFacts(
                            target: base + "." + property, value: message.arguments[0].value, line: opened.line,
                            offset: opened.offset, immediate: immediate))
                } else {
                    record(value, after: statement, at: opened, immediate: immediate, into: &function)
                }
                statement.removeAll(keepingCapacity: true)
            default:
                statement.append(token)
            }
        }
    }

    /// What `target = other.path;` assigns or `Type *name = other;` binds: a value that is no
    /// message, kept when it is a path of names (`_window = window`, `self.window.rootViewController = navigation`).
    private func recordPath(in statement: [Token], immediate: Bool, into function: inout FunctionFacts) {
        guard let equals = statement.lastIndex(of: .symbol(UInt8(ascii: "="))), equals > 0,
            case .word(let assigned) = statement[equals - 1]
        else { return }
        let offset = assigned.lowerBound
        var names: [String] = []
        for (index, token) in statement[(equals + 1)...].enumerated() {
            switch token {
            case .word(let name) where index % 2 == 0: names.append(text(name))
            case .symbol(UInt8(ascii: ".")) where index % 2 == 1: continue
            default: return
            }
        }
        guard statement.count - equals - 1 == names.count * 2 - 1, let first = names.first,
            !Self.literalWords.contains(first)
        else { return }
        let value = ValueFacts.reference(Self.path(names.joined(separator: ".")))
        record(value, after: Array(statement[...equals]), at: (line, 0, offset), immediate: immediate, into: &function)
    }

    /// What `Type *name = value` binds or `target = value` assigns, when `value` is a message.
    private func record(
        _ value: ValueFacts, after statement: [Token], at place: (line: Int, column: Int, offset: Int), immediate: Bool,
        into function: inout FunctionFacts
    ) {
        guard statement.count >= 2, case .symbol(UInt8(ascii: "=")) = statement.last else { return }
        var target: [String] = []
        for token in statement.dropLast().reversed() {
            if case .word(let word) = token {
                target.insert(text(word), at: 0)
            } else if case .symbol(UInt8(ascii: ".")) = token {
                continue
            } else {
                break
            }
        }
        guard let name = target.last else { return }
        let isDeclaration = statement.dropLast().count > target.count * 2 - 1
        if isDeclaration, target.count == 1 {
            function.bindings.append(
                BindingFacts(name: name, value: value, offset: place.offset, line: place.line, immediate: immediate))
        } else {
            function.assignments.append(
                AssignmentFacts(
                    target: Self.path(target.joined(separator: ".")), value: value, line: place.line, offset: place.offset,
                    immediate: immediate))
        }
    }

    /// A message after its `[`, and the messages nested in it, each recorded as a call.
    /// `[[X alloc] init…]` and `[X new]` are the call `X(…)`.
    private mutating func readMessage(immediate: Bool, into function: inout FunctionFacts) -> (
        base: String?, name: String, arguments: [ArgumentFacts]
    )? {
        let start = (line: line, column: position - lineStart, offset: position - 1)
        // The receiver: a nested message, or a dotted path of words.
        var receiver: String?
        var allocated: String?
        switch peekToken() {
        case .symbol(UInt8(ascii: "[")):
            _ = nextToken()
            let inner = readMessage(immediate: immediate, into: &function)
            if let inner, inner.name == "alloc", let base = inner.base, Self.isTypeName(base) { allocated = base }
        case .word:
            var parts: [String] = []
            while case .word(let word) = peekToken() {
                _ = nextToken()
                parts.append(text(word))
                guard case .symbol(UInt8(ascii: ".")) = peekToken() else { break }
                _ = nextToken()
            }
            receiver = parts.joined(separator: ".")
        default:
            skip(to: UInt8(ascii: "]"))
            return nil
        }
        // The selector's parts and their values, up to the closing bracket.
        var name: String?
        var arguments: [ArgumentFacts] = []
        var label: String?
        var expectsValue = false
        var depth = 0
        var inBlock = false
        while let token = nextToken() {
            switch token {
            case .symbol(UInt8(ascii: "]")) where depth == 0:
                guard let name else { return nil }
                if let allocated, name == "init" || name.hasPrefix("initWith") {
                    appendCall(base: nil, name: allocated, arguments: arguments, at: start, immediate, &function)
                    return (nil, allocated, arguments)
                }
                if let receiver, name == "new", Self.isTypeName(receiver) {
                    appendCall(base: nil, name: receiver, arguments: [], at: start, immediate, &function)
                    return (nil, receiver, [])
                }
                let base = receiver.map(Self.path) ?? "?"
                // `[X alloc]` is half of a creation, which the message around it completes.
                if name == "alloc", let receiver, Self.isTypeName(receiver) { return (receiver, name, []) }
                appendCall(base: base, name: name, arguments: arguments, at: start, immediate, &function)
                return (base, name, arguments)
            case .symbol(UInt8(ascii: "[")):
                let inner = readMessage(immediate: immediate && !inBlock, into: &function)
                if let inner, expectsValue, depth == 0 {
                    arguments.append(
                        ArgumentFacts(
                            label: label,
                            value: .call(base: inner.base, name: inner.name, arguments: inner.arguments, offset: start.offset)))
                }
                expectsValue = false
            case .symbol(UInt8(ascii: "^")):
                inBlock = true
            case .symbol(UInt8(ascii: "(")), .symbol(UInt8(ascii: "{")):
                depth += 1
            case .symbol(UInt8(ascii: ")")), .symbol(UInt8(ascii: "}")):
                depth -= 1
            case .symbol(UInt8(ascii: ":")) where depth == 0:
                expectsValue = true
            case .word(let range) where depth == 0:
                let word = text(range)
                if name == nil {
                    name = word
                } else if expectsValue {
                    // The value of the part just named: a variable or a dotted path of them.
                    var parts = [word]
                    while case .symbol(UInt8(ascii: ".")) = peekToken() {
                        _ = nextToken()
                        guard case .word(let next) = peekToken() else { break }
                        _ = nextToken()
                        parts.append(text(next))
                    }
                    arguments.append(ArgumentFacts(label: label, value: .reference(Self.path(parts.joined(separator: ".")))))
                    expectsValue = false
                } else {
                    label = word
                }
            default:
                expectsValue = false
            }
        }
        return nil
    }

    private func appendCall(
        base: String?, name: String, arguments: [ArgumentFacts], at place: (line: Int, column: Int, offset: Int),
        _ immediate: Bool, _ function: inout FunctionFacts
    ) {
        function.calls.append(
            CallFacts(
                base: base, name: name, arguments: arguments, line: place.line, column: place.column, offset: place.offset,
                immediate: immediate))
    }

    /// Words that are values, not paths: `_window = nil` assigns no window.
    private static let literalWords: Set<String> = ["nil", "NULL", "Nil", "YES", "NO", "true", "false"]

    /// `rootViewController` for the setter `setRootViewController`; nil for any other selector.
    static func setProperty(_ selector: String) -> String? {
        guard selector.hasPrefix("set"), let first = selector.dropFirst(3).first, first.isUppercase else { return nil }
        return first.lowercased() + selector.dropFirst(4)
    }

    /// `_child` (an instance variable) reads as `self.child`, as Swift writes it.
    private static func path(_ written: String) -> String {
        written.hasPrefix("_") ? "self." + written.dropFirst() : written
    }

    private static func isTypeName(_ name: String) -> Bool {
        name.first.map { $0.isUppercase } == true && !name.contains(".")
    }

    // MARK: - Types

    private mutating func type(named name: String, kind: TypeFacts.Kind, line: Int, offset: Int) -> Int {
        if let index = typeIndex[name] { return index }
        typeIndex[name] = types.count
        types.append(TypeFacts(name: name, kind: kind, inherited: [], file: path, line: line, nameOffset: offset))
        return types.count - 1
    }

    private mutating func readNames(until closing: UInt8) -> [String] {
        var names: [String] = []
        while let token = nextToken() {
            if case .symbol(closing) = token { break }
            if case .word(let word) = token { names.append(text(word)) }
        }
        return names
    }

    private mutating func skip(to closing: UInt8) {
        while let token = nextToken() {
            if case .symbol(closing) = token { return }
        }
    }

    /// Skips a braced block after its `{`.
    private mutating func skipBlock() {
        var depth = 1
        while depth > 0, let token = nextToken() {
            if case .symbol(UInt8(ascii: "{")) = token { depth += 1 }
            if case .symbol(UInt8(ascii: "}")) = token { depth -= 1 }
        }
    }
}
