import Foundation
import PlaygroundTesting
import Testing

@Suite(.timeLimit(.minutes(1)))
struct CardTests {
    /// Card.layout, beside this file.
    static let scene = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("Card.layout").path

    @Test func cardSlidesUpIntoPlace() async throws {
        // A real layoutd on a temporary socket, with a manual clock: time moves when the test says.
        try await LocalDaemon.with(sceneFiles: [Self.scene]) { _, client in
            let card = client.scene("Card")
            try await card.expect("card offscreen")

            try await card.run("show")
            // Half-way through 0.4 s: ease-out has covered more than half of the 250 points.
            try await card.expect("card.top < 667 - 125", .at(0.2))
            // At every tick until it settles: centred, holding its title, never above its place.
            try await card.expect(
                ["card.centerX == root.centerX", "title inside card", "card.top >= 417"], .throughout)
            try await card.expect(["card.top == 417", "card onscreen", "title visible"])

            // Anything the assertions do not say, read from the frame itself.
            let frame = try await card.frame()
            #expect(frame.view(named: "title")?.text == "Hello")
        }
    }
}
