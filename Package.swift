// swift-tools-version: 6.1
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "LayoutPlayground",
    products: [
        .library(name: "LayoutValues", targets: ["LayoutValues"]),
        .library(name: "LayoutSolver", targets: ["LayoutSolver"]),
        .library(name: "SceneLanguage", targets: ["SceneLanguage"]),
        .library(name: "Animation", targets: ["Animation"]),
        .library(name: "SceneRuntime", targets: ["SceneRuntime"]),
        .library(name: "PlaygroundProtocol", targets: ["PlaygroundProtocol"]),
        .library(name: "FramePlot", targets: ["FramePlot"]),
        .library(name: "FileWatching", targets: ["FileWatching"]),
        .library(name: "PlaygroundServer", targets: ["PlaygroundServer"]),
        .library(name: "LayoutAssertions", targets: ["LayoutAssertions"]),
        .library(name: "PlaygroundClient", targets: ["PlaygroundClient"]),
        .library(name: "PlaygroundTesting", targets: ["PlaygroundTesting"]),
        .library(name: "Viewer", targets: ["Viewer"]),
        .library(name: "SwiftExport", targets: ["SwiftExport"]),
        .library(name: "SwiftImport", targets: ["SwiftImport"]),
        .executable(name: "layoutd", targets: ["layoutd"]),
        .executable(name: "layoutctl", targets: ["layoutctl"]),
        .executable(name: "layout-lsp", targets: ["layout-lsp"]),
        .executable(name: "layout-watch", targets: ["layout-watch"]),
        .executable(name: "layout-view", targets: ["layout-view"]),
        .executable(name: "scene-bench", targets: ["scene-bench"]),
        .executable(name: "solver-bench", targets: ["solver-bench"]),
        .executable(name: "reload-bench", targets: ["reload-bench"]),
        .executable(name: "stream-bench", targets: ["stream-bench"]),
        .executable(name: "viewer-bench", targets: ["viewer-bench"]),
        .executable(name: "lsp-bench", targets: ["lsp-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.81.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.6.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.6.0"),
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
    ],
    targets: [
        // What HostSystem needs of glibc beyond Swift's reach: the calls behind _GNU_SOURCE (pipe2, mkostemp, the spawn
        // actions that set a child's folder and close its descriptors) and pidfd_open.
        .target(name: "CSpawnShims"),
        // The project's few dealings with the host system, in one place: reading a file someone else chose without
        // blocking; starting a process (Subprocess: posix_spawn, no descriptor of ours inherited, bounded waits) and
        // watching one run (ChildProcess: its output read with poll, for the tests); the environment and standard
        // error of the command-line programs. Standard library and glibc only; never a dependency of the language.
        .target(
            name: "HostSystem",
            dependencies: ["CSpawnShims"],
            swiftSettings: strictSettings
        ),
        // The plain values every module speaks of: geometry, colour, view kind, severity, how numbers are written,
        // "did you mean". Standard library only; it imports nothing of this package.
        .target(
            name: "LayoutValues",
            swiftSettings: strictSettings
        ),
        // The Cassowary solver: standard library only.
        .target(
            name: "LayoutSolver",
            swiftSettings: strictSettings
        ),
        // The scene language: source files, lexer, parser, syntax, checks, diagnostics. Standard library and
        // LayoutValues only: nothing of the wire.
        .target(
            name: "SceneLanguage",
            dependencies: ["LayoutValues"],
            swiftSettings: strictSettings
        ),
        // A checked scene as a UIViewController subclass in plain UIKit, as Swift source text. Standard library only.
        .target(
            name: "SwiftExport",
            dependencies: ["SceneLanguage", "PlaygroundProtocol"],
            swiftSettings: strictSettings
        ),
        // UIKit view controllers in Swift read into scenes: swift-syntax's parser (no compiler) in, scene-language
        // text out, checked by the language. Only the programs that read Swift link it (layoutctl, layoutd,
        // layout-view, layout-lsp, import-bench), so no library pays for swift-syntax.
        .target(
            name: "SwiftImport",
            dependencies: [
                "SceneLanguage", "LayoutValues",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftOperators", package: "swift-syntax"),
            ],
            swiftSettings: strictSettings
        ),
        // Timing: cubic-bezier curves, UIKit's springs, delays, repeats. Standard library (and libm) only.
        .target(
            name: "Animation",
            swiftSettings: strictSettings
        ),
        // The protocol: frames, requests, responses and events, and their JSON, over LayoutValues' geometry.
        // Standard library only; it knows nothing of the language.
        .target(
            name: "PlaygroundProtocol",
            dependencies: ["LayoutValues"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "FramePlot",
            dependencies: ["PlaygroundProtocol"],
            swiftSettings: strictSettings
        ),
        // A loaded scene: the layout model (scene to solver), model frames. No I/O.
        .target(
            name: "SceneRuntime",
            dependencies: ["SceneLanguage", "LayoutSolver", "PlaygroundProtocol", "Animation"],
            swiftSettings: strictSettings
        ),
        // Save detection from layout-watch's lines: pure, standard library and the protocol's scene names only.
        .target(
            name: "FileWatching",
            dependencies: ["LayoutValues"],
            swiftSettings: strictSettings
        ),
        // libinotifytools (Debian libinotifytools0-dev, no pkg-config file). GPL-2.0-only: layout-watch alone uses it.
        .systemLibrary(
            name: "CInotifyTools",
            providers: [.apt(["libinotifytools0-dev"])]
        ),
        // The watcher process layoutd starts: GPL-2.0-only (Tools/layout-watch/LICENSE), so it links nothing of ours.
        .executableTarget(
            name: "layout-watch",
            dependencies: ["CInotifyTools"],
            path: "Tools/layout-watch",
            exclude: ["LICENSE"],
            swiftSettings: strictSettings
        ),
        // The scenes a daemon serves, as a value with no I/O of its own: the registry of scenes and their playing
        // sessions, the reload rule (a save loads once, a `reload` overtaken by a save applies nothing, errors keep
        // the last good generation), save detection applied to the scenes (path to scene name, removal after its
        // grace), frame numbering, and diagnostics with their error text; files through an injected reader, time
        // through an injected clock. The daemon (PlaygroundServer) calls it with `package` access; it must never
        // import NIO, open a socket or start a process.
        .target(
            name: "SceneService",
            dependencies: ["SceneRuntime", "SceneLanguage", "PlaygroundProtocol", "FileWatching"],
            swiftSettings: strictSettings
        ),
        // layoutd as a library: the socket server and its line framing, the daemon's clients and clock, the
        // layout-watch process and its lines, and reading files on a thread pool, around the SceneService.
        .target(
            name: "PlaygroundServer",
            dependencies: [
                "SceneService", "SceneLanguage", "PlaygroundProtocol", "FileWatching", "HostSystem",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        // Assertions on frames (`question.centerX == root.centerX ± 0.5`, `card offscreen`): one parser and
        // evaluator for layoutctl and PlaygroundClient.
        .target(
            name: "LayoutAssertions",
            dependencies: ["PlaygroundProtocol", "LayoutValues"],
            swiftSettings: strictSettings
        ),
        // The Swift client of the protocol (spec §6), and a real daemon started for tests.
        .target(
            name: "PlaygroundClient",
            dependencies: [
                "PlaygroundProtocol", "LayoutAssertions", "HostSystem",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        // PlaygroundClient's assertions as Swift Testing expectations: an issue at the caller's line.
        .target(
            name: "PlaygroundTesting",
            dependencies: ["PlaygroundClient", "LayoutAssertions", "PlaygroundProtocol"],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "layoutd",
            dependencies: [
                "PlaygroundServer", "PlaygroundProtocol", "HostSystem", "SceneService", "SwiftImport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            path: "Tools/layoutd",
            swiftSettings: strictSettings
        ),
        // The terminal viewer, pure: its state (events and keys in, requests out), the screen composed from it,
        // frames into cells, cells into escape sequences, keys from bytes, the SVG of a frame. No I/O, no tasks:
        // the live loop is layout-view's.
        .target(
            name: "Viewer",
            dependencies: ["PlaygroundProtocol", "FramePlot"],
            swiftSettings: strictSettings
        ),
        // The viewer's program: --once, and the live loop (the terminal, its keys and signals, the daemon's
        // connection, an in-process daemon started through PlaygroundServer's public entry point).
        .executableTarget(
            name: "layout-view",
            dependencies: [
                "Viewer", "SceneLanguage", "SceneRuntime", "PlaygroundProtocol", "PlaygroundClient", "PlaygroundServer",
                "HostSystem", "SceneService", "SwiftImport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tools/layout-view",
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "layoutctl",
            dependencies: [
                "SceneLanguage", "SceneRuntime", "PlaygroundProtocol", "FramePlot", "PlaygroundClient",
                "LayoutAssertions", "SwiftExport", "SwiftImport", "HostSystem",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Tools/layoutctl",
            swiftSettings: strictSettings
        ),
        // JSON-RPC 2.0 with the Language Server Protocol's Content-Length framing: the framer and the messages, over
        // PlaygroundProtocol's JSON reader and writer. No I/O.
        .target(
            name: "JSONRPC",
            dependencies: ["PlaygroundProtocol"],
            swiftSettings: strictSettings
        ),
        // The language server's handlers, pure: messages in, messages out, over the open documents, each parsed,
        // checked, solved and dry-run in memory. No I/O, no clock.
        .target(
            name: "LanguageServer",
            dependencies: [
                "JSONRPC", "SceneLanguage", "SceneRuntime", "Animation", "LayoutValues", "PlaygroundProtocol",
            ],
            swiftSettings: strictSettings
        ),
        // The language server's program: standard input and output, the debounce, and SwiftImport for `.swift`
        // scenes' diagnostics.
        .executableTarget(
            name: "layout-lsp",
            dependencies: [
                "LanguageServer", "JSONRPC", "SceneLanguage", "SwiftImport", "HostSystem",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Tools/layout-lsp",
            swiftSettings: strictSettings
        ),
        // What a keystroke costs: the real layout-lsp, from didChange to publishDiagnostics, on the Quiz playground
        // and on a generated scene of 2,000 views.
        .executableTarget(
            name: "lsp-bench",
            dependencies: ["BenchSupport", "JSONRPC", "PlaygroundProtocol", "HostSystem"],
            path: "Tools/lsp-bench",
            swiftSettings: strictSettings
        ),
        // What importing a UIKit view controller costs: the Bankey tutorial's, and generated ones of up to 10,600 lines.
        .executableTarget(
            name: "import-bench",
            dependencies: ["SceneLanguage", "SwiftExport", "SwiftImport"],
            path: "Tools/import-bench",
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "scene-bench",
            dependencies: ["SceneLanguage", "SceneRuntime", "SceneService", "PlaygroundProtocol"],
            path: "Tools/scene-bench",
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "viewer-bench",
            dependencies: ["Viewer", "SceneLanguage", "SceneRuntime", "PlaygroundProtocol"],
            path: "Tools/viewer-bench",
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "solver-bench",
            dependencies: ["LayoutSolver", "LayoutValues"],
            path: "Tools/solver-bench",
            exclude: ["kiwi_bench.py"],
            swiftSettings: strictSettings
        ),
        // The daemon's benchmarks: the real layoutd, layout-watch and layoutctl, run as processes from beside them.
        // What the daemon's benchmarks share: processes, files, the socket, reading lines cheaply.
        .target(
            name: "BenchSupport",
            dependencies: ["HostSystem", "LayoutValues"],
            path: "Tools/bench-support",
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "reload-bench",
            dependencies: ["BenchSupport", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Tools/reload-bench",
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "stream-bench",
            dependencies: [
                "BenchSupport", "LayoutValues", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Tools/stream-bench",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "LayoutSolverTests",
            dependencies: [
                "LayoutSolver", "TestSupport", "HostSystem",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            exclude: ["kiwi_differential.py"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SceneRuntimeTests",
            dependencies: [
                "SceneRuntime", "SceneLanguage", "LayoutSolver", "PlaygroundProtocol", "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ViewerTests",
            dependencies: [
                "Viewer", "PlaygroundProtocol", "SceneLanguage", "SceneRuntime", "TestSupport", "HostSystem",
                "PlaygroundClient",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "AnimationTests",
            dependencies: [
                "Animation", "TestSupport", "HostSystem",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            exclude: ["reference_timing.py"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "FramePlotTests",
            dependencies: ["FramePlot", "PlaygroundProtocol"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "LayoutAssertionsTests",
            dependencies: ["LayoutAssertions", "PlaygroundProtocol", "TestSupport"],
            swiftSettings: strictSettings
        ),
        // The client side as users meet it: PlaygroundTesting's expectations, layoutctl on the socket, a shell
        // script, the protocol page's Python client and the testing guide's example, against the real layoutd.
        .testTarget(
            name: "PlaygroundTestingTests",
            dependencies: ["PlaygroundTesting", "TestSupport", "HostSystem", "layoutd", "layoutctl", "layout-watch"],
            exclude: ["playgrounds.sh", "Guide/Card.layout"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "LayoutValuesTests",
            dependencies: ["LayoutValues"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PlaygroundProtocolTests",
            dependencies: ["PlaygroundProtocol", "LayoutValues", "TestSupport"],
            swiftSettings: strictSettings
        ),
        // Helpers shared by test targets; never a dependency of a library.
        .target(
            name: "TestSupport",
            dependencies: ["SceneLanguage", "HostSystem"],
            path: "Tests/TestSupport",
            swiftSettings: strictSettings
        ),
        // The real layoutctl, run as a process.
        .testTarget(
            name: "LayoutctlTests",
            dependencies: ["layoutctl", "TestSupport", "HostSystem"],
            exclude: ["kiwi_scenes.py", "kiwi_export.py", "uikit_text.py", "UIKitStub.swift"],
            swiftSettings: strictSettings
        ),
        // The Swift export's pieces: constraints, animations, names, strings, every statement kind.
        .testTarget(
            name: "SwiftExportTests",
            dependencies: ["SwiftExport", "SceneLanguage", "TestSupport"],
            swiftSettings: strictSettings
        ),
        // The Swift import: each construct read, what is skipped and where, and the Bankey tutorial against its
        // playground, run.
        .testTarget(
            name: "SwiftImportTests",
            dependencies: [
                "SwiftImport", "SwiftExport", "SceneLanguage", "SceneRuntime", "PlaygroundProtocol", "TestSupport",
                "HostSystem",
            ],
            exclude: ["Fixtures"],
            swiftSettings: strictSettings
        ),
        // Save detection on recorded traces, and the real layout-watch on real folders.
        .testTarget(
            name: "FileWatchingTests",
            dependencies: ["FileWatching", "layout-watch", "TestSupport", "HostSystem"],
            exclude: ["record-trace.sh"],
            swiftSettings: strictSettings
        ),
        // The real layoutd and layout-watch, as processes, through PlaygroundClient and raw socket bytes.
        .testTarget(
            name: "DaemonTests",
            dependencies: [
                "PlaygroundClient", "PlaygroundProtocol", "TestSupport", "HostSystem", "layoutd", "layout-watch",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        // HostSystem with real programs (sh, cat, sleep, ls): what a started process gets, and how it ends.
        .testTarget(
            name: "HostSystemTests",
            dependencies: ["HostSystem"],
            swiftSettings: strictSettings
        ),
        // The server's pieces on their own, without a real socket or a process: its channel handlers on
        // EmbeddedChannel, its turns and reads on a real event loop.
        .testTarget(
            name: "PlaygroundServerTests",
            dependencies: [
                "PlaygroundServer", "SceneService", "PlaygroundProtocol", "SceneLanguage",
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        // The scene service in-process: reloads, removals, frame numbers and diagnostics as a user sees them,
        // with files in memory and a clock that moves when told.
        .testTarget(
            name: "SceneServiceTests",
            dependencies: ["SceneService", "FileWatching", "PlaygroundProtocol", "SceneLanguage"],
            swiftSettings: strictSettings
        ),
        // The language server's handlers in-process (no process), the framing, and, end to end, the real
        // layout-lsp from Python (pygls's client) and from headless neovim with the shipped configuration.
        .testTarget(
            name: "LanguageServerTests",
            dependencies: [
                "LanguageServer", "JSONRPC", "PlaygroundProtocol", "SceneLanguage", "TestSupport", "HostSystem",
                "layout-lsp",
            ],
            exclude: ["lsp_e2e.py", "nvim_diagnostics.lua"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SceneLanguageTests",
            dependencies: [
                "SceneLanguage", "LayoutValues", "TestSupport", "HostSystem",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: strictSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
