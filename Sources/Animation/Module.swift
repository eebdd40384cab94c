// Animation: timing as UIKit computes it — cubic-bezier curves (the named ones and custom), spring damping and
// response in UIKit's two parametrisations, delays, repeats and autoreverse, in closed form.
//
// It owns the mapping from elapsed time to progress and nothing else: standard library and libm only, no views,
// no scenes, no clock of its own (time is passed in). `public` is its API for anyone timing with it; the scene
// runtime is the package's user.
