import Foundation
import PlaygroundClient
import PlaygroundProtocol
import TestSupport
import Testing

/// The playgrounds of spec §8 through the real daemon, with the manual
/// clock: each tutorial's numbers at chosen times, worked out here from the
/// tutorial's code (ease-in-out is cubic-bezier(0.42, 0, 0.58, 1); the
/// spring is the specification's mapping).
@Suite(.timeLimit(.minutes(2))) struct PlaygroundSocketTests {
    static func playground(_ name: String) throws -> String {
        try String(contentsOf: repositoryRoot.appendingPathComponent("Playgrounds/\(name).layout"), encoding: .utf8)
    }

    static func easeInOut(_ x: Double) -> Double { TutorialTiming.easeInOut(x) }

    @Test("Bankey on load: the title slides from 0, the subtitle and the fade from 0.2 s")
    func bankey() async throws {
        try await LocalDaemon.with(scenes: ["Bankey": try Self.playground("Bankey")]) { _, client in
            try await client.step(0.6)
            let frame = try await client.frame(of: "Bankey")
            let title = try #require(frame.view(named: "title"))
            let subtitle = try #require(frame.view(named: "subtitle"))
            #expect(abs(title.x - (-1000 + 1016 * Self.easeInOut(0.6 / 0.8))) < 1e-6)
            #expect(abs(subtitle.x - (-1000 + 1016 * Self.easeInOut(0.4 / 0.8))) < 1e-6)
            #expect(abs(title.alpha - Self.easeInOut(0.4 / 1.6)) < 1e-6)
        }
    }

    @Test("Messaging: the toolbar springs to 44 + the message's midY with its alpha at 0.95 at once")
    func messaging() async throws {
        try await LocalDaemon.with(scenes: ["Messaging": try Self.playground("Messaging")]) { _, client in
            try await client.run("showToolbar", in: "Messaging")
            try await client.step(0.1)
            let toolbar = try #require(try await client.frame(of: "Messaging").view(named: "toolbar"))
            // The specification's example: ζ 0.6, v₀ 1, 1 s gives 0.418725 at 0.1 s; from −56 to 171.
            #expect(abs(toolbar.y - (-56 + 227 * 0.418725202)) < 1e-5)
            #expect(toolbar.alpha == 0.95)
            let settled = try await client.settle("Messaging")
            #expect(settled.view(named: "toolbar")?.y == 171)
        }
    }

    @Test("Burger: scrubbed halfway the lines are halfway; closed, they are back and the warning comes")
    func burger() async throws {
        try await LocalDaemon.with(scenes: ["Burger": try Self.playground("Burger")]) { _, client in
            try await client.run("scrub", in: "Burger")
            let scrubbed = try await client.frame(of: "Burger")
            #expect(scrubbed.view(named: "top")?.y == 34 && scrubbed.view(named: "bottom")?.y == 42)
            try await client.run("close", in: "Burger")
            #expect(try await client.frame(of: "Burger").view(named: "top")?.y == 30)
            let codes = try await client.diagnostics(of: "Burger").map(\.code)
            #expect(codes == ["unreverted-constraints"])
        }
    }

    @Test("Quiz with its guide in landscape: the next question stays a whole canvas width away")
    func quizGuide() async throws {
        try await LocalDaemon.with(scenes: ["QuizGuide": try Self.playground("QuizGuide")]) { _, client in
            try await client.run("landscape", in: "QuizGuide")
            let frame = try await client.settle("QuizGuide")
            #expect(frame.canvas == Size(width: 667, height: 375))
            let next = try #require(frame.view(named: "next"))
            #expect(abs(next.frame.midX - (333.5 - 667)) < 1e-9 && next.frame.maxX < 0)
        }
    }
}
