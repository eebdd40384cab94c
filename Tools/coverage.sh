#!/usr/bin/env bash
# Line coverage per module of Sources/, from the whole test suite:
#
#   Tools/coverage.sh                 # swift test --enable-code-coverage, then the table
#   Tools/coverage.sh --no-test       # the table from the last covered run
#
# Prints, for each module, the lines that ran and the lines there are, and the
# files below 80 %. The figures are the toolchain's llvm-cov's (not a system one: the profile format differs), read from the
# test bundle and the profile that `swift test` leaves in .build.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" != "--no-test" ]; then
    swift test --enable-code-coverage > .build/coverage-test.log 2>&1 || {
        tail -30 .build/coverage-test.log
        echo "coverage.sh: the tests failed; see .build/coverage-test.log" >&2
        exit 1
    }
fi
profile=$(swift test --show-codecov-path | sed 's/[^/]*\.json$/default.profdata/')
bundle=$(find .build/debug/ -maxdepth 1 -name '*PackageTests.xctest' | head -1)
"$(dirname "$(readlink -f "$(command -v swift)")")/llvm-cov" export -summary-only -instr-profile "$profile" "$bundle" \
    -ignore-filename-regex='(\.build|Tests|Tools)/' > .build/coverage.json
python3 - <<'PY'
import json, os, collections
data = json.load(open(".build/coverage.json"))
modules = collections.defaultdict(lambda: [0, 0])
low = []
root = os.getcwd() + "/"
for entry in data["data"][0]["files"]:
    name = entry["filename"].replace(root, "")
    if not name.startswith("Sources/"):
        continue
    lines = entry["summary"]["lines"]
    module = name.split("/")[1]
    modules[module][0] += lines["covered"]
    modules[module][1] += lines["count"]
    if lines["count"] and lines["covered"] / lines["count"] < 0.8:
        low.append((lines["covered"] / lines["count"], name, lines["covered"], lines["count"]))
covered = sum(c for c, _ in modules.values())
total = sum(t for _, t in modules.values())
print(f"{'module':<22}{'lines run':>10}{'lines':>8}{'coverage':>10}")
for module, (c, t) in sorted(modules.items()):
    print(f"{module:<22}{c:>10}{t:>8}{100 * c / t:>9.1f}%")
print(f"{'all':<22}{covered:>10}{total:>8}{100 * covered / total:>9.1f}%")
if low:
    print("\nfiles under 80 %:")
    for fraction, name, c, t in sorted(low):
        print(f"  {100 * fraction:5.1f}%  {name} ({c} of {t})")
PY
