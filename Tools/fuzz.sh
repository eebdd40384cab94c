#!/usr/bin/env bash
# Longer fuzzing runs than the test suite's: libFuzzer with AddressSanitizer on
# the whole scene pipeline (lexer, parser, checker, layout model and solver,
# frame JSON, diagnostic rendering, and running valid scenes); the invariants are in
# Tools/fuzz/FuzzSceneLanguage.swift. Prints libFuzzer's summary, including how
# many inputs it tried and the coverage it reached.
#
#   Tools/fuzz.sh [SECONDS]   (default 60)
#
# Crashing, timed-out and leaking inputs are written to .build-fuzz/crash-*,
# timeout-*, leak-*; the corpus grows in .build-fuzz/corpus, seeded with
# Playgrounds/*.layout and the scene texts of the tests. Exits with libFuzzer's
# status: 0 when nothing was found.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
out=.build-fuzz
mkdir -p "$out/corpus" "$out/modules"

# SwiftPM cannot build with -sanitize=fuzzer, so each module is compiled by
# swiftc, in dependency order, into one object file and a .swiftmodule in
# $out/modules that the next modules import. Every module gets the fuzzer's
# coverage instrumentation and AddressSanitizer; -assert-config Debug keeps
# assert() and assertionFailure() in the optimised code, so the fuzzer traps
# wherever a debug build would. The settings are Package.swift's.
flags=(
    -O -assert-config Debug -sanitize=fuzzer,address -parse-as-library -package-name LayoutPlayground
    -swift-version 6 -enable-upcoming-feature InternalImportsByDefault
    -enable-upcoming-feature MemberImportVisibility -I "$out/modules"
)
build_module() {  # NAME: Sources/NAME/**/*.swift to $out/NAME.o and $out/modules/NAME.swiftmodule
    find "Sources/$1" -name '*.swift' | sort | xargs swiftc "${flags[@]}" -module-name "$1" -wmo \
        -emit-module -emit-module-path "$out/modules/$1.swiftmodule" -c -o "$out/$1.o"
}
build_module LayoutSolver
build_module PlaygroundProtocol
build_module SceneLanguage  # imports PlaygroundProtocol
build_module Animation
build_module SceneRuntime  # imports the four above
# The entry point, linked with the modules and libFuzzer's main. The linker's
# "Cannot export local symbol" notes about the sanitizers are harmless.
swiftc "${flags[@]}" -module-name FuzzSceneLanguage Tools/fuzz/FuzzSceneLanguage.swift \
    "$out/LayoutSolver.o" "$out/SceneLanguage.o" "$out/PlaygroundProtocol.o" "$out/Animation.o" "$out/SceneRuntime.o" \
    -o "$out/fuzz-scene-language" 2> >(grep -v "Cannot export local symbol" >&2)

# Seed the corpus: the playgrounds, and every multi-line string literal of the
# tests (the scene texts they embed), one file each, named by checksum.
seed() { printf '%s' "$1" > "$out/corpus/seed-$(printf '%s' "$1" | cksum | cut -d' ' -f1)"; }
for file in Playgrounds/*.layout; do
    [ -e "$file" ] && seed "$(cat "$file")"
done
while IFS= read -r -d '' text; do
    seed "$text"
done < <(find Tests -name '*.swift' -print0 | xargs -0 awk '
    /"""$/ && !inside { inside = 1; text = ""; next }
    inside && /^[ \t]*"""/ { inside = 0; printf "%s%c", text, 0; next }
    inside { sub(/^[ \t]+/, ""); text = text $0 "\n" }')

# A dictionary of the language's words, so that mutations insert whole keywords.
words="canvas safearea reload none view label button guide constraints inactive action on load animator animate
delay curve spring damping velocity repeat forever autoreverse completion layout activate deactivate start after
pause reverse stop finish at end current swap run system root safeArea margins required high low fitting color
alpha font size hugging compression hidden frame text constant fraction true false easeInOut easeIn easeOut linear
bezier left right top bottom leading trailing width height centerX centerY firstBaseline lastBaseline minX midX
maxX minY midY maxY == >= <= += -= #3366ff"
for word in $words; do printf '"%s"\n' "$word"; done > "$out/scene.dict"

# -timeout: an input that takes 10 s counts as a hang; -max_len: scenes longer
# than libFuzzer's default of 4 KB.
set +e
"$out/fuzz-scene-language" -max_total_time="$seconds" -timeout=10 -max_len=16384 -dict="$out/scene.dict" \
    -artifact_prefix="$out/" -print_final_stats=1 "$out/corpus" > "$out/fuzz.log" 2>&1
status=$?
set -e
grep -E "DONE|Done [0-9]+ runs|stat::number_of_executed_units|stat::new_units_added|ERROR|Fatal error|SUMMARY|Test unit written" \
    "$out/fuzz.log" || true
exit $status
