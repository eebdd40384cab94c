import FileWatching
import PlaygroundProtocol
import Synchronization
import Testing

@testable import SceneService

/// A read the reader can do without waiting is done where the caller runs, as the daemon's loop reads a save.
@Suite struct ReadAtOnceTests {
    @Test(
        "A file the reader has in memory is read at once and loads; a Swift file, or a reader that cannot tell, waits")
    func atOnce() async throws {
        var harness = ServiceHarness()
        let text = "canvas 100 x 100\nview a\na.leading == root.leading; a.top == root.top\n"
        harness.files[ServiceHarness.path("A.layout")] = .bytes(Array(text.utf8))
        harness.watch(.closeWrite, "A.layout")
        let read = try #require(harness.reads.first)
        // The reader cannot tell: the read is left to perform(), in a task of its own.
        #expect(read.performAtOnce() == nil)
        harness.files.inMemory.withLock { $0 = true }
        let result = try #require(read.performAtOnce())
        #expect(result.outcome == .bytes(Array(text.utf8)))
        harness.reads.removeFirst()
        harness.record(harness.service.finishSave(result))
        #expect(harness.events.contains(.reload(scene: "A", generation: 1)))
        // A Swift file is imported, which takes its time off the caller's executor: never at once.
        harness.files[ServiceHarness.path("B.swift")] = .bytes(Array("import UIKit\n".utf8))
        harness.watch(.closeWrite, "B.swift")
        let swift = try #require(harness.reads.first { $0.file.name.isSwift })
        #expect(swift.performAtOnce() == nil)
    }
}
