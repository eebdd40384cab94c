#!/usr/bin/env bash
# Installs what Layout Playground needs beyond the Swift toolchain, on Debian:
# the system libraries (apt), and the Python modules that the kiwi comparisons
# and the timing references import, for the Python that the tests run
# (Tools/python3: $LAYOUT_PYTHON, else .venv, else python3 on PATH).
#
# For Debian's own Python it installs Debian's packages (python3-kiwisolver, …),
# as pip refuses to install into it (PEP 668). For another Python it uses pip,
# and when pip refuses, a virtual environment .venv (seeing the system's
# packages too) that Tools/python3 then picks. It never passes pip
# --break-system-packages, which can break the distribution's own tools.
#
# Safe to run again: it installs only what is missing, and prints nothing when
# all is there. When it cannot make every module importable, it exits with 1,
# naming the Python and the modules it lacks, and why each way failed.
set -euo pipefail
cd "$(dirname "$0")/.."

# entr: reload-bench's peer, the shell loop a user would write (its columns stay empty without it).
debian_packages=(libinotifytools0-dev socat tmux git vim neovim emacs-nox entr)
# Each is NAME on PyPI and, where Debian packages it, python3-NAME in Debian (pygls, the language server's
# end-to-end client, is not in bookworm: it comes from pip, or a .venv for Debian's own Python).
python_modules=(kiwisolver scipy numpy mpmath pygls)

say() { echo "setup: $*" >&2; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
        say "need root (or sudo) for: $*"
        return 1
    fi
}

apt_updated=false
# Installs Debian packages; fails (saying why) when it cannot.
apt_install() {
    if ! command -v apt-get >/dev/null; then
        say "no apt-get to install $* with"
        return 1
    fi
    say "installing $* (apt)"
    if [ "$apt_updated" = false ]; then
        as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq || return 1
        apt_updated=true
    fi
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

# The python3-NAME packages that Debian has, of those named: the others are left to pip.
debian_has() {
    local found=() package
    if [ "$apt_updated" = false ] && command -v apt-get >/dev/null; then
        as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null 2>&1 && apt_updated=true
    fi
    for package in "$@"; do
        apt-cache show "$package" >/dev/null 2>&1 && found+=("$package")
    done
    echo "${found[*]}"
}

problems=()

missing=()
for package in "${debian_packages[@]}"; do
    dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
    apt_install "${missing[@]}" || problems+=("the Debian packages ${missing[*]}")
fi

# The Python the tests run, and the modules it cannot import.
python() { Tools/python3 "$@"; }
interpreter() { python -c 'import sys; print(sys.executable)' 2>/dev/null || echo "${LAYOUT_PYTHON:-python3}"; }
missing_modules() {
    python - "${python_modules[@]}" <<'PY' 2>/dev/null
import sys
missing = []
for name in sys.argv[1:]:
    try:
        __import__(name)
    except Exception:
        missing.append(name)
print(" ".join(missing))
PY
}
# Whether Debian's python3-* packages are importable by that Python: it is
# Debian's /usr/bin/python3 (or a virtual environment that sees its packages).
sees_debian_packages() {
    command -v apt-get >/dev/null &&
        python -c 'import sys; sys.exit("/usr/lib/python3/dist-packages" not in sys.path)' 2>/dev/null
}

if ! python -c '' 2>/dev/null; then
    if [ -z "${LAYOUT_PYTHON:-}" ] && command -v apt-get >/dev/null; then
        read -r -a packaged <<<"$(debian_has "${python_modules[@]/#/python3-}")"
        apt_install python3 "${packaged[@]}" || true
    fi
fi

if ! python -c '' 2>/dev/null; then
    if [ -n "${LAYOUT_PYTHON:-}" ]; then
        problems+=("a Python: LAYOUT_PYTHON='$LAYOUT_PYTHON' does not run")
    else
        problems+=("a Python: no python3 on PATH (the tests run it with ${python_modules[*]})")
    fi
else
    read -r -a missing <<<"$(missing_modules)"
    if [ ${#missing[@]} -gt 0 ] && sees_debian_packages; then
        read -r -a packaged <<<"$(debian_has "${missing[@]/#/python3-}")"
        [ ${#packaged[@]} -gt 0 ] && { apt_install "${packaged[@]}" || true; }
        read -r -a missing <<<"$(missing_modules)"
    fi
    if [ ${#missing[@]} -gt 0 ]; then
        log=$(mktemp)
        trap 'rm -f "$log"' EXIT
        say "pip install ${missing[*]} into $(interpreter)"
        if ! python -m pip install --quiet --disable-pip-version-check "${missing[@]}" >"$log" 2>&1; then
            if grep -q externally-managed-environment "$log"; then
                say "pip refuses to install into $(interpreter): an externally managed environment (PEP 668)"
            else
                say "pip failed: $(grep -v '^\s*$' "$log" | tail -n 1)"
            fi
            if [ -n "${LAYOUT_PYTHON:-}" ]; then
                say "LAYOUT_PYTHON is set, so no virtual environment is made"
            elif [ ! -e .venv ]; then
                say "making the virtual environment .venv from $(interpreter); Tools/python3 and the tests use it"
                if ! { python -m venv --system-site-packages .venv >"$log" 2>&1 &&
                    .venv/bin/python3 -m pip install --quiet --disable-pip-version-check "${missing[@]}" >>"$log" 2>&1; }
                then
                    say "the virtual environment failed: $(grep -v '^\s*$' "$log" | tail -n 1)"
                    rm -rf .venv
                fi
            fi
        fi
        read -r -a missing <<<"$(missing_modules)"
    fi
    if [ ${#missing[@]} -gt 0 ]; then
        problems+=("the Python modules ${missing[*]} for $(interpreter) (the kiwi comparisons, timing references and language server end to end)")
    fi
fi

if [ ${#problems[@]} -gt 0 ]; then
    for problem in "${problems[@]}"; do say "missing: $problem"; done
    say "install them, or set LAYOUT_PYTHON to a Python that has the modules; without them, the tests that" \
        "need them are skipped, and Tools/test.sh fails under CI"
    exit 1
fi
