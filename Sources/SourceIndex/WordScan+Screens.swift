/// The words by which the scan tells a file, or a declaration in it, may make, hold or change
/// what is on screen.
extension WordScan {
    /// Whether the file may make, hold or change what is on screen: it makes or declares a view
    /// controller, names a router (``makesControllerOrRouter``), or uses a word UIKit's containers and
    /// the routers that wrap them are driven with.
    var mayTouchScreens: Bool { makesControllerOrRouter || contains(any: Self.screenWords) }

    static let screenWords: [UInt64] = [
        "UIWindow", "viewControllers", "setViewControllers", "present", "push", "toPresent", "toPresentable",
        "Presentable", "setRootModule", "selectedIndex", "makeKeyAndVisible", "addChild",
    ].map(hash)

    /// Two sets of six bits of each of ``screenWords``, each as a mask: all but one word in two
    /// hundred are told apart by two tests, without looking through the list.
    static let screenWordBits = screenWords.reduce((UInt64(0), UInt64(0))) { masks, hash in
        (masks.0 | 1 << (hash & 63), masks.1 | 1 << (hash >> 6 & 63))
    }

    /// `progress.addChild(load, withPendingUnitCount: 1)`: Foundation's `Progress` has an
    /// `addChild` too, which drives no screen. Looked for only after the word `addChild`, on the
    /// rest of its line.
    static func addsProgress(_ hash: UInt64, in bytes: UnsafeBufferPointer<UInt8>, after index: Int) -> Bool {
        guard hash == addChildHash else { return false }
        let lineEnd = ByteSearch.firstIndex(of: UInt8(ascii: "\n"), in: bytes, from: index) ?? bytes.count
        return ByteSearch.firstIndex(
            of: "withPendingUnitCount", in: UnsafeBufferPointer(rebasing: bytes[index..<lineEnd]), from: 0)
            != nil
    }

    private static let addChildHash = hash("addChild")

    @inline(__always)
    static func mayBeScreenWord(_ hash: UInt64, _ bits: (UInt64, UInt64)) -> Bool {
        bits.0 & 1 << (hash & 63) != 0 && bits.1 & 1 << (hash >> 6 & 63) != 0
    }
}
