/// A hiking trail: plain data, nothing for the coordinator lint to look at.
public struct Trail: Equatable, Sendable {
    public var name: String
    public var lengthInKilometers: Double

    public init(name: String, lengthInKilometers: Double) {
        self.name = name
        self.lengthInKilometers = lengthInKilometers
    }
}
