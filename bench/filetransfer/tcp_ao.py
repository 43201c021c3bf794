#!/usr/bin/env python3
"""What TCP-AO costs the file transfer: MB/s with and without it, ILP mode.

    python bench/filetransfer/tcp_ao.py [--runs N] [--mib M] [--transports shm,udp] [--sizes 1024,65536]
                                        [--ciphers none,chacha20-poly1305] [--algs hmac-sha1,aes-cmac]
                                        [--cc gcc] [--cflags -O2] [--no-doc]

Builds the file transfer like bench/filetransfer/run.py (the same build directory), then
for every transport, reply size and cipher transfers a 1 MiB file --mib times over with
TCP-AO off and with each algorithm, the variants interleaved (their order rotating from
run to run), --runs times; each figure is the median MB/s of the client (RESULT mbs), each
ratio the median of the per-run ratios (with / without, within one run).  With cipher
`none` TCP-AO is the only protection (a key given for it alone); with chacha20-poly1305
it comes on top of the AEAD.  Writes the table between its markers in
docs/benchmarks-filetransfer.md unless --no-doc.
"""
from __future__ import annotations

import argparse
import datetime
import os
import random
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))
import run as ft  # noqa: E402
from benchlib import cpu_model, log, median  # noqa: E402

DOC = ft.DOC
BEGIN, END = "<!-- BEGIN bench/filetransfer/tcp_ao.py -->", "<!-- END bench/filetransfer/tcp_ao.py -->"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--mib", type=int, default=64)
    ap.add_argument("--transports", default="shm,udp")
    ap.add_argument("--sizes", default="1024,65536")
    # no cipher, and the fused authenticated one (compiler/ciphers.py)
    ap.add_argument("--ciphers", default=",".join(c.name for c in ft.TABLE if c.key_bytes == 0 or
                                                  (c.aead and c.unit_stage)))
    ap.add_argument("--algs", default="hmac-sha1,aes-cmac")
    ap.add_argument("--cc", default=os.environ.get("CC", "gcc"))
    ap.add_argument("--cflags", default="-O2")
    ap.add_argument("--no-doc", action="store_true")
    a = ap.parse_args()
    bdir = HERE / "build" / f"{Path(a.cc).name}{a.cflags.replace(' ', '')}"
    log(f"building into {bdir} ({a.cc} {a.cflags})")
    ft.build(bdir, a.cc, a.cflags)
    algs = a.algs.split(",")
    variants: list[str | None] = [None, *algs]
    load0, started = os.getloadavg(), datetime.datetime.now()
    rows = []
    with tempfile.TemporaryDirectory(prefix="ilpc-ao-bench-") as tmp:
        root = Path(tmp)
        (root / "file.bin").write_bytes(random.Random(2024).randbytes(ft.FILE_MIB << 20))
        cells = [(t, c, s) for t in a.transports.split(",") for c in a.ciphers.split(",")
                 for s in map(int, a.sizes.split(","))]
        for n, (t, c, s) in enumerate(cells):
            got: dict[str | None, list[float]] = {v: [] for v in variants}
            for r in range(a.runs):
                k = (r + n) % len(variants)
                for v in variants[k:] + variants[:k]:
                    got[v].append(ft.transfer(bdir, root, t, "ilp", c, s, max(1, a.mib // ft.FILE_MIB), 0.0,
                                              tcp_ao=v is not None, ao_alg=v)["mbs"])
            row = {"transport": t, "cipher": c, "size": s, "off": median(got[None])}
            for v in algs:
                row[v] = median(got[v])
                row[v + "/off"] = median([x / y for x, y in zip(got[v], got[None]) if y])
            rows.append(row)
            log(f"[{n + 1}/{len(cells)}] {t} {c} {s}: off {row['off']:.1f} MB/s, " +
                ", ".join(f"{v} {row[v]:.1f} ({row[v + '/off']:.2f}x)" for v in algs))
    load1 = os.getloadavg()
    head = "| transport | cipher | reply | TCP-AO off (MB/s) | " + " | ".join(
        f"{v} (MB/s) | {v} / off" for v in algs) + " |"
    lines = [head, "|" + "---|" * 3 + "--:|" * (1 + 2 * len(algs))]
    for r in rows:
        lines.append(f"| {r['transport']} | {r['cipher']} | {r['size']} | {r['off']:.0f} | " + " | ".join(
            f"{r[v]:.0f} | {r[v + '/off']:.2f}" for v in algs) + " |")
    text = (f"Measured {started:%Y-%m-%d %H:%M} on {cpu_model()}, {os.cpu_count()} CPUs, load "
            f"{load0[0]:.1f} to {load1[0]:.1f}: `python bench/filetransfer/tcp_ao.py {' '.join(sys.argv[1:])}` "
            f"({a.runs} interleaved runs of {a.mib} MiB per cell, ILP mode, {a.cc} {a.cflags}).\n\n" +
            "\n".join(lines) + "\n")
    print(text)
    if not a.no_doc:
        doc = DOC.read_text()
        if BEGIN in doc and END in doc:
            pre, rest = doc.split(BEGIN, 1)
            _, post = rest.split(END, 1)
            DOC.write_text(pre + BEGIN + "\n" + text + END + post)
        else:
            log(f"markers not found in {DOC}: table not written")
    return 0


if __name__ == "__main__":
    sys.exit(main())
