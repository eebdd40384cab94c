// SwiftExport: a checked scene as a UIViewController subclass in plain UIKit, as Swift source text — what
// `layoutctl export --swift` writes.
//
// Scene in, text out: it imports the language only, and no runtime, protocol or I/O. Its one `public` type,
// `SwiftExporter`, is for a library user (and `layoutctl`); the rest is internal.
