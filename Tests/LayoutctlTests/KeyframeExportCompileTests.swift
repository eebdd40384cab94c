import Foundation
import HostSystem
import Testing

/// `animate keyframes` exported: `UIView.animateKeyframes` and `UIView.addKeyframe`, with every option
/// the language gives a keyframe animation, type-checked against UIKitStub.swift as the playgrounds'
/// exports are (``ExportCompileTests``).
@Suite struct KeyframeExportCompileTests {
    static let scene = """
        view box color systemBlue alpha 0
        boxX: box.left == root.left + 20
        box.top == root.safeArea.top + 20; box.width == 40; box.height == 40
        var count = 0

        on load {
          animate keyframes 2 {
            keyframe 0 0.5 { box.alpha = 1 }
            keyframe 0.5 0.5 { box.alpha = 0.2 }
          }
        }
        action slide {
          animate keyframes 1.5 delay 0.25 curve linear {
            box.color = systemRed
            keyframe 0 0.25 { boxX.constant = 100; layout }
            keyframe 1/4 3/4 {
              boxX.constant = 200
              layout
            }
          } completion {
            count += 1
          }
        }
        action pulse {
          animate keyframes 1 curve easeOut repeat 3 autoreverse {
            keyframe 0 0.5 { box.alpha = 1 }
          }
          animate keyframes 1 curve easeIn repeat forever { keyframe 0.5 0 { box.alpha = 0.5 } }
          animate keyframes 1 curve bezier(0.25, 0.1, 0.25, 1) { keyframe 0 1 { box.alpha = 1 } }
        }

        """

    @Test(
        "A scene's keyframe animations export to Swift that type-checks against UIKit's signatures",
        .enabled(if: ExportCompileTests.swiftc != nil, "needs swiftc on PATH"))
    func typeChecks() throws {
        let swiftc = try #require(ExportCompileTests.swiftc)
        try withTemporaryFolder { folder in
            let scene = folder.appendingPathComponent("Keyframes.layout")
            try Self.scene.write(to: scene, atomically: true, encoding: .utf8)
            let files = try ExportCompileTests.export([scene], into: folder)
            let text = try String(contentsOf: files[0], encoding: .utf8)
            #expect(text.contains("UIView.animateKeyframes(withDuration: 1.5, delay: 0.25, options: ["))
            #expect(text.contains("UIView.addKeyframe(withRelativeStartTime: 0.25, relativeDuration: 0.75) {"))
            try ExportCompileTests.buildStub(in: folder, swiftc: swiftc)
            let checked = try ExportCompileTests.typecheck(files, stubIn: folder, swiftc: swiftc)
            #expect(checked.status == 0, "the export does not type-check:\n\(checked.stderr)\n\(text)")
            #expect(!checked.stderr.contains("warning:"), "warnings:\n\(checked.stderr)")
        }
    }
}
