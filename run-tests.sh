#!/usr/bin/env bash
# The test suite, with all of its own set-up (see README.md): as root on Debian, installs
# the Debian packages the tests need; creates .venv with ilpc and the test dependencies
# (`pip install -e '.[test,dev]'`, skipped when done before for this pyproject.toml); then
# runs `python -m pytest -q` from .venv with this script's arguments, e.g.
#   ./run-tests.sh                          # everything (about 30 min on 2 quiet cores)
#   ./run-tests.sh tests/test_cli.py -x     # one file
# Tests whose tool is still missing (not root, not Debian) are skipped with the reason.
set -euo pipefail
cd "$(dirname "$0")"
. scripts/setup-env.sh

# C compilers, the C library headers (only a Recommends of gcc) and build tools; git (a
# test of the CLI reads the checkout); ccache (the suite compiles the same runtime files in many builds: tests/tiers.py); valgrind (cachegrind/callgrind tests); rpcgen and libtirpc
# (the rpcgen oracle); iproute2 (network namespaces for the TUN tests); clang's ASan/UBSan
# runtime is its own package (libclang-rt-dev) on Debian 12; libssl-dev and pkg-config for
# the runtime's libcrypto ciphers (ilpc_evp.c) and for the cryptography package should pip
# have to build it; python3-venv for .venv where needed.
# shellcheck disable=SC2046
ilpc_apt gcc libc6-dev g++ clang make cmake ninja-build ccache valgrind rpcsvc-proto libtirpc-dev iproute2 pkg-config git \
    libclang-rt-dev libssl-dev $(ilpc_python_pkgs)
ilpc_venv test,dev

exec python -m pytest -q "$@"
