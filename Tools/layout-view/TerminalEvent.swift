import Dispatch

#if canImport(Glibc)
    import Glibc
#endif

/// What reaches the viewer's main loop from the terminal and the system:
/// keys from standard input, SIGWINCH, and SIGTERM, SIGHUP and SIGINT, which
/// end the viewer.
enum TerminalEvent: Sendable {
    case bytes([UInt8])
    case resize
    case terminate(String)

    /// Listens on standard input and for the signals, on a queue of their
    /// own, until the sources returned are cancelled.
    static func listen(_ events: AsyncStream<TerminalEvent>.Continuation) -> [any DispatchSourceProtocol] {
        let queue = DispatchQueue(label: "layout-view.input")
        let reader = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: queue)
        reader.setEventHandler {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(STDIN_FILENO, &buffer, buffer.count)
            if count > 0 {
                events.yield(.bytes(Array(buffer[0..<count])))
            } else if count == 0 {
                events.yield(.terminate("the terminal closed"))
                reader.cancel()
            }
        }
        reader.resume()
        var sources: [any DispatchSourceProtocol] = [reader]
        for (number, name) in [(SIGWINCH, "SIGWINCH"), (SIGTERM, "SIGTERM"), (SIGHUP, "SIGHUP"), (SIGINT, "SIGINT")] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { events.yield(number == SIGWINCH ? .resize : .terminate(name)) }
            source.resume()
            sources.append(source)
        }
        return sources
    }
}
