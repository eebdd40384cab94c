// The C library's math functions (exp, log, sin, cos): the standard library
// has none, and the platform's libm is linked into every Swift program.
#if canImport(Glibc)
    @_exported import Glibc
#elseif canImport(Musl)
    @_exported import Musl
#elseif canImport(Darwin)
    @_exported import Darwin
#endif
