import SwiftSyntax

/// The compilation conditions an app's own builds may define, read from its project files: Xcode
/// projects and build configuration files (`SWIFT_ACTIVE_COMPILATION_CONDITIONS`, `-D` in
/// `OTHER_SWIFT_FLAGS`), XcodeGen and Tuist manifests, and packages (`.define("…")`).
///
/// A condition no project file defines is false in every build the project makes: code under
/// `#if SNAPSHOTS`, which only a screenshot script's command line defines, is not the app's. A
/// condition some file defines may hold in one configuration or target and not in another
/// (`DEBUG`, `MAIN_APP`): it is not known, and the code under it counts, as does code under
/// `os(…)`, `canImport(…)` and the other platform tests, and under the conditions the build tools
/// define themselves (`SWIFT_PACKAGE` for a package SwiftPM builds, `COCOAPODS` for an app whose
/// pods' settings, not read, define it). A folder with no project file at all tells nothing: every
/// condition is unknown there.
public struct CompilationConditions: Sendable, Hashable {
    /// The names some project file defines; nil when the folder holds none.
    var defined: Set<String>?

    /// Nothing known: every `#if` clause counts.
    static let unknown = CompilationConditions(defined: nil)

    /// Conditions the build tools define, in files the index does not read.
    private static let toolDefined: Set<String> = ["SWIFT_PACKAGE", "COCOAPODS"]

    /// The keys whose values list conditions.
    private static let keys = ["SWIFT_ACTIVE_COMPILATION_CONDITIONS", "OTHER_SWIFT_FLAGS"]

    /// The conditions the texts of an app's project files define.
    init(projectFiles texts: [[UInt8]]) {
        var names: Set<String> = []
        var referred: Set<Reference> = []
        for text in texts { Self.read(text, into: &names, referring: &referred) }
        // A list naming another setting (`$(inherited) $(APP_FLAGS)`, with `APP_FLAGS = DEBUG_MENU`
        // in a configuration file): the names any project file gives that setting count too, read
        // as conditions or as flags (`OTHER_SWIFT_FLAGS = $(inherited) $(APP_SWIFT_FLAGS)`, with
        // `APP_SWIFT_FLAGS = -DBETA`) as the list naming it is.
        var resolved = Set([false, true].map { Reference(setting: "inherited", asFlags: $0) })
        var pending = referred.subtracting(resolved)
        while let reference = pending.popFirst(), resolved.count < 128 {
            resolved.insert(reference)
            var more: Set<Reference> = []
            for text in texts {
                Self.read(text, key: reference.setting, asFlags: reference.asFlags, into: &names, referring: &more)
            }
            pending.formUnion(more.subtracting(resolved))
        }
        defined = names
    }

    /// A setting a list refers to (`$(APP_FLAGS)`), and whether its value is read as flags (it is
    /// named among flags) or as conditions.
    private struct Reference: Hashable {
        var setting: String
        var asFlags: Bool
    }

    init(defined: Set<String>?) {
        self.defined = defined
    }

    /// Adds the names one project file defines. More names than the build defines may be read (a
    /// name in a comment beside the key): that only leaves a condition unknown.
    private static func read(_ text: [UInt8], into names: inout Set<String>, referring referred: inout Set<Reference>) {
        for key in keys {
            read(text, key: key, asFlags: key == "OTHER_SWIFT_FLAGS", into: &names, referring: &referred)
        }
        text.withUnsafeBufferPointer { buffer in
            // A package's `.define("NAME")`, maybe with `.when(…)`.
            let define = ".define(\""
            var from = 0
            while let found = ByteSearch.firstIndex(of: define, in: buffer, from: from) {
                let start = found + define.utf8.count
                var end = start
                while end < text.count, WordScan.isWordByte(text[end]) { end += 1 }
                if end > start { names.insert(String(decoding: text[start..<end], as: UTF8.self)) }
                from = end
            }
        }
    }

    /// Adds the names the values of `key` in one project file define, as conditions or as flags,
    /// and the settings they refer to.
    private static func read(
        _ text: [UInt8], key: String, asFlags: Bool, into names: inout Set<String>, referring referred: inout Set<Reference>
    ) {
        text.withUnsafeBufferPointer { buffer in
            var from = 0
            while let found = ByteSearch.firstIndex(of: key, in: buffer, from: from) {
                from = found + key.utf8.count
                // The whole key, not the end of a longer one (`MY_APP_FLAGS` for `APP_FLAGS`).
                if found > 0, WordScan.isWordByte(text[found - 1]) { continue }
                if from < text.count, WordScan.isWordByte(text[from]) { continue }
                let value = valueText(in: text, after: from)
                names.formUnion(asFlags ? flagNames(value, referring: &referred) : conditionNames(value, referring: &referred))
            }
        }
    }

    /// The value after a key: past its selectors (`[config=Debug][sdk=iphoneos*]`) and the `=` or `:` (or a quote and
    /// a colon, in a Tuist dictionary), to the end of the line, or to the `)` or `]` that closes a list.
    private static func valueText(in text: [UInt8], after start: Int) -> ArraySlice<UInt8> {
        var index = start
        while index < text.count, text[index] == UInt8(ascii: "[") {
            while index < text.count, text[index] != UInt8(ascii: "]") { index += 1 }
            index += 1
        }
        while index < text.count, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\"")].contains(text[index]) {
            index += 1
        }
        guard index < text.count, text[index] == UInt8(ascii: "=") || text[index] == UInt8(ascii: ":") else {
            return []
        }
        index += 1
        while index < text.count, text[index] == UInt8(ascii: " ") || text[index] == UInt8(ascii: "\t") { index += 1 }
        var end = index
        if index < text.count, text[index] == UInt8(ascii: "(") || text[index] == UInt8(ascii: "[") {
            let closing = text[index] == UInt8(ascii: "(") ? UInt8(ascii: ")") : UInt8(ascii: "]")
            end += 1
            while end < text.count, text[end] != closing {
                // `$(inherited)` inside the list: its `)` does not close the list.
                if text[end] == UInt8(ascii: "$"), end + 1 < text.count, text[end + 1] == UInt8(ascii: "(") {
                    while end < text.count, text[end] != UInt8(ascii: ")") { end += 1 }
                }
                end += 1
            }
        } else {
            while end < text.count, text[end] != UInt8(ascii: "\n"), text[end] != UInt8(ascii: ";") { end += 1 }
        }
        return text[index..<min(end, text.count)]
    }

    /// The names a list of conditions holds, but the settings it refers to (`$(inherited)`).
    private static func conditionNames(_ value: ArraySlice<UInt8>, referring referred: inout Set<Reference>) -> [String] {
        var names: [String] = []
        var index = value.startIndex
        while index < value.endIndex {
            if value[index] == UInt8(ascii: "$") {
                let (setting, end) = reference(at: index, in: value)
                if let setting { referred.insert(Reference(setting: setting, asFlags: false)) }
                index = end
                continue
            }
            guard WordScan.isWordStart(value[index]) else {
                index += 1
                continue
            }
            let start = index
            while index < value.endIndex, WordScan.isWordByte(value[index]) { index += 1 }
            names.append(String(decoding: value[start..<index], as: UTF8.self))
        }
        return names
    }

    /// The names `-D` flags define (`-DNAME` or `-D NAME`), but the settings they refer to (`$(APP_FLAGS)`).
    private static func flagNames(_ value: ArraySlice<UInt8>, referring referred: inout Set<Reference>) -> [String] {
        // References are taken out before the words are split.
        var text = Array(value)
        var index = 0
        while index < text.count {
            guard text[index] == UInt8(ascii: "$") else {
                index += 1
                continue
            }
            let (setting, end) = reference(at: index, in: text[...])
            if let setting { referred.insert(Reference(setting: setting, asFlags: true)) }
            for position in index..<min(end, text.count) { text[position] = UInt8(ascii: " ") }
            index = end
        }
        let words = String(decoding: text, as: UTF8.self).split(whereSeparator: { " \t\n\r\",()[]".contains($0) })
        var names: [String] = []
        for (position, word) in words.enumerated() {
            if word == "-D", position + 1 < words.count {
                names.append(String(words[position + 1]))
            } else if word.hasPrefix("-D"), word.count > 2 {
                names.append(String(word.dropFirst(2)))
            }
        }
        return names
    }

    /// At a `$` in a setting's value: the setting `$(NAME)` or `${NAME}` refers to (nil when its
    /// name is not a plain word, `$(inherited:default=…)`), and where the reference ends.
    private static func reference(at dollar: Int, in value: ArraySlice<UInt8>) -> (setting: String?, end: Int) {
        let start = dollar + 2
        var end = dollar
        while end < value.endIndex, value[end] != UInt8(ascii: ")"), value[end] != UInt8(ascii: "}") { end += 1 }
        let name = start < end && value[start..<end].allSatisfy(WordScan.isWordByte)
        return (name ? String(decoding: value[start..<end], as: UTF8.self) : nil, end + 1)
    }

    // MARK: Conditions

    /// The value of an `#if` condition in every build of the app: true, false, or nil when it
    /// depends on the configuration, the target or the platform.
    func value(of condition: ExprSyntax) -> Bool? {
        guard let defined else { return nil }
        switch condition.as(ExprSyntaxEnum.self) {
        case .declReferenceExpr(let reference):
            let name = reference.baseName.text
            return defined.contains(name) || Self.toolDefined.contains(name) ? nil : false
        case .booleanLiteralExpr(let literal):
            return literal.literal.tokenKind == .keyword(.true)
        case .prefixOperatorExpr(let prefix) where prefix.operator.text == "!":
            return value(of: prefix.expression).map { !$0 }
        case .tupleExpr(let tuple) where tuple.elements.count == 1:
            return tuple.elements.first.flatMap { value(of: $0.expression) }
        case .infixOperatorExpr(let infix):
            return combine(infix.leftOperand, infix.operator, infix.rightOperand)
        case .sequenceExpr(let sequence):
            // Not folded by the parser: `a && b || c` as a flat sequence, `&&` binding tighter.
            return sequenceValue(Array(sequence.elements))
        default:
            return nil
        }
    }

    private func combine(_ left: ExprSyntax, _ operation: ExprSyntax, _ right: ExprSyntax) -> Bool? {
        guard let name = operation.as(BinaryOperatorExprSyntax.self)?.operator.text else { return nil }
        return Self.combine(value(of: left), name, value(of: right))
    }

    private static func combine(_ left: Bool?, _ operation: String, _ right: Bool?) -> Bool? {
        switch operation {
        case "&&":
            if left == false || right == false { return false }
            return left == true && right == true ? true : nil
        case "||":
            if left == true || right == true { return true }
            return left == false && right == false ? false : nil
        default:
            return nil
        }
    }

    /// `a || b && c`: the `||` parts, each a run of `&&`.
    private func sequenceValue(_ elements: [ExprSyntax]) -> Bool? {
        var orParts: [Bool?] = []
        var current: Bool?? = .none
        var index = 0
        while index < elements.count {
            let operand = value(of: elements[index])
            if let running = current {
                current = .some(Self.combine(running, "&&", operand))
            } else {
                current = .some(operand)
            }
            guard index + 1 < elements.count else { break }
            guard let name = elements[index + 1].as(BinaryOperatorExprSyntax.self)?.operator.text,
                name == "&&" || name == "||"
            else { return nil }
            if name == "||", let running = current {
                orParts.append(running)
                current = .none
            }
            index += 2
        }
        if let running = current { orParts.append(running) }
        return orParts.dropFirst().reduce(orParts.first ?? nil) { Self.combine($0, "||", $1) }
    }

    /// The clauses of an `#if` that count, in order, or nil when every one does: a clause counts
    /// unless its condition is false or a clause before it is certainly taken; `#else` counts
    /// unless one before it is.
    func countedClauses(of block: IfConfigDeclSyntax) -> [IfConfigClauseSyntax]? {
        guard defined != nil else { return nil }
        var counted: [IfConfigClauseSyntax] = []
        var taken = false
        for clause in block.clauses {
            guard !taken else { break }
            guard let condition = clause.condition else {
                counted.append(clause)
                break
            }
            switch value(of: condition) {
            case false?: continue
            case true?:
                taken = true
                counted.append(clause)
            case nil:
                counted.append(clause)
            }
        }
        return counted.count == block.clauses.count ? nil : counted
    }
}
