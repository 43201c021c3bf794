#!/usr/bin/env python3
"""File transfer benchmark: ILP against layered over the runtime's user-level TCP.

    python bench/filetransfer/run.py [--runs N] [--sizes 256,1024,...] [--ciphers none,xor,...]
                                     [--mib 10] [--cc gcc] [--cflags -O2] [--quick] [--no-doc]

Builds examples/filetransfer (ilpc on the spec, the generated library and ft-server /
ft-client, with CC and CFLAGS) into bench/filetransfer/build, then for every cipher and
maximum reply size transfers a 1 MiB file 10 times over (10 MiB; --mib) from ft-server
to ft-client over the udp transport on loopback: once with --mode ilp on both sides,
once with --mode layered, --runs times, the two modes interleaved (alternating which
goes first) so that both see the same machine.  It reports medians of
  * throughput: the client's file bytes after the first reply / the time from the first
    reply to the last (so the request and the server reading and hashing the file do
    not count);
  * send processing: the server's median time per message in the send function
    (T_ilp_send, or T_layered_send: marshal, encrypt, copy into the ring, checksum);
  * receive processing: the client's median time per message in the receive function
    (the fused hook or fused stream decode, or the layered baseline's loops);
and the ILP/layered ratios of each; and the same send and receive calls alone, in a loop
without the network (proc_bench.c, 4 MiB of replies, CPU time, median of 7 rounds), to separate
the data manipulations from the system's noise.  Writes bench/filetransfer/results.md and the
table between the markers in docs/benchmarks-filetransfer.md (not with --quick or
--no-doc).  --quick: 2 runs, 2 MiB, three sizes, two ciphers (a smoke test).
"""
from __future__ import annotations

import argparse
import datetime
import os
import platform
import random
import re
import shlex
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from benchlib import cpu_model  # noqa: E402
REPO = HERE.parent.parent
EXAMPLE = REPO / "examples" / "filetransfer"
DOC = REPO / "docs" / "benchmarks-filetransfer.md"
BEGIN, END = "<!-- BEGIN bench/filetransfer/run.py -->", "<!-- END bench/filetransfer/run.py -->"

SIZES = [256, 512, 768, 1024, 1280, 4096, 16384, 65536]
CIPHERS = ["none", "xor", "safer-simple", "safer-k64", "chacha20"]
KEYS = {"none": None, "xor": "0123456789abcdef", "safer-simple": "0807060504030201",
        "safer-k64": "0807060504030201", "chacha20": "42" * 32}
FILE_MIB = 1  # the file; copies = total MiB / FILE_MIB


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def build(out: Path, cc: str, cflags: str) -> None:
    cmd = ["make", "-s", f"-j{os.cpu_count() or 2}", "-C", str(EXAMPLE), f"BUILD={out}",
           f"ILPC={sys.executable} -m ilpc", f"CC={cc}", f"CFLAGS={cflags}"]
    r = subprocess.run(cmd, capture_output=True, text=True, cwd=REPO)
    if r.returncode != 0:
        sys.exit(f"build failed: {' '.join(cmd)}\n{r.stdout}{r.stderr}")
    cmd = [cc, "-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic", *shlex.split(cflags), f"-I{out}",
           str(HERE / "proc_bench.c"), str(out / "libfiletransfer.a"), "-o", str(out / "proc_bench")]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"build failed: {' '.join(cmd)}\n{r.stderr}")


def processing_alone(bdir: Path, cipher: str, size: int) -> dict[str, float]:
    """proc_bench: the same send and receive calls in a loop over 4 MiB of replies, no network."""
    r = subprocess.run([str(bdir / "proc_bench"), cipher, KEYS[cipher] or "-", str(size),
                        str(max(64, (4 << 20) // size))], capture_output=True, text=True, timeout=300)
    if r.returncode != 0:
        raise RuntimeError(f"proc_bench {cipher} {size} failed:\n{r.stdout}{r.stderr}")
    kv = dict(x.split("=") for x in r.stdout.split()[1:])
    return {k: float(v) / 1000 for k, v in kv.items()}  # ns -> us


def result_line(text: str) -> dict[str, str]:
    m = re.findall(r"^RESULT (.*)$", text, re.M)
    if not m:
        raise RuntimeError(f"no RESULT line in:\n{text}")
    return dict(kv.split("=", 1) for kv in m[-1].split())


def transfer(bdir: Path, root: Path, mode: str, cipher: str, max_reply: int, copies: int) -> dict[str, float]:
    key = ["--key", KEYS[cipher]] if KEYS[cipher] else []
    srv = subprocess.Popen([str(bdir / "ft-server"), "--transport", "udp", "--listen", "127.0.0.1:0", "--root",
                            str(root), "--once", "--mode", mode, "--cipher", cipher, *key, "--timeout", "60"],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = srv.stdout.readline()
    m = re.search(r"listening on [0-9.]+:(\d+)", line)
    if not m:
        srv.kill()
        raise RuntimeError(f"server did not start: {line}{srv.communicate()}")
    try:
        cli = subprocess.run([str(bdir / "ft-client"), "--transport", "udp", "--server", f"127.0.0.1:{m.group(1)}",
                              "--file", "file.bin", "--copies", str(copies), "--max-reply", str(max_reply),
                              "--mode", mode, "--cipher", cipher, *key, "--timeout", "120"],
                             capture_output=True, text=True, timeout=180)
        sout, serr = srv.communicate(timeout=60)
    finally:
        if srv.poll() is None:
            srv.kill()
            srv.wait()
    if cli.returncode != 0 or srv.returncode != 0:
        raise RuntimeError(f"transfer failed ({mode} {cipher} {max_reply}):\n{cli.stdout}{cli.stderr}{sout}{serr}")
    c, s = result_line(cli.stdout), result_line(sout)
    return {"mbs": float(c["mbs"]), "rx": float(c["rx_med_us"]), "tx": float(s["tx_med_us"]),
            "msgs": float(c["msgs"]), "wall": float(c["stream_s"]), "retrans": float(c["retrans"]) + float(s["retrans"]),
            "hook": float(c["rx_hook"])}


def share(m: dict[str, float]) -> float:
    """Part of the time per message (first to last reply) spent in the measured send
    and receive functions."""
    per_msg_us = m["wall"] / max(m["msgs"] - 1, 1) * 1e6
    return (m["tx"] + m["rx"]) / per_msg_us if per_msg_us > 0 else float("nan")


def ratio(a: float, b: float) -> float:
    return a / b if b else float("nan")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--sizes", default=",".join(map(str, SIZES)))
    ap.add_argument("--ciphers", default=",".join(CIPHERS))
    ap.add_argument("--mib", type=int, default=10, help="MiB transferred per run (copies of a 1 MiB file)")
    ap.add_argument("--cc", default=os.environ.get("CC", "gcc"))
    ap.add_argument("--cflags", default="-O2")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--no-doc", action="store_true", help="do not rewrite the table in the docs")
    a = ap.parse_args()
    sizes = [int(x) for x in a.sizes.split(",")]
    ciphers = a.ciphers.split(",")
    if a.quick:
        a.runs, a.mib, sizes, ciphers = 2, 2, [256, 1024, 16384], ["none", "xor"]
    bdir = HERE / "build" / f"{Path(a.cc).name}{a.cflags.replace(' ', '')}"
    log(f"building into {bdir} ({a.cc} {a.cflags})")
    build(bdir, a.cc, a.cflags)

    load0 = os.getloadavg()
    started = datetime.datetime.now()
    rows = []
    with tempfile.TemporaryDirectory(prefix="ilpc-ft-bench-") as tmp:
        root = Path(tmp)
        (root / "file.bin").write_bytes(random.Random(2024).randbytes(FILE_MIB << 20))
        for cipher in ciphers:
            for size in sizes:
                got: dict[str, list[dict[str, float]]] = {"ilp": [], "layered": []}
                for run in range(a.runs):
                    for mode in (("ilp", "layered") if run % 2 == 0 else ("layered", "ilp")):
                        got[mode].append(transfer(bdir, root, mode, cipher, size, a.mib // FILE_MIB))
                med = {m: {k: statistics.median(r[k] for r in got[m]) for k in got[m][0]} for m in got}
                alone = processing_alone(bdir, cipher, size)
                i, l_ = med["ilp"], med["layered"]
                row = {"cipher": cipher, "size": size, "ilp": i, "layered": l_,
                       "r_mbs": ratio(i["mbs"], l_["mbs"]), "r_tx": ratio(i["tx"], l_["tx"]),
                       # the throughput ratio of each run's pair (ILP and layered back to back)
                       "pairs": [ratio(x["mbs"], y["mbs"]) for x, y in zip(got["ilp"], got["layered"])],
                       "r_rx": ratio(i["rx"], l_["rx"]),
                       # share of the wall time per message spent in the measured send + receive
                       "share": share(i), "share_l": share(l_), "alone": alone,
                       "r_tx_alone": ratio(alone["send_ilp"], alone["send_layered"]),
                       "r_rx_alone": ratio(alone["recv_ilp"], alone["recv_layered"])}
                rows.append(row)
                log(f"{cipher:13} {size:6}  MB/s ilp {i['mbs']:7.2f} layered {l_['mbs']:7.2f} ({row['r_mbs']:.2f}x)"
                    f"  send us {i['tx']:7.3f}/{l_['tx']:7.3f} ({row['r_tx']:.2f}x)"
                    f"  recv us {i['rx']:7.3f}/{l_['rx']:7.3f} ({row['r_rx']:.2f}x)"
                    f"  alone: send {row['r_tx_alone']:.2f}x recv {row['r_rx_alone']:.2f}x"
                    f"  retrans {i['retrans']:.0f}/{l_['retrans']:.0f}")
    load1 = os.getloadavg()
    elapsed = (datetime.datetime.now() - started).total_seconds()

    table = render(rows)
    cpu = cpu_model()
    cc_version = subprocess.run([a.cc, "--version"], capture_output=True, text=True).stdout.split("\n")[0]
    header = (f"Command: `python bench/filetransfer/run.py{' --quick' if a.quick else ''}` "
              f"({a.runs} runs per mode, {a.mib} MiB per run = a {FILE_MIB} MiB file x {a.mib // FILE_MIB} copies, "
              f"udp on loopback, modes interleaved; medians).  \n"
              f"Machine: {cpu}, {os.cpu_count()} CPUs, {platform.system()} {platform.release()}; "
              f"{cc_version}, CFLAGS `{a.cflags}`; load average {load0[0]:.1f} before, {load1[0]:.1f} after; "
              f"{started:%Y-%m-%d %H:%M}, {elapsed:.0f} s.\n")
    text = header + "\n" + table
    print(text)
    out = (bdir / "results.md") if a.quick else (HERE / "results.md")
    out.write_text("# File transfer benchmark: ILP against layered\n\n"
                   "Written by `bench/filetransfer/run.py`; see docs/benchmarks-filetransfer.md for how to "
                   "read it.\n\n" + text)
    log(f"wrote {out}")
    if not a.quick and not a.no_doc and DOC.is_file():
        doc = DOC.read_text()
        if BEGIN in doc and END in doc:
            pre, rest = doc.split(BEGIN, 1)
            _, post = rest.split(END, 1)
            DOC.write_text(pre + BEGIN + "\n" + text + END + post)
            log(f"updated the table in {DOC.relative_to(REPO)}")
    return 0


def render(rows: list[dict]) -> str:
    def cell(a: float, b: float) -> str:
        return f"{a:.2f} / {b:.2f} ({ratio(a, b):.2f})"
    out = ["| cipher | max-reply | MB/s ILP / layered (ratio) | ratio per run, min–max | send µs in transfer "
           "| recv µs in transfer | send µs alone | recv µs alone | processing share ILP / layered |",
           "|---|--:|--:|--:|--:|--:|--:|--:|--:|"]
    last = None
    for r in rows:
        i, l_, a = r["ilp"], r["layered"], r["alone"]
        out.append(f"| {r['cipher'] if r['cipher'] != last else ''} | {r['size']} | "
                   f"{i['mbs']:.1f} / {l_['mbs']:.1f} ({r['r_mbs']:.2f}) | "
                   f"{min(r['pairs']):.2f}–{max(r['pairs']):.2f} | {cell(i['tx'], l_['tx'])} | "
                   f"{cell(i['rx'], l_['rx'])} | {cell(a['send_ilp'], a['send_layered'])} | "
                   f"{cell(a['recv_ilp'], a['recv_layered'])} | {100 * r['share']:.1f}% / {100 * r['share_l']:.1f}% |")
        last = r["cipher"]
    return "\n".join(out) + "\n"




if __name__ == "__main__":
    sys.exit(main())
