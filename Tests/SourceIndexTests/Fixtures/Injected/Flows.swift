import RxFlow
import RxRelay
import UIKit

enum GreenhouseStep: Step {
    case seedlings
    case seedlingPicked(String)
    case beds
    case planted
}

extension Step {
    var greenhouse: GreenhouseStep? { self as? GreenhouseStep }
}

struct GreenhouseStepper: Stepper {
    let steps = PublishRelay<Step>()
    var initialStep: Step { GreenhouseStep.seedlings }
}

/// Shows the seedlings first; the beds once planting is done.
final class GreenhouseFlow: Flow {
    var root: Presentable { window }
    private let window: UIWindow

    init(window: UIWindow) {
        self.window = window
    }

    func navigate(to step: Step) -> FlowContributors {
        guard let step = step.greenhouse else { return .none }
        switch step {
        case .seedlings: return showSeedlings()
        case .planted: return showBeds()
        default: return .none
        }
    }

    private func showSeedlings() -> FlowContributors {
        @Injected var seedlings: SeedlingFlow
        Flows.use(seedlings, when: .created) { [unowned self] root in
            self.window.rootViewController = root
        }
        return .one(flowContributor: .contribute(withNextPresentable: seedlings, withNextStepper: seedlings.stepper))
    }

    private func showBeds() -> FlowContributors {
        @Injected var beds: BedsFlow
        Flows.use(beds, when: .created) { [unowned self] root in
            self.window.rootViewController = root
        }
        return .one(
            flowContributor: .contribute(
                withNextPresentable: beds, withNextStepper: OneStepper(withSingleStep: GreenhouseStep.beds)))
    }
}

struct SeedlingStepper: Stepper {
    let steps = PublishRelay<Step>()

    func readyToEmitSteps() {
        steps.accept(GreenhouseStep.seedlings)
    }
}

final class SeedlingFlow: Flow {
    var root: Presentable { navigation }
    private let navigation = UINavigationController()
    @Injected var stepper: SeedlingStepper
    @Injected private var list: SeedlingListViewController

    func navigate(to step: Step) -> FlowContributors {
        guard let step = step as? GreenhouseStep else { return .none }
        switch step {
        case .seedlings:
            navigation.setViewControllers([list], animated: false)
            return .one(flowContributor: .contribute(withNext: list))
        case .seedlingPicked(let name):
            navigation.pushViewController(SeedlingDetailViewController(name: name), animated: true)
            return .none
        case .planted:
            return .end(forwardToParentFlowWithStep: GreenhouseStep.planted)
        default:
            return .none
        }
    }
}

/// Two tabs, each a flow of its own given by the container.
final class BedsFlow: Flow {
    var root: Presentable { tabs }
    private let tabs = UITabBarController()
    @Injected private var tomatoes: TomatoFlow
    @Injected private var herbs: HerbFlow

    func navigate(to step: Step) -> FlowContributors {
        guard case .beds? = step.greenhouse else { return .none }
        Flows.use(tomatoes, herbs, when: .created) { [unowned self] (first: UINavigationController, second: UINavigationController) in
            self.tabs.setViewControllers([first, second], animated: false)
        }
        return .multiple(flowContributors: [
            .contribute(withNextPresentable: tomatoes, withNextStepper: OneStepper(withSingleStep: GreenhouseStep.beds)),
            .contribute(withNextPresentable: herbs, withNextStepper: OneStepper(withSingleStep: GreenhouseStep.beds)),
        ])
    }
}

final class TomatoFlow: Flow {
    var root: Presentable { navigation }
    private let navigation = UINavigationController()

    func navigate(to step: Step) -> FlowContributors {
        navigation.setViewControllers([TomatoBedViewController()], animated: false)
        return .none
    }
}

final class HerbFlow: Flow {
    var root: Presentable { navigation }
    private let navigation = UINavigationController()

    func navigate(to step: Step) -> FlowContributors {
        navigation.setViewControllers([HerbBedViewController()], animated: false)
        return .none
    }
}
