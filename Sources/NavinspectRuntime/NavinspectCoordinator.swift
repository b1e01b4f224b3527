/// What a coordinator tells the runtime when reflection cannot see its convention.
///
/// The runtime reads most apps by reflection: children in a stored property named
/// `childCoordinators`, `children` or `coordinators`, the `type` property, and the navigation
/// controller or router the coordinator holds. A coordinator that keeps these elsewhere adopts
/// this protocol; each property left at its default (`nil`) is still read by reflection.
public protocol NavinspectCoordinator: AnyObject {
    /// The children, in the order the app's `findCoordinator(type:)` pushes them; nil reads them by reflection.
    var navinspectChildren: [AnyObject]? { get }
    /// The `CoordinatorType` case name; nil reads the `type` property by reflection.
    var navinspectType: String? { get }
    /// The navigation or tab bar controller this coordinator drives; nil finds it by reflection.
    var navinspectContainer: AnyObject? { get }
}

extension NavinspectCoordinator {
    public var navinspectChildren: [AnyObject]? { nil }
    public var navinspectType: String? { nil }
    public var navinspectContainer: AnyObject? { nil }
}
