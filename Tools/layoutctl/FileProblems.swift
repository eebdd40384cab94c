import HostSystem
import SceneLanguage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A path as messages show it, control characters escaped.
func displayed(_ path: String) -> String { escapedForDisplay(path) }

/// Reads one scene file for `command`, or says why it cannot: a folder
/// (which only `check` takes), the system's reason when the path leads to no
/// file, or the diagnostic the daemon gives such a scene (`not-a-file` for a
/// FIFO or a device, which is never opened in a way that could block;
/// `too-large`; `unreadable`). A binary file (``SourceFile/looksBinary(_:)``)
/// is refused in one line instead of being reported byte by byte.
func readSceneFile(_ path: String, command: String) -> SourceFile? {
    let bytes: [UInt8]
    do {
        bytes = try FileReader.read(path)
    } catch .notAFile(.folder) {
        printError("layoutctl: error: '\(displayed(path))' is a folder; \(command) takes one file, check takes folders")
        return nil
    } catch .missing(let reason) {
        printError("layoutctl: error: '\(displayed(path))': \(reason)")
        return nil
    } catch {
        let code = DiagnosticCode(rawValue: error.code) ?? .unreadable
        printError(Diagnostic.file(path, code: code, reason: "\(error)").rendered, terminator: "")
        return nil
    }
    guard !SourceFile.looksBinary(bytes) else {
        printError(
            "layoutctl: error: '\(displayed(path))' is not a text file (it holds NUL bytes); scene files are UTF-8 text"
        )
        return nil
    }
    return SourceFile(name: path, bytes: bytes)
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
