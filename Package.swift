// swift-tools-version:6.1
import PackageDescription

// Tools version 6.1: the plugins in Plugins/ use PackagePlugin's URL API (Target.directoryURL).

// The commit `navinspect --version` names, from the checkout this manifest is read in (SwiftPM reads
// git's own files; no network). A tarball has no git: Sources/CBuildInfo/BuildInfo.c then holds the
// commit git archive wrote into it.
let buildCommit = Context.gitInformation.map { git in
    git.currentCommit + (git.hasUncommittedChanges ? ".modified" : "")
}

let package = Package(
    name: "navinspect",
    platforms: [.macOS(.v15), .iOS(.v13)],
    products: [
        .executable(name: "navinspect", targets: ["navinspect"]),
        // For the fuzz targets in Fuzz/, which build as a package of their own.
        .library(name: "NavinspectCore", targets: ["JSON", "JSONRPC", "CoordinatorModel", "TreeDocument"]),
        // For apps that add navinspect as a package dependency (Plugins/; Tests/PluginSample uses them).
        .plugin(name: "NavinspectLintCommandPlugin", targets: ["NavinspectLintCommandPlugin"]),
        .plugin(name: "NavinspectIndexCommandPlugin", targets: ["NavinspectIndexCommandPlugin"]),
        .plugin(name: "NavinspectBuildToolPlugin", targets: ["NavinspectBuildToolPlugin"]),
        // What an app links in its Debug build to stream its live tree to the daemon: Foundation only.
        .library(name: "NavinspectRuntime", targets: ["NavinspectRuntime"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
    ],
    targets: [
        // json-c, found through pkg-config; only the JSON module imports it.
        .systemLibrary(
            name: "CJSONC",
            pkgConfig: "json-c",
            providers: [.apt(["libjson-c-dev"]), .brew(["json-c"])]
        ),
        .target(name: "JSON", dependencies: ["CJSONC"]),
        // The few C library calls Swift's Glibc module does not expose.
        .target(name: "CSystem"),
        // The commit the binary is built from (see buildCommit above).
        .target(name: "CBuildInfo", cSettings: buildCommit.map { [.define("NAVINSPECT_COMMIT", to: "\"\($0)\"")] }),
        .target(name: "CoordinatorModel"),
        // A lock ThreadSanitizer understands, for the modules that share state between threads.
        .target(name: "Locking"),
        .target(name: "TreeDocument", dependencies: ["JSON", "CoordinatorModel", "Locking"]),
        .target(
            name: "SourceIndex",
            dependencies: [
                "CoordinatorModel", "CSystem", "JSON", "Locking",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        .target(name: "JSONRPC", dependencies: ["JSON", "Locking"]),
        // What the editor asks about the sources: hover, definition, references, code lenses, symbols.
        .target(
            name: "NavinspectLanguage",
            dependencies: [
                "CoordinatorModel", "JSON", "SourceIndex",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        .target(name: "NavinspectProtocol", dependencies: ["CBuildInfo", "JSON", "JSONRPC", "CoordinatorModel"]),
        // Pictures of the tree (Mermaid, DOT, SVG) and the HTML report; nothing of JSON-RPC.
        .target(name: "TreeGraphics", dependencies: ["CoordinatorModel", "JSON"]),
        .target(
            name: "NavinspectServer",
            dependencies: [
                "CSystem", "JSON", "JSONRPC", "Locking", "CoordinatorModel", "TreeDocument", "SourceIndex", "NavinspectProtocol",
                "NavinspectLanguage",
            ]
        ),
        .target(
            name: "NavinspectCLI",
            dependencies: [
                "JSON", "Locking", "CoordinatorModel", "TreeDocument", "SourceIndex", "NavinspectProtocol", "NavinspectServer",
                "TreeGraphics",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "navinspect", dependencies: ["NavinspectCLI", "Locking", "CSystem"]),
        .target(name: "NavinspectRuntime"),
        // The demo app: coordinators in the seed documents' style on fake containers, and its scripted session.
        .target(name: "TrailheadDemo", dependencies: ["NavinspectRuntime"], path: "Examples/TrailheadDemo/App"),
        .executableTarget(name: "trailhead-demo", dependencies: ["TrailheadDemo"], path: "Examples/TrailheadDemo/Main"),
        // benchmarks/live_bench.sh: the live app's snapshot cost, change latency and history memory.
        .executableTarget(
            name: "live-bench", dependencies: ["NavinspectRuntime", "JSON", "JSONRPC"], path: "benchmarks/LiveBench"),
        // `swift package plugin navinspect-lint` and `navinspect-index`, and lint during every build.
        .plugin(
            name: "NavinspectLintCommandPlugin",
            capability: .command(
                intent: .custom(verb: "navinspect-lint", description: "Find coordinator bugs in the package's sources")),
            dependencies: ["navinspect"]
        ),
        .plugin(
            name: "NavinspectIndexCommandPlugin",
            capability: .command(
                intent: .custom(verb: "navinspect-index", description: "Print the coordinator tree of the package's sources")),
            dependencies: ["navinspect"]
        ),
        .plugin(name: "NavinspectBuildToolPlugin", capability: .buildTool(), dependencies: ["navinspect"]),

        .target(
            name: "TestSupport",
            dependencies: [
                "JSON", "JSONRPC", "Locking", "CoordinatorModel", "TreeDocument", "NavinspectServer", "NavinspectLanguage",
            ],
            path: "Tests/TestSupport"
        ),
        .testTarget(name: "JSONTests", dependencies: ["JSON", "TestSupport"]),
        .testTarget(name: "CoordinatorModelTests", dependencies: ["CoordinatorModel", "TreeDocument", "TestSupport"]),
        .testTarget(name: "TreeDocumentTests", dependencies: ["TreeDocument", "JSON", "TestSupport"]),
        .testTarget(name: "JSONRPCTests", dependencies: ["JSONRPC", "JSON", "TestSupport"]),
        .testTarget(
            name: "NavinspectServerTests",
            dependencies: ["NavinspectServer", "NavinspectProtocol", "JSONRPC", "JSON", "TestSupport"]
        ),
        .testTarget(name: "NavinspectCLITests", dependencies: ["NavinspectCLI", "TestSupport"]),
        .testTarget(name: "NavinspectLanguageTests", dependencies: ["NavinspectLanguage"]),
        // The runtime's UIKit adapter, compiled from its own source against stand-ins named as UIKit's.
        .testTarget(
            name: "UIKitAdapterTests", dependencies: ["NavinspectRuntime"],
            swiftSettings: [.define("NAVINSPECT_UIKIT_STUBS")]),
        .testTarget(
            name: "LiveDemoTests",
            dependencies: ["TrailheadDemo", "NavinspectRuntime", "NavinspectServer", "JSON", "TestSupport"]),
        .testTarget(
            name: "NavinspectRuntimeTests",
            dependencies: ["NavinspectRuntime", "JSON", "JSONRPC", "Locking", "TreeDocument", "CoordinatorModel"]),
        .testTarget(
            name: "TreeGraphicsTests", dependencies: ["TreeGraphics", "CoordinatorModel", "SourceIndex", "TestSupport"]),
        .testTarget(
            name: "SourceIndexTests",
            dependencies: ["SourceIndex", "CoordinatorModel", "Locking", "TestSupport"],
            // Small fake apps in Swift for iOS: read by the tests, never compiled.
            exclude: ["Fixtures"]
        ),
        // Reads Sources/ as text: Glibc imports and Linux-only calls each need their macOS branch.
        .testTarget(name: "PortabilityTests", exclude: ["DarwinStubs"]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "CSystem", "JSON", "JSONRPC", "NavinspectProtocol", "SourceIndex", "TreeDocument", "TestSupport", "navinspect",
                "trailhead-demo",
            ]),
    ]
)
