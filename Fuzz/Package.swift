// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets for navinspect's input layers. Build and run them with scripts/fuzz:
// they need -sanitize=fuzzer, which a normal `swift build` does not pass.
let package = Package(
    name: "navinspect-fuzz",
    dependencies: [.package(name: "navinspect", path: "..")],
    targets: [
        .target(name: "FuzzDriver"),
        .executableTarget(
            name: "FuzzFrames", dependencies: ["FuzzDriver", .product(name: "NavinspectCore", package: "navinspect")]),
        .executableTarget(
            name: "FuzzJSON", dependencies: ["FuzzDriver", .product(name: "NavinspectCore", package: "navinspect")]),
        .executableTarget(
            name: "FuzzDocument", dependencies: ["FuzzDriver", .product(name: "NavinspectCore", package: "navinspect")]),
    ]
)
