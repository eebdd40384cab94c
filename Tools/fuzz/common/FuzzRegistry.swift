// What the protocol and exec targets share: the playgrounds loaded once into
// the daemon's scene registry (the SceneService module: it needs no
// networking), copied for each input.

import FuzzSupport
import PlaygroundProtocol
import SceneLanguage
import SceneService

#if canImport(Glibc)
    import Glibc
#endif

/// The scenes every input starts from: Playgrounds/*.layout (fuzz.sh runs from the repository's root).
let playgroundNames: [SceneName] = ["Quiz", "QuizGuide", "Messaging", "Bankey", "Burger"]

/// Each playground's bytes by its path, read once: what a `reload` reads again (the files do not change).
let playgroundBytes: [String: [UInt8]] = {
    var files: [String: [UInt8]] = [:]
    for name in playgroundNames {
        let path = "Playgrounds/\(name.file)"
        guard let bytes = readAll(path) else { fatalError("fuzz: cannot read \(path); run from the repository's root") }
        files[path] = bytes
    }
    return files
}()

let loadedRegistry: SceneRegistry = {
    var registry = SceneRegistry(fps: 60)
    for name in playgroundNames {
        let path = "Playgrounds/\(name.file)"
        _ = registry.load(name: name, path: path, source: SourceFile(name: name.file, bytes: playgroundBytes[path]!))
    }
    return registry
}()

/// ``loadedRegistry`` after an `exec` in each playground: every scene's names declared for the next `exec`, as
/// the daemon keeps them between two, so that an input's `exec` reads only its own source. The source has an
/// error, so nothing runs.
let warmedRegistry: SceneRegistry = {
    var registry = loadedRegistry
    for name in playgroundNames {
        let (response, _) = registry.exec("@", in: name, number: 0)
        guard case .error(.invalidSource, _, _) = response else { fatalError("fuzz: an exec of '@' in \(name) ran") }
    }
    return registry
}()

/// Loads the playgrounds before the first input, so that libFuzzer counts what they hold as no input's leak.
@_cdecl("LLVMFuzzerInitialize")
public func initialize(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> CInt {
    _ = loadedRegistry
    _ = warmedRegistry
    return 0
}

/// Checks what the daemon would send: valid JSON of finite numbers, one line, safe diagnostics, finite frames;
/// its JSON only when `asJSON`.
func checkSent(_ response: IdentifiedResponse, asJSON: Bool = true) {
    if asJSON {
        var out = JSONWriter()
        response.write(to: &out)
        checkLine(out.bytes, what: "a response")
    }
    switch response.response {
    case .frame(let frame): checkFrame(frame)
    case .diagnostics(let diagnostics), .error(_, _, let diagnostics):
        for diagnostic in diagnostics {
            precondition(
                isSafeToPrint(diagnostic.rendered, tabsAllowed: true),
                "unsafe rendering: \(diagnostic.rendered.debugDescription)")
        }
    default: break
    }
}

/// Checks events as `checkSent(_:)` checks a response; a frame's JSON (the daemon's writer, with numbers only)
/// only when `asJSON`, its numbers always.
func checkSent(_ events: [Event], asJSON: Bool = true) {
    for event in events {
        if !asJSON, case .frame(let frame) = event {
            checkFrame(frame)
            continue
        }
        var out = JSONWriter()
        event.write(to: &out)
        checkLine(out.bytes, what: "an event")
        if case .frame(let frame) = event { checkFrame(frame) }
    }
}

func checkFrame(_ frame: Frame) {
    for view in frame.views {
        precondition(
            [view.x, view.y, view.width, view.height, view.alpha].allSatisfy(\.isFinite),
            "a frame of \(frame.scene) at \(frame.time) s is not finite")
    }
}
