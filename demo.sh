#!/usr/bin/env bash
# Set up ilpc, compile the example spec, build it and run the example.
# See README.md.  Safe to run again: the build is incremental.
set -euo pipefail
cd "$(dirname "$0")"

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    export DEBIAN_FRONTEND=noninteractive
    need=()
    for tool in gcc make; do command -v "$tool" >/dev/null || need+=("$tool"); done
    if [ ${#need[@]} -gt 0 ]; then apt-get update -qq && apt-get install -y -qq "${need[@]}" >/dev/null; fi
fi
python3 -m pip install -q -e . >/dev/null

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
