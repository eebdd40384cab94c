// swift-tools-version: 6.1
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "LayoutPlayground",
    products: [
        .library(name: "LayoutSolver", targets: ["LayoutSolver"]),
        .library(name: "SceneLanguage", targets: ["SceneLanguage"]),
        .executable(name: "solver-bench", targets: ["solver-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1")
    ],
    targets: [
        // The Cassowary solver: standard library only.
        .target(
            name: "LayoutSolver",
            swiftSettings: strictSettings
        ),
        // The scene language: source files, diagnostics, lexer. Standard library only.
        .target(
            name: "SceneLanguage",
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "solver-bench",
            dependencies: ["LayoutSolver"],
            path: "Tools/solver-bench",
            exclude: ["kiwi_bench.py"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "LayoutSolverTests",
            dependencies: [
                "LayoutSolver",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            exclude: ["kiwi_differential.py"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SceneLanguageTests",
            dependencies: [
                "SceneLanguage",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: strictSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
