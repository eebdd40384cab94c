import Foundation
import HostSystem
import SceneLanguage

/// The paths given, with each folder replaced by the scene files under it
/// (`.layout`, and UIKit `.swift` files, imported), sorted; hidden files and folders (editors' lock and backup files) are
/// left out. A folder without any is reported, and nil returned.
func sceneFiles(in paths: [String]) -> [String]? {
    var files: [String] = []
    var complete = true
    for path in paths {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            files.append(path)
            continue
        }
        let found = FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? []
        let scenes = found.filter(SceneName.isSceneFile)
        if scenes.isEmpty {
            printError("layoutctl: error: '\(displayed(path))': no .layout files in this folder")
            complete = false
        }
        let prefix = path.hasSuffix("/") ? path : path + "/"
        files += scenes.sorted().map { prefix + $0 }
    }
    return complete ? files : nil
}

/// A scene's name offline: its file's name without `.layout` (a Swift file's keeps `.swift`).
func sceneName(of path: String) -> String { SceneName(ofFileAt: path).rawValue }

/// Writes to standard output, terminal-safe, with no buffering: a line at a time even into a pipe, so that
/// `watch | head` and a Ctrl-C lose nothing.
func printOutput(_ text: String, terminator: String = "\n") {
    FileHandle.standardOutput.write(Data((escapedForTerminal(text) + terminator).utf8))
}
