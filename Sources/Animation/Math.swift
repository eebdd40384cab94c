// The C library's math functions: the standard library has none, and the
// platform's libm is linked into every Swift program. Imported here only
// (imports are internal by default) and wrapped, so that the module's other
// files use them without importing libc, and clients do not get it.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// e to the power `x`, from the C library.
@inline(__always) func exp(_ x: Double) -> Double {
    #if canImport(Glibc)
        Glibc.exp(x)
    #elseif canImport(Musl)
        Musl.exp(x)
    #else
        Darwin.exp(x)
    #endif
}

/// The natural logarithm of `x`, from the C library.
@inline(__always) func log(_ x: Double) -> Double {
    #if canImport(Glibc)
        Glibc.log(x)
    #elseif canImport(Musl)
        Musl.log(x)
    #else
        Darwin.log(x)
    #endif
}

/// The sine of `x` radians, from the C library.
@inline(__always) func sin(_ x: Double) -> Double {
    #if canImport(Glibc)
        Glibc.sin(x)
    #elseif canImport(Musl)
        Musl.sin(x)
    #else
        Darwin.sin(x)
    #endif
}

/// The cosine of `x` radians, from the C library.
@inline(__always) func cos(_ x: Double) -> Double {
    #if canImport(Glibc)
        Glibc.cos(x)
    #elseif canImport(Musl)
        Musl.cos(x)
    #else
        Darwin.cos(x)
    #endif
}

/// The longest duration or delay, in seconds (about 32 years): longer ones are
/// clamped to it, so that run lengths, end times and natural frequencies stay
/// finite.
let longestTime = 1e9
