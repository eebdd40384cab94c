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
