// LayoutSolver: an incremental Cassowary solver (linear equalities and inequalities, strengths, edit variables),
// written for this project and measured against kiwi.
//
// It owns variables, expressions, constraints and the simplex tableau, and explains what it cannot satisfy
// (`Solver+Analysis`). Standard library only: it knows nothing of views, scenes, files or the wire, and must
// import no other module. `public` is its API for anyone laying out with it (the scene runtime is one user);
// the benchmark (`Tools/solver-bench`) and the tests use only that.
