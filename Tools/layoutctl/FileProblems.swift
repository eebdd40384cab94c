import SceneLanguage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A path as messages show it, control characters escaped.
func displayed(_ path: String) -> String { escapedForDisplay(path) }

/// The system's reason for an `errno`, as a message goes on:
/// "no such file or directory", "permission denied".
func systemReason(_ code: Int32) -> String {
    let text = String(cString: strerror(code))
    return text.prefix(1).lowercased() + text.dropFirst()
}

/// Reads one scene file for `command`, or says why it cannot: a folder
/// (which only `check` takes), or the system's reason for not opening it.
func readSceneFile(_ path: String, command: String) -> SourceFile? {
    var info = stat()
    if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
        printError("layoutctl: error: '\(displayed(path))' is a folder; \(command) takes one file, check takes folders")
        return nil
    }
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else {
        printError("layoutctl: error: '\(displayed(path))': \(systemReason(errno))")
        return nil
    }
    close(descriptor)
    return readSource(path)
}

/// Writes `text` to the file at `path`, replacing it, or prints why it
/// cannot (no such folder, a folder in the way, permission denied, a full
/// disk) and returns false.
func writeFile(_ text: String, to path: String) -> Bool {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else {
        let code = errno
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        let reason =
            switch code {
            case ENOENT: "there is no folder '\(displayed(folder.isEmpty ? "/" : folder))'"
            case EISDIR: "it is a folder"
            case ENOTDIR: "a part of its path is not a folder"
            default: systemReason(code)
            }
        printError("layoutctl: error: cannot write '\(displayed(path))': \(reason)")
        return false
    }
    defer { close(descriptor) }
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written > 0 else {
            if written < 0 && errno == EINTR { continue }
            printError("layoutctl: error: cannot write '\(displayed(path))': \(systemReason(errno))")
            return false
        }
        bytes = bytes.dropFirst(written)
    }
    return true
}
