import PlaygroundProtocol
import Testing

@testable import SceneService

/// The scene service's bookkeeping of reads, on its own: at most a few at once, one per file, nothing stale applied,
/// and no file ever left unread after a change.
@Suite struct PendingReadsTests {
    static func file(_ name: String) -> SceneFile {
        SceneFile(name: SceneName(name), file: name + ".layout", path: "/s/" + name + ".layout")
    }

    /// As many files changed as may be read at once: the next one waits.
    static func fill(_ reads: inout PendingReads) -> [SceneFile] {
        let busy = (0..<PendingReads.concurrency).map { file("B\($0)") }
        for file in busy { _ = reads.changed(file) }
        return busy
    }

    @Test("At most four reads at once; the others start in order as reads end")
    func concurrency() {
        var reads = PendingReads()
        let files = (0..<10).map { Self.file("S\($0)") }
        let started = files.compactMap { reads.changed($0) }
        #expect(started == Array(files.prefix(PendingReads.concurrency)))
        var next = reads.finished(files[0])
        #expect(next.verdict == .apply && next.start == [files[4]])
        next = reads.finished(files[1])
        #expect(next.start == [files[5]])
        #expect(!reads.isEmpty)
    }

    @Test("A file changed while it is read is read again, and the stale read dropped")
    func changedWhileRead() {
        var reads = PendingReads()
        let a = Self.file("A")
        #expect(reads.changed(a) == a)
        #expect(reads.changed(a) == nil)
        let first = reads.finished(a)
        #expect(first.verdict == .drop && first.start == [a])
        #expect(reads.finished(a).verdict == .apply)
        #expect(reads.isEmpty)
    }

    @Test("A file removed while it is read brings nothing; changed again after, it is read again")
    func removedWhileRead() {
        var reads = PendingReads()
        let a = Self.file("A")
        _ = reads.changed(a)
        reads.removed(a.path)
        #expect(reads.finished(a).verdict == .drop)
        #expect(reads.isEmpty)
        _ = reads.changed(a)
        reads.removed(a.path)
        #expect(reads.changed(a) == nil)
        let again = reads.finished(a)
        #expect(again.verdict == .drop && again.start == [a])
        #expect(reads.finished(a).verdict == .apply && reads.isEmpty)
    }

    @Test("A file removed while it waits, then made again, is still read (a checkout that puts it back)")
    func removedWhileWaitingThenBack() {
        var reads = PendingReads()
        let busy = Self.fill(&reads)
        let a = Self.file("A")
        #expect(reads.changed(a) == nil)
        reads.removed(a.path)
        #expect(reads.changed(a) == nil)
        let next = reads.finished(busy[0])
        #expect(next.start == [a])
        #expect(reads.finished(a).verdict == .apply)
        for file in busy.dropFirst() { _ = reads.finished(file) }
        #expect(reads.isEmpty)
    }

    @Test("A file removed while it waits is never read, and the queue goes on past it")
    func removedWhileWaiting() {
        var reads = PendingReads()
        let busy = Self.fill(&reads)
        let a = Self.file("A")
        let b = Self.file("C")
        _ = reads.changed(a)
        _ = reads.changed(b)
        reads.removed(a.path)
        #expect(reads.finished(busy[0]).start == [b])
        for file in busy.dropFirst() { _ = reads.finished(file) }
        _ = reads.finished(b)
        #expect(reads.isEmpty)
    }

    @Test("Random changes, removals and ends of reads: every file changed last is read after its last change")
    func random() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            var reads = PendingReads()
            let files = (0..<6).map { Self.file("F\($0)") }
            var running: [SceneFile] = []
            // For each file: whether it exists, and whether a read started after its last change has been applied.
            var exists = Set<String>()
            var upToDate = Set<String>()
            /// The reads under way, each with whether it started after the file's last change.
            var fresh: [String: Bool] = [:]
            for _ in 0..<60 {
                let file = files.randomElement(using: &generator)!
                switch Int.random(in: 0..<3, using: &generator) {
                case 0:
                    exists.insert(file.path)
                    upToDate.remove(file.path)
                    if fresh[file.path] != nil { fresh[file.path] = false }
                    if let start = reads.changed(file) {
                        running.append(start)
                        fresh[start.path] = true
                    }
                case 1:
                    exists.remove(file.path)
                    upToDate.remove(file.path)
                    reads.removed(file.path)
                default:
                    guard !running.isEmpty else { continue }
                    let done = running.remove(at: Int.random(in: 0..<running.count, using: &generator))
                    let (verdict, start) = reads.finished(done)
                    let wasFresh = fresh.removeValue(forKey: done.path) ?? false
                    if verdict == .apply {
                        #expect(wasFresh, "a stale read of \(done.path) was applied")
                        upToDate.insert(done.path)
                    }
                    for next in start {
                        running.append(next)
                        fresh[next.path] = true
                    }
                }
            }
            // Let every read end.
            while !running.isEmpty {
                let done = running.removeFirst()
                let (verdict, start) = reads.finished(done)
                let wasFresh = fresh.removeValue(forKey: done.path) ?? false
                if verdict == .apply {
                    #expect(wasFresh)
                    upToDate.insert(done.path)
                }
                for next in start {
                    running.append(next)
                    fresh[next.path] = true
                }
            }
            #expect(reads.isEmpty)
            #expect(exists.isSubset(of: upToDate), "files left unread: \(exists.subtracting(upToDate))")
        }
    }
}
