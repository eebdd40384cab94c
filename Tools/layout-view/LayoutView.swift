import ArgumentParser
import HostSystem
import PlaygroundProtocol
import SceneLanguage
import SceneRuntime
import SceneService
import SwiftImport
import Viewer

#if canImport(Glibc)
    import Glibc
#endif

@main
struct LayoutView: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout-view",
        abstract: "Draw a scene's frames live in the terminal.",
        discussion: """
            Attaches to the daemon on the socket and draws the scene as it plays: edit the file and save, and \
            the new layout animates in. When no daemon listens, starts one in this process on the given file or \
            folder (default Playgrounds), on the same socket, so a second viewer or layoutctl can attach to it. \
            Keys: q or Ctrl-C quit, space pauses the clock, s slows animations ×10, r reloads and replays, \
            a picks an action to run, tab shows the next scene, n turns view names off and on, ? help.

            With --once, draws one frame of a scene file as text and exits: the scene loaded, `on load` run, \
            the --run actions started at 0 s, at scene time --at. Views are drawn where the frame shows them, \
            scaled to the size with the canvas's aspect ratio (a cell is about twice as tall as wide): plain \
            views as boxes with their names where the names fit, labels as their text (centred, wrapped or cut \
            with … only when it does not fit), buttons as their title in a box when there is room; fills use \
            half blocks.

            Examples:
              layout-view Playgrounds/Quiz.layout
              layout-view --once Playgrounds/Quiz.layout --run next --at 0.25 --size 80x30
            """,
        version: "0.1.0"
    )

    @Argument(help: "A scene file, a folder of them, or the name of a scene the daemon has (default Playgrounds).")
    var file: String = "Playgrounds"

    @Option(
        help: "The daemon's socket (default: $LAYOUTD_SOCKET, $XDG_RUNTIME_DIR/layoutd.sock, /tmp/layoutd-UID.sock).")
    var socket: String?

    @Option(
        help:
            "Colours: auto (COLORTERM and NO_COLOR decide), truecolor, 256 or never. --once: only with a value other than auto."
    )
    var color: String = "auto"

    @Flag(help: "Print one frame as text and exit.")
    var once = false

    @Option(help: "Scene time of the frame, in seconds (default 0).")
    var at: Double = 0

    @Option(name: .customLong("run"), help: "An action to start at 0 s; repeat for several, started in order.")
    var actions: [String] = []

    @Option(help: ArgumentHelp("With --once: also write the frame as an SVG picture to this file.", valueName: "OUT"))
    var svg: String?

    @Option(help: "The picture's size, COLSxROWS (default: the terminal's, or 80x24).")
    var size: String?

    @Flag(inversion: .prefixedNo, help: "Draw views' names where they fit (live: n turns them off and on).")
    var names = true

    mutating func validate() throws {
        guard ["auto", "truecolor", "256", "never"].contains(color) else {
            throw ValidationError("--color is auto, truecolor, 256 or never")
        }
        if !once {
            guard TerminalScreen.isInteractive else {
                throw ValidationError("the live viewer needs a terminal; give --once to print one frame")
            }
            guard at == 0, actions.isEmpty, size == nil, svg == nil else {
                throw ValidationError("--at, --run, --size and --svg go with --once")
            }
        }
        guard at.isFinite, at >= 0 else { throw ValidationError("--at must be a time in seconds, 0 or more") }
        if let size, Self.parseSize(size) == nil {
            throw ValidationError("--size must be COLSxROWS with each at least 3 and at most 1000, such as 80x24")
        }
    }

    static func parseSize(_ text: String) -> (columns: Int, rows: Int)? {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]),
            (3...1000).contains(columns), (3...1000).contains(rows)
        else { return nil }
        return (columns, rows)
    }

    /// The terminal's size, when standard output is one.
    static func terminalSize() -> (columns: Int, rows: Int)? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col >= 3, size.ws_row >= 3 else {
            return nil
        }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    func colorMode(environment: [String: String]) -> ColorMode {
        switch color {
        case "truecolor": .trueColor
        case "256": .palette256
        case "never": .none
        default: ColorMode.detect(environment: environment)
        }
    }

    mutating func run() async throws {
        let environment = ProcessEnvironment.all
        guard once else {
            let socketPath = socket ?? SocketPath.default(environment: environment, userID: getuid())
            let isPath = Self.exists(file)
            let scene: String? =
                isPath
                ? (Self.isFolder(file)
                    ? nil : SceneName(ofFileAt: file).rawValue)
                : file
            let options = ViewerApp.Options(
                socketPath: socketPath, paths: [isPath ? file : "Playgrounds"], scene: scene,
                colorMode: colorMode(environment: environment), names: names)
            let status = await ViewerApp(options).run()
            if status != 0 { throw ExitCode(status) }
            return
        }
        let bytes: [UInt8]
        do {
            bytes = try FileReader.read(file)
        } catch {
            printError(escapedForTerminal("layout-view: error: cannot read '\(file)': \(error)"))
            throw ExitCode(1)
        }
        let source = SourceFile(name: file, bytes: bytes)
        // A UIKit Swift file is imported, as the daemon reads it.
        let (read, diagnostics) = SceneTranslator(importSwift: SwiftImporter.scene(of:))
            .scene(of: source, isSwift: file.hasSuffix(SceneName.swiftExtension))
        for diagnostic in diagnostics { printError(diagnostic.rendered) }
        guard let scene = read, !diagnostics.hasErrors else { throw ExitCode(1) }
        var session = PlaybackSession(loading: scene, name: String(file.split(separator: "/").last ?? ""))
        for action in actions {
            do {
                try session.schedule(.action(action), at: 0)
            } catch {
                printError("layout-view: error: " + UnknownAction.listing(action, in: scene, file: file))
                throw ExitCode(1)
            }
        }
        let frame = session.frame(at: at)
        let (columns, rows) = size.flatMap(Self.parseSize) ?? Self.terminalSize() ?? (80, 24)
        if let svg {
            guard let handle = fopen(svg, "wb") else {
                printError(escapedForTerminal("layout-view: error: cannot write '\(svg)': \(systemReason(errno))"))
                throw ExitCode(1)
            }
            let bytes = Array(FrameSVG.render(frame, names: names).utf8)
            let written = fwrite(bytes, 1, bytes.count, handle)
            guard fclose(handle) == 0, written == bytes.count else {
                printError(escapedForTerminal("layout-view: error: cannot write '\(svg)': \(systemReason(errno))"))
                throw ExitCode(1)
            }
        }
        let grid = FrameRenderer.render(frame, columns: columns, rows: rows, names: names)
        if color == "auto" || color == "never" {
            print(grid.plainText, terminator: "")
        } else {
            var encoder = ScreenEncoder(colorMode: colorMode(environment: environment))
            let bytes = encoder.encode(grid)
            print(String(decoding: bytes, as: UTF8.self) + String(decoding: Escape.reset, as: UTF8.self))
        }
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}
