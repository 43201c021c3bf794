"""Tests of the runtime's user-level TCP (runtime/ilpc_tcp*.c, ilpc_stack.c,
the ring, the transports and the impairment layer).

The C programs in tests/c/tcp are compiled here with gcc and clang (strict
C11 warnings as errors, AddressSanitizer + UndefinedBehaviorSanitizer), and run:
  * test_tcp_segments: crafted segments in, exact replies asserted;
  * test_tcp_sim: a deterministic simulated network (virtual clock, seeded
    loss/duplication/reordering/delay/corruption) across many seeds and rates;
  * valgrind memcheck on one run of each;
  * tun_peer: ilpc <-> ilpc over UDP, and ilpc <-> the Linux kernel's TCP over
    a TUN device in a network namespace (needs root and /dev/net/tun).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from conftest import SANITIZE_CFLAGS
from ilpc.runtime_files import needed_sources
from netns import make_netns, needs_tun

pytestmark = [pytest.mark.cbuild, pytest.mark.sanitizers]

ROOT = Path(__file__).resolve().parents[1]
RUNTIME = ROOT / "runtime"
CDIR = ROOT / "tests" / "c" / "tcp"


def _needs(main: str) -> list[str]:
    """What a program links: the runtime files it uses (ilpc.runtime_files)."""
    return needed_sources([CDIR / main], RUNTIME)


WARN = ["-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic"]
VARIANTS = {
    "asan": SANITIZE_CFLAGS,
    "opt": ["-O2", "-g"],
    "vg": ["-O0", "-g"],
}
PROGRAMS = {
    "seg": ("test_tcp_segments.c", _needs("test_tcp_segments.c")),
    "sim": ("test_tcp_sim.c", _needs("test_tcp_sim.c")),
    "peer": ("tun_peer.c", _needs("tun_peer.c")),
    "shm": ("test_shm.c", _needs("test_shm.c")),  # includes ilpc_transport_shm.c itself (white box)
    "paths": ("test_tcp_paths.c", _needs("test_tcp_paths.c")),
}
# the TCP part of the runtime: what the programs link, and the shm transport
MINE = sorted({f for _, libs in PROGRAMS.values() for f in libs} | {"ilpc_transport_shm.c"})


def _libcrypto() -> tuple[list[str], list[str]]:
    """Compiler and linker flags for libcrypto (TCP-AO), or nothing without it."""
    if not shutil.which("pkg-config") or subprocess.run(["pkg-config", "--exists", "libcrypto >= 3"]).returncode:
        return [], []
    cflags = subprocess.run(["pkg-config", "--cflags", "libcrypto"], capture_output=True, text=True).stdout.split()
    libs = subprocess.run(["pkg-config", "--libs", "libcrypto"], capture_output=True, text=True).stdout.split()
    return ["-DILPC_HAVE_LIBCRYPTO=1", *cflags], libs or ["-lcrypto"]


CRYPTO_CFLAGS, CRYPTO_LIBS = _libcrypto()
COMPILERS = [cc for cc in ("gcc", "clang") if shutil.which(cc)]
SAN_ENV = dict(os.environ, ASAN_OPTIONS="detect_leaks=1:abort_on_error=0",
               UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1")


class _Builder:
    """The test programs, built from objects: each runtime file is compiled once per
    compiler and variant (and with or without libcrypto) and linked into every program
    that uses it, instead of once per program."""

    def __init__(self, outdir: Path):
        self.outdir = outdir
        self.done: dict[tuple, Path] = {}
        self.lock = threading.Lock()

    def _compile(self, cc: str, variant: str, src: Path, crypto: bool = True) -> Path:
        key = (cc, variant, crypto, str(src))
        if key not in self.done:
            d = self.outdir / f"obj-{cc}-{variant}{'' if crypto else '-nocrypto'}"
            d.mkdir(exist_ok=True)
            obj = d / (src.stem + ".o")
            cmd = [cc, *WARN, *VARIANTS[variant], *(CRYPTO_CFLAGS if crypto else []), f"-I{RUNTIME}", f"-I{CDIR}",
                   "-c", str(src), "-o", str(obj)]
            r = subprocess.run(cmd, capture_output=True, text=True)
            assert r.returncode == 0, f"build failed: {' '.join(cmd)}\n{r.stderr}"
            self.done[key] = obj
        return self.done[key]

    def objects(self, cc: str, variant: str, files: list[str], crypto: bool = True) -> list[Path]:
        """The runtime FILES compiled (strict warnings as errors) with CC and VARIANT."""
        with self.lock:
            return [self._compile(cc, variant, RUNTIME / f, crypto) for f in files]

    def __call__(self, cc: str, variant: str, prog: str) -> Path:
        main, libs = PROGRAMS[prog]
        objs = self.objects(cc, variant, libs)
        with self.lock:
            key = (cc, variant, prog)
            if key not in self.done:
                exe = self.outdir / f"{prog}-{cc}-{variant}"
                cmd = [cc, *VARIANTS[variant], *map(str, objs), str(self._compile(cc, variant, CDIR / main)),
                       "-o", str(exe), *CRYPTO_LIBS]
                r = subprocess.run(cmd, capture_output=True, text=True)
                assert r.returncode == 0, f"link failed: {' '.join(cmd)}\n{r.stderr}"
                self.done[key] = exe
            return self.done[key]


@pytest.fixture(scope="session")
def build(tmp_path_factory):
    return _Builder(tmp_path_factory.mktemp("tcp-bin"))


def run(cmd, timeout=120, env=None, **kw):
    return subprocess.run([str(c) for c in cmd], capture_output=True, text=True, timeout=timeout,
                          env=env or SAN_ENV, **kw)


# --------------------------------------------------------------- compiling

@pytest.mark.parametrize("cc", COMPILERS)
def test_runtime_compiles_strict(build, cc):
    """Every TCP runtime file is clean under -std=c11 -Wall -Wextra -Werror -pedantic, at
    -O0 and -O2, with libcrypto (TCP-AO) and without (the objects the programs link)."""
    for variant in ("vg", "opt"):
        build.objects(cc, variant, MINE)
    build.objects(cc, "vg", MINE, crypto=False)


# ------------------------------------------------------- segment unit tests

def _segment_cases() -> list[str]:
    """The case names of test_tcp_segments.c (its CASES table), read from the
    source so that collecting needs no compiler."""
    import re
    text = (CDIR / "test_tcp_segments.c").read_text()
    return re.findall(r"^\s*CASE\((\w+)\),", text, re.M)


SEGMENT_CASES = _segment_cases()


def test_segment_case_list(build):
    """The program's --list agrees with the cases collected here."""
    exe = build(COMPILERS[0], "asan", "seg")
    r = run([exe, "--list"])
    assert r.returncode == 0 and r.stdout.split() == SEGMENT_CASES


@pytest.mark.parametrize("case", SEGMENT_CASES)
@pytest.mark.parametrize("cc", COMPILERS)
def test_segments(build, cc, case):
    """One crafted-segment case (exact replies asserted) under ASan+UBSan."""
    exe = build(cc, "asan", "seg")
    r = run([exe, case])
    assert r.returncode == 0, r.stdout + r.stderr
    assert " 0 failed" in r.stdout


# ------------------------------------------------ paths, RFC 5961, TCP-AO

def _paths_cases() -> list[str]:
    import re
    return re.findall(r"^\s*(?:AO_)?CASE\((\w+)\),", (CDIR / "test_tcp_paths.c").read_text(), re.M)


@pytest.mark.parametrize("cc", COMPILERS)
def test_paths_rfc5961_tcp_ao(build, cc):
    """tests/c/tcp/test_tcp_paths.c, a hostile peer segment by segment on a transport with
    outer paths: two peers with the same ports are two connections; blind segments from
    other paths change nothing and are answered nowhere; a rebinding peer's path is
    validated with a challenge before anything goes there; RFC 5961's ACK check and
    challenge-ACK limit; TCP-AO (with libcrypto) drops unsigned and forged segments
    silently, signs every reply, follows sequence number wraps.  ASan + UBSan."""
    exe = build(cc, "asan", "paths")
    r = run([exe, "--list"])
    assert r.returncode == 0 and r.stdout.split() == _paths_cases()
    r = run([exe])
    assert r.returncode == 0 and " 0 failures" in r.stdout, r.stdout + r.stderr
    if CRYPTO_LIBS:
        assert "(0 skipped)" in r.stdout, r.stdout


# ------------------------------------------------------------ shm transport

@pytest.mark.parametrize("cc", COMPILERS)
@pytest.mark.parametrize("fallback", [False, True], ids=["memfd-eventfd", "devshm-socketwake"])
def test_shm_transport(build, cc, fallback):
    """tests/c/tcp/test_shm.c: sizes and wrap-around, batching, recv_ref lifetime, a full
    ring, corrupted descriptors and indices (ILPC_EIO), peers killed with SIGKILL (both
    roles, and through a TCP connection), under ASan + UBSan; again with the fallbacks
    (a file under /dev/shm, wake-ups on the meeting socket)."""
    exe = build(cc, "asan", "shm")
    env = dict(SAN_ENV, ILPC_SHM_NO_MEMFD="1", ILPC_SHM_NO_EVENTFD="1") if fallback else SAN_ENV
    r = run([exe], timeout=120, env=env)
    assert r.returncode == 0, r.stdout + r.stderr
    assert " 0 failed" in r.stdout
    assert ("file under /dev/shm" in r.stdout) == fallback


@pytest.mark.valgrind
@pytest.mark.skipif(not shutil.which("valgrind"), reason="valgrind not installed")
def test_shm_transport_valgrind(build):
    exe = build(COMPILERS[0], "vg", "shm")
    r = run(["valgrind", "-q", "--error-exitcode=99", "--leak-check=full", "--trace-children=no", exe],
            timeout=300, env=dict(os.environ))
    assert r.returncode == 0, r.stdout + r.stderr
    assert " 0 failed" in r.stdout


# ---------------------------------------------------------- network simulation

SIM_RATES = [0.0, 0.05, 0.1, 0.2, 0.3]
SIM_SEEDS = range(1, 7)


def sim_args(rate, seed, extra=()):
    return ["--seed", seed, "--loss", rate, "--dup", rate, "--reorder", rate, "--delay", rate,
            "--corrupt", rate, *extra]


def check_sim(r, must_complete):
    out = r.stdout + r.stderr
    assert "WRONG" not in out and "HANG" not in out and "LIVELOCK" not in out, out
    if must_complete:
        assert r.returncode == 0, out
        assert "result=ok" in r.stdout, out
    else:
        # heavy impairment: completing or a clean error (ETIMEDOUT) are both fine
        assert r.returncode in (0, 3), out


@pytest.mark.parametrize("cc", COMPILERS)
@pytest.mark.parametrize("rate", SIM_RATES)
def test_sim_seeds(build, cc, rate):
    """3 connections x 100 kB of framed messages, all impairments at `rate`."""
    exe = build(cc, "asan", "sim")
    for seed in SIM_SEEDS:
        bidir = ["--bidir", seed % 2]  # odd seeds: both ends send and verify a stream
        r = run([exe, *sim_args(rate, seed, ["--conns", 3, "--bytes", 100000, *bidir])])
        check_sim(r, must_complete=rate <= 0.1)


@pytest.mark.parametrize("rate", [0.2, 0.3])
def test_sim_heavy_impairment_completes_with_patience(build, rate):
    """With enough retries even 30% of everything does not stop a transfer:
    a failure here is a protocol stall, not bad luck."""
    exe = build(COMPILERS[-1], "asan", "sim")
    for seed in range(11, 17):
        r = run([exe, *sim_args(rate, seed, ["--conns", 3, "--bytes", 60000, "--bidir", 1, "--max-retries", 40])])
        check_sim(r, must_complete=True)


def _vtime_ms(r) -> int:
    return int(r.stdout.split("vtime_ms=")[1].split()[0])


def _counters(r, tag: str) -> dict[str, int]:
    line = next(ln for ln in r.stdout.splitlines() if ln.startswith(tag + ":"))
    return {k: int(v) for k, v in (w.split("=") for w in line.split()[1:])}


HEAVY = ["--conns", 1, "--bytes", 1 << 20, "--max-msg", 1024, "--bidir", 1, "--max-retries", 40]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_sim_heavy_mixed_impairment_fast(build, seed, record_property):
    """1 MiB each way in messages of up to 1 KiB through 20% loss, 10%
    reordering, 5% duplication and 5% corruption in both directions: SACK
    recovery (with lost-retransmission detection and loss probes) finishes
    in well under 5 s of virtual time."""
    exe = build(COMPILERS[0], "opt", "sim")
    r = run([exe, "--seed", seed, "--loss", 0.2, "--reorder", 0.1, "--dup", 0.05, "--corrupt", 0.05, *HEAVY])
    check_sim(r, must_complete=True)
    vt = _vtime_ms(r)
    record_property("vtime_ms", vt)
    print(f"seed {seed}: vtime {vt} ms")
    assert vt < 2500, r.stdout
    o = _counters(r, "options")
    assert o["sack_in"] > 0 and o["sack_out"] > 0 and o["recoveries"] > 0 and o["ts_rtt"] > 0, r.stdout


@pytest.mark.parametrize("seed", [1, 2])
def test_sim_30pct_loss_finishes(build, seed, record_property):
    """30% loss both ways (with 10% reordering and 5% duplication): 1 MiB
    each way finishes in well under a minute of virtual time."""
    exe = build(COMPILERS[0], "opt", "sim")
    r = run([exe, "--seed", seed, "--loss", 0.3, "--reorder", 0.1, "--dup", 0.05, *HEAVY])
    check_sim(r, must_complete=True)
    vt = _vtime_ms(r)
    record_property("vtime_ms", vt)
    print(f"seed {seed}: vtime {vt} ms")
    assert vt < 60000, r.stdout


def test_sim_options_off_still_work(build):
    """Window scaling, timestamps, SACK and delayed ACKs each off: plain
    RFC 9293 + NewReno still completes under impairment."""
    exe = build(COMPILERS[0], "asan", "sim")
    for flags in (["--wscale", 0], ["--ts", 0], ["--sack", 0], ["--ack-delay-ms", 0],
                  ["--wscale", 0, "--ts", 0, "--sack", 0]):
        r = run([exe, *sim_args(0.1, 5, ["--conns", 2, "--bytes", 60000, "--max-retries", 30, *flags])])
        check_sim(r, must_complete=True)
        if "--sack" in flags:
            assert _counters(r, "options")["sack_in"] == 0, r.stdout


def test_sim_big_buffers_scaled_window(build):
    """4 MiB buffers: the window is scaled, the pipe stays full (no loss: no
    retransmission, a single RTT per window)."""
    exe = build(COMPILERS[0], "asan", "sim")
    r = run([exe, "--rxbuf", 4 << 20, "--txbuf", 4 << 20, "--conns", 1, "--bytes", 8 << 20, "--max-msg", 60000])
    check_sim(r, must_complete=True)
    assert _counters(r, "client")["retrans"] == 0, r.stdout


def test_sim_window_scaling_fills_the_pipe(build, record_property):
    """40 ms RTT, 8 MiB: with 4 MiB buffers and a scaled window the transfer
    takes a few RTTs of slow start; with 64 KiB unscaled it is window-bound
    (one 64 KiB window per RTT)."""
    exe = build(COMPILERS[0], "opt", "sim")
    common = ["--latency-ms", 20, "--conns", 1, "--bytes", 8 << 20, "--max-msg", 60000]
    big = run([exe, *common, "--rxbuf", 4 << 20, "--txbuf", 4 << 20])
    small = run([exe, *common, "--rxbuf", 65536, "--txbuf", 65536, "--wscale", 0])
    check_sim(big, must_complete=True)
    check_sim(small, must_complete=True)
    tb, ts = _vtime_ms(big), _vtime_ms(small)
    record_property("vtime_ms_4MiB", tb)
    record_property("vtime_ms_64KiB", ts)
    print(f"4 MiB scaled: {tb} ms, 64 KiB unscaled: {ts} ms")
    assert tb * 5 < ts and tb < 1500, (big.stdout, small.stdout)


@pytest.mark.parametrize("rate", [0.0, 0.05, 0.15])
def test_sim_jumbo_segments(build, rate):
    """A mem transport with 256 KiB segments (as a shared-memory transport
    may have): messages up to 600 kB, ILP and layered sends, both ways, under
    impairment, with window scaling and SACK."""
    exe = build(COMPILERS[0], "asan", "sim")
    for seed in (1, 2):
        r = run([exe, "--seed", seed, "--max-seg", 256 * 1024, "--rxbuf", 4 << 20, "--txbuf", 4 << 20,
                 "--max-msg", 600000, "--conns", 1, "--bytes", 4 << 20, "--bidir", 1, "--max-retries", 30,
                 "--loss", rate, "--reorder", rate, "--dup", rate, "--corrupt", rate])
        check_sim(r, must_complete=True)


SIM_VARIANTS = {
    "small-rx-pauses": ["--rxbuf", 4096, "--pause-ms", 30, "--max-msg", 1000],
    "big-messages": ["--max-msg", 20000, "--conns", 1, "--bytes", 400000],
    "many-conns": ["--conns", 8, "--bytes", 30000, "--max-msg", 200],
    "msg-larger-than-rx": ["--rxbuf", 2000, "--max-msg", 5000, "--pause-ms", 7],
    "ilp-only-no-hook": ["--ilp", 1, "--hook", 0, "--max-msg", 64, "--bytes", 60000],
    "layered-only": ["--ilp", 0, "--max-msg", 1400],
    "tiny-rings": ["--txbuf", 4096, "--max-msg", 4000, "--rxbuf", 1024],
}


@pytest.mark.parametrize("name", sorted(SIM_VARIANTS))
def test_sim_variants(build, name):
    exe = build(COMPILERS[0], "asan", "sim")
    for seed in range(1, 5):
        for rate in (0.0, 0.1, 0.25):
            r = run([exe, *sim_args(rate, seed, SIM_VARIANTS[name]), "--max-retries", 30])
            check_sim(r, must_complete=True)


def test_sim_fused_receive_is_used(build):
    exe = build(COMPILERS[0], "asan", "sim")
    r = run([exe, "--max-msg", 1000, "--bytes", 200000, "--conns", 1])
    check_sim(r, must_complete=True)
    fused = int(r.stdout.split("fused=")[1].split()[0])
    assert fused > 10, r.stdout


def test_sim_deterministic(build):
    exe = build(COMPILERS[0], "opt", "sim")
    args = sim_args(0.15, 9, ["--conns", 2])
    a, b = run([exe, *args]), run([exe, *args])
    assert a.stdout == b.stdout and a.returncode == b.returncode


def test_sim_gives_up_cleanly(build):
    """A dead link ends in ETIMEDOUT, not in a hang or a wrong byte."""
    exe = build(COMPILERS[0], "asan", "sim")
    r = run([exe, "--impair", "loss=1.0", "--max-retries", 4, "--conns", 1])
    assert r.returncode == 3, r.stdout + r.stderr
    assert "timed out" in r.stdout


# ------------------------------------------------------------------ valgrind

needs_valgrind = pytest.mark.skipif(not shutil.which("valgrind"), reason="valgrind not installed")
VALGRIND = ["valgrind", "-q", "--error-exitcode=1", "--leak-check=full", "--errors-for-leak-kinds=all"]


@pytest.mark.valgrind
@needs_valgrind
def test_valgrind_segments(build):
    exe = build(COMPILERS[0], "vg", "seg")
    r = run([*VALGRIND, exe], timeout=300, env=os.environ.copy())
    assert r.returncode == 0, r.stdout + r.stderr


@pytest.mark.valgrind
@needs_valgrind
def test_valgrind_sim(build):
    exe = build(COMPILERS[0], "vg", "sim")
    r = run([*VALGRIND, exe, *sim_args(0.1, 4, ["--conns", 2, "--bytes", 60000])], timeout=300,
            env=os.environ.copy())
    assert r.returncode == 0, r.stdout + r.stderr


# ------------------------------------------------------------ UDP transport

def free_udp_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize("impair", [None, "loss=0.05,dup=0.03,reorder=0.05,corrupt=0.03,delay=0.02"])
def test_udp_ilpc_to_ilpc(build, tmp_path, impair):
    """Two ilpc processes over the UDP 'kernel part', 1 MiB each way at once."""
    exe = build(COMPILERS[0], "asan", "peer")
    a, b = tmp_path / "a.bin", tmp_path / "b.bin"
    a.write_bytes(os.urandom(1 << 20))
    b.write_bytes(os.urandom((1 << 20) + 12345))
    ps, pc = free_udp_port(), free_udp_port()
    imp = ["--impair", impair + ",seed=3"] if impair else []
    imp2 = ["--impair", impair + ",seed=4"] if impair else []
    server = subprocess.Popen([str(exe), "--transport", "udp", "--bind", f"127.0.0.1:{ps}", "--listen", str(ps),
                               "--send", str(b), "--out", str(tmp_path / "srv_got"), "--timeout-s", "60", *imp],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=SAN_ENV)
    time.sleep(0.3)
    client = run([exe, "--transport", "udp", "--bind", f"127.0.0.1:{pc}", "--connect", f"127.0.0.1:{ps}",
                  "--send", a, "--out", tmp_path / "cli_got", "--timeout-s", "60", *imp2], timeout=90)
    sout, serr = server.communicate(timeout=90)
    assert client.returncode == 0, client.stderr
    assert server.returncode == 0, serr
    assert (tmp_path / "srv_got").read_bytes() == a.read_bytes()
    assert (tmp_path / "cli_got").read_bytes() == b.read_bytes()


# --------------------------------------------- interoperability with Linux TCP

LINUX_PEER = r'''
import socket, sys, threading
mode, addr, port, send_path, out_path = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5]
ao = sys.argv[6:]   # TCP-AO: the peer's address, the algorithm, the master key in hex
data = open(send_path, "rb").read()

def tcp_ao(sock):
    # struct tcp_ao_add (linux/tcp.h): the peer (a sockaddr_storage), the algorithm,
    # ifindex, flags (set_current, set_rnext), reserved, prefix, SendID, RecvID,
    # MAC length, key flags, key length, key[80]; aligned to 8
    import struct
    peer, alg, key = ao[0], ao[1], bytes.fromhex(ao[2])
    sa = struct.pack("=H", socket.AF_INET) + struct.pack("!H4s", 0, socket.inet_aton(peer))
    blob = (sa.ljust(128, b"\0") + alg.encode().ljust(64, b"\0") + struct.pack("=iIHBBBBBB", 0, 3, 0, 32, 1, 1, 12,
            0, len(key)) + key.ljust(80, b"\0"))
    sock.setsockopt(socket.IPPROTO_TCP, 38, blob.ljust((len(blob) + 7) // 8 * 8, b"\0"))   # TCP_AO_ADD_KEY

if mode == "server":
    ls = socket.socket()
    ls.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if ao:
        tcp_ao(ls)
    ls.bind((addr, port)); ls.listen(1); ls.settimeout(60)
    print("LISTENING", flush=True)
    s, _ = ls.accept()
else:
    s = socket.socket()
    if ao:
        tcp_ao(s)
    s.settimeout(60)
    s.connect((addr, port))
s.settimeout(60)
def sender():
    s.sendall(data)
    s.shutdown(socket.SHUT_WR)
th = threading.Thread(target=sender); th.start()
got = bytearray()
while True:
    b = s.recv(65536)
    if not b:
        break
    got += b
th.join(); s.close()
open(out_path, "wb").write(got)
print("DONE", len(got), flush=True)
'''



KERNEL_IP, ILPC_IP = "10.201.0.1", "10.201.0.2"


@pytest.fixture
def netns():
    """A fresh network namespace with tun0 up and the kernel at KERNEL_IP/24 on it."""
    with make_netns("ilpc-tcp", KERNEL_IP) as name:
        yield name


def _interop(build, tmp_path, ns, direction, size, impair=None, layered=False, tx_loss=None, ao=None):
    exe = build(COMPILERS[0], "opt", "peer")
    script = tmp_path / "linux_peer.py"
    script.write_text(LINUX_PEER)
    to_linux, to_ilpc = tmp_path / "to_linux.bin", tmp_path / "to_ilpc.bin"
    to_linux.write_bytes(os.urandom(size))
    to_ilpc.write_bytes(os.urandom(size // 2 + 777))
    got_linux, got_ilpc = tmp_path / "got_linux.bin", tmp_path / "got_ilpc.bin"
    port = 5555
    ilpc_cmd = ["ip", "netns", "exec", ns, str(exe), "--transport", "tun", "--dev", "tun0", "--local", ILPC_IP,
                "--send", str(to_linux), "--out", str(got_ilpc), "--timeout-s", "60"]
    if impair:
        ilpc_cmd += ["--impair", impair]
    if layered:
        ilpc_cmd += ["--layered"]
    if tx_loss:
        ilpc_cmd += ["--tx-loss", str(tx_loss)]
    if ao:  # (algorithm as ilpc names it, as Linux names it, key)
        ilpc_cmd += ["--ao-alg", ao[0], "--ao-key", ao[2]]
    py = ["ip", "netns", "exec", ns, sys.executable, str(script)]
    lin_ao = [ILPC_IP, ao[1], ao[2]] if ao else []
    if direction == "ilpc-client":
        lin = subprocess.Popen(py + ["server", KERNEL_IP, str(port), str(to_ilpc), str(got_linux), *lin_ao],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert lin.stdout.readline().strip() == "LISTENING"
        ilpc = run(ilpc_cmd + ["--connect", f"{KERNEL_IP}:{port}"], timeout=90, env=os.environ.copy())
        lout, lerr = lin.communicate(timeout=90)
    else:
        ilpcp = subprocess.Popen(ilpc_cmd + ["--listen", str(port)], stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True)
        time.sleep(0.5)
        lin = run(py + ["client", ILPC_IP, str(port), str(to_ilpc), str(got_linux), *lin_ao], timeout=90,
                  env=os.environ.copy())
        lout, lerr = lin.stdout, lin.stderr
        out, err = ilpcp.communicate(timeout=90)
        ilpc = subprocess.CompletedProcess(ilpcp.args, ilpcp.returncode, out, err)
    assert ilpc.returncode == 0, ilpc.stderr
    assert lin.returncode == 0, lerr
    assert "DONE" in lout
    sha = lambda p: hashlib.sha256(Path(p).read_bytes()).hexdigest()  # noqa: E731
    assert sha(got_linux) == sha(to_linux), "bytes from ilpc to Linux differ"
    assert sha(got_ilpc) == sha(to_ilpc), "bytes from Linux to ilpc differ"
    return ilpc.stderr


def _kv(log: str, tag: str) -> dict[str, int]:
    """The key=value pairs of tun_peer's line starting with 'tun_peer: <tag> '."""
    for line in log.splitlines():
        if line.startswith(f"tun_peer: {tag} "):
            return {k: int(v) for k, v in (w.split("=") for w in line.split()[2:])}
    raise AssertionError(f"no '{tag}' line in:\n{log}")


def assert_linux_options(log: str, impaired: bool = False):
    """Linux offers window scaling, timestamps and SACK by default: all three
    must be negotiated, and used (scaled windows both ways, RTT samples from
    echoed timestamps, SACK blocks sent for the impaired input)."""
    o, u = _kv(log, "options"), _kv(log, "usage")
    print("\n".join(ln for ln in log.splitlines() if ln.startswith("tun_peer:")))
    assert o["wscale"] == 1 and o["ts"] == 1 and o["sack"] == 1, log
    assert o["snd_wscale"] > 0 and o["rcv_wscale"] > 0, log
    assert o["seg_payload"] == o["mss"] - 12, log  # the timestamp option rides on every segment
    assert u["ts_rtt"] > 0, log
    if impaired:
        assert u["sack_out"] > 0, log


@needs_tun
def test_tun_ilpc_client_linux_server(build, tmp_path, netns):
    assert_linux_options(_interop(build, tmp_path, netns, "ilpc-client", 4 << 20))


@needs_tun
def test_tun_linux_client_ilpc_server(build, tmp_path, netns):
    assert_linux_options(_interop(build, tmp_path, netns, "ilpc-server", 4 << 20, layered=True))


@needs_tun
def test_tun_interop_impaired(build, tmp_path, netns):
    """Loss, duplication, reordering and corruption on the ilpc side's input."""
    log = _interop(build, tmp_path, netns, "ilpc-server", 1 << 20,
                   impair="loss=0.03,dup=0.02,reorder=0.03,corrupt=0.02,seed=11")
    assert "retrans=" in log
    assert_linux_options(log, impaired=True)


def kernel_tcp_ao_missing() -> str | None:
    """None when this kernel has TCP-AO (Linux 6.7+, CONFIG_TCP_AO), else why not."""
    import errno
    with socket.socket() as s:
        try:
            s.setsockopt(socket.IPPROTO_TCP, 38, b"\0" * 288)   # TCP_AO_ADD_KEY with nothing in it
        except OSError as e:
            if e.errno == errno.ENOPROTOOPT:
                return (f"this kernel ({os.uname().release}) has no TCP-AO: built without CONFIG_TCP_AO, or older "
                        "than Linux 6.7 (setsockopt TCP_AO_ADD_KEY: ENOPROTOOPT)")
            return None     # it exists, and refused the empty key
    return None


@needs_tun
@pytest.mark.skipif(not CRYPTO_LIBS, reason="TCP-AO needs libcrypto >= 3 (libssl-dev)")
@pytest.mark.parametrize("alg", [("hmac-sha1", "hmac(sha1)"), ("aes-cmac", "cmac(aes128)")], ids=lambda a: a[0])
@pytest.mark.parametrize("direction", ["ilpc-client", "ilpc-server"])
def test_tcp_ao_kernel_interop(build, tmp_path, netns, direction, alg):
    """TCP-AO against the Linux kernel's (setsockopt TCP_AO_ADD_KEY) over TUN, both
    directions, both RFC 5926 algorithms: 1 MiB each way intact, every segment signed by
    both stacks; segments altered on ilpc's input (impairment: a payload bit flipped, the
    checksum fixed) are dropped by ilpc's MAC check and the transfer still completes."""
    why = kernel_tcp_ao_missing()
    if why:
        pytest.skip(why)
    key = os.urandom(20).hex()
    log = _interop(build, tmp_path, netns, direction, 1 << 20, ao=(alg[0], alg[1], key),
                   impair="tamper=0.02,seed=5")
    o = _kv(log, "options")
    assert o["tcp_ao"] == 1 and o["ao_bad"] > 0, log


@needs_tun
def test_tun_interop_linux_sacks_our_losses(build, tmp_path, netns):
    """ilpc drops 3% of its own outgoing segments: Linux reports the holes in
    SACK blocks, and ilpc's RFC 6675 recovery resends them."""
    log = _interop(build, tmp_path, netns, "ilpc-client", 2 << 20, tx_loss=0.03)
    assert_linux_options(log)
    u = _kv(log, "usage")
    assert u["sack_in"] > 0 and u["sack_recoveries"] > 0 and u["sack_rexmits"] + u["sack_recoveries"] > 0, log
