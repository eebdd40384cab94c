// FileWatching: save detection from `layout-watch`'s lines — parsing each line into a `WatchEvent`, and the
// `SaveDetector`, which turns events into loads and removals (a save by rename, by truncate-and-write, a
// removal held for its grace) on times it is given.
//
// Pure and standard library only: it starts no process, reads no file and has no clock, so traces recorded
// from real editors replay in its tests. The daemon is its user: `package` is its access.
