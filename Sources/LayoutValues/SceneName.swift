/// A scene's name: its file's path relative to the watched folder, without `.layout` (specification §4), so
/// `more/Bankey.layout` is the scene `more/Bankey`. A UIKit Swift file, imported as a scene, keeps its
/// extension: `swift/LoginViewController.swift` is the scene `swift/LoginViewController.swift`, never the same
/// scene as a `.layout` file beside it.
///
/// The one place that says which paths are scene files and what their scenes are called:
///
/// ```swift
/// SceneName(sceneFile: "more/Bankey.layout")   // "more/Bankey"
/// SceneName(sceneFile: "Login.swift")          // "Login.swift": Swift, imported
/// SceneName(sceneFile: ".Quiz.layout.swp")     // nil: an editor's swap file
/// let name: SceneName = "Quiz"                 // a literal, as tests write it
/// name.file                                    // "Quiz.layout"
/// ```
///
/// On the wire a scene name is a JSON string, as it always was: this type is for the code that keeps scenes by
/// name, so that a name is never confused with a file, a path or an action.
public struct SceneName: Hashable, Comparable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The name as clients write it.
    public let rawValue: String

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The scene of a scene file, from its path relative to the watched folder; nil when the path is no scene
    /// file (``isSceneFile(_:)``).
    public init?(sceneFile path: String) {
        guard Self.isSceneFile(path) else { return nil }
        self.init(path.hasSuffix(Self.fileExtension) ? String(path.dropLast(Self.fileExtension.count)) : path)
    }

    /// What a scene file's name ends in.
    public static let fileExtension = ".layout"
    /// What a UIKit Swift file's name ends in: it is imported as a scene, and its scene keeps the extension.
    public static let swiftExtension = ".swift"

    /// Whether the scene is a Swift file's, imported.
    public var isSwift: Bool { rawValue.hasSuffix(Self.swiftExtension) }

    /// Whether a path relative to a watched folder names a scene file: it ends in `.layout` (or `.swift`), and none of its
    /// names is empty or starts with a dot. So the files editors leave beside a scene never count: vim's `4913`
    /// probe, `name.layout~` backup and `.name.layout.swp` swap file, emacs's `.#name.layout` lock link and
    /// `#name.layout#` auto-save, `sed -i`'s `sedXXXXXX`, JetBrains' `name.layout___jb_tmp___`, rsync's
    /// `.name.layout.XXXXXX`; nor does a path with `//` or a leading or trailing `/`, which no watcher reports.
    public static func isSceneFile(_ path: String) -> Bool {
        (path.hasSuffix(fileExtension) || path.hasSuffix(swiftExtension))
            && !path.split(separator: "/", omittingEmptySubsequences: false).contains {
                $0.isEmpty || $0.hasPrefix(".")
            }
    }

    /// The scene's file, relative to the watched folder: the name and `.layout`, or a Swift scene's name.
    public var file: String { isSwift ? rawValue : rawValue + Self.fileExtension }

    /// The scene of a file named on its own (on a command line, or to a test), not found in a watched folder:
    /// the file's name without the folders before it and without `.layout` (`Tests/Card.layout` is `Card`; a Swift
    /// file keeps its extension).
    public init(ofFileAt path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        self.init(name.hasSuffix(Self.fileExtension) ? String(name.dropLast(Self.fileExtension.count)) : name)
    }

    public var description: String { rawValue }

    public static func < (left: SceneName, right: SceneName) -> Bool { left.rawValue < right.rawValue }
}
