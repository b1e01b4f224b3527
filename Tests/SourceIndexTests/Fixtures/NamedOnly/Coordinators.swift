import UIKit

// No protocol and no base class: each coordinator keeps its own children.
@objc final class FieldAppCoordinator: NSObject {
    private var childCoordinators: [NSObject] = []
    private let navigation: UINavigationController

    init(navigation: UINavigationController) {
        self.navigation = navigation
    }

    @objc func start() {
        let survey = SurveyCoordinator(navigation: navigation)
        childCoordinators.append(survey)
        survey.start()
    }
}

@objc final class SurveyCoordinator: NSObject {
    private var childCoordinators: [NSObject] = []
    private let navigation: UINavigationController

    init(navigation: UINavigationController) {
        self.navigation = navigation
    }

    @objc func start() {
        navigation.pushViewController(SurveyViewController(), animated: false)
    }

    func attachPhotoTapped() {
        let photo = PhotoCoordinator(navigation: navigation)
        childCoordinators.append(photo)
        photo.start()
    }
}

final class PhotoCoordinator {
    private let navigation: UINavigationController

    init(navigation: UINavigationController) {
        self.navigation = navigation
    }

    func start() {
        navigation.present(UIImagePickerController(), animated: true)
    }
}
