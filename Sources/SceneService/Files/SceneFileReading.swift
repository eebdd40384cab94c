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

    /// Reads the file and turns its bytes into a scene on Swift's global concurrent executor, whatever executor
    /// the caller prefers (the daemon runs its tasks on its event loop): parsing a large scene or importing a
    /// large Swift file (seconds for megabytes of Swift) delays only this file's scene, not the daemon's
    /// requests.
    package func perform() async -> SceneReadResult {
        let outcome = await reader.read(path: file.path)
        guard case .bytes(let bytes) = outcome else { return SceneReadResult(read: self, outcome: outcome) }
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
    /// The bytes made a scene: the file's text, its scene, its diagnostics.
    package var translated: TranslatedSource?

    package init(read: SceneRead, outcome: SceneFileRead, translated: TranslatedSource? = nil) {
        self.read = read
        self.outcome = outcome
        self.translated = translated
    }

    /// The file's text made a scene, or why not, as the registry loads it: what the read translated, or (for a
    /// result made by hand) the bytes translated now.
    func translation(by translator: SceneTranslator) -> TranslatedSource? {
        if let translated { return translated }
        guard case .bytes(let bytes) = outcome else { return nil }
        return translator.translate(SourceFile(name: read.file.file, bytes: bytes), isSwift: read.file.name.isSwift)
    }
}
