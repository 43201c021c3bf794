"""Tests of the runtime's libcrypto side (runtime/ilpc_evp.{h,c}): the AEADs, HKDF-SHA256
and the per-connection keys, and libcrypto as an optional build dependency.

* ilpc_evp.c is built as a shared library with -DILPC_HAVE_LIBCRYPTO=1 -lcrypto and driven
  through ctypes; its output is compared with Python's ``cryptography`` (one shot and
  streamed in random pieces, 0- and 1-byte updates included), with the published vectors
  (RFC 8439 2.8.2, the GCM spec's test case 4, RFC 5869 A.1-A.3), and with a Python
  transcription of the key derivation in docs/ciphers.md;
* tests/c/test_evp.c runs the life cycle under ASan + UBSan (gcc, clang) and valgrind;
* built without the define, ilpc_evp.c compiles warning-free, refers to nothing of
  libcrypto, and every function fails (-1, or 0 for ilpc_evp_available);
* the generated Makefile and the CMake package define ILPC_HAVE_LIBCRYPTO when they find
  libcrypto, and build without it when told to (make ILPC_LIBCRYPTO=0,
  -DILPC_WITH_LIBCRYPTO=OFF).
"""
from __future__ import annotations

import ctypes
import os
import random
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT, libcrypto_flags

pytestmark = [pytest.mark.cbuild, pytest.mark.sanitizers]

RUNTIME = ROOT / "runtime"
CTESTS = ROOT / "tests" / "c"
STRICT = ["-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic"]
SANITIZE = ["-fsanitize=address,undefined", "-fno-sanitize-recover=all"]
COMPILERS = [c for c in ("gcc", "clang") if shutil.which(c)]
CRYPTO_CFLAGS, CRYPTO_LIBS = libcrypto_flags()
need_libcrypto = pytest.mark.skipif(not CRYPTO_LIBS, reason="pkg-config does not find libcrypto >= 3 (libssl-dev)")

CHACHA, GCM = 0, 1
KEY_LEN = {CHACHA: 32, GCM: 16}
ALG_IDS = {CHACHA: "chacha20-poly1305", GCM: "aes-128-gcm"}


def _run(cmd, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([str(c) for c in cmd], capture_output=True, text=True, timeout=300, **kw)


def _cc() -> str:
    if not COMPILERS:
        pytest.skip("no gcc or clang")
    return COMPILERS[0]


class Aead(ctypes.Structure):
    _fields_ = [("ctx", ctypes.c_void_p), ("alg", ctypes.c_int), ("encrypt", ctypes.c_int),
                ("in_record", ctypes.c_int)]


SIZEOF_SHIM = '#include "ilpc_evp.h"\nsize_t t_sizeof_aead(void) { return sizeof(ilpc_evp_aead); }\n'


def _load(path: Path) -> ctypes.CDLL:
    L = ctypes.CDLL(str(path))
    P, u8p, sz, i = ctypes.POINTER(Aead), ctypes.c_char_p, ctypes.c_size_t, ctypes.c_int
    sigs = {
        "ilpc_evp_available": ([], i),
        "ilpc_aead_key_len": ([i], sz),
        "ilpc_evp_aead_init": ([P, i, u8p, i], i),
        "ilpc_evp_aead_start": ([P, u8p, u8p, sz], i),
        "ilpc_evp_aead_update": ([P, ctypes.c_void_p, ctypes.c_void_p, sz], i),
        "ilpc_evp_aead_seal_final": ([P, ctypes.c_void_p], i),
        "ilpc_evp_aead_open_final": ([P, u8p], i),
        "ilpc_evp_aead_free": ([P], None),
        "ilpc_evp_aead_seal": ([P, u8p, u8p, sz, u8p, sz, ctypes.c_void_p, ctypes.c_void_p], i),
        "ilpc_evp_aead_open": ([P, u8p, u8p, sz, u8p, sz, ctypes.c_void_p, u8p], i),
        "ilpc_hkdf_sha256": ([u8p, sz, u8p, sz, u8p, sz, ctypes.c_void_p, sz], i),
        "ilpc_conn_keys": ([u8p, sz, ctypes.c_uint32, ctypes.c_uint32, u8p, sz, ctypes.c_void_p, ctypes.c_void_p], i),
        "t_sizeof_aead": ([], sz),
    }
    for name, (args, res) in sigs.items():
        fn = getattr(L, name)
        fn.argtypes, fn.restype = args, res
    return L


def _build_so(tmp: Path, name: str, defines: list[str], libs: list[str]) -> Path:
    shim = tmp / "shim.c"
    shim.write_text(SIZEOF_SHIM)
    out = tmp / f"{name}.so"
    r = _run([_cc(), "-O2", *STRICT, *defines, "-shared", "-fPIC", "-I", RUNTIME, RUNTIME / "ilpc_evp.c", shim,
              "-o", out, *libs])
    assert r.returncode == 0 and r.stderr == "", r.stderr
    return out


@pytest.fixture(scope="module")
def lib(tmp_path_factory):
    if not CRYPTO_LIBS:
        pytest.skip("pkg-config does not find libcrypto >= 3 (libssl-dev)")
    L = _load(_build_so(tmp_path_factory.mktemp("evp"), "libilpcevp", CRYPTO_CFLAGS, CRYPTO_LIBS))
    assert L.ilpc_evp_available() == 1
    return L


@pytest.fixture(scope="module")
def nolib(tmp_path_factory):
    return _load(_build_so(tmp_path_factory.mktemp("noevp"), "libilpcnoevp", [], []))


# ------------------------------------------------------------------ Python side

def reference(alg: int, key: bytes):
    """cryptography's AEAD for alg: .encrypt(nonce, data, ad) -> ciphertext || tag."""
    aead = pytest.importorskip("cryptography.hazmat.primitives.ciphers.aead")
    return aead.ChaCha20Poly1305(key) if alg == CHACHA else aead.AESGCM(key)


def ref_hkdf(salt: bytes, ikm: bytes, info: bytes, length: int) -> bytes:
    hkdf = pytest.importorskip("cryptography.hazmat.primitives.kdf.hkdf")
    hashes = pytest.importorskip("cryptography.hazmat.primitives.hashes")
    return hkdf.HKDF(hashes.SHA256(), length, salt or None, info).derive(ikm)


def conn_keys_model(psk: bytes, isn_client: int, isn_server: int, name: str, keylen: int) -> tuple[bytes, bytes]:
    """docs/ciphers.md, libcrypto: salt BE32(isn_client) | BE32(isn_server); info
    "ilpc v1 <name> c2s" / " s2c"; HKDF-SHA256 extract then expand, keylen bytes each."""
    salt = struct.pack(">II", isn_client, isn_server)
    return tuple(ref_hkdf(salt, psk, f"ilpc v1 {name} {d}".encode(), keylen) for d in ("c2s", "s2c"))


class Ctx:
    """An ilpc_evp_aead in a ctypes struct, freed by close()."""

    def __init__(self, L, alg: int, key: bytes, encrypt: bool):
        self.L, self.a = L, Aead()
        assert L.ilpc_evp_aead_init(ctypes.byref(self.a), alg, key, int(encrypt)) == 0

    def seal(self, nonce, ad, data) -> tuple[int, bytes, bytes]:
        out, tag = ctypes.create_string_buffer(max(len(data), 1)), ctypes.create_string_buffer(16)
        rc = self.L.ilpc_evp_aead_seal(ctypes.byref(self.a), nonce, ad, len(ad), data, len(data), out, tag)
        return rc, out.raw[:len(data)], tag.raw

    def open(self, nonce, ad, data, tag) -> tuple[int, bytes]:
        out = ctypes.create_string_buffer(b"\xa5" * len(data), max(len(data), 1))
        rc = self.L.ilpc_evp_aead_open(ctypes.byref(self.a), nonce, ad, len(ad), data, len(data), out, tag)
        return rc, out.raw[:len(data)]

    def streamed(self, nonce, ad, data, pieces, tag=None, in_place=False) -> tuple[int, bytes, bytes]:
        """start, update per piece (lengths summing to len(data)), then the final call:
        seal_final when tag is None, else open_final(tag)."""
        L, a = self.L, ctypes.byref(self.a)
        buf = ctypes.create_string_buffer(bytes(data), max(len(data), 1))
        src = buf if in_place else ctypes.create_string_buffer(bytes(data), max(len(data), 1))
        assert L.ilpc_evp_aead_start(a, nonce, ad, len(ad)) == 0
        off = 0
        for k in pieces:
            assert L.ilpc_evp_aead_update(a, ctypes.addressof(buf) + off, ctypes.addressof(src) + off, k) == 0
            off += k
        assert off == len(data)
        if tag is None:
            t = ctypes.create_string_buffer(16)
            rc = L.ilpc_evp_aead_seal_final(a, t)
            return rc, buf.raw[:len(data)], t.raw
        return L.ilpc_evp_aead_open_final(a, tag), buf.raw[:len(data)], tag

    def close(self):
        self.L.ilpc_evp_aead_free(ctypes.byref(self.a))


def pieces_of(rng: random.Random, n: int) -> list[int]:
    """Random piece lengths summing to n: 0- and 1-byte pieces, odd sizes, sometimes all at once."""
    out, left = [], n
    while left:
        k = rng.choice([0, 1, 1, 2, 7, 15, 16, 17, 63, 64, 65, 1000, left])
        k = min(k, left)
        out.append(k)
        left -= k
    if rng.random() < 0.5:
        out.insert(rng.randrange(len(out) + 1), 0)
    return out


SIZES = [0, 1, 2, 15, 16, 17, 63, 64, 65, 255, 256, 1000, 4096, 65537]


# ------------------------------------------------------------------ AEADs

def test_struct_and_key_lengths(lib, nolib):
    for L in (lib, nolib):
        assert L.t_sizeof_aead() == ctypes.sizeof(Aead)
        assert L.ilpc_aead_key_len(CHACHA) == 32 and L.ilpc_aead_key_len(GCM) == 16 and L.ilpc_aead_key_len(9) == 0


def test_published_vectors(lib):
    h = bytes.fromhex
    cases = [  # RFC 8439 2.8.2; the GCM spec (McGrew & Viega) test case 4
        (CHACHA, bytes(range(0x80, 0xa0)), h("070000004041424344454647"), h("50515253c0c1c2c3c4c5c6c7"),
         b"Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, "
         b"sunscreen would be it.",
         "d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d63dbea45e8ca9671282fafb69da92728b1a71de0a"
         "9e060b2905d6a5b67ecd3b3692ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc3ff4def08e4b7a9de5"
         "76d26586cec64b6116", "1ae10b594f09e26a7e902ecbd0600691"),
        (GCM, h("feffe9928665731c6d6a8f9467308308"), h("cafebabefacedbaddecaf888"),
         h("feedfacedeadbeeffeedfacedeadbeefabaddad2"),
         h("d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5"
           "aa0de657ba637b39"),
         "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e21d514b25466931c7d8f6a5aac84aa051ba30b396a"
         "0aac973d58e091", "5bc94fbc3221a5db94fae95ae7121a47"),
    ]
    for alg, key, nonce, ad, pt, ct, tag in cases:
        enc, dec = Ctx(lib, alg, key, True), Ctx(lib, alg, key, False)
        assert enc.seal(nonce, ad, pt) == (0, h(ct), h(tag))
        assert dec.open(nonce, ad, h(ct), h(tag)) == (0, pt)
        enc.close(), dec.close()


@pytest.mark.parametrize("alg", [CHACHA, GCM], ids=ALG_IDS.get)
def test_one_shot_matches_cryptography(lib, alg):
    rng = random.Random(alg)
    key = rng.randbytes(KEY_LEN[alg])
    ref = reference(alg, key)
    enc, dec = Ctx(lib, alg, key, True), Ctx(lib, alg, key, False)
    for n in SIZES:
        for adlen in (0, 1, 13, 16, 300):
            nonce, ad, pt = rng.randbytes(12), rng.randbytes(adlen), rng.randbytes(n)
            rc, ct, tag = enc.seal(nonce, ad, pt)
            assert rc == 0 and ct + tag == ref.encrypt(nonce, pt, ad), (n, adlen)
            assert ref.decrypt(nonce, ct + tag, ad) == pt
            assert dec.open(nonce, ad, ct, tag) == (0, pt)
    enc.close(), dec.close()


@pytest.mark.parametrize("alg", [CHACHA, GCM], ids=ALG_IDS.get)
def test_streamed_in_random_pieces(lib, alg):
    rng = random.Random(100 + alg)
    key = rng.randbytes(KEY_LEN[alg])
    ref = reference(alg, key)
    enc, dec = Ctx(lib, alg, key, True), Ctx(lib, alg, key, False)
    for trial in range(120):
        n = rng.choice(SIZES) if trial < 60 else rng.randrange(3000)
        nonce, ad, pt = rng.randbytes(12), rng.randbytes(rng.choice([0, 5, 64])), rng.randbytes(n)
        want = ref.encrypt(nonce, pt, ad)
        in_place = bool(trial % 2)
        rc, ct, tag = enc.streamed(nonce, ad, pt, pieces_of(rng, n), in_place=in_place)
        assert rc == 0 and ct + tag == want, (n, trial)
        rc, back, _ = dec.streamed(nonce, ad, ct, pieces_of(rng, n), tag=tag, in_place=not in_place)
        assert rc == 0 and back == pt, (n, trial)
    enc.close(), dec.close()


@pytest.mark.parametrize("alg", [CHACHA, GCM], ids=ALG_IDS.get)
def test_nonce_and_ad_variations(lib, alg):
    """One context, many records: each nonce and AD gives what cryptography gives, and
    opening with another nonce or AD than the record's fails."""
    rng = random.Random(200 + alg)
    key = rng.randbytes(KEY_LEN[alg])
    ref = reference(alg, key)
    enc, dec = Ctx(lib, alg, key, True), Ctx(lib, alg, key, False)
    pt = rng.randbytes(100)
    nonces = [bytes(12), b"\xff" * 12, (1).to_bytes(12, "big"), (1).to_bytes(12, "little"), rng.randbytes(12)]
    ads = [b"", b"\0", b"a", b"ab", bytes(16), rng.randbytes(17), rng.randbytes(1000)]
    seen = set()
    for nonce in nonces:
        for ad in ads:
            rc, ct, tag = enc.seal(nonce, ad, pt)
            assert rc == 0 and ct + tag == ref.encrypt(nonce, pt, ad)
            seen.add(ct + tag)
            assert dec.open(nonce, ad, ct, tag) == (0, pt)
            other_nonce = nonces[(nonces.index(nonce) + 1) % len(nonces)]
            other_ad = ads[(ads.index(ad) + 1) % len(ads)]
            assert dec.open(other_nonce, ad, ct, tag) == (-1, bytes(len(pt)))
            assert dec.open(nonce, other_ad, ct, tag) == (-1, bytes(len(pt)))
    assert len(seen) == len(nonces) * len(ads)
    # another key: nothing opens
    other = Ctx(lib, alg, bytes(b ^ 1 for b in key), False)
    rc, ct, tag = enc.seal(nonces[0], b"", pt)
    assert other.open(nonces[0], b"", ct, tag) == (-1, bytes(len(pt)))
    enc.close(), dec.close(), other.close()


@pytest.mark.parametrize("alg", [CHACHA, GCM], ids=ALG_IDS.get)
def test_bit_flips_rejected_and_output_zeroed(lib, alg):
    rng = random.Random(300 + alg)
    key = rng.randbytes(KEY_LEN[alg])
    enc, dec = Ctx(lib, alg, key, True), Ctx(lib, alg, key, False)
    for n in (0, 1, 16, 77, 1024):
        nonce, ad, pt = rng.randbytes(12), rng.randbytes(20), rng.randbytes(n)
        _, ct, tag = enc.seal(nonce, ad, pt)
        fields = {"ad": ad, "ct": ct, "tag": tag}
        for which, value in fields.items():
            for bit in sorted({0, len(value) * 8 - 1, rng.randrange(max(len(value) * 8, 1))}):
                if not value:
                    continue
                flipped = bytearray(value)
                flipped[bit // 8] ^= 1 << (bit % 8)
                f = dict(fields, **{which: bytes(flipped)})
                assert dec.open(nonce, f["ad"], f["ct"], f["tag"]) == (-1, bytes(n)), (n, which, bit)
                rc, _, _ = dec.streamed(nonce, f["ad"], f["ct"], pieces_of(rng, n), tag=f["tag"])
                assert rc == -1, (n, which, bit, "streamed")
        assert dec.open(nonce, ad, ct, tag) == (0, pt)  # still works after the failures
    enc.close(), dec.close()


def test_misuse_refused(lib):
    key = bytes(32)
    a = Aead()
    assert lib.ilpc_evp_aead_init(ctypes.byref(a), 7, key, 1) == -1 and a.ctx is None
    assert lib.ilpc_evp_aead_init(ctypes.byref(a), CHACHA, None, 1) == -1 and a.ctx is None
    lib.ilpc_evp_aead_free(ctypes.byref(a))  # zeroed: fine
    enc, dec = Ctx(lib, CHACHA, key, True), Ctx(lib, CHACHA, key, False)
    buf, tag = ctypes.create_string_buffer(16), ctypes.create_string_buffer(16)
    E, D = ctypes.byref(enc.a), ctypes.byref(dec.a)
    assert lib.ilpc_evp_aead_update(E, buf, buf, 4) == -1  # no record started
    assert lib.ilpc_evp_aead_seal_final(E, tag) == -1
    assert lib.ilpc_evp_aead_start(E, None, None, 0) == -1  # no nonce
    assert lib.ilpc_evp_aead_start(E, bytes(12), None, 5) == -1  # AD length without AD
    assert lib.ilpc_evp_aead_start(D, bytes(12), b"", 0) == 0
    assert lib.ilpc_evp_aead_seal_final(D, tag) == -1  # a decrypting context does not seal
    assert enc.seal(bytes(12), b"", b"x")[0] == 0
    assert dec.seal(bytes(12), b"", b"x")[0] == -1
    assert enc.open(bytes(12), b"", b"x", bytes(16)) == (-1, b"\0")
    enc.close(), dec.close()
    assert enc.a.ctx is None and (enc.a.alg, enc.a.encrypt, enc.a.in_record) == (0, 0, 0)
    enc.close()  # twice
    assert lib.ilpc_evp_aead_start(E, bytes(12), b"", 0) == -1


# ------------------------------------------------------------------ HKDF and the connection keys

def hkdf(L, salt: bytes, ikm: bytes, info: bytes, n: int) -> tuple[int, bytes]:
    out = ctypes.create_string_buffer(b"\x5a" * max(n, 1))
    rc = L.ilpc_hkdf_sha256(salt, len(salt), ikm, len(ikm), info, len(info), out, n)
    return rc, out.raw[:n]


RFC5869 = [  # A.1, A.2, A.3: salt, IKM, info, OKM
    (bytes(range(13)), b"\x0b" * 22, bytes(range(0xf0, 0xfa)),
     "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865"),
    (bytes(range(0x60, 0xb0)), bytes(range(0x50)), bytes(range(0xb0, 0x100)),
     "b11e398dc80327a1c8e7f78c596a49344f012eda2d4efad8a050cc4c19afa97c59045a99cac7827271cb41c65e590e09da3275600c2f09"
     "b8367793a9aca3db71cc30c58179ec3e87c14c01d5c1f3434f1d87"),
    (b"", b"\x0b" * 22, b"",
     "8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8"),
]


@pytest.mark.parametrize("case", range(3), ids=["A.1", "A.2", "A.3"])
def test_hkdf_rfc5869(lib, case):
    salt, ikm, info, okm = RFC5869[case]
    okm = bytes.fromhex(okm)
    assert hkdf(lib, salt, ikm, info, len(okm)) == (0, okm)


def test_hkdf_matches_cryptography(lib):
    rng = random.Random(5869)
    for n in (1, 16, 31, 32, 33, 64, 255, 1000, 8160):
        for _ in range(4):
            salt, ikm, info = (rng.randbytes(rng.choice([0, 1, 8, 32, 64, 200])) for _ in range(3))
            assert hkdf(lib, salt, ikm, info, n) == (0, ref_hkdf(salt, ikm, info, n)), (n, len(salt), len(ikm))
    # RFC 5869: at most 255 hash lengths; nothing to derive is refused too
    assert hkdf(lib, b"s", b"k", b"i", 8161) == (-1, bytes(8161))
    assert hkdf(lib, b"s", b"k", b"i", 0)[0] == -1


def conn_keys(L, psk: bytes, c: int, s: int, name, keylen: int) -> tuple[int, bytes, bytes]:
    k1, k2 = ctypes.create_string_buffer(b"\x5a" * keylen), ctypes.create_string_buffer(b"\x5a" * keylen)
    rc = L.ilpc_conn_keys(psk, len(psk), c, s, None if name is None else name.encode(), keylen, k1, k2)
    return rc, k1.raw[:keylen], k2.raw[:keylen]


def test_conn_keys_match_the_transcription(lib):
    rng = random.Random(8439)
    for name, keylen in [("chacha20-poly1305", 32), ("aes-128-gcm", 16), ("x", 1), ("", 64)]:
        for c, s in [(0, 0), (1, 2), (2, 1), (0xffffffff, 0x80000000), (rng.getrandbits(32), rng.getrandbits(32))]:
            psk = rng.randbytes(rng.choice([1, 16, 32, 100]))
            rc, c2s, s2c = conn_keys(lib, psk, c, s, name, keylen)
            assert rc == 0 and (c2s, s2c) == conn_keys_model(psk, c, s, name, keylen), (name, c, s)
            assert c2s != s2c
    psk = bytes(range(32))
    # The cipher name, the ISNs' order and the PSK all change the keys.
    a = conn_keys(lib, psk, 1, 2, "chacha20-poly1305", 16)
    assert a != conn_keys(lib, psk, 1, 2, "aes-128-gcm", 16)
    assert a != conn_keys(lib, psk, 2, 1, "chacha20-poly1305", 16)
    assert a != conn_keys(lib, psk[::-1], 1, 2, "chacha20-poly1305", 16)
    # A known answer, so that a change to the derivation shows: docs/ciphers.md's example.
    rc, c2s, s2c = conn_keys(lib, bytes(32), 1, 2, "chacha20-poly1305", 32)
    assert (c2s, s2c) == conn_keys_model(bytes(32), 1, 2, "chacha20-poly1305", 32)
    assert (rc, c2s.hex(), s2c.hex()) == (0, *CONN_KEYS_EXAMPLE)
    # Refused, with both keys zeroed: no name, a name too long for the info buffer, no key length.
    assert conn_keys(lib, psk, 1, 2, None, 16) == (-1, bytes(16), bytes(16))
    assert conn_keys(lib, psk, 1, 2, "n" * 300, 16) == (-1, bytes(16), bytes(16))
    assert lib.ilpc_conn_keys(psk, 32, 1, 2, b"x", 0, None, None) == -1


# key_c2s and key_s2c for psk = 32 zero bytes, isn_client 1, isn_server 2, "chacha20-poly1305",
# 32 bytes: the example in docs/ciphers.md.
CONN_KEYS_EXAMPLE = ("19b718a7cf79c17cadd26af77f200220a8fc6f5a32befa544e88a9fe62c94fa2",
                     "2e4ce435fb17aa83c9c3ce9a6a75cedbb476ebd23c1bd9726fb71fb26d29052d")


# ------------------------------------------------------------------ built without libcrypto

@pytest.mark.parametrize("cc", COMPILERS)
def test_no_libcrypto_build_is_clean_and_standalone(cc, tmp_path):
    obj = tmp_path / "evp.o"
    r = _run([cc, "-O2", *STRICT, "-I", RUNTIME, "-c", RUNTIME / "ilpc_evp.c", "-o", obj])
    assert r.returncode == 0 and r.stderr == "", r.stderr
    undefined = _run(["nm", "-u", obj]).stdout.split()
    assert not [s for s in undefined if "EVP" in s or "OPENSSL" in s or "OSSL" in s], undefined


def test_no_libcrypto_every_function_fails(nolib):
    L = nolib
    assert L.ilpc_evp_available() == 0
    a = Aead(ctx=1234, alg=5, encrypt=1, in_record=1)  # garbage: a failed init zeroes it
    assert L.ilpc_evp_aead_init(ctypes.byref(a), CHACHA, bytes(32), 1) == -1
    assert (a.ctx, a.alg, a.encrypt, a.in_record) == (None, 0, 0, 0)
    A, buf = ctypes.byref(a), ctypes.create_string_buffer(b"\x11" * 16)
    assert L.ilpc_evp_aead_start(A, bytes(12), b"", 0) == -1
    assert L.ilpc_evp_aead_update(A, buf, buf, 0) == -1
    assert L.ilpc_evp_aead_seal_final(A, buf) == -1
    assert L.ilpc_evp_aead_open_final(A, bytes(16)) == -1
    assert L.ilpc_evp_aead_seal(A, bytes(12), b"", 0, b"x" * 8, 8, buf, buf) == -1
    assert L.ilpc_evp_aead_open(A, bytes(12), b"", 0, b"x" * 8, 8, buf, bytes(16)) == -1 and buf.raw[:8] == bytes(8)
    assert hkdf(L, b"s", b"k", b"i", 32) == (-1, bytes(32))
    assert conn_keys(L, b"k", 1, 2, "aes-128-gcm", 16) == (-1, bytes(16), bytes(16))
    L.ilpc_evp_aead_free(A)
    L.ilpc_evp_aead_free(None)


# ------------------------------------------------------------------ C life cycle: ASan, valgrind

def _build_c_test(cc: str, tmp: Path, with_crypto: bool, flags: list[str]) -> Path:
    exe = tmp / f"test_evp-{cc}-{'crypto' if with_crypto else 'none'}"
    cflags, libs = (CRYPTO_CFLAGS, CRYPTO_LIBS) if with_crypto else ([], [])
    r = _run([cc, "-O1", "-g", *STRICT, *flags, *cflags, "-I", RUNTIME, CTESTS / "test_evp.c", RUNTIME / "ilpc_evp.c",
              "-o", exe, *libs])
    assert r.returncode == 0 and r.stderr == "", r.stderr
    return exe


@pytest.mark.parametrize("with_crypto", [True, False], ids=["libcrypto", "none"])
@pytest.mark.parametrize("cc", COMPILERS)
def test_c_life_cycle_sanitized(cc, with_crypto, tmp_path):
    if with_crypto and not CRYPTO_LIBS:
        pytest.skip("pkg-config does not find libcrypto >= 3 (libssl-dev)")
    exe = _build_c_test(cc, tmp_path, with_crypto, SANITIZE)
    r = _run([exe], env=dict(os.environ, UBSAN_OPTIONS="print_stacktrace=1", ASAN_OPTIONS="detect_leaks=1"))
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.strip().startswith("libcrypto:" if with_crypto else "no libcrypto:"), r.stdout
    assert r.stdout.strip().endswith(" 0 failed"), r.stdout


@pytest.mark.valgrind
@need_libcrypto
def test_c_life_cycle_valgrind(tmp_path):
    if shutil.which("valgrind") is None:
        pytest.skip("valgrind not installed")
    exe = _build_c_test(_cc(), tmp_path, True, [])
    r = _run(["valgrind", "-q", "--error-exitcode=99", "--leak-check=full", "--errors-for-leak-kinds=all",
              "--show-leak-kinds=all", exe])
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.strip().endswith(" 0 failed") and "==" not in r.stderr, r.stdout + r.stderr


@pytest.mark.parametrize("lang", ["c", "c++"])
def test_header_self_contained(lang, tmp_path):
    cc = {"c": _cc(), "c++": shutil.which("g++") or shutil.which("clang++")}[lang]
    if cc is None:
        pytest.skip("no C++ compiler")
    src = tmp_path / ("inc.c" if lang == "c" else "inc.cpp")
    src.write_text('#include "ilpc_evp.h"\n#include "ilpc_evp.h"\n'
                   "int main(void) { return ilpc_aead_key_len(ILPC_AEAD_AES_128_GCM) == 16 ? 0 : 1; }\n")
    std = ["-std=c11"] if lang == "c" else ["-std=c++17"]
    r = _run([cc, *std, *STRICT[1:], "-I", RUNTIME, "-c", src, "-o", tmp_path / "inc.o"])
    assert r.returncode == 0 and r.stderr == "", r.stderr


# ------------------------------------------------------------------ the generated build

SPEC = ROOT / "examples" / "filetransfer" / "filetransfer.asn1"
PROBE = ('#include <stdio.h>\n#include "ilpc_evp.h"\n'
         'int main(void) { printf("%d\\n", ilpc_evp_available()); return 0; }\n')


def _need(*tools: str) -> None:
    missing = [t for t in tools if shutil.which(t) is None]
    if missing:
        pytest.skip(f"not installed: {', '.join(missing)}")


def _ilpc(*args, env=None) -> str:
    r = _run([sys.executable, "-m", "ilpc", *args], env=env)
    assert r.returncode == 0, r.stderr
    return r.stdout


def _probe(out: Path, tmp: Path, env: dict) -> str:
    """A program calling ilpc_evp_available(), compiled against OUT's library with
    `ilpc --cflags --libs`; what it prints."""
    src, exe = tmp / "probe.c", tmp / "probe"
    src.write_text(PROBE)
    flags = _ilpc("--cflags", "--libs", str(SPEC), "-o", str(out), env=env).split()
    r = _run(["cc", "-std=c11", src, *flags, "-o", exe])
    assert r.returncode == 0, r.stderr
    return _run([exe]).stdout.strip()


def _make(out: Path, *args: str, env: dict | None = None) -> str:
    r = _run(["make", "-C", out, "-j2", "CFLAGS=-O0", *args], env=env)
    assert r.returncode == 0, (r.stdout + r.stderr)[-4000:]
    return r.stdout


def _evp_refs(obj: Path) -> list[str]:
    return [s for s in _run(["nm", "-u", obj]).stdout.split() if s.startswith(("EVP_", "OSSL_", "OPENSSL_"))]


@need_libcrypto
def test_generated_makefile_uses_libcrypto_when_found(tmp_path):
    _need("make", "cc", "nm")
    out = tmp_path / "out"
    _ilpc(str(SPEC), "-o", str(out))
    assert "-DILPC_HAVE_LIBCRYPTO=1" in _run(["make", "-n", "-C", out, "ilpc_evp.o"]).stdout
    _make(out)
    assert (out / "ilpc-harness").is_file() and _evp_refs(out / "ilpc_evp.o")
    assert _probe(out, tmp_path, dict(os.environ)) == "1"


def test_generated_makefile_without_libcrypto(tmp_path):
    """make ILPC_LIBCRYPTO=0, and a machine where pkg-config finds nothing (PKG_CONFIG=false):
    built without, nothing refers to libcrypto, and ilpc --libs (told the same) adds nothing."""
    _need("make", "cc", "nm")
    out = tmp_path / "out"
    _ilpc(str(SPEC), "-o", str(out))
    no_pkg = _run(["make", "-n", "-C", out, "PKG_CONFIG=false", "ilpc_evp.o"]).stdout
    assert "ilpc_evp.c" in no_pkg and "ILPC_HAVE_LIBCRYPTO" not in no_pkg
    _make(out, "ILPC_LIBCRYPTO=0")
    assert (out / "ilpc-harness").is_file() and _evp_refs(out / "ilpc_evp.o") == []
    env = dict(os.environ, ILPC_LIBCRYPTO="0")
    assert _ilpc("--libs", str(SPEC), "-o", str(out), env=env).split() == [str(out / "libfiletransfer.a")]
    assert _probe(out, tmp_path, env) == "0"


@need_libcrypto
def test_cmake_package_uses_libcrypto_unless_told_not_to(tmp_path):
    _need("cmake", "cc")
    from ilpc.resources import cmake_dir
    ilpc = Path(sys.executable).with_name("ilpc")
    if not ilpc.is_file():
        pytest.skip("no ilpc console script next to this Python")
    src = tmp_path / "src"
    src.mkdir()
    (src / "probe.c").write_text(PROBE)
    (src / "CMakeLists.txt").write_text(
        "cmake_minimum_required(VERSION 3.20)\nproject(p C)\nfind_package(ilpc CONFIG REQUIRED)\n"
        f"ilpc_add_library(stubs SPECS {SPEC.as_posix()})\n"
        "add_executable(probe probe.c)\ntarget_link_libraries(probe PRIVATE stubs)\n")
    for on in (True, False):
        bld = tmp_path / f"b-{on}"
        r = _run(["cmake", "-S", src, "-B", bld, f"-Dilpc_DIR={cmake_dir()}", f"-DILPC_EXECUTABLE={ilpc}",
                  f"-DILPC_WITH_LIBCRYPTO={'ON' if on else 'OFF'}"])
        assert r.returncode == 0, r.stdout + r.stderr
        assert ("ilpc_add_library(stubs): with libcrypto" in r.stdout) == on, r.stdout
        r = _run(["cmake", "--build", bld, "-j2"])
        assert r.returncode == 0, (r.stdout + r.stderr)[-4000:]
        assert _run([bld / "probe"]).stdout.strip() == ("1" if on else "0")
