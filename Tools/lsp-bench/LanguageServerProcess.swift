import BenchSupport
import JSONRPC
import PlaygroundProtocol

#if canImport(Glibc)
    import Glibc
#endif

/// The real layout-lsp, on two pipes: messages written to its standard input, its standard output read with the
/// framer.
struct LanguageServerProcess {
    private let process: BenchSupport.ChildProcess
    private let input: CInt
    private let output: CInt
    private var framer = MessageFramer()
    private var nextID = 1
    /// How long any answer may take.
    static let timeout = Duration.seconds(60)

    init(_ executable: String) throws {
        let pipe = try makePipe()
        process = try BenchSupport.ChildProcess.start(executable, [], input: pipe.read, captureOutput: true)
        close(pipe.read)
        input = pipe.write
        guard let output = process.output else { throw BenchError("layout-lsp has no output pipe") }
        self.output = output
    }

    mutating func initialize() throws {
        let id = nextID
        nextID += 1
        try send(.request(id: .number(id), method: "initialize", params: .object(["capabilities": .object([:])])))
        _ = try wait { message in
            if case .response(.number(id)?, _) = message { return true }
            return false
        }
        try send(.notification(method: "initialized", params: .object([:])))
    }

    /// Sends a message and returns the milliseconds until the diagnostics of `uri` at `version` arrive.
    mutating func time(_ message: Message, uri: String, version: Int) throws -> Double {
        let start = ContinuousClock.now
        try send(message)
        let arrived = try wait { message in
            guard case .notification("textDocument/publishDiagnostics", let params?) = message else { return false }
            return params["uri"]?.string == uri && params["version"]?.number == Double(version)
        }
        let elapsed = arrived - start
        return Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) * 1e-15
    }

    mutating func shutDown() throws {
        let id = nextID
        nextID += 1
        try send(.request(id: .number(id), method: "shutdown", params: nil))
        _ = try wait { message in
            if case .response(.number(id)?, _) = message { return true }
            return false
        }
        try send(.notification(method: "exit", params: nil))
    }

    func stop() {
        close(input)
        process.stop()
    }

    private func send(_ message: Message) throws {
        try writeAll(message.framed, to: input)
    }

    /// Reads messages until one matches, within ``timeout``; the instant it was read.
    private mutating func wait(for matches: (Message) -> Bool) throws -> ContinuousClock.Instant {
        let deadline = ContinuousClock.now + Self.timeout
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            while let next = framer.next() {
                guard case .success(let body) = next, case .success(let message) = Message.decode(body) else {
                    throw BenchError("layout-lsp sent something that is not a message")
                }
                if matches(message) { return .now }
            }
            var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            let left = deadline - .now
            guard left > .zero else { throw BenchError("layout-lsp did not answer within \(Self.timeout)") }
            guard poll(&descriptor, 1, Int32(left.components.seconds * 1000 + 1)) >= 0 || errno == EINTR else {
                throw BenchError("poll failed")
            }
            guard descriptor.revents != 0 else { continue }
            let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if count == 0 { throw BenchError("layout-lsp closed its output") }
            if count > 0 { framer.append(chunk[..<count]) }
        }
    }
}
