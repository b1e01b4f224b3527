import JSON

extension Convention {
    /// The configuration file an app may keep at its root when auto-detection is not enough.
    public static let configurationFile = ".navinspect.json"

    /// The convention `.navinspect.json` names, nil when there is no such file, or the problem with it.
    ///
    /// ```json
    /// {"coordinator": "Coordinating", "children": "coordinators", "start": "start", "type": "destination"}
    /// ```
    /// Only `coordinator` is required; what is left out is found in the declarations.
    static func configured(in directory: String) -> Result<Convention?, SourceProblem> {
        let path = directory + "/" + configurationFile
        guard case .success(let text) = SwiftFiles.read(path) else { return .success(nil) }
        func problem(_ reason: String) -> Result<Convention?, SourceProblem> {
            .failure(SourceProblem(file: configurationFile, line: 1, reason: reason + "; the convention is detected instead"))
        }
        let value: JSONValue
        do {
            value = try JSONParser.parseValue(text)
        } catch {
            return problem("not valid JSON: \(error)")
        }
        let known = ["coordinator", "children", "start", "type"]
        guard case .object(let object) = value else { return problem("must be a JSON object") }
        if let unknown = object.keys.first(where: { !known.contains($0) }) {
            return problem("unknown member '\(unknown)' (known: \(known.joined(separator: ", ")))")
        }
        for key in known where object[key] != nil && object[key]?.stringValue?.isEmpty != false {
            return problem("'\(key)' must be a non-empty string")
        }
        guard let root = object["coordinator"]?.stringValue else {
            return problem("'coordinator' names the coordinator protocol or base class and is required")
        }
        return .success(
            Convention(
                root: root, childrenProperty: object["children"]?.stringValue ?? "",
                startMethod: object["start"]?.stringValue ?? "",
                typeProperty: object["type"]?.stringValue ?? "type"))
    }
}
