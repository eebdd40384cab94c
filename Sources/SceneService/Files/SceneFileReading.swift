package import PlaygroundProtocol
package import SceneLanguage

/// Reads scene files for a ``SceneService``: the daemon's reads on its blocking pool, a test's files in memory.
///
/// It gives the file's bytes, or why there are none; the service turns them into a scene, or into the
/// diagnostic the scene shows:
///
/// ```swift
/// struct Memory: SceneFileReading {
///     var files: [String: SceneFileRead]
///     func read(path: String) async -> SceneFileRead { files[path] ?? .missing }
/// }
/// ```
package protocol SceneFileReading: Sendable {
    /// Reads the file at `path`. Called for every save, listing and `reload`, never twice at once for a path
    /// by a save.
    func read(path: String) async -> SceneFileRead

    /// What ``read(path:)`` gives, when the file can be read without waiting on anything (its path and bytes in
    /// memory, as just after a save); nil when it cannot, and then ``read(path:)`` is called. Nil by default.
    func readIfCached(path: String) -> SceneFileRead?
}

extension SceneFileReading {
    package func readIfCached(path: String) -> SceneFileRead? { nil }
}

/// What reading a scene file gave.
package enum SceneFileRead: Hashable, Sendable {
    /// Its bytes.
    case bytes([UInt8])
    /// Nothing is at the path any more: the file went after the change that made it be read.
    case missing
    /// It cannot be read: the stable code of the scene's diagnostic (``DiagnosticCode/notAFile``,
    /// ``DiagnosticCode/tooLarge``, ``DiagnosticCode/unreadable``) and the reason in words ("it is a FIFO (named
    /// pipe), not a regular file").
    case failed(DiagnosticCode, reason: String)
}

/// A scene file of a watched folder: its scene, how clients see the file, and where the daemon reads it.
package struct SceneFile: Hashable, Sendable {
    package var name: SceneName
    /// The path relative to the watched folder (`more/Bankey.layout`), as diagnostics and `scenes` show it.
    package var file: String
    /// Where it is read.
    package var path: String
}

/// A read a ``SceneService`` asks for: which file, read by the service's reader. The caller runs it where it
/// likes (the daemon, in a task of its own) and hands what it gave back to the service, which decides whether it
/// still counts.
///
/// ```swift
/// for read in step.reads {
///     tasks.addTask { done(await read.perform()) }    // then: service.finishSave(result)
/// }
/// ```
package struct SceneRead: Sendable {
    package let file: SceneFile
    let reader: any SceneFileReading
    /// For a `reload`: the scene's ``SceneEntry/version`` when it began. Nil for a save's read.
    let version: Int?
    /// How the bytes become a scene.
    let translator: SceneTranslator

    /// ``perform()`` done at once, where the caller runs, when the reader can read the file without waiting and it
    /// is not a Swift file (whose import takes its time off the caller's executor); nil otherwise. The daemon reads
    /// a save so, without a task of its own.
    package func performAtOnce() -> SceneReadResult? {
        guard !file.name.isSwift, let outcome = reader.readIfCached(path: file.path) else { return nil }
        return SceneReadResult(read: self, outcome: outcome)
    }

    /// Reads the file; a Swift file's bytes it also imports, on Swift's global concurrent executor, whatever
    /// executor the caller prefers (the daemon runs its tasks on its event loop): importing a large Swift file
    /// (seconds for megabytes of Swift) delays only this file's scene, not the daemon's requests.
    ///
    /// A `.layout` file is parsed where it loads, after the registry has seen whether its text changed at all:
    /// parsing every file a rescan reads, unchanged ones included, with the parsed scenes waiting for their
    /// turn, raised the daemon's memory by tens of megabytes under a flood of file events (the soak).
    package func perform() async -> SceneReadResult {
        let outcome = await reader.read(path: file.path)
        guard case .bytes(let bytes) = outcome, file.name.isSwift else {
            return SceneReadResult(read: self, outcome: outcome)
        }
        let (name, isSwift, translator) = (file.file, file.name.isSwift, translator)
        let translated = await withTaskExecutorPreference(globalConcurrentExecutor) {
            translator.translate(SourceFile(name: name, bytes: bytes), isSwift: isSwift)
        }
        return SceneReadResult(read: self, outcome: outcome, translated: translated)
    }
}

/// A read that ended, and what it gave.
package struct SceneReadResult: Sendable {
    package let read: SceneRead
    package let outcome: SceneFileRead
    /// A Swift file's bytes imported: the file's text, its scene, its diagnostics. Nil for a `.layout` file,
    /// which is parsed where it loads.
    package var translated: TranslatedSource?

    package init(read: SceneRead, outcome: SceneFileRead, translated: TranslatedSource? = nil) {
        self.read = read
        self.outcome = outcome
        self.translated = translated
    }

    /// Loads what the read brought into the registry: what it imported (a Swift file), else the text, which the
    /// registry parses unless it is the text it has already.
    func load(into registry: inout SceneRegistry, force: Bool) -> [Event] {
        let file = read.file
        if let translated {
            return registry.load(name: file.name, path: file.path, translated: translated, force: force)
        }
        guard case .bytes(let bytes) = outcome else { return [] }
        return registry.load(
            name: file.name, path: file.path, source: SourceFile(name: file.file, bytes: bytes), force: force)
    }
}
