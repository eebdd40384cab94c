/// Diagnostics of a running scene kept until they are taken, oldest first,
/// at most ``limit``: a scene that fails every frame cannot grow them, and
/// later ones are dropped, not earlier ones.
///
/// The one bound on a scene's runtime diagnostics, wherever they wait: in
/// the ``LoadedScene`` that reported them, in its ``PlaybackSession``, and
/// in what a daemon keeps of a scene since it loaded (its file's
/// diagnostics first, then the running scene's, in their wire form).
///
/// ```swift
/// var buffer = DiagnosticBuffer(fileDiagnostics)   // kept whole
/// buffer.append(contentsOf: session.takeDiagnostics().map(WireDiagnostic.init))
/// buffer.elements   // the file's, then the first of the running scene's, up to the limit
/// ```
public struct DiagnosticBuffer<Element: Sendable>: Sendable {
    /// How many diagnostics a buffer keeps.
    public static var limit: Int { 200 }

    /// The diagnostics kept, oldest first.
    public private(set) var elements: [Element]

    /// A buffer holding `first` (a scene file's diagnostics), all of them,
    /// even beyond ``limit``; what is appended later is kept while fewer
    /// than ``limit`` are held.
    public init(_ first: [Element] = []) {
        elements = first
    }

    public var isEmpty: Bool { elements.isEmpty }

    /// Whether what is appended now is dropped.
    public var isFull: Bool { elements.count >= Self.limit }

    /// Keeps a diagnostic, unless the buffer is full.
    public mutating func append(_ element: Element) {
        guard !isFull else { return }
        elements.append(element)
    }

    /// Keeps the first of these diagnostics that fit.
    public mutating func append(contentsOf newElements: some Collection<Element>) {
        elements.append(contentsOf: newElements.prefix(max(0, Self.limit - elements.count)))
    }

    /// The diagnostics kept, which the buffer no longer holds.
    public mutating func take() -> [Element] {
        defer { elements = [] }
        return elements
    }
}
