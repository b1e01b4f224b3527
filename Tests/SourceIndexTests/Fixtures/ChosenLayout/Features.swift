import Foundation

/// Build-time switches: constants the code branches on, in a file that names no screen.
struct Features {
    static let compactLibrary = true
    static let shelfTitle = "Shelves"
    static let helpURL = URL(string: "https://example.org/help")
}
