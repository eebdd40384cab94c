import SceneService

extension SceneRoot {
    /// The roots of the paths given on the command line: a folder is watched whole; a file through its folder.
    /// Each folder is one root (layout-watch reports a folder under one root only): files of the same folder
    /// share it, and the folder given itself takes them all.
    static func roots(for paths: [String]) -> [SceneRoot] {
        var roots: [SceneRoot] = []
        for path in paths {
            let absolute = FileSystem.absolute(path)
            var root: SceneRoot
            if FileSystem.isFolder(absolute) {
                root = SceneRoot(folder: absolute, files: nil)
            } else if let slash = absolute.lastIndex(of: "/") {
                let folder = absolute[..<slash].isEmpty ? "/" : String(absolute[..<slash])
                root = SceneRoot(folder: folder, files: [String(absolute[absolute.index(after: slash)...])])
            } else {
                root = SceneRoot(folder: ".", files: [absolute])
            }
            if let index = roots.firstIndex(where: { $0.folder == root.folder }) {
                if let files = root.files, let known = roots[index].files {
                    roots[index].files = known.union(files)
                } else {
                    roots[index].files = nil
                }
            } else {
                roots.append(root)
            }
        }
        return roots
    }
}
