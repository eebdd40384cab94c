import Testing

@testable import SceneLanguage

/// How visual format lines are lexed, where they may stand, and what each
/// piece of the grammar reads as. Their geometry is checked against plain
/// constraints in `SceneRuntimeTests/VisualFormatTests.swift`.
@Suite struct VisualFormatParserTests {
    static func parse(_ text: String) -> Scene {
        Scene.parse(SourceFile(name: "t.layout", text: text))
    }

    /// The written-out constraints of a scene, in order.
    static func expansions(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        let scene = parse(text)
        #expect(scene.diagnostics.map { $0.rendered } == [], sourceLocation: sourceLocation)
        return scene.constraints.map { $0.expansion ?? "" }
    }

    @Test("'H:' or 'V:' followed by '|' or '[' is one token, up to white space, ';', '#' or '}'")
    func token() {
        #expect(
            kinds("H:|-[a]-8-[b(==a)]-(>=20)-| align all top")
                == [
                    .visualFormat("H:|-[a]-8-[b(==a)]-(>=20)-|"), .identifier("align"), .identifier("all"),
                    .identifier("top"), .endOfFile,
                ])
        #expect(kinds("V:[a];V:[b]#c") == [.visualFormat("V:[a]"), .semicolon, .visualFormat("V:[b]"), .endOfFile])
        #expect(kinds("{ H:|[a]|}") == [.leftBrace, .visualFormat("H:|[a]|"), .rightBrace, .endOfFile])
        // A constraint named H, with or without a space; `HV:` and `h:` are names like any other.
        #expect(kinds("H: a.top")[0...1] == [.identifier("H"), .colon])
        #expect(kinds("H:a.top")[0...1] == [.identifier("H"), .colon])
        #expect(kinds("HV:[a]")[0...2] == [.identifier("HV"), .colon, .leftBracket])
        #expect(kinds("h:[a]")[0...2] == [.identifier("h"), .colon, .leftBracket])
    }

    @Test("A line stands at the top level, in a view's block and in a group, named or not")
    func placement() {
        let scene = Self.parse(
            """
            view panel {
              view a
              H:|[a]|
              constraints { V:|[a]| }
            }
            row: V:|[panel(100)]
            constraints columns inactive {
              H:|[panel]|
            }
            """)
        #expect(scene.diagnostics.map { $0.rendered } == [])
        #expect(scene.constraints.map(\.group?.index) == [nil, nil, 0, 0, 1, 1, 2, 2])
        #expect(scene.groups.map { $0.name?.name } == [nil, "row", "columns"])
        #expect(scene.groups.map(\.isVisualFormatLine) == [false, true, false])
    }

    @Test("Each piece of the grammar expands as UIKit's documentation says")
    func pieces() {
        let views = "view a\nview b\nview p {\n  view c\n}\n"
        // Standard space, and a width.
        #expect(Self.expansions(views + "H:[a]-[b(>=50)]") == ["b.leading == a.trailing + 8", "b.width >= 50"])
        // Connection to the superview: its edge with a number, its margins with the standard space.
        #expect(
            Self.expansions(views + "H:|-50-[a]-50-|")
                == ["a.leading == root.leading + 50", "root.trailing == a.trailing + 50"])
        #expect(
            Self.expansions(views + "V:|-[a]-|") == ["a.top == root.margins.top", "root.margins.bottom == a.bottom"])
        #expect(Self.expansions(views + "V:|-[c]-|") == ["c.top == p.top + 8", "p.bottom == c.bottom + 8"])
        #expect(Self.expansions(views + "H:|[c]|") == ["c.leading == p.leading", "p.trailing == c.trailing"])
        // Vertical layout, flush views.
        #expect(Self.expansions(views + "V:[a]-10-[b]") == ["b.top == a.bottom + 10"])
        #expect(Self.expansions(views + "H:[a][b]") == ["b.leading == a.trailing"])
        // Priority, equal widths, multiple predicates.
        #expect(Self.expansions(views + "H:[a(100@20)]") == ["a.width == 100 @20"])
        #expect(Self.expansions(views + "H:[a(==b)]") == ["a.width == b.width"])
        #expect(Self.expansions(views + "H:[a(>=70,<=100)]") == ["a.width >= 70", "a.width <= 100"])
        #expect(Self.expansions(views + "V:[a(==b@high)]") == ["a.height == b.height @750"])
        // Negative spacing in parentheses, `system`, priorities by name, the root's size.
        #expect(Self.expansions(views + "H:[a]-(-5)-[b]") == ["b.leading == a.trailing - 5"])
        #expect(
            Self.expansions(views + "H:[a]-(>=system@low)-[b(<=root@fitting)]")
                == ["b.leading >= a.trailing + 8 @250", "b.width <= root.width @50"])
        // A relation without parentheses, as UIKit's parser reads it (ResearchKit ships `->=0-`).
        #expect(Self.expansions(views + "H:[a]->=0-[b]") == Self.expansions(views + "H:[a]-(>=0)-[b]"))
        #expect(Self.expansions(views + "H:|->=0-[a]") == ["a.leading >= root.leading"])
        #expect(Self.expansions(views + "H:[a]-<=8@750-[b]") == ["b.leading <= a.trailing + 8 @750"])
        #expect(Self.expansions(views + "V:[a]-==10-[b]") == ["b.top == a.bottom + 10"])
        #expect(Self.expansions(views + "H:[a]->=system-|") == ["root.trailing >= a.trailing + 8"])
        // An alignment along the line's axis on a line of one view aligns nothing, as in UIKit (TextMate ships
        // `H:|[view]|` with `.alignAllLeading`); with two views it is still refused.
        #expect(
            Self.expansions(views + "H:|[a]| align all leading")
                == ["a.leading == root.leading", "root.trailing == a.trailing"])
        #expect(Self.parse(views + "H:[a][b] align all leading").diagnostics.map(\.code) == [.invalidFormat])
        // Options.
        #expect(
            Self.expansions(views + "V:[a][b] align all centerX leading")
                == ["b.top == a.bottom", "b.centerX == a.centerX", "b.leading == a.leading"])
        #expect(Self.expansions(views + "H:[a][b] direction leftToRight") == ["b.left == a.right"])
        #expect(
            Self.expansions(views + "H:[a][b] direction rightToLeft align all top")
                == ["a.left == b.right", "b.top == a.top"])
    }

    @Test("A diagnostic's caret is under the format's character, after text of several bytes per character")
    func columns() {
        let scene = Self.parse("label a \"Café\"; view b; H:|-[a]-8[b]-|")
        let diagnostic = scene.diagnostics.first
        #expect(diagnostic?.code == .invalidFormat)
        // 33 characters but 34 bytes (`é` takes two) precede the '[' after '-8': columns count bytes, so 35.
        #expect(diagnostic?.range.location.column == 35)
        #expect(diagnostic.map { String($0.range.text) } == "[")
    }

    @Test("Options, names and 'inactive' out of place are reported, and the line still reads")
    func misplaced() {
        let scene = Self.parse(
            "view a\nview b\nconstraints g {\n  inactive H:|[a]|\n}\nH:[a][b] align all centerY centerY\n")
        #expect(scene.diagnostics.map(\.code) == [.notApplicable])
        // The group's line, and one alignment for the repeated attribute.
        #expect(
            scene.constraints.map { $0.expansion ?? "" }.suffix(2) == [
                "b.leading == a.trailing", "b.centerY == a.centerY",
            ])
    }
}
