// JSONRPC: JSON-RPC 2.0 as the Language Server Protocol carries it over a byte stream: the `Content-Length` framing
// (``MessageFramer``, ``MessageFramer/frame(_:)``) and the three kinds of message (``Message``: requests,
// notifications, responses with their ``ResponseError``s).
//
// It knows nothing of the language or of LSP's own types: those are the language server's. The JSON values are
// PlaygroundProtocol's (its strict reader, with a bounded depth, and its writer), so there is one JSON reader in
// the package to fuzz and to trust. No I/O: bytes in, messages out, and back.
