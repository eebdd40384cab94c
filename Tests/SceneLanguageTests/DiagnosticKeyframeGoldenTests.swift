import SceneLanguage
import Testing

/// Goldens of the diagnostics of keyframe animations: a keyframe's start or duration outside 0…1, a
/// keyframe that ends after its animation, `keyframe` outside an `animate keyframes` block or inside a
/// keyframe, an `animate` block inside a keyframe animation or around one, and an option that
/// `UIView.animateKeyframes` does not have. ``DiagnosticGolden`` says how they are checked.
@Suite struct DiagnosticKeyframeGoldenTests {
    @Test("Each diagnostic about a keyframe animation renders in full", arguments: DiagnosticGolden.keyframes)
    func keyframes(_ golden: DiagnosticGolden) {
        golden.check()
    }
}

extension DiagnosticGolden {
    static let keyframes: [DiagnosticGolden] = [
        DiagnosticGolden(
            .invalidKeyframeTime, "a keyframe that starts before its animation",
            """
            view card
            action go {
              animate keyframes 1 {
                keyframe -0.25 0.5 { card.alpha = 0 }
              }
            }
            """,
            """
            Scene.layout:4:14: error: a keyframe's relative start time must be between 0 (the animation's start) and 1 (its end), not -0.25 [invalid-keyframe-time]
                keyframe -0.25 0.5 { card.alpha = 0 }
                         ^~~~~

            """),
        DiagnosticGolden(
            .invalidKeyframeTime, "a keyframe longer than its animation",
            """
            view card
            action go {
              animate keyframes 1 {
                keyframe 0 1.5 { card.alpha = 0 }
              }
            }
            """,
            """
            Scene.layout:4:16: error: a keyframe's relative duration must be between 0 and 1 (the whole animation), not 1.5 [invalid-keyframe-time]
                keyframe 0 1.5 { card.alpha = 0 }
                           ^~~

            """),
        DiagnosticGolden(
            .invalidKeyframeTime, "a keyframe that ends after its animation",
            """
            view card
            action go {
              animate keyframes 2 {
                keyframe 0.75 0.5 { card.alpha = 0 }
              }
            }
            """,
            """
            Scene.layout:4:14: error: this keyframe ends at 1.25, after its animation (at 1); its start time and duration must add up to at most 1 [invalid-keyframe-time]
                keyframe 0.75 0.5 { card.alpha = 0 }
                         ^~~~~~~~

            """),
        DiagnosticGolden(
            .keyframeNesting, "a keyframe outside a keyframe animation",
            """
            view card
            action go {
              keyframe 0 1 { card.alpha = 0 }
            }
            """,
            """
            Scene.layout:3:3: error: 'keyframe' stands only directly in an 'animate keyframes' block, as addKeyframe does in the animations closure of UIView.animateKeyframes [keyframe-nesting]
              keyframe 0 1 { card.alpha = 0 }
              ^~~~~~~~

            """),
        DiagnosticGolden(
            .keyframeNesting, "a keyframe inside a keyframe",
            """
            view card
            action go {
              animate keyframes 1 {
                keyframe 0 0.5 {
                  keyframe 0 1 { card.alpha = 0 }
                }
              }
            }
            """,
            """
            Scene.layout:5:7: error: 'keyframe' stands only directly in an 'animate keyframes' block, as addKeyframe does in the animations closure of UIView.animateKeyframes [keyframe-nesting]
                  keyframe 0 1 { card.alpha = 0 }
                  ^~~~~~~~

            """),
        DiagnosticGolden(
            .keyframeNesting, "an animate block inside a keyframe",
            """
            view card
            action go {
              animate keyframes 1 {
                keyframe 0 1 {
                  animate 0.5 { card.alpha = 0 }
                }
              }
            }
            """,
            """
            Scene.layout:5:7: error: an animation block cannot stand in an 'animate keyframes' block; put its changes in a keyframe, or start it in the completion [keyframe-nesting]
                  animate 0.5 { card.alpha = 0 }
                  ^~~~~~~

            """),
        DiagnosticGolden(
            .keyframeNesting, "a keyframe animation inside an animate block",
            """
            view card
            action go {
              animate 1 {
                animate keyframes 2 { keyframe 0 1 { card.alpha = 0 } }
              }
            }
            """,
            """
            Scene.layout:4:5: error: a keyframe animation cannot stand in an 'animate' block; start it before or after the block, or in its completion [keyframe-nesting]
                animate keyframes 2 { keyframe 0 1 { card.alpha = 0 } }
                ^~~~~~~

            """),
        DiagnosticGolden(
            .notApplicable, "a spring on a keyframe animation",
            """
            view card
            action go {
              animate keyframes 1 spring damping 0.5 { keyframe 0 1 { card.alpha = 0 } }
            }
            """,
            """
            Scene.layout:3:23: error: 'spring' does not apply here; only 'delay' or 'curve' or 'repeat' or 'autoreverse' can follow this duration [not-applicable]
              animate keyframes 1 spring damping 0.5 { keyframe 0 1 { card.alpha = 0 } }
                                  ^~~~~~~~~~~~~~~~~~

            """),
    ]
}
