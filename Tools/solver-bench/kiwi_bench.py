#!/usr/bin/env python3
"""The solver-bench workloads on kiwisolver, the reference Cassowary.

Reads a JSON list of workload specs on stdin (written by solver-bench) and
prints one JSON object per line: the median seconds per operation and the
worst single operation. The constraint systems and the order in which they are
added are exactly those of Tools/solver-bench/Workloads.swift.
"""
import json
import statistics
import sys
import time

import kiwisolver as kiwi

STRONG, MEDIUM, WEAK = kiwi.strength.strong, kiwi.strength.medium, kiwi.strength.weak


class View:
    __slots__ = ("left", "top", "width", "height")

    def __init__(self, i):
        self.left = kiwi.Variable(f"left{i}")
        self.top = kiwi.Variable(f"top{i}")
        self.width = kiwi.Variable(f"width{i}")
        self.height = kiwi.Variable(f"height{i}")


def system(shape, n):
    """The views and, per view, its constraints in the order they are added."""
    views = [View(i) for i in range(n)]
    per_view = []
    for i, v in enumerate(views):
        cs = [v.width >= 10, v.height >= 10]
        r, c = divmod(i, 10)
        if i == 0:
            cs.append(v.left >= 0)
        elif shape == "grid10" and c == 0:
            cs.append(v.left == views[i - 10].left)
        else:
            p = views[i - 1]
            cs.append(v.left == p.left + p.width + 8)
        top = 20 + 52 * r if shape == "grid10" else 20
        cs.append((v.top == top) | STRONG)
        cs.append((v.height == 44) | MEDIUM)
        cs.append((v.width == 100) | WEAK)
        if i == 0:
            cs.append((v.left == 20) | WEAK)
        if shape == "grid10" and c == 9:
            cs.append(v.left + v.width <= 1142)
        if shape == "chain" and i == n - 1:
            cs.append(v.left + v.width <= 108 * n + 62)
        per_view.append(cs)
    return views, per_view


def build(shape, n):
    views, per_view = system(shape, n)
    solver = kiwi.Solver()
    for cs in per_view:
        for c in cs:
            solver.addConstraint(c)
    solver.updateVariables()
    return solver, views, per_view


def read_all(views):
    s = 0.0
    for v in views:
        s += v.left.value() + v.top.value() + v.width.value() + v.height.value()
    return s


def run(spec):
    shape, kind, n = spec["shape"], spec["kind"], spec["n"]
    times = []
    if kind == "build":
        # Timed: adding every constraint and solving. Making the constraint
        # objects and freeing the solver are not (the same on our side).
        # One untimed build first when there are several, as on our side.
        if spec["reps"] > 1:
            build(shape, n)
        for _ in range(spec["reps"]):
            views, per_view = system(shape, n)
            t = time.perf_counter()
            solver = kiwi.Solver()
            for cs in per_view:
                for c in cs:
                    solver.addConstraint(c)
            solver.updateVariables()
            times.append(time.perf_counter() - t)
            del solver
    elif kind == "edit":
        solver, views, _ = build(shape, n)
        solver.addEditVariable(views[0].left, STRONG)
        modulus = spec["modulus"]
        for k in range(spec["cycles"]):
            # Timed: kiwi's C++ work, the suggestion and refreshing every
            # variable. Reading the values back in Python is not timed: it is
            # Python's cost, not kiwi's (our side times its reads).
            t = time.perf_counter()
            solver.suggestValue(views[0].left, 20 + k % modulus)
            solver.updateVariables()
            times.append(time.perf_counter() - t)
            read_all(views)
    elif kind == "batch":
        solver, views, per_view = build(shape, n)
        for _ in range(spec["reps"]):
            chosen = [c for i in spec["views"] for c in per_view[i]]
            t = time.perf_counter()
            for c in chosen:
                solver.removeConstraint(c)
            solver.updateVariables()
            for c in chosen:
                solver.addConstraint(c)
            solver.updateVariables()
            times.append(time.perf_counter() - t)
    elif kind == "single":
        # One repetition per constraint: kiwi takes up to seconds each.
        solver, views, per_view = build(shape, n)
        for i in spec["views"]:
            for c in per_view[i]:
                t = time.perf_counter()
                solver.removeConstraint(c)
                solver.updateVariables()
                solver.addConstraint(c)
                solver.updateVariables()
                times.append(time.perf_counter() - t)
    elif kind == "overhead":
        # Python's share: a call that does almost nothing in C++.
        solver = kiwi.Solver()
        x = kiwi.Variable("x")
        solver.addEditVariable(x, STRONG)
        for k in range(spec["cycles"]):
            t = time.perf_counter()
            solver.suggestValue(x, k)
            times.append(time.perf_counter() - t)
    return {"name": spec["name"], "seconds": statistics.median(times), "max": max(times), "ops": len(times)}


def main():
    specs = json.load(sys.stdin)
    for spec in specs:
        print(json.dumps(run(spec)), flush=True)


if __name__ == "__main__":
    main()
