// LanguageServer: the handlers of `layout-lsp`, pure: JSON-RPC messages in, messages out, over a store of open
// documents. It parses, checks and solves each document in memory with the language and the runtime (the same
// calls as `layoutctl check` and `solve`), runs its actions dry for the runtime's warnings, and answers
// diagnostics, hover, definitions, references, rename, document symbols and completion from what it found.
//
// No I/O, no clock, no tasks: the executable (Tools/layout-lsp) reads and writes the stream and decides when
// to publish. Positions on the wire are LSP's (lines and UTF-16 code units); the language counts UTF-8 bytes,
// and ``LineIndex`` converts between the two.
