#if canImport(Glibc)
    import Glibc
#endif

/// The process's environment variables, for the command-line programs
/// (the socket path, `NO_COLOR`, `COLORTERM`).
package enum ProcessEnvironment {
    package static var all: [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }
}
