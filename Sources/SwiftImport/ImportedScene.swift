/// What the importer learns of one class before it writes the scene: views, values, constraints and actions.

/// A view the class keeps in a stored property.
struct ImportedView {
    enum Kind: String {
        case view, label, button, stack, guide
    }

    /// The scene name: the property's name.
    var name: String
    var kind: Kind
    /// Where the property is declared, in UTF-8 bytes of the Swift file.
    var origin: Int
    var text: String?
    var font: Double?
    var alpha: Double?
    var color: String?
    /// `textColor`, a button's `setTitleColor(_:for: .normal)`.
    var textColor: String?
    var hidden = false
    var lines: Int?
    var transform: String?
    /// `directionalLayoutMargins`, top, leading, bottom, trailing.
    var margins: [Double]?
    /// Content hugging and compression resistance, horizontal and vertical, when set.
    var hugging: [Double?] = [nil, nil]
    var compression: [Double?] = [nil, nil]
    /// `size W x H`: the intrinsic content size a class of the file gives it.
    var size: (width: Double, height: Double)?
    /// `frame = CGRect(x:y:width:height:)`: x, y, width, height in its parent's coordinates.
    var frame: [Double]?
    /// Where the frame was set, for the warning when the view is laid out by constraints.
    var frameOrigin: Int?
    /// `translatesAutoresizingMaskIntoConstraints` as set; UIKit's default for a view made in code is true.
    var autoresizing = true
    /// Where `translatesAutoresizingMaskIntoConstraints = true` was set, for the warning when no frame is.
    var autoresizingOrigin: Int?
    /// `horizontal` or `vertical`, and the stack's other settings, as the language writes them.
    var axis = "horizontal"
    var spacing: Double?
    var distribution: String?
    var alignment: String?
    /// The view it was added to (`root` for the root view), once `addSubview` or `addArrangedSubview` ran.
    var parent: String?
    /// Its subviews in the order they were added.
    var children: [String] = []
    /// Whether it was added with `addArrangedSubview` or listed in `UIStackView(arrangedSubviews:)`.
    var arranged = false
}

/// A constraint made in the class's setup, with the place it was made.
struct ImportedConstraint {
    /// The constraint in the language without its name and constant: `title.leading == root.leading`; for a
    /// constant alone, `title.width ==`.
    var text: String
    var constant: Double
    /// The stored property that keeps it: its name in the scene.
    var name: String?
    /// The `[NSLayoutConstraint]` property whose array holds it: its group in the scene.
    var group: String?
    var priority: String?
    /// The order of activation, or nil while it is inactive.
    var activation: Int?
    var origin: Int
    /// The views it relates, which must be in the scene for it to be written.
    var items: [String]
    /// Dropped by the setup (SnapKit's `remakeConstraints` or `removeConstraints`): not written.
    var dropped = false

    /// The whole constraint: `title.leading == root.leading - 1000`, `title.width == 100`.
    var written: String {
        if text.hasSuffix("==") || text.hasSuffix(">=") || text.hasSuffix("<=") {
            return text + " " + Importer.signed(constant, first: true)
        }
        return constant == 0 ? text : text + " " + Importer.signed(constant, first: false)
    }
}

/// A method of the class that becomes an action, or `on load`.
struct ImportedAction {
    var name: String
    var origin: Int
    var body: [SceneStatement]
}

/// A statement of an action as the language writes it, with the Swift place it came from.
indirect enum SceneStatement {
    /// One line: `title.alpha = 1`.
    case line(String, origin: Int)
    /// A block: `animate 0.3 {`, its statements, and its trailing blocks (`} completion {`).
    case block(
        header: String, origin: Int, body: [SceneStatement], trailers: [(header: String, body: [SceneStatement])])
    /// An animator made here, written once its `addAnimations` and `addCompletion` are known.
    case animator(index: Int)
    /// SnapKit's `remakeConstraints` (or `removeConstraints`, without a group) of a view in an action: its other
    /// SnapKit groups deactivated, then its new group activated, written once every group of the view is known.
    case snapSwitch(view: String, group: String?, origin: Int)
}

/// An animator made in an action: its header, its animations and its completions, gathered from the calls on it
/// until the action ends.
struct AnimatorDraft {
    var name: String
    var header: String
    var origin: Int
    var body: [SceneStatement]
    var completions: [(header: String, body: [SceneStatement])] = []
    /// For `runningPropertyAnimator`: started where it is made, after this (` after 0.2`, or nothing).
    var startAfter: String?
}
