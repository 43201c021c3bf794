#!/usr/bin/env python3
"""tcp-ao-linux-vm.py - ilpc's TCP-AO (RFC 5925/5926) against the Linux kernel's, in a KVM guest.

For a machine whose own kernel has no CONFIG_TCP_AO (tests/test_tcp.py's
test_tcp_ao_kernel_interop skips there).  Not part of the test suite: it needs root,
/dev/kvm, qemu-system-x86 and Debian's package archive, and takes a minute or two.

    sudo scripts/tcp-ao-linux-vm.py [--refresh] [--size BYTES] [--keep]

What it does (docs/tcp-ao-linux.md):
  1. downloads (apt-get download, with a private package list; cached in ~/.cache/ilpc-vm)
     a Debian kernel built with CONFIG_TCP_AO=y (default: trixie-backports' cloud-amd64),
     its modules, the UAPI headers of the same version and busybox-static;
  2. builds tests/c/tcp/tun_peer.c (ilpc on a TUN device, with libcrypto) and
     scripts/tcp-ao-linux-vm-guest.c (static, against that kernel's linux/tcp.h), and an
     initramfs: busybox, the guest program, the modules the NIC and AES-CMAC need;
  3. in a fresh network namespace: a TUN device for ilpc and a tap device for the guest,
     IP forwarding between them (nothing rewrites TCP options); boots the kernel under
     qemu/KVM (1 vCPU, 512 MiB, -nographic) and drives the guest over its serial console;
  4. per algorithm (hmac(sha1), cmac(aes128) with a 16-byte and a 20-byte master key) and
     direction (ilpc connects / Linux connects): a clean run, 1 MiB each way at once, and a
     tampered run, where 2% of the segments with payload in each direction have a payload
     bit flipped and their checksum fixed (ilpc's input: tun_peer --impair tamper=...;
     Linux's input: tun_peer --tx-tamper ...).  Every run must deliver both streams intact
     with tcp_ao=1; clean runs count no bad MAC on either side; tampered runs count bad
     MACs on both sides (ilpc's ao_bad, the guest socket's TCP_AO_INFO pkt_bad and
     TcpExt's TCPAOBad in /proc/net/netstat).
Prints a table, exits 0 when every check holds, 1 otherwise, 2 when it cannot run here.
"""
from __future__ import annotations

import argparse
import ast
import gzip
import io
import json
import lzma
import os
import queue
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CACHE = Path(os.environ.get("ILPC_VM_CACHE", Path.home() / ".cache" / "ilpc-vm"))
GUEST_SRC = ROOT / "scripts" / "tcp-ao-linux-vm-guest.c"
MIRROR = "http://deb.debian.org/debian"
KEYRING = "/usr/share/keyrings/debian-archive-keyring.gpg"

# addresses inside the namespace: ilpc's TUN side and the guest's tap side
TUN_HOST, ILPC_IP = "10.201.1.1", "10.201.1.2"
TAP_HOST, GUEST_IP = "10.201.2.1", "10.201.2.2"
PORT = 5555

ALGS = [  # (name in the summary, tun_peer --ao-alg, Linux's alg_name, master key length)
    ("hmac-sha1", "hmac-sha1", "hmac(sha1)", 20),
    ("aes-cmac", "aes-cmac", "cmac(aes128)", 16),
    ("aes-cmac/20B", "aes-cmac", "cmac(aes128)", 20),  # RFC 5926 3.1.1.2: key reduced by AES-CMAC(0, K)
]


def log(msg: str) -> None:
    print(f"[tcp-ao-vm] {msg}", flush=True)


def sh(cmd, check=True, **kw) -> subprocess.CompletedProcess:
    r = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, **kw)
    if check and r.returncode != 0:
        raise SystemExit(f"[tcp-ao-vm] failed: {' '.join(map(str, cmd))}\n{r.stdout}{r.stderr}")
    return r


# ------------------------------------------------------------------ downloads

class Apt:
    """apt-get/apt-cache with a private sources list and package lists under CACHE/apt:
    the system's apt configuration and state are left alone."""

    def __init__(self, suite: str):
        self.dir = CACHE / "apt"
        for d in ("lists/partial", "cache/archives/partial"):
            (self.dir / d).mkdir(parents=True, exist_ok=True)
        base = suite.split("-")[0]
        suites = [base] if suite == base else [base, suite]
        (self.dir / "sources.list").write_text(
            "".join(f"deb [signed-by={KEYRING}] {MIRROR} {s} main\n" for s in suites))
        self.opts = ["-o", f"Dir::Etc::sourcelist={self.dir / 'sources.list'}", "-o", "Dir::Etc::sourceparts=-",
                     "-o", f"Dir::State::Lists={self.dir / 'lists'}", "-o", f"Dir::Cache={self.dir / 'cache'}",
                     "-o", "Dir::State::status=/dev/null", "-o", f"APT::Default-Release={suite}",
                     "-o", "APT::Sandbox::User=root", "-q"]

    def update(self):
        sh(["apt-get", *self.opts, "update"])

    def cache(self, *args) -> str:
        return sh(["apt-cache", *self.opts, *args]).stdout

    def candidate(self, pkg: str) -> str:
        m = re.search(r"Candidate: (\S+)", self.cache("policy", pkg))
        if not m or m.group(1) == "(none)":
            raise SystemExit(f"[tcp-ao-vm] no package {pkg} in the archive")
        return m.group(1)

    def depends(self, pkg: str, version: str) -> list[str]:
        out = self.cache("show", f"{pkg}={version}")
        m = re.search(r"^Depends: (.*)$", out, re.M)
        return [alt.split()[0] for dep in (m.group(1).split(",") if m else []) for alt in dep.split("|")[:1]]

    def download(self, specs: list[str], dest: Path):
        dest.mkdir(parents=True, exist_ok=True)
        sh(["apt-get", *self.opts, "download", *specs], cwd=dest)


def fetch(suite: str, flavour: str, refresh: bool) -> dict:
    """The kernel, its modules, its UAPI headers and busybox, extracted under CACHE."""
    sel = CACHE / f"selected-{suite}-{flavour}.json"
    if sel.exists() and not refresh:
        s = json.loads(sel.read_text())
        if Path(s["vmlinuz"]).exists():
            return s
    apt = Apt(suite)
    log(f"package lists for {suite} (private, under {apt.dir})")
    apt.update()
    meta = f"linux-image-{flavour}"
    mver = apt.candidate(meta)
    image = next(d for d in apt.depends(meta, mver) if d.startswith("linux-image-"))
    kver = image[len("linux-image-"):]
    pkgs = {image}
    todo = [image]
    while todo:  # the image and the linux-* packages it needs (binary, modules, base)
        p = todo.pop()
        for d in apt.depends(p, mver):
            if d.startswith(("linux-binary-", "linux-modules-", "linux-base-")) and d.endswith(kver) and d not in pkgs:
                pkgs.add(d)
                todo.append(d)
    debs = CACHE / "debs" / kver
    bb = apt.candidate("busybox-static")
    specs = [f"{p}={mver}" for p in sorted(pkgs)] + [f"linux-libc-dev={mver}", f"busybox-static={bb}"]
    log(f"downloading {', '.join(specs)}")
    apt.download(specs, debs)
    root = CACHE / "root" / kver
    shutil.rmtree(root, ignore_errors=True)
    root.mkdir(parents=True)
    for deb in sorted(debs.glob("*.deb")):
        sh(["dpkg-deb", "-x", deb, root])
    cands = [*root.glob("boot/vmlinuz-*"), *root.glob("usr/lib/modules/*/vmlinuz*")]
    configs = [*root.glob("boot/config-*"), *root.glob("usr/lib/modules/*/config")]
    moddirs = [d for d in [*root.glob("lib/modules/*"), *root.glob("usr/lib/modules/*")] if (d / "kernel").is_dir()]
    if not cands or not configs or not moddirs:
        raise SystemExit(f"[tcp-ao-vm] {image}: no vmlinuz, config or modules in {root}")
    s = {"suite": suite, "kernel_package": image, "kernel_version": mver, "release": moddirs[0].name,
         "vmlinuz": str(cands[0]), "config": str(configs[0]), "modules": str(moddirs[0]),
         "include": str(root / "usr" / "include"), "busybox": str(root / "usr" / "bin" / "busybox")
         if (root / "usr/bin/busybox").exists() else str(root / "bin" / "busybox")}
    sel.write_text(json.dumps(s, indent=1))
    return s


# ------------------------------------------------------------------ builds

def runtime_files() -> list[str]:
    """tests/test_tcp.py's CORE + NET (what its _Builder links tun_peer with), read from its
    source so that the two stay the same."""
    tree = ast.parse((ROOT / "tests" / "test_tcp.py").read_text())
    ns: dict = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") in ("TCP_FILES", "CORE", "NET")
                                                for t in node.targets):
            exec(compile(ast.Module([node], []), "test_tcp.py", "exec"), ns)
    return ns["CORE"] + ns["NET"]


def build(work: Path, kernel: dict) -> tuple[Path, Path]:
    cc = os.environ.get("CC", "gcc")
    r = subprocess.run(["pkg-config", "--cflags", "--libs", "libcrypto"], capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit("[tcp-ao-vm] libcrypto (libssl-dev) is needed for ilpc's TCP-AO: apt-get install libssl-dev")
    crypto = r.stdout.split()
    peer = work / "tun_peer"
    rt, cdir = ROOT / "runtime", ROOT / "tests" / "c" / "tcp"
    sh(["nice", "-n", "10", cc, "-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic", "-O2", "-g",
        "-DILPC_HAVE_LIBCRYPTO=1", f"-I{rt}", f"-I{cdir}", *[rt / f for f in runtime_files()],
        cdir / "tun_peer.c", "-o", peer, *crypto])
    guest = work / "guest"
    inc = Path(kernel["include"])
    sh(["nice", "-n", "10", cc, "-std=gnu11", "-Wall", "-Wextra", "-Werror", "-O2", "-static",
        f"-I{inc}", f"-I{inc / 'x86_64-linux-gnu'}", GUEST_SRC, "-o", guest])
    return peer, guest


def module_closure(moddir: Path, names: list[str]) -> list[Path]:
    """The module files for names that are modules in this kernel (built-in ones are not),
    with what they depend on first."""
    files = {p.name.split(".ko")[0].replace("-", "_"): p for p in (moddir / "kernel").rglob("*.ko*")}
    order: list[Path] = []

    def add(n: str):
        n = n.replace("-", "_")
        if n not in files or files[n] in order:
            return
        data = read_module(files[n])
        m = re.search(rb"depends=([^\0]*)\0", data)
        for d in (m.group(1).decode().split(",") if m and m.group(1) else []):
            add(d)
        order.append(files[n])

    for n in names:
        add(n)
    return order


def read_module(p: Path) -> bytes:
    raw = p.read_bytes()
    if p.name.endswith(".xz"):
        return lzma.decompress(raw)
    if p.name.endswith(".gz"):
        return gzip.decompress(raw)
    if p.name.endswith(".zst"):
        return subprocess.run(["zstd", "-dc", str(p)], capture_output=True, check=True).stdout
    return raw


class Cpio:
    """A newc cpio archive (what the kernel unpacks as its initramfs), gzip-compressed."""

    def __init__(self):
        self.buf = io.BytesIO()
        self.ino = 1

    def _entry(self, name: str, mode: int, data: bytes = b"", rdev: tuple[int, int] = (0, 0)):
        nb = name.encode() + b"\0"
        hdr = "070701" + "".join(f"{v:08x}" for v in (self.ino, mode, 0, 0, 1, 0, len(data), 0, 0, rdev[0], rdev[1],
                                                        len(nb), 0))
        self.ino += 1
        self.buf.write(hdr.encode() + nb + b"\0" * ((-(110 + len(nb))) % 4))
        self.buf.write(data + b"\0" * ((-len(data)) % 4))

    def dir(self, name):
        self._entry(name, 0o040755)

    def file(self, name, data: bytes, mode=0o755):
        self._entry(name, 0o100000 | mode, data)

    def symlink(self, name, target):
        self._entry(name, 0o120777, target.encode())

    def chardev(self, name, major, minor):
        self._entry(name, 0o020600, rdev=(major, minor))

    def finish(self) -> bytes:
        self._entry("TRAILER!!!", 0)
        return gzip.compress(self.buf.getvalue(), 6)


INIT = r"""#!/bin/sh
/bin/busybox mount -t proc proc /proc
/bin/busybox mount -t sysfs sys /sys
/bin/busybox mount -t devtmpfs dev /dev
/bin/busybox --install -s /bin
echo /bin/true > /proc/sys/kernel/modprobe
for m in $(cat /modules); do insmod /lib/modules/$m.ko || echo "AOVM WARN insmod $m failed"; done
ip link set lo up
ip link set eth0 up
ip addr add "$aovm_ip" dev eth0
ip route add default via "$aovm_gw"
echo "AOVM BOOTED kernel=$(uname -r) tcp_ao_counters=$(grep -o 'TCPAO[A-Za-z]*' /proc/net/netstat | tr '\n' ,)"
exec /guest serve </dev/console >/dev/console 2>&1
"""


def initramfs(work: Path, kernel: dict, guest: Path) -> Path:
    mods = module_closure(Path(kernel["modules"]), ["virtio_pci", "virtio_net", "cmac", "hmac", "sha1", "aes"])
    c = Cpio()
    for d in ("bin", "dev", "proc", "sys", "lib", "lib/modules", "tmp"):
        c.dir(d)
    c.chardev("dev/console", 5, 1)
    c.file("init", INIT.encode())
    c.file("bin/busybox", Path(kernel["busybox"]).read_bytes())
    c.symlink("bin/sh", "busybox")
    c.file("guest", guest.read_bytes())
    names = []
    for m in mods:
        n = m.name.split(".ko")[0]
        names.append(n)
        c.file(f"lib/modules/{n}.ko", read_module(m), 0o644)
    c.file("modules", ("\n".join(names) + "\n").encode(), 0o644)
    out = work / "initrd.gz"
    out.write_bytes(c.finish())
    log(f"initramfs {out.stat().st_size // 1024} KiB, modules: {' '.join(names) or '(none needed)'}")
    return out


# ------------------------------------------------------------------ the namespace and the guest

class Netns:
    def __init__(self):
        self.name = f"ilpc-aovm-{os.getpid()}"

    def __enter__(self):
        n = self.name
        for c in (["ip", "netns", "add", n],
                  ["ip", "-n", n, "link", "set", "lo", "up"],
                  ["ip", "-n", n, "tuntap", "add", "dev", "tun0", "mode", "tun"],
                  ["ip", "-n", n, "addr", "add", f"{TUN_HOST}/24", "dev", "tun0"],
                  ["ip", "-n", n, "link", "set", "tun0", "up"],
                  ["ip", "-n", n, "tuntap", "add", "dev", "tap0", "mode", "tap"],
                  ["ip", "-n", n, "addr", "add", f"{TAP_HOST}/24", "dev", "tap0"],
                  ["ip", "-n", n, "link", "set", "tap0", "up"],
                  ["ip", "netns", "exec", n, "sysctl", "-qw", "net.ipv4.ip_forward=1"]):
            sh(c)
        return self

    def __exit__(self, *a):
        subprocess.run(["ip", "netns", "del", self.name], capture_output=True)

    def cmd(self, *args) -> list[str]:
        return ["ip", "netns", "exec", self.name, *map(str, args)]


class Guest:
    """qemu/KVM with the kernel and initramfs; the serial console is the guest's stdin and
    stdout.  Every console line goes to console.log; lines starting with AOVM are queued."""

    def __init__(self, ns: Netns, kernel: dict, initrd: Path, work: Path, accel: str):
        append = (f"console=ttyS0 quiet loglevel=1 panic=-1 aovm_ip={GUEST_IP}/24 aovm_gw={TAP_HOST}")
        cpu = "host" if accel == "kvm" else "max"
        self.cmd = ns.cmd("qemu-system-x86_64", "-machine", f"q35,accel={accel}", "-cpu", cpu, "-smp", "1",
                          "-m", "512", "-nographic", "-nodefaults", "-serial", "stdio", "-monitor", "none",
                          "-no-reboot", "-kernel", kernel["vmlinuz"], "-initrd", initrd, "-append", append,
                          "-netdev", "tap,id=n0,ifname=tap0,script=no,downscript=no",
                          "-device", "virtio-net-pci,netdev=n0,mac=52:54:00:a0:00:02")
        self.logf = open(work / "console.log", "w")
        self.q: queue.Queue[str] = queue.Queue()
        self.p = subprocess.Popen(self.cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT)
        threading.Thread(target=self._reader, daemon=True).start()

    def _reader(self):
        for raw in self.p.stdout:
            line = raw.decode(errors="replace").rstrip("\r\n")
            self.logf.write(line + "\n")
            self.logf.flush()
            i = line.find("AOVM ")
            if i >= 0:
                self.q.put(line[i:])
        self.q.put("AOVM EXITED")

    def expect(self, prefix: str, timeout: float) -> str:
        end = time.monotonic() + timeout
        while True:
            try:
                line = self.q.get(timeout=max(0.1, end - time.monotonic()))
            except queue.Empty:
                raise RuntimeError(f"the guest said no '{prefix}' within {timeout:.0f} s (see console.log)")
            if line.startswith(prefix):
                return line
            if line.startswith(("AOVM EXITED", "AOVM ERROR")):
                raise RuntimeError(f"guest: {line} while waiting for '{prefix}'")

    def send(self, line: str):
        self.p.stdin.write((line + "\n").encode())
        self.p.stdin.flush()

    def stop(self):
        if self.p.poll() is None:
            try:
                self.send("poweroff")
                self.p.wait(timeout=20)
            except Exception:
                self.p.kill()
                self.p.wait()
        self.logf.close()


def kv(line: str) -> dict[str, str]:
    return dict(w.split("=", 1) for w in line.split() if "=" in w)


def peer_kv(log_: str, start: str) -> dict[str, str]:
    """The key=value pairs of tun_peer's line starting with 'tun_peer: ' + start."""
    for line in log_.splitlines():
        if line.startswith("tun_peer: " + start):
            return kv(line)
    return {}


# ------------------------------------------------------------------ one transfer

def transfer(ns: Netns, g: Guest, peer: Path, guest: Path, work: Path, alg: tuple, direction: str,
             tamper: bool, size: int, run_no: int) -> dict:
    name, ilpc_alg, linux_alg, keylen = alg
    key = os.urandom(keylen).hex()
    s_ilpc, s_linux = 1000 + 2 * run_no, 1001 + 2 * run_no  # stream seeds: ilpc's, Linux's
    size_linux = size // 2 + 777 + run_no                    # Linux sends a different length
    to_linux, to_ilpc = work / f"to_linux.{run_no}", work / f"to_ilpc.{run_no}"
    got_ilpc = work / f"got_ilpc.{run_no}"
    sh([guest, "gen", s_ilpc, size, to_linux])
    sh([guest, "gen", s_linux, size_linux, to_ilpc])
    port = PORT + run_no
    cmd = ns.cmd(peer, "--transport", "tun", "--dev", "tun0", "--local", ILPC_IP, "--send", to_linux,
                 "--out", got_ilpc, "--timeout-s", 60, "--ao-alg", ilpc_alg, "--ao-key", key)
    if tamper:
        cmd += ["--impair", f"tamper=0.02,seed={5 + run_no}", "--tx-tamper", "0.02"]
    gargs = [linux_alg, key, ILPC_IP, port, s_linux, size_linux, s_ilpc, size]
    t0 = time.monotonic()
    if direction == "ilpc-client":
        g.send(" ".join(map(str, ["listen", *gargs])))
        g.expect("AOVM LISTENING", 20)
        r = subprocess.run(cmd + ["--connect", f"{GUEST_IP}:{port}"], capture_output=True, text=True, timeout=120)
        res = g.expect("AOVM RESULT", 120)
    else:
        p = subprocess.Popen(cmd + ["--listen", str(port)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True)
        time.sleep(0.3)
        g.send(" ".join(map(str, ["connect", *gargs])))
        res = g.expect("AOVM RESULT", 120)
        out, err = p.communicate(timeout=120)
        r = subprocess.CompletedProcess(p.args, p.returncode, out, err)
    nst = g.expect("AOVM NETSTAT", 10)
    secs = time.monotonic() - t0
    gk, o = kv(res), peer_kv(r.stderr, "options ")
    s, tx = peer_kv(r.stderr, "sent="), peer_kv(r.stderr, "tx_dropped=")
    ok_bytes = got_ilpc.exists() and got_ilpc.read_bytes() == to_ilpc.read_bytes()
    row = {"alg": name, "direction": direction, "tamper": tamper, "keylen": keylen, "key": key, "port": port,
           "seeds": [s_ilpc, s_linux], "sizes": [size, size_linux], "secs": round(secs, 2),
           "ilpc_rc": r.returncode, "ilpc_intact": ok_bytes, "linux_intact": gk.get("intact") == "1",
           "linux_ok": gk.get("ok") == "1", "tcp_ao": o.get("tcp_ao"), "ilpc_ao_bad": int(o.get("ao_bad", -1)),
           "linux_pkt_good": int(gk.get("pkt_good", -1)), "linux_pkt_bad": int(gk.get("pkt_bad", -1)),
           "linux_key_not_found": int(gk.get("pkt_key_not_found", -1)),
           "linux_ao_required": int(gk.get("pkt_ao_required", -1)),
           "tx_tampered": int(tx.get("tx_tampered", 0)), "retrans": int(s.get("retrans", -1)),
           "guest_error": gk.get("error"), "netstat": nst[len("AOVM NETSTAT "):],
           "ilpc_log": r.stderr.strip()}
    checks = [row["ilpc_rc"] == 0, row["ilpc_intact"], row["linux_intact"], row["linux_ok"], row["tcp_ao"] == "1",
              row["linux_pkt_good"] > 0, row["linux_key_not_found"] == 0, row["linux_ao_required"] == 0]
    if tamper:  # Linux drops what was altered, and nothing else
        checks += [row["ilpc_ao_bad"] > 0, 0 < row["linux_pkt_bad"] <= row["tx_tampered"]]
    else:
        checks += [row["ilpc_ao_bad"] == 0, row["linux_pkt_bad"] == 0]
    row["pass"] = all(checks)
    return row


# ------------------------------------------------------------------ the wire, checked independently

def _cmac(key: bytes, data: bytes) -> bytes:
    from cryptography.hazmat.primitives.ciphers import algorithms
    from cryptography.hazmat.primitives.cmac import CMAC
    c = CMAC(algorithms.AES(key))
    c.update(data)
    return c.finalize()


def _prf(alg: str, key: bytes, data: bytes) -> bytes:
    import hashlib
    import hmac
    return hmac.new(key, data, hashlib.sha1).digest() if alg == "hmac(sha1)" else _cmac(key, data)


def _traffic_key(alg: str, mk: bytes, ctx: bytes) -> bytes:
    """RFC 5926 3.1.1: one KDF iteration over i=1, "TCP-AO", the context, the length in bits;
    an AES-CMAC master key other than 16 bytes is first reduced to AES-CMAC(0^128, key)."""
    if alg != "hmac(sha1)" and len(mk) != 16:
        mk = _cmac(bytes(16), mk)
    return _prf(alg, mk, b"\x01TCP-AO" + ctx + (160 if alg == "hmac(sha1)" else 128).to_bytes(2, "big"))


def _pcap_tcp(path: Path):
    """(IPv4 source, destination, TCP segment) of each IPv4/TCP frame of an Ethernet pcap."""
    import struct
    b = path.read_bytes()
    e = "<" if b[:4] in (b"\xd4\xc3\xb2\xa1", b"\x4d\x3c\xb2\xa1") else ">"
    off = 24
    while off + 16 <= len(b):
        incl = struct.unpack(e + "I", b[off + 8:off + 12])[0]
        f = b[off + 16:off + 16 + incl]
        off += 16 + incl
        if len(f) >= 34 and f[12:14] == b"\x08\x00" and f[23] == 6:
            ip = f[14:]
            yield ip[12:16], ip[16:20], ip[(ip[0] & 15) * 4:int.from_bytes(ip[2:4], "big")]


def _ao_offset(tcp: bytes):
    i, hl = 20, (tcp[12] >> 4) * 4
    while i < hl and tcp[i] != 0:
        if tcp[i] == 1:
            i += 1
            continue
        if tcp[i] == 29:
            return i
        i += max(tcp[i + 1], 2)
    return None


def verify_wire(pcap: Path, rows: list[dict], work: Path) -> dict:
    """Every segment of every run on tap0, checked with a third implementation of RFC 5925/5926
    (Python's hmac, and the cryptography package's AES-CMAC): per run and sender the segments
    whose MAC is right, wrong, or missing; a wrong MAC on one of ilpc's segments is 'tampered'
    when its payload differs from what ilpc sent (tun_peer --tx-tamper), else 'forged'.
    Sequence numbers are taken not to wrap (1 MiB from a random ISN: SNE 0)."""
    import struct
    ilpc_ip = bytes(map(int, ILPC_IP.split(".")))
    runs = {r["port"]: (n, r) for n, r in enumerate(rows)}
    isn: dict[tuple, int] = {}
    out = {n: {w: dict(good=0, tampered=0, forged=0, unsigned=0, unsigned_rst=0, csum_0000=0, csum_ffff=0)
               for w in ("ilpc", "linux")} for n in range(len(rows))}
    sent = {}
    for src, dst, tcp in _pcap_tcp(pcap):
        sp, dp, seq = struct.unpack("!HHI", tcp[:8])
        port = dp if dp in runs else sp if sp in runs else None
        if port is None:
            continue
        n, r = runs[port]
        alg = "hmac(sha1)" if r["alg"] == "hmac-sha1" else "cmac(aes128)"
        flags, who = tcp[13], "ilpc" if src == ilpc_ip else "linux"
        st = out[n][who]
        if flags & 0x02:
            isn[(n, who)] = seq
        if tcp[16:18] in (b"\0\0", b"\xff\xff"):  # see test_ao_checksum_never_zero
            st["csum_0000" if tcp[16] == 0 else "csum_ffff"] += 1
        ao = _ao_offset(tcp)
        if ao is None:
            st["unsigned_rst" if flags & 0x04 else "unsigned"] += 1
            continue
        peer = "linux" if who == "ilpc" else "ilpc"
        syn = flags & 0x12 == 0x02
        ctx = src + dst + struct.pack("!HHII", sp, dp, seq if syn else isn.get((n, who), 0),
                                      0 if syn else isn.get((n, peer), 0))
        h = bytearray(tcp)
        h[16:18] = bytes(2)
        h[ao + 4:ao + 16] = bytes(12)
        msg = bytes(4) + src + dst + struct.pack("!BBH", 0, 6, len(tcp)) + bytes(h)
        if _prf(alg, _traffic_key(alg, bytes.fromhex(r["key"]), ctx), msg)[:12] == tcp[ao + 4:ao + 16]:
            st["good"] += 1
            continue
        payload = tcp[(tcp[12] >> 4) * 4:]
        if who == "ilpc" and payload and (n, who) in isn:
            if n not in sent:
                sent[n] = (work / f"to_linux.{n}").read_bytes()
            at = (seq - isn[(n, who)] - 1) % (1 << 32)
            if sent[n][at:at + len(payload)] != payload:
                st["tampered"] += 1
                continue
        st["forged"] += 1
    return out

def netstat_bad(line: str) -> int:
    return int(kv(line).get("TCPAOBad", -1))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--suite", default="trixie-backports", help="Debian suite of the kernel (default %(default)s)")
    ap.add_argument("--flavour", default="cloud-amd64", help="kernel flavour (default %(default)s)")
    ap.add_argument("--refresh", action="store_true", help="look up the newest kernel again (else the cached one)")
    ap.add_argument("--size", type=int, default=1 << 20, help="bytes ilpc sends per run (default 1 MiB)")
    ap.add_argument("--rounds", type=int, default=1, help="repeat the 12 runs this many times (default 1)")
    ap.add_argument("--keep", action="store_true", help="keep the work directory (console.log, tap0.pcap, files)")
    ap.add_argument("--json", help="also write the results to this file (with each run's key and ports)")
    ap.add_argument("--accel", choices=("auto", "kvm", "tcg"), default="auto",
                    help="kvm, tcg (qemu's own emulation), or auto (default): kvm unless /dev/kvm is missing or "
                         "is PVM (kvm_pvm: nested KVM without VT-x/AMD-V, which cannot run a stock kernel)")
    a = ap.parse_args()
    accel = a.accel
    if accel == "auto":
        accel = "tcg" if not os.path.exists("/dev/kvm") or os.path.exists("/sys/module/kvm_pvm") else "kvm"

    why = [w for w, bad in (("needs root", os.geteuid() != 0),
                            ("needs /dev/kvm", accel == "kvm" and not os.path.exists("/dev/kvm")),
                            ("needs /dev/net/tun", not os.path.exists("/dev/net/tun")),
                            ("needs qemu-system-x86_64 (apt-get install qemu-system-x86)",
                             not shutil.which("qemu-system-x86_64")),
                            ("needs apt-get and dpkg-deb (Debian)", not shutil.which("apt-get"))) if bad]
    if why:
        print("[tcp-ao-vm] cannot run here: " + "; ".join(why), file=sys.stderr)
        return 2
    kernel = fetch(a.suite, a.flavour, a.refresh)
    if "CONFIG_TCP_AO=y" not in Path(kernel["config"]).read_text():
        print(f"[tcp-ao-vm] {kernel['kernel_package']} is built without CONFIG_TCP_AO", file=sys.stderr)
        return 2
    log(f"kernel {kernel['kernel_package']} {kernel['kernel_version']} ({kernel['suite']}): CONFIG_TCP_AO=y")
    try:
        import cryptography  # noqa: F401  (the wire check's AES-CMAC)
        wire_check = bool(shutil.which("tcpdump"))
    except ImportError:
        wire_check = False
    if not wire_check:
        log("no tcpdump or no Python 'cryptography': the independent check of the wire is skipped")
    work = Path(tempfile.mkdtemp(prefix="ilpc-aovm-"))
    pcap = work / "tap0.pcap"
    rows: list[dict] = []
    try:
        peer, guest = build(work, kernel)
        initrd = initramfs(work, kernel, guest)
        with Netns() as ns:
            cap = None
            if wire_check:
                cap = subprocess.Popen(ns.cmd("tcpdump", "-q", "-i", "tap0", "-s", "0", "-B", "16384", "-U",
                                              "--immediate-mode", "-w", pcap, "tcp"), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            g = Guest(ns, kernel, initrd, work, accel)
            try:
                t0 = time.monotonic()
                booted = g.expect("AOVM BOOTED", 300)
                g.expect("AOVM READY", 30)
                log(f"guest up in {time.monotonic() - t0:.1f} s ({accel}): {booted[len('AOVM BOOTED '):]}")
                g.send("netstat")
                before = g.expect("AOVM NETSTAT", 10)
                for _ in range(a.rounds):
                    for tamper in (False, True):
                        for alg in ALGS:
                            for direction in ("ilpc-client", "ilpc-server"):
                                row = transfer(ns, g, peer, guest, work, alg, direction, tamper, a.size, len(rows))
                                rows.append(row)
                                log(f"{'tampered' if tamper else 'clean':8} {row['alg']:12} {direction:11} "
                                    f"{'PASS' if row['pass'] else 'FAIL'}  ilpc ao_bad={row['ilpc_ao_bad']} "
                                    f"linux pkt_good={row['linux_pkt_good']} pkt_bad={row['linux_pkt_bad']} "
                                    f"tx_tampered={row['tx_tampered']} ({row['secs']} s)")
                                if not row["pass"]:
                                    print(row["ilpc_log"], "\nguest error:", row["guest_error"], flush=True)
                g.send("netstat")
                after = g.expect("AOVM NETSTAT", 10)
            finally:
                g.stop()
                if cap:
                    time.sleep(1)
                    cap.send_signal(2)  # SIGINT: tcpdump writes out what it has
                    cap.wait()
    except (RuntimeError, subprocess.TimeoutExpired) as e:
        print(f"[tcp-ao-vm] FAILED: {e}\n(work directory kept: {work})", file=sys.stderr)
        return 1

    wire = verify_wire(pcap, rows, work) if wire_check else {}
    for n, r in enumerate(rows):
        if n in wire:
            w = r["wire"] = wire[n]
            ok = (w["ilpc"]["forged"] == w["linux"]["forged"] == w["linux"]["tampered"] == w["ilpc"]["csum_0000"] == 0
                  and w["ilpc"]["unsigned"] == w["linux"]["unsigned"] == w["linux"]["unsigned_rst"] == 0
                  and w["ilpc"]["tampered"] == r["tx_tampered"] and w["ilpc"]["good"] > 0 and w["linux"]["good"] > 0)
            r["pass"] = r["pass"] and ok
    dbad = int(kv(after).get("TCPAOBad", -1)) - int(kv(before).get("TCPAOBad", -1))
    tampered = sum(r["tx_tampered"] for r in rows)
    ok = bool(rows) and all(r["pass"] for r in rows) and 0 < dbad <= tampered

    print()
    print(f"ilpc TCP-AO <-> Linux {kernel['release']} ({kernel['kernel_package']} {kernel['kernel_version']}, "
          f"qemu {accel}); per run ilpc sends {a.size} B and Linux ~{a.size // 2 + 777} B, at once")
    print(f"{'run':6} {'algorithm':12} {'ilpc is':7} {'result':6} {'ilpc':>5} {'linux':>6} {'linux':>6} "
          f"{'altered':>7}   wire: {'ilpc ok/alt/bad':15} {'linux ok/bad':12} unsigned RST")
    print(f"{'':6} {'':12} {'':7} {'':6} {'bad':>5} {'good':>6} {'bad':>6} {'by ilpc':>7}")
    for r in rows:
        w = r.get("wire")
        ws = (f"{w['ilpc']['good']}/{w['ilpc']['tampered']}/{w['ilpc']['forged']:<5}"
              f"{'':3} {w['linux']['good']}/{w['linux']['forged'] + w['linux']['tampered']:<8}"
              f" {w['ilpc']['unsigned_rst']}+{w['linux']['unsigned_rst']}") if w else "(not checked)"
        print(f"{'tamper' if r['tamper'] else 'clean':6} {r['alg']:12} {r['direction'][5:]:7} "
              f"{'PASS' if r['pass'] else 'FAIL':6} {r['ilpc_ao_bad']:>5} {r['linux_pkt_good']:>6} "
              f"{r['linux_pkt_bad']:>6} {r['tx_tampered']:>7}   {ws}")
    print(f"guest TcpExt before: {before[len('AOVM NETSTAT '):]}")
    print(f"guest TcpExt after:  {after[len('AOVM NETSTAT '):]}")
    print(f"TCPAOBad grew by {dbad}; tun_peer altered {tampered} of its segments")
    if wire:
        tot = {k: sum(w[who][k] for w in wire.values() for who in ("ilpc", "linux"))
               for k in ("good", "tampered", "forged", "unsigned", "unsigned_rst")}
        csum = {f"{who} {v}": sum(w[who][f"csum_{v}"] for w in wire.values())
                for who in ("ilpc", "linux") for v in ("0000", "ffff")}
        print(f"wire (tap0), checked with Python's hmac and cryptography's AES-CMAC: {tot['good']} segments "
              f"signed right, {tot['tampered']} altered by tun_peer, {tot['forged']} with a wrong MAC otherwise, "
              f"{tot['unsigned']} unsigned, {tot['unsigned_rst']} unsigned RSTs; checksums 0x0000/0xFFFF: ilpc "
              f"{csum['ilpc 0000']}/{csum['ilpc ffff']}, Linux {csum['linux 0000']}/{csum['linux ffff']}")
    print("RESULT:", "PASS" if ok else "FAIL")
    if a.json:
        Path(a.json).write_text(json.dumps({"kernel": kernel, "accel": accel, "rows": rows,
                                            "netstat_before": before, "netstat_after": after}, indent=1))
    if a.keep or not ok:
        print(f"work directory: {work}")
    else:
        shutil.rmtree(work, ignore_errors=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
