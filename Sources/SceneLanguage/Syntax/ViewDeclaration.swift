public import LayoutValues

/// What a declared view is.
/// A view property that a declaration can set.
public enum ViewProperty: String, Hashable, Sendable, CaseIterable {
    case alpha, color, font, size, hugging, compression, hidden, frame
    /// A label's or button's `lines N`: `numberOfLines`.
    case lines
    /// A label's or button's `textcolor NAME|#rrggbb`: `textColor`, a button's title colour.
    case textcolor
    /// A stack view's: `spacing N`, `distribution D`, `alignment A`.
    case spacing, distribution, alignment
    /// `margins T L B R`: any view's `directionalLayoutMargins`; a stack's
    /// `margins [T L B R]` also lays its subviews out inside them.
    case margins

    /// Whether a view of this kind takes the property.
    public func applies(to kind: ViewKind) -> Bool {
        switch (self, kind) {
        case (_, .guide): false
        case (.spacing, _), (.distribution, _), (.alignment, _): kind == .stack
        case (.font, .view), (.font, .stack), (.lines, .view), (.lines, .stack): false
        case (.textcolor, .view), (.textcolor, .stack): false
        case (.size, .label), (.size, .button), (.size, .stack): false
        default: true
        }
    }
}

/// A pair of priorities, one per axis: `hugging 250 250`.
public struct AxisPriorities: Hashable, Sendable {
    public var horizontal: Double
    public var vertical: Double

    public init(horizontal: Double, vertical: Double) {
        self.horizontal = horizontal
        self.vertical = vertical
    }
}

/// `view card color blue`, `label title "Bankey" font 34 alpha 0`,
/// `guide spacer`: a view as declared, with its properties' defaults filled in.
public struct ViewDeclaration: Hashable, Sendable {
    public var kind: ViewKind
    public var name: Identifier
    /// The text of a label or button (`\n` breaks lines); empty for other kinds.
    public var text: String = ""
    /// The view this one was declared inside; nil for a subview of the root.
    public var parent: ViewID? = nil
    public var alpha: Double = 1
    public var color: Color? = nil
    /// `textcolor`: a label's text colour or a button's title colour; nil for UIKit's default (a label's black
    /// `.label`, a button's tint).
    public var textColor: Color? = nil
    /// The font size in points, for labels and buttons.
    public var font: Double = 17
    /// `lines N`: a label's or button's `numberOfLines`. 1 (the default)
    /// breaks lines only at `\n`; any other number wraps the text to the
    /// width the layout gives the view, at most this many lines, 0 for no limit.
    public var numberOfLines = 1
    /// A plain view's intrinsic content size (`size W x H`).
    public var intrinsicSize: Size? = nil
    public var hugging = AxisPriorities(horizontal: 250, vertical: 250)
    public var compression = AxisPriorities(horizontal: 750, vertical: 750)
    public var isHidden = false
    /// A fixed frame in the parent's coordinates: the view takes no part in
    /// constraint solving (`translatesAutoresizingMaskIntoConstraints`).
    public var fixedFrame: Rect? = nil
    /// `margins T L B R`: its `directionalLayoutMargins`, which
    /// `V.margins.ATTRIBUTE` and a visual format's `|-` inside it use; nil
    /// for UIKit's default, 8 points on each side (``defaultMargins``).
    public var layoutMargins: Insets? = nil

    /// UIKit's default layout margins for a view that is not a view controller's root: 8 points on each side.
    public static let defaultMargins = Insets(top: 8, leading: 8, bottom: 8, trailing: 8)

    /// Its layout margins now: as declared, or UIKit's default.
    public var margins: Insets { layoutMargins ?? ViewDeclaration.defaultMargins }

    /// A stack view's arrangement; nil for other kinds.
    public var stack: StackLayout? = nil
    /// Where each property given in the declaration was written, counted from the declaration's start
    /// (``range``): they move with it, so that a reused line's view is moved without making them again. In the
    /// order they were given, each once: a declaration gives a few, and a list searched in order costs less than
    /// a dictionary made for every view (which was a fifth of parsing a label's line).
    var propertyOffsets: [PropertyOffset] = []
    /// The declaration from its keyword to its name (and text).
    public var range: SourceRange

    public init(kind: ViewKind, name: Identifier, range: SourceRange) {
        self.kind = kind
        self.name = name
        self.range = range
    }

    /// Where `property` was given in the declaration, if it was.
    public func propertyRange(_ property: ViewProperty) -> SourceRange? {
        guard let offsets = propertyOffsets.first(where: { $0.property == property })?.offsets else { return nil }
        return SourceRange(
            start: range.start + offsets.lowerBound, end: range.start + offsets.upperBound, in: range.file)
    }

    /// Records where `property` was given: inside the declaration, after its start.
    mutating func setPropertyRange(_ written: SourceRange, for property: ViewProperty) {
        let entry = PropertyOffset(
            property: property, offsets: (written.start - range.start)..<(written.end - range.start))
        if let index = propertyOffsets.firstIndex(where: { $0.property == property }) {
            propertyOffsets[index] = entry
        } else {
            propertyOffsets.append(entry)
        }
    }
}

/// Where a declaration gave a property: its offsets from the declaration's start.
struct PropertyOffset: Hashable, Sendable {
    let property: ViewProperty
    let offsets: Range<Int>
}
