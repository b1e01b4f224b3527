/// Test code kept among the app's files.
///
/// Kept out of `SwiftFiles.swift`, which `scripts/check-darwin` type-checks with the folder watch
/// alone, without the byte searches and word scan this uses.
extension SwiftFiles {
    /// Whether a Swift file is a test's, not the app's: it imports XCTest or Swift Testing, or
    /// `@testable import`s a module, on a line of its own (tests kept beside the code they test,
    /// `AppCoordinatorTests.swift` next to `AppCoordinator.swift`, and their helpers' folders).
    static func isTestCode(_ bytes: [UInt8]) -> Bool {
        // Three byte searches (`memmem`), made only for files whose words name one of the modules.
        bytes.withUnsafeBufferPointer { text in
            for mark in ["import XCTest", "import Testing", "@testable import "] {
                var from = 0
                while let found = ByteSearch.firstIndex(of: mark, in: text, from: from) {
                    from = found + mark.utf8.count
                    var lineStart = found
                    while lineStart > 0, text[lineStart - 1] == UInt8(ascii: " ") || text[lineStart - 1] == UInt8(ascii: "\t") {
                        lineStart -= 1
                    }
                    guard lineStart == 0 || text[lineStart - 1] == UInt8(ascii: "\n") else { continue }
                    // `import XCTestDynamicOverlay` is another module.
                    if mark.hasSuffix(" ") || from == text.count || !WordScan.isWordByte(text[from]) { return true }
                }
            }
            return false
        }
    }
}
