# scripts/setup-env.sh - sourced by demo.sh and run-tests.sh (bash): the set-up both share.
#
#   ilpc_apt PKG...       as root on Debian/Ubuntu: apt-get update and install the packages
#                         that are not installed yet (nothing when all are); otherwise says
#                         which are missing and goes on (tests whose tool is missing skip).
#   ilpc_python_pkgs      the Debian packages that ilpc_venv needs and are missing
#   ilpc_venv [EXTRAS]    creates .venv in the repository with `python3 -m venv` (Debian's
#                         python3 refuses a system-wide pip install, PEP 668), installs
#                         `-e .[EXTRAS]` into it unless a stamp says that this pyproject.toml
#                         with these extras is installed already, and puts .venv/bin first
#                         in PATH (so `python`, `ilpc` and `pytest` are the venv's).
#
# Environment: ILPC_VENV (default: <repo>/.venv), ILPC_PYTHON (default: python3).

ILPC_REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ILPC_VENV="${ILPC_VENV:-$ILPC_REPO/.venv}"

ilpc_apt() {
    local missing=() p
    if ! command -v dpkg-query >/dev/null; then
        echo "setup: not a Debian system: install these yourself if a step needs them: $*" >&2
        return 0
    fi
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    if [ "$(id -u)" != 0 ]; then
        echo "setup: not root, so not running apt-get; missing Debian packages: ${missing[*]}" >&2
        echo "setup: install them with: sudo apt-get install -y ${missing[*]}" >&2
        return 0
    fi
    echo "== apt-get install ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# The Debian packages ilpc_venv needs: python3 itself where there is none, python3-venv
# where `python3 -m venv` would fail for want of ensurepip (Debian's python3 without it).
ilpc_python_pkgs() {
    local python="${ILPC_PYTHON:-python3}"
    if ! command -v "$python" >/dev/null; then
        echo python3 python3-venv
    elif ! "$python" -c 'import ensurepip, venv' 2>/dev/null; then
        echo python3-venv
    fi
}

ilpc_venv() {
    local extras="${1:-}" spec=. python="${ILPC_PYTHON:-python3}" stamp hash want
    [ -n "$extras" ] && spec=".[$extras]"
    if [ ! -x "$ILPC_VENV/bin/python" ]; then
        echo "== $python -m venv $ILPC_VENV"
        "$python" -m venv "$ILPC_VENV"
    fi
    # The stamp has a line "<sha256 of pyproject.toml> <spec>" per install done; `.` (the
    # demo's) is part of every other spec.
    stamp="$ILPC_VENV/.ilpc-installed"
    hash="$(sha256sum "$ILPC_REPO/pyproject.toml" | cut -d' ' -f1)"
    want="$hash $spec"
    if ! { [ "$spec" = . ] && grep -q "^$hash " "$stamp" 2>/dev/null; } && ! grep -qxF "$want" "$stamp" 2>/dev/null; then
        echo "== pip install -e '$spec' (into $ILPC_VENV)"
        (cd "$ILPC_REPO" && "$ILPC_VENV/bin/python" -m pip install -q --disable-pip-version-check -e "$spec")
        echo "$want" >> "$stamp"
    fi
    export VIRTUAL_ENV="$ILPC_VENV"
    export PATH="$ILPC_VENV/bin:$PATH"
    hash -r
}
