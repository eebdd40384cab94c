#!/usr/bin/env python3
"""Reference values for the Animation module's timing math, at 50 digits.

An implementation independent of Sources/Animation, written from SPEC §2.3:
cubic-bezier curves solved by bisection on the curve parameter, and UIKit's
spring mapping (ω₀ from the settling condition ε = 0.001, solved by mpmath's
root finder, then the damped oscillator's closed form). Every input is the
exact binary value of the Double that the Swift tests pass, so the tables
measure the Swift code's error alone, not the inputs' decimal rounding.

It checks the figures that the issue quotes, then prints Swift source: the
tables of ReferenceTables.swift. Regenerate with

    python3 Tests/AnimationTests/reference_timing.py > Tests/AnimationTests/ReferenceTables.swift

usage: reference_timing.py
"""
import sys

import mpmath
from mpmath import mpf

mpmath.mp.dps = 50

EPSILON = mpf("0.001")

# name, Swift expression, control points (x1, y1, x2, y2)
CURVES = [
    ("easeIn", ".easeIn", (0.42, 0.0, 1.0, 1.0)),
    ("easeOut", ".easeOut", (0.0, 0.0, 0.58, 1.0)),
    ("easeInOut", ".easeInOut", (0.42, 0.0, 0.58, 1.0)),
    ("coreAnimationDefault", ".coreAnimationDefault", (0.25, 0.1, 0.25, 1.0)),
    ("linear", ".linear", (0.0, 0.0, 1.0, 1.0)),
    ("custom", "CubicBezier(0.17, 0.67, 0.83, 0.67)", (0.17, 0.67, 0.83, 0.67)),
    ("overshoot", "CubicBezier(0.68, -0.55, 0.265, 1.55)", (0.68, -0.55, 0.265, 1.55)),
]

# x = 0.01 … 0.99, then points close to the ends, where the solver's slope is flattest.
CURVE_XS = [k / 100 for k in range(1, 100)] + [0.001, 0.005, 0.995, 0.999]

# (ζ, v₀, d): the issue's spring, critically damped ones (with v₀ = 0, positive
# and negative), negative velocities, small ζ, ζ just under 1, short and long durations.
SPRINGS = [
    (0.6, 1.0, 1.0),
    (1.0, 0.0, 1.0),
    (1.0, 2.0, 0.5),
    (1.0, -3.0, 0.8),
    (0.6, 0.0, 1.0),
    (0.5, -2.0, 0.7),
    (0.8, 10.0, 0.4),
    (0.05, 0.0, 1.0),
    (0.05, 5.0, 2.0),
    (0.01, 0.0, 1.0),
    (0.3, -10.0, 0.25),
    (0.999, 0.5, 1.2),
    (0.7, 0.0, 3.0),
]

# Times as fractions of the duration: 1/40 … 40/40 (the last is the end, unsnapped).
SPRING_STEPS = 40

# The figures the issue quotes, to 9 decimals.
ISSUE_CURVES = [("easeInOut", 0.25, "0.129161931"), ("coreAnimationDefault", 0.25, "0.408510591")]
ISSUE_SPRING = ((0.6, 1.0, 1.0), "11.033455344",
                [(0.1, "0.418725202"), (0.2, "0.885229058"), (0.3, "1.079461980"), (0.5, "1.032973935")])


def bezier_coordinate(s, p1, p2):
    """B(s) with end points 0 and 1 and control values p1, p2."""
    return 3 * (1 - s) ** 2 * s * p1 + 3 * (1 - s) * s ** 2 * p2 + s ** 3


def bezier_progress(points, x):
    """y at the parameter where x(s) = x, found by bisection (x(s) is monotonic for x1, x2 in 0…1)."""
    x1, y1, x2, y2 = (mpf(p) for p in points)
    x = mpf(x)
    lo, hi = mpf(0), mpf(1)
    for _ in range(200):  # 2^-200: far below 50 digits
        mid = (lo + hi) / 2
        if bezier_coordinate(mid, x1, x2) < x:
            lo = mid
        else:
            hi = mid
    return bezier_coordinate((lo + hi) / 2, y1, y2)


def natural_frequency(zeta, d):
    """ω₀ whose envelope without the velocity term falls to ε at d (SPEC §2.3)."""
    zeta, d = mpf(zeta), mpf(d)
    if zeta < 1:
        envelope = lambda w: zeta / mpmath.sqrt(1 - zeta ** 2) * mpmath.exp(-zeta * w * d) - EPSILON
        guess = mpmath.log(zeta / mpmath.sqrt(1 - zeta ** 2) / EPSILON) / (zeta * d)
    else:
        envelope = lambda w: mpmath.exp(-w * d) * (1 + w * d) - EPSILON
        guess = 9 / d
    # Solved numerically, not from the closed form the Swift code uses for ζ < 1.
    w = mpmath.findroot(envelope, guess, solver="secant", tol=mpf(10) ** -45)
    assert abs(envelope(w)) < mpf(10) ** -40
    return w


def spring_position(zeta, v0, w0, t):
    """x(t) of a unit-mass oscillator from 0 to 1 with x'(0) = v₀, by its general solution."""
    zeta, v0, t = mpf(zeta), mpf(v0), mpf(t)
    if zeta < 1:
        wd = w0 * mpmath.sqrt(1 - zeta ** 2)
        # x = 1 + e^(−ζω₀t)(A cos ω_d t + B sin ω_d t), x(0) = 0, x'(0) = v₀.
        a = -1
        b = (v0 + zeta * w0 * a) / wd
        return 1 + mpmath.exp(-zeta * w0 * t) * (a * mpmath.cos(wd * t) + b * mpmath.sin(wd * t))
    # x = 1 + e^(−ω₀t)(A + B t), x(0) = 0, x'(0) = v₀.
    a = -1
    b = v0 + w0 * a
    return 1 + mpmath.exp(-w0 * t) * (a + b * t)


def check_ode(zeta, v0, w0, t):
    """The closed form meets x'' + 2ζω₀x' + ω₀²(x − 1) = 0, x(0) = 0, x'(0) = v₀."""
    x = lambda s: spring_position(zeta, v0, w0, s)
    t = mpf(t)
    residual = mpmath.diff(x, t, 2) + 2 * zeta * w0 * mpmath.diff(x, t) + w0 ** 2 * (x(t) - 1)
    assert abs(residual) < mpf(10) ** -25 * max(1, w0 ** 2), residual
    assert abs(x(mpf(0))) < mpf(10) ** -40
    assert abs(mpmath.diff(x, mpf(0)) - v0) < mpf(10) ** -25


def check_issue_figures():
    """Fails loudly if the references do not reproduce the issue's numbers."""
    points = {name: p for name, _, p in CURVES}
    for name, x, figure in ISSUE_CURVES:
        value = bezier_progress(points[name], x)
        assert abs(value - mpf(figure)) < 5e-10, (name, x, value, figure)
    (zeta, v0, d), figure, samples = ISSUE_SPRING
    w0 = natural_frequency(zeta, d)
    assert abs(w0 - mpf(figure)) < 5e-10, (w0, figure)
    for t, figure in samples:
        value = spring_position(zeta, v0, w0, t)
        assert abs(value - mpf(figure)) < 5e-10, (t, value, figure)


def swift(value):
    """The nearest Double, written so that Swift reads back the same Double."""
    return repr(float(value))


def main():
    check_issue_figures()
    out = []
    emit = out.append
    emit("// Generated by Tests/AnimationTests/reference_timing.py (mpmath, 50 digits): do not edit.")
    emit("// Regenerate with")
    emit("//     python3 Tests/AnimationTests/reference_timing.py > Tests/AnimationTests/ReferenceTables.swift")
    emit("")
    emit("import Animation")
    emit("")
    emit("/// A curve and its exact progress at chosen fractions of the duration.")
    emit("struct ReferenceCurve: Sendable, CustomStringConvertible {")
    emit("    let name: String")
    emit("    let curve: CubicBezier")
    emit("    /// (x, progress) pairs.")
    emit("    let samples: [(x: Double, progress: Double)]")
    emit("    var description: String { name }")
    emit("}")
    emit("")
    emit("/// A spring, its exact natural frequency, and its exact unsnapped position at chosen times.")
    emit("struct ReferenceSpring: Sendable, CustomStringConvertible {")
    emit("    let dampingRatio: Double")
    emit("    let initialVelocity: Double")
    emit("    let duration: Double")
    emit("    let naturalFrequency: Double")
    emit("    /// (seconds, position) pairs.")
    emit("    let samples: [(t: Double, value: Double)]")
    emit("    var description: String { \"ζ \\(dampingRatio), v₀ \\(initialVelocity), d \\(duration)\" }")
    emit("}")
    emit("")
    emit("enum ReferenceTables {")
    emit("    static let curves: [ReferenceCurve] = [")
    for name, expression, points in CURVES:
        emit("        ReferenceCurve(")
        emit(f"            name: \"{name}\", curve: {expression},")
        emit("            samples: [")
        for x in CURVE_XS:
            emit(f"                ({swift(x)}, {swift(bezier_progress(points, x))}),")
        emit("            ]),")
    emit("    ]")
    emit("")
    emit("    static let springs: [ReferenceSpring] = [")
    for zeta, v0, d in SPRINGS:
        w0 = natural_frequency(zeta, d)
        emit("        ReferenceSpring(")
        emit(f"            dampingRatio: {swift(zeta)}, initialVelocity: {swift(v0)}, duration: {swift(d)},")
        emit(f"            naturalFrequency: {swift(w0)},")
        emit("            samples: [")
        for k in range(1, SPRING_STEPS + 1):
            t = d * k / SPRING_STEPS
            if k % 7 == 0:
                check_ode(zeta, v0, w0, t)
            emit(f"                ({swift(t)}, {swift(spring_position(zeta, v0, w0, t))}),")
        emit("            ]),")
    emit("    ]")
    emit("}")
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
