#!/usr/bin/env python3
"""Write the seed corpora of ilpc's fuzz targets into tests/fuzz/corpus/<target>/.

    python tests/fuzz/make_corpus.py

Deterministic (fixed seeds); the files are named by their SHA-1, as libFuzzer names
them, and the old seeds of a target are removed first.  The seeds are small on purpose
(a few KiB per target): they only have to reach each target's paths, libFuzzer does the
rest.  Their formats are the targets' (see the comments at the top of each):

  specs  [type index, cipher, variation] + XDR: one valid encoding (from the independent
         oracle, tests/oracle/) of every type of the specs of run.py's SPEC_FILES, in the
         order of the generated type table, plus crafted counts for the types whose
         elements encode to nothing (04 00 00 00: 64 Mi NULLs, and the largest count),
         and LDAP messages in DER (for the BER family's decoders and message paths);
  aead   sealed Blobs and Recs of a few sizes for both ciphers, and raw records;
  tcp    scripts: passive and active opens with every option, data both ways, SACK
         blocks, out-of-order data, retransmission timeouts, close and abort; with outer
         paths, a peer moving to another path and answering the challenge, and segments
         from a third;
  wire   segments: every option the parser knows, TCP-AO and the path probes among them.
"""
from __future__ import annotations

import hashlib
import random
import re
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT / "tests"))

import run  # noqa: E402  (tests/fuzz/run.py: the spec list)

N_CIPHERS = 7


def write(target: str, seeds: list[bytes]) -> None:
    d = run.CORPUS / target
    d.mkdir(parents=True, exist_ok=True)
    for f in d.iterdir():
        f.unlink()
    for s in seeds:
        (d / hashlib.sha1(s).hexdigest()).write_bytes(s)
    print(f"{target}: {len(seeds)} seeds, {sum(map(len, seeds))} bytes")


def type_table() -> list[str]:
    """The type names of the specs target, in the order of its table."""
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, "-m", "ilpc", "--pdu", ",".join(run.SPEC_PDUS), *run.SPEC_ENCODINGS,
                        *run.SPEC_FILES, "-o", tmp],
                       cwd=ROOT, check=True, capture_output=True)
        text = (Path(tmp) / "type_table.c").read_text()
    return re.findall(r'^\s*ILPC_TABLE_ROW\("([^"]+)"', text, re.M)


def be32(x: int) -> bytes:
    return struct.pack(">I", x & 0xFFFFFFFF)


def spec_seeds() -> list[bytes]:
    from oracle.asn1_xdr import XdrSpec
    from oracle.values import ValueGen
    names = type_table()
    rng = random.Random(1)
    seeds = []
    oracle = XdrSpec([str(ROOT / p) for p in run.SPEC_FILES])
    for i, name in enumerate(names):
        try:
            t = oracle.type(name)
            encs = sorted({t.encode(v) for v in ValueGen(i, cap=3, max_depth=2).values(t, 4)}, key=len)
        except Exception:  # a type the oracle does not model: the crafted seeds below
            continue
        for e in encs[:1] + [x for x in encs[1:] if len(x) <= 48][:1]:
            if len(e) <= 160:
                seeds.append(bytes([i, rng.randrange(N_CIPHERS), rng.randrange(256)]) + e)
    index = {n: i for i, n in enumerate(names)}
    crafted = {
        "Hostile.Nulls": [be32(0x04000000), be32(0xFFFFFFFF), be32(3)],
        "Hostile.Empties": [be32(0x04000000)],
        "Hostile.NullPairs": [be32(0x04000000)],
        "Hostile.NestedNulls": [be32(2) + be32(0x04000000) + be32(0x04000000), be32(0x04000000)],
        "Hostile.Nested": [be32(0x04000000), be32(1) + be32(0x04000000)],
        "Hostile.Bools": [be32(0x04000000) + be32(1)],
        "Hostile.Texts": [be32(0x04000000) + be32(0x7FFFFFFF)],
        "Hostile.Mix": [be32(7) + be32(0x04000000) * 4 + be32(0) + be32(0) + be32(0)],
    }
    for name, xdrs in crafted.items():
        for c, x in enumerate(xdrs):
            seeds.append(bytes([index[name], c % N_CIPHERS, 0]) + x)
    # DER seeds for the BER family's decoders and message paths: LDAP's messages, by asn1tools
    for c, der in enumerate(ldap_messages()):
        seeds.append(bytes([index["Lightweight-Directory-Access-Protocol-V3.LDAPMessage"], c % N_CIPHERS,
                            rng.randrange(256)]) + der)
    return seeds


def ldap_messages() -> list[bytes]:
    """A bind, a search with a filter, an entry, a result: LDAP as a client and a server
    send it (asn1tools' DER of examples/ldap's module)."""
    import asn1tools
    spec = asn1tools.compile_files([str(ROOT / "examples/ldap/ldap.asn1")], "der")
    result = {"resultCode": "success", "matchedDN": b"", "diagnosticMessage": b""}
    ops = [
        ("bindRequest", {"version": 3, "name": b"cn=admin,dc=example,dc=com",
                         "authentication": ("simple", b"secret")}),
        ("searchRequest", {"baseObject": b"dc=example,dc=com", "scope": "wholeSubtree",
                           "derefAliases": "neverDerefAliases", "sizeLimit": 0, "timeLimit": 0, "typesOnly": False,
                           "filter": ("and", [("equalityMatch", {"attributeDesc": b"objectClass",
                                                                 "assertionValue": b"person"}),
                                              ("present", b"cn")]),
                           "attributes": [b"cn", b"mail"]}),
        ("searchResEntry", {"objectName": b"cn=a,dc=example,dc=com",
                            "attributes": [{"type": b"cn", "vals": [b"a", b"b"]}]}),
        ("searchResDone", result),
    ]
    return [spec.encode("LDAPMessage", {"messageID": i + 1, "protocolOp": op}) for i, op in enumerate(ops)]


def aead_seeds() -> list[bytes]:
    seeds = []
    for cipher in (0, 1):
        for blob in (b"", b"a", b"hello, world", bytes(range(40))):
            seeds.append(bytes([4 | cipher, 1 | (3 << 3)]) + blob)  # sealed Blob
        # sealed Rec: n, name, items, extra (absent), flags
        rec = be32(7) + be32(3) + b"abc\0" + be32(2) + be32(1) + be32(0xFFFFFFFF) + be32(0) + be32(1) + be32(1)
        seeds.append(bytes([6 | cipher, 0]) + rec)
        seeds.append(bytes([6 | cipher, 3]) + rec)  # the record counter at its end
        # raw records: framed, tag wrong
        seeds.append(bytes([2 | cipher, 0]) + be32(8) + bytes(8 + 16))
        seeds.append(bytes([cipher, 1]) + be32(12) + bytes(12 + 16))
    return seeds


# ---- tcp scripts (tests/fuzz/fuzz_tcp.c)

SEG, RAW, CLOCK, SEND, RECV, CLOSE, ACCEPT, HOOK = 0, 4, 5, 6, 8, 9, 10, 11
SYN, FIN, RST, PSH, ACK = 0x02, 0x01, 0x04, 0x08, 0x10


def opts(mss=None, ws=None, sackperm=False, ts=False, sack=(), probe=None) -> bytes:
    """probe: "challenge" or "response" (with the nonce the stack sent last)."""
    want = (1 if mss is not None else 0) | (2 if ws is not None else 0) | (4 if sackperm else 0) \
        | (8 if ts else 0) | (16 if sack else 0) | (32 if probe else 0)
    b = bytes([want << 1])
    if mss is not None:
        b += struct.pack(">H", mss)
    if ws is not None:
        b += bytes([ws])
    if ts:
        b += bytes([1, 0])  # tsval + 1, tsecr from the clock
    if probe:
        b += bytes([(1 if probe == "response" else 0) | 2])  # the stack's last nonce
    if sack:
        b += bytes([len(sack) - 1])
        for back, ln in sack:  # [stack's next sequence number - back, + ln)
            b += struct.pack(">HH", back, ln - 1)
    return b


def seg(flags, o=b"\x00", seq_abs=None, seq_d=0, ack_d=0, plen=0, wnd=65535, corrupt=False, path=None) -> bytes:
    """path: the outer path (0..2) it comes along, with configuration bit 7."""
    ctl = (1 if seq_abs is not None else 0) | (0x10 if plen else 0) | (0x80 if corrupt else 0)
    b = bytes([SEG, flags | (0x40 if path is not None else 0), ctl]) + (bytes([path]) if path is not None else b"") + o
    b += struct.pack(">I", seq_abs) if seq_abs is not None else bytes([seq_d & 0xFF])
    b += bytes([ack_d & 0xFF])
    if plen:
        b += struct.pack(">H", plen)
    b += struct.pack(">H", wnd)
    if corrupt:
        b += b"\x01"
    return b


def tcp_seeds() -> list[bytes]:
    full = opts(mss=1460, ws=7, sackperm=True, ts=True)
    seeds = []
    for cfg in (0x0E, 0x00, 0x3E, 0x4E):  # passive: all options, none, delayed ACKs + 4 ranges, small rings
        s = bytes([cfg, 0])
        s += seg(SYN, full, seq_abs=1000)
        s += seg(ACK, opts(ts=True)) + bytes([ACCEPT])
        s += seg(ACK | PSH, opts(ts=True), plen=100)
        s += bytes([RECV, 0, 0, 200])
        s += bytes([SEND, 0, 0x0B, 0xB8])  # 3000 bytes
        s += seg(ACK, opts(ts=True, sack=[(1500, 500)]))
        s += bytes([CLOCK, 200, 20])
        s += seg(ACK | PSH, opts(ts=True), seq_d=100, plen=50)  # out of order
        s += seg(ACK, opts(ts=True), ack_d=0)
        s += seg(ACK | FIN, opts(ts=True))
        s += bytes([CLOSE, 1, CLOCK, 255, 23])
        seeds.append(s)
    # active open, then the peer's SYN-ACK
    s = bytes([0x0F, 3]) + seg(SYN | ACK, full, seq_abs=5000) + bytes([SEND, 2, 0x10, 0x00, 0])
    s += seg(ACK, opts(ts=True)) + bytes([HOOK]) + seg(ACK | PSH, opts(ts=True), plen=64)
    s += bytes([CLOCK, 100, 24, CLOSE, 2])
    seeds.append(s)
    # bad checksums, a RST, raw bytes, a SYN to the listener with junk options
    s = bytes([0x00, 0]) + seg(SYN, b"\x01\x08\x02\x04\x05\xb4\x03\x03\x0e\x01\x01\x00", seq_abs=7) \
        + seg(ACK, corrupt=True) + seg(RST) + bytes([RAW, 30]) + bytes(range(30))
    seeds.append(s)
    # outer paths: open on path 0, data from path 1 (a rebinding), its answer to the
    # challenge, then a blind ACK and an RST from path 2
    s = bytes([0x8E, 0])
    s += seg(SYN, full, seq_abs=1000, path=0)
    s += seg(ACK, opts(ts=True), path=0) + bytes([ACCEPT])
    s += seg(ACK | PSH, opts(ts=True), plen=100, path=1)
    s += seg(ACK, opts(ts=True, probe="response"), path=1)
    s += bytes([SEND, 0, 0x0B, 0xB8])
    s += seg(ACK, opts(ts=True), seq_abs=0, path=2) + seg(RST, seq_abs=0, path=2)
    s += seg(ACK, opts(ts=True, probe="challenge"), path=1)
    s += bytes([CLOCK, 200, 22, CLOSE, 1])
    seeds.append(s)
    return seeds


def wire_seeds() -> list[bytes]:
    """[max_len >> 8] + a segment (tests/fuzz/fuzz_tcp_wire.c)."""
    def hdr(flags, options=b"", payload=b""):
        options += b"\x00" * (-len(options) % 4)
        return struct.pack(">HHIIBBHHH", 4000, 80, 1000, 2000, (20 + len(options)) // 4 << 4, flags, 65535, 0,
                           0) + options + payload
    mss, ws, sp = b"\x02\x04\x05\xb4", b"\x01\x03\x03\x07", b"\x04\x02"
    ts = b"\x01\x01\x08\x0a" + struct.pack(">II", 5, 6)
    sack = b"\x01\x01\x05\x12" + struct.pack(">IIII", 10, 20, 30, 40)
    ao = b"\x1d\x10\x01\x01" + bytes(range(12))
    probe_c = b"\xfd\x0c\x49\x43" + bytes(range(8))
    probe_r = b"\xfd\x0c\x49\x52" + bytes(range(8, 16))
    return [b"\x00" + hdr(SYN, mss + ws + sp + ts[2:] + b"\x01\x01"),
            b"\x00" + hdr(ACK | PSH, ts + ao, b"payload!"),
            b"\x00" + hdr(ACK, ts + sack),
            b"\x00" + hdr(ACK, ts + probe_c + ao),
            b"\x01" + hdr(ACK, ts + probe_r),
            b"\x00" + hdr(RST),
            b"\x00" + hdr(ACK, b"\xfe\x06\x12\x34\x00\x00")]


def main() -> int:
    write("specs", spec_seeds())
    write("aead", aead_seeds())
    write("tcp", tcp_seeds())
    write("wire", wire_seeds())
    return 0


if __name__ == "__main__":
    sys.exit(main())
