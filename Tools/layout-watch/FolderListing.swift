#if canImport(Glibc)
    import Glibc
#endif

/// An entry of a folder.
struct FolderEntry {
    var name: [UInt8]
    /// A folder, not a symbolic link to one: links are not followed, so no loop can form.
    var isFolder: Bool
}

enum FolderListing {
    case entries([FolderEntry])
    /// The errno of `opendir`.
    case failed(Int32)
}

/// The entries of the folder at `path`, `.` and `..` left out.
func listFolder(_ path: [UInt8]) -> FolderListing {
    (path + [0]).withUnsafeBufferPointer { bytes in
        bytes.withMemoryRebound(to: CChar.self) { cPath in
            guard let folder = opendir(cPath.baseAddress!) else { return .failed(errno) }
            defer { closedir(folder) }
            var entries: [FolderEntry] = []
            while let entry = readdir(folder) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    Array(raw.prefix(while: { $0 != 0 }))
                }
                if name == [UInt8(ascii: ".")] || name == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
                var isFolder = Int32(entry.pointee.d_type) == DT_DIR
                if Int32(entry.pointee.d_type) == DT_UNKNOWN {
                    // Some file systems do not fill in the type.
                    var info = stat()
                    let found = (name + [0]).withUnsafeBufferPointer { nameBytes in
                        nameBytes.withMemoryRebound(to: CChar.self) {
                            fstatat(dirfd(folder), $0.baseAddress!, &info, AT_SYMLINK_NOFOLLOW) == 0
                        }
                    }
                    isFolder = found && info.st_mode & S_IFMT == S_IFDIR
                }
                entries.append(FolderEntry(name: name, isFolder: isFolder))
            }
            return .entries(entries)
        }
    }
}

/// Whether `path` is a folder, or a symbolic link to one, that has not been deleted (a deleted folder that is still
/// open somewhere, a deleted working folder for `.`, has no links left).
func isFolder(_ path: [UInt8]) -> Bool {
    guard let info = status(of: path) else { return false }
    return info.st_mode & S_IFMT == S_IFDIR && info.st_nlink > 0
}

/// Which file a path names: the same pair is the same file.
struct FileIdentity: Equatable {
    var device: dev_t
    var inode: ino_t

    /// The file that `path` names now (a symbolic link followed), or nil when there is none.
    init?(of path: [UInt8]) {
        guard let info = status(of: path) else { return nil }
        device = info.st_dev
        inode = info.st_ino
    }
}

/// `stat` of `path`, symbolic links followed; nil when it fails.
private func status(of path: [UInt8]) -> stat? {
    var info = stat()
    let found = (path + [0]).withUnsafeBufferPointer { bytes in
        bytes.withMemoryRebound(to: CChar.self) { stat($0.baseAddress!, &info) == 0 }
    }
    return found ? info : nil
}
