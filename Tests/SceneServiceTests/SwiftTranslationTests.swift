import FileWatching
import Foundation
import PlaygroundProtocol
import SceneLanguage
import SceneService
import Synchronization
import Testing

/// `.swift` files go through the translator the service is given, with the reload rule of `.layout` files; a
/// service without an importer says so on the scene.
@Suite struct SwiftTranslationTests {
    /// An importer that reads any Swift file as the Box scene, warning at the Swift's first line.
    static let boxImporter = SceneTranslator(importSwift: { source in
        let warning = Diagnostic.warning(.importSkipped, "skipped everything", at: .at(0, in: source))
        if source.text.contains("broken") {
            return (nil, [.error(.invalidSwift, "expected '}'", at: .at(0, in: source))])
        }
        let scene = Scene.parse(SourceFile(name: source.name + ".layout", text: Scenes.box))
        return (scene, [warning] + scene.diagnostics)
    })

    @Test("A Swift file loads through the importer, keeps its extension in its name, and reloads on a change")
    func importsSwift() async {
        var harness = ServiceHarness(translator: Self.boxImporter)
        await harness.save("Login.swift", "class Login: UIViewController {}")
        #expect(
            harness.takeEvents().map(\.summary) == [
                "reload Login.swift 1", "diagnostics Login.swift 1 [import-skipped]", "frame Login.swift 1 #0",
            ])
        #expect(harness.scenes.first?.file == "Login.swift" && harness.scenes.first?.warnings == 1)
        #expect(harness.diagnostics("Login.swift").first?.file == "Login.swift")
        await harness.save("Login.swift", "class Login: UIViewController { }")
        #expect(harness.takeEvents().first?.summary == "reload Login.swift 2")
        await harness.save("Login.swift", "broken")
        #expect(harness.takeEvents().map(\.summary) == ["diagnostics Login.swift 2 [invalid-swift]"])
        #expect(harness.scenes.first?.status == .error && harness.scenes.first?.generation == 2)
    }

    @Test("Without an importer, a Swift file is an error of its scene, and .layout files load as ever")
    func withoutImporter() async {
        var harness = ServiceHarness()
        await harness.save("Login.swift", "class Login: UIViewController {}")
        #expect(harness.takeEvents().map(\.summary) == ["diagnostics Login.swift 0 [invalid-swift]"])
        await harness.save("Box.layout", Scenes.box)
        #expect(harness.takeEvents().first?.summary == "reload Box 1")
    }

    @Test("A read imports what it read off the executor its caller prefers, and the load reuses that import")
    func importsOffTheCallersExecutor() async throws {
        let loop = OneThreadExecutor()
        let calls = Calls()
        let translator = SceneTranslator(importSwift: { source in
            calls.record(onCallersThread: OneThreadExecutor.isCurrent())
            return Self.boxImporter.scene(of: source, isSwift: true)
        })
        var harness = ServiceHarness(translator: translator)
        let path = ServiceHarness.path("Login.swift")
        harness.files[path] = .bytes(Array("class Login: UIViewController {}".utf8))
        harness.watch(.closeWrite, "Login.swift")
        let read = try #require(harness.reads.first)
        harness.reads.removeAll()
        // As the daemon runs it: in a task that prefers the event loop's executor, here a thread of its own.
        let result = await withTaskExecutorPreference(loop) {
            #expect(OneThreadExecutor.isCurrent(), "the preference holds")
            return await read.perform()
        }
        #expect(result.translated?.scene != nil)
        #expect(calls.all == [false], "imported once, not on the preferred executor's thread")
        harness.record(harness.service.finishSave(result))
        #expect(harness.takeEvents().first?.summary == "reload Login.swift 1")
        #expect(calls.all == [false], "the load takes the read's import and does not import again")
    }
}

/// Whether each import ran on the caller's thread, in order.
private final class Calls: @unchecked Sendable {
    private let lock = NSLock()
    private var calls: [Bool] = []

    func record(onCallersThread: Bool) { lock.withLock { calls.append(onCallersThread) } }
    var all: [Bool] { lock.withLock { calls } }
}

/// A task executor that runs every job on one thread of its own, as the daemon's event loop runs its tasks.
private final class OneThreadExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    /// The executors' threads.
    private static let threads = Mutex<[pthread_t]>([])

    init() {
        Thread { [unowned self] in self.run() }.start()
    }

    /// Whether the code calling runs on such an executor's thread.
    static func isCurrent() -> Bool {
        let current = pthread_self()
        return threads.withLock { $0.contains { pthread_equal($0, current) != 0 } }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.withLock {
            jobs.append(job)
            condition.signal()
        }
    }

    private func run() {
        Self.threads.withLock { $0.append(pthread_self()) }
        while true {
            let job = condition.withLock {
                while jobs.isEmpty { condition.wait() }
                return jobs.removeFirst()
            }
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
