import RxFlow
import RxRelay

/// Opens the loans tab on the loans themselves.
final class LoansStepper: Stepper {
    let steps = PublishRelay<Step>()

    var initialStep: Step {
        ShelfStep.loans
    }
}
