import Testing

@testable import SourceIndex

/// Which files the first round reads to find the convention, from the scans alone.
@Suite("The convention's candidate files")
struct ConventionCandidateFilesTests {
    private typealias CachedFile = SourceWorkspace.CachedFile

    private func entries(_ files: [(path: String, text: String)]) -> [CachedFile] {
        files.flatMap { file in
            CachedFile.scanned(path: file.path, version: .overlay(file.text), bytes: Array(file.text.utf8), threshold: 1 << 20)
                .readEntries
        }
    }

    @Test("files keeping an array of their own kind and files declaring its element, those named as coordinators first")
    func keepersAndDeclarations() {
        let files = entries([
            ("Coordinating.swift", "protocol Coordinating: AnyObject {}\n"),
            ("Base.swift", "class Base: Coordinating {\n    var children: [Coordinating] = []\n}\n"),
            ("Note.swift", "final class Note {}\n"),
            ("Group.swift", "class Group {\n    var groups: [Group] = []\n}\n"),
            ("Plant.swift", "final class Plant {}\n"),
            ("PlantList.swift", "final class PlantList {\n    var plants: [Plant] = []\n}\n"),
            ("Folder.swift", "final class Folder: Group {}\n"),
        ])
        let candidates = SourceWorkspace(directory: "/nonexistent").conventionCandidates(files)
        // `[Plant]` is kept by no plant: no candidate. `Group` keeps groups, but it is named as
        // no coordinator: it waits for the files of `Coordinating`, which its declaration's file
        // joins though it writes no brackets.
        #expect(candidates.named)
        #expect(candidates.first == [0, 1])
        #expect(candidates.later == [3])
    }

    @Test("with no element named as a coordinator, every candidate is read first")
    func noneNamed() {
        let files = entries([
            ("Node.swift", "class Node {}\n"),
            ("Tree.swift", "final class Tree: Node {\n    var nodes: [Node] = []\n}\n"),
            ("Leaf.swift", "final class Leaf {}\n"),
        ])
        let candidates = SourceWorkspace(directory: "/nonexistent").conventionCandidates(files)
        #expect(!candidates.named)
        #expect(candidates.first == [0, 1])
        #expect(candidates.later.isEmpty)
    }
}
