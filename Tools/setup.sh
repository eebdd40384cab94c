#!/usr/bin/env bash
# Installs what Layout Playground needs beyond the Swift toolchain, on Debian:
# the system libraries (apt) and the Python packages that the kiwi comparisons
# and the timing references use (pip). Safe to run again: it installs only what is missing.
set -euo pipefail

debian_packages=(libinotifytools0-dev)
python_packages=(kiwisolver scipy numpy mpmath)

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
        echo "setup: need root for: $*" >&2
        return 1
    fi
}

missing=()
for package in "${debian_packages[@]}"; do
    dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "setup: installing ${missing[*]}" >&2
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if command -v python3 >/dev/null; then
    for package in "${python_packages[@]}"; do
        if ! python3 -c "import $package" >/dev/null 2>&1; then
            echo "setup: pip install $package" >&2
            python3 -m pip install --quiet "$package" ||
                echo "setup: could not install $package; the tests that need it will be skipped" >&2
        fi
    done
else
    echo "setup: no python3; the kiwi comparisons and timing references will be skipped" >&2
fi
