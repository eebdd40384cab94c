// libFuzzer entry point for the scene language: any bytes through the source
// file, the lexer and the diagnostic renderer. Built by Tools/fuzz.sh, not by
// SwiftPM; later stages (parser, layout model) join here as they land.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSceneLanguage(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let file = SourceFile(name: "fuzz.layout", bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    let (tokens, diagnostics) = Lexer.tokenize(file)
    precondition(tokens.last?.kind == .endOfFile, "the token stream must end with end of file")
    for diagnostic in diagnostics {
        precondition(diagnostic.range.end <= file.bytes.count, "a diagnostic points past the end of the file")
        _ = diagnostic.rendered(in: file)
    }
    return 0
}
