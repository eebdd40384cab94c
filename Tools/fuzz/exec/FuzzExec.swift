// libFuzzer entry point for the action interpreter, driven as `exec` drives
// it: the input (after its first byte, which picks a playground) is a source
// of statements run in that playground's running scene, then every action
// of the scene runs, and time moves on by ticks for 1.5 s. What the daemon
// would send must be valid JSON with finite frames and safe diagnostics, and
// nothing may trap or loop without end. The source run again, every action,
// 46 ticks and the scene's diagnostics cost about twenty times what the source
// itself does, so they run on a sample of the inputs (`Sample`: the first 64,
// then every 16th; an input run alone, as a crash is reproduced, is the first);
// the others get the source once and a tick, their frames' numbers and their
// diagnostics checked but not their JSON (the answer to a source of garbage
// holds up to a thousand rendered diagnostics: writing it was a fifth of an
// input's time, measured with perf; the protocol target writes every answer).
// Each input starts from a registry that has run an `exec` in every playground
// already (`warmedRegistry`), as the daemon has after the first: the scene's
// names are declared, and only the input's source is read.

import FuzzSupport
import PlaygroundProtocol
import SceneLanguage
import SceneService

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExec(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let index = Int(data[0]) % playgroundNames.count
    var registry = warmedRegistry
    let scene = playgroundNames[index]
    let source = String(decoding: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self)
    let (response, events) = registry.exec(source, in: scene, number: 1)
    let full = runInFull.next()
    checkSent(IdentifiedResponse(id: nil, response: response), asJSON: full)
    checkSent(events, asJSON: full)
    guard full else {
        checkSent(registry.advance(by: 1.0 / 30), asJSON: false)
        return 0
    }
    // The same source again a little later, blending with what it started.
    checkSent(registry.advance(by: 0.1))
    let again = registry.exec(source, in: scene, number: 2)
    checkSent(IdentifiedResponse(id: nil, response: again.0))
    if case .success(let entry) = registry.entry(scene) {
        for action in entry.summary.actions {
            let (response, events) = registry.run(action, in: scene)
            checkSent(IdentifiedResponse(id: nil, response: response))
            checkSent(events)
        }
    }
    for _ in 0..<45 { checkSent(registry.advance(by: 1.0 / 30)) }
    checkSent(IdentifiedResponse(id: nil, response: registry.diagnostics(of: scene)))
    return 0
}

/// The inputs that get every action and 45 ticks: the first 64, then every 16th.
nonisolated(unsafe) var runInFull = Sample()
