import Foundation
import Testing

@Suite struct SolveTests {
    @Test("'solve' prints the model frame of a scene as one line of JSON")
    func solvesAScene() throws {
        try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("Card.layout")
            try """
            canvas 300 x 500
            view card color #3366ff
            card.leading == root.leading + 20; card.trailing == root.trailing - 20
            card.top == root.top + 40; card.height == 100
            """.write(to: file, atomically: true, encoding: .utf8)
            let result = try Layoutctl.run(["solve", file.path])
            #expect(result.status == 0)
            #expect(result.stderr == "")
            #expect(
                result.stdout == """
                    {"event":"frame","scene":"Card","generation":1,"seq":0,"time":0,"settled":true,\
                    "canvas":{"width":300,"height":500},"views":[{"name":"card","kind":"view","parent":"root",\
                    "x":20,"y":40,"width":260,"height":100,"alpha":1,"color":"#3366ff"}]}

                    """)
        }
    }
}
