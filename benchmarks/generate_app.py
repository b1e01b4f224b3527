#!/usr/bin/env python3
"""Writes a synthetic iOS app for the indexing benchmarks.

    generate_app.py --files 3000 --seed 1 --out benchmarks/data/app-3000

The app has the shape of a large real one: a coordinator protocol, an AppCoordinator made
by the scene delegate, a tab coordinator with five tabs, and a tree of about 200 coordinator
classes (children started in start(), flows started from event handlers), each pushing view
controllers. Every other file is ordinary app code that names no coordinator: view
controllers, views, view models, services, models and extensions of varied sizes.
It writes DIR/.bench-meta.json with the number of coordinator classes and creation sites.
"""

import argparse
import json
import os
import random


def coordinator_tree(rng, count):
    """(name, parent index, started on launch) for `count` coordinators; 0 is AppCoordinator."""
    nodes = [("AppCoordinator", None, True), ("MainTabCoordinator", 0, True)]
    tabs = ["Home", "Search", "Library", "Inbox", "Profile"]
    for tab in tabs:
        nodes.append((tab + "TabCoordinator", 1, True))
    while len(nodes) < count:
        parent = rng.randrange(2, len(nodes))
        nodes.append(("Feature%03dCoordinator" % len(nodes), parent, rng.random() < 0.3))
    return nodes


def coordinator_source(index, nodes, rng):
    name, parent, _ = nodes[index]
    children = [i for i, node in enumerate(nodes) if node[1] == index]
    case = "tab" if index == 1 else ("app" if index == 0 else "screen%d" % (index % 40))
    lines = ["import UIKit", "", "final class %s: Coordinator {" % name,
             "    weak var finishDelegate: CoordinatorFinishDelegate?",
             "    var navigationController: UINavigationController",
             "    var childCoordinators: [Coordinator] = []",
             "    var type: CoordinatorType { .%s }" % case]
    if index == 1:
        lines.append("    let tabBarController = UITabBarController()")
    lines += ["", "    init(_ navigationController: UINavigationController) {",
              "        self.navigationController = navigationController", "    }", "", "    func start() {"]
    if index == 1:
        lines.append("        var controllers: [UINavigationController] = []")
    lines.append("        let screen = %sViewController()" % name.replace("Coordinator", ""))
    lines.append("        screen.onSelect = { [weak self] in self?.showDetail() }")
    lines.append("        navigationController.pushViewController(screen, animated: false)")
    flows = []
    for number, child in enumerate(children):
        child_name, _, on_launch = nodes[child]
        if index == 1:
            lines += ["        let tab%d = UINavigationController()" % number,
                      "        tab%d.tabBarItem = UITabBarItem(title: \"%s\", image: UIImage(systemName: \"square\"), tag: %d)"
                      % (number, child_name.replace("TabCoordinator", ""), number),
                      "        controllers.append(tab%d)" % number,
                      "        startChild(%s(tab%d))" % (child_name, number)]
        elif on_launch:
            lines.append("        startChild(%s(navigationController))" % child_name)
        else:
            flows.append(child_name)
    if index == 1:
        lines += ["        tabBarController.setViewControllers(controllers, animated: false)",
                  "        navigationController.pushViewController(tabBarController, animated: false)"]
    lines.append("    }")
    for child_name in flows:
        lines += ["", "    func show%s() {" % child_name.replace("Coordinator", ""),
                  "        startChild(%s(navigationController))" % child_name, "    }"]
    lines += ["", "    func showDetail() {",
              "        navigationController.pushViewController(DetailViewController(itemID: %d), animated: true)" % index,
              "    }", "", "    private func startChild(_ child: Coordinator) {",
              "        child.finishDelegate = self", "        childCoordinators.append(child)", "        child.start()",
              "    }", "}", "", "extension %s: CoordinatorFinishDelegate {" % name,
              "    func coordinatorDidFinish(childCoordinator: Coordinator) {",
              "        childCoordinators.removeAll { $0 === childCoordinator }", "    }", "}", ""]
    return "\n".join(lines)


def ordinary_source(rng, kind, name, size):
    """An ordinary app file of about `size` lines that names no coordinator."""
    lines = ["import UIKit", ""]
    if kind == "model":
        lines += ["struct %s: Codable, Hashable {" % name]
        for field in range(max(3, size // 6)):
            lines.append("    var field%d: %s" % (field, rng.choice(["String", "Int", "Double", "[String]", "Date?"])))
        lines += ["", "    var summary: String {", "        \"\\(field0) (\\(field1))\"", "    }", "}"]
    elif kind == "service":
        lines += ["protocol %sProtocol {" % name, "    func load(page: Int, completion: @escaping (Result<[String], Error>) -> Void)", "}", "",
                  "final class %s: %sProtocol {" % (name, name), "    private let session: URLSession",
                  "    private var cache: [Int: [String]] = [:]", "",
                  "    init(session: URLSession = .shared) {", "        self.session = session", "    }", ""]
        for method in range(max(1, size // 20)):
            lines += ["    func load%d(page: Int, completion: @escaping (Result<[String], Error>) -> Void) {" % method,
                      "        if let cached = cache[page] {", "            completion(.success(cached))", "            return",
                      "        }", "        let url = URL(string: \"https://example.invalid/%d?page=\\(page)\")!" % method,
                      "        session.dataTask(with: url) { [weak self] data, _, error in",
                      "            guard let data, error == nil else {",
                      "                completion(.failure(error ?? URLError(.badServerResponse)))", "                return",
                      "            }", "            let items = String(decoding: data, as: UTF8.self).split(separator: \"\\n\").map(String.init)",
                      "            self?.cache[page] = items", "            completion(.success(items))", "        }.resume()", "    }", ""]
        lines += ["    func load(page: Int, completion: @escaping (Result<[String], Error>) -> Void) {",
                  "        load0(page: page, completion: completion)", "    }", "}"]
    elif kind == "viewModel":
        lines += ["final class %s {" % name, "    enum State { case idle, loading, loaded([String]), failed(String) }", "",
                  "    private(set) var state: State = .idle", "    var onChange: ((State) -> Void)?", ""]
        for method in range(max(1, size // 14)):
            lines += ["    func reload%d(filter: String?) {" % method, "        state = .loading", "        onChange?(state)",
                      "        let values = (0..<%d).map { \"item \\($0)\" }.filter { filter == nil || $0.contains(filter!) }" % (10 + method),
                      "        switch values.count {", "        case 0: state = .failed(\"empty\")", "        default: state = .loaded(values)",
                      "        }", "        onChange?(state)", "    }", ""]
        lines.append("}")
    elif kind == "view":
        lines += ["final class %s: UIView {" % name, "    private let titleLabel = UILabel()", "    private let stack = UIStackView()", "",
                  "    override init(frame: CGRect) {", "        super.init(frame: frame)", "        setUp()", "    }", "",
                  "    required init?(coder: NSCoder) { fatalError(\"init(coder:) has not been implemented\") }", "",
                  "    private func setUp() {", "        stack.axis = .vertical", "        stack.spacing = 8", "        addSubview(stack)",
                  "        stack.addArrangedSubview(titleLabel)"]
        for row in range(max(1, size // 5)):
            lines += ["        let label%d = UILabel()" % row, "        label%d.text = \"Row %d\"" % (row, row),
                      "        label%d.font = .systemFont(ofSize: %d)" % (row, 12 + row % 6), "        stack.addArrangedSubview(label%d)" % row]
        lines += ["    }", "}"]
    else:
        lines += ["final class %s: UIViewController {" % name, "    var onSelect: (() -> Void)?",
                  "    private let tableView = UITableView()", "    private var items: [String] = []", "",
                  "    override func viewDidLoad() {", "        super.viewDidLoad()", "        view.addSubview(tableView)",
                  "        tableView.dataSource = self", "        tableView.delegate = self", "        title = \"%s\"" % name, "    }", ""]
        for method in range(max(1, size // 12)):
            lines += ["    private func configure%d(_ cell: UITableViewCell, at indexPath: IndexPath) {" % method,
                      "        cell.textLabel?.text = items[indexPath.row]",
                      "        cell.accessoryType = indexPath.row %% %d == 0 ? .disclosureIndicator : .none" % (method + 2),
                      "    }", ""]
        lines += ["}", "", "extension %s: UITableViewDataSource, UITableViewDelegate {" % name,
                  "    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { items.count }", "",
                  "    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {",
                  "        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)", "        configure0(cell, at: indexPath)",
                  "        return cell", "    }", "",
                  "    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {", "        onSelect?()", "    }", "}"]
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=3000)
    parser.add_argument("--coordinators", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    out = args.out
    os.makedirs(out, exist_ok=True)

    def write(relative, text):
        path = os.path.join(out, relative)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)

    nodes = coordinator_tree(rng, args.coordinators)
    cases = ["app", "tab"] + ["screen%d" % i for i in range(40)]
    write("App/Coordinator.swift", "\n".join([
        "import UIKit", "", "protocol Coordinator: AnyObject {",
        "    var finishDelegate: CoordinatorFinishDelegate? { get set }",
        "    var navigationController: UINavigationController { get set }",
        "    var childCoordinators: [Coordinator] { get set }", "    var type: CoordinatorType { get }",
        "    func start()", "}", "", "protocol CoordinatorFinishDelegate: AnyObject {",
        "    func coordinatorDidFinish(childCoordinator: Coordinator)", "}", "",
        "enum CoordinatorType { case %s }" % ", ".join(cases), ""]))
    write("App/SceneDelegate.swift", "\n".join([
        "import UIKit", "", "final class SceneDelegate: UIResponder, UIWindowSceneDelegate {", "    var window: UIWindow?",
        "    private var appCoordinator: AppCoordinator?", "",
        "    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {",
        "        guard let windowScene = scene as? UIWindowScene else { return }",
        "        let window = UIWindow(windowScene: windowScene)", "        let navigationController = UINavigationController()",
        "        window.rootViewController = navigationController", "        let coordinator = AppCoordinator(navigationController)",
        "        appCoordinator = coordinator", "        coordinator.start()", "        window.makeKeyAndVisible()",
        "        self.window = window", "    }", "}", ""]))
    files = 2
    sites = 0
    for index, node in enumerate(nodes):
        feature = "Flows" if index < 7 else "Features/Feature%02d" % (index % 30)
        write("%s/%s.swift" % (feature, node[0]), coordinator_source(index, nodes, rng))
        sites += sum(1 for other in nodes if other[1] == index)
        files += 1
        screen = node[0].replace("Coordinator", "") + "ViewController"
        write("%s/%s.swift" % (feature, screen), ordinary_source(rng, "viewController", screen, rng.randint(40, 120)))
        files += 1
    write("Shared/DetailViewController.swift", ordinary_source(rng, "viewController", "DetailViewController", 60).replace(
        "    var onSelect: (() -> Void)?", "    var onSelect: (() -> Void)?\n    let itemID: Int\n\n    init(itemID: Int) {\n"
        "        self.itemID = itemID\n        super.init(nibName: nil, bundle: nil)\n    }\n\n"
        "    required init?(coder: NSCoder) { fatalError(\"init(coder:) has not been implemented\") }"))
    files += 1
    kinds = ["model", "service", "viewModel", "view", "viewController"]
    number = 0
    while files < args.files:
        kind = rng.choice(kinds)
        area = rng.choice(["Models", "Services", "Features/Feature%02d" % rng.randrange(30), "Shared/Views", "Shared/Extensions"])
        name = "%s%04d" % ({"model": "Record", "service": "Service", "viewModel": "ListViewModel",
                            "view": "CardView", "viewController": "PanelViewController"}[kind], number)
        size = int(rng.lognormvariate(4.3, 0.6))
        write("%s/%s.swift" % (area, name), ordinary_source(rng, kind, name, min(max(size, 20), 600)))
        files += 1
        number += 1
    with open(os.path.join(out, ".bench-meta.json"), "w") as handle:
        json.dump({"files": files, "coordinatorClasses": len(nodes), "creationSites": sites, "seed": args.seed}, handle)
    print("wrote %d Swift files, %d coordinator classes, %d creation sites to %s" % (files, len(nodes), sites, out))


if __name__ == "__main__":
    main()
