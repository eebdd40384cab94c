// The C library's math functions (exp, log, sin, cos): the standard library
// has none, and the platform's libm is linked into every Swift program.
#if canImport(Glibc)
    @_exported import Glibc
#elseif canImport(Musl)
    @_exported import Musl
#elseif canImport(Darwin)
    @_exported import Darwin
#endif

/// The longest duration or delay, in seconds (about 32 years): longer ones are
/// clamped to it, so that run lengths, end times and natural frequencies stay
/// finite.
let longestTime = 1e9
