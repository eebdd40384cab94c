// The values frames and messages are made of (`Rect`, `Size`, `Color`, `ViewKind`, `Severity`) live in
// LayoutValues, below both the protocol and the language; a client that imports the protocol sees them as before.
@_exported public import LayoutValues
