import RxFlow
import RxSwift
import UIKit

/// The tab bar: novels first, loans second, each tab a flow of its own.
final class LibraryFlow: Flow {
    var root: Presentable { tabBar }
    private let tabBar = UITabBarController()
    @Inject private var novels: NovelsFlow
    @Inject private var loans: LoansFlow

    func navigate(to step: Step) -> FlowContributors {
        guard let step = step.shelf, step == .shelves else { return .none }
        Flows.use(novels, loans, when: .ready) { [unowned self] (novelsRoot: UINavigationController, loansRoot: UINavigationController) in
            novelsRoot.tabBarItem = UITabBarItem(title: "Novels", image: nil, tag: 0)
            loansRoot.tabBarItem = UITabBarItem(title: "Loans", image: nil, tag: 1)
            self.tabBar.setViewControllers([novelsRoot, loansRoot], animated: false)
        }
        return .multiple(
            .contribute(withNextPresentable: novels, withNextStepper: NovelsStepper()),
            .contribute(withNextPresentable: loans, withNextStepper: LoansStepper()))
    }
}

struct NovelsStepper: Stepper {
    let steps = PublishRelay<Step>()
    private let bag = DisposeBag()

    func readyToEmitSteps() {
        Observable.just(ShelfStep.shelves).bind(to: steps).disposed(by: bag)
    }
}

final class NovelsFlow: Flow {
    var root: Presentable { navigation }
    private let navigation = UINavigationController()

    func navigate(to step: Step) -> FlowContributors {
        switch step.shelf {
        case .shelves?:
            let model = NovelListViewModel()
            navigation.setViewControllers([NovelListViewController(model: model)], animated: false)
            return .one(flowContributor: .contribute(withNextPresentable: navigation, withNextStepper: model))
        case .book(let id)?:
            navigation.pushViewController(BookViewController(id: id), animated: true)
        default:
            break
        }
        return .none
    }
}

final class LoansFlow: Flow {
    var root: Presentable { navigation }
    private let navigation = UINavigationController()

    func navigate(to step: Step) -> FlowContributors {
        switch step as? ShelfStep {
        case .loans?:
            let list = Shelf.container.resolve(LoanListViewController.self)!
            navigation.setViewControllers([list], animated: false)
        case .returned?:
            navigation.setViewControllers([ReturnsViewController()], animated: false)
        default:
            break
        }
        return .none
    }
}

final class NovelListViewController: UIViewController {
    init(model: NovelListViewModel) { super.init(nibName: nil, bundle: nil) }
    required init?(coder: NSCoder) { nil }
}
final class LoanListViewController: UIViewController {}
final class ReturnsViewController: UIViewController {}

final class BookViewController: UIViewController {
    init(id: Int) { super.init(nibName: nil, bundle: nil) }
    required init?(coder: NSCoder) { nil }
}

@propertyWrapper
final class Inject<Value> {
    let wrappedValue: Value
    init() { wrappedValue = Shelf.container.resolve(Value.self)! }
}
