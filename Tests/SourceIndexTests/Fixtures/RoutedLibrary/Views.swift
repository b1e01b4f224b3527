import MapKit
import SwiftUI
import UIKit

/// A view that keeps views of its own kind: an array of its own kind that is no coordinator.
final class BadgeStackView: UIView {
    var badges: [BadgeStackView] = []

    func start() {}
}

/// SwiftUI's representables declare a `Coordinator` class of their own.
struct StoreMap: UIViewRepresentable {
    final class Coordinator: NSObject, MKMapViewDelegate {
        var children: [Coordinator] = []
    }

    func makeCoordinator() -> Coordinator { Coordinator() }
    func makeUIView(context: Context) -> MKMapView { MKMapView() }
    func updateUIView(_ view: MKMapView, context: Context) {}
}
