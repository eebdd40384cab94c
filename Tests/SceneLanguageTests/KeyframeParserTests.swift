import Testing

@testable import SceneLanguage

/// `animate keyframes`: what it reads into, where `keyframe` and `keyframes` are keywords, and what
/// counts as one statement.
@Suite struct KeyframeParserTests {
    @Test("animate keyframes: options, keyframes and statements in the order written, the completion")
    func structure() {
        let kinds = statements(
            """
            animate keyframes 2 delay 0.5 curve linear repeat 3 autoreverse {
              v.alpha = 0.5
              keyframe 0 0.25 { v.alpha = 1 }
              keyframe 1/3 2/3 {
                c.constant = 10
                layout
              }
            } completion {
              layout
            }
            """)
        guard kinds.count == 1, case .animateKeyframes(let animation) = kinds[0] else {
            Issue.record("\(kinds)")
            return
        }
        let options = animation.options
        #expect(options.duration == 2 && options.delay == 0.5 && options.timing == .curve(.linear))
        #expect(options.repeatCount == .count(3) && options.autoreverses)
        #expect(animation.steps.count == 3)
        guard case .statement(let first) = animation.steps[0] else {
            Issue.record("\(animation.steps)")
            return
        }
        #expect(first.kind == .setProperty(id("v"), located(.alpha), .number(Expr(.number(0.5), anywhere))))
        let keyframes = animation.keyframes
        #expect(keyframes.map(\.start.value) == [0, 1.0 / 3])
        #expect(keyframes.map(\.length.value) == [0.25, 2.0 / 3])
        #expect(keyframes.map(\.body.count) == [1, 2])
        #expect(animation.blockStatements.count == 4)
        #expect(animation.completion?.map(\.kind) == [.layout])
    }

    @Test("Without options, the timing is the default ease-in-out, once, without delay")
    func defaults() {
        let kinds = statements("animate keyframes 1 { keyframe 0 1 { v.alpha = 0 } }")
        guard case .animateKeyframes(let animation)? = kinds.first else {
            Issue.record("\(kinds)")
            return
        }
        #expect(animation.options.timing == .curve(.easeInOut) && animation.options.delay == 0)
        #expect(animation.options.repeatCount == nil && !animation.options.autoreverses)
        #expect(animation.completion == nil)
    }

    @Test("'keyframe' and 'keyframes' are keywords only where a name could not stand: views may have those names")
    func contextualKeywords() {
        let scene = parseClean(
            """
            view keyframe
            view keyframes
            keyframe.top == 0; keyframe.left == 0; keyframe.width == 10; keyframe.height == 10
            keyframes.top == 0; keyframes.left == 0; keyframes.width == 10; keyframes.height == 10
            action a {
              keyframes.alpha = 0
              animate 1 { keyframe.alpha = 0.5 }
              animate keyframes 1 {
                keyframe.alpha = 0
                keyframe 0 1 { keyframes.alpha = 1 }
              }
            }
            """)
        let body = scene.actions.first?.body ?? []
        #expect(body.count == 3)
        guard body.count == 3, case .animateKeyframes(let animation) = body[2].kind else {
            Issue.record("\(body.map(\.kind))")
            return
        }
        #expect(animation.steps.count == 2 && animation.keyframes.count == 1)
        #expect(
            animation.keyframes.first?.body.first?.kind
                == .setProperty(
                    id("keyframes"), located(.alpha), .number(Expr(.number(1), anywhere))))
    }

    @Test("Equality is structural: the same animation written elsewhere is equal; another time is not")
    func structuralEquality() {
        let text = "animate keyframes 1 { keyframe 0 0.5 { v.alpha = 0 } }"
        let here = statements(text)
        let there = statements("\n\n   layout\n" + text)
        #expect(here.count == 1 && there.count == 2 && here[0] == there[1])
        #expect(here != statements("animate keyframes 1 { keyframe 0 0.25 { v.alpha = 0 } }"))
        #expect(here != statements("animate keyframes 1 { keyframe 0.5 0.5 { v.alpha = 0 } }"))
        #expect(here != statements("animate keyframes 1 { v.alpha = 0 }"))
    }

    @Test("A keyframe out of range is reported once, and kept clamped into the animation")
    func outOfRange() {
        let scene = Scene.parse(
            SourceFile(
                name: "t.layout",
                text: "view v\naction a {\n  animate keyframes 1 {\n    keyframe 0.75 0.5 { v.alpha = 0 }\n"
                    + "    keyframe 0 2 { v.alpha = 1 }\n  }\n}\n"))
        #expect(scene.diagnostics.map(\.code) == [.invalidKeyframeTime, .invalidKeyframeTime])
        guard case .animateKeyframes(let animation)? = scene.actions.first?.body.first?.kind else {
            Issue.record("\(scene.actions)")
            return
        }
        #expect(animation.keyframes.map(\.start.value) == [0.75, 0])
        #expect(animation.keyframes.map(\.length.value) == [0.25, 1])
    }

    @Test("Names in keyframes and the completion are checked, and a 'run' in a keyframe counts toward recursion")
    func checked() {
        let scene = Scene.parse(
            SourceFile(
                name: "t.layout",
                text: "view v\naction a {\n  animate keyframes 1 {\n    keyframe 0 1 { w.alpha = 0; run a }\n  }"
                    + " completion { x.alpha = 1 }\n}\n"))
        #expect(scene.diagnostics.sortedByLocation().map(\.code) == [.unknownName, .recursiveAction, .unknownName])
    }
}
