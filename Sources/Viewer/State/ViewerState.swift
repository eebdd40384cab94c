package import PlaygroundProtocol

/// Everything the viewer shows, apart from the terminal: the scenes the
/// daemon has, the latest frame and diagnostics of each, the clock, the
/// connection, and what the user has open. Events and keys change it; the
/// screen is drawn from it (``ScreenComposer``). No I/O, so every key and
/// every event can be tested without a terminal.
package struct ViewerState: Sendable {
    /// How the viewer is connected.
    package enum Connection: Hashable, Sendable {
        case connecting
        /// Attached to a daemon; `inProcess` when the viewer started it.
        case connected(inProcess: Bool)
        /// The daemon went away; the viewer is trying again.
        case lost(String)
    }

    /// What is open over the picture.
    package enum Overlay: Hashable, Sendable {
        case none
        case help
        /// The action list, with the selected row.
        case actions(selected: Int)
    }

    /// What a key asks of the daemon or the program.
    package enum Command: Hashable, Sendable {
        case quit
        case clock(paused: Bool?, slow: Double?)
        case reload(scene: String)
        case run(action: String, scene: String)
    }

    package var socketPath: String
    package var connection = Connection.connecting
    package var overlay = Overlay.none
    /// The scenes, in the daemon's order.
    package var scenes: [SceneSummary] = []
    /// The scene shown; nil until one is known.
    package var current: String?
    /// The scene asked for on the command line, shown as soon as it exists.
    package var wanted: String?
    package var frames: [String: Frame] = [:]
    /// How many views moved, faded or changed size between the last two frames of each scene.
    package var moving: [String: Int] = [:]
    package var diagnostics: [String: [WireDiagnostic]] = [:]
    package var clock = ClockState(paused: false, slow: 1)
    /// Frames drawn in the last second.
    package var drawnPerSecond = 0
    /// A short message for the status line: what the last key did, or why it could not.
    package var notice: String?
    /// Whether views' names are drawn (where they fit); `n` turns them off and on.
    package var showsNames = true

    package init(socketPath: String, wanted: String? = nil) {
        self.socketPath = socketPath
        self.wanted = wanted
    }

    /// The frame of the scene shown.
    package var frame: Frame? { current.flatMap { frames[$0] } }

    /// The summary of the scene shown.
    package var summary: SceneSummary? { scenes.first { $0.name == current } }

    /// The diagnostics of the scene shown that are errors or warnings.
    package var shownDiagnostics: [WireDiagnostic] {
        (current.flatMap { diagnostics[$0] } ?? []).filter { $0.severity != .note }
    }

    /// The errors of the scene shown: while there are any, they cover the picture.
    package var errors: [WireDiagnostic] { shownDiagnostics.filter { $0.severity == .error } }

    // MARK: Events

    package mutating func apply(_ event: Event) {
        switch event {
        case .frame(let frame):
            if let previous = frames[frame.scene], !frame.settled {
                let before = Dictionary(previous.views.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
                moving[frame.scene] = frame.views.count { view in
                    guard let old = before[view.name] else { return true }
                    return old.x != view.x || old.y != view.y || old.width != view.width
                        || old.height != view.height || old.alpha != view.alpha || old.color != view.color
                        || old.transform != view.transform
                }
            } else {
                moving[frame.scene] = frame.settled ? 0 : nil
            }
            frames[frame.scene] = frame
            if !scenes.contains(where: { $0.name == frame.scene }) {
                scenes.append(
                    SceneSummary(
                        name: frame.scene, file: frame.scene, generation: frame.generation, status: .ok, errors: 0,
                        warnings: 0))
            }
            chooseScene()
        case .diagnostics(let scene, _, let list):
            diagnostics[scene] = list
        case .reload(let scene, let generation):
            if let index = scenes.firstIndex(where: { $0.name == scene }) { scenes[index].generation = generation }
        case .removed(let scene):
            scenes.removeAll { $0.name == scene }
            frames[scene] = nil
            diagnostics[scene] = nil
            if current == scene {
                current = nil
                chooseScene()
            }
        }
    }

    /// Takes the daemon's list of scenes (after connecting, and after a reload).
    package mutating func apply(scenes list: [SceneSummary]) {
        scenes = list
        chooseScene()
    }

    /// Shows the wanted scene once it exists, or the first scene when none is shown.
    mutating func chooseScene() {
        if let wanted, scenes.contains(where: { $0.name == wanted }) {
            current = wanted
            self.wanted = nil
        } else if current == nil || !scenes.contains(where: { $0.name == current }) {
            current = scenes.first?.name
        }
    }

    // MARK: Keys

    /// What a key does: the state changes here; what it asks of the daemon is returned.
    package mutating func handle(_ key: Key) -> [Command] {
        if key == .interrupt { return [.quit] }
        switch overlay {
        case .help:
            overlay = .none
            return key == .character("q") ? [.quit] : []
        case .actions(let selected):
            return handleActionList(key, selected: selected)
        case .none:
            break
        }
        switch key {
        case .character("q"): return [.quit]
        case .character(" "):
            return [.clock(paused: !clock.paused, slow: nil)]
        case .character("s"):
            return [.clock(paused: nil, slow: clock.slow == 1 ? 10 : 1)]
        case .character("r"):
            guard let current else { return [] }
            notice = "reloaded"
            return [.reload(scene: current)]
        case .character("a"):
            guard !actions.isEmpty else {
                notice = current == nil ? "no scene yet" : "this scene has no actions"
                return []
            }
            overlay = .actions(selected: 0)
        case .tab:
            guard let current, let index = scenes.firstIndex(where: { $0.name == current }), scenes.count > 1 else {
                return []
            }
            self.current = scenes[(index + 1) % scenes.count].name
            notice = nil
        case .character("n"):
            showsNames.toggle()
            notice = showsNames ? "names on" : "names off"
        case .character("?"):
            overlay = .help
        default:
            break
        }
        return []
    }

    /// The actions of the scene shown.
    package var actions: [String] { summary?.actions ?? [] }

    private mutating func handleActionList(_ key: Key, selected: Int) -> [Command] {
        let list = actions
        guard !list.isEmpty else {
            overlay = .none
            return []
        }
        switch key {
        case .up: overlay = .actions(selected: (selected + list.count - 1) % list.count)
        case .down: overlay = .actions(selected: (selected + 1) % list.count)
        case .escape, .backspace, .left: overlay = .none
        case .enter:
            overlay = .none
            return run(list[min(selected, list.count - 1)])
        case .character(let letter):
            // The first letter picks the next action starting with it; a second press moves on.
            let lower = letter.lowercased()
            let order = (1...list.count).map { (selected + $0) % list.count }
            if let match = order.first(where: { list[$0].lowercased().hasPrefix(lower) }) {
                overlay = .actions(selected: match)
            }
        default: break
        }
        return []
    }

    private mutating func run(_ action: String) -> [Command] {
        guard let current else { return [] }
        notice = "ran '\(action)'"
        return [.run(action: action, scene: current)]
    }
}
