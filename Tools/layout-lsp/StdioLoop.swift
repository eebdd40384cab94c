import HostSystem
import JSONRPC
import LanguageServer

#if canImport(Glibc)
    import Glibc
#endif

/// The server on standard input and output: reads what is there, handles
/// each message, writes the replies, and publishes diagnostics when the
/// input has gone quiet.
///
/// The debounce: a change marks its document; diagnostics are published
/// only once no further input is waiting (and, with a debounce of more than
/// zero, once that long has passed since the last message). A burst of
/// keystrokes that arrives faster than a document is analysed is analysed
/// once, and the last keystroke's diagnostics come at once, with no timer's
/// delay. One thread, `poll(2)` for the waits.
struct StdioLoop {
    var server: LanguageServer
    let debounce: Duration
    private var framer = MessageFramer()
    private var lastMessage = ContinuousClock.now

    init(server: LanguageServer, debounce: Duration) {
        self.server = server
        self.debounce = debounce
    }

    /// Runs until `exit` or the end of the input; the status to exit with.
    mutating func run() -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            while let next = framer.next() {
                handle(next)
                if let code = server.exitCode { return code }
            }
            if server.hasPendingDiagnostics {
                let waited = ContinuousClock.now - lastMessage
                let left = waited >= debounce ? Duration.zero : debounce - waited
                if !inputReady(within: left) {
                    guard send(server.publishPendingDiagnostics()) else { return 1 }
                    continue
                }
            } else {
                _ = inputReady(within: nil)
            }
            let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                printError("layout-lsp: cannot read standard input: \(systemReason(errno))")
                return 1
            }
            // The end of the input without `exit`: the editor is gone.
            if count == 0 { return 1 }
            framer.append(chunk[..<count])
        }
    }

    private mutating func handle(_ next: Result<[UInt8], MessageFramer.FramingError>) {
        lastMessage = .now
        switch next {
        case .failure(let error):
            printError("layout-lsp: skipped bad framing: \(error)")
        case .success(let body):
            switch Message.decode(body) {
            case .success(let message):
                _ = send(server.handle(message))
            case .failure(let failure):
                printError("layout-lsp: \(failure.error.message)")
                if failure.expectsResponse { _ = send([.response(id: failure.id, .failure(failure.error))]) }
            }
        }
    }

    /// Whether input can be read within a time (nil: waits for it).
    private func inputReady(within timeout: Duration?) -> Bool {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        let milliseconds: Int32 =
            timeout.map { duration in
                let (seconds, attoseconds) = duration.components
                return Int32(clamping: seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
            } ?? -1
        while true {
            let ready = poll(&descriptor, 1, milliseconds)
            if ready < 0 && errno == EINTR { continue }
            return ready > 0
        }
    }

    /// Writes messages to standard output; false when it is closed.
    private func send(_ messages: [Message]) -> Bool {
        for message in messages {
            var bytes = message.framed[...]
            while !bytes.isEmpty {
                let written = bytes.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
                if written < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    printError("layout-lsp: cannot write standard output: \(systemReason(errno))")
                    return false
                }
                bytes = bytes.dropFirst(written)
            }
        }
        return true
    }
}
