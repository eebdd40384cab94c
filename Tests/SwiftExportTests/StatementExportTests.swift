import SceneLanguage
import SwiftExport
import Testing

@Suite struct StatementExportTests {
    static let scene = """
        view card
        label title "T"
        button go "Go"
        view other
        card.left == 0; card.top == 0; card.width == 10; card.height == 10
        other.left == 0; other.top == 0; other.width == 10; other.height == 10
        title.left == 0; title.top == 0; go.left == 0; go.top == 0
        pinned: card.top == root.top + 10
        inactive spare: card.left == root.left + 5
        constraints lines { other.bottom <= root.bottom }
        texts words "a" "b"
        var index = 0
        animator slide 0.5 curve easeIn { card.alpha = 0 }
        stack row horizontal {
          view first
          view second
        }
        row.left == 0; row.top == 100; first.width == 10; first.height == 10; second.width == 10

        """

    /// The body of `action go`'s method (`go` is also a button: the method keeps the name).
    func body(_ statements: String, extra: String = "") -> [String] {
        let text = export(Self.scene + extra + "action go {\n" + statements + "\n}\n")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(where: { $0.contains("@objc func go()") }) else { return [] }
        let end = lines[start...].firstIndex { $0 == "    }" } ?? lines.count
        return lines[(start + 1)..<end].map { String($0.dropFirst(8)) }
    }

    @Test("Every statement kind writes code or a comment that says why UIKit has none")
    func everyKind() {
        let cases: [(String, [String])] = [
            ("pinned.constant = 20", ["pinned.constant = 20"]),
            ("pinned.constant += root.width / 2", ["pinned.constant += view.bounds.width / 2"]),
            ("pinned.constant -= card.midY", ["pinned.constant -= card.frame.midY"]),
            ("index = index + 1", ["index = index + 1"]),
            ("index -= words.count", ["index -= CGFloat(words.count)"]),
            ("card.alpha = 0.5", ["card.alpha = 0.5"]),
            ("card.hidden = true", ["card.isHidden = true"]),
            ("card.color = systemRed", ["card.backgroundColor = UIColor.systemRed"]),
            (
                "card.color = #ff8000",
                ["card.backgroundColor = UIColor(red: 255 / 255, green: 128 / 255, blue: 0 / 255, alpha: 1)"]
            ),
            ("title.text = \"Hi\"", ["titleLabel.text = \"Hi\""]),
            ("go.text = \"Hi\"", ["goButton.setTitle(\"Hi\", for: .normal)"]),
            ("title.text = words[index - 1]", ["titleLabel.text = entry(words, at: index - 1)"]),
            ("title.font = 20", ["titleLabel.font = UIFont.systemFont(ofSize: 20)"]),
            ("go.font = 20", ["goButton.titleLabel?.font = UIFont.systemFont(ofSize: 20)"]),
            ("activate spare", ["NSLayoutConstraint.activate([spare])"]),
            ("deactivate spare, lines", ["NSLayoutConstraint.deactivate([spare] + lines)"]),
            ("layout", ["view.layoutIfNeeded()"]),
            ("row.spacing = 4 + 2", ["row.spacing = 4 + 2"]),
            ("row.spacing after first = index", ["row.setCustomSpacing(index, after: first)"]),
            ("start slide", ["slide?.startAnimation()"]),
            ("start slide after 0.25", ["slide?.startAnimation(afterDelay: 0.25)"]),
            ("pause slide", ["slide?.pauseAnimation()"]),
            ("reverse slide", ["slide?.isReversed.toggle()"]),
            ("slide.fraction = 0.5", ["slide?.fractionComplete = 0.5"]),
            ("stop slide", ["if slide?.state == .active { slide?.stopAnimation(false) }"]),
            (
                "finish slide at end",
                [
                    "// finish slide at end: only a stopped animator can finish.",
                    "if slide?.state == .active { slide?.stopAnimation(false) }",
                    "if slide?.state == .stopped { slide?.finishAnimation(at: .end) }",
                ]
            ),
            ("swap card other", ["(card, other) = (other, card)"]),
            ("swap pinned spare", ["(pinned, spare) = (spare, pinned)"]),
            ("run helper", ["helper()"]),
            (
                "canvas 667 x 375",
                [
                    "// canvas 667 x 375: a view controller cannot resize its own view; a rotation of the device "
                        + "does, and lays it out again."
                ]
            ),
            ("card.alpha = slide.fraction * -2", ["card.alpha = (slide?.fractionComplete ?? 0) * -2"]),
            (
                "pinned.constant = -(root.safeArea.minY - 3)",
                ["pinned.constant = -(view.safeAreaLayoutGuide.layoutFrame.minY - 3)"]
            ),
            ("pinned.constant = 1 - (2 - 3)", ["pinned.constant = 1 - (2 - 3)"]),
            ("pinned.constant = 2 * (system + 1)", ["pinned.constant = 2 * (8 + 1)"]),
        ]
        for (statement, expected) in cases {
            #expect(body(statement, extra: "action helper { layout }\n") == expected, "\(statement)")
        }
    }

    @Test("transform: the first step an initialiser, the rest CGAffineTransform's chained methods, in order")
    func transforms() {
        #expect(
            body("card.transform = rotate 90") == ["card.transform = CGAffineTransform(rotationAngle: 90 * .pi / 180)"])
        #expect(
            body("card.transform = translate 10 -5 scale 2 rotate (index * 3)") == [
                "card.transform = CGAffineTransform(translationX: 10, y: -5).scaledBy(x: 2, y: 2)"
                    + ".rotated(by: (index * 3) * .pi / 180)"
            ])
        #expect(body("card.transform = scale 2 0.5") == ["card.transform = CGAffineTransform(scaleX: 2, y: 0.5)"])
        #expect(body("card.transform = identity") == ["card.transform = CGAffineTransform.identity"])
    }

    @Test("lines, view margins and the root's margins become numberOfLines and directionalLayoutMargins")
    func linesAndMargins() {
        let text = export(
            """
            margins 0 30 0 0
            label t "a b" lines 0
            button b "Go" lines 2
            view card margins 1 2 3 4
            t.leading == root.margins.leading; t.top == card.margins.top
            b.leading == 0; b.top == 0; card.left == 0; card.top == 0; card.width == 10; card.height == 10
            """)
        #expect(text.contains("t.numberOfLines = 0\n"))
        #expect(text.contains("b.titleLabel?.numberOfLines = 2\n"))
        #expect(
            text.contains(
                "card.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)"))
        #expect(
            text.contains(
                "view.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 0, leading: 30, bottom: 0, trailing: 16)")
        )
        #expect(text.contains("card.layoutMarginsGuide.topAnchor"))
    }

    @Test("Each kind of Statement has a case above (a new kind must be exported, not dropped)")
    func kindsCovered() {
        // Parse each statement of the cases and collect the kinds' names.
        let sources = [
            "pinned.constant = 1", "index = 1", "card.alpha = 1", "activate spare", "deactivate spare", "layout",
            "animate 1 { layout }", "animator slide 1 { card.alpha = 1 }", "start slide", "pause slide",
            "reverse slide", "slide.fraction = 1", "stop slide", "finish slide at end", "swap card other",
            "run helper", "canvas 10 x 10", "row.spacing = 2", "animate keyframes 1 { keyframe 0 1 { layout } }",
        ]
        let scene = Scene.parse(SourceFile(name: "S.layout", text: Self.scene + "action helper { layout }\n"))
        var kinds: Set<String> = []
        for source in sources {
            let (statements, diagnostics) = scene.parseStatements(SourceFile(name: "<s>", text: source))
            #expect(diagnostics.isEmpty, "\(source)")
            for statement in statements {
                kinds.insert(String(describing: statement.kind).prefix { $0 != "(" }.description)
                #expect(!body(source, extra: "action helper { layout }\n").isEmpty, "\(source) writes nothing")
            }
        }
        #expect(kinds.count == 19, "\(kinds.sorted())")
    }

    @Test("animate: named curves, delays, springs, repeats, autoreverse, overrides and completions")
    func animate() {
        #expect(
            body("animate 0.5 delay 0.25 curve linear {\n card.alpha = 0\n layout\n} completion {\n swap card other\n}")
                == [
                    "UIView.animate(withDuration: 0.5, delay: 0.25, options: [.curveLinear]) {",
                    "    self.card.alpha = 0",
                    "    self.view.layoutIfNeeded()",
                    "} completion: { _ in",
                    "    (self.card, self.other) = (self.other, self.card)",
                    "}",
                ])
        #expect(
            body("animate 1 spring damping 0.6 velocity 1 { layout }") == [
                "UIView.animate(withDuration: 1, delay: 0, usingSpringWithDamping: 0.6, initialSpringVelocity: 1, "
                    + "options: []) {",
                "    self.view.layoutIfNeeded()",
                "}",
            ])
        #expect(
            body("animate 0.25 repeat 3 autoreverse { layout }") == [
                "UIView.animate(withDuration: 0.25, delay: 0, options: [.curveEaseInOut, .repeat, .autoreverse]) {",
                "    UIView.modifyAnimations(withRepeatCount: 3, autoreverses: true) {",
                "        self.view.layoutIfNeeded()",
                "    }",
                "}",
            ])
        #expect(
            body("animate 0.25 curve easeOut repeat forever { layout }") == [
                "UIView.animate(withDuration: 0.25, delay: 0, options: [.curveEaseOut, .repeat]) {",
                "    self.view.layoutIfNeeded()",
                "}",
            ])
        #expect(
            body("animate 1 { animate 0.2 curve easeIn override duration { layout } }") == [
                "UIView.animate(withDuration: 1, delay: 0, options: [.curveEaseInOut]) {",
                "    UIView.animate(withDuration: 0.2, delay: 0, options: [.curveEaseIn, .overrideInheritedDuration]) {",
                "        self.view.layoutIfNeeded()",
                "    }",
                "}",
            ])
        #expect(
            body("animate 0.4 delay 0.1 curve bezier(0.1, 0.2, 0.3, 1) { layout } completion { layout }") == [
                "do {",
                "    // A bezier curve: UIView.animate takes named curves only; a property animator takes control points.",
                "    let curved = UIViewPropertyAnimator(duration: 0.4, controlPoint1: CGPoint(x: 0.1, y: 0.2), "
                    + "controlPoint2: CGPoint(x: 0.3, y: 1)) {",
                "        self.view.layoutIfNeeded()",
                "    }",
                "    curved.addCompletion { _ in",
                "        self.view.layoutIfNeeded()",
                "    }",
                "    curved.startAnimation(afterDelay: 0.1)",
                "}",
            ])
    }

    @Test("animate keyframes: animateKeyframes, addKeyframe in order, curves through rawValue, repeats, completion")
    func keyframes() {
        #expect(
            body(
                """
                animate keyframes 2 delay 0.5 curve linear {
                  card.alpha = 0
                  keyframe 0 0.25 { pinned.constant = 20; layout }
                  keyframe 0.25 0.75 { card.alpha = 1 }
                } completion {
                  swap card other
                }
                """) == [
                    "UIView.animateKeyframes(withDuration: 2, delay: 0.5, options: "
                        + "[UIView.KeyframeAnimationOptions(rawValue: UIView.AnimationOptions.curveLinear.rawValue)]) {",
                    "    self.card.alpha = 0",
                    "    UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.25) {",
                    "        self.pinned.constant = 20",
                    "        self.view.layoutIfNeeded()",
                    "    }",
                    "    UIView.addKeyframe(withRelativeStartTime: 0.25, relativeDuration: 0.75) {",
                    "        self.card.alpha = 1",
                    "    }",
                    "} completion: { _ in",
                    "    (self.card, self.other) = (self.other, self.card)",
                    "}",
                ])
        #expect(
            body("animate keyframes 1 { keyframe 0 1 { card.alpha = 0 } }") == [
                "UIView.animateKeyframes(withDuration: 1, delay: 0, options: []) {",
                "    UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) {",
                "        self.card.alpha = 0",
                "    }",
                "}",
            ])
        #expect(
            body("animate keyframes 0.5 curve easeIn repeat 3 autoreverse { keyframe 0.5 0 { card.alpha = 0 } }") == [
                "UIView.animateKeyframes(withDuration: 0.5, delay: 0, options: "
                    + "[UIView.KeyframeAnimationOptions(rawValue: UIView.AnimationOptions.curveEaseIn.rawValue), "
                    + ".repeat, .autoreverse]) {",
                "    UIView.modifyAnimations(withRepeatCount: 3, autoreverses: true) {",
                "        UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0) {",
                "            self.card.alpha = 0",
                "        }",
                "    }",
                "}",
            ])
        #expect(
            body("animate keyframes 1 curve bezier(0.25, 0.1, 0.25, 1) repeat forever { card.alpha = 0 }") == [
                "// Not exported: curve bezier(0.25, 0.1, 0.25, 1); UIView.animateKeyframes takes named curves only, "
                    + "so this one runs ease-in-out, UIKit's default.",
                "UIView.animateKeyframes(withDuration: 1, delay: 0, options: [.repeat]) {",
                "    self.card.alpha = 0",
                "}",
            ])
    }

    @Test("animator: curves, springs, bezier and completions at a position")
    func animators() {
        #expect(
            body(
                "animator slide 0.8 curve easeOut { card.alpha = 1 } completion { layout } completion at start { layout }"
            )
                == [
                    "finishIfHeld(slide)",
                    "slide = UIViewPropertyAnimator(duration: 0.8, curve: .easeOut) {",
                    "    self.card.alpha = 1",
                    "}",
                    "slide?.addCompletion { position in",
                    "    self.view.layoutIfNeeded()",
                    "    if position == .start {",
                    "        self.view.layoutIfNeeded()",
                    "    }",
                    "}",
                ])
        #expect(
            body("animator slide 1 spring damping 0.5 { card.alpha = 1 }") == [
                "finishIfHeld(slide)",
                "slide = UIViewPropertyAnimator(duration: 1, dampingRatio: 0.5) {",
                "    self.card.alpha = 1",
                "}",
            ])
        #expect(
            body("animator slide 1 spring damping 0.5 velocity 2 { card.alpha = 1 }") == [
                "finishIfHeld(slide)",
                "slide = UIViewPropertyAnimator(duration: 1, timingParameters: UISpringTimingParameters("
                    + "dampingRatio: 0.5, initialVelocity: CGVector(dx: 2, dy: 2)))",
                "slide?.addAnimations {",
                "    self.card.alpha = 1",
                "}",
            ])
        #expect(
            body("animator slide 1 curve bezier(0.25, 0, 0.75, 1) { card.alpha = 1 }") == [
                "finishIfHeld(slide)",
                "slide = UIViewPropertyAnimator(duration: 1, controlPoint1: CGPoint(x: 0.25, y: 0), "
                    + "controlPoint2: CGPoint(x: 0.75, y: 1)) {",
                "    self.card.alpha = 1",
                "}",
            ])
        let text = export(Self.scene)
        #expect(hasLine(text, "slide = UIViewPropertyAnimator(duration: 0.5, curve: .easeIn) {"), "top level")
    }

    @Test("on load is viewDidAppear(_:), calling super")
    func onLoad() {
        let text = export(Self.scene + "on load { layout }\n")
        #expect(
            text.contains(
                "override func viewDidAppear(_ animated: Bool) {\n        super.viewDidAppear(animated)\n        view.layoutIfNeeded()\n    }"
            ))
    }

    @Test("Frames of nested views and guides are read in the root's coordinates")
    func frames() {
        let lines = body(
            "card.alpha = inner.midX + box.maxY + gap.width + root.margins.height",
            extra:
                "view box { view inner }\nguide gap\ninner.left == 0; inner.top == 0; inner.width == 1; inner.height == 1\n"
                + "box.left == 0; box.top == 0; box.width == 1; box.height == 1\n"
                + "gap.left == 0; gap.top == 0; gap.width == 1; gap.height == 1\n")
        #expect(
            lines == [
                "card.alpha = inner.convert(inner.bounds, to: view).midX + box.frame.maxY + gap.layoutFrame.width + "
                    + "view.layoutMarginsGuide.layoutFrame.height"
            ])
    }

    @Test("Numbers read back exactly")
    func numbers() {
        #expect(body("card.alpha = 0.1 + 1 / 3") == ["card.alpha = 0.1 + 1 / 3"])
        #expect(body("pinned.constant = 1000000000") == ["pinned.constant = 1000000000"])
        #expect(body("pinned.constant = 0.000001") == ["pinned.constant = 1e-06"])
    }
}
