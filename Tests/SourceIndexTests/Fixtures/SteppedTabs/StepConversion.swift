import RxFlow

extension Step {
    /// The library's step as this app's.
    var shelf: ShelfStep? { self as? ShelfStep }
}
