import RxFlow
import RxRelay

/// Steps only when the reader picks a book.
final class NovelListViewModel: Stepper {
    let steps = PublishRelay<Step>()

    func pick(_ id: Int) {
        steps.accept(ShelfStep.book(id))
    }
}
