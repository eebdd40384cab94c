/// What a view is, as scene files declare it and frames carry it (`"kind"`).
public enum ViewKind: String, Hashable, Sendable, CaseIterable {
    /// A plain view: no intrinsic size unless `size` gives one.
    case view
    /// A label: its text gives its intrinsic size.
    case label
    /// A button: its text plus padding gives its intrinsic size.
    case button
    /// A layout guide: takes part in layout, is never drawn.
    case guide
    /// A stack view (`UIStackView`): lays out its arranged subviews in a row or a column.
    case stack

    /// Whether the view shows text (`label`, `button`).
    public var hasText: Bool { self == .label || self == .button }
}
