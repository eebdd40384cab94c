// PlaygroundTesting: PlaygroundClient's assertions as Swift Testing expectations, recorded as issues at the
// caller's line. It imports the client and LayoutAssertions only. `public` is what a user's tests call.
