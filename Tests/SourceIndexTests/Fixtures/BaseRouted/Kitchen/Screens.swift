import UIKit

final class RecipeListViewController: UIViewController {}
final class RecipeViewController: UIViewController {}
final class TipsViewController: UIViewController {}
