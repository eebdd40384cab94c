import LanguageServer

#if canImport(Glibc)
    import Glibc
#endif

/// Where the diagnostics page is, for the links of the codes.
enum DiagnosticsPage {
    /// A `file://` URL of `docs/diagnostics.md` in the repository the executable was built in (it sits in
    /// `.build/debug` or `.build/release`, a few folders below the repository's root), or nil.
    static func located() -> String? {
        guard let executable = realpath("/proc/self/exe", nil) else { return nil }
        defer { free(executable) }
        var folder = String(cString: executable)
        for _ in 0..<6 {
            guard let slash = folder.lastIndex(of: "/") else { return nil }
            folder = String(folder[..<slash])
            let page = folder + "/docs/diagnostics.md"
            if access(page, R_OK) == 0 { return DocumentURI.uri(ofPath: page) }
        }
        return nil
    }
}
