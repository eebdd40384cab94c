// LayoutAssertions: assertions on frames as users write them (`question.centerX == root.centerX ± 0.5`,
// `card offscreen`, `throughout`/`eventually` over time), parsed and evaluated with readable failures — the one
// implementation behind `layoutctl assert` and PlaygroundClient's expectations.
//
// It reads frames only: it imports the protocol and LayoutValues, never the language, the runtime or the
// server, so a client that asserts links no parser but its own. `public` is for a library user who asserts on
// frames.
