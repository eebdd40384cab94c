import NIOCore
import PlaygroundProtocol

/// One line a client sent, or the note that one was too long to keep.
enum InboundLine: Sendable {
    case line(ByteBuffer)
    /// A line longer than the protocol allows: its bytes were dropped up to its newline.
    case tooLong
}

/// The protocol's lines (``LineFramer``) as a NIO decoder: each line a
/// slice of the bytes read, at most ``ProtocolLimits/maximumLineLength``
/// bytes. A longer line is not buffered: it is reported once and skipped
/// to its end, so no client can make the daemon hold more than one line's
/// worth of its bytes.
struct LineFrameDecoder: ByteToMessageDecoder {
    typealias InboundOut = InboundLine

    private var framer: LineFramer

    var maximumLength: Int { framer.maximumLength }

    init(maximumLength: Int = ProtocolLimits.maximumLineLength) {
        framer = LineFramer(maximumLength: maximumLength)
    }

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        guard let step = framer.next(in: buffer.readableBytesView) else { return .needMoreData }
        return take(step, from: &buffer, context: context)
    }

    mutating func decodeLast(
        context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool
    ) throws -> DecodingState {
        while try decode(context: context, buffer: &buffer) == .continue {}
        // A last line without its newline is still a line.
        if let step = framer.last(in: buffer.readableBytesView) { _ = take(step, from: &buffer, context: context) }
        return .needMoreData
    }

    /// Does what the framer said with the bytes at the front of `buffer`.
    private func take(_ step: LineFramer.Step, from buffer: inout ByteBuffer, context: ChannelHandlerContext)
        -> DecodingState
    {
        switch step {
        case .line(let length, let consumed):
            let line = buffer.getSlice(at: buffer.readerIndex, length: length)!
            buffer.moveReaderIndex(forwardBy: consumed)
            context.fireChannelRead(wrapInboundOut(.line(line)))
            return .continue
        case .tooLong(let consumed):
            buffer.moveReaderIndex(forwardBy: consumed)
            context.fireChannelRead(wrapInboundOut(.tooLong))
            return .continue
        case .skip(let consumed):
            buffer.moveReaderIndex(forwardBy: consumed)
            return .continue
        }
    }
}
