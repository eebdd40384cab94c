extension SourceFile {
    /// How many bytes at the start of a file ``looksBinary(_:)`` looks at:
    /// git's `FIRST_FEW_BYTES`.
    public static let binaryCheckLength = 8000

    /// Whether bytes are a binary file rather than text: whether a NUL byte is
    /// among the first ``binaryCheckLength``, the rule git (`buffer_is_binary`)
    /// and grep follow. No text editor writes NUL into a scene, and an
    /// executable or an image has one within its first few bytes, so a tool
    /// can refuse such a file in one line instead of reporting its every
    /// byte. Text that is merely not UTF-8 (Latin-1) is not binary; it gets an
    /// `invalid-utf8` diagnostic.
    public static func looksBinary(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.prefix(binaryCheckLength).contains(0)
    }
}
