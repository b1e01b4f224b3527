// The word scan alone, on one thread, over every Swift file of an app held in memory: the best of
// seven passes, in milliseconds. Built by word_scan_paired.sh with a revision's WordScan.swift and
// WordHashes.swift, so that two revisions' scans compare without the rest of an index around them.
import Foundation

let root = CommandLine.arguments[1]
var texts: [[UInt8]] = []
if let walk = FileManager.default.enumerator(atPath: root) {
    while let path = walk.nextObject() as? String {
        if path.hasSuffix(".swift"), let data = FileManager.default.contents(atPath: root + "/" + path) {
            texts.append([UInt8](data))
        }
    }
}
var best = Double.infinity
// What the scans found, printed so that no pass can be optimized away and both revisions can be
// seen to find the same declarations.
var found = 0
for _ in 0..<7 {
    let start = DispatchTime.now().uptimeNanoseconds
    for text in texts {
        let scan = WordScan(text)
        found &+= scan.declared.count &+ scan.headers.count &+ (scan.makesControllerOrRouter ? 1 : 0)
    }
    best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
}
print(String(format: "%.2f %d %d", best, texts.count, found))
