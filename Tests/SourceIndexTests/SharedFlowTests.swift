import CoordinatorModel
import Foundation
import SourceIndex
import Testing

@Suite("A flow several coordinators open is shown with its children once")
struct SharedFlowTests {
    private static let convention = Convention(root: "Coordinator", childrenProperty: "childCoordinators", startMethod: "start")

    @Test(
        "the basket both tabs open on demand has its checkout listed under the first; the second names it; leaves and the live tab are whole"
    )
    func sharedOnce() {
        assertExtract(
            fixture: "SharedFlows", convention: Self.convention,
            expected: [
                "ShopCoordinator .shop",
                "ShopCoordinator/ShelfCoordinator .shelf start launch",
                "ShopCoordinator/ShelfCoordinator/BasketCoordinator .basket basketTapped demand",
                "ShopCoordinator/ShelfCoordinator/BasketCoordinator/CheckoutCoordinator .checkout checkoutTapped demand",
                "ShopCoordinator/ShelfCoordinator/BasketCoordinator/CheckoutCoordinator/AddressCoordinator .address addressTapped demand",
                "ShopCoordinator/ShelfCoordinator/BasketCoordinator/CheckoutCoordinator/CourierCoordinator .courier courierTapped demand",
                "ShopCoordinator/ShelfCoordinator/ReceiptCoordinator .receipt receiptTapped demand",
                // The library opened from the shelf is its first showing: its children are listed.
                "ShopCoordinator/ShelfCoordinator/LibraryCoordinator .library libraryTapped demand",
                "ShopCoordinator/ShelfCoordinator/LibraryCoordinator/BasketCoordinator .basket basketTapped demand = ShopCoordinator/ShelfCoordinator/BasketCoordinator",
                "ShopCoordinator/ShelfCoordinator/LibraryCoordinator/ReceiptCoordinator .receipt receiptTapped demand",
                // The library tab is made at launch: an instance of its own, listed whole.
                "ShopCoordinator/LibraryCoordinator .library start launch",
                "ShopCoordinator/LibraryCoordinator/BasketCoordinator .basket basketTapped demand = ShopCoordinator/ShelfCoordinator/BasketCoordinator",
                "ShopCoordinator/LibraryCoordinator/ReceiptCoordinator .receipt receiptTapped demand",
            ])
    }

    @Test("findCoordinator goes on below the coordinator a repeated flow names, and says through which")
    func searchFollowsSameAs() throws {
        let index = SourceIndexer.index(directory: fixture("SharedFlows"))
        let tree = try CoordinatorTree(validating: index.draft)
        let library = try #require(tree.node(id: "ShopCoordinator/LibraryCoordinator"))
        let basket = try #require(tree.node(id: "ShopCoordinator/LibraryCoordinator/BasketCoordinator"))
        let address = try #require(
            tree.node(id: "ShopCoordinator/ShelfCoordinator/BasketCoordinator/CheckoutCoordinator/AddressCoordinator"))
        #expect(tree.childCount(of: basket) == 0)
        let match = try #require(tree.findMatches(type: "address", from: library, all: false).first)
        #expect(match == SearchVisit(node: address, via: [basket]))
        #expect(tree.findCoordinator(type: "address", from: library) == address)
        let path = try #require(tree.searchPath(to: match, from: library))
        #expect(
            path.map { tree[$0].id } == [
                "ShopCoordinator/LibraryCoordinator", "ShopCoordinator/LibraryCoordinator/BasketCoordinator",
                "ShopCoordinator/ShelfCoordinator/BasketCoordinator/CheckoutCoordinator",
                "ShopCoordinator/ShelfCoordinator/BasketCoordinator/CheckoutCoordinator/AddressCoordinator",
            ])
        // From the root, the checkout is met three times: under the shelf's basket, and through
        // the two baskets that name it, in the app's order (children last to first).
        let checkouts = tree.findMatches(type: "checkout", from: nil, all: true)
        #expect(checkouts.map(\.via.count) == [1, 1, 0])
        #expect(Set(checkouts.map(\.node)).count == 1)
        // The order the search visits holds the checkout's subtree once per way to it.
        #expect(tree.searchOrder().count { tree[$0].className == "AddressCoordinator" } == 3)
    }
}
