// libFuzzer entry point for the socket protocol: the input's lines are
// requests, decoded as layoutd decodes them and answered by the daemon's
// scene registry with the playgrounds loaded, as on the manual clock. Every
// answer and event must be one line of valid JSON with finite frames and
// safe diagnostics; nothing may trap. `step` and `settle` are capped at 2 s
// of scene time per request so that an input stays quick (the daemon allows
// 3,600 s: the same code, only longer), and at 0.25 s but on a sample of the
// inputs (`Sample`: the first 64, then every 16th; an input run alone, as a
// crash is reproduced, is the first): time moving on was half an input's
// time. The events' frames are written as JSON and read back on that sample
// too, their numbers checked on every input; the responses always are (they
// carry the request's id and what it named). A `reload` reads the
// playground's bytes as they were read at start.

import FuzzSupport
import PlaygroundProtocol
import SceneLanguage
import SceneService

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProtocol(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var registry = warmedRegistry
    var execs = 0
    let full = sample.next()
    let longest = full ? 2.0 : 0.25
    let bytes = UnsafeBufferPointer(start: data, count: size)
    for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).prefix(64) {
        switch IdentifiedRequest.decode(line) {
        case .failure(let error):
            checkSent(IdentifiedResponse(error))
        case .success(let request):
            let (response, events) = answer(request.request, with: &registry, execs: &execs, longest: longest)
            checkSent(IdentifiedResponse(answering: request, with: response))
            checkSent(events, asJSON: full)
        }
    }
    return 0
}

/// The inputs whose `step` and `settle` may take 2 s of scene time, not 0.25 s.
nonisolated(unsafe) var sample = Sample()

/// What layoutd answers, on the manual clock, through the same registry calls; `step` and `settle` take at most
/// `longest` seconds.
func answer(
    _ request: Request, with registry: inout SceneRegistry, execs: inout Int, longest: Double
) -> (Response, [Event]) {
    switch request {
    case .hello, .clock, .unsubscribe:
        return (.done, [])
    case .scenes:
        return (.scenes(registry.names.compactMap { registry.entries[$0]?.summary }), [])
    case .subscribe(let selector, _):
        let names: [SceneName]
        switch selector {
        case .all: names = registry.names
        case .named(let name): names = [SceneName(name)]
        }
        return (.done, names.compactMap { registry.currentFrame(of: $0) }.map { .frame($0) })
    case .frame(let scene, let layer):
        switch registry.frame(of: SceneName(scene), layer: layer) {
        case .success(let frame): return (.frame(frame), [])
        case .failure(let error): return (.error(error.code, error.message), [])
        }
    case .run(let scene, let action):
        return registry.run(action, in: SceneName(scene))
    case .exec(let scene, let source):
        execs += 1
        return registry.exec(source, in: SceneName(scene), number: execs)
    case .step(let seconds):
        var events: [Event] = []
        var left = min(seconds, longest)
        while left > 1e-9 {
            let tick = min(1.0 / 60, left)
            events += registry.advance(by: tick)
            left -= tick
        }
        return (.done, events)
    case .settle(let scene, let timeout):
        return registry.settle(SceneName(scene), timeout: min(timeout, longest))
    case .diagnostics(let scene):
        return (registry.diagnostics(of: SceneName(scene)), [])
    case .reload(let scene):
        guard case .success(let entry) = registry.entry(SceneName(scene)), let bytes = playgroundBytes[entry.path]
        else {
            return (.error(.unknownScene, "no scene"), [])
        }
        return (
            .done,
            registry.load(
                name: entry.name, path: entry.path, source: SourceFile(name: entry.file, bytes: bytes), force: true)
        )
    }
}
