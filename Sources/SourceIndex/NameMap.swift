/// A map from names to values for the few names a frame of the launch evaluation holds (its
/// locals, its arguments not evaluated yet): looked through in a list, names compared by length
/// first, which is faster than hashing the name at each question; past ``listed`` names, a
/// dictionary keeps them. A name is asked at every level of the frames it is looked up through.
struct NameMap<Value> {
    static var listed: Int { 16 }
    private var names: [String] = []
    private var values: [Value] = []
    private var table: [String: Value]?

    var isEmpty: Bool { table?.isEmpty ?? names.isEmpty }

    mutating func reserveCapacity(_ capacity: Int) {
        if capacity > Self.listed {
            if table == nil { table = Dictionary(uniqueKeysWithValues: zip(names, values)) }
            table!.reserveCapacity(capacity)
            names = []
            values = []
        } else {
            names.reserveCapacity(capacity)
            values.reserveCapacity(capacity)
        }
    }

    private func position(of name: String) -> Int? {
        names.firstIndex { $0.utf8.count == name.utf8.count && $0 == name }
    }

    subscript(name: String) -> Value? {
        get {
            if let table { return table[name] }
            return position(of: name).map { values[$0] }
        }
        set {
            if table != nil {
                table![name] = newValue
                return
            }
            if let position = position(of: name) {
                if let newValue {
                    values[position] = newValue
                } else {
                    names.remove(at: position)
                    values.remove(at: position)
                }
                return
            }
            guard let newValue else { return }
            names.append(name)
            values.append(newValue)
            if names.count > Self.listed {
                table = Dictionary(zip(names, values)) { _, last in last }
                names = []
                values = []
            }
        }
    }

    @discardableResult
    mutating func removeValue(forKey name: String) -> Value? {
        let value = self[name]
        if value != nil { self[name] = nil }
        return value
    }
}
