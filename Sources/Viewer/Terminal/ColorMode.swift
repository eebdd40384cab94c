/// How many colours the terminal is asked for.
package enum ColorMode: String, Hashable, Sendable, CaseIterable {
    /// 24-bit colour (`ESC[38;2;R;G;Bm`), where `COLORTERM` says the terminal has it.
    case trueColor = "truecolor"
    /// The xterm 256-colour palette: the 6×6×6 cube and the grey ramp.
    case palette256 = "256"
    /// No colour at all: `NO_COLOR` is set, or `--color never`.
    case none

    /// The mode the environment asks for: none when `NO_COLOR` is set and
    /// not empty (no-color.org), truecolor when `COLORTERM` is `truecolor`
    /// or `24bit`, the 256-colour palette otherwise.
    package static func detect(environment: [String: String]) -> ColorMode {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        switch environment["COLORTERM"]?.lowercased() {
        case "truecolor", "24bit": return .trueColor
        default: return .palette256
        }
    }

    /// The xterm palette entry nearest a colour: the nearer of the colour
    /// cube's entry and the grey ramp's, by squared distance.
    package static func paletteIndex(of color: RGB) -> UInt8 {
        let levels: [Int] = [0, 95, 135, 175, 215, 255]
        func nearestLevel(_ value: UInt8) -> Int {
            let v = Int(value)
            if v < 48 { return 0 }
            if v < 115 { return 1 }
            return min(5, (v - 35) / 40)
        }
        let (r, g, b) = (nearestLevel(color.red), nearestLevel(color.green), nearestLevel(color.blue))
        func distance(_ x: Int, _ y: Int, _ z: Int) -> Int {
            let (dr, dg, db) = (Int(color.red) - x, Int(color.green) - y, Int(color.blue) - z)
            return dr * dr + dg * dg + db * db
        }
        let cube = 16 + 36 * r + 6 * g + b
        let cubeDistance = distance(levels[r], levels[g], levels[b])
        let average = (Int(color.red) + Int(color.green) + Int(color.blue)) / 3
        let greyStep = min(23, max(0, (average - 3) / 10))
        let grey = 8 + 10 * greyStep
        let greyDistance = distance(grey, grey, grey)
        return UInt8(greyDistance < cubeDistance ? 232 + greyStep : cube)
    }
}
