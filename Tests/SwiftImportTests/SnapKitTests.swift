import Foundation
import SceneLanguage
import SwiftImport
import TestSupport
import Testing

/// SnapKit's DSL, as the Burger article writes its constraints: each form read as the constraints SnapKit makes.
@Suite struct SnapKitTests {
    @Test("makeConstraints: attributes and compounds, superview, numbers, other views' attributes, guides, modifiers")
    func forms() {
        let result = imported(
            withViews(
                setup: """
                            a.snp.makeConstraints { make in
                                make.top.equalTo(view.safeAreaLayoutGuide.snp.top).offset(20)
                                make.leading.trailing.equalToSuperview().inset(16)
                                make.height.equalTo(b).multipliedBy(0.5).priority(.high)
                            }
                            b.snp.makeConstraints {
                                $0.edges.equalToSuperview().inset(UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
                                $0.size.equalTo(CGSize(width: 50, height: 60))
                                $0.center.equalTo(a).offset(5)
                                $0.width.lessThanOrEqualTo(a.snp.height).dividedBy(4)
                                $0.top.greaterThanOrEqualTo(10).priority(999)
                                $0.bottom.equalTo(view.snp.bottomMargin)
                                bTop = $0.top.equalTo(a.snp.bottom).offset(8).constraint
                            }
                    """,
                members: """
                        var bTop: Constraint?
                        @objc func lower() {
                            bTop?.update(offset: 40)
                            bTop?.deactivate()
                        }
                    """))
        result.expectClean()
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        #expect(
            Array(result.lines[2...17]) == [
                "a.top == root.safeArea.top + 20",
                "a.leading == root.leading + 16",
                "a.trailing == root.trailing - 16",
                "a.height == 0.5 * b.height @high",
                "b.top == root.top + 1",
                "b.left == root.left + 2",
                "b.bottom == root.bottom - 3",
                "b.right == root.right - 4",
                "b.width == 50",
                "b.height == 60",
                "b.centerX == a.centerX + 5",
                "b.centerY == a.centerY + 5",
                "b.width <= 0.25 * a.height",
                "b.top >= root.top + 10 @999",
                "b.bottom == root.margins.bottom",
                "bTop: b.top == a.bottom + 8",
            ], "\(result.text)")
        #expect(result.lines.suffix(4) == ["action lower {", "bTop.constant = 40", "deactivate bTop", "}"])
    }

    @Test("remakeConstraints in the setup replaces; in an action it switches groups; updateConstraints; remove")
    func remakeAndUpdate() {
        let result = imported(
            withViews(
                setup: """
                            b.snp.makeConstraints { make in make.width.equalTo(10) }
                            b.snp.remakeConstraints { make in make.width.equalTo(20) }
                            b.snp.updateConstraints { make in make.width.equalTo(30) }
                    """,
                members: """
                        @objc func grow() {
                            b.snp.remakeConstraints { make in make.width.equalTo(100) }
                            UIView.animate(withDuration: 0.3) { self.view.layoutIfNeeded() }
                        }
                        @objc func widen() {
                            b.snp.updateConstraints { make in make.width.equalTo(200) }
                        }
                        @objc func shrink() {
                            b.snp.remakeConstraints { make in make.width.equalTo(5) }
                        }
                        @objc func more() {
                            a.snp.makeConstraints { make in make.height.equalTo(7) }
                        }
                        @objc func clear() {
                            b.snp.removeConstraints()
                        }
                    """))
        result.expectClean()
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        let text = result.lines.joined(separator: "\n")
        #expect(!result.lines.contains("b.width == 10") && !result.lines.contains("b.width == 20"), "\(result.text)")
        #expect(text.contains("constraints bSnap {\nb.width == 30\n}"), "\(result.text)")
        #expect(text.contains("constraints bSnap2 inactive {\nbWidth: b.width == 100\n}"), "\(result.text)")
        #expect(text.contains("constraints bSnap3 inactive {\nb.width == 5\n}"), "\(result.text)")
        #expect(text.contains("constraints aSnap inactive {\na.height == 7\n}"), "\(result.text)")
        #expect(text.contains("action grow {\ndeactivate bSnap bSnap3\nactivate bSnap2\nanimate 0.3 {"))
        #expect(text.contains("action widen {\nbWidth.constant = 200\n}"))
        #expect(text.contains("action shrink {\ndeactivate bSnap bSnap2\nactivate bSnap3\n}"))
        #expect(text.contains("action more {\nactivate aSnap\n}"))
        #expect(text.contains("action clear {\ndeactivate bSnap bSnap2 bSnap3\n}"))
    }

    @Test("What SnapKit's maker says that a scene cannot is skipped with a warning at its line")
    func skipped() {
        let result = imported(
            withViews(
                setup: """
                            a.snp.makeConstraints { make in
                                make.top.equalTo(someOtherThing)
                                make.width.equalTo(40).labeled("w")
                                print("made")
                            }
                    """))
        result.expectClean()
        #expect(result.lines.contains("a.width == 40"))
        #expect(result.warnings.contains { $0.hasPrefix("skipped 'someOtherThing'") || $0.contains("SnapKit target") })
        #expect(result.warnings.contains { $0.contains("not a constraint of SnapKit's maker") })
    }

    /// The Burger article's menu written with SnapKit, as its code is: the lines' constraints remade in the
    /// animator's block.
    static let burger = """
        import SnapKit
        import UIKit

        class BurgerViewController: UIViewController {
            let burger = UIView()
            let top = UIView()
            let middle = UIView()
            let bottom = UIView()
            var converge: UIViewPropertyAnimator?

            override func viewDidLoad() {
                super.viewDidLoad()
                view.addSubview(burger)
                burger.addSubview(top)
                burger.addSubview(middle)
                burger.addSubview(bottom)
                [top, middle, bottom].forEach { $0.backgroundColor = .black }
                burger.snp.makeConstraints { make in
                    make.leading.equalTo(view.layoutMarginsGuide)
                    make.top.equalTo(view.safeAreaLayoutGuide.snp.top).offset(8)
                    make.size.equalTo(CGSize(width: 30, height: 24))
                }
                top.snp.makeConstraints { make in
                    make.leading.trailing.equalToSuperview()
                    make.height.equalTo(4)
                    make.centerY.equalToSuperview().offset(-8)
                }
                middle.snp.makeConstraints { make in
                    make.leading.trailing.centerY.equalToSuperview()
                    make.height.equalTo(4)
                }
                bottom.snp.makeConstraints { (make) -> Void in
                    make.leading.trailing.equalToSuperview()
                    make.height.equalTo(4)
                    make.centerY.equalToSuperview().offset(8)
                }
            }

            @objc func scrub() {
                converge = UIViewPropertyAnimator(duration: 0.5, curve: .easeInOut) {
                    self.top.snp.remakeConstraints { make in
                        make.leading.trailing.equalToSuperview()
                        make.height.equalTo(4)
                        make.centerY.equalToSuperview()
                    }
                    self.bottom.snp.remakeConstraints { make in
                        make.leading.trailing.equalToSuperview()
                        make.height.equalTo(4)
                        make.centerY.equalToSuperview()
                    }
                    self.view.layoutIfNeeded()
                }
                converge?.fractionComplete = 0.5
            }

            // action release
            @objc func releaseAction() {
                converge?.startAnimation()
            }

            @objc func cancel() {
                converge?.isReversed = true
                converge?.startAnimation()
            }
        }

        """

    @Test("The Burger menu in SnapKit plays as Playgrounds/Burger.layout through scrub, release and cancel")
    func burgerAsPlayground() throws {
        let result = SwiftImporter.import(SourceFile(name: "BurgerViewController.swift", text: Self.burger))
        result.expectClean()
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        let url = repositoryRoot.appendingPathComponent("Playgrounds/Burger.layout")
        let text = try String(contentsOf: url, encoding: .utf8)
        let original = Scene.parse(SourceFile(name: "Burger.layout", text: text))
        let device = RoundTripTests.deviceLines(of: text).joined(separator: "\n")
        let back = Scene.parse(SourceFile(name: "Burger.swift.layout", text: device + "\n" + result.text))
        #expect(!back.diagnostics.hasErrors)
        var tally = RoundTripTests.Tally()
        for actions in [["scrub"], ["scrub", "release@0.1"], ["scrub", "cancel@0.1"]] {
            RoundTripTests.compare(
                original, back, actions: actions, what: "SnapKit burger \(actions)", tally: &tally)
        }
        #expect(tally.frames > 150)
    }
}
