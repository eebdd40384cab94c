import SceneLanguage
import Testing

/// Goldens of visual format lines (`H:|-[a]-8-[b]-|`): a mistake in the format
/// is reported at its character, and what the line means (its views, their
/// superview, its options) is checked as UIKit checks it. ``DiagnosticGolden``
/// says how they are checked.
@Suite struct DiagnosticVisualFormatGoldenTests {
    @Test("Each diagnostic of a visual format line renders in full", arguments: DiagnosticGolden.visualFormat)
    func visualFormat(_ golden: DiagnosticGolden) {
        golden.check()
    }

    @Test("A mistake in a format stops that line alone: the next line still expands")
    func oneLineAtATime() {
        let scene = Scene.parse(
            SourceFile(name: "Scene.layout", text: "view a\nview b\nH:|-[a]-8[b]-|\nH:|-[a]-[b]-|\nV:|[a]|"))
        #expect(scene.diagnostics.map(\.code) == [.invalidFormat])
        // The second line's three constraints (two edges, a spacing) and the third's two.
        #expect(scene.constraints.count == 5)
    }
}

extension DiagnosticGolden {
    /// Visual format lines: their grammar, their names, their options.
    static let visualFormat: [DiagnosticGolden] = [
        DiagnosticGolden(
            .invalidFormat, "a connection that leads nowhere", "view name\nview field\nH:|-[name]-[field]-",
            """
            Scene.layout:3:19: error: a connection leads to a view or to the superview's edge; add '[' and a view, or '|' [invalid-format]
            H:|-[name]-[field]-
                              ^

            """),
        DiagnosticGolden(
            .invalidFormat, "formats without a view, which UIKit refuses", "view card\nH:|-|\nV:|",
            """
            Scene.layout:2:1: error: a visual format line needs at least one view, as 'H:|-[card]-|' (UIKit raises for a format without views) [invalid-format]
            H:|-|
            ^~~~~
            Scene.layout:3:1: error: a visual format line needs at least one view, as 'H:|-[card]-|' (UIKit raises for a format without views) [invalid-format]
            V:|
            ^~~

            """),
        DiagnosticGolden(
            .invalidFormat, "a spacing whose closing '-' is missing",
            "label name \"Name\"\nview field\nH:|-[name]-8[field]-|", suggesting: "-",
            """
            Scene.layout:3:13: error: expected '-' to end the connection '-8', found '[' [invalid-format]
            H:|-[name]-8[field]-|
                        ^

            """),
        DiagnosticGolden(
            .invalidFormat, "a relation without its object", "view box\nH:|-[box(>=)]-|",
            """
            Scene.layout:2:12: error: expected a number or a view's name after '>=', found ')' [invalid-format]
            H:|-[box(>=)]-|
                       ^

            """),
        DiagnosticGolden(
            .invalidFormat, "a bare relation whose '-' never comes", "view a\nview b\nH:[a]->=20[b]", suggesting: "-",
            """
            Scene.layout:3:11: error: expected '-' to end the connection '->=20', found '[' [invalid-format]
            H:[a]->=20[b]
                      ^

            """),
        DiagnosticGolden(
            .invalidFormat, "an en dash pasted for a hyphen", "view a\nview b\nH:[a]–[b]", suggesting: "-",
            """
            Scene.layout:3:6: error: expected '-', '[' or '|' after the view, found '–' (an en dash) [invalid-format]
            H:[a]–[b]
                 ^

            """),
        DiagnosticGolden(
            .invalidFormat, "an alignment along the line's own axis", "view a\nview b\nH:[a]-[b] align all leading",
            """
            Scene.layout:3:21: error: an 'H:' line cannot align its views on 'leading': it lays them out along that axis (UIKit raises); align them on an attribute across it, such as 'centerY' [invalid-format]
            H:[a]-[b] align all leading
                                ^~~~~~~

            """),
        DiagnosticGolden(
            .invalidFormat, "edges in a line whose views have different superviews",
            "view panel {\n  view a\n}\nview b\nH:|-[a]-[b]-|",
            """
            Scene.layout:5:3: error: '|' stands for the superview of the line's views, but 'a' is in 'panel' and 'b' in the root view; write the edges in a line of views that share a superview [invalid-format]
            H:|-[a]-[b]-|
              ^

            """),
        DiagnosticGolden(
            .invalidFormat, "a view twice in one line", "view a\nH:|-[a]-[a]-|",
            """
            Scene.layout:2:10: error: 'a' stands twice in this line; a view stands once in a line, or the spacing would relate it to itself [invalid-format]
            H:|-[a]-[a]-|
                     ^
            Scene.layout:2:6: note: first here
            H:|-[a]-[a]-|
                 ^

            """),
        DiagnosticGolden(
            .invalidFormat, "a metric name, which scene files do not have", "view a\nview b\nH:[a]-gap-[b]",
            """
            Scene.layout:3:7: error: a spacing is a number or 'system'; 'gap' would be a metric of UIKit's metrics dictionary, which scene files do not have: write the number [invalid-format]
            H:[a]-gap-[b]
                  ^~~

            """),
        DiagnosticGolden(
            .invalidFormat, "an alignment on a size", "view a\nview b\nH:[a]-[b] align all width",
            """
            Scene.layout:3:21: error: views align on an edge, a centre or a baseline, not on 'width'; to give them equal sizes, write '[b(==a)]' [invalid-format]
            H:[a]-[b] align all width
                                ^~~~~

            """),
        DiagnosticGolden(
            .invalidFormat, "a direction on a V: line", "view a\nV:[a]-| direction rightToLeft",
            """
            Scene.layout:2:9: error: a 'V:' line runs from top to bottom; 'direction' is for 'H:' lines [invalid-format]
            V:[a]-| direction rightToLeft
                    ^~~~~~~~~~~~~~~~~~~~~

            """),
        DiagnosticGolden(
            .invalidFormat, "a predicate on the superview's edge", "view a\nH:|(20)-[a]",
            """
            Scene.layout:2:4: error: the superview's edge '|' takes no predicates; put the spacing in the connection, as '|-(>=20)-[' [invalid-format]
            H:|(20)-[a]
               ^

            """),
        DiagnosticGolden(
            .invalidFormat, "a view's name as a spacing", "view a\nview b\nH:[a]-(x)-[b]",
            """
            Scene.layout:3:8: error: a spacing is a number or 'system'; a view's name goes only in a view's size, as '[b(==a)]' [invalid-format]
            H:[a]-(x)-[b]
                   ^

            """),
        DiagnosticGolden(
            .invalidFormat, "the root in a line", "view a\nH:|-[root]-|",
            """
            Scene.layout:2:6: error: 'root' is the superview of the top-level views, not a view in a line; '|' stands for its edges [invalid-format]
            H:|-[root]-|
                 ^~~~

            """),
        DiagnosticGolden(
            .invalidFormat, "a strict inequality in a predicate", "view a\nview b\nH:[a]-(>10)-[b]", suggesting: ">=",
            """
            Scene.layout:3:8: error: '>' is not a relation; predicates use '>=', '==' (Auto Layout has no strict inequalities) [invalid-format]
            H:[a]-(>10)-[b]
                   ^

            """),
        DiagnosticGolden(
            .unknownName, "a misspelled view in a line", "label title \"Hi\"\nview b\nH:|-[titel]-[b]-|",
            suggesting: "title",
            """
            Scene.layout:3:6: error: unknown view 'titel'; did you mean 'title'? [unknown-name]
            H:|-[titel]-[b]-|
                 ^~~~~

            """),
        DiagnosticGolden(
            .unknownName, "a misspelled option", "view a\nview b\nH:[a]-[b] aling all top", suggesting: "align",
            """
            Scene.layout:3:11: error: unknown option 'aling' of a visual format line; did you mean 'align'? (the options are 'align all ATTRIBUTE …' and 'direction DIRECTION') [unknown-name]
            H:[a]-[b] aling all top
                      ^~~~~

            """),
        DiagnosticGolden(
            .unknownName, "a misspelled priority in a predicate", "view a\nview b\nH:[a(==b@hihg)]", suggesting: "high",
            """
            Scene.layout:3:10: error: unknown priority 'hihg'; did you mean 'high'? (priorities are required, high, low, fitting, or a number from 1 to 1000) [unknown-name]
            H:[a(==b@hihg)]
                     ^~~~

            """),
        DiagnosticGolden(
            .invalidValue, "a priority above 1000", "view a\nH:[a(>=50@1001)]",
            """
            Scene.layout:2:11: error: a priority must be between 1 and 1000, not 1001 [invalid-value]
            H:[a(>=50@1001)]
                      ^~~~

            """),
        DiagnosticGolden(
            .tooLarge, "a number above 1000000000 in a predicate", "view a\nH:[a(99999999999)]",
            """
            Scene.layout:2:6: error: number '99999999999' is too large; numbers are at most 1000000000 [too-large]
            H:[a(99999999999)]
                 ^~~~~~~~~~~

            """),
        DiagnosticGolden(
            .unreachableConstraint, "an inactive line without a name", "view a\nview b\ninactive H:|-[a]-[b]-|",
            """
            Scene.layout:3:1: warning: this inactive line has no name, so no action can activate it; name it, as 'inactive fields: H:|-[a]-|' [unreachable-constraint]
            inactive H:|-[a]-[b]-|
            ^~~~~~~~~~~~~~~~~~~~~~

            """),
        DiagnosticGolden(
            .notApplicable, "a named line in a group", "view a\nview b\nconstraints row {\n  fields: H:|-[a]-[b]-|\n}",
            """
            Scene.layout:4:3: error: a line in a group is switched with its group, by the group's name; leave out 'fields' [not-applicable]
              fields: H:|-[a]-[b]-|
              ^~~~~~

            """),
        DiagnosticGolden(
            .misplacedDeclaration, "a line in an action", "view a\naction go {\n  H:|-[a]-|\n}",
            """
            Scene.layout:3:3: error: a visual format line cannot be declared in an action; declare it at the top level, named and 'inactive' if it should start off, and 'activate' it here [misplaced-declaration]
              H:|-[a]-|
              ^~~~~~~~~

            """),
    ]
}
