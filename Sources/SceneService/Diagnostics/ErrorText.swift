package import PlaygroundProtocol

/// A name as messages quote it: control characters escaped, at most 60 characters.
package func shown(_ name: String) -> String {
    let cut = name.count > 60 ? name.prefix(60) + "…" : Substring(name)
    return cut.unicodeScalars.map { $0.properties.generalCategory == .control ? $0.escaped(asASCII: true) : String($0) }
        .joined()
}

/// A scene's name as messages quote it.
package func shown(_ name: SceneName) -> String {
    shown(name.rawValue)
}
