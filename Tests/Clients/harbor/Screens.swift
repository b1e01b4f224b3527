import UIKit

final class QuayViewController: UIViewController {}
final class BerthListViewController: UIViewController {}
final class TideTableViewController: UIViewController {}
final class TicketViewController: UIViewController {}
