import UIKit

protocol Coordinator: AnyObject {
    var children: [Coordinator] { get set }
    func start()
}

final class NotesCoordinator: Coordinator {
    var children: [Coordinator] = []
    private let navigation: UINavigationController

    init(navigation: UINavigationController) {
        self.navigation = navigation
    }

    func start() {
        navigation.setViewControllers([NoteListViewController()], animated: false)
    }

    func noteSelected() {
        let editor = EditorCoordinator(navigation: navigation)
        children.append(editor)
        editor.start()
    }
}

final class EditorCoordinator: Coordinator {
    var children: [Coordinator] = []
    private let navigation: UINavigationController

    init(navigation: UINavigationController) {
        self.navigation = navigation
    }

    func start() {
        navigation.pushViewController(EditorViewController(), animated: true)
    }
}
