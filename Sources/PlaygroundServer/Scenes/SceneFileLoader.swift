import HostSystem
import NIOPosix
import SceneLanguage

/// Reads scene files on NIO's blocking thread pool, never on the event loop: a slow disk or a hostile file (a FIFO
/// that no one writes, a device) delays only its own scene, and the socket is served meanwhile.
///
/// What cannot be read becomes the diagnostic the scene shows (`not-a-file`, `too-large`, `unreadable`):
///
/// ```swift
/// switch await loader.load(path: "/scenes/Quiz.layout", file: "Quiz.layout") {
/// case .source(let source): registry.load(…, source: source)
/// case .problem(let diagnostic): registry.fail(…, diagnostic: diagnostic)
/// case .gone: break   // deleted meanwhile: its removal follows
/// }
/// ```
struct SceneFileLoader: Sendable {
    /// What reading a scene file gave.
    enum Outcome: Sendable {
        /// Its text.
        case source(SourceFile)
        /// Why it cannot be read, as the scene's diagnostic.
        case problem(Diagnostic)
        /// Nothing is at the path any more.
        case gone
    }

    let read: @Sendable (String) -> Result<[UInt8], FileReadError>
    let pool: NIOThreadPool

    init(read: @escaping @Sendable (String) -> Result<[UInt8], FileReadError>, pool: NIOThreadPool = .singleton) {
        self.read = read
        self.pool = pool
    }

    /// Reads the file at `path`, which clients know as `file`.
    func load(path: String, file: String) async -> Outcome {
        let read = self.read
        let result: Result<[UInt8], FileReadError>
        do {
            result = try await pool.runIfActive { read(path) }
        } catch {
            return .problem(.file(file, code: .unreadable, reason: "the daemon is shutting down"))
        }
        switch result {
        case .success(let bytes):
            return .source(SourceFile(name: file, bytes: bytes))
        case .failure(.missing):
            return .gone
        case .failure(let error):
            return .problem(.file(file, code: DiagnosticCode(rawValue: error.code) ?? .unreadable, reason: "\(error)"))
        }
    }
}
