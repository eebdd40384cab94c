/// The presentation (or the model) of one scene at one scene time: what a
/// `frame` event and the `frame` command carry, and what `layoutctl solve`
/// prints.
///
/// ```json
/// {"event":"frame","scene":"Quiz","generation":2,"seq":57,"time":0.95,"settled":false,
///  "canvas":{"width":375,"height":667},
///  "views":[{"name":"question","kind":"label","parent":"root",
///            "x":-187.5,"y":120,"width":126,"height":20.4,"alpha":0.1,"text":"What is 7+7?"}]}
/// ```
public struct Frame: Hashable, Sendable {
    /// The scene's name: its file's path relative to the watched folder, without `.layout`.
    public var scene: String
    /// How many times the scene has loaded successfully.
    public var generation: Int
    /// The frame's number within the stream.
    public var seq: Int
    /// Seconds since the scene (re)loaded.
    public var time: Double
    /// Whether no animation is running.
    public var settled: Bool
    /// The root view's size.
    public var canvas: Size
    /// Views in declaration order, subviews after their parent; guides too. In a delta frame, only those that
    /// changed since its base.
    public var views: [ViewFrame]
    /// Nil for a whole frame. For a frame sent to a client that subscribed with `"delta": true`: the frame it
    /// changes, and the views gone since; ``applying(_:)`` rebuilds the whole frame.
    public var delta: FrameDelta?

    public init(
        scene: String, generation: Int, seq: Int, time: Double, settled: Bool, canvas: Size, views: [ViewFrame],
        delta: FrameDelta? = nil
    ) {
        self.scene = scene
        self.generation = generation
        self.seq = seq
        self.time = time
        self.settled = settled
        self.canvas = canvas
        self.views = views
        self.delta = delta
    }

    /// The view or guide with this name, if the frame has one.
    public func view(named name: String) -> ViewFrame? {
        views.first { $0.name == name }
    }
}

/// One view or guide in a ``Frame``, in the root view's coordinates.
public struct ViewFrame: Hashable, Sendable {
    public var name: String
    public var kind: ViewKind
    /// The parent's name; `root` for the root's subviews.
    public var parent: String
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public var alpha: Double
    /// A label's or button's text.
    public var text: String?
    /// A label's or button's font size.
    public var font: Double?
    /// Its background colour, when it has one (`#rrggbb` or `clear` in JSON).
    public var color: Color?
    /// A label's text colour or a button's title colour, when one is set (`textcolor`); nil for UIKit's
    /// default.
    public var textColor: Color?
    public var hidden: Bool
    /// A multi-line label's or button's text as it is drawn, one entry per
    /// line, the last ending in "…" when the text did not fit; also a
    /// one-line label's whose text was cut. Nil when the text is drawn as
    /// it is, on one line.
    public var lines: [String]?
    /// Its transform about its centre, when not the identity. The frame
    /// (`x` … `height`) is the view's layout, untransformed, as UIKit keeps
    /// `center` and `bounds`; where it shows is ``shownFrame``.
    public var transform: AffineTransform2D?

    /// Inlinable: a frame makes one for each of its views, and a call across the module made each in a
    /// temporary, copied into the frame's array (every string retained) and then destroyed.
    @inlinable
    public init(
        name: String, kind: ViewKind, parent: String, x: Double, y: Double, width: Double, height: Double,
        alpha: Double = 1, text: String? = nil, font: Double? = nil, color: Color? = nil, hidden: Bool = false,
        lines: [String]? = nil, transform: AffineTransform2D? = nil, textColor: Color? = nil
    ) {
        self.name = name
        self.kind = kind
        self.parent = parent
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.alpha = alpha
        self.text = text
        self.font = font
        self.color = color
        self.hidden = hidden
        self.lines = lines
        self.transform = transform
        self.textColor = textColor
    }

    /// Its frame in the root view's coordinates.
    public var frame: Rect { Rect(x: x, y: y, width: width, height: height) }

    /// The box it covers on screen: its frame, or with a transform the
    /// transformed frame's bounding box (what UIKit's `frame` reports then).
    public var shownFrame: Rect { transform.map { $0.boundingBox(of: frame) } ?? frame }
}
