// libFuzzer entry point for the socket protocol: the input's lines are
// requests, decoded as layoutd decodes them and answered by the daemon's
// scene registry with the playgrounds loaded, as on the manual clock. Every
// answer and event must be one line of valid JSON with finite frames and
// safe diagnostics; nothing may trap. `step` and `settle` are capped at 2 s
// of scene time per request so that an input stays quick (the daemon allows
// 3,600 s: the same code, only longer).

import PlaygroundProtocol
import SceneLanguage
import SceneService

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProtocol(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var registry = loadedRegistry
    var execs = 0
    let bytes = UnsafeBufferPointer(start: data, count: size)
    for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).prefix(64) {
        switch IdentifiedRequest.decode(line) {
        case .failure(let error):
            checkSent(IdentifiedResponse(error))
        case .success(let request):
            let (response, events) = answer(request.request, with: &registry, execs: &execs)
            checkSent(IdentifiedResponse(answering: request, with: response))
            checkSent(events)
        }
    }
    return 0
}

/// What layoutd answers, on the manual clock, through the same registry calls.
func answer(_ request: Request, with registry: inout SceneRegistry, execs: inout Int) -> (Response, [Event]) {
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
        var left = min(seconds, 2)
        while left > 1e-9 {
            let tick = min(1.0 / 60, left)
            events += registry.advance(by: tick)
            left -= tick
        }
        return (.done, events)
    case .settle(let scene, let timeout):
        return registry.settle(SceneName(scene), timeout: min(timeout, 2))
    case .diagnostics(let scene):
        return (registry.diagnostics(of: SceneName(scene)), [])
    case .reload(let scene):
        guard case .success(let entry) = registry.entry(SceneName(scene)), let bytes = readAll(entry.path) else {
            return (.error(.unknownScene, "no scene"), [])
        }
        return (
            .done,
            registry.load(
                name: entry.name, path: entry.path, source: SourceFile(name: entry.file, bytes: bytes), force: true)
        )
    }
}
