/// For previews and tests: shows nothing.
struct SilentPresentation: Presentation {
    func begin(with screen: UIViewController) {}
    func end() {}
}
