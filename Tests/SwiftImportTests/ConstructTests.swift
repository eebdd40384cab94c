import SceneLanguage
import SwiftImport
import Testing

/// Each construct the importer reads, with the scene text UIKit's meaning gives it.
@Suite struct ConstructTests {
    @Test("Constants and arithmetic: properties' initial values, locals, * and /, CGFloat(…), negation")
    func constants() {
        let result = imported(
            withViews(
                setup: """
                            let inset = margin / 2
                            a.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: inset * 3).isActive = true
                            b.widthAnchor.constraint(equalToConstant: CGFloat(width) - 10).isActive = true
                            b.topAnchor.constraint(equalTo: view.topAnchor, constant: -offset).isActive = true
                    """,
                members: """
                        let margin: CGFloat = 8
                        var width: CGFloat = 100
                        private let offset = 1_000.0
                        let duration: TimeInterval = 0.8
                        func slide() {
                            UIView.animate(withDuration: duration * 2) { self.a.alpha = 0.5 }
                        }
                    """))
        result.expectClean()
        #expect(result.lines.contains("a.leading == root.leading + 12"))
        #expect(result.lines.contains("b.width == 90"))
        #expect(result.lines.contains("b.top == root.top - 1000"))
        #expect(result.lines.contains("animate 1.6 {"))
    }

    @Test("Fonts: preferredFont at UIKit's Large sizes, systemFont(ofSize:) and its weights, UIFont(name:size:)")
    func fonts() {
        let styles: [(String, Double)] = [
            ("largeTitle", 34), ("title1", 28), ("title2", 22), ("title3", 20), ("headline", 17), ("body", 17),
            ("callout", 16), ("subheadline", 15), ("footnote", 13), ("caption1", 12), ("caption2", 11),
        ]
        for (style, size) in styles {
            let result = imported(withViews(setup: "a.font = UIFont.preferredFont(forTextStyle: .\(style))"))
            #expect(result.lines.first { $0.hasPrefix("label a") } == "label a \"\" font \(Int(size))", "\(style)")
        }
        let system = imported(withViews(setup: "a.font = .systemFont(ofSize: 24, weight: .bold)"))
        #expect(system.lines.contains("label a \"\" font 24"))
        let named = imported(withViews(setup: "a.font = UIFont(name: \"Avenir\", size: 13) ?? .systemFont(ofSize: 12)"))
        #expect(named.lines.contains("label a \"\" font 13"))
    }

    @Test(
        "Label properties: text, alpha, isHidden, numberOfLines, backgroundColor, textColor; setTitle and setTitleColor"
    )
    func viewProperties() {
        let result = imported(
            """
                let label = UILabel()
                let button = UIButton(type: .system)
                override func viewDidLoad() {
                    super.viewDidLoad()
                    label.text = "Hi \\"you\\""
                    label.alpha = 0.25
                    label.isHidden = true
                    label.numberOfLines = 0
                    label.backgroundColor = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
                    button.setTitle("Go", for: .normal)
                    button.backgroundColor = .systemBlue
                    label.textColor = .systemRed
                    button.setTitleColor(UIColor(white: 1, alpha: 1), for: .normal)
                    view.addSubview(label)
                    view.addSubview(button)
                }
                @objc func warn() {
                    label.textColor = .systemOrange
                    button.setTitleColor(.black, for: .normal)
                }
            """)
        result.expectClean()
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        #expect(
            result.lines.contains(
                "label label \"Hi \\\"you\\\"\" lines 0 alpha 0.25 color #ff8000 textcolor systemRed hidden"),
            "\(result.text)")
        #expect(result.lines.contains("button button \"Go\" color systemBlue textcolor #ffffff"), "\(result.text)")
        #expect(
            result.lines.suffix(4) == [
                "action warn {", "label.textcolor = systemOrange", "button.textcolor = black", "}",
            ])
    }

    @Test("Hierarchy: addSubview nests views, UIStackView(arrangedSubviews:) and addArrangedSubview arrange them")
    func hierarchy() {
        let result = imported(
            """
                let card = UIView()
                let title = UILabel()
                let one = UILabel()
                let two = UILabel()
                lazy var stack = UIStackView(arrangedSubviews: [one])
                override func viewDidLoad() {
                    super.viewDidLoad()
                    view.addSubview(card)
                    card.addSubview(title)
                    [stack].forEach { card.addSubview($0) }
                    stack.axis = .vertical
                    stack.spacing = 8
                    stack.addArrangedSubview(two)
                }
            """)
        result.expectClean()
        #expect(
            result.lines == [
                "view card {", "label title \"\"", "stack stack vertical spacing 8 {", "label one \"\"",
                "label two \"\"", "}", "}",
            ])
    }

    @Test("Anchors: equalTo, greaterThanOrEqualTo, lessThanOrEqualTo, constants, multiplier, system spacing, guides")
    func anchors() {
        let result = imported(
            withViews(
                setup: """
                            NSLayoutConstraint.activate([
                                a.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 20),
                                a.leadingAnchor.constraint(greaterThanOrEqualTo: view.layoutMarginsGuide.leadingAnchor),
                                a.trailingAnchor.constraint(lessThanOrEqualTo: b.leadingAnchor, constant: -8),
                                b.widthAnchor.constraint(equalTo: view.widthAnchor, multiplier: 0.5),
                                b.heightAnchor.constraint(greaterThanOrEqualToConstant: 44),
                                b.topAnchor.constraint(equalToSystemSpacingBelow: a.bottomAnchor, multiplier: 2),
                                b.leadingAnchor.constraint(equalToSystemSpacingAfter: a.trailingAnchor, multiplier: 1),
                                b.centerYAnchor.constraint(equalTo: a.centerYAnchor),
                                a.firstBaselineAnchor.constraint(equalTo: b.bottomAnchor),
                            ])
                    """))
        result.expectClean()
        #expect(
            Array(result.lines.suffix(9)) == [
                "a.top == root.safeArea.top + 20", "a.leading >= root.margins.leading",
                "a.trailing <= b.leading - 8", "b.width == 0.5 * root.width", "b.height >= 44",
                "b.top == a.bottom + 2 * system", "b.leading == a.trailing + system", "b.centerY == a.centerY",
                "a.firstBaseline == b.bottom",
            ])
    }

    @Test("Activation: activate([…]) and .isActive in the order they run; priority; kept constraints are named")
    func activation() {
        let result = imported(
            withViews(
                setup: """
                            let width = b.widthAnchor.constraint(equalToConstant: 10)
                            width.priority = .defaultHigh
                            bTop = b.topAnchor.constraint(equalTo: view.topAnchor)
                            bWide = b.widthAnchor.constraint(equalToConstant: 300)
                            bWide.priority = UILayoutPriority(999)
                            NSLayoutConstraint.activate([width])
                            bTop?.isActive = true
                            a.heightAnchor.constraint(equalToConstant: 5).isActive = true
                            b.heightAnchor.constraint(equalToConstant: 1)
                    """,
                members: """
                        var bTop: NSLayoutConstraint?
                        var bWide: NSLayoutConstraint!
                        @objc func widen() {
                            NSLayoutConstraint.activate([bWide])
                            bTop?.constant += 20
                            bTop?.isActive = false
                        }
                    """))
        result.expectClean()
        #expect(
            Array(result.lines[2...5]) == [
                "b.width == 10 @high", "bTop: b.top == root.top", "a.height == 5",
                "inactive bWide: b.width == 300 @999",
            ])
        #expect(
            result.lines.suffix(5) == [
                "action widen {", "activate bWide", "bTop.constant += 20", "deactivate bTop", "}",
            ])
        #expect(result.warnings.contains("a constraint never activated nor kept: it is left out"))
    }

    @Test("Lazy constraint properties are made where first named; = NSLayoutConstraint() is a slot the setup fills")
    func lazyConstraints() {
        let result = imported(
            withViews(
                setup: """
                            bTop = b.topAnchor.constraint(equalTo: view.topAnchor)
                            NSLayoutConstraint.activate([bTop, bHeight, a.topAnchor.constraint(equalTo: view.topAnchor)])
                    """,
                members: """
                        var bTop = NSLayoutConstraint()
                        lazy var bHeight: NSLayoutConstraint = {
                            return b.heightAnchor.constraint(equalToConstant: 40)
                        }()
                        lazy var bWide = b.widthAnchor.constraint(equalToConstant: 300)
                        lazy var bTall = b.heightAnchor.constraint(equalToConstant: 90)
                        @objc func widen() {
                            bWide.isActive = true
                            bHeight.constant = 60
                        }
                    """))
        result.expectClean()
        #expect(
            Array(result.lines[2...6]) == [
                "bTop: b.top == root.top", "bHeight: b.height == 40", "a.top == root.top",
                "inactive bTall: b.height == 90", "inactive bWide: b.width == 300",
            ])
        #expect(
            result.lines.suffix(4) == ["action widen {", "activate bWide", "bHeight.constant = 60", "}"])
        #expect(result.warnings.isEmpty, "\(result.warnings)")
    }

    @Test(
        "Animators the setup makes are declared; completions by position; isReversed.toggle(); state tests; // action"
    )
    func declaredAnimators() {
        let result = imported(
            withViews(
                setup: """
                            fade = UIViewPropertyAnimator(duration: 0.5, curve: .easeIn) { self.b.alpha = 0 }
                            fade?.addCompletion { position in
                                self.a.alpha = 0.5
                                if position == .start { self.b.alpha = 1 }
                                if position == .end { self.a.alpha = 1 }
                            }
                            fade?.fractionComplete = 0.25
                    """,
                members: """
                        var fade: UIViewPropertyAnimator?
                        // action release
                        @objc func releaseAction() {
                            fade?.isReversed.toggle()
                            if fade?.state == .active { fade?.stopAnimation(false) }
                            if fade?.state == .stopped { fade?.finishAnimation(at: .start) }
                            if fade?.state == .active { fade?.stopAnimation(false) }
                        }
                        @objc func again() { releaseAction() }
                    """))
        result.expectClean()
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        let animator = [
            "animator fade 0.5 curve easeIn {", "b.alpha = 0", "} completion {", "a.alpha = 0.5",
            "} completion at start {", "b.alpha = 1", "} completion at end {", "a.alpha = 1", "}",
        ]
        let start = result.lines.firstIndex(of: animator[0])
        #expect(start.map { Array(result.lines[$0..<$0 + animator.count]) } == animator, "\(result.text)")
        #expect(
            result.lines.suffix(11) == [
                "on load {", "fade.fraction = 0.25", "}",
                "action release {", "reverse fade", "finish fade at start", "stop fade", "}",
                "action again {", "run release", "}",
            ])
    }

    @Test("UIView.animate: duration, delay, curves, repeat, autoreverse, the spring form, completion, modifyAnimations")
    func animate() {
        let result = imported(
            withViews(
                setup: "",
                members: """
                        @objc func fade() {
                            UIView.animate(withDuration: 0.3, animations: { self.a.alpha = 0 })
                            UIView.animate(withDuration: 0.5, delay: 0.2, options: [.curveLinear, .beginFromCurrentState]) {
                                self.b.alpha = 0.5
                                self.view.layoutIfNeeded()
                            } completion: { _ in
                                self.b.isHidden = true
                            }
                            UIView.animate(withDuration: 1, delay: 0, usingSpringWithDamping: 0.6, initialSpringVelocity: 2, options: .curveEaseOut, animations: {
                                self.a.transform = CGAffineTransform(scaleX: 1.2, y: 1.2)
                            }, completion: nil)
                            UIView.animate(withDuration: 0.4, delay: 0, options: [.repeat, .autoreverse]) { self.a.alpha = 0.2 }
                            UIView.animate(withDuration: 0.4, delay: 0, options: [.autoreverse]) {
                                UIView.modifyAnimations(withRepeatCount: 3, autoreverses: true) { self.a.alpha = 0.1 }
                            }
                        }
                    """))
        result.expectClean()
        #expect(
            Array(result.lines.drop { !$0.hasPrefix("action fade") }) == [
                "action fade {", "animate 0.3 {", "a.alpha = 0", "}",
                "animate 0.5 delay 0.2 curve linear {", "b.alpha = 0.5", "layout", "} completion {", "b.hidden = true",
                "}",
                "animate 1 spring damping 0.6 velocity 2 {", "a.transform = scale 1.2", "}",
                "animate 0.4 repeat forever autoreverse {", "a.alpha = 0.2", "}",
                "animate 0.4 autoreverse repeat 3 {", "a.alpha = 0.1", "}",
                "}",
            ])
    }

    @Test("UIView.animateKeyframes with addKeyframe, a curve through rawValue, and a completion")
    func keyframes() {
        let result = imported(
            withViews(
                setup: "",
                members: """
                        @objc func hop() {
                            UIView.animateKeyframes(withDuration: 2, delay: 0, options: [UIView.KeyframeAnimationOptions(rawValue: UIView.AnimationOptions.curveLinear.rawValue)]) {
                                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { self.a.alpha = 0 }
                                UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { self.a.alpha = 1 }
                            } completion: { _ in self.b.alpha = 0 }
                        }
                    """))
        result.expectClean()
        #expect(
            Array(result.lines.drop { !$0.hasPrefix("action hop") }) == [
                "action hop {", "animate keyframes 2 curve linear {", "keyframe 0 0.5 {", "a.alpha = 0", "}",
                "keyframe 0.5 0.5 {", "a.alpha = 1", "}", "} completion {", "b.alpha = 0", "}", "}",
            ])
    }

    @Test(
        "UIViewPropertyAnimator: curve, dampingRatio, control points, addAnimations, addCompletion, start, pause, fraction, reverse"
    )
    func animators() {
        let result = imported(
            withViews(
                setup: "",
                members: """
                        var open: UIViewPropertyAnimator?
                        override func viewDidAppear(_ animated: Bool) {
                            super.viewDidAppear(animated)
                            let spring = UIViewPropertyAnimator(duration: 0.5, dampingRatio: 0.7) { self.a.alpha = 0 }
                            spring.startAnimation()
                            let curved = UIViewPropertyAnimator(duration: 1, controlPoint1: CGPoint(x: 0.1, y: 0), controlPoint2: CGPoint(x: 0.2, y: 1))
                            curved.addAnimations { self.b.alpha = 0 }
                            curved.startAnimation()
                        }
                        @objc func scrub() {
                            open = UIViewPropertyAnimator(duration: 2, curve: .linear)
                            open?.addAnimations { self.a.alpha = 1 }
                            open?.addCompletion { position in
                                if position == .end { self.b.alpha = 1 }
                            }
                            open?.startAnimation(afterDelay: 0.1)
                            open?.pauseAnimation()
                            open?.fractionComplete = 0.5
                            open?.isReversed = true
                            open?.continueAnimation(withTimingParameters: nil, durationFactor: 0)
                        }
                    """))
        result.expectClean()
        #expect(
            Array(result.lines.drop { !$0.hasPrefix("on load") }) == [
                "on load {", "animator spring 0.5 spring damping 0.7 {", "a.alpha = 0", "}", "start spring",
                "animator curved 1 curve bezier(0.1, 0, 0.2, 1) {", "b.alpha = 0", "}", "start curved", "}",
                "action scrub {", "animator open 2 curve linear {", "a.alpha = 1", "} completion at end {",
                "b.alpha = 1", "}", "start open after 0.1", "pause open", "open.fraction = 0.5", "reverse open",
                "start open", "}",
            ])
    }

    @Test(
        "Methods become actions named as in the source; calls between them are 'run'; numeric properties they change are variables"
    )
    func actions() {
        let result = imported(
            withViews(
                setup: "",
                members: """
                        var count: CGFloat = 2
                        @objc private func next() {
                            count += 1
                            a.text = "Next"
                            a.alpha = count / 4
                            reset()
                        }
                        private func reset() { b.alpha = 1 }
                    """))
        result.expectClean()
        #expect(result.lines.first == "var count = 2")
        #expect(
            Array(result.lines.drop { !$0.hasPrefix("action next") }) == [
                "action next {", "count += 1", "a.text = \"Next\"", "a.alpha = count / 4", "run reset", "}",
                "action reset {", "b.alpha = 1", "}",
            ])
    }

    @Test("A UIView subclass: self is the root, its initialiser the setup")
    func viewSubclass() {
        let result = imported(
            """
            import UIKit
            final class Badge: UIView {
                let label = UILabel()
                override init(frame: CGRect) {
                    super.init(frame: frame)
                    addSubview(label)
                    label.text = "3"
                    NSLayoutConstraint.activate([label.centerXAnchor.constraint(equalTo: centerXAnchor)])
                }
                required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
            }
            """, whole: true)
        result.expectClean()
        #expect(result.lines == ["label label \"3\"", "label.centerX == root.centerX"])
    }

    @Test("Constraint groups: [NSLayoutConstraint] properties filled in the setup, activate(G) and deactivate(G)")
    func constraintGroups() {
        let result = imported(
            withViews(
                setup: """
                            wide = b.widthAnchor.constraint(equalToConstant: 200)
                            collapsed = [
                                a.topAnchor.constraint(equalTo: view.topAnchor, constant: 8),
                                b.heightAnchor.constraint(equalToConstant: 0),
                            ]
                            expanded = [wide, b.heightAnchor.constraint(equalToConstant: 100)]
                            empty = []
                            NSLayoutConstraint.activate([a.leadingAnchor.constraint(equalTo: view.leadingAnchor)])
                            NSLayoutConstraint.activate(collapsed)
                    """,
                members: """
                        private var wide: NSLayoutConstraint!
                        private var collapsed: [NSLayoutConstraint] = []
                        private var expanded = [NSLayoutConstraint]()
                        private var empty: [NSLayoutConstraint] = []
                        @objc func expand() {
                            NSLayoutConstraint.deactivate(collapsed)
                            NSLayoutConstraint.activate(expanded + [wide] + empty)
                        }
                    """))
        result.expectClean()
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        // UIKit activates a group's constraints when the array is activated, not when it is made; an array never
        // activated in the setup is an inactive group.
        #expect(
            Array(result.lines.drop { !$0.hasPrefix("a.leading") }) == [
                "a.leading == root.leading",
                "constraints collapsed {", "a.top == root.top + 8", "b.height == 0", "}",
                "constraints expanded inactive {", "wide: b.width == 200", "b.height == 100", "}",
                "constraints empty inactive {", "}",
                "action expand {", "deactivate collapsed", "activate expanded wide empty", "}",
            ])
    }

    @Test("Fixed frames: frame = CGRect(…) on a view that keeps translatesAutoresizingMaskIntoConstraints true")
    func fixedFrames() {
        let result = imported(
            withViews(
                setup: """
                            b.frame = CGRect(x: 10, y: 20, width: 200, height: 100)
                            a.translatesAutoresizingMaskIntoConstraints = false
                            a.frame = CGRect(x: 1, y: 2, width: 3, height: 4)
                    """))
        result.expectClean()
        // UIKit's default for a view made in code is true: its frame becomes constraints that fix it. With false,
        // Auto Layout replaces the frame.
        #expect(result.lines.contains("view b frame 10 20 200 100"))
        #expect(result.lines.contains("label a \"\""))
        #expect(result.warnings.count == 1)
        #expect(result.warnings.first?.contains("Auto Layout replaces it") == true)
    }

    @Test("setCustomSpacing(_:after:) on a stack: the language's 'S.spacing after V = N'")
    func customSpacing() {
        let result = imported(
            """
                let first = UIView()
                let second = UIView()
                lazy var row = UIStackView(arrangedSubviews: [first, second])
                override func viewDidLoad() {
                    super.viewDidLoad()
                    view.addSubview(row)
                    row.setCustomSpacing(24, after: first)
                    first.setCustomSpacing(4, after: second)
                }
            """)
        #expect(result.lines.contains("row.spacing after first = 24"))
        // Custom spacing is a stack's: on a plain view it is skipped, with a warning.
        #expect(result.warnings.contains { $0.contains("custom spacing of a stack view") })
        #expect(result.scene?.diagnostics.hasErrors == false)
    }

    @Test("semanticContentAttribute = .forceRightToLeft on the root: the scene is right to left")
    func rightToLeft() {
        let result = imported(
            withViews(
                setup: """
                            view.semanticContentAttribute = .forceRightToLeft
                            a.semanticContentAttribute = .forceRightToLeft
                            b.semanticContentAttribute = .forceLeftToRight
                    """))
        #expect(result.lines.contains("direction rtl"))
        #expect(result.scene?.isRightToLeft == true)
        // One view of another direction cannot be said in a scene: skipped, with a warning.
        #expect(result.warnings.count == 1 && result.warnings.first?.contains("a direction of one view") == true)
    }

    @Test(
        "A method that only finishes the animator it is given, called before the animator is replaced, is read as nothing"
    )
    func finishingHeldAnimator() {
        let result = imported(
            """
                let card = UIView()
                var fade: UIViewPropertyAnimator?
                override func viewDidLoad() {
                    super.viewDidLoad()
                    view.addSubview(card)
                }
                @objc func again() {
                    finishIfHeld(fade)
                    fade = UIViewPropertyAnimator(duration: 0.5, curve: .linear) { self.card.alpha = 0 }
                    fade?.startAnimation()
                }
                private func finishIfHeld(_ animator: UIViewPropertyAnimator?) {
                    guard let animator, animator.state != .inactive, !animator.isRunning else { return }
                    if animator.state == .active { animator.stopAnimation(false) }
                    animator.finishAnimation(at: .current)
                }
            """)
        // UIKit needs a held (paused or stopped) animator finished before it is released; the scene's
        // `animator fade …` finishes one itself when it replaces it. So no action 'finishIfHeld', no warning.
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        #expect(!result.lines.contains { $0.contains("finishIfHeld") })
        #expect(result.lines.contains("animator fade 0.5 curve linear {"))
    }

    @Test(
        "A [String] property is a text list; questions[i] and an entry reader's call read its entry; (a, b) = (b, a) swaps"
    )
    func textListsAndSwaps() {
        let result = imported(
            """
                let question = UILabel()
                let next = UILabel()
                let questions = ["What is 7+7?", "What is the capital of Vermont?"]
                var index: CGFloat = 0
                var questionX: NSLayoutConstraint!
                var nextX: NSLayoutConstraint!
                override func viewDidLoad() {
                    super.viewDidLoad()
                    view.addSubview(question)
                    view.addSubview(next)
                    questionX = question.centerXAnchor.constraint(equalTo: view.centerXAnchor)
                    nextX = next.centerXAnchor.constraint(equalTo: view.centerXAnchor, constant: -375)
                    NSLayoutConstraint.activate([questionX, nextX])
                    question.text = questions[Int(index)]
                }
                @objc func advance() {
                    index += 1
                    next.text = entry(questions, at: index)
                    (question, next) = (next, question)
                    (self.questionX, self.nextX) = (self.nextX, self.questionX)
                }
                private func entry(_ texts: [String], at index: CGFloat) -> String {
                    let count = CGFloat(texts.count)
                    var wrapped = index.rounded(.down).truncatingRemainder(dividingBy: count)
                    if wrapped < 0 { wrapped += count }
                    return texts[min(Int(wrapped), texts.count - 1)]
                }
            """)
        #expect(result.lines.contains(#"texts questions "What is 7+7?" "What is the capital of Vermont?""#))
        #expect(result.lines.contains("next.text = questions[index]"))
        #expect(result.lines.contains(#"label question "What is 7+7?""#))
        #expect(result.lines.contains("swap question next"))
        #expect(result.lines.contains("swap questionX nextX"))
        // The entry reader is no action: the language's LIST[E] does what it does.
        #expect(!result.lines.contains { $0.contains("action entry") })
        #expect(result.scene?.diagnostics.hasErrors == false)
    }

    @Test(
        "NSLayoutConstraint(item:attribute:relatedBy:toItem:attribute:multiplier:constant:) as the language's constraint"
    )
    func itemConstraints() {
        let result = imported(
            withViews(
                setup: """
                            NSLayoutConstraint.activate([
                                NSLayoutConstraint(item: b, attribute: .centerX, relatedBy: .equal, toItem: view, attribute: .trailing, multiplier: 0.25, constant: 0),
                                NSLayoutConstraint(item: b, attribute: .width, relatedBy: .greaterThanOrEqual, toItem: nil, attribute: .notAnAttribute, multiplier: 1, constant: 40),
                                NSLayoutConstraint(item: a, attribute: .top, relatedBy: .lessThanOrEqual, toItem: view.safeAreaLayoutGuide, attribute: .top, multiplier: 1, constant: 8),
                            ])
                    """))
        result.expectClean()
        // A multiplied position is the language's too: UIKit and the scene both evaluate it in the items' common
        // ancestor's coordinates.
        #expect(result.lines.contains("b.centerX == 0.25 * root.trailing"))
        #expect(result.lines.contains("b.width >= 40"))
        #expect(result.lines.contains("a.top <= root.safeArea.top + 8"))
    }
}
