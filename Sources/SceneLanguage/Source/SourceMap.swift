/// Where the lines of a text written from another file came from: a scene imported from a UIKit Swift file is
/// scene-language text that no one wrote, so its diagnostics (a name the checker refuses, a conflict the solver
/// finds at load or in an action) are shown at the Swift that made the line, with the scene's line as a note.
///
/// ```swift
/// let map = SourceMap(original: swift, lineOrigins: [nil, 120, 180], fallback: 40)
/// let scene = Scene.parse(SourceFile(name: "Login.swift.layout", text: text, generatedFrom: map))
/// scene.diagnostics.map(\.inOriginalSource)   // at Login.swift's lines
/// ```
public struct SourceMap: Sendable {
    /// The file the text was written from.
    public let original: SourceFile
    /// For each line of the text (index 0 is line 1), the UTF-8 offset in ``original`` that it came from, when it
    /// came from one place.
    public let lineOrigins: [Int?]
    /// Where a line that came from no one place is shown: the imported class's declaration.
    public let fallback: Int

    public init(original: SourceFile, lineOrigins: [Int?], fallback: Int) {
        self.original = original
        self.lineOrigins = lineOrigins
        self.fallback = fallback
    }

    /// The offset in ``original`` that a 1-based line of the text is shown at.
    public func origin(ofLine line: Int) -> Int {
        let index = line - 1
        let origin = lineOrigins.indices.contains(index) ? lineOrigins[index] : nil
        return min(max(origin ?? fallback, 0), original.bytes.count)
    }
}

extension SourceRange {
    /// Where the range is shown: in the original file when its own was written from one (the start of the
    /// statement its line came from), else itself.
    public var inOriginalSource: SourceRange {
        guard let map = file.generatedFrom else { return self }
        return .at(map.origin(ofLine: location.line), in: map.original)
    }
}

extension Diagnostic {
    /// The diagnostic as the user is shown it: when it points into a text written from another file (a scene
    /// imported from Swift), at the line of that file that made it, its notes likewise, with the written line
    /// as a last note (`the imported scene reads 'title.leading == root.leading + 16'`). A did-you-mean
    /// replacement is dropped there, as it is a fix of the written text, not of the original.
    public var inOriginalSource: Diagnostic {
        let isWritten = range.file.generatedFrom != nil
        guard isWritten || notes.contains(where: { $0.range?.file.generatedFrom != nil }) else { return self }
        var shown = self
        shown.range = range.inOriginalSource
        shown.notes = notes.map { Note($0.message, at: $0.range?.inOriginalSource) }
        if isWritten {
            let line = range.file.line(range.location.line).trimmingPrefix(while: { $0 == " " })
            // A conflict's message quotes the constraint already.
            if !line.isEmpty && !message.contains(line) {
                shown.notes.append(Note("the imported scene reads '\(line)'"))
            }
            shown.suggestion = nil
        }
        return shown
    }
}
