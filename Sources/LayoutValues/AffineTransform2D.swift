// The C library's trigonometry, imported only here (imports are internal by default).
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A 2-D affine transform in `CGAffineTransform`'s order and convention:
/// a point (x, y) maps to (a·x + c·y + tx, b·x + d·y + ty). A view's
/// transform applies about its centre, as a layer's with the default anchor
/// point, and does not change its layout (`center` and `bounds`).
public struct AffineTransform2D: Hashable, Sendable, CustomStringConvertible {
    public var a: Double
    public var b: Double
    public var c: Double
    public var d: Double
    public var tx: Double
    public var ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    public static let identity = AffineTransform2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// `CGAffineTransform(rotationAngle:)`, in degrees: positive turns clockwise on screen (y down).
    public init(rotationDegrees degrees: Double) {
        let radians = degrees * .pi / 180
        let (sine, cosine) = (sin(radians), cos(radians))
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// `CGAffineTransform(scaleX:y:)`.
    public init(scaleX: Double, y: Double) {
        self.init(a: scaleX, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    /// `CGAffineTransform(translationX:y:)`.
    public init(translationX: Double, y: Double) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: translationX, ty: y)
    }

    public var isIdentity: Bool { self == .identity }

    /// `self.concatenating(other)`: this transform, then `other`, as
    /// `CGAffineTransform.concatenating` composes them.
    public func concatenating(_ other: AffineTransform2D) -> AffineTransform2D {
        AffineTransform2D(
            a: a * other.a + b * other.c, b: a * other.b + b * other.d,
            c: c * other.a + d * other.c, d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx, ty: tx * other.b + ty * other.d + other.ty)
    }

    /// Where a point goes.
    public func apply(to point: Point) -> Point {
        Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }

    /// The six numbers in `CGAffineTransform`'s order: a, b, c, d, tx, ty.
    public var components: [Double] { [a, b, c, d, tx, ty] }

    public var description: String {
        "[" + components.map { format($0) }.joined(separator: ", ") + "]"
    }

    /// The box a rectangle covers once transformed about its centre: what
    /// UIKit's `frame` reports for a transformed view.
    public func boundingBox(of rect: Rect) -> Rect {
        let center = Point(x: rect.midX, y: rect.midY)
        let corners = [
            Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
            Point(x: rect.minX, y: rect.maxY), Point(x: rect.maxX, y: rect.maxY),
        ].map { corner in
            let moved = apply(to: Point(x: corner.x - center.x, y: corner.y - center.y))
            return Point(x: moved.x + center.x, y: moved.y + center.y)
        }
        let xs = corners.map(\.x)
        let ys = corners.map(\.y)
        let minX = xs.min()!
        let minY = ys.min()!
        return Rect(x: minX, y: minY, width: xs.max()! - minX, height: ys.max()! - minY)
    }
}

extension AffineTransform2D {
    /// A transform taken apart as Core Animation takes one apart to
    /// interpolate it: a translation, a rotation, a shear and a scale,
    /// recomposed as translate · rotate · shear · scale (applied to a point
    /// right to left). Each part interpolates on its own, so a rotation stays
    /// a rotation halfway (its matrix would shrink), and the angle is in
    /// −180…180 degrees, so an animation between two transforms turns the
    /// short way round.
    public struct Parts: Hashable, Sendable {
        public var translationX: Double
        public var translationY: Double
        /// Degrees, −180…180.
        public var rotation: Double
        /// The shear factor: x moves by `shear × y` before the rotation.
        public var shear: Double
        public var scaleX: Double
        public var scaleY: Double

        public init(
            translationX: Double = 0, translationY: Double = 0, rotation: Double = 0, shear: Double = 0,
            scaleX: Double = 1, scaleY: Double = 1
        ) {
            self.translationX = translationX
            self.translationY = translationY
            self.rotation = rotation
            self.shear = shear
            self.scaleX = scaleX
            self.scaleY = scaleY
        }

        /// The parts as numbers, in the order of the initialiser's parameters.
        public var values: [Double] { [translationX, translationY, rotation, shear, scaleX, scaleY] }

        /// Parts from six numbers in the order of ``values``.
        public init(values: [Double]) {
            precondition(values.count == 6, "a transform has six parts")
            self.init(
                translationX: values[0], translationY: values[1], rotation: values[2], shear: values[3],
                scaleX: values[4], scaleY: values[5])
        }

        /// The transform these parts make.
        public var transform: AffineTransform2D {
            // scale, then shear x by y, then rotate, then translate.
            let scaled = AffineTransform2D(scaleX: scaleX, y: scaleY)
            let sheared = scaled.concatenating(AffineTransform2D(a: 1, b: 0, c: shear, d: 1, tx: 0, ty: 0))
            return sheared.concatenating(AffineTransform2D(rotationDegrees: rotation))
                .concatenating(AffineTransform2D(translationX: translationX, y: translationY))
        }
    }

    /// The transform taken apart (the 2-D case of the matrix decomposition
    /// that Core Animation and CSS transitions use). A mirror (negative
    /// determinant) is a negative x scale, or y when it is the smaller
    /// diagonal entry's; a degenerate transform (no area) keeps what can be read.
    public var parts: Parts {
        var row0 = (a, b)
        var row1 = (c, d)
        var scaleX = (row0.0 * row0.0 + row0.1 * row0.1).squareRoot()
        var scaleY = (row1.0 * row1.0 + row1.1 * row1.1).squareRoot()
        if a * d - b * c < 0 {
            if a < d { scaleX = -scaleX } else { scaleY = -scaleY }
        }
        guard scaleX != 0 else {
            return Parts(translationX: tx, translationY: ty, scaleX: 0, scaleY: scaleY)
        }
        row0 = (row0.0 / scaleX, row0.1 / scaleX)
        // The shear is what row1 has along row0; remove it to find y's scale.
        var shear = row0.0 * row1.0 + row0.1 * row1.1
        row1 = (row1.0 - shear * row0.0, row1.1 - shear * row0.1)
        let remaining = (row1.0 * row1.0 + row1.1 * row1.1).squareRoot()
        scaleY = scaleY < 0 ? -remaining : remaining
        if scaleY != 0 { shear /= scaleY }
        let rotation = atan2(row0.1, row0.0) * 180 / .pi
        return Parts(
            translationX: tx, translationY: ty, rotation: rotation, shear: shear, scaleX: scaleX, scaleY: scaleY)
    }
}
