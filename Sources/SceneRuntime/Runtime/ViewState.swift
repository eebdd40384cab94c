import PlaygroundProtocol
import SceneLanguage

/// A view's model properties that are not its frame.
struct ViewState {
    var alpha: Double
    var isHidden: Bool
    var color: Color?
    /// `textcolor`: a label's or button's text colour; nil for UIKit's default.
    var textColor: Color?
    var text: String
    var font: Double
    /// `V.transform`: identity until an action sets it.
    var transform = AffineTransform2D.identity

    init(_ declaration: ViewDeclaration) {
        alpha = declaration.alpha
        isHidden = declaration.isHidden
        color = declaration.color
        textColor = declaration.textColor
        text = declaration.text
        font = declaration.font
    }
}
