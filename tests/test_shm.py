"""The file transfer example over the shm transport (runtime/ilpc_transport_shm.c).

ft-server and ft-client (ASan + UBSan, built like tests/test_filetransfer.py does) on one
host, their TCP segments in shared memory:
  * both modes, every cipher, replies of 1 KiB (one segment each: the receive hook
    verifies, decrypts and unmarshals them in place, on the shared bytes) and 64 KiB;
  * one server, several clients one after another (and one waiting for its turn);
  * a peer killed with SIGKILL in the middle of a transfer: the other side must end with
    an error exit within seconds (the transport reports the hang-up, the stack fails the
    connection with ILPC_EIO), whichever side dies;
  * bad NAMEs, nobody listening, a NAME already taken;
  * the fallbacks (no memfd, no eventfd), and both programs under valgrind.
The transport alone is tested by tests/c/tcp/test_shm.c (tests/test_tcp.py).
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import time
from pathlib import Path

import pytest

from test_filetransfer import CC, ENV, KEYS, SAN, make, results, sha

pytestmark = pytest.mark.skipif(CC is None or not os.path.exists("/proc/self/fd"), reason="needs a C compiler, Linux")

SANITIZER_MARKERS = ("AddressSanitizer", "LeakSanitizer", "runtime error:", "UndefinedBehaviorSanitizer")


@pytest.fixture(scope="module")
def ft(tmp_path_factory) -> Path:
    build = tmp_path_factory.mktemp("ft-shm-asan")
    make(build, CC, f"-O1 -g {SAN}", SAN)
    return build


@pytest.fixture(scope="module")
def root(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("ft-shm-root")
    (d / "small.bin").write_bytes(os.urandom(100_003))
    (d / "medium.bin").write_bytes(os.urandom(262_147))
    (d / "mib.bin").write_bytes(os.urandom(1 << 20))
    return d


_names = iter(range(1 << 30))


def shm_name() -> str:
    return f"ilpc-test.{os.getpid()}_{next(_names)}"


def clean(*procs):
    for r in procs:
        text = r.stdout + r.stderr
        for marker in SANITIZER_MARKERS:
            assert marker not in text, text[-4000:]


def start_server(ft: Path, root: Path, name: str, args=(), once=True, env=ENV):
    cmd = [str(ft / "ft-server"), "--transport", "shm", "--listen", name, "--root", str(root), *args]
    if once:
        cmd.append("--once")
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    line = p.stdout.readline()
    if f"(shm {name}," not in line:
        p.kill()
        out, err = p.communicate()
        pytest.fail(f"the server did not start: {line}{out}{err}")
    return p


def client(ft, name, file, out, *, mode="ilp", cipher="none", max_reply=1024, copies=1, timeout=60, extra=()):
    key = ["--key", KEYS[cipher]] if KEYS[cipher] else []
    return [str(ft / "ft-client"), "--transport", "shm", "--server", name, "--file", file, "--copies", str(copies),
            "--max-reply", str(max_reply), "--out", str(out), "--mode", mode, "--cipher", cipher, *key,
            "--timeout", str(timeout), *extra]


def transfer(ft, root, tmp, file, *, mode="ilp", cipher="none", max_reply=1024, copies=1, timeout=60, env=ENV):
    name = shm_name()
    key = ["--key", KEYS[cipher]] if KEYS[cipher] else []
    srv = start_server(ft, root, name, ["--mode", mode, "--cipher", cipher, *key, "--timeout", str(timeout // 2)],
                       env=env)
    out = tmp / f"got-{mode}-{cipher}-{max_reply}"
    try:
        cli = subprocess.run(client(ft, name, file, out, mode=mode, cipher=cipher, max_reply=max_reply,
                                    copies=copies, timeout=timeout),
                             capture_output=True, text=True, env=env, timeout=timeout + 30)
        sout, serr = srv.communicate(timeout=timeout)
    finally:
        if srv.poll() is None:
            srv.kill()
            srv.wait()
    server = subprocess.CompletedProcess(srv.args, srv.returncode, sout, serr)
    clean(cli, server)
    return cli, server, out


@pytest.mark.parametrize("max_reply", [1024, 65536])
@pytest.mark.parametrize("cipher", ["none", "xor", "safer-simple", "safer-k64", "chacha20"])
@pytest.mark.parametrize("mode", ["ilp", "layered"])
def test_shm_transfer(ft, root, tmp_path, mode, cipher, max_reply):
    src = root / "medium.bin"
    cli, srv, out = transfer(ft, root, tmp_path, "medium.bin", mode=mode, cipher=cipher, max_reply=max_reply,
                             copies=2)
    assert cli.returncode == 0, cli.stdout + cli.stderr + srv.stdout + srv.stderr
    assert srv.returncode == 0, srv.stdout + srv.stderr
    assert out.read_bytes() == src.read_bytes()
    assert f"(sha256 {sha(src)})" in cli.stdout
    rc, rs = results(cli.stdout), results(srv.stdout)
    assert rc["ok"] == rs["ok"] == "1" and rc["mode"] == rs["mode"] == mode and rc["cipher"] == cipher
    msgs = 2 * -(-src.stat().st_size // max_reply)
    assert int(rc["msgs"]) == int(rs["msgs"]) == msgs and int(rc["bytes"]) == 2 * src.stat().st_size
    # shared memory neither loses nor damages a segment; a busy machine may still let a
    # retransmission timer fire (bench/filetransfer/claims.py checks that none does)
    assert rc["bad_csum"] == "0"
    assert int(rc["rx_hook"]) + int(rc["rx_stream"]) == msgs
    # every reply is one segment (64 KiB ones too: 256 KiB segments by default):
    # consumed in place by the receive hook, straight from the shared memory
    # (recv_ref), TCP never buffered a byte of it
    assert int(rc["rx_hook"]) == msgs and rc["rx_stream"] == "0"
    assert int(rc["fused_consumed"]) == msgs
    assert re.search(r"shm: segments in \d+ out \d+, dropped 0,", cli.stdout), cli.stdout
    assert int(rs["sum_stored"]) > 0


@pytest.mark.parametrize("server_seg,client_seg", [(65535, 1 << 20), (1 << 20, 65535), (4096, 262144)])
def test_shm_ends_with_different_segment_sizes(ft, root, tmp_path, server_seg, client_seg):
    """--shm-seg is what one end sends; either end accepts up to 1 MiB, so the ends need
    not agree.  The server's 64 KiB replies travel in one segment only when its own
    segments may be that large."""
    name = shm_name()
    srv = start_server(ft, root, name, ["--shm-seg", str(server_seg), "--timeout", "30"])
    out = tmp_path / "got"
    try:
        cli = subprocess.run(client(ft, name, "mib.bin", out, max_reply=65536, copies=3,
                                    extra=["--shm-seg", str(client_seg)]),
                             capture_output=True, text=True, env=ENV, timeout=90)
        sout, serr = srv.communicate(timeout=60)
    finally:
        if srv.poll() is None:
            srv.kill()
            srv.wait()
    server = subprocess.CompletedProcess(srv.args, srv.returncode, sout, serr)
    clean(cli, server)
    assert cli.returncode == 0 and server.returncode == 0, cli.stdout + cli.stderr + sout + serr
    assert out.read_bytes() == (root / "mib.bin").read_bytes()
    rc = results(cli.stdout)
    msgs = 3 * 16
    if server_seg > 65600:
        assert int(rc["rx_hook"]) == msgs, cli.stdout
    else:
        assert int(rc["rx_stream"]) == msgs, cli.stdout


def test_shm_fallbacks(ft, root, tmp_path):
    """Without memfd (a file under /dev/shm) and without eventfd (wake-ups on the meeting
    socket), as on a kernel that lacks them."""
    env = dict(ENV, ILPC_SHM_NO_MEMFD="1", ILPC_SHM_NO_EVENTFD="1")
    for mode, mr in (("ilp", 1024), ("layered", 65536)):
        cli, srv, out = transfer(ft, root, tmp_path, "mib.bin", mode=mode, cipher="xor", max_reply=mr, copies=2,
                                 env=env)
        assert cli.returncode == 0 and srv.returncode == 0, cli.stdout + cli.stderr + srv.stdout + srv.stderr
        assert out.read_bytes() == (root / "mib.bin").read_bytes()


def test_shm_clients_one_after_another(ft, root, tmp_path):
    """One server, several clients: each gets the link in turn; one started while another
    is being served waits for its turn (its SYN is retransmitted until then)."""
    name = shm_name()
    srv = start_server(ft, root, name, ["--cipher", "chacha20", "--key", KEYS["chacha20"], "--mode", "ilp"], once=False)
    try:
        for i, (file, mode, mr) in enumerate([("small.bin", "ilp", 1000), ("medium.bin", "layered", 65536),
                                              ("mib.bin", "ilp", 8192)]):
            out = tmp_path / f"c{i}"
            r = subprocess.run(client(ft, name, file, out, mode=mode, cipher="chacha20", max_reply=mr, copies=2),
                               capture_output=True, text=True, env=ENV, timeout=90)
            clean(r)
            if r.returncode != 0:
                srv.kill()
                pytest.fail(f"client {i}: {r.stdout}{r.stderr}\nserver: {''.join(srv.communicate())}")
            assert out.read_bytes() == (root / file).read_bytes()
        outs = [tmp_path / "p0", tmp_path / "p1"]
        procs = [subprocess.Popen(client(ft, name, "mib.bin", o, cipher="chacha20", copies=3), env=ENV,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for o in outs]
        for p, o in zip(procs, outs):
            so, se = p.communicate(timeout=120)
            assert p.returncode == 0, so + se
            assert o.read_bytes() == (root / "mib.bin").read_bytes()
        assert srv.poll() is None
    finally:
        srv.send_signal(signal.SIGTERM)
        sout, serr = srv.communicate(timeout=10)
    clean(subprocess.CompletedProcess(srv.args, 0, sout, serr))
    assert sout.count("RESULT role=server ok=1") == 5, sout + serr


def _wait_running(p, seconds):
    """Let p run for `seconds`; it must still be running (the transfer is under way)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        assert p.poll() is None, p.communicate()
        time.sleep(0.05)


@pytest.mark.parametrize("victim", ["server", "client"])
def test_shm_peer_killed(ft, root, tmp_path, victim):
    """SIGKILL one side in the middle of a long transfer: the other ends with exit 1 and a
    transport error (the shared memory's peer is gone), not TCP's timeout (the --timeout is
    60 s).  That it takes under 5 s is bench/filetransfer/claims.py's to check."""
    name = shm_name()
    srv = start_server(ft, root, name, ["--cipher", "safer-simple", "--key", KEYS["safer-simple"], "--timeout", "60"])
    out = tmp_path / "got"
    cli = subprocess.Popen(client(ft, name, "mib.bin", out, cipher="safer-simple", max_reply=512, copies=1000),
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV)
    try:
        _wait_running(cli, 1.0)
        assert srv.poll() is None
        dead, alive = (srv, cli) if victim == "server" else (cli, srv)
        dead.send_signal(signal.SIGKILL)
        t0 = time.monotonic()
        so, se = alive.communicate(timeout=30)
        elapsed = time.monotonic() - t0
        dead.communicate(timeout=10)
    finally:
        for p in (srv, cli):
            if p.poll() is None:
                p.kill()
                p.wait()
    clean(subprocess.CompletedProcess(alive.args, alive.returncode, so, se))
    assert alive.returncode == 1, so + se
    assert "transport I/O error" in se, (elapsed, so + se)
    assert not out.exists()


@pytest.mark.skipif(not shutil.which("valgrind"), reason="valgrind not installed")
def test_shm_valgrind(tmp_path_factory, root, tmp_path):
    """Both programs under memcheck over shm (no sanitizers): no errors, no leaks, intact."""
    plain = tmp_path_factory.mktemp("ft-shm-plain")
    make(plain, CC, "-O2 -gdwarf-4")
    vg = ["valgrind", "-q", "--error-exitcode=99", "--leak-check=full", "--errors-for-leak-kinds=all"]
    name = shm_name()
    srv = subprocess.Popen([*vg, str(plain / "ft-server"), "--transport", "shm", "--listen", name, "--root", str(root),
                            "--once", "--cipher", "chacha20", "--timeout", "60"],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert "listening on" in srv.stdout.readline()
    out = tmp_path / "got"
    cli = subprocess.run([*vg, str(plain / "ft-client"), "--transport", "shm", "--server", name, "--file", "small.bin",
                          "--copies", "2", "--max-reply", "3000", "--cipher", "chacha20", "--out", str(out)],
                         capture_output=True, text=True, timeout=180)
    sout, serr = srv.communicate(timeout=60)
    assert cli.returncode == 0, cli.stdout + cli.stderr
    assert srv.returncode == 0, sout + serr
    assert out.read_bytes() == (root / "small.bin").read_bytes()


def test_shm_bad_names_and_no_server(ft, root, tmp_path):
    for prog, args in [("ft-server", ["--listen", "a/b", "--root", str(root)]),
                       ("ft-server", ["--listen", "x" * 97, "--root", str(root)]),
                       ("ft-client", ["--server", "has space", "--file", "x"]),
                       ("ft-client", ["--server", "127.0.0.1:7000:", "--file", "x"]),
                       ("ft-client", ["--server", "ok", "--file", "x", "--shm-seg", "32"])]:
        r = subprocess.run([str(ft / prog), "--transport", "shm", *args], capture_output=True, text=True, env=ENV,
                           timeout=10)
        assert r.returncode == 2, (prog, args, r.stdout, r.stderr)
        assert "shm name" in r.stderr or "--shm-seg" in r.stderr, r.stderr
    # nobody listens on the name
    r = subprocess.run(client(ft, shm_name(), "small.bin", tmp_path / "x"), capture_output=True, text=True, env=ENV,
                       timeout=10)
    assert r.returncode == 1 and "connection refused" in r.stderr, r.stderr
    # the name is taken
    name = shm_name()
    srv = start_server(ft, root, name)
    try:
        r = subprocess.run([str(ft / "ft-server"), "--transport", "shm", "--listen", name, "--root", str(root)],
                           capture_output=True, text=True, env=ENV, timeout=10)
        assert r.returncode == 1 and "another server" in r.stderr, r.stderr
    finally:
        srv.kill()
        srv.wait()
