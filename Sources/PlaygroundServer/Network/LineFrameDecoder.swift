import NIOCore
import PlaygroundProtocol

/// One line a client sent, or the note that one was too long to keep.
enum InboundLine: Sendable {
    case line(ByteBuffer)
    /// A line longer than the protocol allows: its bytes were dropped up to its newline.
    case tooLong
}

/// Splits the byte stream into lines at `\n` (a `\r` before it is dropped),
/// each at most ``ProtocolLimits/maximumLineLength`` bytes. A longer line is
/// not buffered: it is reported once and skipped to its end, so no client
/// can make the daemon hold more than one line's worth of its bytes.
struct LineFrameDecoder: ByteToMessageDecoder {
    typealias InboundOut = InboundLine

    let maximumLength: Int
    /// Inside a line that is too long: skipping to its newline.
    private var skipping = false
    /// How far the buffer was searched for a newline already.
    private var searched = 0

    init(maximumLength: Int = ProtocolLimits.maximumLineLength) {
        self.maximumLength = maximumLength
    }

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        let view = buffer.readableBytesView
        if let newline = view[(view.startIndex + searched)...].firstIndex(of: UInt8(ascii: "\n")) {
            let length = newline - view.startIndex
            searched = 0
            if skipping {
                skipping = false
                buffer.moveReaderIndex(forwardBy: length + 1)
                return .continue
            }
            guard length <= maximumLength else {
                buffer.moveReaderIndex(forwardBy: length + 1)
                context.fireChannelRead(wrapInboundOut(.tooLong))
                return .continue
            }
            var line = buffer.readSlice(length: length)!
            buffer.moveReaderIndex(forwardBy: 1)
            if line.readableBytesView.last == UInt8(ascii: "\r") { line.moveWriterIndex(to: line.writerIndex - 1) }
            context.fireChannelRead(wrapInboundOut(.line(line)))
            return .continue
        }
        if view.count > maximumLength {
            // Too long already: drop what came, and the rest up to the newline.
            if !skipping { context.fireChannelRead(wrapInboundOut(.tooLong)) }
            skipping = true
            buffer.moveReaderIndex(forwardBy: view.count)
            searched = 0
            return .needMoreData
        }
        searched = view.count
        return .needMoreData
    }

    mutating func decodeLast(
        context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool
    ) throws -> DecodingState {
        // A last line without its newline is still a line.
        while try decode(context: context, buffer: &buffer) == .continue {}
        if buffer.readableBytes > 0 && !skipping {
            let line = buffer.readSlice(length: buffer.readableBytes)!
            context.fireChannelRead(wrapInboundOut(.line(line)))
        }
        return .needMoreData
    }
}
