package import PlaygroundProtocol
package import SceneLanguage

/// The fixed text metrics that make geometry the same everywhere: a
/// character (a grapheme cluster) advances `0.5 × font` points, a line is
/// `1.2 × font` high, and a line's baseline is `0.8 × font` below its top.
/// Text breaks into lines at `\n`; a multi-line label's (`lines N`, N ≠ 1)
/// also wraps at the width it is given (``WrappedText``).
///
/// A button adds 12 points of padding on each side and 6 on top and bottom,
/// which moves its baselines down by 6. The baselines here are measured from
/// the top of a view of the intrinsic height; in a taller or shorter view the
/// text stays centred (``LayoutModel/expression(for:)``).
package struct TextMetrics: Hashable, Sendable {
    /// The text's size with the kind's padding: a label's or button's intrinsic content size.
    package var size: Size
    /// From the top of a view of the intrinsic height to the first line's baseline.
    package var firstBaseline: Double
    /// From the top of a view of the intrinsic height to the last line's baseline.
    package var lastBaseline: Double

    package static let advancePerPoint = 0.5
    package static let lineHeightPerPoint = 1.2
    package static let baselinePerPoint = 0.8
    package static let buttonPadding = Insets(top: 6, leading: 12, bottom: 6, trailing: 12)

    /// The metrics of a text at a font size. Empty text has no lines and is
    /// 0 × 0 (a button's padding still counts).
    ///
    /// - Parameters:
    ///   - numberOfLines: `lines N`: with a `wrapWidth`, at most N lines (0: no limit).
    ///   - wrapWidth: The width a multi-line label's text wraps at (its
    ///     `preferredMaxLayoutWidth`), without a button's padding; nil to
    ///     break lines only at `\n`.
    package init(text: String, font: Double, kind: ViewKind, numberOfLines: Int = 1, wrapWidth: Double? = nil) {
        var lines = 0
        var longest = 0
        if !text.isEmpty {
            if numberOfLines != 1, let wrapWidth {
                let wrapped = WrappedText(text: text, font: font, width: wrapWidth)
                    .fitting(lines: numberOfLines, width: wrapWidth, font: font)
                lines = wrapped.lines.count
                longest = wrapped.longestLine
            } else if !text.utf8.contains(UInt8(ascii: "\n")) {
                // One line, the whole text: most labels; measured without splitting or copying it.
                lines = 1
                longest = text.count
            } else {
                // Split on the scalar, not the character: "\r\n" is one grapheme.
                let split = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
                lines = numberOfLines > 1 ? min(split.count, numberOfLines) : split.count
                for line in split { longest = max(longest, String(String.UnicodeScalarView(line)).count) }
            }
        }
        let lineHeight = TextMetrics.lineHeightPerPoint * font
        var width = Double(longest) * TextMetrics.advancePerPoint * font
        var height = Double(lines) * lineHeight
        var top = 0.0
        if kind == .button {
            let padding = TextMetrics.buttonPadding
            width += padding.leading + padding.trailing
            height += padding.top + padding.bottom
            top = padding.top
        }
        self.size = Size(width: width, height: height)
        self.firstBaseline = top + TextMetrics.baselinePerPoint * font
        self.lastBaseline = top + Double(max(lines - 1, 0)) * lineHeight + TextMetrics.baselinePerPoint * font
    }
}
