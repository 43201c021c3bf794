#!/usr/bin/env bash
# Set up ilpc, compile the example spec, build it and run the example.  See README.md.
# As root on Debian, installs gcc, libc6-dev and make, and libssl-dev and pkg-config (the
# generated Makefile finds OpenSSL's libcrypto with pkg-config and builds the runtime's
# authenticated ciphers with it), and python3-venv where needed; creates .venv
# with ilpc in it (scripts/setup-env.sh; skipped when done before).  Safe to run again:
# the build is incremental.
set -euo pipefail
cd "$(dirname "$0")"
. scripts/setup-env.sh

# shellcheck disable=SC2046
ilpc_apt gcc libc6-dev make libssl-dev pkg-config $(ilpc_python_pkgs)
ilpc_venv

BUILD=build/filetransfer
echo "== ilpc examples/filetransfer/filetransfer.asn1 -o $BUILD"
ilpc examples/filetransfer/filetransfer.asn1 -o "$BUILD"
echo "== make -C $BUILD"
make -s -C "$BUILD"

if [ -x examples/filetransfer/run-demo.sh ]; then
    exec examples/filetransfer/run-demo.sh "$BUILD"
fi

# Until the file transfer programs are built (see examples/filetransfer), show the
# generated stubs at work on one Request.
printf '\000\000\000\012hello.txt\000\000\000\000\000\000\003\000\000\004\000' > "$BUILD/request.xdr"
"$BUILD/ilpc-harness" roundtrip FileTransfer.Request < "$BUILD/request.xdr" | cmp - "$BUILD/request.xdr"
echo "== FileTransfer.Request round-trips through the generated stubs"
