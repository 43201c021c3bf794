#!/usr/bin/env bash
# The test suite, with all of its own set-up (see README.md): as root on Debian, installs
# the Debian packages the tests need; creates .venv with ilpc and the test dependencies
# (`pip install -e '.[test,dev]'`, skipped when done before for this pyproject.toml); then
# runs `python -m pytest -q` from .venv with this script's arguments, e.g.
#   ./run-tests.sh                          # everything but the benchmarks' checks (10 to 12 min on 2 cores)
#   ./run-tests.sh --fast                   # no C build, no network (about 1 min on 2 cores)
#   ./run-tests.sh --bench                  # the benchmarks' checks: each benchmark runs and verifies (about 2 min)
#   ./run-tests.sh tests/test_cli.py -x     # one file
#   ./run-tests.sh -m "cbuild and not sanitizers"   # a tier of your own: see docs/testing.md
# Tests whose tool is still missing (not root, not Debian) are skipped with the reason.
# The tiers are pytest markers (pyproject.toml, docs/testing.md): --fast is
# -m "not cbuild and not slow and not network and not bench": the grammar, the model, the
# plans, the generated text, the oracle's own checks, the CLI, the goldens, the construct
# stages but their round trips.  --bench is -m bench: the checks that keep each benchmark
# under bench/ runnable and its results verified (no timing assertion), which the whole
# suite leaves out (tests/tiers.py).  The report ends with the 30 slowest tests by wall and by CPU.
set -euo pipefail
cd "$(dirname "$0")"
. scripts/setup-env.sh

FAST= BENCH=
case "${1:-}" in
--fast) FAST=1; shift ;;
--bench) BENCH=1; shift ;;
esac

# C compilers, the C library headers (only a Recommends of gcc) and build tools; git (a
# test of the CLI reads the checkout); ccache (the suite compiles the same runtime files in
# many builds: tests/tiers.py); valgrind (cachegrind/callgrind tests); rpcgen and libtirpc
# (the rpcgen oracle); slapd, ldap-utils, snmpd, snmp, tshark and asn1c (the real peers and
# oracles of the BER family: OpenLDAP, net-snmp, Wireshark's dissectors); iproute2 (network namespaces for the TUN tests); clang's ASan/UBSan
# runtime is its own package (libclang-rt-dev) on Debian 12; libssl-dev and pkg-config for
# the runtime's libcrypto ciphers (ilpc_evp.c) and for the cryptography package should pip
# have to build it; python3-venv for .venv where needed.
# The fast tier builds no C: git and Python are all it needs.
# shellcheck disable=SC2046
if [ -n "$FAST" ]; then
    ilpc_apt git $(ilpc_python_pkgs)
else
    ilpc_apt gcc libc6-dev g++ clang make cmake ninja-build ccache valgrind rpcsvc-proto libtirpc-dev \
        slapd ldap-utils snmpd snmp tshark asn1c iproute2 pkg-config git \
        libclang-rt-dev libssl-dev $(ilpc_python_pkgs)
fi
ilpc_venv test,dev

if [ -n "$FAST" ]; then
    exec python -m pytest -q -m "not cbuild and not slow and not network and not bench" "$@"
fi
if [ -n "$BENCH" ]; then
    exec python -m pytest -q -m bench "$@"
fi
exec python -m pytest -q "$@"
