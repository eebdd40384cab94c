import Foundation
import TestSupport
import Testing

/// `layoutctl import` as a user runs it: scene text, warnings on standard error, exit statuses, -o.
@Suite struct ImportCommandTests {
    static let swift = """
        import UIKit

        final class CardViewController: UIViewController {
            let card = UIView()
            var cardTop: NSLayoutConstraint?

            override func viewDidLoad() {
                super.viewDidLoad()
                view.addSubview(card)
                card.backgroundColor = .systemBlue
                card.layer.cornerRadius = 12
                cardTop = card.topAnchor.constraint(equalTo: view.topAnchor, constant: 20)
                NSLayoutConstraint.activate([
                    cardTop!,
                    card.leadingAnchor.constraint(equalTo: view.leadingAnchor),
                    card.widthAnchor.constraint(equalToConstant: 100),
                    card.heightAnchor.constraint(equalToConstant: 100),
                ])
            }

            override func viewDidAppear(_ animated: Bool) {
                super.viewDidAppear(animated)
                cardTop?.constant = 200
                UIView.animate(withDuration: 0.5) { self.view.layoutIfNeeded() }
            }
        }

        """

    static let expected = """
        # CardViewController, imported from Card.swift by layoutctl import.

        view card color systemBlue

        cardTop: card.top == root.top + 20
        card.leading == root.leading
        card.width == 100
        card.height == 100

        on load {
          cardTop.constant = 200
          animate 0.5 {
            layout
          }
        }

        """

    @Test("The scene on standard output, the skipped line's warning on standard error, exit 0; -o writes a file")
    func imports() throws {
        try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("Card.swift")
            try Self.swift.write(to: file, atomically: true, encoding: .utf8)
            let result = try Layoutctl.run(["import", file.path])
            #expect(result.status == 0)
            #expect(result.stdout == Self.expected)
            #expect(result.stderr.contains("Card.swift:11:9: warning: skipped 'card.layer.cornerRadius = 12'"))
            #expect(
                result.stderr.hasSuffix(
                    "[import-skipped]\n        card.layer.cornerRadius = 12\n        ^~~~~~~~~~~~~~~~~~~~~~~~~~~~\n"))
            let out = folder.appendingPathComponent("Card.layout")
            let written = try Layoutctl.run(["import", file.path, "--class", "CardViewController", "-o", out.path])
            #expect(written.status == 0)
            #expect(written.stdout == "")
            #expect(try String(contentsOf: out, encoding: .utf8) == Self.expected)
            let checked = try Layoutctl.run(["check", out.path])
            #expect(checked.status == 0, "\(checked.stderr)")
        }
    }

    @Test("--all imports every class: one CLASS.layout each into the folder -o names, or all on standard output")
    func importsAll() throws {
        let badge = """

            final class Badge: UIView {
                let dot = UIView()
                override init(frame: CGRect) {
                    super.init(frame: frame)
                    addSubview(dot)
                    dot.widthAnchor.constraint(equalToConstant: 8).isActive = true
                }
                required init?(coder: NSCoder) { fatalError() }
            }

            """
        try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("Screens.swift")
            try (Self.swift + badge).write(to: file, atomically: true, encoding: .utf8)
            // Without --all: the first view controller, and a note naming the other class.
            let first = try Layoutctl.run(["import", file.path])
            #expect(first.status == 0 && first.stdout.hasPrefix("# CardViewController, imported from Screens.swift"))
            #expect(first.stderr.contains("note: imported CardViewController; the file also has Badge"))
            let out = folder.appendingPathComponent("scenes")
            let written = try Layoutctl.run(["import", file.path, "--all", "-o", out.path])
            #expect(written.status == 0, "\(written.stderr)")
            let card = try String(contentsOf: out.appendingPathComponent("CardViewController.layout"), encoding: .utf8)
            #expect(card == Self.expected.replacingOccurrences(of: "Card.swift", with: "Screens.swift"))
            let view = try String(contentsOf: out.appendingPathComponent("Badge.layout"), encoding: .utf8)
            #expect(view.contains("view dot") && view.contains("dot.width == 8"), "\(view)")
            #expect(written.stdout.split(separator: "\n").count == 2, "the files written, one a line")
            let checked = try Layoutctl.run(["check", out.path])
            #expect(checked.status == 0, "\(checked.stderr)")
            let printed = try Layoutctl.run(["import", file.path, "--all"])
            #expect(printed.status == 0)
            #expect(printed.stdout == card + "\n" + view)
            let both = try Layoutctl.run(["import", file.path, "--all", "--class", "Badge"])
            #expect(both.status == 2)
            let onFile = try Layoutctl.run(["import", file.path, "--all", "-o", file.path])
            #expect(onFile.status == 1 && onFile.stderr.contains("is a file; --all writes into a folder"))
        }
    }

    @Test("Swift that does not parse, or no class to import: exit 1; no file: exit 1; a wrong option: exit 2")
    func failures() throws {
        try withTemporaryFolder { folder in
            let broken = folder.appendingPathComponent("Broken.swift")
            try "import UIKit\nclass A: UIViewController {\n    let a = UIView(\n}\n".write(
                to: broken, atomically: true, encoding: .utf8)
            let result = try Layoutctl.run(["import", broken.path])
            #expect(result.status == 1)
            #expect(result.stdout == "")
            #expect(result.stderr.contains("Broken.swift:3:20: error: "), "\(result.stderr)")
            #expect(result.stderr.contains("[invalid-swift]"))
            let card = folder.appendingPathComponent("Card.swift")
            try Self.swift.write(to: card, atomically: true, encoding: .utf8)
            let missing = try Layoutctl.run(["import", card.path, "--class", "Other"])
            #expect(missing.status == 1)
            #expect(missing.stderr.contains("no UIViewController or UIView subclass named 'Other' in this file"))
            let none = try Layoutctl.run(["import", folder.appendingPathComponent("None.swift").path])
            #expect(none.status == 1)
            let usage = try Layoutctl.run(["import", card.path, "--nope"])
            #expect(usage.status == 2)
        }
    }
}

/// The offline commands read a UIKit Swift file as the daemon does: imported.
@Suite struct SwiftSceneCommandTests {
    @Test("check, solve and frames take a .swift file: the import's warnings, its layout, its animation")
    func offlineCommands() throws {
        try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("Card.swift")
            try ImportCommandTests.swift.write(to: file, atomically: true, encoding: .utf8)
            let checked = try Layoutctl.run(["check", folder.path])
            #expect(checked.status == 0)
            #expect(checked.stderr.contains("Card.swift:11:9: warning: skipped 'card.layer.cornerRadius = 12'"))
            let solved = try Layoutctl.run(["solve", file.path])
            #expect(solved.status == 0)
            #expect(solved.stdout.contains("\"scene\":\"Card.swift\""))
            #expect(solved.stdout.contains("\"name\":\"card\",\"kind\":\"view\",\"parent\":\"root\",\"x\":0,\"y\":20"))
            // viewDidAppear moves the card to 200 in 0.5 s, ease-in-out: halfway in time is halfway in place.
            let frames = try Layoutctl.run(["frames", file.path, "--at", "0.25,0.5"])
            #expect(frames.status == 0, "\(frames.stderr)")
            #expect(frames.stdout.contains("\"y\":110,") && frames.stdout.contains("\"y\":200,"), "\(frames.stdout)")
            try "class Broken: UIViewController { func f( }".write(
                to: folder.appendingPathComponent("Broken.swift"), atomically: true, encoding: .utf8)
            let broken = try Layoutctl.run(["check", folder.path])
            #expect(broken.status == 1 && broken.stderr.contains("[invalid-swift]"))
        }
    }
}
