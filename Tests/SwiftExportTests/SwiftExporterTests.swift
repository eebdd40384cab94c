import SceneLanguage
import SwiftExport
import Testing

/// Whether `text` holds `line` as one of its lines, indentation aside.
func hasLine(_ text: String, _ line: String) -> Bool {
    text.split(separator: "\n").contains { $0.trimmingPrefix(while: { $0 == " " }) == line }
}

@Suite struct ConstraintExportTests {
    static let views = """
        view card
        view panel {
          view dot
        }
        label title "T"
        guide gap

        """

    /// The line that makes the one constraint of `constraint`, its identifier included.
    func line(_ constraint: String, file: String = views) -> String? {
        let text = export(file + constraint + "\n")
        return text.split(separator: "\n").map { String($0.trimmingPrefix(while: { $0 == " " })) }
            .first { $0.contains(".identified(") }
    }

    @Test("Each shape of constraint, with its identifier and priority")
    func shapes() {
        let cases: [(String, String)] = [
            (
                "card.leading == title.trailing + 8",
                "card.leadingAnchor.constraint(equalTo: titleLabel.trailingAnchor, constant: 8)"
                    + ".identified(\"card.leading == title.trailing + 8\"),"
            ),
            (
                "card.top >= root.safeArea.top",
                "card.topAnchor.constraint(greaterThanOrEqualTo: view.safeAreaLayoutGuide.topAnchor)"
                    + ".identified(\"card.top >= root.safeArea.top\"),"
            ),
            (
                "card.bottom <= root.margins.bottom - system @high",
                "card.bottomAnchor.constraint(lessThanOrEqualTo: view.layoutMarginsGuide.bottomAnchor, constant: -8)"
                    + ".identified(\"card.bottom <= root.margins.bottom - system @high\", priority: .defaultHigh),"
            ),
            (
                "card.width == 0.5 * root.width - 2 * system @low",
                "card.widthAnchor.constraint(equalTo: view.widthAnchor, multiplier: 0.5, constant: -16)"
                    + ".identified(\"card.width == 0.5 * root.width - 2 * system @low\", priority: .defaultLow),"
            ),
            (
                "card.height == card.width",
                "card.heightAnchor.constraint(equalTo: card.widthAnchor).identified(\"card.height == card.width\"),"
            ),
            (
                "card.height <= 44 @fitting",
                "card.heightAnchor.constraint(lessThanOrEqualToConstant: 44)"
                    + ".identified(\"card.height <= 44 @fitting\", priority: .fittingSizeLevel),"
            ),
            (
                "card.width >= 10.5 @999",
                "card.widthAnchor.constraint(greaterThanOrEqualToConstant: 10.5)"
                    + ".identified(\"card.width >= 10.5 @999\", priority: UILayoutPriority(999)),"
            ),
            (
                "card.left == 20",
                "card.leftAnchor.constraint(equalTo: view.leftAnchor, constant: 20).identified(\"card.left == 20\"),"
            ),
            (
                "card.trailing == 20",
                "card.trailingAnchor.constraint(equalTo: view.leadingAnchor, constant: 20)"
                    + ".identified(\"card.trailing == 20\"),"
            ),
            (
                "card.centerY == 100",
                "card.centerYAnchor.constraint(equalTo: view.topAnchor, constant: 100)"
                    + ".identified(\"card.centerY == 100\"),"
            ),
            (
                "dot.centerX == 0.25 * panel.trailing + 3",
                "NSLayoutConstraint(item: dot, attribute: .centerX, relatedBy: .equal, toItem: panel, "
                    + "attribute: .trailing, multiplier: 0.25, constant: 3)"
                    + ".identified(\"dot.centerX == 0.25 * panel.trailing + 3\"),"
            ),
            (
                "title.firstBaseline == card.bottom",
                "titleLabel.firstBaselineAnchor.constraint(equalTo: card.bottomAnchor)"
                    + ".identified(\"title.firstBaseline == card.bottom\"),"
            ),
            (
                "gap.width == root.width",
                "gap.widthAnchor.constraint(equalTo: view.widthAnchor).identified(\"gap.width == root.width\"),"
            ),
            (
                "card.leading == root.left + 4",
                "card.leftAnchor.constraint(equalTo: view.leftAnchor, constant: 4)"
                    + ".identified(\"card.leading == root.left + 4\"),"
            ),
        ]
        for (constraint, expected) in cases {
            #expect(line(constraint) == expected, "\(constraint)")
        }
    }

    @Test("Named constraints are properties, named with their name; groups are arrays; inactive ones wait")
    func namedAndGroups() {
        let text = export(
            Self.views + """
                pinned: card.top == root.top + 10
                inactive later: card.top == root.top + 50
                constraints lines {
                  card.left == root.left
                }
                constraints open inactive {
                  card.left == root.left + 100
                }
                card.width == 10; card.height == 10
                """)
        #expect(hasLine(text, "private var pinned: NSLayoutConstraint!"))
        #expect(hasLine(text, "private var lines: [NSLayoutConstraint] = []"))
        #expect(
            hasLine(
                text, "pinned = card.topAnchor.constraint(equalTo: view.topAnchor, constant: 10).identified(\"pinned\")"
            ))
        #expect(hasLine(text, "pinned,"))
        #expect(hasLine(text, "NSLayoutConstraint.activate(lines)"))
        #expect(!hasLine(text, "NSLayoutConstraint.activate(open)"))
        #expect(!hasLine(text, "later,"))
        #expect(hasLine(text, "// Made but not active until an action activates them: later, `open`."))
    }

    @Test("A visual format line's constraints are written one by one, identified by their written-out form")
    func visualFormat() {
        let text = export("view card\nview other\nH:|-[card]-8-[other(==card)]-|\nV:|[card(20)][other(20)]\n")
        for line in [
            "card.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor)"
                + ".identified(\"card.leading == root.margins.leading\"),",
            "other.leadingAnchor.constraint(equalTo: card.trailingAnchor, constant: 8)"
                + ".identified(\"other.leading == card.trailing + 8\"),",
            "other.widthAnchor.constraint(equalTo: card.widthAnchor).identified(\"other.width == card.width\"),",
            "card.heightAnchor.constraint(equalToConstant: 20).identified(\"card.height == 20\"),",
        ] {
            #expect(hasLine(text, line), "\(line)")
        }
    }

    @Test("Right to left: the root and every view are forced right to left")
    func rightToLeft() {
        let text = export("canvas 375 x 667 rtl\nview card\ncard.leading == root.leading + 20\n")
        #expect(hasLine(text, "view.semanticContentAttribute = .forceRightToLeft"))
        #expect(hasLine(text, "card.semanticContentAttribute = .forceRightToLeft"))
        #expect(
            hasLine(
                text,
                "card.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 20)"
                    + ".identified(\"card.leading == root.leading + 20\"),"))
    }

    @Test("root.margins sets the root's margins to the language's, and says so")
    func margins() {
        let text = export("view card\ncard.leading == root.margins.leading\n")
        #expect(hasLine(text, "viewRespectsSystemMinimumLayoutMargins = false"))
        #expect(
            hasLine(
                text,
                "view.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16)"
            ))
        // An iPad's canvas is of the regular width: UIKit's 20 points.
        #expect(
            hasLine(
                export("canvas 1024 x 768\nview card\ncard.leading == root.margins.leading\n"),
                "view.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 0, leading: 20, bottom: 0, trailing: 20)"
            ))
        #expect(export("view card\ncard.leading == root.leading\n").contains("directionalLayoutMargins") == false)
    }
}

@Suite struct ViewExportTests {
    @Test("Views, labels, buttons, guides, sizes, priorities, frames, colours, alpha and hidden")
    func views() {
        let text = export(
            """
            view card color blue alpha 0.5 hidden hugging 251 250 compression 750 1000
            view sized size 100 x 50
            view fixed frame 10 20 30 40 color #3366ff
            label name "Bob" font 20 color systemTeal
            button go "Go"
            guide gap
            card.width == 10; card.height == 10; card.left == 0; card.top == 0
            sized.left == 0; sized.top == 0
            name.left == 0; name.top == 0
            go.left == 0; go.top == 0
            gap.left == 0; gap.top == 0; gap.width == 0; gap.height == 0
            """)
        for line in [
            "private let card = UIView()",
            "private let sized = SizedView(width: 100, height: 50)",
            "private let name = UILabel()",
            "private let go = UIButton(type: .system)",
            "private let gap = UILayoutGuide()",
            "card.translatesAutoresizingMaskIntoConstraints = false",
            "card.backgroundColor = UIColor.blue",
            "card.alpha = 0.5",
            "card.isHidden = true",
            "card.setContentHuggingPriority(UILayoutPriority(251), for: .horizontal)",
            "card.setContentCompressionResistancePriority(.required, for: .vertical)",
            "view.addSubview(card)",
            "fixed.frame = CGRect(x: 10, y: 20, width: 30, height: 40)",
            "fixed.backgroundColor = UIColor(red: 51 / 255, green: 102 / 255, blue: 255 / 255, alpha: 1)",
            "name.text = \"Bob\"",
            "name.font = UIFont.systemFont(ofSize: 20)",
            "name.backgroundColor = UIColor.systemTeal",
            "go.setTitle(\"Go\", for: .normal)",
            "go.titleLabel?.font = UIFont.systemFont(ofSize: 17)",
            "view.addLayoutGuide(gap)",
            "override var intrinsicContentSize: CGSize { size }",
        ] {
            #expect(hasLine(text, line), "\(line)")
        }
        #expect(!text.contains("fixed.translatesAutoresizingMaskIntoConstraints"))
        #expect(!text.contains("card.setContentHuggingPriority(UILayoutPriority(250)"))
    }

    @Test("Stack views: made with their arranged subviews, with axis, spacing, distribution, alignment, margins")
    func stacks() {
        let text = export(
            """
            stack form vertical spacing 12 alignment leading margins 1 2 3 4 {
              label name "A"
              stack row horizontal distribution fillEqually alignment firstBaseline {
                button ok "OK"
                button cancel "Cancel"
              }
            }
            form.spacing after name = 20
            form.left == 0; form.top == 0
            """)
        for line in [
            "private lazy var form = UIStackView(arrangedSubviews: [name, row])",
            "private lazy var row = UIStackView(arrangedSubviews: [ok, cancel])",
            "form.axis = .vertical",
            "form.spacing = 12",
            "form.distribution = .fill",
            "form.alignment = .leading",
            "form.isLayoutMarginsRelativeArrangement = true",
            "form.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)",
            "form.setCustomSpacing(20, after: name)",
            "view.addSubview(form)",
            "row.axis = .horizontal",
            "row.distribution = .fillEqually",
            "row.alignment = .firstBaseline",
        ] {
            #expect(hasLine(text, line), "\(line)")
        }
        #expect(!text.contains("form.addSubview(name)") && !text.contains("row.addSubview(ok)"))
    }

    @Test("Subviews are added to their parents")
    func hierarchy() {
        let text = export("view panel {\n  label name \"A\"\n  guide inner\n}\n")
        #expect(hasLine(text, "panel.addSubview(name)"))
        #expect(hasLine(text, "panel.addLayoutGuide(inner)"))
    }
}

@Suite struct NameExportTests {
    @Test("Names that UIViewController has, or that an action has, get their kind; keywords get backticks")
    func names() {
        let text = export(
            """
            label title "A"
            label next "B"
            button showAnswer "C"
            view view
            view class
            view self
            var default = 1
            texts for "x"
            action showAnswer { title.alpha = 1 }
            action next { run showAnswer }
            action viewDidLoad { class.alpha = 0 }
            action while { self.alpha = default }
            """)
        for line in [
            "private let titleLabel = UILabel()  // the scene's 'title'",
            "private let nextLabel = UILabel()  // the scene's 'next'",
            "private let showAnswerButton = UIButton(type: .system)  // the scene's 'showAnswer'",
            "private let viewView = UIView()  // the scene's 'view'",
            "private let `class` = UIView()",
            "private let `self` = UIView()",
            "private var `default`: CGFloat = 1",
            "private let `for` = [\"x\"]",
            "@objc func showAnswer() {",
            "@objc func next() {",
            "@objc func viewDidLoadAction() {",
            "@objc func `while`() {",
            "showAnswer()",
            "`class`.alpha = 0",
            "`self`.alpha = `default`",
        ] {
            #expect(hasLine(text, line), "\(line)")
        }
    }

    @Test("Class names from file names")
    func classNames() {
        #expect(SwiftExporter.className(forFile: "Playgrounds/Quiz.layout") == "QuizViewController")
        #expect(SwiftExporter.className(forFile: "my-scene.layout") == "MySceneViewController")
        #expect(SwiftExporter.className(forFile: "2up.layout") == "Scene2upViewController")
        #expect(SwiftExporter.className(forFile: "été.layout") == "TViewController")
        #expect(SwiftExporter.className(forFile: "ü.layout") == "SceneViewController")
        #expect(SwiftExporter.isValidClassName("QuizViewController"))
        #expect(!SwiftExporter.isValidClassName("class"))
        #expect(!SwiftExporter.isValidClassName("9Lives"))
        #expect(!SwiftExporter.isValidClassName("a-b"))
    }
}

@Suite struct StringExportTests {
    @Test("Texts with quotes, backslashes, line breaks and emoji are Swift literals of the same text")
    func escaping() {
        let text = export(
            #"""
            label a "say \"cheese\""
            label b "C:\\temp"
            label c "two\nlines"
            label d "👍🏽 ok"
            texts list "x\"y" "\\" "a\nb"
            action go { a.text = "\"\\\n" }
            """#)
        for line in [
            #"a.text = "say \"cheese\"""#,
            #"b.text = "C:\\temp""#,
            #"c.text = "two\nlines""#,
            #"d.text = "👍🏽 ok""#,
            #"private let list = ["x\"y", "\\", "a\nb"]"#,
            #"a.text = "\"\\\n""#,
            #"a.numberOfLines = 0  // the scene breaks this text at "\n" only; UIKit also wraps a line too wide"#,
        ] {
            #expect(hasLine(text, line), "\(line)")
        }
    }

    @Test("A constraint's source text becomes its identifier, escaped")
    func identifiers() {
        let text = export("view card\ncard.width == 10   # a comment\ncard.height == 10\n")
        #expect(text.contains(#".identified("card.width == 10")"#))
    }
}
