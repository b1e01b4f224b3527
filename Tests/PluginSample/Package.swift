// swift-tools-version:6.0
import PackageDescription

// A small app that uses navinspect's plugins the way an app would, depending on navinspect by path.
// Tests/PluginSample/run.sh builds it and runs its command plugin; it is no part of navinspect's
// own package (a folder with a Package.swift of its own is a package apart).
let package = Package(
    name: "PluginSample",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "navinspect", path: "../..")],
    targets: [
        // Coordinators with a warning: a child holds its parent strongly.
        .target(name: "SampleApp", plugins: [.plugin(name: "NavinspectBuildToolPlugin", package: "navinspect")]),
        // Coordinators with an error: a child started and kept by nothing. Its build fails.
        .target(name: "StrictApp", plugins: [.plugin(name: "NavinspectBuildToolPlugin", package: "navinspect")]),
        // No coordinators at all: the plugin has nothing to say, and the build passes quietly.
        .target(name: "Models", plugins: [.plugin(name: "NavinspectBuildToolPlugin", package: "navinspect")]),
    ]
)
