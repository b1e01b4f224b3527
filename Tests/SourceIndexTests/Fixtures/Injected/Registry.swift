import Swinject
import SwinjectAutoregistration

/// The container makes a new instance of the declared type each time a declaration runs.
@propertyWrapper
struct Injected<Service> {
    let wrappedValue: Service

    init() {
        wrappedValue = Registry.container.resolve(Service.self)!
    }
}

enum Registry {
    static let container: Container = {
        let container = Container()
        container.autoregister(SeedlingFlow.self, initializer: SeedlingFlow.init)
        container.autoregister(BedsFlow.self, initializer: BedsFlow.init)
        container.autoregister(TomatoFlow.self, initializer: TomatoFlow.init)
        container.autoregister(HerbFlow.self, initializer: HerbFlow.init)
        container.autoregister(SeedlingStepper.self, initializer: SeedlingStepper.init)
        container.autoregister(SeedlingListViewController.self, initializer: SeedlingListViewController.init)
        return container
    }()
}
