public import LayoutValues

/// A problem in a scene, reported instead of trapping: what the parser,
/// the name checks and the layout model produce for every bad input.
public struct Diagnostic: Hashable, Sendable {
    /// The one severity of every diagnostic, the wire's too.
    public typealias Severity = LayoutValues.Severity

    /// A secondary location with its own message, such as where a conflicting
    /// constraint was declared.
    public struct Note: Hashable, Sendable {
        public var message: String
        public var range: SourceRange?

        public init(_ message: String, at range: SourceRange? = nil) {
            self.message = message
            self.range = range
        }
    }

    public var severity: Severity
    public var code: DiagnosticCode
    public var message: String
    public var range: SourceRange
    public var notes: [Note]
    /// A replacement for the text at ``range`` that would fix the problem ("did you mean").
    public var suggestion: String?

    public init(
        _ severity: Severity, _ code: DiagnosticCode, _ message: String, at range: SourceRange,
        notes: [Note] = [], suggestion: String? = nil
    ) {
        self.severity = severity
        self.code = code
        self.message = message
        self.range = range
        self.notes = notes
        self.suggestion = suggestion
    }

    public static func error(
        _ code: DiagnosticCode, _ message: String, at range: SourceRange, notes: [Note] = [],
        suggestion: String? = nil
    ) -> Diagnostic {
        Diagnostic(.error, code, message, at: range, notes: notes, suggestion: suggestion)
    }
}

extension Diagnostic {
    public static func warning(
        _ code: DiagnosticCode, _ message: String, at range: SourceRange, notes: [Note] = [],
        suggestion: String? = nil
    ) -> Diagnostic {
        Diagnostic(.warning, code, message, at: range, notes: notes, suggestion: suggestion)
    }
}

/// How many diagnostics each stage (lexer, parser, checker) keeps, so that a
/// file of garbage gives a report of bounded size: a megabyte of `}` would
/// otherwise be a third of a gigabyte of messages.
package let diagnosticLimit = 1000

extension Array where Element == Diagnostic {
    /// Appends a diagnostic unless ``diagnosticLimit`` is reached; the last
    /// one kept gets the note `limitNote`. Returns whether it was kept.
    @discardableResult
    package mutating func record(_ diagnostic: Diagnostic, limitNote: String) -> Bool {
        guard count < diagnosticLimit else { return false }
        append(diagnostic)
        if count == diagnosticLimit { self[count - 1].notes.append(Diagnostic.Note(limitNote)) }
        return true
    }
}
