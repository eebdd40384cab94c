import LayoutValues
import SceneLanguage
import Synchronization

/// The lines each text view was last drawn with, and what they were drawn from. A running scene's frame asks
/// for every label's lines again at each tick, and wrapping a label's text costs more than the rest of its
/// view's frame together, while the text and the size it is laid out at change far more rarely.
///
/// One memo is shared by the copies of a ``LoadedScene`` (a session's, a registry's, a test's): an entry is
/// used only when everything the lines are made from is what it was made from, so a copy that changed a text or
/// a size draws its lines again, and the copies cannot tell that they share it. A lock keeps it whole when
/// copies on two threads draw at once.
final class DrawnLinesMemo: Sendable {
    /// What a view's lines are made from (``WrappedText/drawnLines(text:font:kind:numberOfLines:size:metrics:)``).
    struct Key: Equatable {
        var text: String
        var font: Double
        var kind: ViewKind
        var numberOfLines: Int
        var size: Size
        var metrics: TextMetrics
    }

    /// By view index.
    private let entries: Mutex<[(key: Key, lines: [String]?)?]>

    init(views: Int) {
        entries = Mutex([(key: Key, lines: [String]?)?](repeating: nil, count: views))
    }

    /// The lines of the view at `index`, drawn from `key`: as last drawn when the key is the same, else drawn.
    func lines(ofView index: Int, _ key: Key) -> [String]? {
        if let entry = entries.withLock({ $0[index] }), entry.key == key { return entry.lines }
        let lines = WrappedText.drawnLines(
            text: key.text, font: key.font, kind: key.kind, numberOfLines: key.numberOfLines, size: key.size,
            metrics: key.metrics)
        entries.withLock { $0[index] = (key, lines) }
        return lines
    }
}
