// The values scenes are made of (`Size`, `Color`, `ViewKind`, `Severity`) live in LayoutValues, below both the
// language and the protocol; a user of the language sees them as before.
@_exported public import LayoutValues
