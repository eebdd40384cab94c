public import LayoutValues

/// UIKit's colour names, for `color NAME` in scene files.
extension Color {
    /// The colour of a name, as UIKit's `UIColor` class properties give it
    /// (`blue` is `UIColor.blue`, `systemBlue` the light-mode system colour).
    public init?(named name: String) {
        if name == "clear" {
            self = .clear
            return
        }
        guard let rgb = Color.table[name] else { return nil }
        self.init(rgb: rgb)
    }

    /// Every name ``init(named:)`` knows, for "did you mean".
    public static var allNames: [String] { ["clear"] + names.keys.sorted() }

    /// ``names`` as the parser looks them up, once for each `color`.
    private static let table = KeywordTable(names.map { ($0.key, $0.value) })

    private static let names: [String: UInt32] = [
        "black": 0x000000, "white": 0xFFFFFF, "gray": 0x808080, "lightGray": 0xAAAAAA, "darkGray": 0x555555,
        "red": 0xFF0000, "green": 0x00FF00, "blue": 0x0000FF, "cyan": 0x00FFFF, "yellow": 0xFFFF00,
        "magenta": 0xFF00FF, "orange": 0xFF8000, "purple": 0x800080, "brown": 0x996633,
        "systemRed": 0xFF3B30, "systemOrange": 0xFF9500, "systemYellow": 0xFFCC00, "systemGreen": 0x34C759,
        "systemMint": 0x00C7BE, "systemTeal": 0x30B0C7, "systemCyan": 0x32ADE6, "systemBlue": 0x007AFF,
        "systemIndigo": 0x5856D6, "systemPurple": 0xAF52DE, "systemPink": 0xFF2D55, "systemBrown": 0xA2845E,
        "systemGray": 0x8E8E93, "systemBackground": 0xFFFFFF, "label": 0x000000,
    ]
}
