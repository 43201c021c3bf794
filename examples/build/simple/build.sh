#!/bin/sh
# The simplest way: ilpc writes each spec set's stubs, the runtime and a Makefile into a
# directory, `make -C` builds its library there, and `ilpc --cflags --libs` says how to
# compile and link against it.  No dependency tracking: run it again after editing a spec
# (ilpc rewrites only the files that change, and make rebuilds only what they affect).
#
#   sh build.sh [OUT]       # default OUT: out/ next to this script; then OUT/app_c, OUT/app_cpp
#   CFLAGS=-O0 sh build.sh  # CC, CXX, CFLAGS, CXXFLAGS and ILPC are taken from the environment
set -eu
OUT=${1:-$(dirname "$0")/out}
mkdir -p "$OUT" && OUT=$(cd "$OUT" && pwd)
cd "$(dirname "$0")"
ILPC=${ILPC:-ilpc}
CC=${CC:-cc}
CXX=${CXX:-c++}

FT="../../filetransfer/filetransfer.asn1"
SESSION="-I ../specs/common ../specs/session.asn1"

$ILPC $FT -o "$OUT/filetransfer" && make -s -C "$OUT/filetransfer"
$ILPC $SESSION -o "$OUT/session" && make -s -C "$OUT/session"

FLAGS="$($ILPC --cflags --libs $FT -o "$OUT/filetransfer") $($ILPC --cflags --libs $SESSION -o "$OUT/session")"
$CC -std=c11 ${CFLAGS:--O2} ../app.c $FLAGS -o "$OUT/app_c"
$CXX -std=c++17 ${CXXFLAGS:--O2} ../app.cpp $FLAGS -o "$OUT/app_cpp"
echo "built $OUT/app_c and $OUT/app_cpp"
