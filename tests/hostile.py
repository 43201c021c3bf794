"""Attacks on running file transfers over the udp transport: the test-side attacker.

An *off-path* attacker can send UDP datagrams to the server's port from an address of
its own, and sees only what is sent to that address.  It knows the server's address and,
where a scenario says so, the connection's TCP port pair (by scanning for it, or as the
issue that motivated this assumed); it never sees the connection's sequence numbers.  An
*observer* (root only: a packet socket on the loopback device) also sees every datagram
of the transfer, and so its sequence numbers, but can neither drop nor delay anything:
only TCP-AO stops what it injects.

    run(ft_dir, root_dir, scenario, cipher, tcp_ao, ...) -> Outcome

starts ft-server and ft-client on loopback, runs one scenario against the transfer while
it is under way, and returns what happened: whether the file arrived intact, what the
attacker received, and both programs' counters.  tests/test_offpath.py runs the scenarios
once per cipher; ``python tests/hostile.py`` runs them many times (a separate command:
the figures in docs/tcp.md come from it).

Scenarios:
  blind-ack      a pure ACK with sequence and acknowledgment numbers 0 on the pair, then
                 RSTs at sequence 0 and across the sequence space (the attack that moved
                 the route before paths were validated, then reset the connection)
  scan-reset     find the pair by probing every ephemeral port (a closed pair answers
                 RST), then RSTs across the sequence space on what was found
  siphon         a pure ACK on the pair, then acknowledging whatever arrives
  inject         data segments on the pair across the sequence and ACK spaces
  ack-spray      pure ACKs on the pair across the sequence and ACK spaces
  syn            SYNs on the pair from the attacker's address (each answered, if at all,
                 as a connection of the attacker's own)
  ack-above      (observer) ACKs up to 64 KiB above the server's SND.NXT, from the
                 client's address
  inject-exact   (observer) data at exactly the server's RCV.NXT with a valid ACK, from
                 the client's address
  rst-exact      (observer) an RST at exactly RCV.NXT, from the client's address (only
                 TCP-AO can stop these three)
"""
from __future__ import annotations

import argparse
import os
import re
import select
import socket
import struct
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

OFF_PATH = ["blind-ack", "scan-reset", "siphon", "inject", "ack-spray", "syn"]
OBSERVER = ["ack-above", "inject-exact", "rst-exact"]
SCENARIOS = OFF_PATH + OBSERVER
FLAG_FIN, FLAG_SYN, FLAG_RST, FLAG_PSH, FLAG_ACK = 1, 2, 4, 8, 16


def csum(data: bytes) -> int:
    if len(data) % 2:
        data += b"\0"
    s = sum(struct.unpack(f"!{len(data) // 2}H", data))
    while s >> 16:
        s = (s & 0xFFFF) + (s >> 16)
    return s


def segment(sport: int, dport: int, seq: int, ack: int, flags: int, payload: bytes = b"", wnd: int = 65535) -> bytes:
    """A TCP segment as the udp transport carries it: pseudo-header addresses 0.0.0.0."""
    hdr = struct.pack("!HHIIBBHHH", sport, dport, seq & 0xFFFFFFFF, ack & 0xFFFFFFFF, 5 << 4, flags, wnd, 0, 0)
    seg = hdr + payload
    pseudo = struct.pack("!IIBBH", 0, 0, 0, 6, len(seg))
    ck = 0xFFFF & ~csum(pseudo + seg)
    return seg[:16] + struct.pack("!H", ck) + seg[18:]


@dataclass
class Seg:
    sport: int
    dport: int
    seq: int
    ack: int
    flags: int
    payload: int   # length

    @staticmethod
    def parse(b: bytes) -> "Seg | None":
        if len(b) < 20:
            return None
        sport, dport, seq, ack, off, flags = struct.unpack("!HHIIBB", b[:14])
        hl = (off >> 4) * 4
        return Seg(sport, dport, seq, ack, flags & 0x3F, max(0, len(b) - hl))


class Attacker:
    """Off-path: its own UDP socket; sees only what comes to it."""

    def __init__(self, server: tuple[str, int], host: str = "127.0.0.5"):
        self.server = server
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.sock.bind((host, 0))
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 8 << 20)
        self.received: list[Seg] = []
        self.acks_sent: set[int] = set()    # acknowledgment numbers it used (an RST may echo them)
        self.syns_sent: set[int] = set()    # sequence numbers of its SYNs (a SYN-ACK acknowledges one)
        self.own_isns: set[int] = set()     # ISNs of SYN-ACKs opening connections of its own

    def send(self, sport: int, dport: int, seq: int, ack: int, flags: int, payload: bytes = b"") -> None:
        self.acks_sent.add(ack & 0xFFFFFFFF)
        if flags & FLAG_SYN:
            self.syns_sent.add(seq & 0xFFFFFFFF)
        try:
            self.sock.sendto(segment(sport, dport, seq, ack, flags, payload), self.server)
        except OSError:
            pass

    def drain(self, wait: float = 0.0) -> list[Seg]:
        got = []
        end = time.monotonic() + wait
        while True:
            left = max(0.0, end - time.monotonic())
            r, _, _ = select.select([self.sock], [], [], left)
            if not r:
                break
            data, _ = self.sock.recvfrom(65536)
            s = Seg.parse(data)
            if s:
                got.append(s)
                self.received.append(s)
                if s.flags == FLAG_SYN | FLAG_ACK and ((s.ack - 1) & 0xFFFFFFFF) in self.syns_sent:
                    self.own_isns.add(s.seq)
        return got

    def close(self) -> None:
        self.sock.close()

    def leaks(self) -> list[Seg]:
        """What it received beyond its own numbers echoed: a segment with data, anything
        but an RST carrying back a number it sent, or a SYN-ACK opening a connection of
        its own (to one of its SYNs: another connection's numbers, not the victim's), and
        the RST that ends such a connection."""
        def harmless(s: Seg) -> bool:
            if s.payload:
                return False
            if s.flags & FLAG_RST:
                return (s.seq in self.acks_sent or s.seq == 0 or
                        ((s.seq - 1) & 0xFFFFFFFF) in self.own_isns)
            return s.flags == FLAG_SYN | FLAG_ACK and ((s.ack - 1) & 0xFFFFFFFF) in self.syns_sent
        return [s for s in self.received if not harmless(s)]


class Observer:
    """On the path: a packet socket on lo sees every datagram to or from the server's
    UDP port (the TCP numbers in each direction), and a raw socket sends datagrams with
    the client's address as their source, so that they arrive on the connection's own
    path.  It can neither drop nor delay anything (root only)."""

    def __init__(self, server_port: int):
        self.port = server_port
        self.sock = socket.socket(socket.AF_PACKET, socket.SOCK_DGRAM, socket.htons(0x0800))
        self.sock.bind(("lo", 0))
        self.sock.settimeout(0.2)
        self.raw = socket.socket(socket.AF_INET, socket.SOCK_RAW, socket.IPPROTO_RAW)
        self.to_server: Seg | None = None     # the client's last segment
        self.to_client: Seg | None = None     # the server's last data segment
        self.client: tuple[str, int] | None = None   # the client's UDP address
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while not self.stop.is_set():
            try:
                pkt = self.sock.recv(70000)
            except OSError:
                continue
            if len(pkt) < 28 or pkt[9] != 17:
                continue
            ihl = (pkt[0] & 15) * 4
            sport, dport = struct.unpack("!HH", pkt[ihl:ihl + 4])
            s = Seg.parse(pkt[ihl + 8:])
            if not s:
                continue
            if dport == self.port:
                self.to_server = s
                self.client = (socket.inet_ntoa(pkt[12:16]), sport)
            elif sport == self.port and s.payload:
                self.to_client = s

    def spoof(self, tcp: bytes) -> None:
        """A datagram from the client's UDP address to the server's port (UDP checksum 0:
        none, as IPv4 allows)."""
        if not self.client:
            return
        src, sport = self.client
        udp = struct.pack("!HHHH", sport, self.port, 8 + len(tcp), 0) + tcp
        ip = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + len(udp), 0, 0x4000, 64, 17, 0, socket.inet_aton(src),
                         socket.inet_aton("127.0.0.1"))
        try:
            self.raw.sendto(ip + udp, ("127.0.0.1", 0))
        except OSError:
            pass

    def close(self) -> None:
        self.stop.set()
        self.thread.join(2)
        self.sock.close()
        self.raw.close()


@dataclass
class Outcome:
    intact: bool
    resets: int = 0          # ends by "connection reset" (either side)
    rto: int = 0             # retransmission timeouts (both sides)
    client: dict = field(default_factory=dict)
    server: dict = field(default_factory=dict)
    received: int = 0
    leaks: list = field(default_factory=list)
    found_pair: bool | None = False   # scan-reset: None when the transfer ended before the scan did
    seconds: float = 0.0
    log: str = ""


def results(text: str) -> dict:
    m = None
    for m in re.finditer(r"^RESULT (.*)$", text, re.M):
        pass
    return dict(kv.split("=", 1) for kv in m.group(1).split()) if m else {}


def free_udp_port() -> int:
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.bind(("127.0.0.1", 0))
    p = s.getsockname()[1]
    s.close()
    return p


def spread(n: int, offset: int = 0) -> list[int]:
    """n sequence numbers spread evenly over the 32-bit space."""
    return [(offset + i * (1 << 32) // n) & 0xFFFFFFFF for i in range(n)]


def attack(name: str, a: Attacker, pair: tuple[int, int], obs: Observer | None, done: threading.Event,
           scan_ports: range | None = None, alive=lambda: True) -> bool | None:
    """Run scenario `name` on the pair (client port, server port) until done; for
    scan-reset, find the pair first.  Returns whether the pair was found (scan-reset),
    or None when the connection may have ended before the scan did (``alive()`` false
    at its end): a closed pair answers RST like any other port, so the scan says nothing."""
    cport, sport = pair
    found = True
    if name == "scan-reset":
        ports = scan_ports or range(49152, 65536)
        answered: set[int] = set()
        todo = list(ports)
        for rnd in range(3):    # then twice more the ports whose RST may have been lost
            for p in todo:
                a.send(p, sport, 1, 1, FLAG_ACK)
                if p % 512 == 0:
                    answered |= {s.dport for s in a.drain() if s.flags & FLAG_RST}
            answered |= {s.dport for s in a.drain(0.1) if s.flags & FLAG_RST}
            todo = [p for p in todo if p not in answered]
        silent = todo
        found = cport in silent if alive() and not done.is_set() else None
        targets = silent[:8]
        for seq in spread(2048):
            for p in targets:
                a.send(p, sport, seq, 0, FLAG_RST)
        a.drain(0.05)
        return found
    if name == "blind-ack":
        a.send(cport, sport, 0, 0, FLAG_ACK)
        a.drain(0.05)
        for seq in [0] + spread(4096):
            a.send(cport, sport, seq, 0, FLAG_RST)
        a.drain(0.05)
    elif name == "siphon":
        a.send(cport, sport, 0, 0, FLAG_ACK)
        while not done.is_set():
            for s in a.drain(0.01):
                if s.payload:   # acknowledge what it got, as a real receiver would
                    a.send(cport, sport, s.ack, s.seq + s.payload, FLAG_ACK)
    elif name in ("inject", "ack-spray"):
        acks = spread(4096, 12345)
        for i, seq in enumerate(spread(4096)):
            if name == "inject":
                a.send(cport, sport, seq, acks[i], FLAG_ACK | FLAG_PSH, b"\x00" * 64)
            else:
                a.send(cport, sport, seq, acks[i], FLAG_ACK)
        a.drain(0.05)
    elif name == "syn":
        for seq in spread(256):
            a.send(cport, sport, seq, 0, FLAG_SYN)
        a.drain(0.05)
    elif name in OBSERVER:
        assert obs is not None
        deadline = time.monotonic() + 5
        while not done.is_set() and time.monotonic() < deadline:
            c, s = obs.to_server, obs.to_client
            if c is None or s is None:
                time.sleep(0.001)
                continue
            if name == "ack-above":
                snd_nxt = s.seq + s.payload     # the server's data so far
                for k in range(1, 65):
                    obs.spoof(segment(cport, sport, c.seq, snd_nxt + k * 1024, FLAG_ACK))
            elif name == "inject-exact":
                obs.spoof(segment(cport, sport, c.seq, c.ack, FLAG_ACK | FLAG_PSH, b"\xff" * 200))
            elif name == "rst-exact":
                obs.spoof(segment(cport, sport, c.seq, 0, FLAG_RST))
            time.sleep(0.002)
        a.drain(0.02)
    return found


def run(ft: Path, root: Path, name: str, cipher: str, tcp_ao: bool, file: str = "mib.bin", copies: int = 0,
        max_reply: int = 16384, timeout: float = 60, env: dict | None = None, scan_span: int = 0) -> Outcome:
    """One transfer under attack.  ``scan_span``: scan-reset scans that many ports around
    the pair's instead of all 16384 ephemeral ports (the tests: the same attack, in a
    time that does not depend on how fast the machine sends 16384 probes)."""
    # a scan of 16384 ports takes longer than 8 MiB takes on loopback: more copies
    copies = copies or (128 if name == "scan-reset" and not scan_span else 8)
    port = free_udp_port()
    psk = os.urandom(32).hex()
    env = dict(env or os.environ, ILPC_PSK=psk)
    sec = ["--cipher", cipher, "--tcp-ao", "on" if tcp_ao else "off"]
    if cipher in ("none",) and not tcp_ao:
        sec = ["--cipher", "none"]
        env.pop("ILPC_PSK", None)
    mode = ["--mode", "auto"] if cipher == "aes-128-gcm" else []
    srv = subprocess.Popen([str(ft / "ft-server"), "--listen", f"127.0.0.1:{port}", "--root", str(root), "--once",
                            "--timeout", str(timeout), "-v", *sec, *mode],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    out = Path(os.environ.get("TMPDIR", "/tmp")) / f"hostile-{os.getpid()}-{port}.bin"
    a = Attacker(("127.0.0.1", port))
    obs = Observer(port) if name in OBSERVER else None
    done = threading.Event()
    pair: list[tuple[int, int]] = []

    def watch_server():
        # "connection from 127.0.0.1:UPORT/tcp TPORT" (stderr, -v): the pair the attacker targets
        for line in srv.stderr:
            m = re.search(r"connection from [\d.]+:\d+/tcp (\d+)", line)
            if m and not pair:
                pair.append((int(m.group(1)), port))
            watch_server.text += line
    watch_server.text = ""
    t_err = threading.Thread(target=watch_server, daemon=True)
    t_err.start()
    time.sleep(0.2)
    t0 = time.monotonic()
    cli = subprocess.Popen([str(ft / "ft-client"), "--server", f"127.0.0.1:{port}", "--file", file, "--copies",
                            str(copies), "--max-reply", str(max_reply), "--out", str(out), "--timeout", str(timeout),
                            *sec, *mode], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    found = False
    try:
        while not pair and cli.poll() is None and time.monotonic() - t0 < 10:
            time.sleep(0.002)
        if pair:
            th = threading.Thread(target=lambda: done.wait(timeout + 5))
            th.start()

            def go():
                nonlocal found
                found = None    # until the attack returns
                ports = None
                if scan_span:
                    lo = max(49152, min(pair[0][0] - scan_span // 2, 65536 - scan_span))
                    ports = range(lo, lo + scan_span)
                found = attack(name, a, pair[0], obs, done, ports,
                               alive=lambda: cli.poll() is None and srv.poll() is None)
            ta = threading.Thread(target=go, daemon=True)
            ta.start()
        cout, cerr = cli.communicate(timeout=timeout + 30)
        done.set()
        if pair:
            ta.join(10)
            th.join(1)
        sout, _ = srv.communicate(timeout=30)
        t_err.join(5)
    finally:
        done.set()
        for p in (cli, srv):
            if p.poll() is None:
                p.kill()
                p.wait()
        if obs:
            obs.close()
    a.drain(0.05)
    src = (root / file).read_bytes()   # every copy is checked against its digest; --out keeps one
    intact = (cli.returncode == 0 and out.exists() and out.read_bytes() == src and
              results(cout).get("bytes") == str(len(src) * copies))
    if out.exists():
        out.unlink()
    text = cout + cerr + sout + watch_server.text
    o = Outcome(intact=intact, resets=text.count("connection reset"),
                rto=sum(int(x) for x in re.findall(r"retransmits \d+ \(rto (\d+)", text)),
                client=results(cout), server=results(sout), received=len(a.received),
                leaks=a.leaks(), found_pair=found if name == "scan-reset" else bool(pair),
                seconds=time.monotonic() - t0, log=text[-4000:])
    a.close()
    return o


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ft", required=True, type=Path, help="the directory holding ft-server and ft-client")
    ap.add_argument("--root", required=True, type=Path, help="the served directory")
    ap.add_argument("--file", default="mib.bin")
    ap.add_argument("--copies", type=int, default=0, help="default: 8, 64 for scan-reset")
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--scenarios", default=",".join(SCENARIOS))
    ap.add_argument("--ciphers", default="none,chacha20-poly1305,aes-128-gcm")
    ap.add_argument("--tcp-ao", default="off,on")
    ap.add_argument("--clients", type=int, default=0,
                    help="instead: this many clients at once against one server, --runs times")
    args = ap.parse_args()
    bad = 0
    if args.clients:
        for r in range(args.runs):
            t0 = time.monotonic()
            ok, log = many_clients(args.ft, args.root, args.clients, args.file)
            print(f"run {r + 1}: {ok}/{args.clients} transfers intact in {time.monotonic() - t0:.1f} s", flush=True)
            if ok != args.clients:
                print(log)
                bad += 1
        return 1 if bad else 0
    print("| scenario | cipher | TCP-AO | runs | intact | resets | attacker received (data / other) | leaks | "
          "ao_bad (median) | retransmission timeouts (max) |")
    print("|---|---|---|--:|--:|--:|--:|--:|--:|--:|")
    for name in args.scenarios.split(","):
        for cipher in args.ciphers.split(","):
            for ao in args.tcp_ao.split(","):
                if name in ("inject-exact", "rst-exact") and ao == "off":
                    continue    # an on-path injector breaks plain TCP: only TCP-AO stops it
                outs = [run(args.ft, args.root, name, cipher, ao == "on", args.file, args.copies)
                        for _ in range(args.runs)]
                intact = sum(o.intact for o in outs)
                resets = sum(o.resets > 0 for o in outs)
                data = sum(1 for o in outs for s in o.leaks if s.payload)
                other = sum(len(o.leaks) for o in outs) - data
                ao_bad = sorted(int(o.server.get("ao_bad", 0)) + int(o.client.get("ao_bad", 0)) for o in outs)
                rto = max(o.rto for o in outs)
                print(f"| {name} | {cipher} | {ao} | {len(outs)} | {intact} | {resets} | {data} / {other} | "
                      f"{sum(len(o.leaks) for o in outs)} | {ao_bad[len(ao_bad) // 2]} | {rto} |", flush=True)
                bad += len(outs) - intact
    return 1 if bad else 0



def many_clients(ft: Path, root: Path, n: int, file: str = "mib.bin", cipher: str = "none", timeout: float = 120,
                 env: dict | None = None) -> tuple[int, str]:
    """n clients at once on one host against one server over udp, each its own
    process and UDP socket, so that several may draw the same ephemeral TCP port:
    returns how many transfers arrived intact, and the log of those that did not."""
    port = free_udp_port()
    env = dict(env or os.environ)
    srv = subprocess.Popen([str(ft / "ft-server"), "--listen", f"127.0.0.1:{port}", "--root", str(root),
                            "--cipher", cipher, "--timeout", str(timeout)],
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env)
    time.sleep(0.2)
    tmp = Path(os.environ.get("TMPDIR", "/tmp"))
    outs = [tmp / f"many-{os.getpid()}-{port}-{i}.bin" for i in range(n)]
    procs = [subprocess.Popen([str(ft / "ft-client"), "--server", f"127.0.0.1:{port}", "--file", file,
                               "--max-reply", "16384", "--out", str(o), "--timeout", str(timeout), "--cipher", cipher],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env) for o in outs]
    want = (root / file).read_bytes()
    ok, log = 0, ""
    try:
        for p, o in zip(procs, outs):
            text, _ = p.communicate(timeout=timeout + 30)
            if p.returncode == 0 and o.exists() and o.read_bytes() == want:
                ok += 1
            else:
                log += text[-1500:]
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.wait()
        srv.terminate()
        try:
            srv.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            srv.kill()
            srv.wait()
        for o in outs:
            o.unlink(missing_ok=True)
    return ok, log


if __name__ == "__main__":
    sys.exit(main())
