#!/usr/bin/env python3
"""The file transfer's timing claims, which hold on a quiet machine only, checked here
rather than in the test suite (tests assert what holds under any scheduling: the
transfer is intact, the counters agree, the failure is the right one):

  1. over shm on one machine, no segment is retransmitted: ILP and layered, every unit
     cipher, replies of 1 KiB and 64 KiB, two copies of a 256 KiB file (once
     tests/test_shm.py::test_shm_transfer's retrans=0);
  2. when one side of an shm transfer is killed, the other ends with a transport error
     within 5 s, not after TCP's timeouts (once test_shm.py::test_shm_peer_killed's);
  3. with another pre-shared key on each side (TCP-AO off), both programs give up
     within 8 s (once test_filetransfer.py::test_aead_wrong_psk's).

    python bench/filetransfer/claims.py [--build DIR] [--cc gcc] [--cflags -O2] [--repeat N]

Builds examples/filetransfer into DIR (default: a temporary directory) unless ft-server
is there already, runs each claim --repeat times (default 3) and prints one line per
check; exits 1 when a claim fails.  Run it on an idle machine: on a busy one a
retransmission timer or a 5 s bound can fire for reasons that are not bugs.
"""
from __future__ import annotations

import argparse
import os
import shlex
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))
import benchlib  # noqa: E402
import run as ft  # noqa: E402  (the file-transfer benchmark: its example, keys, RESULT parser)

KEYS = ft.KEYS  # the unit ciphers that need no pre-shared key, with their keys


def results(text: str) -> dict[str, str]:
    """The last RESULT line's fields; none when the program failed before writing one."""
    try:
        return ft.result_line(text)
    except RuntimeError:
        return {}


class Claims:
    def __init__(self, ft: Path, root: Path, tmp: Path):
        self.ft, self.root, self.tmp, self.failed, self.n = ft, root, tmp, 0, 0

    def check(self, ok: bool, what: str) -> None:
        self.failed += not ok
        print(f"{'ok  ' if ok else 'FAIL'} {what}", flush=True)

    def name(self) -> str:
        self.n += 1
        return f"ilpc-claims.{os.getpid()}_{self.n}"

    def server(self, name: str, args: list[str], env=None) -> subprocess.Popen:
        p = subprocess.Popen([str(self.ft / "ft-server"), "--transport", "shm", "--listen", name, "--root",
                              str(self.root), "--once", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, env=env)
        p.stdout.readline()
        return p

    def client(self, name: str, args: list[str]) -> list[str]:
        return [str(self.ft / "ft-client"), "--transport", "shm", "--server", name, *args]

    def no_retransmission(self) -> None:
        for mode in ("ilp", "layered"):
            for cipher, key in KEYS.items():
                for max_reply in (1024, 65536):
                    k = ["--key", key] if key else []
                    name = self.name()
                    srv = self.server(name, ["--mode", mode, "--cipher", cipher, *k, "--timeout", "30"])
                    out = self.tmp / "got"
                    cli = subprocess.run(self.client(name, ["--file", "medium.bin", "--copies", "2", "--max-reply",
                                                            str(max_reply), "--out", str(out), "--mode", mode,
                                                            "--cipher", cipher, *k, "--timeout", "60"]),
                                         capture_output=True, text=True, timeout=120)
                    srv.communicate(timeout=60)
                    r = results(cli.stdout)
                    self.check(cli.returncode == 0 and r.get("retrans") == "0",
                               f"shm {mode} {cipher} max-reply {max_reply}: retrans={r.get('retrans')}")

    def peer_killed(self) -> None:
        for victim in ("server", "client"):
            name = self.name()
            k = ["--cipher", "safer-simple", "--key", KEYS["safer-simple"]]
            srv = self.server(name, [*k, "--timeout", "60"])
            cli = subprocess.Popen(self.client(name, ["--file", "mib.bin", "--copies", "1000", "--max-reply", "512",
                                                      "--out", str(self.tmp / "got-killed"), *k,
                                                      "--timeout", "60"]),
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            time.sleep(1.0)
            dead, alive = (srv, cli) if victim == "server" else (cli, srv)
            dead.send_signal(signal.SIGKILL)
            t0 = time.monotonic()
            alive.communicate(timeout=90)
            elapsed = time.monotonic() - t0
            dead.communicate(timeout=10)
            self.check(alive.returncode == 1 and elapsed < 5,
                       f"shm, {victim} killed: the other ended (exit {alive.returncode}) after {elapsed:.2f} s (< 5 s)")

    def wrong_psk(self) -> None:
        kf = self.tmp / "other-psk"
        kf.write_text(os.urandom(32).hex())
        kf.chmod(0o600)
        env = dict(os.environ, ILPC_PSK=os.urandom(32).hex())
        name = self.name()
        srv = self.server(name, ["--mode", "auto", "--cipher", "aes-128-gcm", "--tcp-ao", "off", "--timeout", "10"],
                          env=env)
        t0 = time.monotonic()
        cli = subprocess.run(self.client(name, ["--file", "small.bin", "--out", str(self.tmp / "got-psk"), "--mode",
                                                "auto", "--cipher", "aes-128-gcm", "--key-file", str(kf),
                                                "--tcp-ao", "off", "--timeout", "20"]),
                             capture_output=True, text=True, env=env, timeout=60)
        srv.communicate(timeout=30)
        elapsed = time.monotonic() - t0
        self.check(cli.returncode == 1 and srv.returncode == 1 and elapsed < 8,
                   f"shm aes-128-gcm, another key on each side: both gave up (exit {cli.returncode}, "
                   f"{srv.returncode}) after {elapsed:.2f} s (< 8 s)")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", type=Path, help="build directory (default: a temporary one)")
    ap.add_argument("--cc", default="gcc")
    ap.add_argument("--cflags", default="-O2")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="ilpc-claims-") as tmp:
        tmp = Path(tmp)
        build = args.build or tmp / "build"
        if not (build / "ft-server").exists():
            benchlib.make(ft.EXAMPLE, cc=args.cc, cflags=args.cflags,
                          variables=[f"BUILD={build}", f"ILPC={shlex.join(benchlib.ilpc_cmd())}"])
        root = tmp / "root"
        root.mkdir()
        (root / "small.bin").write_bytes(os.urandom(100_003))
        (root / "medium.bin").write_bytes(os.urandom(262_147))
        (root / "mib.bin").write_bytes(os.urandom(1 << 20))
        claims = Claims(build, root, tmp)
        print(f"load average {os.getloadavg()[0]:.1f} (the claims need an idle machine)")
        for _ in range(args.repeat):
            claims.no_retransmission()
            claims.peer_killed()
            claims.wrong_psk()
        print(f"{claims.failed} check(s) failed" if claims.failed else "every claim holds")
        return 1 if claims.failed else 0


if __name__ == "__main__":
    sys.exit(main())
