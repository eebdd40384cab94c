import Foundation
import SceneLanguage

/// Reads a scene file, or prints why it cannot be read and returns nil.
func readSource(_ path: String) -> SourceFile? {
    guard let data = FileManager.default.contents(atPath: path) else {
        var isDirectory: ObjCBool = false
        let reason =
            FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) ? "cannot read it" : "no such file"
        printError("layoutctl: error: '\(path)': \(reason)")
        return nil
    }
    return SourceFile(name: path, bytes: Array(data))
}

/// The paths given, with each folder replaced by the `.layout` files under it, sorted.
func sceneFiles(in paths: [String]) throws -> [String] {
    var files: [String] = []
    for path in paths {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            files.append(path)
            continue
        }
        let found = FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? []
        let prefix = path.hasSuffix("/") ? path : path + "/"
        files += found.filter { $0.hasSuffix(".layout") }.sorted().map { prefix + $0 }
    }
    return files
}

/// A scene's name offline: its file's name without `.layout`.
func sceneName(of path: String) -> String {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    return name.hasSuffix(".layout") ? String(name.dropLast(".layout".count)) : name
}

func printError(_ text: String, terminator: String = "\n") {
    FileHandle.standardError.write(Data((text + terminator).utf8))
}
