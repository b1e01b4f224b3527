import UIKit

/// What the archive's screens ask of whoever shows them.
protocol ArchiveScreensDelegate: AnyObject {
    func showNote(for id: String)
}

/// A coordinator protocol that is its screens' delegate, and answers them in its extension.
protocol ReadingCoordinator: Coordinator, ArchiveScreensDelegate {}

extension ReadingCoordinator {
    func showNote(for id: String) {
        let note = NoteCoordinator(id: id)
        childCoordinators.append(note)
        note.start()
    }
}

final class NoteCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    private let id: String

    init(id: String) {
        self.id = id
    }

    func start() {}
}
