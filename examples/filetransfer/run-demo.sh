#!/usr/bin/env bash
# run-demo.sh BUILD_DIR - build ft-server/ft-client into BUILD_DIR (where demo.sh has
# compiled filetransfer.asn1) and transfer a 4 MiB file 16 times (64 MiB) over the user-level
# TCP on shared memory in 64 KiB replies, ILP against layered, with the ciphers none, xor and
# safer-simple; then print a side-by-side comparison.  Needs no privileges; about 20 s.
#
# Environment: FT_SIZE (bytes, default 4194304), FT_COPIES (default 16), FT_MAX_REPLY
# (default 65536), FT_RUNS (runs per mode and cipher, default 5), FT_CIPHERS (default
# "none xor safer-simple"; also chacha20 and the authenticated chacha20-poly1305 and
# aes-128-gcm, whose pre-shared key comes from ILPC_PSK, a random one if unset; aes-128-gcm
# has no fused path, so its ILP row is --mode auto), FT_TRANSPORT (shm, the default; udp: the
# user-level TCP over UDP on loopback; kernel: the same programs over the kernel's TCP).
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
BUILD="$(mkdir -p "${1:-$HERE/../../build/filetransfer}" && cd "${1:-$HERE/../../build/filetransfer}" && pwd)"
SIZE="${FT_SIZE:-4194304}"
MAX_REPLY="${FT_MAX_REPLY:-65536}"
COPIES="${FT_COPIES:-16}"
RUNS="${FT_RUNS:-5}"
CIPHERS="${FT_CIPHERS:-none xor safer-simple}"
TRANSPORT="${FT_TRANSPORT:-shm}"
KEY=0123456789abcdef
# the authenticated ciphers' pre-shared key: from the environment, never on a command line
ILPC_PSK="${ILPC_PSK:-$(od -An -tx1 -N32 /dev/urandom | tr -d ' \n')}"
export ILPC_PSK

echo "== make -C examples/filetransfer BUILD=$BUILD"
make -s -C "$HERE" BUILD="$BUILD" >/dev/null

WORK="$(mktemp -d "${TMPDIR:-/tmp}/ilpc-ft-demo.XXXXXX")"
SERVER_PID=
cleanup() {
    if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null || true; fi
    rm -rf "$WORK"
}
trap cleanup EXIT
mkdir "$WORK/root"
head -c "$SIZE" /dev/urandom > "$WORK/root/file.bin"
echo "== a $SIZE-byte file $COPIES times, replies of at most $MAX_REPLY bytes, over $TRANSPORT, $RUNS runs each"

# run_pair MODE CIPHER: one transfer; appends the client's and the server's RESULT lines
# to $WORK/results.
run_pair() {
    local mode=$1 cipher=$2 port server listen key=()
    case "$cipher" in
        none | chacha20-poly1305 | aes-128-gcm) ;;  # no key, or the PSK from ILPC_PSK
        chacha20) key=(--key "$KEY$KEY$KEY$KEY") ;;
        *) key=(--key "$KEY") ;;
    esac
    # aes-128-gcm has no fused path: the ILP row is the path the cost model picks (tiled)
    [ "$cipher" = aes-128-gcm ] && [ "$mode" = ilp ] && mode=auto
    : > "$WORK/server.out"
    # shm: both programs name the shared memory; udp and kernel: 127.0.0.1 and a free port
    if [ "$TRANSPORT" = shm ]; then listen="ilpc-demo.$$"; else listen=127.0.0.1:0; fi
    "$BUILD/ft-server" --transport "$TRANSPORT" --listen "$listen" --root "$WORK/root" --once \
        --mode "$mode" --cipher "$cipher" "${key[@]}" > "$WORK/server.out" 2>&1 &
    SERVER_PID=$!
    for _ in $(seq 100); do
        grep -q "listening on" "$WORK/server.out" && break
        sleep 0.05
    done
    if [ "$TRANSPORT" = shm ]; then
        grep -q "listening on" "$WORK/server.out" && port=shm
        server="$listen"
    else
        port="$(sed -n 's/.*listening on [0-9.]*:\([0-9]*\).*/\1/p' "$WORK/server.out")"
        server="127.0.0.1:$port"
    fi
    if [ -z "$port" ]; then
        cat "$WORK/server.out" >&2
        echo "run-demo: the server did not start" >&2
        exit 1
    fi
    rm -f "$WORK/got.bin"
    if ! "$BUILD/ft-client" --transport "$TRANSPORT" --server "$server" --file file.bin --copies "$COPIES" \
            --max-reply "$MAX_REPLY" --out "$WORK/got.bin" --mode "$mode" --cipher "$cipher" "${key[@]}" \
            > "$WORK/client.out" 2>&1; then
        cat "$WORK/client.out" "$WORK/server.out" >&2
        echo "run-demo: the $mode transfer with $cipher failed" >&2
        exit 1
    fi
    wait "$SERVER_PID" || { cat "$WORK/server.out" >&2; echo "run-demo: the server failed" >&2; exit 1; }
    SERVER_PID=
    cmp -s "$WORK/got.bin" "$WORK/root/file.bin" || { echo "run-demo: the received file differs" >&2; exit 1; }
    grep -h '^RESULT' "$WORK/client.out" "$WORK/server.out" >> "$WORK/results"
}

: > "$WORK/results"
for cipher in $CIPHERS; do
    for run in $(seq "$RUNS"); do
        # alternate the order so that neither mode always runs first
        if [ $((run % 2)) = 1 ]; then order="ilp layered"; else order="layered ilp"; fi
        for mode in $order; do run_pair "$mode" "$cipher"; done
    done
    echo "   $cipher: $((2 * RUNS)) transfers intact"
done

# One example report in full.
echo "== the last client's report"
sed -n '/^ft-client/p' "$WORK/client.out"

echo
echo "== ILP against layered (medians over $RUNS runs; per-message times measured around the"
echo "   send function on the server and the receive function on the client)"
awk -v runs="$RUNS" '
function med(key,    n, i, j, t, a) {
    n = cnt[key]
    for (i = 1; i <= n; i++) a[i] = val[key, i]
    for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
function add(key, v) { val[key, ++cnt[key]] = v }
{
    delete f
    for (i = 2; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] }
    if (f["mode"] == "auto") { f["mode"] = "ilp"; autos[f["cipher"]] = 1 }  # aes-128-gcm
    k = f["cipher"] SUBSEP f["mode"]
    if (!(f["cipher"] in seen)) { seen[f["cipher"]] = 1; order[++nc] = f["cipher"] }
    if (f["role"] == "client") {
        add(k SUBSEP "mbs", f["mbs"]); add(k SUBSEP "rx", f["rx_med_us"])
        add(k SUBSEP "permsg", f["msgs"] > 1 ? f["stream_s"] * 1e6 / (f["msgs"] - 1) : 0)
    }
    else add(k SUBSEP "tx", f["tx_med_us"])
}
END {
    printf "%-17s %-8s %9s %14s %14s %14s\n", "cipher", "mode", "MB/s", "send us/msg", "recv us/msg", "us/msg total"
    for (c = 1; c <= nc; c++) {
        ci = order[c]
        for (m = 1; m <= 2; m++) {
            mo = m == 1 ? "ilp" : "layered"; k = ci SUBSEP mo
            T[mo] = med(k SUBSEP "mbs"); S[mo] = med(k SUBSEP "tx"); R[mo] = med(k SUBSEP "rx")
            P[mo] = med(k SUBSEP "permsg")
            share = P[mo] > 0 ? 100 * (S[mo] + R[mo]) / P[mo] : 0
            if (share > maxshare) maxshare = share
            printf "%-17s %-8s %9.2f %14.3f %14.3f %14.2f\n", (m == 1 ? ci : ""), mo, T[mo], S[mo], R[mo], P[mo]
        }
        rt = T["ilp"] / T["layered"]
        rs = S["layered"] > 0 ? S["ilp"] / S["layered"] : 0
        rr = R["layered"] > 0 ? R["ilp"] / R["layered"] : 0
        printf "%-17s %-8s %8.2fx %13.2fx %13.2fx\n", "", "ILP/lay.", rt, rs, rr
    }
    for (ci in autos) printf "(%s has no fused path: its ilp row is --mode auto, tiled through libcrypto)\n", ci
    printf "\nThe send and the receive function together took at most %.1f %% of the time per message\n", maxshare
    printf "(the server sends while the client receives, so the two can add up to more than 100 %%)\n"
}' "$WORK/results"
echo "(us/msg total: the client's time from the first reply to the last, per message)."
echo "A throughput ratio > 1 and time ratios < 1 favour ILP.  The rest of each message's time"
echo "goes to TCP and the transport; over shared memory that is little, so the passes ILP saves"
echo "show in the throughput (FT_TRANSPORT=kernel runs the same programs over the kernel's TCP)."
echo "Braun & Diot (1995) saw 5-20 %, when the data manipulations were half of the time.  See"
echo "docs/benchmarks-filetransfer.md for the full measurement."
