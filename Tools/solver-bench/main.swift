import LayoutSolver
var s = Solver()
let x = Variable("x")
try s.add(Expression(x) == 3)
print(s.value(of: x))
