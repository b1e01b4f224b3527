/// A map for the few entries a frame of the launch evaluation holds (its calls' results, its
/// locals, its arguments not evaluated yet), asked at every statement and every call and at
/// every level of the frames a name is looked up through: looked through in a list, which is
/// faster than hashing the key at each question; past ``SmallMapKey/listed`` entries, a
/// dictionary keeps them.
struct SmallMap<Key: SmallMapKey, Value> {
    private var keys: [Key] = []
    private var values: [Value] = []
    private var table: [Key: Value]?

    /// - Parameter capacity: the entries expected, room for which is made at once.
    init(capacity: Int = 0) {
        if capacity > Key.listed {
            table = Dictionary(minimumCapacity: capacity)
        } else if capacity > 0 {
            keys.reserveCapacity(capacity)
            values.reserveCapacity(capacity)
        }
    }

    var isEmpty: Bool { table?.isEmpty ?? keys.isEmpty }

    private func position(of key: Key) -> Int? {
        keys.firstIndex { $0.isSame(as: key) }
    }

    subscript(key: Key) -> Value? {
        get {
            if let table { return table[key] }
            return position(of: key).map { values[$0] }
        }
        set {
            if table != nil {
                table![key] = newValue
                return
            }
            if let position = position(of: key) {
                if let newValue {
                    values[position] = newValue
                } else {
                    keys.remove(at: position)
                    values.remove(at: position)
                }
                return
            }
            guard let newValue else { return }
            keys.append(key)
            values.append(newValue)
            if keys.count > Key.listed {
                table = Dictionary(uniqueKeysWithValues: zip(keys, values))
                keys = []
                values = []
            }
        }
    }

    @discardableResult
    mutating func removeValue(forKey key: Key) -> Value? {
        let value = self[key]
        if value != nil { self[key] = nil }
        return value
    }
}

/// A key of a ``SmallMap``: equality told the cheap way first.
protocol SmallMapKey: Hashable {
    /// How many entries a list holds before a dictionary takes them: past it, looking through
    /// the list costs more than a hash.
    static var listed: Int { get }
    func isSame(as other: Self) -> Bool
}

extension String: SmallMapKey {
    static var listed: Int { 16 }

    /// Lengths first: most names compared (in a frame's list, in a scan of a class's members)
    /// differ in length.
    func isSame(as other: String) -> Bool { utf8.count == other.utf8.count && self == other }
}

extension Set<String> {
    /// Membership in a set of names that is most often a handful (an edit changes one file and
    /// the types in it): compared one by one, length first, instead of hashing each name asked.
    var membership: (String) -> Bool {
        guard count <= 8 else { return { self.contains($0) } }
        let few = Array(self)
        return { name in few.contains { $0.isSame(as: name) } }
    }
}

extension ContainerEvaluator.CallKey: SmallMapKey {
    static var listed: Int { 24 }

    func isSame(as other: Self) -> Bool { offset == other.offset && name == other.name }
}
