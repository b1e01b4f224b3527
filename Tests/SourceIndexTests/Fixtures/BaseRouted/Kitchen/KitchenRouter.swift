import UIKit

final class KitchenRouter: BaseRouter {}
