#!/usr/bin/env python3
"""File transfer benchmark: the complete system, ILP against layered, across transports.

    python bench/filetransfer/run.py [--runs N] [--transports kernel,shm,udp] [--ciphers none,xor,...]
                                     [--sizes 1024,16384,65536] [--loss 0,0.01,0.05] [--mib 256]
                                     [--loss-mib 16] [--cc gcc] [--cflags -O2] [--quick] [--no-doc]
                                     [--no-proc] [--out DIR]

Builds examples/filetransfer (ilpc on the spec, the generated library, ft-server and
ft-client, with CC and CFLAGS) into bench/filetransfer/build, then transfers a 1 MiB file
--mib times over (256 copies: 256 MiB) from ft-server to ft-client on this machine, for every
transport the built programs accept, mode (--mode ilp or layered on both sides), cipher and
largest reply:
  * kernel: the Linux kernel's TCP on 127.0.0.1 (the baseline an application would
    otherwise use: messages batched into 1 MiB writes, read in 1 MiB chunks);
  * shm:    ilpc's user-level TCP over shared memory (a NAME is the address);
  * udp:    ilpc's user-level TCP, one segment per UDP datagram on 127.0.0.1, also with
    --impair loss=P on both ends for every P of --loss other than 0 (--loss-mib per run).
A transport the programs do not accept (an older build) is skipped with a note.  The two
modes of a cell run --runs times, interleaved (alternating which goes first), and every
figure is a median:
  * MB/s: the client's file bytes after the first reply / the time from the first reply
    to the last (RESULT mbs);
  * CPU s/GB, server and client: user + system CPU time of each process (getrusage at the
    end of the transfer; the server's includes reading and hashing the 1 MiB file, the
    client's hashing the first copy) per 10^9 file bytes;
  * processing share, server and client: proc_s (the sum of the per-message times spent in
    the send or receive functions) / the program's wall time of the transfer;
and the ratios ILP/layered per transport, and the targets ILP-over-shm / kernel,
ILP-over-udp / kernel (against the kernel's layered and ILP runs) and ILP/layered over shm.
The authenticated ciphers (chacha20-poly1305, aes-128-gcm) get a random pre-shared key per
run of this script through the environment (ILPC_PSK), never on a command line; aes-128-gcm
has no fused path, so its "ILP" runs are --mode auto (the cost model's path: tiled through
libcrypto), and a note says so.
--no-proc skips proc_bench.c (the send and receive calls alone, as the programs make them
over either TCP, in a loop without the network; CPU time, median of 7 rounds).  Writes bench/filetransfer/results.md,
bench/filetransfer/results/results.json and results/throughput.png, and the table between
the markers in docs/benchmarks-filetransfer.md (not with --quick or --no-doc).  --quick: one
run of 2 MiB, ciphers none and xor (unless --ciphers says otherwise), replies of 1 KiB and
64 KiB, loss 0 and 1 % on udp (a smoke test, results into the build directory or --out).
"""
from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import platform
import random
import re
import select
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
import benchlib  # noqa: E402
from benchlib import BenchError, cpu_model, log, median  # noqa: E402
from ilpc.ciphers import CIPHERS as TABLE, NAMES, by_name  # noqa: E402
REPO = HERE.parent.parent
EXAMPLE = REPO / "examples" / "filetransfer"
DOC = REPO / "docs" / "benchmarks-filetransfer.md"
BEGIN, END = "<!-- BEGIN bench/filetransfer/run.py -->", "<!-- END bench/filetransfer/run.py -->"

TRANSPORTS = ["kernel", "shm", "udp"]
MODES = ["ilp", "layered"]
SIZES = [1024, 16384, 65536]
LOSSES = [0.0, 0.01, 0.05]
CIPHERS = list(NAMES)  # compiler/ciphers.py
# the unit ciphers' keys (compiler/ciphers.py); the authenticated ones take a pre-shared key
KEYS = {c.name: c.bench_key for c in TABLE if not c.aead}
QUICK = [c.name for c in TABLE if c.on_copy]  # --quick: none, xor
# The authenticated ciphers' pre-shared key, for every transfer of this run: in the
# environment of both programs (ILPC_PSK), never on a command line.
PSK_ENV = dict(os.environ, ILPC_PSK=os.urandom(32).hex())


def program_mode(mode: str, cipher: str) -> str:
    """The --mode that measures `mode`: a cipher without a fused path (aes-128-gcm) runs
    its ILP side as --mode auto (the path the cost model picks for it)."""
    c = by_name(cipher) if cipher in NAMES else None
    return "auto" if mode == "ilp" and c is not None and not c.unit_stage else mode
FILE_MIB = 1  # the file; copies = MiB per run / FILE_MIB
# what transfer() returns for each run
METRICS = ["mbs", "cpu_gb_server", "cpu_gb_client", "share_server", "share_client", "tx_us", "rx_us", "retrans",
           "wall_s"]
NAN = float("nan")


def build(out: Path, cc: str, cflags: str) -> None:
    benchlib.make(EXAMPLE, cc=cc, cflags=cflags, variables=[f"BUILD={out}", f"ILPC={shlex.join(benchlib.ilpc_cmd())}"])
    benchlib.compile_strict(cc, cflags, [f"-I{out}", HERE / "proc_bench.c", out / "libfiletransfer.a",
                                         "-o", out / "proc_bench", *benchlib.libcrypto_libs()])


def processing_alone(bdir: Path, cipher: str, size: int) -> dict[str, float]:
    """proc_bench: the same send and receive calls in a loop over 4 MiB of replies, no network."""
    r = subprocess.run([str(bdir / "proc_bench"), cipher, KEYS.get(cipher) or "-", str(size),
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


class Net:
    """How to address a server on each transport.  kernel and udp: the server listens on
    127.0.0.1:0 and prints its port; shm: the address is a NAME both sides use."""

    def __init__(self) -> None:
        self.n = 0

    def listen(self, transport: str) -> str:
        if transport == "shm":
            self.n += 1
            return f"ilpc-ftbench-{os.getpid()}-{self.n}"
        return "127.0.0.1:0"

    @staticmethod
    def connect(transport: str, listen: str, first_line: str) -> str | None:
        if transport == "shm":
            return listen
        m = re.search(r"listening on [0-9.]+:(\d+)", first_line)
        return f"127.0.0.1:{m.group(1)}" if m else None


NET = Net()


def start_server(bdir: Path, root: Path, transport: str, args: list[str]):
    """ft-server --once; returns (process, the client's --server address) or raises."""
    listen = NET.listen(transport)
    srv = subprocess.Popen([str(bdir / "ft-server"), "--transport", transport, "--listen", listen, "--root",
                            str(root), "--once", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           env=PSK_ENV)
    # the server prints one line when it is ready; a server that never does is given up on
    line = srv.stdout.readline() if select.select([srv.stdout], [], [], 20)[0] else ""
    addr = NET.connect(transport, listen, line)
    if srv.poll() is not None or addr is None:
        if srv.poll() is None:
            srv.kill()
        out, err = srv.communicate()
        raise RuntimeError(f"ft-server --transport {transport} did not start (exit {srv.returncode}): "
                           f"{line}{out}{err}".strip())
    return srv, addr


def probe(bdir: Path, root: Path, transport: str) -> str | None:
    """None if the built programs take this transport, else why not."""
    for prog in ("ft-server", "ft-client"):
        h = subprocess.run([str(bdir / prog), "--help"], capture_output=True, text=True, timeout=10).stdout
        m = re.search(r"--transport\s+([\w|]+)", h)
        if m and "|" in m.group(1) and transport not in m.group(1).split("|"):
            return f"{prog} --help offers --transport {m.group(1)}"
    try:
        srv, _ = start_server(bdir, root, transport, ["--timeout", "5"])
    except RuntimeError as e:
        return str(e).splitlines()[0][:300]
    srv.kill()
    srv.communicate()
    return None


def transfer(bdir: Path, root: Path, transport: str, mode: str, cipher: str, max_reply: int, copies: int,
             loss: float, tcp_ao: bool = False, ao_alg: str | None = None) -> dict[str, float]:
    """One transfer; TCP-AO off unless asked for (the programs turn it on by themselves
    whenever there is a pre-shared key, and PSK_ENV gives every run one)."""
    key = ["--key", KEYS[cipher]] if KEYS.get(cipher) else []
    if transport != "kernel":
        key += ["--tcp-ao", "on" if tcp_ao else "off"] + (["--tcp-ao-alg", ao_alg] if tcp_ao and ao_alg else [])
    imp = ["--impair", f"loss={loss},seed={random.randrange(1 << 30)}"] if loss else []
    mode = program_mode(mode, cipher)
    srv, addr = start_server(bdir, root, transport, ["--mode", mode, "--cipher", cipher, *key, "--timeout", "60",
                                                     *imp])
    try:
        cli = subprocess.run([str(bdir / "ft-client"), "--transport", transport, "--server", addr,
                              "--file", "file.bin", "--copies", str(copies), "--max-reply", str(max_reply),
                              "--mode", mode, "--cipher", cipher, *key, "--timeout", "120", *imp],
                             capture_output=True, text=True, timeout=180, env=PSK_ENV)
        sout, serr = srv.communicate(timeout=60)
    finally:
        if srv.poll() is None:
            srv.kill()
            srv.wait()
    if cli.returncode != 0 or srv.returncode != 0:
        raise RuntimeError(f"transfer failed ({transport} {mode} {cipher} {max_reply} loss {loss}):\n"
                           f"{cli.stdout}{cli.stderr}{sout}{serr}")
    c, s = result_line(cli.stdout), result_line(sout)
    data = float(c["bytes"])

    def f(r: dict, k: str) -> float:
        return float(r[k]) if k in r else NAN

    def cpu_gb(r: dict) -> float:
        return (f(r, "cpu_user_s") + f(r, "cpu_sys_s")) / data * 1e9 if data else NAN

    def share(r: dict) -> float:
        w = f(r, "wall_s")
        return f(r, "proc_s") / w if w > 0 else NAN

    return {"mbs": float(c["mbs"]), "cpu_gb_server": cpu_gb(s), "cpu_gb_client": cpu_gb(c),
            "share_server": share(s), "share_client": share(c), "tx_us": f(s, "tx_med_us"),
            "rx_us": f(c, "rx_med_us"), "retrans": f(c, "retrans") + f(s, "retrans"), "wall_s": f(c, "wall_s")}


def ratio(a: float, b: float) -> float:
    return a / b if b and not math.isnan(a) and not math.isnan(b) else NAN


def cells(transports: list[str], ciphers: list[str], sizes: list[int], losses: list[float]) -> list[tuple]:
    """(transport, cipher, size, loss): every transport without loss; udp with every loss."""
    return [(t, c, s, p) for t in transports for c in ciphers for s in sizes
            for p in (losses if t == "udp" else [0.0])]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--transports", default=",".join(TRANSPORTS))
    ap.add_argument("--sizes", default=",".join(map(str, SIZES)))
    ap.add_argument("--ciphers", default=None, help="default: all (" + ",".join(CIPHERS) + "); --quick: " + ",".join(QUICK))
    ap.add_argument("--loss", default=",".join(map(str, LOSSES)), help="loss probabilities on udp (0: none)")
    ap.add_argument("--mib", type=int, default=256,
                    help="MiB per run without loss (copies of a 1 MiB file); at least 64")
    ap.add_argument("--loss-mib", type=int, default=16, help="MiB per run with loss")
    ap.add_argument("--cc", default=os.environ.get("CC", "gcc"))
    ap.add_argument("--cflags", default="-O2")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--no-doc", action="store_true", help="do not rewrite the table in the docs")
    ap.add_argument("--no-proc", action="store_true", help="skip the processing-alone loop (proc_bench)")
    ap.add_argument("--out", type=Path, help="where results go (default: bench/filetransfer; --quick: the build dir)")
    ap.add_argument("--build-dir", type=Path, help="where to build (default bench/filetransfer/build/CC+CFLAGS)")
    a = ap.parse_args()
    transports = a.transports.split(",")
    sizes = [int(x) for x in a.sizes.split(",")]
    ciphers = a.ciphers.split(",") if a.ciphers else list(CIPHERS)
    losses = [float(x) for x in a.loss.split(",")]
    if a.quick:
        a.runs, a.mib, a.loss_mib, sizes, losses = 1, 2, 2, [1024, 65536], [0.0, 0.01]
        ciphers = a.ciphers.split(",") if a.ciphers else list(QUICK)
    unknown = [c for c in ciphers if c not in CIPHERS]
    if unknown:
        ap.error(f"unknown cipher(s) {', '.join(unknown)} (known: {', '.join(CIPHERS)})")
    bdir = a.build_dir or HERE / "build" / f"{Path(a.cc).name}{a.cflags.replace(' ', '')}"
    out_dir = a.out or (bdir if a.quick else HERE)
    log(f"building into {bdir} ({a.cc} {a.cflags})")
    build(bdir, a.cc, a.cflags)

    load0 = os.getloadavg()
    started = datetime.datetime.now()
    random.seed(2024)
    rows, notes = [], []
    with tempfile.TemporaryDirectory(prefix="ilpc-ft-bench-") as tmp:
        root = Path(tmp)
        (root / "file.bin").write_bytes(random.Random(2024).randbytes(FILE_MIB << 20))
        usable = []
        for t in transports:
            why = probe(bdir, root, t)
            if why:
                notes.append(f"transport {t} skipped: {why}")
                log(notes[-1])
            else:
                usable.append(t)
        for c in ciphers:
            if program_mode("ilp", c) != "ilp":
                notes.append(f"{c} has no fused path: its ILP figures are --mode auto (the cost model's path: "
                             f"tiled or layered, by length and compiler), in proc_bench too")
        todo = cells(usable, ciphers, sizes, losses)
        for n, (t, c, s, p) in enumerate(todo):
            mib = a.loss_mib if p else a.mib
            got: dict[str, list[dict[str, float] | None]] = {m: [] for m in MODES}
            for run in range(a.runs):
                for mode in (MODES if (run + n) % 2 == 0 else MODES[::-1]):
                    r = None
                    for attempt in (1, 2):  # a failed transfer is tried once more, then left out
                        try:
                            r = transfer(bdir, root, t, mode, c, s, max(1, mib // FILE_MIB), p)
                            break
                        except (RuntimeError, subprocess.TimeoutExpired) as e:
                            why = str(e).strip().splitlines()
                            log(f"attempt {attempt}: {why[0] if why else e}")
                            if attempt == 2:
                                notes.append(f"{t} {c} {s} loss {p} {mode} run {run + 1} failed twice and is "
                                             f"left out ({why[0] if why else 'no message'})")
                    got[mode].append(r)
            med = {m: {k: median([r[k] for r in got[m] if r]) for k in METRICS} for m in MODES}
            i, l_ = med["ilp"], med["layered"]
            row = {"transport": t, "cipher": c, "size": s, "loss": p, "mib": mib, "runs": a.runs,
                   "ilp": i, "layered": l_, "r_mbs": ratio(i["mbs"], l_["mbs"]),
                   "pairs": [ratio(x["mbs"], y["mbs"]) if x and y else NAN
                             for x, y in zip(got["ilp"], got["layered"])],
                   "raw": got}
            rows.append(row)
            log(f"[{n + 1}/{len(todo)}] {t:6} {c:12} {s:6} loss {p:<5} MB/s ilp {i['mbs']:8.1f} layered "
                f"{l_['mbs']:8.1f} ({row['r_mbs']:.2f}x)  CPU s/GB srv {i['cpu_gb_server']:.2f}/"
                f"{l_['cpu_gb_server']:.2f} cli {i['cpu_gb_client']:.2f}/{l_['cpu_gb_client']:.2f}  "
                f"retrans {fmt(i['retrans'], 0)}/{fmt(l_['retrans'], 0)}")
    alone = []
    if not a.no_proc:
        for c in ciphers:
            for s in sizes:
                alone.append({"cipher": c, "size": s, **processing_alone(bdir, c, s)})
    load1 = os.getloadavg()
    elapsed = (datetime.datetime.now() - started).total_seconds()

    cpu = cpu_model()
    cc_version = subprocess.run([a.cc, "--version"], capture_output=True, text=True).stdout.split("\n")[0]
    meta = {"command": " ".join(["python bench/filetransfer/run.py", *sys.argv[1:]]),
            "runs": a.runs,
            "mib": a.mib, "loss_mib": a.loss_mib, "file_mib": FILE_MIB, "transports": usable, "notes": notes,
            "machine": f"{cpu}, {os.cpu_count()} CPUs, {platform.system()} {platform.release()}",
            "compiler": cc_version, "cflags": a.cflags, "load": [load0[0], load1[0]],
            "started": f"{started:%Y-%m-%d %H:%M}", "elapsed_s": round(elapsed)}
    text = render(meta, rows, alone)
    print(text)
    res_dir = out_dir / "results"
    res_dir.mkdir(parents=True, exist_ok=True)
    md = out_dir / "results.md"
    md.write_text("# File transfer benchmark: the complete system across transports\n\n"
                  "Written by `bench/filetransfer/run.py`; see docs/benchmarks-filetransfer.md for how to "
                  "read it.\n\n" + text)
    (res_dir / "results.json").write_text(json.dumps({"meta": meta, "rows": rows, "alone": alone}, indent=1) + "\n")
    log(f"wrote {md} and {res_dir / 'results.json'}")
    try:
        plot(rows, res_dir / "throughput.png")
        log(f"wrote {res_dir / 'throughput.png'}")
    except ImportError:
        log("matplotlib is not installed: no plot (pip install matplotlib)")
    if not a.quick and not a.no_doc and benchlib.replace_section(DOC, BEGIN, END, text):
        log(f"updated the table in {DOC.relative_to(REPO)}")
    return 0


def fmt(x: float, d: int = 2) -> str:
    return "–" if x is None or math.isnan(x) else f"{x:.{d}f}"


def pct(x: float) -> str:
    return "–" if math.isnan(x) else f"{100 * x:.1f}%"


def render(meta: dict, rows: list[dict], alone: list[dict]) -> str:
    out = [f"Command: `{meta['command']}` ({meta['runs']} runs per mode and cell, {meta['mib']} MiB per run "
           f"without loss and {meta['loss_mib']} MiB with loss, copies of a {meta['file_mib']} MiB file, on "
           f"one machine, modes interleaved; medians).  \n"
           f"Machine: {meta['machine']}; {meta['compiler']}, CFLAGS `{meta['cflags']}`; load average "
           f"{meta['load'][0]:.1f} before, {meta['load'][1]:.1f} after; {meta['started']}, {meta['elapsed_s']} s.  \n"
           f"Transports measured: {', '.join(meta['transports']) or 'none'}."]
    for n in meta["notes"]:
        out.append(f"Note: {n}.")
    out.append("")
    out.append("| transport | cipher | max-reply | loss | MB/s ILP / layered (ratio) | ratio per run, min–max "
               "| CPU s/GB server ILP / layered | CPU s/GB client ILP / layered | processing share server "
               "ILP / layered | processing share client ILP / layered | retransmissions ILP / layered |")
    out.append("|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
    last = None
    for r in rows:
        i, l_ = r["ilp"], r["layered"]
        key = (r["transport"], r["cipher"])
        pairs = [p for p in r["pairs"] if not math.isnan(p)] or [NAN]
        out.append(f"| {r['transport'] if key != last else ''} | {r['cipher'] if key != last else ''} | {r['size']} "
                   f"| {100 * r['loss']:g}% | {fmt(i['mbs'], 1)} / {fmt(l_['mbs'], 1)} ({fmt(r['r_mbs'])}) | "
                   f"{fmt(min(pairs))}–{fmt(max(pairs))} | {fmt(i['cpu_gb_server'])} / {fmt(l_['cpu_gb_server'])} | "
                   f"{fmt(i['cpu_gb_client'])} / {fmt(l_['cpu_gb_client'])} | {pct(i['share_server'])} / "
                   f"{pct(l_['share_server'])} | {pct(i['share_client'])} / {pct(l_['share_client'])} | "
                   f"{fmt(i['retrans'], 0)} / {fmt(l_['retrans'], 0)} |")
        last = key
    out.append("")
    # ILP/layered by transport: one line per transport and loss, the ratios by cipher and size
    sizes = sorted({r["size"] for r in rows})
    ciphers = [c for c in CIPHERS if any(r["cipher"] == c for r in rows)]
    ciphers += sorted({r["cipher"] for r in rows} - set(ciphers))
    lines = sorted({(r["transport"], r["loss"]) for r in rows}, key=lambda x: (TRANSPORTS.index(x[0])
                                                                              if x[0] in TRANSPORTS else 9, x[1]))
    if rows:
        out.append("ILP / layered throughput by transport (medians; each cell: "
                   + " / ".join(f"{s} B" for s in sizes) + "):\n")
        out.append("| transport | loss | " + " | ".join(ciphers) + " |")
        out.append("|---|--:|" + "--:|" * len(ciphers))
        for t, p in lines:
            cells_ = []
            for c in ciphers:
                rs = {r["size"]: r for r in rows if (r["transport"], r["loss"], r["cipher"]) == (t, p, c)}
                cells_.append(" / ".join(fmt(rs[s]["r_mbs"]) if s in rs else "–" for s in sizes))
            out.append(f"| {t} | {100 * p:g}% | " + " | ".join(cells_) + " |")
        out.append("")
    # the targets: ILP over each user-level transport against the kernel's TCP, and ILP/layered over shm
    by = {(r["transport"], r["cipher"], r["size"]): r for r in rows if r["loss"] == 0}
    tgt = []
    for (t, c, s), r in by.items():
        if t != "kernel":
            continue
        k = r
        row = [c, str(s)]
        for u in ("shm", "udp"):
            x = by.get((u, c, s))
            row += [fmt(ratio(x["ilp"]["mbs"], k["layered"]["mbs"])) if x else "–",
                    fmt(ratio(x["ilp"]["mbs"], k["ilp"]["mbs"])) if x else "–"]
        x = by.get(("shm", c, s))
        row.append(fmt(x["r_mbs"]) if x else "–")
        tgt.append("| " + " | ".join(row) + " |")
    if tgt:
        out.append("Targets (throughput ratios, medians; \"kernel\" is the same program over the kernel's TCP, in "
                   "the mode named):\n")
        out.append("| cipher | max-reply | ILP-over-shm / kernel layered | ILP-over-shm / kernel ILP | "
                   "ILP-over-udp / kernel layered | ILP-over-udp / kernel ILP | ILP/layered over shm |")
        out.append("|---|--:|--:|--:|--:|--:|--:|")
        out += tgt
        out.append("")
    if alone:
        def pair(x: dict, a: str, b: str) -> str:
            if a not in x or b not in x:
                return "–"
            return f"{x[a]:.2f} / {x[b]:.2f} ({fmt(ratio(x[a], x[b]))})"
        out.append("The send and receive calls alone (proc_bench.c, no network; µs per message, CPU time, median "
                   "of 7 rounds), as the programs make them over the user-level TCP and over the kernel's TCP:\n")
        out.append("| cipher | max-reply | user-level TCP: send ILP / layered (ratio) | receive ILP / layered "
                   "(ratio) | kernel TCP: send ILP / layered (ratio) | receive ILP / layered (ratio) |")
        out.append("|---|--:|--:|--:|--:|--:|")
        for x in alone:
            out.append(f"| {x['cipher']} | {x['size']} | {pair(x, 'send_ilp', 'send_layered')} | "
                       f"{pair(x, 'recv_ilp', 'recv_layered')} | {pair(x, 'send_ilp_k', 'send_layered_k')} | "
                       f"{pair(x, 'recv_ilp_k', 'recv_layered_k')} |")
        out.append("")
    return "\n".join(out)


def plot(rows: list[dict], path: Path) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    base = [r for r in rows if r["loss"] == 0]
    sizes = sorted({r["size"] for r in base})
    fig, axes = plt.subplots(1, max(1, len(sizes)), figsize=(5.5 * max(1, len(sizes)), 4.6), squeeze=False)
    transports = [t for t in TRANSPORTS if any(r["transport"] == t for r in base)]
    ciphers = [c for c in CIPHERS if any(r["cipher"] == c for r in base)]
    w = 0.8 / max(1, 2 * len(transports))
    for ax, s in zip(axes[0], sizes):
        for j, t in enumerate(transports):
            for k, m in enumerate(MODES):
                xs, ys = [], []
                for ci, c in enumerate(ciphers):
                    r = next((r for r in base if (r["transport"], r["cipher"], r["size"]) == (t, c, s)), None)
                    if r:
                        xs.append(ci - 0.4 + (2 * j + k + 0.5) * w)
                        ys.append(r[m]["mbs"])
                ax.bar(xs, ys, w, color=f"C{j}", alpha=1.0 if m == "ilp" else 0.45, label=f"{t} {m}")
        ax.set_xticks(range(len(ciphers)))
        ax.set_xticklabels(ciphers, fontsize=8)
        ax.set_title(f"largest reply {s} bytes", fontsize=9)
        ax.set_ylabel("MB/s (median)")
        ax.grid(alpha=0.3, axis="y")
    axes[0][0].legend(fontsize=7)
    fig.suptitle("File transfer, complete system: throughput by transport, mode and cipher (no loss)", fontsize=10)
    fig.tight_layout(rect=(0, 0, 1, 0.94))
    fig.savefig(path, dpi=100)
    plt.close(fig)


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BenchError as e:
        sys.exit(f"build failed: {e}")
