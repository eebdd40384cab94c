import SceneLanguage

/// What each diagnostic code means and how to fix it: the first paragraph and the "Fix:" paragraph of its
/// section in docs/diagnostics.md, for the hover of a diagnostic. `LanguageServerTests` checks that every code has
/// one and that each is still the page's text.
extension DiagnosticExplanation {
    static let texts: [DiagnosticCode: (meaning: String, fix: String?)] = [
        .invalidUTF8: (
            """
            The file is not valid UTF-8. This happens with a file saved in another encoding, such as Latin-1. \
            Each invalid byte is read as U+FFFD (`�`), and the diagnostic points at the first one; the file is \
            reported once, however many bad bytes it holds.
            """,
            "Fix: save the file as UTF-8."
        ),
        .invalidCharacter: (
            """
            A character that the language does not use, outside a string or comment. A run of such characters is \
            reported once ("and 2 more"). Typographic characters pasted from a document are reported and then \
            read as the character they stand for, so nothing else is reported for them: an en dash, an em dash \
            or `−` as `-`, `×` as `*`, `≤` and `≥` as `<=` and `>=`, and curly quotes `“…”` as a string's `"…"`. \
            A lone `>` or `<` is reported with this code too: constraints have no strict inequalities, only `>=` \
            and `<=`. A file with a NUL byte among its first 8,000 bytes is not text (a binary file saved under \
            a scene's name): it gets this one error, at the first NUL, and nothing else is read from it; \
            `layoutd` keeps the last good version running, and `layoutctl` refuses such a file before reading \
            it.
            """,
            "Fix: type the ASCII character (`-`, `*`, `\"`), or `>=`/`<=` for `>`/`<`."
        ),
        .unterminatedString: (
            """
            A string has no closing `"` before the end of its line. Strings cannot span lines; write `\\n` for a \
            line break.
            """,
            "Fix: add the closing `\"`."
        ),
        .invalidEscape: (
            """
            A backslash in a string is followed by something other than `"`, `\\` or `n`. Only `\\"`, `\\\\` and \
            `\\n` are escapes.
            """,
            "Fix: use one of the three escapes, or write `\\\\` for a backslash."
        ),
        .invalidColor: (
            """
            After `color` (or `color =` in an action), `#` starts a colour, which must be `#` and exactly six \
            hex digits. Elsewhere `#` starts a comment.
            """,
            "Fix: write all six digits (`#ffffff`), or use a colour name such as `white`."
        ),
        .tooLarge: (
            "A number is above 1000000000 (10⁹), the largest the language takes.",
            "Fix: use a smaller number. Points, seconds and priorities are all far below this limit."
        ),
        .expectedToken: (
            """
            Something else stands where the grammar needs a particular token. The message says what was expected \
            and what was found. The rest of the statement is skipped.
            """,
            """
            Fix: write what the message expects. [language.md](language.md) gives the form of each declaration \
            and statement.
            """
        ),
        .unterminatedBlock: (
            """
            A `{` has no matching `}`. The caret points at the `{` that is still open. A block left open (a file \
            saved while it is being typed, say) does not swallow the rest of the file: a declaration that cannot \
            stand in the block (a view inside an action, an action inside a view), written at the start of a \
            line, ends the block, and is read where it belongs. Indented, the same declaration is a \
            `misplaced-declaration` inside the block.
            """,
            "Fix: add the missing `}`. A `}` with no block open is an `expected-token` error instead."
        ),
        .tooDeep: (
            """
            Blocks or parentheses are nested more than 64 deep, or one expression has more than 256 operators. \
            The limit keeps the parser safe on any input; real scenes stay far below it. The rest of the block \
            or statement is skipped. A Swift file that nests more than 1,000 levels deep (a chain of members, \
            calls or operators that long), or that nests square brackets more than 12 deep outside its strings \
            and comments, is not imported, with this code at the place ([import.md](import.md)).
            """,
            "Fix: remove the extra nesting, or split the expression."
        ),
        .misplacedDeclaration: (
            """
            A declaration where only statements go, or the other way round. Views, guides, constraints, \
            settings, actions and `on load` are declared at the top level (views and constraints also inside a \
            view's block); statements such as `layout`, `animate` or `activate` go in an action or `on load { … \
            }`.
            """,
            """
            Fix: move the line where the message says. To change constraints from an action, declare them at the \
            top level with a name (`pinned: …`), mark them `inactive` if they should start off, and `activate` \
            or `deactivate` them in the action.
            """
        ),
        .unknownName: (
            """
            A name that is not declared or not known: a keyword, a view, a property, an attribute, a colour, a \
            curve, a priority, an action, an animator, a constraint. When a known name is close, the message \
            suggests it.
            """,
            "Fix: correct the spelling, or declare the name. Names are case-sensitive."
        ),
        .duplicateName: (
            """
            Two things have the same name. Views, guides, constraints, constraint groups, animators, variables \
            and text lists share one namespace; actions have their own. The note points at the first \
            declaration.
            """,
            "Fix: rename one of them."
        ),
        .reservedName: (
            "`root` (the root view) and `system` (the standard spacing, 8 points) cannot be used as names.",
            "Fix: choose another name."
        ),
        .typeMismatch: (
            """
            A name of the wrong sort: a view where a constraint is needed, a constraint where a view is needed, \
            two things that cannot be swapped, a constraint group read as a value, or a variable, a text list or \
            a text list's entry where another of them is needed.
            """,
            """
            Fix: use a name of the sort the message asks for. `activate` and `deactivate` take constraints and \
            groups; `swap` takes two views of one kind (two labels, two buttons…) or two constraints; \
            constraints relate views, guides and `root`; `NAME = E` takes a variable, and `V.text = LIST[E]` a \
            text list.
            """
        ),
        .invalidValue: (
            """
            A number outside what a setting takes: alpha outside 0…1, a priority outside 1…1000, a negative \
            inset, size, frame size, delay, duration or repeat count, a canvas or font size of 0, a spring \
            damping of 0 or above 1, a bezier curve's x1 or x2 outside 0…1, a division by zero, or an empty text \
            list.
            """,
            "Fix: use a value in the range the message gives."
        ),
        .outOfRange: (
            """
            A computed number is out of range: an expression whose value is above 1000000000 in magnitude, or \
            not finite. Each number in it may be fine on its own (see `too-large` for a single number).
            """,
            "Fix: use smaller numbers."
        ),
        .notApplicable: (
            """
            A property or option that this kind of thing does not have: `font` or `text` on a plain view, `size` \
            on a label or button (their size comes from their text), any property on a guide, or an animation \
            option that does not apply (an animator and `reload` take only `curve` or `spring`).
            """,
            """
            Fix: remove the property, or change the kind of view (`label` instead of `view`, for example). For \
            an animator that should start late, use `start A after D`.
            """
        ),
        .duplicateProperty: (
            """
            A view property or an animation option is given twice, or an animation has both a curve and a \
            spring. The note points at the first one.
            """,
            "Fix: keep one of them."
        ),
        .duplicateSetting: (
            "A top-level setting (`canvas`, `safearea`, `reload`) is given twice, or `on load` is declared twice.",
            "Fix: keep one setting; put all the statements of `on load` in one block."
        ),
        .notAssignable: (
            """
            An action assigns to something that cannot be set, such as a view's edge or size. A view's frame \
            comes from its constraints.
            """,
            "Fix: name the constraint that places the view and change its constant:"
        ),
        .invalidConstraint: (
            """
            A constraint that is not of the form `item.attribute REL [multiplier *] item.attribute [± constant]` \
            or `item.attribute REL constant`: an item without an attribute, two anchors on one side, anchors \
            multiplied or divided by each other, a constant that reads another constraint, or a guide path on \
            something other than `root`.
            """,
            """
            Fix: relate one anchor to at most one other anchor, with numbers and `system` for the rest. To place \
            a view relative to several others, write one constraint for each.
            """
        ),
        .incompatibleAttributes: (
            """
            A constraint relates attributes of different kinds. Horizontal positions (`left right leading \
            trailing centerX`) relate to each other, vertical positions (`top bottom centerY firstBaseline \
            lastBaseline`) to each other, and sizes (`width height`) to sizes.
            """,
            """
            Fix: relate attributes of the same kind. A size can be related to another view's width or height, \
            even on the other axis (`card.height == card.width`).
            """
        ),
        .invalidAttribute: (
            """
            An item does not have this attribute: layout guides (including `root.safeArea` and `root.margins`) \
            have no baselines.
            """,
            "Fix: use `top` or `bottom` on the guide."
        ),
        .unreachableConstraint: (
            """
            A warning: an `inactive` constraint without a name, outside any group. No action can activate it, so \
            it never takes part in the layout.
            """,
            """
            Fix: give it a name (`pinned: toolbar.top == root.top + 200`) and `activate pinned` in an action, \
            put it in a named group, or delete it.
            """
        ),
        .invalidFormat: (
            """
            A visual format line (`H:|-[a]-8-[b]-|`, see [language.md](language.md#visual-format-language)) that \
            does not follow the Visual Format Language's grammar, or breaks one of its rules. For a mistake in \
            the grammar, the caret stands under the character where the format goes wrong, and the rest of the \
            line is skipped:
            """,
            """
            Fix: write the line as the message says. Misspelled views, options and priorities are `unknown-name` \
            errors with "did you mean", and a priority outside 1…1000 is `invalid-value`, as elsewhere.
            """
        ),
        .recursiveAction: (
            """
            An action runs itself, directly or through other actions, which would never end. The diagnostic \
            points at the `run` that closes the cycle and lists the actions in it.
            """,
            "Fix: break the cycle. Usually one of the actions should only change values, and the other run it."
        ),
        .invalidKeyframeTime: (
            """
            A keyframe's relative start time or duration is outside 0…1, or the two add up to more than 1, so \
            that the keyframe would end after its animation. Both are fractions of the whole `animate keyframes` \
            duration, as `addKeyframe(withRelativeStartTime:relativeDuration:animations:)` takes them (`keyframe \
            1/3 2/3` ends at 1 within rounding and is fine). The keyframe is kept, clamped into the animation, \
            so that the rest of the file is still checked.
            """,
            """
            Fix: give times relative to the whole animation. To make an animation longer, change its duration, \
            not its keyframes.
            """
        ),
        .keyframeNesting: (
            """
            A `keyframe` stands outside an `animate keyframes` block (or inside another keyframe), or an \
            animation block stands inside a keyframe animation, or a keyframe animation directly inside an \
            `animate` block. UIKit's `addKeyframe` only means something in the animations closure of \
            `UIView.animateKeyframes`; how UIKit times a `UIView.animate` called in a keyframe, or a keyframe \
            animation inside `UIView.animate`, it does not document, so the playground refuses both rather than \
            guess. A completion runs after its animation, so animations may start there.
            """,
            """
            Fix: put the change in a keyframe of its own (`keyframe 0.5 0.5 { … }`), or start the other \
            animation before, after or in the completion. A `spring` on `animate keyframes` is a \
            `not-applicable` error: `UIView.animateKeyframes` has no spring.
            """
        ),
        .animatorState: (
            """
            An animator was asked for something its state does not allow, as `UIViewPropertyAnimator` would \
            raise: starting or pausing a stopped animator, setting the fraction of a running one, reversing or \
            stopping one that is not active, finishing one that is inactive, driving an animator from its own \
            block, or recreating one that is paused or stopped (the old one then finishes where it stands). The \
            statement is skipped.
            """,
            """
            Fix: follow the animator's states: inactive → active (running or paused) → stopped → inactive. \
            `stop` leaves it stopped until `finish … at start|end|current`; pause it before scrubbing its \
            fraction.
            """
        ),
        .nothingToAnimate: (
            """
            An animator became active (by `start`, `pause` or a fraction) but its block changed nothing that \
            animates, where UIKit raises "must have at least one animation block to start". The animator stays \
            inactive.
            """,
            """
            Fix: change a constraint's constant, a view's alpha or colour, or what the layout depends on, in the \
            animator's block, and end the block with `layout` for constraint changes to move the views. When the \
            block changed constraints without a `layout`, the message says so: "…changed nothing that moves; its \
            changes wait for a layout pass: add 'layout' inside its block".
            """
        ),
        .unrevertedConstraints: (
            """
            A warning: a reversed animator finished at its start (or was finished `at start`), so the views are \
            back where they started, but the constraints its block changed (constants, activations) are not: as \
            in UIKit, only the views' properties return. The next layout pass would move the views to where \
            those constants put them.
            """,
            """
            Fix: set the constraints back in the animator's `completion at start { … }` (or its plain \
            `completion`, which runs however it finishes); the warning is checked after the completions have \
            run.
            """
        ),
        .missingLayout: (
            """
            A warning: an `animate` block or an animator's block ended while constraint, text or canvas changes \
            waited for a layout pass, and the pass that applied them was not animated, so the views jumped to \
            their new frames. As in UIKit, changing a constraint's constant inside `UIView.animate` animates \
            nothing by itself: the frames follow at a layout pass, and only a pass inside the block \
            (`layoutIfNeeded()` in the animations closure) takes the block's timing. The most asked question \
            about constraint animation. The warning names what was pending: constraints (by name, a whole group \
            by its name, or by their source text), texts and the canvas size. It points at the block, and comes \
            only when the pass that applied the changes moved a view (switching a constraint off and on, or \
            changing one that a stronger one outvotes, moves nothing). An animator whose block changed nothing \
            else gets `nothing-to-animate` instead, which names the same changes.
            """,
            """
            Fix: end the block with `layout`. Changes made before the block (the tutorials' way: constants \
            first, then `layoutIfNeeded()` in the block) are animated by that `layout` too. If a change should \
            not animate, make it, and `layout`, before the block.
            """
        ),
        .runtimeLimit: (
            """
            A running scene reached one of the bounds that keep it from running away: `run` statements or \
            animators' completions nested 64 deep, 1,000 completions due in one step of time, or 1,000 \
            animations or animators at once. What goes past the bound is skipped (an animation past the cap \
            applies its change at once, unanimated, and its completion does not run); the scene goes on.
            """,
            """
            Fix: break the loop: a completion that starts the animation it completes, or two animators that \
            finish each other, never end; start the next one from an action, or with a delay.
            """
        ),
        .unsatisfiableConstraints: (
            """
            Required constraints (priority 1000, the default) that cannot all hold, as in Auto Layout's "Unable \
            to simultaneously satisfy constraints". The constraints are added in order: first the canvas size, \
            then each view's fixed frame or intrinsic size, then the constraints as they appear in the file. The \
            one that contradicts those before it is left out ("broken"), and the layout goes on without it. A \
            note names each constraint it conflicts with, and where it was written.
            """,
            """
            Fix: remove one of the conflicting constraints, or lower the priority of the one that may give way \
            (`@high`, `@750`): a constraint below 1000 that cannot be met is met as nearly as possible. For a \
            fixed frame, remove the `frame` or the constraints on that view; for the canvas, relate to \
            `root.width` instead of a number; for an intrinsic size, lower hugging or compression resistance \
            below 1000.
            """
        ),
        .ambiguousLayout: (
            """
            A warning: the constraints leave a view's (or guide's) position or size open, so more than one frame \
            satisfies them, as Auto Layout's `hasAmbiguousLayout`. The diagnostic names the view and the axis, \
            and says whether the position or the size is open (if both are, the size). Views with a fixed \
            `frame` are never ambiguous, and the check is skipped when the file has errors.
            """,
            """
            Fix: add a constraint for what is open: on each axis a view needs a position (`leading`, `centerX`, \
            `trailing`; `top`, `centerY`, `bottom`) and a size (`width`, `height`, two edges, or an intrinsic \
            size: a label's or button's text, or `size W x H` on a plain view).
            """
        ),
        .importSkipped: (
            """
            A warning: Swift that the importer cannot read (a guard, a network call, a property the scene \
            language has no word for, arithmetic on a value it does not know) is left out of the scene, and the \
            warning says what and why. A construct read only in part says so too: a custom view class is \
            imported as a plain view. The import goes on.
            """,
            "Fix: nothing, if the scene does not need it; otherwise write what it stands for in the scene by hand."
        ),
        .invalidSwift: (
            """
            An error: the Swift does not parse (what swift-syntax's parser found missing, `expected …`, or \
            could not place, `unexpected code '…'`, at its place, at most 20 of them), or the file has no \
            UIViewController or UIView subclass to import (`--class` names one that is not there). Nothing is \
            imported, and `layoutctl import` exits with status 1.
            """,
            "Fix: the Swift, as the compiler would ask."
        ),
        .notAFile: (
            """
            Something other than a regular file has a scene file's name: a FIFO (named pipe), a socket, a \
            device, or a folder reached through a symbolic link. A symbolic link is followed: one to a FIFO is a \
            FIFO. For example after `mkfifo scenes/.t && mv scenes/.t scenes/Scene.layout`:
            """,
            "Fix: put a text file there. The daemon loads it at its next save."
        ),
        .unreadable: (
            """
            The file is there, but the system will not let it be read: no permission (for another user's file), \
            or an input/output error from a failing disk.
            """,
            """
            Fix: make the file readable by the user the daemon runs as (`chmod u+r`), or copy it off the failing \
            disk.
            """
        ),
    ]
}
