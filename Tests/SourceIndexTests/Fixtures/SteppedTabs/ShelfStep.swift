import RxFlow

enum ShelfStep: Step {
    case shelves
    case book(Int)
    case loans
    case returned(Int)
}
