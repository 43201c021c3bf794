"""Tests of TCP-AO's cryptography (runtime/ilpc_tcp_ao.{h,c}): RFC 5926's KDFs and MACs
over RFC 5925's connection context and segments, for IPv4.

* ilpc_tcp_ao.c is built as a shared library with -DILPC_HAVE_LIBCRYPTO=1 -lcrypto and
  driven through ctypes: every IPv4 vector of RFC 9235 (sections 4 and 5: HMAC-SHA-1-96 and
  AES-128-CMAC-96, options covered and excluded) gives the RFC's traffic keys and MACs;
  random MKTs (master keys of 1..80 bytes), addresses, option layouts and payload splits
  give what a Python model over ``cryptography``'s HMAC and CMAC gives;
* tests/c/test_tcp_ao.c runs under ASan + UBSan (gcc, clang) and valgrind: tampering with
  any bit of what the MAC covers changes it, what it must not cover does not, payload
  splits do not matter, misuse is refused;
* built without libcrypto the module compiles warning-free, refers to nothing of
  libcrypto, and every key or MAC function fails with ILPC_EINVAL.
"""
from __future__ import annotations

import ctypes
import os
import random
import shutil
import struct
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

from conftest import ROOT, libcrypto_flags

RUNTIME = ROOT / "runtime"
CTESTS = ROOT / "tests" / "c"
STRICT = ["-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic"]
SANITIZE = ["-fsanitize=address,undefined", "-fno-sanitize-recover=all"]
COMPILERS = [c for c in ("gcc", "clang") if shutil.which(c)]
CRYPTO_CFLAGS, CRYPTO_LIBS = libcrypto_flags()
need_libcrypto = pytest.mark.skipif(not CRYPTO_LIBS, reason="pkg-config does not find libcrypto >= 3 (libssl-dev)")

SHA1, CMAC = 0, 1  # ilpc_ao_alg
ALG_IDS = {SHA1: "hmac-sha1-96", CMAC: "aes128-cmac-96"}
KEY_LEN = {SHA1: 20, CMAC: 16}
ILPC_OK, ILPC_EINVAL = 0, -109
AO_KIND, AO_LEN, MAC_LEN = 29, 16, 12


def _run(cmd, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([str(c) for c in cmd], capture_output=True, text=True, timeout=300, **kw)


def _cc() -> str:
    if not COMPILERS:
        pytest.skip("no gcc or clang")
    return COMPILERS[0]


# ------------------------------------------------------------------ the C side through ctypes

class Mkt(ctypes.Structure):
    _fields_ = [("send_id", ctypes.c_uint8), ("recv_id", ctypes.c_uint8), ("exclude_options", ctypes.c_uint8),
                ("key_len", ctypes.c_uint8), ("alg", ctypes.c_int), ("key", ctypes.c_uint8 * 80)]


class TrafficKeys(ctypes.Structure):
    _fields_ = [("len", ctypes.c_size_t), ("send_syn", ctypes.c_uint8 * 20), ("recv_syn", ctypes.c_uint8 * 20),
                ("send_other", ctypes.c_uint8 * 20), ("recv_other", ctypes.c_uint8 * 20)]


class Mac(ctypes.Structure):
    _fields_ = [("ctx", ctypes.c_void_p), ("alg", ctypes.c_int), ("exclude_options", ctypes.c_int)]


class Segment(ctypes.Structure):
    _fields_ = [("sne", ctypes.c_uint32), ("src_ip", ctypes.c_uint32), ("dst_ip", ctypes.c_uint32),
                ("hdr", ctypes.c_void_p), ("hdr_len", ctypes.c_size_t), ("ao_off", ctypes.c_size_t),
                ("payload", ctypes.c_void_p * 2), ("payload_len", ctypes.c_size_t * 2)]


SIZEOF_SHIM = ('#include "ilpc_tcp_ao.h"\n'
               "size_t t_sizeof(int i) {\n"
               "    switch (i) {\n"
               "    case 0: return sizeof(ilpc_ao_mkt);\n"
               "    case 1: return sizeof(ilpc_ao_traffic_keys);\n"
               "    case 2: return sizeof(ilpc_ao_mac);\n"
               "    case 3: return sizeof(ilpc_ao_segment);\n"
               "    }\n"
               "    return 0;\n"
               "}\n")
STRUCTS = [Mkt, TrafficKeys, Mac, Segment]


def _load(path: Path) -> ctypes.CDLL:
    L = ctypes.CDLL(str(path))
    u8p, vp, sz, i, u16, u32 = ctypes.c_char_p, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_uint16, \
        ctypes.c_uint32
    PM, PK, PC, PS = (ctypes.POINTER(s) for s in (Mkt, TrafficKeys, Mac, Segment))
    sigs = {
        "ilpc_ao_available": ([], i),
        "ilpc_ao_traffic_key_len": ([i], sz),
        "ilpc_ao_traffic_key": ([PM, u32, u32, u16, u16, u32, u32, vp], i),
        "ilpc_ao_conn_keys": ([PM, u32, u16, u32, u32, u16, u32, PK], i),
        "ilpc_ao_mac_init": ([PC, PM, u8p], i),
        "ilpc_ao_mac_free": ([PC], None),
        "ilpc_ao_mac_compute": ([PC, PS, vp], i),
        "ilpc_ao_mac_verify": ([PC, PS], i),
        "ilpc_ao_find_option": ([u8p, sz, ctypes.POINTER(sz)], i),
        "ilpc_ao_write_option": ([vp, ctypes.c_uint8, ctypes.c_uint8], sz),
        "ilpc_ao_mac_equal": ([u8p, u8p], i),
        "t_sizeof": ([i], sz),
    }
    for name, (args, res) in sigs.items():
        fn = getattr(L, name)
        fn.argtypes, fn.restype = args, res
    return L


def _build_so(tmp: Path, name: str, defines: list[str], libs: list[str]) -> Path:
    shim = tmp / "shim.c"
    shim.write_text(SIZEOF_SHIM)
    out = tmp / f"{name}.so"
    r = _run([_cc(), "-O2", *STRICT, *defines, "-shared", "-fPIC", "-I", RUNTIME, RUNTIME / "ilpc_tcp_ao.c", shim,
              "-o", out, *libs])
    assert r.returncode == 0 and r.stderr == "", r.stderr
    return out


@pytest.fixture(scope="module")
def lib(tmp_path_factory):
    if not CRYPTO_LIBS:
        pytest.skip("pkg-config does not find libcrypto >= 3 (libssl-dev)")
    L = _load(_build_so(tmp_path_factory.mktemp("ao"), "libilpcao", CRYPTO_CFLAGS, CRYPTO_LIBS))
    assert L.ilpc_ao_available() == 1
    return L


@pytest.fixture(scope="module")
def nolib(tmp_path_factory):
    return _load(_build_so(tmp_path_factory.mktemp("noao"), "libilpcnoao", [], []))


def make_mkt(alg: int, key: bytes, exclude_options: bool = False, send_id: int = 0, recv_id: int = 0) -> Mkt:
    m = Mkt(send_id=send_id, recv_id=recv_id, exclude_options=int(exclude_options), key_len=len(key), alg=alg)
    ctypes.memmove(m.key, key, len(key))
    return m


def c_traffic_key(L, mkt: Mkt, src_ip, dst_ip, sport, dport, src_isn, dst_isn) -> tuple[int, bytes]:
    out = ctypes.create_string_buffer(b"\x5a" * 20, 20)
    rc = L.ilpc_ao_traffic_key(ctypes.byref(mkt), src_ip, dst_ip, sport, dport, src_isn, dst_isn, out)
    return rc, out.raw


def c_conn_keys(L, mkt: Mkt, lip, lport, lisn, rip, rport, risn) -> tuple[int, dict[str, bytes]]:
    k = TrafficKeys()
    ctypes.memset(ctypes.byref(k), 0x5a, ctypes.sizeof(k))
    rc = L.ilpc_ao_conn_keys(ctypes.byref(mkt), lip, lport, lisn, rip, rport, risn, ctypes.byref(k))
    n = k.len
    return rc, {"len": n, **{f: bytes(getattr(k, f))[:n] for f in ("send_syn", "recv_syn", "send_other",
                                                                    "recv_other")}}


class CMac:
    """An ilpc_ao_mac keyed once; compute/verify per segment (header bytes, ao_off,
    payload spans); the buffers are kept alive for the call."""

    def __init__(self, L, mkt: Mkt, traffic_key: bytes):
        self.L, self.m = L, Mac()
        self.rc = L.ilpc_ao_mac_init(ctypes.byref(self.m), ctypes.byref(mkt), traffic_key)

    def _seg(self, sne, src, dst, hdr: bytes, ao_off: int, spans: list[bytes]):
        keep = [ctypes.create_string_buffer(hdr, len(hdr))]
        s = Segment(sne=sne, src_ip=src, dst_ip=dst, hdr=ctypes.addressof(keep[0]), hdr_len=len(hdr), ao_off=ao_off)
        for j, span in enumerate(spans):
            if span:
                keep.append(ctypes.create_string_buffer(span, len(span)))  # each span a buffer of its own
                s.payload[j] = ctypes.addressof(keep[-1])
            s.payload_len[j] = len(span)
        return s, keep

    def compute(self, sne, src, dst, hdr, ao_off, spans) -> tuple[int, bytes]:
        s, keep = self._seg(sne, src, dst, hdr, ao_off, spans)
        out = ctypes.create_string_buffer(b"\x5a" * MAC_LEN, MAC_LEN)
        rc = self.L.ilpc_ao_mac_compute(ctypes.byref(self.m), ctypes.byref(s), out)
        return rc, out.raw

    def verify(self, sne, src, dst, hdr, ao_off, spans) -> int:
        s, keep = self._seg(sne, src, dst, hdr, ao_off, spans)
        return self.L.ilpc_ao_mac_verify(ctypes.byref(self.m), ctypes.byref(s))

    def close(self):
        self.L.ilpc_ao_mac_free(ctypes.byref(self.m))


def find_option(L, hdr: bytes) -> tuple[int, int]:
    off = ctypes.c_size_t(12345)
    rc = L.ilpc_ao_find_option(hdr, len(hdr), ctypes.byref(off))
    return rc, off.value


# ------------------------------------------------------------------ the Python model (cryptography)

def prf(alg: int, key: bytes, data: bytes) -> bytes:
    """HMAC-SHA1 or AES-128-CMAC of data under key, untruncated."""
    hashes = pytest.importorskip("cryptography.hazmat.primitives.hashes")
    if alg == SHA1:
        hmac = pytest.importorskip("cryptography.hazmat.primitives.hmac")
        h = hmac.HMAC(key, hashes.SHA1())
    else:
        cmac = pytest.importorskip("cryptography.hazmat.primitives.cmac")
        algorithms = pytest.importorskip("cryptography.hazmat.primitives.ciphers.algorithms")
        h = cmac.CMAC(algorithms.AES(key))
    h.update(data)
    return h.finalize()


def model_traffic_key(alg: int, master: bytes, src_ip, dst_ip, sport, dport, src_isn, dst_isn) -> bytes:
    """RFC 5926 3.1.1: PRF(K, i=1 | "TCP-AO" | Context | Output_Length in bits), with
    K = AES-CMAC(0^128, master) for AES when the master key is not 16 bytes; the IPv4
    Context of RFC 5925 5.2."""
    nbits = KEY_LEN[alg] * 8
    context = struct.pack(">IIHHII", src_ip, dst_ip, sport, dport, src_isn, dst_isn)
    key = master
    if alg == CMAC and len(master) != 16:
        key = prf(CMAC, bytes(16), master)
    return prf(alg, key, b"\x01" + b"TCP-AO" + context + struct.pack(">H", nbits))


def model_mac(alg: int, traffic_key: bytes, exclude_options: bool, sne: int, src_ip: int, dst_ip: int,
              hdr: bytes, ao_off: int, payload: bytes) -> bytes:
    """RFC 5925 5.1: SNE | pseudo-header | header (checksum and MAC zeroed; only the fixed
    part and the TCP-AO option when options are excluded) | payload, truncated to 96 bits."""
    h = bytearray(hdr)
    h[16:18] = b"\0\0"
    h[ao_off + 4:ao_off + AO_LEN] = bytes(MAC_LEN)
    if exclude_options:
        h = h[:20] + h[ao_off:ao_off + AO_LEN]
    pseudo = struct.pack(">IIBBH", src_ip, dst_ip, 0, 6, len(hdr) + len(payload))
    return prf(alg, traffic_key, struct.pack(">I", sne) + pseudo + bytes(h) + payload)[:MAC_LEN]


# ------------------------------------------------------------------ RFC 9235, IPv4

# The IPv4 vectors of RFC 9235 ("TCP Authentication Option (TCP-AO) Test Vectors"),
# sections 4 (HMAC-SHA-1-96) and 5 (AES-128-CMAC-96), each with options covered (x.1) and
# excluded (x.2).  Common to all (section 3): master key "testvector", client 10.11.12.13
# sending KeyID 61 and expecting 84, server 172.27.28.29 on port 179 doing the opposite,
# SNE 0.  Per subsection: the client's and server's ISNs, then per segment (x.y.1 the
# client's SYN, .2 the server's SYN-ACK, .3 a client data segment, .4 the server's) the
# whole IPv4 packet as the RFC dumps it, the traffic key, and the MAC the packet carries.
# The hex comes from public transcriptions of these vectors (two, agreeing where they
# overlap), not from the RFC's own text, which was not at hand: a mistyped byte would not
# give the RFC's key and MAC from this module and from the Python model, as all these do.
MASTER_KEY = b"testvector"
CLIENT_IP, SERVER_IP = 0x0A0B0C0D, 0xAC1B1C1D
CLIENT_KEYID, SERVER_KEYID = 61, 84


@dataclass
class Vector:
    section: str
    alg: int
    exclude_options: bool
    client_isn: int
    server_isn: int
    packet: str
    traffic_key: str
    mac: str


def _v(section, alg, excl, cisn, sisn, packet, key, mac) -> Vector:
    return Vector(section, alg, excl, cisn, sisn, packet, key, mac)


ISN_41 = (0xFBFBAB5A, 0x11C14261)  # 4.1: client, server
ISN_42 = (0xCB0EFBEE, 0xACD5B5E1)  # 4.2
ISN_51 = (0x787A1DDF, 0xFADD6DE9)  # 5.1
ISN_52 = (0x389BED71, 0xD3844A6F)  # 5.2

RFC9235_IPV4 = [
    # 4.1 HMAC-SHA-1-96, options covered
    _v("4.1.1", SHA1, False, *ISN_41, """
        45 e0 00 4c dd 0f 40 00 ff 06 bf 6b 0a 0b 0c 0d
        ac 1b 1c 1d e9 d7 00 b3 fb fb ab 5a 00 00 00 00
        e0 02 ff ff ca c4 00 00 02 04 05 b4 01 03 03 08
        04 02 08 0a 00 15 5a b7 00 00 00 00 1d 10 3d 54
        2e e4 37 c6 f8 ed e6 d7 c4 d6 02 e7""",
       "6d 63 ef 1b 02 fe 15 09 d4 b1 40 27 07 fd 7b 04 16 ab b7 4f",
       "2e e4 37 c6 f8 ed e6 d7 c4 d6 02 e7"),
    _v("4.1.2", SHA1, False, *ISN_41, """
        45 e0 00 4c 65 06 40 00 ff 06 37 75 ac 1b 1c 1d
        0a 0b 0c 0d 00 b3 e9 d7 11 c1 42 61 fb fb ab 5b
        e0 12 ff ff 37 76 00 00 02 04 05 b4 01 03 03 08
        04 02 08 0a 84 a5 0b eb 00 15 5a b7 1d 10 54 3d
        ee ab 0f e2 4c 30 10 81 51 16 b3 be""",
       "d9 e2 17 e4 83 4a 80 ca 2f 3f d8 de 2e 41 b8 e6 79 7f ea 96",
       "ee ab 0f e2 4c 30 10 81 51 16 b3 be"),
    _v("4.1.3", SHA1, False, *ISN_41, """
        45 e0 00 87 36 a1 40 00 ff 06 65 9f 0a 0b 0c 0d
        ac 1b 1c 1d e9 d7 00 b3 fb fb ab 5b 11 c1 42 62
        c0 18 01 04 a1 62 00 00 01 01 08 0a 00 15 5a c1
        84 a5 0b eb 1d 10 3d 54 70 64 cf 99 8c c6 c3 15
        c2 c2 e2 bf ff ff ff ff ff ff ff ff ff ff ff ff
        ff ff ff ff 00 43 01 04 da bf 00 b4 0a 0b 0c 0d
        26 02 06 01 04 00 01 00 01 02 02 80 00 02 02 02
        00 02 02 42 00 02 06 41 04 00 00 da bf 02 08 40
        06 00 64 00 01 01 00""",
       "d2 e5 9c 65 ff c7 b1 a3 93 47 65 64 63 b7 0e dc 24 a1 3d 71",
       "70 64 cf 99 8c c6 c3 15 c2 c2 e2 bf"),
    _v("4.1.4", SHA1, False, *ISN_41, """
        45 e0 00 87 1f a9 40 00 ff 06 7c 97 ac 1b 1c 1d
        0a 0b 0c 0d 00 b3 e9 d7 11 c1 42 62 fb fb ab 9e
        c0 18 01 00 40 0c 00 00 01 01 08 0a 84 a5 0b f5
        00 15 5a c1 1d 10 54 3d a6 3f 0e cb bb 2e 63 5c
        95 4d ea c7 ff ff ff ff ff ff ff ff ff ff ff ff
        ff ff ff ff 00 43 01 04 da c0 00 b4 ac 1b 1c 1d
        26 02 06 01 04 00 01 00 01 02 02 80 00 02 02 02
        00 02 02 42 00 02 06 41 04 00 00 da c0 02 08 40
        06 00 64 00 01 01 00""",
       "d9 e2 17 e4 83 4a 80 ca 2f 3f d8 de 2e 41 b8 e6 79 7f ea 96",
       "a6 3f 0e cb bb 2e 63 5c 95 4d ea c7"),
    # 4.2 HMAC-SHA-1-96, options excluded
    _v("4.2.1", SHA1, True, *ISN_42, """
        45 e0 00 4c 53 99 40 00 ff 06 48 e2 0a 0b 0c 0d
        ac 1b 1c 1d ff 12 00 b3 cb 0e fb ee 00 00 00 00
        e0 02 ff ff 54 1f 00 00 02 04 05 b4 01 03 03 08
        04 02 08 0a 00 02 4c ce 00 00 00 00 1d 10 3d 54
        80 af 3c fe b8 53 68 93 7b 8f 9e c2""",
       "30 ea a1 56 0c f0 be 57 da b5 c0 45 22 9f b1 0a 42 3c d7 ea",
       "80 af 3c fe b8 53 68 93 7b 8f 9e c2"),
    _v("4.2.2", SHA1, True, *ISN_42, """
        45 e0 00 4c 32 84 40 00 ff 06 69 f7 ac 1b 1c 1d
        0a 0b 0c 0d 00 b3 ff 12 ac d5 b5 e1 cb 0e fb ef
        e0 12 ff ff 38 8e 00 00 02 04 05 b4 01 03 03 08
        04 02 08 0a 57 67 72 f3 00 02 4c ce 1d 10 54 3d
        09 30 6f 9a ce a6 3a 8c 68 cb 9a 70""",
       "b5 b2 89 6b b3 66 4e 81 76 b0 ed c6 e7 99 52 41 01 a8 30 7f",
       "09 30 6f 9a ce a6 3a 8c 68 cb 9a 70"),
    _v("4.2.3", SHA1, True, *ISN_42, """
        45 e0 00 87 a8 f5 40 00 ff 06 f3 4a 0a 0b 0c 0d
        ac 1b 1c 1d ff 12 00 b3 cb 0e fb ef ac d5 b5 e2
        c0 18 01 04 6c 45 00 00 01 01 08 0a 00 02 4c ce
        57 67 72 f3 1d 10 3d 54 71 06 08 cc 69 6c 03 a2
        71 c9 3a a5 ff ff ff ff ff ff ff ff ff ff ff ff
        ff ff ff ff 00 43 01 04 da bf 00 b4 0a 0b 0c 0d
        26 02 06 01 04 00 01 00 01 02 02 80 00 02 02 02
        00 02 02 42 00 02 06 41 04 00 00 da bf 02 08 40
        06 00 64 00 01 01 00""",
       "f3 db 17 93 d7 91 0e cd 80 6c 34 f1 55 ea 1f 00 34 59 53 e3",
       "71 06 08 cc 69 6c 03 a2 71 c9 3a a5"),
    _v("4.2.4", SHA1, True, *ISN_42, """
        45 e0 00 87 54 37 40 00 ff 06 48 09 ac 1b 1c 1d
        0a 0b 0c 0d 00 b3 ff 12 ac d5 b5 e2 cb 0e fc 32
        c0 18 01 00 46 b6 00 00 01 01 08 0a 57 67 72 f3
        00 02 4c ce 1d 10 54 3d 97 76 6e 48 ac 26 2d e9
        ae 61 b4 f9 ff ff ff ff ff ff ff ff ff ff ff ff
        ff ff ff ff 00 43 01 04 da c0 00 b4 ac 1b 1c 1d
        26 02 06 01 04 00 01 00 01 02 02 80 00 02 02 02
        00 02 02 42 00 02 06 41 04 00 00 da c0 02 08 40
        06 00 64 00 01 01 00""",
       "b5 b2 89 6b b3 66 4e 81 76 b0 ed c6 e7 99 52 41 01 a8 30 7f",
       "97 76 6e 48 ac 26 2d e9 ae 61 b4 f9"),
    # 5.1 AES-128-CMAC-96, options covered
    _v("5.1.1", CMAC, False, *ISN_51, """
        45 e0 00 4c 7b 9f 40 00 ff 06 20 dc 0a 0b 0c 0d
        ac 1b 1c 1d c4 fa 00 b3 78 7a 1d df 00 00 00 00
        e0 02 ff ff 5a 0f 00 00 02 04 05 b4 01 03 03 08
        04 02 08 0a 00 01 7e d0 00 00 00 00 1d 10 3d 54
        e4 77 e9 9c 80 40 76 54 98 e5 50 91""",
       "f5 b8 b3 d5 f3 4f db b6 eb 8d 4a b9 66 0e 60 e3",
       "e4 77 e9 9c 80 40 76 54 98 e5 50 91"),
    _v("5.1.2", CMAC, False, *ISN_51, """
        45 e0 00 4c 4b ad 40 00 ff 06 50 ce ac 1b 1c 1d
        0a 0b 0c 0d 00 b3 c4 fa fa dd 6d e9 78 7a 1d e0
        e0 12 ff ff f3 f2 00 00 02 04 05 b4 01 03 03 08
        04 02 08 0a 93 f4 e9 e8 00 01 7e d0 1d 10 54 3d
        d6 ad a7 bc 4c dd 53 6d 17 69 db 5f""",
       "4b c7 57 1a 48 6f 32 64 bb d8 88 47 40 66 b4 b1",
       "d6 ad a7 bc 4c dd 53 6d 17 69 db 5f"),
    _v("5.1.3", CMAC, False, *ISN_51, """
        45 e0 00 87 fb 4f 40 00 ff 06 a0 f0 0a 0b 0c 0d
        ac 1b 1c 1d c4 fa 00 b3 78 7a 1d e0 fa dd 6d ea
        c0 18 01 04 95 05 00 00 01 01 08 0a 00 01 7e d0
        93 f4 e9 e8 1d 10 3d 54 77 41 27 42 fa 4d c4 33
        ef f0 97 3e ff ff ff ff ff ff ff ff ff ff ff ff
        ff ff ff ff 00 43 01 04 da bf 00 b4 0a 0b 0c 0d
        26 02 06 01 04 00 01 00 01 02 02 80 00 02 02 02
        00 02 02 42 00 02 06 41 04 00 00 da bf 02 08 40
        06 00 64 00 01 01 00""",
       "8c 8a e0 e8 37 1e c5 cb b9 7e a7 9d 90 41 83 91",
       "77 41 27 42 fa 4d c4 33 ef f0 97 3e"),
    _v("5.1.4", CMAC, False, *ISN_51, """
        45 e0 00 87 b9 14 40 00 ff 06 e3 2b ac 1b 1c 1d
        0a 0b 0c 0d 00 b3 c4 fa fa dd 6d ea 78 7a 1e 23
        c0 18 01 00 e7 db 00 00 01 01 08 0a 93 f4 e9 e8
        00 01 7e d0 1d 10 54 3d f6 d9 65 a7 83 82 a7 48
        45 f7 2d ac ff ff ff ff ff ff ff ff ff ff ff ff
        ff ff ff ff 00 43 01 04 da c0 00 b4 ac 1b 1c 1d
        26 02 06 01 04 00 01 00 01 02 02 80 00 02 02 02
        00 02 02 42 00 02 06 41 04 00 00 da c0 02 08 40
        06 00 64 00 01 01 00""",
       "4b c7 57 1a 48 6f 32 64 bb d8 88 47 40 66 b4 b1",
       "f6 d9 65 a7 83 82 a7 48 45 f7 2d ac"),
    # 5.2 AES-128-CMAC-96, options excluded
    _v("5.2.1", CMAC, True, *ISN_52, """
        45 e0 00 4c f2 2e 40 00 ff 06 aa 4c 0a 0b 0c 0d
        ac 1b 1c 1d da 1c 00 b3 38 9b ed 71 00 00 00 00
        e0 02 ff ff 70 bf 00 00 02 04 05 b4 01 03 03 08
        04 02 08 0a 00 01 85 e1 00 00 00 00 1d 10 3d 54
        c4 4e 60 cb 31 f7 c0 b1 de 3d 27 49""",
       "2c db ae 13 92 c4 94 49 fa 92 c4 50 97 35 d5 0e",
       "c4 4e 60 cb 31 f7 c0 b1 de 3d 27 49"),
    _v("5.2.2", CMAC, True, *ISN_52, """
        45 e0 00 4c 6c c0 40 00 ff 06 2f bb ac 1b 1c 1d
        0a 0b 0c 0d 00 b3 da 1c d3 84 4a 6f 38 9b ed 72
        e0 12 ff ff e4 45 00 00 02 04 05 b4 01 03 03 08
        04 02 08 0a ce 45 98 38 00 01 85 e1 1d 10 54 3d
        3a 6a bb 20 7e 49 b1 be 71 36 db 90""",
       "3c e6 7a 55 18 69 50 6b 63 47 b6 33 c5 0a 62 4a",
       "3a 6a bb 20 7e 49 b1 be 71 36 db 90"),
    _v("5.2.3", CMAC, True, *ISN_52, """
        45 e0 00 87 ee 91 40 00 ff 06 ad ae 0a 0b 0c 0d
        ac 1b 1c 1d da 1c 00 b3 38 9b ed 72 d3 84 4a 70
        c0 18 01 04 88 51 00 00 01 01 08 0a 00 01 85 e1
        ce 45 98 38 1d 10 3d 54 75 85 e9 e9 d5 c3 ec 85
        7b 96 f8 37 ff ff ff ff ff ff ff ff ff ff ff ff
        ff ff ff ff 00 43 01 04 da bf 00 b4 0a 0b 0c 0d
        26 02 06 01 04 00 01 00 01 02 02 80 00 02 02 02
        00 02 02 42 00 02 06 41 04 00 00 da bf 02 08 40
        06 00 64 00 01 01 00""",
       "03 5b c4 00 a3 41 ff e5 95 f5 9f 58 00 50 06 ca",
       "75 85 e9 e9 d5 c3 ec 85 7b 96 f8 37"),
    _v("5.2.4", CMAC, True, *ISN_52, """
        45 e0 00 87 6a 21 40 00 ff 06 32 1f ac 1b 1c 1d
        0a 0b 0c 0d 00 b3 da 1c d3 84 4a 70 38 9b ed 72
        c0 18 01 00 04 49 00 00 01 01 08 0a ce 45 98 38
        00 01 85 e1 1d 10 54 3d 5c 04 0f d9 23 33 04 76
        5c 09 82 f4 ff ff ff ff ff ff ff ff ff ff ff ff
        ff ff ff ff 00 43 01 04 da c0 00 b4 ac 1b 1c 1d
        26 02 06 01 04 00 01 00 01 02 02 80 00 02 02 02
        00 02 02 42 00 02 06 41 04 00 00 da c0 02 08 40
        06 00 64 00 01 01 00""",
       "3c e6 7a 55 18 69 50 6b 63 47 b6 33 c5 0a 62 4a",
       "5c 04 0f d9 23 33 04 76 5c 09 82 f4"),
]


@dataclass
class Parsed:
    src_ip: int
    dst_ip: int
    sport: int
    dport: int
    seq: int
    ack: int
    flags: int
    tcp_hdr: bytes
    payload: bytes


def parse_ipv4(packet: bytes) -> Parsed:
    """The IPv4 packet of a vector: checks its lengths and IP checksum as it goes."""
    assert packet[0] >> 4 == 4 and packet[9] == 6
    ihl = (packet[0] & 15) * 4
    total = struct.unpack(">H", packet[2:4])[0]
    assert total == len(packet), (total, len(packet))
    s = sum(struct.unpack(f">{ihl // 2}H", packet[:ihl]))
    while s >> 16:
        s = (s & 0xFFFF) + (s >> 16)
    assert s == 0xFFFF, "IPv4 header checksum"
    src, dst = struct.unpack(">II", packet[12:20])
    tcp = packet[ihl:]
    sport, dport, seq, ack = struct.unpack(">HHII", tcp[:12])
    doff = (tcp[12] >> 4) * 4
    return Parsed(src, dst, sport, dport, seq, ack, tcp[13], tcp[:doff], tcp[doff:])


def _h(text: str) -> bytes:
    return bytes.fromhex(text)


SYN, ACK = 0x02, 0x10


@pytest.mark.cbuild
@pytest.mark.sanitizers
@pytest.mark.parametrize("v", RFC9235_IPV4, ids=lambda v: v.section)
def test_rfc9235_ipv4_vector(lib, v: Vector):
    """The traffic key the KDF derives for this segment, the four keys of both ends, and
    the MAC over the segment are the RFC's; verify accepts the segment as it is."""
    p = parse_ipv4(_h(v.packet))
    from_client = p.src_ip == CLIENT_IP
    assert (p.src_ip, p.dst_ip) == ((CLIENT_IP, SERVER_IP) if from_client else (SERVER_IP, CLIENT_IP))
    src_isn, dst_isn = (v.client_isn, v.server_isn) if from_client else (v.server_isn, v.client_isn)
    syn_only = (p.flags & (SYN | ACK)) == SYN
    assert (p.seq - src_isn) % 2**32 in ((0,) if p.flags & SYN else (1,))  # the ISNs are the segment's own
    key, mac = _h(v.traffic_key), _h(v.mac)
    assert len(key) == KEY_LEN[v.alg]

    # The KDF over this segment's context: dst ISN 0 for a SYN without ACK (RFC 5925 5.2).
    client = make_mkt(v.alg, MASTER_KEY, v.exclude_options, CLIENT_KEYID, SERVER_KEYID)
    server = make_mkt(v.alg, MASTER_KEY, v.exclude_options, SERVER_KEYID, CLIENT_KEYID)
    rc, got = c_traffic_key(lib, client, p.src_ip, p.dst_ip, p.sport, p.dport, src_isn, 0 if syn_only else dst_isn)
    assert rc == ILPC_OK and got[:len(key)] == key and got[len(key):] == bytes(20 - len(key))
    assert model_traffic_key(v.alg, MASTER_KEY, p.src_ip, p.dst_ip, p.sport, p.dport, src_isn,
                             0 if syn_only else dst_isn) == key  # the model agrees with the RFC too

    # Both ends' four keys: the sender sends with it, the receiver receives with it.
    c_port, s_port = (p.sport, p.dport) if from_client else (p.dport, p.sport)
    rc_c, kc = c_conn_keys(lib, client, CLIENT_IP, c_port, v.client_isn, SERVER_IP, s_port, v.server_isn)
    rc_s, ks = c_conn_keys(lib, server, SERVER_IP, s_port, v.server_isn, CLIENT_IP, c_port, v.client_isn)
    assert rc_c == rc_s == ILPC_OK and kc["len"] == ks["len"] == len(key)
    sender, receiver = (kc, ks) if from_client else (ks, kc)
    kind = "syn" if syn_only else "other"
    assert sender[f"send_{kind}"] == key and receiver[f"recv_{kind}"] == key
    assert kc["send_syn"] == ks["recv_syn"] and kc["recv_syn"] == ks["send_syn"]
    assert kc["send_other"] == ks["recv_other"] and kc["recv_other"] == ks["send_other"]

    # The option: found where the segment has it, with the sender's KeyIDs.
    rc, ao_off = find_option(lib, p.tcp_hdr)
    assert rc == 1 and p.tcp_hdr[ao_off:ao_off + 4] == bytes([AO_KIND, AO_LEN, *(
        (CLIENT_KEYID, SERVER_KEYID) if from_client else (SERVER_KEYID, CLIENT_KEYID))])
    assert p.tcp_hdr[ao_off + 4:ao_off + 16] == mac

    # The MAC, by the receiver's object keyed from its own derivation; any payload split.
    m = CMac(lib, server if from_client else client, receiver[f"recv_{kind}"])
    assert m.rc == ILPC_OK
    for cut in sorted({0, 1, len(p.payload) // 2, len(p.payload)}):
        spans = [p.payload[:cut], p.payload[cut:]]
        assert m.compute(0, p.src_ip, p.dst_ip, p.tcp_hdr, ao_off, spans) == (ILPC_OK, mac), cut
        assert m.verify(0, p.src_ip, p.dst_ip, p.tcp_hdr, ao_off, spans) == 1
    assert model_mac(v.alg, key, v.exclude_options, 0, p.src_ip, p.dst_ip, p.tcp_hdr, ao_off, p.payload) == mac
    # The other option setting, another SNE, the other direction: not the RFC's MAC.
    flipped = CMac(lib, make_mkt(v.alg, MASTER_KEY, not v.exclude_options), key)
    assert flipped.compute(0, p.src_ip, p.dst_ip, p.tcp_hdr, ao_off, [p.payload, b""])[1] != mac
    assert m.verify(1, p.src_ip, p.dst_ip, p.tcp_hdr, ao_off, [p.payload, b""]) == 0
    assert m.verify(0, p.dst_ip, p.src_ip, p.tcp_hdr, ao_off, [p.payload, b""]) == 0
    m.close(), flipped.close()


def test_rfc9235_vectors_cover_every_ipv4_case():
    """Four sections of four segments: SYN, SYN-ACK, and one data segment each way."""
    assert [v.section for v in RFC9235_IPV4] == [f"{s}.{i}" for s in ("4.1", "4.2", "5.1", "5.2")
                                                 for i in range(1, 5)]
    for v in RFC9235_IPV4:
        p = parse_ipv4(_h(v.packet))
        i = int(v.section[-1])
        assert (p.flags & (SYN | ACK)) == {1: SYN, 2: SYN | ACK, 3: ACK, 4: ACK}[i], v.section
        assert (p.src_ip == CLIENT_IP) == (i % 2 == 1) and (len(p.payload) > 0) == (i > 2), v.section
        assert v.exclude_options == v.section.endswith(("2.1", "2.2", "2.3", "2.4"))
        assert v.alg == (SHA1 if v.section.startswith("4") else CMAC)


# ------------------------------------------------------------------ cross-check with cryptography

OPTION_MAKERS = [
    lambda r: b"\x01",  # NOP
    lambda r: b"\x02\x04" + r.randbytes(2),  # MSS
    lambda r: b"\x03\x03" + r.randbytes(1),  # window scale
    lambda r: b"\x04\x02",  # SACK permitted
    lambda r: b"\x08\x0a" + r.randbytes(8),  # timestamps
    lambda r: bytes([5, 2 + 8 * (n := r.randint(1, 2))]) + r.randbytes(8 * n),  # SACK blocks
    lambda r: bytes([r.choice([30, 34, 253, 254]), (n := r.randint(2, 6))]) + r.randbytes(n - 2),  # others
]


def random_header(rng: random.Random) -> tuple[bytes, int]:
    """A TCP header with a random mix of options around one TCP-AO option (random
    KeyIDs, garbage MAC), padded to a multiple of 4 with NOPs or an EOL and garbage;
    garbage in the checksum.  Returns it and the option's offset."""
    while True:
        before = [OPTION_MAKERS[rng.randrange(len(OPTION_MAKERS))](rng) for _ in range(rng.randint(0, 3))]
        after = [OPTION_MAKERS[rng.randrange(len(OPTION_MAKERS))](rng) for _ in range(rng.randint(0, 2))]
        ao = bytes([AO_KIND, AO_LEN, rng.getrandbits(8), rng.getrandbits(8)]) + rng.randbytes(MAC_LEN)
        opts = b"".join(before) + ao + b"".join(after)
        pad = -len(opts) % 4
        if pad:
            opts += b"\x01" * pad if rng.random() < 0.5 else b"\x00" + rng.randbytes(pad - 1)
        if len(opts) <= 40:
            break
    ao_off = 20 + len(b"".join(before))
    fixed = bytearray(rng.randbytes(20))
    fixed[12] = ((20 + len(opts)) // 4) << 4 | (fixed[12] & 0x0F)
    return bytes(fixed) + opts, ao_off


@pytest.mark.cbuild
@pytest.mark.sanitizers
def test_traffic_keys_match_cryptography(lib):
    """Random addresses, ports, ISNs and master keys of every length 1..80, both KDFs;
    ilpc_ao_conn_keys is the four single derivations."""
    rng = random.Random(5926)
    for alg in (SHA1, CMAC):
        for klen in range(1, 81):
            master = rng.randbytes(klen)
            mkt = make_mkt(alg, master, rng.random() < 0.5, rng.getrandbits(8), rng.getrandbits(8))
            lip, rip, lport, rport, lisn, risn = (rng.getrandbits(32), rng.getrandbits(32), rng.getrandbits(16),
                                                  rng.getrandbits(16), rng.getrandbits(32), rng.getrandbits(32))
            rc, got = c_traffic_key(lib, mkt, lip, rip, lport, rport, lisn, risn)
            assert rc == ILPC_OK and got[:KEY_LEN[alg]] == model_traffic_key(alg, master, lip, rip, lport, rport,
                                                                             lisn, risn), (alg, klen)
            rc, k = c_conn_keys(lib, mkt, lip, lport, lisn, rip, rport, risn)
            assert rc == ILPC_OK and k["len"] == KEY_LEN[alg]
            assert k["send_syn"] == model_traffic_key(alg, master, lip, rip, lport, rport, lisn, 0)
            assert k["recv_syn"] == model_traffic_key(alg, master, rip, lip, rport, lport, risn, 0)
            assert k["send_other"] == model_traffic_key(alg, master, lip, rip, lport, rport, lisn, risn)
            assert k["recv_other"] == model_traffic_key(alg, master, rip, lip, rport, lport, risn, lisn)
    # Edge values of the context, and a 16-byte AES master key (used as it is, not reduced).
    for alg in (SHA1, CMAC):
        for master in (b"\0" * 16, b"\xff" * 16, b"\x01", b"\xff" * 80):
            for ctx in [(0, 0, 0, 0, 0, 0), (2**32 - 1, 2**32 - 1, 65535, 65535, 2**32 - 1, 2**32 - 1)]:
                rc, got = c_traffic_key(lib, make_mkt(alg, master), *ctx)
                assert rc == ILPC_OK and got[:KEY_LEN[alg]] == model_traffic_key(alg, master, *ctx)
    assert model_traffic_key(CMAC, b"k" * 16, 1, 2, 3, 4, 5, 6) == \
        prf(CMAC, b"k" * 16, b"\x01TCP-AO" + struct.pack(">IIHHII", 1, 2, 3, 4, 5, 6) + b"\x00\x80")


@pytest.mark.cbuild
@pytest.mark.sanitizers
@pytest.mark.parametrize("alg", [SHA1, CMAC], ids=ALG_IDS.get)
def test_segment_macs_match_cryptography(lib, alg):
    """Random traffic keys, headers, option layouts, SNEs, payload lengths and splits: the
    MAC is the model's, verify accepts it in place and refuses any other; one keyed object
    serves every segment."""
    rng = random.Random(5925 + alg)
    for _ in range(6):
        key, excl = rng.randbytes(KEY_LEN[alg]), rng.random() < 0.5
        mkt = make_mkt(alg, rng.randbytes(rng.randint(1, 80)), excl)
        m = CMac(lib, mkt, key)
        assert m.rc == ILPC_OK
        for trial in range(60):
            hdr, ao_off = random_header(rng)
            n = rng.choice([0, 1, 15, 16, 17, 63, 64, 65, 536, 1460, rng.randrange(3000)])
            if trial == 0:
                n = 65535 - len(hdr)  # the largest segment
            payload = rng.randbytes(n)
            cut = rng.choice([0, n, rng.randint(0, n)])
            sne, src, dst = rng.getrandbits(32), rng.getrandbits(32), rng.getrandbits(32)
            want = model_mac(alg, key, excl, sne, src, dst, hdr, ao_off, payload)
            spans = [payload[:cut], payload[cut:]]
            assert m.compute(sne, src, dst, hdr, ao_off, spans) == (ILPC_OK, want), (trial, n, cut)
            placed = hdr[:ao_off + 4] + want + hdr[ao_off + 16:]
            assert find_option(lib, placed) == (1, ao_off)
            assert m.verify(sne, src, dst, placed, ao_off, spans) == 1
            other = bytearray(want)
            other[rng.randrange(MAC_LEN)] ^= 1 << rng.randrange(8)
            wrong = hdr[:ao_off + 4] + bytes(other) + hdr[ao_off + 16:]
            assert m.verify(sne, src, dst, wrong, ao_off, spans) == 0
        m.close()


@pytest.mark.cbuild
@pytest.mark.sanitizers
def test_tampering_changes_the_mac(lib):
    """Every bit of SNE, pseudo-header (addresses, and the length through the payload),
    header and payload that the MAC covers changes it; the checksum and MAC fields do
    not, nor (with options excluded) the other options."""
    rng = random.Random(9235)
    for alg in (SHA1, CMAC):
        for excl in (False, True):
            key = rng.randbytes(KEY_LEN[alg])
            m = CMac(lib, make_mkt(alg, b"k", excl), key)
            hdr, ao_off = random_header(rng)
            while len(hdr) < 36 or ao_off == 20:  # want options before the AO option too
                hdr, ao_off = random_header(rng)
            payload, sne, src, dst = rng.randbytes(40), rng.getrandbits(32), rng.getrandbits(32), rng.getrandbits(32)
            base = m.compute(sne, src, dst, hdr, ao_off, [payload, b""])[1]
            for bit in range(32):
                assert m.compute(sne ^ (1 << bit), src, dst, hdr, ao_off, [payload, b""])[1] != base
                assert m.compute(sne, src ^ (1 << bit), dst, hdr, ao_off, [payload, b""])[1] != base
                assert m.compute(sne, src, dst ^ (1 << bit), hdr, ao_off, [payload, b""])[1] != base
            for bit in range(len(payload) * 8):
                t = bytearray(payload)
                t[bit // 8] ^= 1 << (bit % 8)
                assert m.compute(sne, src, dst, hdr, ao_off, [bytes(t), b""])[1] != base, bit
            assert m.compute(sne, src, dst, hdr, ao_off, [payload[:-1], b""])[1] != base  # the length
            for bit in range(len(hdr) * 8):
                i = bit // 8
                t = bytearray(hdr)
                t[i] ^= 1 << (bit % 8)
                rc, mac = m.compute(sne, src, dst, bytes(t), ao_off, [payload, b""])
                zeroed = i in (16, 17) or ao_off + 4 <= i < ao_off + 16
                other_option = 20 <= i and not ao_off <= i < ao_off + 16
                if i in (ao_off, ao_off + 1) or (i == 12 and bit % 8 >= 4):
                    assert (rc, mac) == (ILPC_EINVAL, bytes(12))  # no TCP-AO option there, another data offset
                elif zeroed or (excl and other_option):
                    assert (rc, mac) == (ILPC_OK, base), i
                else:
                    assert rc == ILPC_OK and mac != base, i
            m.close()


@pytest.mark.cbuild
@pytest.mark.sanitizers
def test_option_helpers(lib):
    hdr = bytearray(20)
    hdr[12] = 5 << 4
    assert find_option(lib, bytes(hdr)) == (0, 12345)
    buf = ctypes.create_string_buffer(b"\xaa" * 20, 20)
    assert lib.ilpc_ao_write_option(buf, 7, 9) == 16
    assert buf.raw == bytes([29, 16, 7, 9]) + bytes(12) + b"\xaa" * 4
    opt = buf.raw[:16]
    cases = [
        (b"\x01\x01\x01\x01" + opt, (1, 24)),
        (opt + b"\x01\x01\x01\x01", (1, 20)),
        (b"\x02\x04\x05\xb4" + opt + b"\x00\xff\xff\xff", (1, 24)),  # garbage after EOL
        (b"\x00" + b"\x1d\x10" + bytes(13), (0, 12345)),  # after EOL: not looked at
        (opt + opt, (ILPC_EINVAL, 12345)),  # two
        (b"\x1d\x14" + bytes(18), (ILPC_EINVAL, 12345)),  # a 16-byte MAC: no such algorithm here
        (b"\x1d\x03\x00\x01", (ILPC_EINVAL, 12345)),  # shorter than its fixed part
        (b"\x02\x01\x00\x00", (ILPC_EINVAL, 12345)),  # a length below 2
        (b"\x02\x06\x00\x00", (ILPC_EINVAL, 12345)),  # past the header
        (b"\x01\x01\x01\x02", (ILPC_EINVAL, 12345)),  # a kind without its length byte
        (b"\x1d\x10" + bytes(10), (ILPC_EINVAL, 12345)),  # the option cut short by the header
    ]
    for opts, want in cases:
        assert find_option(lib, bytes(hdr[:12]) + bytes([(20 + len(opts)) // 4 << 4]) + bytes(hdr[13:]) + opts) \
            == want, opts.hex()
    assert lib.ilpc_ao_find_option(bytes(hdr), 19, ctypes.byref(ctypes.c_size_t())) == ILPC_EINVAL
    assert lib.ilpc_ao_find_option(bytes(64), 64, ctypes.byref(ctypes.c_size_t())) == ILPC_EINVAL
    assert lib.ilpc_ao_mac_equal(bytes(12), bytes(12)) == 1
    for i in range(12):
        for b in (1, 0x80):
            other = bytearray(12)
            other[i] = b
            assert lib.ilpc_ao_mac_equal(bytes(12), bytes(other)) == 0
            assert lib.ilpc_ao_mac_equal(bytes(other), bytes(other)) == 1


@pytest.mark.cbuild
@pytest.mark.sanitizers
def test_misuse_refused(lib):
    rc, key = c_traffic_key(lib, make_mkt(SHA1, b""), 1, 2, 3, 4, 5, 6)
    assert (rc, key) == (ILPC_EINVAL, bytes(20))  # an empty master key
    bad = make_mkt(SHA1, b"k")
    bad.key_len = 81
    assert c_traffic_key(lib, bad, 1, 2, 3, 4, 5, 6) == (ILPC_EINVAL, bytes(20))
    assert c_traffic_key(lib, make_mkt(7, b"k"), 1, 2, 3, 4, 5, 6) == (ILPC_EINVAL, bytes(20))
    flag = make_mkt(CMAC, b"k")
    flag.exclude_options = 2
    assert c_traffic_key(lib, flag, 1, 2, 3, 4, 5, 6) == (ILPC_EINVAL, bytes(20))
    rc, k = c_conn_keys(lib, bad, 1, 2, 3, 4, 5, 6)
    assert rc == ILPC_EINVAL and k["len"] == 0
    assert lib.ilpc_ao_conn_keys(ctypes.byref(make_mkt(SHA1, b"k")), 1, 2, 3, 4, 5, 6, None) == ILPC_EINVAL
    assert lib.ilpc_ao_traffic_key(ctypes.byref(make_mkt(SHA1, b"k")), 1, 2, 3, 4, 5, 6, None) == ILPC_EINVAL
    assert [lib.ilpc_ao_traffic_key_len(a) for a in (SHA1, CMAC, 2, -1)] == [20, 16, 0, 0]

    m = Mac(ctx=1234, alg=5, exclude_options=1)  # garbage: a failed init zeroes it
    assert lib.ilpc_ao_mac_init(ctypes.byref(m), ctypes.byref(bad), bytes(20)) == ILPC_EINVAL
    assert (m.ctx, m.alg, m.exclude_options) == (None, 0, 0)
    assert lib.ilpc_ao_mac_init(ctypes.byref(m), ctypes.byref(make_mkt(SHA1, b"k")), None) == ILPC_EINVAL
    cm = CMac(lib, make_mkt(CMAC, b"k"), bytes(16))
    hdr, ao_off = random_header(random.Random(1))
    ok = cm.compute(0, 1, 2, hdr, ao_off, [b"x", b"y"])
    assert ok[0] == ILPC_OK
    # Descriptions that do not hold together: mac zeroed, nothing read out of bounds.
    for h, off, spans in [
        (hdr, ao_off + 1, [b"", b""]),  # not at the option
        (hdr, 19, [b"", b""]),
        (hdr, len(hdr) - 15, [b"", b""]),
        (hdr[:19], ao_off, [b"", b""]),  # shorter than the fixed header
        (hdr + b"\x01\x01\x01\x01", ao_off, [b"", b""]),  # hdr_len is not the data offset
        (hdr, ao_off, [bytes(65535 - len(hdr)), b"x"]),  # a TCP length over 16 bits
    ]:
        assert cm.compute(0, 1, 2, h, off, spans) == (ILPC_EINVAL, bytes(12))
        assert cm.verify(0, 1, 2, h, off, spans) == ILPC_EINVAL
    s = Segment(hdr=None, hdr_len=20)
    out = ctypes.create_string_buffer(b"\x5a" * 12, 12)
    assert lib.ilpc_ao_mac_compute(ctypes.byref(cm.m), ctypes.byref(s), out) == ILPC_EINVAL and out.raw == bytes(12)
    assert lib.ilpc_ao_mac_compute(ctypes.byref(cm.m), None, out) == ILPC_EINVAL
    keep = ctypes.create_string_buffer(hdr, len(hdr))
    s = Segment(hdr=ctypes.addressof(keep), hdr_len=len(hdr), ao_off=ao_off)
    s.payload_len[0] = 5  # a length without a pointer
    assert lib.ilpc_ao_mac_compute(ctypes.byref(cm.m), ctypes.byref(s), out) == ILPC_EINVAL
    assert cm.compute(0, 1, 2, hdr, ao_off, [b"x", b"y"]) == ok  # still works after the failures
    cm.close()
    assert cm.m.ctx is None
    cm.close()  # twice
    assert cm.compute(0, 1, 2, hdr, ao_off, [b"x", b"y"]) == (ILPC_EINVAL, bytes(12))
    lib.ilpc_ao_mac_free(None)


# ------------------------------------------------------------------ built without libcrypto

@pytest.mark.cbuild
@pytest.mark.sanitizers
def test_struct_layouts(lib, nolib):
    for L in (lib, nolib):
        assert [L.t_sizeof(i) for i in range(4)] == [ctypes.sizeof(s) for s in STRUCTS]


@pytest.mark.cbuild
@pytest.mark.sanitizers
@pytest.mark.parametrize("cc", COMPILERS)
def test_no_libcrypto_build_is_clean_and_standalone(cc, tmp_path):
    obj = tmp_path / "ao.o"
    r = _run([cc, "-O2", *STRICT, "-I", RUNTIME, "-c", RUNTIME / "ilpc_tcp_ao.c", "-o", obj])
    assert r.returncode == 0 and r.stderr == "", r.stderr
    undefined = _run(["nm", "-u", obj]).stdout.split()
    assert not [s for s in undefined if "EVP" in s or "OPENSSL" in s or "OSSL" in s], undefined


@pytest.mark.cbuild
@pytest.mark.sanitizers
def test_no_libcrypto_every_key_and_mac_function_fails(nolib):
    L = nolib
    assert L.ilpc_ao_available() == 0
    assert [L.ilpc_ao_traffic_key_len(a) for a in (SHA1, CMAC, 2)] == [20, 16, 0]
    for alg in (SHA1, CMAC):
        mkt = make_mkt(alg, MASTER_KEY)
        assert c_traffic_key(L, mkt, 1, 2, 3, 4, 5, 6) == (ILPC_EINVAL, bytes(20))
        rc, k = c_conn_keys(L, mkt, 1, 2, 3, 4, 5, 6)
        assert rc == ILPC_EINVAL and k == {"len": 0, "send_syn": b"", "recv_syn": b"", "send_other": b"",
                                           "recv_other": b""}
        m = CMac(L, mkt, bytes(20))
        assert m.rc == ILPC_EINVAL and m.m.ctx is None
        hdr, ao_off = random_header(random.Random(alg))
        assert m.compute(0, 1, 2, hdr, ao_off, [b"x", b""]) == (ILPC_EINVAL, bytes(12))
        assert m.verify(0, 1, 2, hdr, ao_off, [b"x", b""]) == ILPC_EINVAL
        m.close()
    # What needs no cryptography works the same.
    buf = ctypes.create_string_buffer(16)
    assert L.ilpc_ao_write_option(buf, 1, 2) == 16 and buf.raw == bytes([29, 16, 1, 2]) + bytes(12)
    hdr = bytes([0] * 12 + [9 << 4] + [0] * 7) + buf.raw
    assert find_option(L, hdr) == (1, 20)
    assert L.ilpc_ao_mac_equal(bytes(12), bytes(12)) == 1 and L.ilpc_ao_mac_equal(bytes(12), b"\1" * 12) == 0


# ------------------------------------------------------------------ C: ASan + UBSan, valgrind

def _build_c_test(cc: str, tmp: Path, with_crypto: bool, flags: list[str]) -> Path:
    exe = tmp / f"test_tcp_ao-{cc}-{'crypto' if with_crypto else 'none'}"
    cflags, libs = (CRYPTO_CFLAGS, CRYPTO_LIBS) if with_crypto else ([], [])
    r = _run([cc, "-O1", "-g", *STRICT, *flags, *cflags, "-I", RUNTIME, CTESTS / "test_tcp_ao.c",
              RUNTIME / "ilpc_tcp_ao.c", "-o", exe, *libs])
    assert r.returncode == 0 and r.stderr == "", r.stderr
    return exe


@pytest.mark.cbuild
@pytest.mark.sanitizers
@pytest.mark.parametrize("with_crypto", [True, False], ids=["libcrypto", "none"])
@pytest.mark.parametrize("cc", COMPILERS)
def test_c_sanitized(cc, with_crypto, tmp_path):
    if with_crypto and not CRYPTO_LIBS:
        pytest.skip("pkg-config does not find libcrypto >= 3 (libssl-dev)")
    exe = _build_c_test(cc, tmp_path, with_crypto, SANITIZE)
    r = _run([exe], env=dict(os.environ, UBSAN_OPTIONS="print_stacktrace=1", ASAN_OPTIONS="detect_leaks=1"))
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.strip().startswith("libcrypto:" if with_crypto else "no libcrypto:"), r.stdout
    assert r.stdout.strip().endswith(" 0 failed"), r.stdout


@pytest.mark.cbuild
@pytest.mark.valgrind
@need_libcrypto
def test_c_valgrind(tmp_path):
    if shutil.which("valgrind") is None:
        pytest.skip("valgrind not installed")
    exe = _build_c_test(_cc(), tmp_path, True, [])
    r = _run(["valgrind", "-q", "--error-exitcode=99", "--leak-check=full", "--errors-for-leak-kinds=all",
              "--show-leak-kinds=all", exe])
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.strip().endswith(" 0 failed") and "==" not in r.stderr, r.stdout + r.stderr


@pytest.mark.cbuild
@pytest.mark.sanitizers
@pytest.mark.parametrize("lang", ["c", "c++"])
def test_header_self_contained(lang, tmp_path):
    cc = {"c": _cc(), "c++": shutil.which("g++") or shutil.which("clang++")}[lang]
    if cc is None:
        pytest.skip("no C++ compiler")
    src = tmp_path / ("inc.c" if lang == "c" else "inc.cpp")
    src.write_text('#include "ilpc_tcp_ao.h"\n#include "ilpc_tcp_ao.h"\n'
                   "int main(void) { return ilpc_ao_traffic_key_len(ILPC_AO_AES128_CMAC_96) == 16 ? 0 : 1; }\n")
    std = ["-std=c11"] if lang == "c" else ["-std=c++17"]
    r = _run([cc, *std, *STRICT[1:], "-I", RUNTIME, "-c", src, "-o", tmp_path / "inc.o"])
    assert r.returncode == 0 and r.stderr == "", r.stderr
