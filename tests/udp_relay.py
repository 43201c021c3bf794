"""A UDP relay for the tests: a stand-in for a NAT or a forwarding relay.

Clients send to the relay's front address (e.g. 127.0.0.2:P2); for each client the
relay forwards to the target (the server, e.g. 127.0.0.1:P1) from a socket of its own,
and sends what comes back on that socket to the client from the front address.  So
neither end sees the other's address or port.  Optional, seeded, in both directions:
loss, duplication, reordering (a datagram is held back and sent after the next one)
and corruption (one byte flipped).  rebind_every=N makes the relay switch its outbound
socket (a new source port, the old one closed) after every N datagrams towards the
target: what a NAT does when its mapping expires mid-connection; with
blackout_after_rebind=T the client's datagrams are dropped for T seconds after each
rebinding, the one that opened the new mapping included.

    relay = UdpRelay(("127.0.0.1", server_port), seed=3, loss=0.05, rebind_every=200)
    relay.start(); ... relay.front_port ...; relay.stop()
"""

from __future__ import annotations

import random
import select
import socket
import threading
import time


class UdpRelay:
    def __init__(self, target, listen=("127.0.0.2", 0), seed=1, loss=0.0, dup=0.0, reorder=0.0, corrupt=0.0,
                 rebind_every=0, out_host="127.0.0.1", blackout_after_rebind=0.0):
        self.target = target
        self.rng = random.Random(seed)
        self.loss, self.dup, self.reorder, self.corrupt = loss, dup, reorder, corrupt
        self.rebind_every = rebind_every
        self.blackout = blackout_after_rebind
        self.blackout_until = 0.0
        self.out_host = out_host
        self.front = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.front.bind(listen)
        self.front_port = self.front.getsockname()[1]
        self.front_host = self.front.getsockname()[0]
        for s in (self.front,):
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4 << 20)
        self.out: dict[tuple, socket.socket] = {}     # client address -> outbound socket
        self.back: dict[int, tuple] = {}              # outbound socket fd -> client address
        self.towards: dict[tuple, int] = {}           # datagrams per client towards the target
        self.held: dict[int, tuple] = {}              # per direction: a datagram held back
        self.stats = dict(fwd=0, back=0, lost=0, dup=0, reordered=0, corrupted=0, rebinds=0)
        self.stop_ev = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def start(self):
        self.thread.start()
        return self

    def stop(self):
        self.stop_ev.set()
        self.thread.join(5)
        self.front.close()
        for s in self.out.values():
            s.close()

    # ------------------------------------------------------------------
    def _outbound(self, client):
        s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4 << 20)
        s.bind((self.out_host, 0))
        old = self.out.get(client)
        if old is not None:
            del self.back[old.fileno()]
            old.close()
            self.stats["rebinds"] += 1
        self.out[client] = s
        self.back[s.fileno()] = client
        return s

    def _emit(self, direction: int, sock, data: bytes, addr):
        """Send with the configured damage; direction 0 = towards the target, 1 = back."""
        r = self.rng
        if r.random() < self.loss:
            self.stats["lost"] += 1
            return
        if self.corrupt and r.random() < self.corrupt:
            b = bytearray(data)
            b[r.randrange(len(b))] ^= 1 << r.randrange(8)
            data = bytes(b)
            self.stats["corrupted"] += 1
        copies = 2 if r.random() < self.dup else 1
        self.stats["dup"] += copies - 1
        if self.reorder and direction not in self.held and r.random() < self.reorder:
            self.held[direction] = (sock, data, addr)
            self.stats["reordered"] += 1
            return
        for _ in range(copies):
            self._send(sock, data, addr)
        h = self.held.pop(direction, None)
        if h is not None:
            self._send(*h)

    @staticmethod
    def _send(sock, data, addr):
        try:
            sock.sendto(data, addr)
        except OSError:
            pass    # a closed (rebound) socket or a full buffer: a loss

    def _run(self):
        while not self.stop_ev.is_set():
            socks = [self.front, *self.out.values()]
            try:
                ready, _, _ = select.select(socks, [], [], 0.05)
            except (OSError, ValueError):
                continue
            if not ready:
                # flush held datagrams when traffic pauses, so nothing waits forever
                for d in list(self.held):
                    self._send(*self.held.pop(d))
                continue
            for s in ready:
                try:
                    data, addr = s.recvfrom(65536)
                except OSError:
                    continue
                if s is self.front:
                    out = self.out.get(addr) or self._outbound(addr)
                    n = self.towards.get(addr, 0) + 1
                    self.towards[addr] = n
                    if self.rebind_every and n % self.rebind_every == 0:
                        out = self._outbound(addr)
                        self.blackout_until = time.monotonic() + self.blackout
                    if time.monotonic() < self.blackout_until:
                        self.stats["lost"] += 1     # the new mapping's first datagrams are lost
                        continue
                    self.stats["fwd"] += 1
                    self._emit(0, out, data, self.target)
                else:
                    client = self.back.get(s.fileno())
                    if client is None:
                        continue
                    self.stats["back"] += 1
                    self._emit(1, self.front, data, client)


def main(argv=None) -> int:
    """Run a relay until interrupted: python tests/udp_relay.py --target 127.0.0.1:PORT
    [--listen 127.0.0.2:0] [--loss P] [--dup P] [--reorder P] [--corrupt P] [--rebind-every N]
    [--seed S].  Prints the front address, then its counters when stopped (SIGINT, SIGTERM)."""
    import argparse
    import signal
    import time

    def hp(s):
        h, p = s.rsplit(":", 1)
        return h, int(p)

    ap = argparse.ArgumentParser(description=main.__doc__)
    ap.add_argument("--target", type=hp, required=True)
    ap.add_argument("--listen", type=hp, default=("127.0.0.2", 0))
    for name in ("loss", "dup", "reorder", "corrupt"):
        ap.add_argument(f"--{name}", type=float, default=0.0)
    ap.add_argument("--rebind-every", type=int, default=0)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args(argv)
    r = UdpRelay(a.target, listen=a.listen, seed=a.seed, loss=a.loss, dup=a.dup, reorder=a.reorder,
                 corrupt=a.corrupt, rebind_every=a.rebind_every).start()
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    print(f"relay on {r.front_host}:{r.front_port} -> {a.target[0]}:{a.target[1]}", flush=True)
    try:
        while True:
            time.sleep(1)
    except KeyboardInterrupt:
        pass
    finally:
        r.stop()
        print(r.stats, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
