#!/usr/bin/env bash
# Longer fuzzing runs than the test suite's: libFuzzer with AddressSanitizer on
# five targets, each for SECONDS (default 60):
#
#   scene     the whole scene pipeline (lexer, parser, checker, layout model and
#             solver, frame JSON, diagnostic rendering, running valid scenes, a
#             parse reusing the last one's lines against a parse from nothing):
#             Tools/fuzz/scene/FuzzSceneLanguage.swift
#   protocol  lines of requests, decoded as layoutd decodes them and answered by
#             its scene service's registry with the playgrounds loaded:
#             Tools/fuzz/protocol/FuzzProtocol.swift
#   exec      the action interpreter driven by `exec` sources in a playground:
#             Tools/fuzz/exec/FuzzExec.swift
#   lsp       bytes as layout-lsp reads them: the JSON-RPC framer, the messages, and the language server's
#             handlers with a playground open: Tools/fuzz/lsp/FuzzLanguageServer.swift
#   import    a UIKit Swift file imported as a scene (`layoutctl import`, a daemon
#             serving .swift files): Tools/fuzz/import/FuzzImport.swift; the
#             package's modules instrumented, swift-syntax's linked as the
#             package's release build made them (`swift build -c release
#             --product layoutctl` first; else the debug build's)
#
#   Tools/fuzz.sh [SECONDS] [TARGET…]   (default: 60, every target)
#   FUZZ_FAST=1 Tools/fuzz.sh …         (no AddressSanitizer, into .build-fuzz-fast: about three times as many
#                                        inputs a second, for long runs)
#   FUZZ_EVERY_CHECK=1 Tools/fuzz.sh …  (every check on every input: each target runs its expensive checks
#                                        on a sample of the inputs, the first 64 then every 16th)
#   FUZZ_RUNS=N Tools/fuzz.sh 0 …       (N inputs per target, however long they take, instead of SECONDS:
#                                        `FUZZ_FAST=1 FUZZ_JOBS=2 FUZZ_RUNS=10000000 Tools/fuzz.sh 0 protocol`
#                                        for a run by the ten million on two cores)
#   FUZZ_JOBS=N Tools/fuzz.sh …         (N processes for each target, sharing its corpus as they go, and
#                                        FUZZ_RUNS / N inputs each, their replay of the corpus included:
#                                        `FUZZ_JOBS=2` fuzzes on both cores of a 2-core machine; each
#                                        process's rate is printed, and their sum)
#   FUZZ_MINIMISE=1 Tools/fuzz.sh 0 [TARGET…]
#                                       (no fuzzing: replaces Tools/fuzz/corpus/TARGET by the smallest set of
#                                        its inputs and the grown corpus's that reaches the same coverage)
#
# For each it prints libFuzzer's summary: the inputs it tried, the corpus and
# the coverage it reached; and the inputs a second once libFuzzer has run the
# whole corpus, the rate a long run keeps. The modules that only compare values
# computed far from the input are built without libFuzzer's comparison hooks
# (`untraced`, below): their edges still count. Crashing, timed-out and leaking inputs are written
# to .build-fuzz/TARGET/crash-*, timeout-*, leak-*; each corpus grows in
# .build-fuzz/TARGET/corpus, seeded from the minimised corpus kept in the
# repository (Tools/fuzz/corpus/TARGET), the inputs that once broke a build
# (Tools/fuzz/regressions/TARGET, which tests read too and a minimisation
# keeps out of the corpus), the playgrounds, the tests and the protocol page.
# Exits with 1 if any target found something. Inputs found and not fixed yet
# are kept in Tools/fuzz/open/TARGET, which nothing reads: reproduce one with
# `.build-fuzz-fast/fuzz-TARGET -runs=1 FILE`, and move it to the regressions
# with a test once it is fixed.
#
# Re-minimising the repository's corpus after long runs: `FUZZ_FAST=1 FUZZ_MINIMISE=1 Tools/fuzz.sh 0`
# (libFuzzer's -set_cover_merge=1 of Tools/fuzz/corpus/TARGET and .build-fuzz-fast/TARGET/corpus into a folder
# of the seeds alone: what replaces Tools/fuzz/corpus/TARGET is the fewest inputs that reach the coverage the
# seeds do not); commit what changed. Keep it to about ten MB (after this round: 10 MB in all).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(scene protocol exec import lsp)
jobs=${FUZZ_JOBS:-1}
if ! [[ $jobs =~ ^[1-9][0-9]*$ ]]; then echo "fuzz.sh: FUZZ_JOBS must be a whole number from 1, not '$jobs'" >&2; exit 2; fi
# FUZZ_FAST=1: without AddressSanitizer, into .build-fuzz-fast, for long runs by the million (the preconditions
# still trap; what ASan adds is the check of unsafe pointer code, which the default runs keep).
if [ -n "${FUZZ_FAST:-}" ]; then
    out=.build-fuzz-fast
    sanitizers=fuzzer
    support_sanitizers=()
else
    out=.build-fuzz
    sanitizers=fuzzer,address
    support_sanitizers=(-sanitize=address)
fi
mkdir -p "$out/modules"

common_flags=(
    -O -assert-config Debug -parse-as-library -package-name LayoutPlayground
    -swift-version 6 -enable-upcoming-feature InternalImportsByDefault
    -enable-upcoming-feature MemberImportVisibility -I "$out/modules"
)
flags=("${common_flags[@]}" -sanitize=$sanitizers)
build_module() {  # NAME [untraced | FILE…]: Sources/NAME/**/*.swift to $out/NAME.o and $out/modules/NAME.swiftmodule
    # Skipped when the object is newer than every source of the package and this script (a module's
    # interface can change with the modules it imports, so any change under Sources/ rebuilds them all).
    if [ -e "$out/$1.o" ] && [ -z "$(find Sources Tools/fuzz.sh -newer "$out/$1.o" -print -quit)" ]; then return; fi
    local name=$1
    shift
    if [ $# -eq 0 ] || [ "$1" = untraced ]; then
        find "Sources/$name" -name '*.swift' | sort | xargs swiftc "${flags[@]}" -module-name "$name" -wmo \
            -emit-module -emit-module-path "$out/modules/$name.swiftmodule" -c -o "$out/$name.o"
        if [ "${1:-}" = untraced ]; then untrace_comparisons "$out/$name.o"; fi
        return
    fi
    # FILEs (paths under Sources/NAME) untraced, the rest not: the module optimised whole as before, but with an
    # object for each source file (-num-threads and an output file map), the FILEs' untraced, then joined.
    local parts="$out/$name.parts" sources=() source map="" object
    rm -rf "$parts"
    mkdir -p "$parts"
    mapfile -t sources < <(find "Sources/$name" -name '*.swift' | sort)
    for source in "${sources[@]}"; do
        object="$parts/$(printf '%s' "${source#Sources/"$name"/}" | tr '/+' '__').o"
        map+="${map:+,}\"$PWD/$source\": {\"object\": \"$object\"}"
    done
    printf '{%s}' "$map" > "$parts/map.json"
    swiftc "${flags[@]}" -module-name "$name" -wmo -num-threads 2 -emit-module \
        -emit-module-path "$out/modules/$name.swiftmodule" -c -output-file-map "$parts/map.json" \
        "${sources[@]/#/$PWD/}"
    local untraced=() part
    for source in "$@"; do
        [ -e "Sources/$name/$source" ] || { echo "fuzz.sh: no Sources/$name/$source" >&2; exit 2; }
        untraced+=("$parts/$(printf '%s' "$source" | tr '/+' '__').o")
        untrace_comparisons "${untraced[-1]}"
    done
    # The untraced objects first: the standard library's code specialised for the module (appending bytes to an
    # array, say) is emitted, weak, into whichever objects the compiler chose, and the linker keeps the first
    # copy it reads. Read first, the untraced files' copies are the ones every caller in the module runs.
    local traced=()
    for part in "$parts"/*.o; do
        [[ " ${untraced[*]} " == *" $part "* ]] || traced+=("$part")
    done
    ld -r -o "$out/$name.o" "${untraced[@]}" "${traced[@]}"
}
# The fuzzer's comparison hooks (`-sanitize=fuzzer` puts one before every comparison, with no way to leave them
# out) record both operands, so that libFuzzer can put the values the code compares with into its inputs: worth
# it where the code compares the input's bytes, words and numbers (the lexer, the parser, the protocol's
# decoder), and nothing but cost where it compares values computed far from them. The solver's hooks alone
# were 29 % of the scene target's time (perf, on the corpus), the whole of them half. In the modules given
# `untraced`, the hooks call functions that do nothing (FuzzSupport's `fuzz_untraced_*`); their edges are still
# counted, so an input that reaches new code there is still kept.
untrace_comparisons() {  # OBJECT
    local renames=() hook
    for hook in cmp1 cmp2 cmp4 cmp8 const_cmp1 const_cmp2 const_cmp4 const_cmp8 switch div4 div8 gep; do
        renames+=(--redefine-sym "__sanitizer_cov_trace_$hook=fuzz_untraced_$hook")
    done
    objcopy "${renames[@]}" "$1"
}
build_module LayoutValues untraced  # names, numbers, geometry: compared with the input only through the parser
build_module LayoutSolver untraced  # the simplex: compares coefficients computed from the constraints
# The protocol's decoder compares the input's bytes; its writer (JSON, frames, answers) only what the code made.
build_module PlaygroundProtocol JSON/JSONWriter.swift Messages/Frame+JSON.swift Messages/FrameDelta.swift \
    Messages/ServerMessage.swift  # imports LayoutValues
# The lexer, parser and checker compare the input's bytes; the rendering of diagnostics only looks for characters
# to escape.
build_module SceneLanguage Diagnostics/Diagnostic+Rendering.swift  # imports LayoutValues
build_module Animation untraced  # curves and springs
build_module SceneRuntime untraced  # imports the four above: the layout model and the running scene
build_module SwiftExport untraced  # imports SceneLanguage: writes Swift
build_module FileWatching  # imports LayoutValues
build_module SceneService  # the daemon's scenes, without networking: imports SceneRuntime and FileWatching
build_module JSONRPC  # imports PlaygroundProtocol
build_module LanguageServer  # imports JSONRPC, SceneLanguage, SceneRuntime, Animation
# The targets' shared checks, without the fuzzer's instrumentation (see Tools/fuzz/common/FuzzChecks.swift).
swiftc "${common_flags[@]}" ${support_sanitizers[@]+"${support_sanitizers[@]}"} -module-name FuzzSupport -wmo \
    -emit-module -emit-module-path "$out/modules/FuzzSupport.swiftmodule" -c -o "$out/FuzzSupport.o" \
    Tools/fuzz/common/FuzzChecks.swift
modules=("$out/FuzzSupport.o" "$out/LayoutValues.o" "$out/LayoutSolver.o" "$out/SceneLanguage.o" "$out/PlaygroundProtocol.o" "$out/Animation.o"
    "$out/SceneRuntime.o" "$out/SwiftExport.o" "$out/FileWatching.o" "$out/SceneService.o" "$out/JSONRPC.o"
    "$out/LanguageServer.o")
# The protocol's module both decodes requests (what the protocol and lsp targets' inputs become) and writes JSON
# (every target's answers and frames): the targets whose inputs never reach its decoder link a copy of it
# untraced, in which writing the answers' JSON no longer feeds the fuzzer the bytes of its own output.
cp "$out/PlaygroundProtocol.o" "$out/PlaygroundProtocol.untraced.o"
untrace_comparisons "$out/PlaygroundProtocol.untraced.o"
untraced_modules=("${modules[@]/%PlaygroundProtocol.o/PlaygroundProtocol.untraced.o}")

# Each target's entry point, with the shared checks, linked with the modules
# and libFuzzer's main. The protocol and exec targets answer with the daemon's
# scene registry, from the SceneService module. The linker's "Cannot export
# local symbol" notes about the sanitizers are harmless.
build_target() {  # NAME SOURCES…
    local name=$1 objects=("${modules[@]}")
    shift
    case "$name" in scene | exec) objects=("${untraced_modules[@]}") ;; esac
    swiftc "${flags[@]}" -module-name "Fuzz_$name" "$@" "${objects[@]}" \
        -o "$out/fuzz-$name" 2> >(grep -v "Cannot export local symbol" >&2)
}

seed() {  # TARGET TEXT: one corpus file, named by checksum
    printf '%s' "$2" > "$out/$1/corpus/seed-$(printf '%s' "$2" | cksum | cut -d' ' -f1)"
}

# Multi-line string literals of the tests (the scene texts they embed), NUL-separated.
test_texts() {
    find Tests -name '*.swift' -print0 | xargs -0 awk '
        /"""$/ && !inside { inside = 1; text = ""; next }
        inside && /^[ \t]*"""/ { inside = 0; printf "%s%c", text, 0; next }
        inside { sub(/^[ \t]+/, ""); text = text $0 "\n" }'
}

# The language's words, one per line as libFuzzer's dictionaries want them, so that mutations insert whole
# keywords, and the pieces of visual format lines.
language_words() {
    words="canvas safearea sizeclass compact regular reload none view label button guide constraints inactive action on load animator animate
delay curve spring damping velocity repeat forever autoreverse completion layout activate deactivate start after
pause reverse stop finish at end current swap run system root override duration rtl safeArea margins required high low fitting color
alpha font size hugging compression hidden frame text constant fraction true false easeInOut easeIn easeOut linear
bezier left right top bottom leading trailing width height centerX centerY firstBaseline lastBaseline minX midX
maxX minY midY maxY == >= <= += -= #3366ff stack horizontal vertical spacing distribution alignment margins
fillEqually fillProportionally equalSpacing equalCentering center direction ltr H:| V:| H:[ V:[ |- -| -( )- ]-[ ][
(== (>= @750 align all leadingToTrailing leftToRight rightToLeft keyframes keyframe lines transform rotate scale
translate identity"
    for word in $words; do printf '"%s"\n' "$word"; done
}

prepare_scene() {
    build_target scene Tools/fuzz/scene/FuzzSceneLanguage.swift
    for file in Playgrounds/*.layout; do seed scene "$(cat "$file")"; done
    while IFS= read -r -d '' text; do seed scene "$text"; done < <(test_texts)
    language_words > "$out/scene/dict"
}

prepare_protocol() {
    build_target protocol Tools/fuzz/protocol/FuzzProtocol.swift Tools/fuzz/common/FuzzRegistry.swift
    # The protocol page's session, and requests for every action of every playground.
    seed protocol "$(grep -o "'{\"id\".*}'" docs/protocol.md | tr -d "'")"
    for file in Playgrounds/*.layout; do
        scene=$(basename "$file" .layout)
        for action in $(sed -n -E 's/^action ([A-Za-z_0-9]+).*/\1/p' "$file"); do
            seed protocol "$(printf '{"id":1,"cmd":"run","scene":"%s","action":"%s"}\n{"id":2,"cmd":"step","seconds":0.3}\n{"id":3,"cmd":"frame","scene":"%s","layer":"model"}\n{"id":4,"cmd":"settle","scene":"%s"}\n{"cmd":"subscribe","scene":"*"}\n{"id":"x","cmd":"reload","scene":"%s"}\n{"cmd":"diagnostics","scene":"%s"}' \
                "$scene" "$action" "$scene" "$scene" "$scene" "$scene")"
        done
    done
    for word in '"id"' '"cmd"' '"scene"' '"action"' '"source"' '"seconds"' '"timeout"' '"layer"' '"model"' \
        '"presentation"' '"hello"' '"scenes"' '"subscribe"' '"unsubscribe"' '"frame"' '"run"' '"exec"' '"step"' \
        '"settle"' '"diagnostics"' '"reload"' '"clock"' '"paused"' '"slow"' '"*"' '"Quiz"' '"Messaging"' \
        '"Bankey"' '"Burger"' '"QuizGuide"' 'null' 'true' 'false' '1e308' '-0'; do
        printf '"%s"\n' "${word//\"/\\\"}"
    done > "$out/protocol/dict"
}

# swift-syntax, as SwiftPM's release build compiled it when there is one (`swift build -c release --product
# layoutctl`: its parser is most of an input's time, about a twentieth of it in release), else its debug build;
# uninstrumented either way (the fuzzer follows the importer's own branches), and SwiftImport compiled against it.
syntax_modules=(SwiftSyntax SwiftParser SwiftOperators SwiftDiagnostics SwiftParserDiagnostics SwiftBasicFormat
    _SwiftSyntaxCShims SwiftSyntax509 SwiftSyntax510 SwiftSyntax600 SwiftSyntax601 SwiftSyntax602 SwiftSyntax603)
prepare_import() {
    local syntax=.build/debug
    if [ -e .build/release/SwiftParser.build ]; then
        syntax=.build/release
        swift build -c release --product layoutctl >/dev/null
    else
        swift build --product layoutctl >/dev/null
    fi
    echo "== import: swift-syntax from $syntax"
    local objects=()
    for module in "${syntax_modules[@]}"; do
        for object in "$syntax/$module".build/*.o; do [ -e "$object" ] && objects+=("$object"); done
    done
    local shims=.build/checkouts/swift-syntax/Sources/_SwiftSyntaxCShims/include
    find Sources/SwiftImport -name '*.swift' | sort | xargs swiftc "${flags[@]}" -I "$syntax/Modules" \
        -Xcc -I -Xcc "$shims" -module-name SwiftImport -wmo -emit-module \
        -emit-module-path "$out/modules/SwiftImport.swiftmodule" -c -o "$out/SwiftImport.o"
    swiftc "${flags[@]}" -I "$syntax/Modules" -Xcc -I -Xcc "$shims" -module-name Fuzz_import \
        Tools/fuzz/import/FuzzImport.swift "${untraced_modules[@]}" "$out/SwiftImport.o" \
        "${objects[@]}" -o "$out/fuzz-import" 2> >(grep -v "Cannot export local symbol" >&2)
    for file in Tests/SwiftImportTests/Fixtures/*.txt Playgrounds/swift/*.swift; do seed import "$(cat "$file")"; done
    while IFS= read -r -d '' text; do
        case "$text" in *UIViewController* | *UIView*) seed import "$text" ;; esac
    done < <(test_texts)
    for word in class UIViewController UIView UILabel UIButton UIStackView NSLayoutConstraint activate \
        constraint equalTo constant isActive viewDidLoad viewDidAppear addSubview animate withDuration \
        UIViewPropertyAnimator addAnimations startAnimation layoutIfNeeded translatesAutoresizingMaskIntoConstraints \
        leadingAnchor topAnchor widthAnchor heightAnchor safeAreaLayoutGuide func let var override '{' '}' '(' ')'; do
        printf '"%s"\n' "$word"
    done > "$out/import/dict"
}

prepare_lsp() {
    build_target lsp Tools/fuzz/lsp/FuzzLanguageServer.swift
    # A session as an editor sends it: each message framed, the whole read 64 bytes at a time (the first byte).
    local uri='file:///fuzz/Quiz.layout' position='"position":{"line":30,"character":3}'
    local messages=(
        '{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{"textDocument":{"uri":"'$uri'"},'$position'}}'
        '{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"'$uri'","version":2},"contentChanges":[{"range":{"start":{"line":30,"character":0},"end":{"line":30,"character":4}},"text":"nxt"}]}}'
        '{"jsonrpc":"2.0","id":2,"method":"textDocument/completion","params":{"textDocument":{"uri":"'$uri'"},'$position'}}'
        '{"jsonrpc":"2.0","id":3,"method":"textDocument/rename","params":{"textDocument":{"uri":"'$uri'"},'$position',"newName":"x"}}'
        '{"jsonrpc":"2.0","id":4,"method":"textDocument/references","params":{"textDocument":{"uri":"'$uri'"},'$position',"context":{"includeDeclaration":true}}}'
        '{"jsonrpc":"2.0","id":5,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"'$uri'"}}}'
        '{"jsonrpc":"2.0","id":6,"method":"textDocument/definition","params":{"textDocument":{"uri":"'$uri'"},'$position'}}'
        '{"jsonrpc":"2.0","id":7,"method":"shutdown"}'
    )
    local session='@'
    for message in "${messages[@]}"; do
        session+="Content-Length: ${#message}"$'\r\n\r\n'"$message"
        seed lsp "@Content-Length: ${#message}"$'\r\n\r\n'"$message"
    done
    seed lsp "$session"
    for word in 'Content-Length: ' '\x0D\x0A\x0D\x0A' '"jsonrpc":"2.0"' '"id"' '"method"' '"params"' '"textDocument"' '"uri"' \
        '"position"' '"line"' '"character"' '"range"' '"start"' '"end"' '"text"' '"contentChanges"' '"version"' \
        '"newName"' 'textDocument/didChange' 'textDocument/didOpen' 'textDocument/hover' 'textDocument/completion' \
        'textDocument/rename' 'initialize' 'shutdown' 'exit' 'null' 'true' 'false' '1e308' '-1'; do
        printf '"%s"\n' "${word//\"/\\\"}"
    done > "$out/lsp/dict"
}

prepare_exec() {
    build_target exec Tools/fuzz/exec/FuzzExec.swift Tools/fuzz/common/FuzzRegistry.swift
    # Each action's body of each playground, run in that playground: the first byte picks it (its value
    # modulo 5, in FuzzRegistry's order), P for Quiz to T for Burger.
    index=0
    for scene in Quiz QuizGuide Messaging Bankey Burger; do
        byte=$(printf "\\$(printf '%03o' $((80 + index)))")
        while IFS= read -r -d '' body; do seed exec "$byte$body"; done < <(awk '
            /^action / { inside = 1; body = ""; next }
            inside && /^}/ { inside = 0; printf "%s%c", body, 0; next }
            inside { body = body $0 "\n" }' "Playgrounds/$scene.layout")
        index=$((index + 1))
    done
    language_words > "$out/exec/dict"
}

# The playgrounds that the protocol and exec targets load once, before the first input (the exec target's
# registries warmed by an `exec` too, in LLVMFuzzerInitialize), stay in globals for the whole run;
# LeakSanitizer cannot follow Swift's pointers with tag bits in enum payloads, and at exit calls what they
# hold a leak. Only allocations made while loading them are excused: a leak in an input is still reported.
printf 'leak:loadedRegistry\nleak:LLVMFuzzerInitialize\nleak:openServer\n' > "$out/lsan.supp"
export LSAN_OPTIONS="suppressions=$PWD/$out/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"

found=0
for target in "${targets[@]}"; do
    case "$target" in scene | protocol | exec | import | lsp) ;; *) echo "fuzz.sh: no target '$target' (scene, protocol, exec, import, lsp)" >&2; exit 2 ;; esac
    mkdir -p "$out/$target/corpus"
    "prepare_$target"
    # The repository's corpus (libFuzzer names inputs by their SHA-1, so a copy over one is the same input).
    if [ -d "Tools/fuzz/corpus/$target" ]; then cp "Tools/fuzz/corpus/$target"/* "$out/$target/corpus/"; fi
    # The inputs that once broke a build (tests read them too), which a minimisation must not drop: seeds.
    if [ -d "Tools/fuzz/regressions/$target" ]; then
        for file in "Tools/fuzz/regressions/$target"/*; do cp "$file" "$out/$target/corpus/seed-$(basename "$file")"; done
    fi
    if [ -n "${FUZZ_MINIMISE:-}" ]; then
        # Merged against the seeds, which every run makes again, and then left without them.
        rm -rf "$out/$target/minimised"
        mkdir -p "$out/$target/minimised" "Tools/fuzz/corpus/$target"
        cp "$out/$target/corpus"/seed-* "$out/$target/minimised/"
        "$out/fuzz-$target" -set_cover_merge=1 -timeout=10 -max_len=16384 "$out/$target/minimised" \
            "Tools/fuzz/corpus/$target" "$out/$target/corpus" > "$out/$target/minimise.log" 2>&1
        rm -f "Tools/fuzz/corpus/$target"/* "$out/$target/minimised"/seed-*
        cp "$out/$target/minimised"/* "Tools/fuzz/corpus/$target/"
        echo "== $target: minimised to $(ls "Tools/fuzz/corpus/$target" | wc -l) inputs," \
            "$(du -sh --apparent-size "Tools/fuzz/corpus/$target" | cut -f1) in Tools/fuzz/corpus/$target"
        continue
    fi
    # -timeout: an input that takes 10 s counts as a hang; -max_len: inputs longer than libFuzzer's default 4 KB.
    # The log's lines pass through the shell on their way, so that the moment libFuzzer has run the whole corpus
    # (its INITED line) is known: the rate after it is the rate of the fuzzing itself, which a long run keeps,
    # while loading a grown corpus of tens of thousands of inputs can take most of a short run.
    # FUZZ_JOBS=N: N processes on the one corpus folder (each reads what the others add to it as it goes), each
    # with its own log (fuzz.log, then fuzz-2.log …) and the whole time or FUZZ_RUNS / N inputs.
    if [ -n "${FUZZ_RUNS:-}" ]; then
        limit=(-runs=$(((FUZZ_RUNS + jobs - 1) / jobs)))
    else
        limit=(-max_total_time="$seconds")
    fi
    rm -f "$out/$target"/inited* "$out/$target"/ended* "$out/$target"/fuzz-[0-9]*.log
    set +e
    pids=()
    for job in $(seq 1 "$jobs"); do
        suffix=$([ "$job" -eq 1 ] || echo "-$job")
        (
            # SWIFT_BACKTRACE: Swift's backtracer would take the trap's signal, and libFuzzer would write no crash
            # file.
            SWIFT_BACKTRACE=enable=no "$out/fuzz-$target" "${limit[@]}" -timeout=10 -max_len=16384 \
                -dict="$out/$target/dict" -artifact_prefix="$out/$target/" -print_final_stats=1 "$out/$target/corpus" 2>&1 |
                while IFS= read -r line; do
                    case "$line" in *[[:space:]]INITED[[:space:]]*) echo "$EPOCHREALTIME ${line%%[[:space:]]*}" > "$out/$target/inited$suffix" ;; esac
                    printf '%s\n' "$line"
                done > "$out/$target/fuzz$suffix.log"
            status=${PIPESTATUS[0]}
            echo "$EPOCHREALTIME" > "$out/$target/ended$suffix"
            exit "$status"
        ) &
        pids+=($!)
    done
    # The first exit status that is not 0 is the target's, and stops the other processes: what one found is what
    # the run reports, and a run by the million would otherwise go on for its length without it.
    status=0
    for _ in "${pids[@]}"; do
        wait -n
        job_status=$?
        if [ "$job_status" -ne 0 ] && [ "$status" -eq 0 ]; then
            status=$job_status
            # The fuzzers alone: each one's logger drains what it writes as it stops, its summary included.
            for pid in "${pids[@]}"; do pkill -TERM -P "$pid" -x "fuzz-$target" 2>/dev/null; done
        fi
    done
    set -e
    if [ -n "${FUZZ_RUNS:-}" ]; then length="$FUZZ_RUNS inputs"; else length="$seconds s"; fi
    if [ "$jobs" -gt 1 ]; then length+=", $jobs processes"; fi
    echo "== $target ($length): exit status $status"
    total_rate=0
    for job in $(seq 1 "$jobs"); do
        suffix=$([ "$job" -eq 1 ] || echo "-$job")
        log="$out/$target/fuzz$suffix.log"
        if [ "$jobs" -gt 1 ]; then echo "-- process $job ($log)"; fi
        grep -E "DONE|Done [0-9]+ runs|stat::number_of_executed_units|stat::new_units_added|ERROR|Fatal error|SUMMARY|Test unit written" \
            "$log" || true
        units=$(sed -n -E 's/^stat::number_of_executed_units: *([0-9]+)/\1/p' "$log")
        # A process stopped before its summary, or before it had run the corpus, has no rate.
        if [ -e "$out/$target/inited$suffix" ] && [ -n "$units" ]; then
            read -r inited_at inited_units < "$out/$target/inited$suffix"
            ended=$EPOCHREALTIME
            if [ -e "$out/$target/ended$suffix" ]; then read -r ended < "$out/$target/ended$suffix"; fi
            IFS=$'\t' read -r rate summary < <(awk -v a="$inited_at" -v b="$ended" -v n="${inited_units#\#}" \
                -v m="$units" 'BEGIN {
                    if (b - a > 0.5) printf "%d\tafter the corpus (%d inputs): %d inputs in %.1f s, %d a second\n",
                        (m - n) / (b - a), n, m - n, b - a, (m - n) / (b - a)
                    else printf "0\t\n"
                }')
            [ -z "$summary" ] || echo "$summary"
            total_rate=$((total_rate + rate))
        fi
    done
    if [ "$jobs" -gt 1 ]; then
        echo "== $target: $total_rate inputs a second in all, after the corpus, from $jobs processes"
    fi
    [ "$status" -eq 0 ] || found=1
done
exit $found
