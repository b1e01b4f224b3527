import JSON

extension Convention {
    /// The configuration file an app may keep at its root when auto-detection is not enough.
    public static let configurationFile = ".navinspect.json"

    /// The convention `.navinspect.json` names, nil when there is no such file or it names none,
    /// or the problem with it.
    ///
    /// ```json
    /// {"coordinator": "Coordinating", "children": "coordinators", "start": "start", "type": "destination",
    ///  "disabledRules": ["too-many-tabs"]}
    /// ```
    /// Every member is optional; what is left out is found in the declarations.
    static func configured(in directory: String) -> Result<Convention?, SourceProblem> {
        configuration(in: directory).map(\.convention)
    }

    /// The lint rules `.navinspect.json` turns off; none when the file is missing or broken.
    public static func disabledRules(in directory: String) -> Set<String> {
        (try? configuration(in: directory).get().disabledRules) ?? []
    }

    private static func configuration(in directory: String) -> Result<
        (convention: Convention?, disabledRules: Set<String>), SourceProblem
    > {
        let path = directory + "/" + configurationFile
        guard case .success(let text) = SwiftFiles.read(path) else { return .success((nil, [])) }
        func problem(_ reason: String) -> Result<(convention: Convention?, disabledRules: Set<String>), SourceProblem> {
            .failure(SourceProblem(file: configurationFile, line: 1, reason: reason + "; the convention is detected instead"))
        }
        let value: JSONValue
        do {
            value = try JSONParser.parseValue(text)
        } catch {
            return problem("not valid JSON: \(error)")
        }
        let names = ["coordinator", "children", "start", "type"]
        let known = names + ["disabledRules"]
        guard case .object(let object) = value else { return problem("must be a JSON object") }
        if let unknown = object.keys.first(where: { !known.contains($0) }) {
            return problem("unknown member '\(unknown)' (known: \(known.joined(separator: ", ")))")
        }
        for key in names where object[key] != nil && object[key]?.stringValue?.isEmpty != false {
            return problem("'\(key)' must be a non-empty string")
        }
        var disabled: Set<String> = []
        if let rules = object["disabledRules"] {
            guard case .array(let list) = rules, list.allSatisfy({ $0.stringValue != nil }) else {
                return problem("'disabledRules' must be an array of rule ids")
            }
            disabled = Set(list.compactMap(\.stringValue))
        }
        guard let root = object["coordinator"]?.stringValue else {
            if object["children"] != nil || object["start"] != nil || object["type"] != nil {
                return problem("'coordinator' names the coordinator protocol or base class and is required with the others")
            }
            return .success((nil, disabled))
        }
        let convention = Convention(
            root: root, childrenProperty: object["children"]?.stringValue ?? "",
            startMethod: object["start"]?.stringValue ?? "",
            typeProperty: object["type"]?.stringValue ?? "type")
        return .success((convention, disabled))
    }
}
