@testable import LayoutSolver

/// A small constraint system over three integer-bounded variables, and its
/// lexicographic optimum found by brute force.
///
/// Every constraint is a difference constraint (`x[i] − x[j] REL c` or
/// `x[i] REL c`) with integer data, so the constraint matrix with its error
/// columns is totally unimodular: the optimal face's vertices are integral,
/// and enumerating the integer grid finds the optimum exactly and tells
/// whether it is unique (a face of more than one point has two integral
/// vertices). Required bounds `-10 ≤ x ≤ 10` keep every feasible system inside
/// the grid.
struct SmallSystem: CustomStringConvertible {
    /// (i, j or -1, relation 0 == / 1 >= / 2 <=, constant, priority index: 0 required, 1 high, 2 low, 3 fitting)
    typealias Spec = (i: Int, j: Int, relation: Int, constant: Int, level: Int)
    static let bound = 10
    static let priorities: [Strength] = [.required, .high, .low, .fitting]

    var specs: [Spec]

    init(_ raw: [(Int, Int, Int, Int, Int, Int)]) {
        specs = raw.map { (a, b, rel, c, level, _) in (a, a == b ? -1 : b, rel, c, level) }
    }

    init(specs: [Spec]) { self.specs = specs }

    var description: String {
        specs.map { s in
            let lhs = s.j < 0 ? "x\(s.i)" : "x\(s.i) - x\(s.j)"
            let rel = ["==", ">=", "<="][s.relation]
            return "\(lhs) \(rel) \(s.constant) @\(Self.priorities[s.level])"
        }.joined(separator: "; ")
    }

    /// The constraints over the given variables, bounds first.
    func constraints(_ x: [Variable]) -> (bounds: [Constraint], rest: [Constraint]) {
        let bounds = x.flatMap { v -> [Constraint] in
            [Expression(v) >= Expression(Double(-Self.bound)), Expression(v) <= Expression(Double(Self.bound))]
        }
        let rest = specs.map { s -> Constraint in
            var e = Expression(x[s.i]) - Expression(Double(s.constant))
            if s.j >= 0 { e = e - Expression(x[s.j]) }
            let relation: Relation = [.equal, .greaterThanOrEqual, .lessThanOrEqual][s.relation]
            return Constraint(e, relation, strength: Self.priorities[s.level])
        }
        return (bounds, rest)
    }

    /// The violation of spec `s` at point `p`.
    static func violation(_ s: Spec, _ p: [Int]) -> Int {
        let d = p[s.i] - (s.j >= 0 ? p[s.j] : 0) - s.constant
        switch s.relation {
        case 0: return abs(d)
        case 1: return max(0, -d)
        default: return max(0, d)
        }
    }

    enum Optimum: Equatable {
        case infeasible
        case unique([Int])
        case many
    }

    /// The lexicographic optimum over the integer grid.
    func bruteForce() -> Optimum {
        guard let points = optimalPoints() else { return .infeasible }
        return points.count == 1 ? .unique(points[0]) : .many
    }

    /// For each variable, whether it takes more than one value over the
    /// optimal face (which, the face's vertices being integral, shows on the
    /// grid); nil when infeasible.
    func variesOverOptimum() -> [Bool]? {
        guard let points = optimalPoints() else { return nil }
        return (0..<3).map { k in Set(points.map { $0[k] }).count > 1 }
    }

    /// Every optimal point of the integer grid; nil when infeasible.
    func optimalPoints() -> [[Int]]? {
        var best: [Int]? = nil
        var bestPoints: [[Int]] = []
        let r = -Self.bound...Self.bound
        for a in r {
            for b in r {
                for c in r {
                    let p = [a, b, c]
                    var cost = [0, 0, 0]
                    var feasible = true
                    for s in specs {
                        let v = Self.violation(s, p)
                        if s.level == 0 {
                            if v != 0 {
                                feasible = false
                                break
                            }
                        } else {
                            cost[s.level - 1] += v
                        }
                    }
                    guard feasible else { continue }
                    if best == nil || cost.lexicographicallyPrecedes(best!) {
                        best = cost
                        bestPoints = [p]
                    } else if cost == best! {
                        bestPoints.append(p)
                    }
                }
            }
        }
        return best == nil ? nil : bestPoints
    }
}
