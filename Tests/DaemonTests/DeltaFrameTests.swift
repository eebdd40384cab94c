import Foundation
import NIOCore
import PlaygroundClient
import PlaygroundProtocol
import TestSupport
import Testing

/// `subscribe` with `"delta": true`, on the wire: a whole frame first, then frames of only the views that moved,
/// each naming the frame it changes; a whole one again after a reload and when the client subscribes again.
@Suite(.timeLimit(.minutes(2))) struct DeltaFrameTests {
    /// Twenty still boxes and one that an action moves.
    static let row: String = {
        var lines = ["view mover color #ff0000"]
        for i in 0..<20 { lines.append("view still\(i)") }
        lines.append("moverX: mover.left == root.left; mover.top == root.top; mover.width == 10; mover.height == 10")
        for i in 0..<20 {
            lines.append("still\(i).left == root.left + \(i * 12); still\(i).top == root.top + 40")
            lines.append("still\(i).width == 10; still\(i).height == 10")
        }
        lines.append("action move { animate 1 curve linear { moverX.constant = 100; layout } }")
        return lines.joined(separator: "\n") + "\n"
    }()

    /// Reads lines up to the response with `id`, returning the frame events met on the way.
    static func frames(until id: Int, in lines: inout RawConnection.Lines) async throws -> [Frame] {
        var frames: [Frame] = []
        while let line = try await lines.next() {
            switch try ServerMessage.decode(Array(line.utf8)) {
            case .event(.frame(let frame)): frames.append(frame)
            case .response(let response) where response.id == .number(Double(id)): return frames
            default: continue
            }
        }
        Issue.record("the daemon closed the connection before answering \(id)")
        return frames
    }

    @Test("A delta subscriber gets the moving view only, and rebuilds what a whole subscriber gets")
    func deltas() async throws {
        try await LocalDaemon.with(scenes: ["Row": Self.row]) { daemon, client in
            try await RawConnection.with(daemon.socketPath) { lines, out in
                try await out.send(#"{"id":1,"cmd":"subscribe","scene":"Row","delta":true}"# + "\n")
                _ = try await Self.frames(until: 1, in: &lines)
                // The frame follows the response: a `hello` after it reads it.
                let first = try await Self.frames(until: 2, in: &lines, sending: out)
                let whole = try #require(first.first)
                #expect(whole.delta == nil && whole.views.count == 21, "the first frame is whole")
                try await out.send(#"{"id":3,"cmd":"run","scene":"Row","action":"move"}"# + "\n")
                _ = try await Self.frames(until: 3, in: &lines)
                // Frames are latest-wins: each step's last frame comes after the step's answer, before the hello's.
                var moving: [Frame] = []
                for tick in 0..<10 {
                    try await out.send(#"{"id":\#(100 + tick),"cmd":"step","seconds":0.05}"# + "\n")
                    moving += try await Self.frames(until: 100 + tick, in: &lines)
                    moving += try await Self.frames(until: 200 + tick, in: &lines, sending: out)
                }
                #expect(moving.count >= 10, "a frame at least per step, \(moving.count)")
                var rebuilt = whole
                for frame in moving {
                    let delta = try #require(frame.delta, "every frame after the first is a delta")
                    #expect(delta.base == rebuilt.seq && delta.gone.isEmpty)
                    #expect(frame.views.map(\.name).allSatisfy { $0 == "mover" })
                    rebuilt = try #require(rebuilt.applying(frame))
                }
                #expect(moving.contains { $0.views.map(\.name) == ["mover"] })
                // What the delta frames add up to is the frame a request gets whole.
                let asked = try await client.frame(of: "Row")
                #expect(rebuilt == asked)
                #expect(try #require(rebuilt.view(named: "mover")).x > 40)

                // Subscribing again asks for a whole frame.
                try await out.send(#"{"id":5,"cmd":"subscribe","scene":"Row","delta":true}"# + "\n")
                _ = try await Self.frames(until: 5, in: &lines)
                let again = try await Self.frames(until: 6, in: &lines, sending: out)
                #expect(again.first?.delta == nil && again.first?.views.count == 21)

                // A reload's first frame is whole, of the new generation.
                _ = try await daemon.write(Self.row.replacingOccurrences(of: "+ 40", with: "+ 50"), to: "Row")
                try await out.send(#"{"id":7,"cmd":"step","seconds":0.1}"# + "\n")
                let reloaded =
                    try await Self.frames(until: 7, in: &lines)
                    + (try await Self.frames(until: 8, in: &lines, sending: out))
                let firstOfTwo = try #require(reloaded.first { $0.generation == 2 })
                #expect(firstOfTwo.delta == nil && firstOfTwo.views.count == 21)
            }
        }
    }

    @Test("A client that did not ask for deltas gets whole frames, as before")
    func wholeByDefault() async throws {
        try await LocalDaemon.with(scenes: ["Row": Self.row]) { daemon, _ in
            try await RawConnection.with(daemon.socketPath) { lines, out in
                try await out.send(#"{"id":1,"cmd":"subscribe","scene":"Row"}"# + "\n")
                _ = try await Self.frames(until: 1, in: &lines)
                try await out.send(#"{"id":2,"cmd":"run","scene":"Row","action":"move"}"# + "\n")
                try await out.send(#"{"id":3,"cmd":"step","seconds":0.2}"# + "\n")
                let frames =
                    try await Self.frames(until: 2, in: &lines) + (try await Self.frames(until: 3, in: &lines))
                    + (try await Self.frames(until: 4, in: &lines, sending: out))
                #expect(!frames.isEmpty && frames.allSatisfy { $0.delta == nil && $0.views.count == 21 })
            }
        }
    }

    @Test("PlaygroundClient subscribes with deltas and hands out whole frames, equal to those a request gets")
    func clientRebuilds() async throws {
        try await LocalDaemon.with(scenes: ["Row": Self.row]) { _, client in
            var frames = try await client.frames(of: "Row").makeAsyncIterator()
            let first = try #require(await frames.next())
            #expect(first.views.count == 21 && first.delta == nil)
            try await client.run("move", in: "Row")
            try await client.step(0.25)
            var last = first
            while last.time < 0.25 - 1e-9 {
                last = try #require(await frames.next())
                #expect(last.delta == nil && last.views.count == 21)
            }
            #expect(last == (try await client.frame(of: "Row")))
        }
    }
}

extension DeltaFrameTests {
    /// Sends a `hello` with `id` and reads up to its answer: the frames that came before it.
    static func frames(
        until id: Int, in lines: inout RawConnection.Lines, sending out: NIOAsyncChannelOutboundWriter<ByteBuffer>
    ) async throws -> [Frame] {
        try await out.send(#"{"id":\#(id),"cmd":"hello"}"# + "\n")
        return try await frames(until: id, in: &lines)
    }
}
