/// The stable codes of diagnostics: users' scripts and tests may match on
/// them, so a code is never renamed or reused. `docs/diagnostics.md` has an
/// example of each.
public enum DiagnosticCode: String, Hashable, Sendable, CaseIterable {
    // Lexical.
    case invalidUTF8 = "invalid-utf8"
    case invalidCharacter = "invalid-character"
    case unterminatedString = "unterminated-string"
    case invalidEscape = "invalid-escape"
    case invalidColor = "invalid-color"
    /// A number above the language's limit; or a scene file above the size a scene file may have.
    case tooLarge = "too-large"

    // Syntax.
    /// Something else stands where the grammar needs a token: `expected '{'`.
    case expectedToken = "expected-token"
    /// A block is not closed before the end of the file.
    case unterminatedBlock = "unterminated-block"
    /// Blocks or parentheses nested deeper than the language allows.
    case tooDeep = "too-deep"
    /// A declaration where only statements go, or the other way round.
    case misplacedDeclaration = "misplaced-declaration"

    // Names.
    case unknownName = "unknown-name"
    case duplicateName = "duplicate-name"
    /// `root` or `system` used as a name.
    case reservedName = "reserved-name"

    // Values and types.
    /// A name of the wrong sort: `activate card` where `card` is a view.
    case typeMismatch = "type-mismatch"
    /// A number outside what the setting takes: `alpha 2`, `@0`.
    case invalidValue = "invalid-value"
    /// A number too large in magnitude once computed, or not finite.
    case outOfRange = "out-of-range"
    /// A property that this kind of view does not have: `font` on a plain view.
    case notApplicable = "not-applicable"
    case duplicateProperty = "duplicate-property"
    /// `canvas`, `safearea`, `reload` or `on load` given twice.
    case duplicateSetting = "duplicate-setting"
    /// An assignment to something actions cannot set, such as a view's frame.
    case notAssignable = "not-assignable"

    // Constraints.
    /// A right side that is not `[multiplier ×] anchor ± constant`.
    case invalidConstraint = "invalid-constraint"
    /// A horizontal position related to a vertical one, or a position to a size.
    case incompatibleAttributes = "incompatible-attributes"
    /// An attribute that the item does not have: a guide's baseline.
    case invalidAttribute = "invalid-attribute"
    /// An `inactive` constraint without a name, which no action can activate.
    case unreachableConstraint = "unreachable-constraint"
    /// A visual format line (`H:|-[a]-|`) that does not follow the Visual Format
    /// Language's grammar or rules: a character out of place, no view, an
    /// alignment along the line's own axis.
    case invalidFormat = "invalid-format"

    // Actions.
    /// An action that runs itself, directly or through others.
    case recursiveAction = "recursive-action"
    /// A keyframe's relative start time or duration outside 0…1, or a keyframe that ends after its animation.
    case invalidKeyframeTime = "invalid-keyframe-time"
    /// `keyframe` outside an `animate keyframes` block, or an `animate` block inside one or around one.
    case keyframeNesting = "keyframe-nesting"

    // Running a scene.
    /// An animator asked to do what its state does not allow: start when stopped, scrub while running.
    case animatorState = "animator-state"
    /// An animator whose block changed nothing that animates, started (UIKit raises).
    case nothingToAnimate = "nothing-to-animate"
    /// A reversed animator finished at its start whose block changed constraint constants, left changed.
    case unrevertedConstraints = "unreverted-constraints"
    /// Constraint, text or canvas changes that an animation block left to a
    /// layout pass outside it, so the views jump instead of animating: the
    /// missing `layout` (`layoutIfNeeded()`) inside the block.
    case missingLayout = "missing-layout"
    /// A running scene reached one of the bounds that keep it from running
    /// away: `run` or completions nested 64 deep, 1,000 completions in one
    /// advance, 1,000 animations or animators at once.
    case runtimeLimit = "runtime-limit"

    // Layout.
    /// Required constraints that cannot all hold; one was broken to recover.
    case unsatisfiableConstraints = "unsatisfiable-constraints"
    /// A view whose position or size its constraints leave open.
    case ambiguousLayout = "ambiguous-layout"

    // The file itself.
    /// Something other than a regular file where a scene file should be: a FIFO, a socket, a device, a folder.
    case notAFile = "not-a-file"
    /// A scene file the system will not let be read: no permission, an input/output error.
    case unreadable = "unreadable"

    // Importing Swift (`layoutctl import`): the diagnostics point into the Swift file.
    /// Swift that the importer cannot read (a guard, a network call, a value it does not know), left out of the
    /// scene; or a construct read only in part, such as a custom view class imported as a plain view.
    case importSkipped = "import-skipped"
    /// Swift that does not parse: the import fails.
    case invalidSwift = "invalid-swift"
}
