package import SceneLanguage

/// A text broken into the lines a label draws, with the fixed metrics of
/// ``TextMetrics``: every character advances `0.5 × font`.
///
/// `\n` always breaks a line. Given a width, each paragraph also wraps as
/// `.byWordWrapping` wraps it: at spaces, as many words on a line as fit,
/// the spaces at a break dropped; a word longer than a line breaks between
/// characters. Past the line limit, the last line kept ends in "…" with as
/// much of the rest as fits before it, as `.byTruncatingTail` draws it.
package struct WrappedText: Hashable, Sendable {
    /// The lines as drawn.
    package var lines: [String]
    /// Whether text was left out (the last line then ends in "…").
    package var isTruncated: Bool

    /// The characters of the longest line.
    package var longestLine: Int { lines.map(\.count).max() ?? 0 }

    /// The text's lines, wrapped, not yet cut to a label (``fitting(lines:width:font:)``).
    ///
    /// - Parameter width: The width to wrap at, in points; nil to break only at `\n`.
    package init(text: String, font: Double, width: Double?) {
        let paragraphs =
            text.isEmpty
            ? []
            : text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map {
                String(String.UnicodeScalarView($0))
            }
        let perLine = width.map { WrappedText.characters(fitting: $0, font: font) }
        var lines: [String] = []
        for paragraph in paragraphs {
            if let perLine {
                lines.append(contentsOf: WrappedText.wrap(paragraph, perLine: perLine))
            } else {
                lines.append(paragraph)
            }
        }
        self.lines = lines
        self.isTruncated = false
    }

    /// The same text cut to what fits a label: at most `lines` lines, and
    /// each line at most `perLine` characters, the last one kept ending in "…"
    /// when anything was left out.
    package func fitting(lines limit: Int, width: Double, font: Double) -> WrappedText {
        let perLine = WrappedText.characters(fitting: width, font: font)
        var fitted = self
        if limit > 0 && lines.count > limit {
            // The last kept line carries the rest of the text, cut to fit with its ellipsis.
            let rest = lines[(limit - 1)...].joined(separator: " ")
            fitted.lines = Array(lines.prefix(limit - 1)) + [WrappedText.cut(rest, perLine: perLine)]
            fitted.isTruncated = true
        }
        for (i, line) in fitted.lines.enumerated() where line.count > perLine {
            fitted.lines[i] = WrappedText.cut(line, perLine: perLine)
            fitted.isTruncated = true
        }
        return fitted
    }

    /// How many characters fit in a width: at least one, as a label always draws one.
    static func characters(fitting width: Double, font: Double) -> Int {
        let advance = TextMetrics.advancePerPoint * font
        guard advance > 0, width.isFinite else { return Int.max }
        // A hair of tolerance: a width solved to the text's own fits it.
        let count = (width / advance + 1e-9).rounded(.down)
        return count >= Double(Int.max / 2) ? Int.max / 2 : max(Int(count), 1)
    }

    /// Greedy word wrapping of one paragraph (no `\n`) at `perLine` characters.
    static func wrap(_ paragraph: String, perLine: Int) -> [String] {
        guard paragraph.count > perLine else { return [paragraph] }
        var lines: [String] = []
        var line: [Character] = []
        for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
            var word = Array(word)
            if !line.isEmpty && line.count + 1 + word.count <= perLine {
                line.append(" ")
                line.append(contentsOf: word)
                continue
            }
            if !line.isEmpty {
                lines.append(String(line))
                line = []
            }
            // A word longer than a line breaks between characters.
            while word.count > perLine {
                lines.append(String(word.prefix(perLine)))
                word.removeFirst(perLine)
            }
            line = word
        }
        if !line.isEmpty || lines.isEmpty { lines.append(String(line)) }
        return lines
    }

    /// A line cut to `perLine` characters, "…" the last of them.
    static func cut(_ line: String, perLine: Int) -> String {
        var kept = String(line.prefix(max(perLine - 1, 0)))
        while kept.last == " " { kept.removeLast() }
        return kept + "…"
    }
}

extension WrappedText {
    /// Whether a label or button of this size may draw lines of its own
    /// (``drawnLines(text:font:kind:numberOfLines:size:metrics:)`` is not
    /// nil): a multi-line one with text always; a one-line one only when its
    /// text does not fit. Cheap, so that a frame asks it first for every view.
    package static func drawsLines(text: String, numberOfLines: Int, size: Size, metrics: TextMetrics) -> Bool {
        guard !text.isEmpty else { return false }
        return numberOfLines != 1 || metrics.size.width > size.width + 1e-9 || metrics.size.height > size.height + 1e-9
    }

    /// The lines a label or button draws in a frame of this size, for
    /// frames to carry: a multi-line one's (`lines N`, N ≠ 1) always; a
    /// one-line one's only when its text was cut with "…". As many lines as
    /// the view's height holds are drawn (at least one), at most N; nil for
    /// empty text.
    package static func drawnLines(
        text: String, font: Double, kind: ViewKind, numberOfLines: Int, size: Size, metrics: TextMetrics
    ) -> [String]? {
        guard drawsLines(text: text, numberOfLines: numberOfLines, size: size, metrics: metrics) else { return nil }
        let isMultiline = numberOfLines != 1
        let padding = kind == .button ? TextMetrics.buttonPadding : Insets.zero
        let width = max(size.width - padding.leading - padding.trailing, 0)
        let height = max(size.height - padding.top - padding.bottom, 0)
        let lineHeight = TextMetrics.lineHeightPerPoint * font
        let byHeight = lineHeight > 0 ? max(Int(min(height / lineHeight + 1e-9, 1e6)), 1) : 1
        let limit = numberOfLines == 0 || numberOfLines == 1 ? byHeight : min(numberOfLines, byHeight)
        let wrapped = WrappedText(text: text, font: font, width: isMultiline ? width : nil)
            .fitting(lines: limit, width: width, font: font)
        return isMultiline || wrapped.isTruncated ? wrapped.lines : nil
    }
}
