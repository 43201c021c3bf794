"""Tests of the ChaCha20 / Poly1305 primitives and their AEAD (runtime/ilpc_chapoly.{h,c}).

The runtime file is built as a shared library (gcc and clang, with and without vector
code, and with the portable 128-bit arithmetic) and driven through ctypes.  References,
each independent of the code under test:

* the RFC 8439 test vectors (sections 2.3.2, 2.4.2, 2.5.2, 2.6.2, 2.8.2; appendix A.1,
  A.3, A.5), typed in from the RFC and each also checked against ``cryptography``;
* ``cryptography``'s ChaCha20 stream, Poly1305 and ChaCha20Poly1305 AEAD;
* Python's integers for the field GF(2^130 - 5) and a Horner-rule Poly1305.

Every test that computes runs at every dispatch level the CPU has (scalar, SSE2,
AVX2, AVX-512F, AVX-512 IFMA), forced with ilpc_chapoly_force_level.
"""

from __future__ import annotations

import ctypes
import random
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RUNTIME = ROOT / "runtime"
STRICT = ["-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic"]

P = 2**130 - 5
M64 = 2**64 - 1
LEVEL_NAMES = ["scalar", "sse2", "avx2", "avx512", "avx512ifma"]

cryptography = pytest.importorskip("cryptography")
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms  # noqa: E402
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305  # noqa: E402
from cryptography.hazmat.primitives.poly1305 import Poly1305  # noqa: E402


class P1305(ctypes.Structure):
    _fields_ = [("l", ctypes.c_uint64 * 3)]

    @property
    def value(self) -> int:
        return self.l[0] | self.l[1] << 64 | self.l[2] << 128


class Poly1305State(ctypes.Structure):
    _fields_ = [
        ("r", P1305),
        ("h", P1305),
        ("s", ctypes.c_uint8 * 16),
        ("npow", ctypes.c_uint32),
        ("pow26", (ctypes.c_uint32 * 5) * 16),
        ("nlane", ctypes.c_uint32),
        ("lane", (ctypes.c_uint64 * 8) * 5),
        ("npow44", ctypes.c_uint32),
        ("pow44", (ctypes.c_uint64 * 3) * 9),
    ]


def p1305(v: int) -> P1305:
    """The struct with v's limbs as they are (v < 2^192; l[2] is v >> 128)."""
    x = P1305()
    x.l[0], x.l[1], x.l[2] = v & M64, (v >> 64) & M64, v >> 128
    return x


BUILDS = {
    "gcc": ("gcc", ["-O2"]),
    "clang": ("clang", ["-O2"]),
    "gcc-native": ("gcc", ["-O3", "-march=native"]),
    "gcc-nosimd": ("gcc", ["-O2", "-DILPC_NO_SIMD=1"]),
    "gcc-noint128": ("gcc", ["-O2", "-DILPC_CHAPOLY_NO_INT128=1"]),
}


def _build(tmp_path_factory, name):
    cc, flags = BUILDS[name]
    path = shutil.which(cc)
    if path is None:
        pytest.skip(f"{cc} not installed")
    out = tmp_path_factory.mktemp("chapoly") / f"libchapoly-{name}.so"
    res = subprocess.run(
        [path, *flags, *STRICT, "-shared", "-fPIC", "-I", str(RUNTIME), str(RUNTIME / "ilpc_chapoly.c"), "-o", str(out)],
        capture_output=True, text=True, timeout=120,
    )
    assert res.returncode == 0 and res.stderr == "", res.stderr
    L = ctypes.CDLL(str(out))
    u8p, u32p, sz = ctypes.c_char_p, ctypes.c_void_p, ctypes.c_size_t
    L.ilpc_chacha20_blocks.argtypes = [u32p, u32p, ctypes.c_uint32, ctypes.c_void_p, sz]
    L.ilpc_chacha20_blocks.restype = None
    L.ilpc_chacha20_blocks_x.argtypes = [u32p, u32p, ctypes.c_uint32, ctypes.c_void_p, sz, ctypes.c_uint32,
                                         ctypes.c_void_p, sz]
    L.ilpc_chacha20_blocks_x.restype = None
    L.ilpc_chacha20_xor_sum.argtypes = [u32p, u32p, ctypes.c_uint32, ctypes.c_void_p, ctypes.c_void_p, sz]
    L.ilpc_chacha20_xor_sum.restype = ctypes.c_uint64
    L.ilpc_chacha20_xor.argtypes = [u32p, u32p, ctypes.c_uint32, ctypes.c_void_p, ctypes.c_void_p, sz]
    L.ilpc_chacha20_xor.restype = None
    L.ilpc_chacha20_key_words.argtypes = [u8p, u32p]
    L.ilpc_chacha20_nonce_words.argtypes = [u8p, u32p]
    for fn in ("add", "mul"):
        getattr(L, f"ilpc_p1305_{fn}").argtypes = [P1305, P1305]
        getattr(L, f"ilpc_p1305_{fn}").restype = P1305
    L.ilpc_p1305_pow.argtypes = [P1305, ctypes.c_uint64]
    L.ilpc_p1305_pow.restype = P1305
    L.ilpc_p1305_reduce.argtypes = [P1305]
    L.ilpc_p1305_reduce.restype = P1305
    L.ilpc_p1305_block.argtypes = [u8p]
    L.ilpc_p1305_block.restype = P1305
    L.ilpc_p1305_block_partial.argtypes = [u8p, sz]
    L.ilpc_p1305_block_partial.restype = P1305
    L.ilpc_p1305_zero.argtypes = []
    L.ilpc_p1305_zero.restype = P1305
    L.ilpc_poly1305_init.argtypes = [ctypes.POINTER(Poly1305State), u8p]
    L.ilpc_poly1305_blocks.argtypes = [ctypes.POINTER(Poly1305State), u8p, sz]
    L.ilpc_poly1305_blocks_defer.argtypes = [ctypes.POINTER(Poly1305State), u8p, sz]
    L.ilpc_poly1305_fold.argtypes = [ctypes.POINTER(Poly1305State)]
    L.ilpc_poly1305_tag.argtypes = [ctypes.POINTER(Poly1305State), P1305, ctypes.c_void_p]
    L.ilpc_poly1305_mac.argtypes = [u8p, u8p, sz, ctypes.c_void_p]
    L.ilpc_chapoly_seal.argtypes = [u8p, u8p, u8p, sz, ctypes.c_void_p, sz, ctypes.c_void_p, ctypes.c_void_p]
    L.ilpc_chapoly_seal.restype = None
    L.ilpc_chapoly_open.argtypes = [u8p, u8p, u8p, sz, ctypes.c_void_p, sz, ctypes.c_void_p, u8p]
    L.ilpc_chapoly_open.restype = ctypes.c_int
    L.ilpc_chapoly_force_level.argtypes = [ctypes.c_int]
    L.ilpc_chapoly_force_level.restype = ctypes.c_int
    L.ilpc_chapoly_level.restype = ctypes.c_int
    return L


@pytest.fixture(scope="module", params=sorted(BUILDS))
def lib(request, tmp_path_factory):
    return _build(tmp_path_factory, request.param)


@pytest.fixture(scope="module")
def gcclib(tmp_path_factory):
    return _build(tmp_path_factory, "gcc")


EAGER = 0x100  # ILPC_CHAPOLY_EAGER


def levels_of(L):
    """Every level the CPU has, each forced in turn, the vector ones also with
    ILPC_CHAPOLY_EAGER (Poly1305 runs go to the vector code from one group of
    lanes on, so that every length reaches it); the widest is put back after.
    Yields a name for messages."""
    best = L.ilpc_chapoly_force_level(-1)
    for lv in range(best + 1):
        for eager in (0, EAGER) if lv >= 2 else (0,):
            assert L.ilpc_chapoly_force_level(lv | eager) == lv
            yield LEVEL_NAMES[lv] + ("+eager" if eager else "")
    L.ilpc_chapoly_force_level(-1)


# ------------------------------------------------------------------ ctypes wrappers


def words(L, key: bytes, nonce: bytes):
    kw, nw = (ctypes.c_uint32 * 8)(), (ctypes.c_uint32 * 3)()
    L.ilpc_chacha20_key_words(key, kw)
    L.ilpc_chacha20_nonce_words(nonce, nw)
    return kw, nw


def blocks(L, key: bytes, nonce: bytes, ctr: int, n: int, skew: int = 0) -> bytes:
    """ilpc_chacha20_blocks into a buffer at offset `skew` (to try unaligned output),
    with guard bytes around it that must stay untouched."""
    kw, nw = words(L, key, nonce)
    size = 64 * n + skew + 16
    buf = ctypes.create_string_buffer(b"\xa5" * size, size)
    L.ilpc_chacha20_blocks(kw, nw, ctr, ctypes.addressof(buf) + skew, n)
    raw = buf.raw
    assert raw[:skew] == b"\xa5" * skew and raw[skew + 64 * n:] == b"\xa5" * 16
    return raw[skew : skew + 64 * n]


def xor(L, key: bytes, nonce: bytes, ctr: int, data: bytes, inplace=False) -> bytes:
    kw, nw = words(L, key, nonce)
    src = ctypes.create_string_buffer(data, len(data) + 1)
    dst = src if inplace else ctypes.create_string_buffer(len(data) + 1)
    L.ilpc_chacha20_xor(kw, nw, ctr, src, dst, len(data))
    return dst.raw[: len(data)]


def poly_state(L, key: bytes) -> Poly1305State:
    st = Poly1305State()
    L.ilpc_poly1305_init(ctypes.byref(st), key)
    return st


def poly_tag(L, st: Poly1305State, h: P1305 | None = None) -> bytes:
    tag = ctypes.create_string_buffer(16)
    L.ilpc_poly1305_tag(ctypes.byref(st), st.h if h is None else h, tag)
    return tag.raw


def mac(L, key: bytes, m: bytes) -> bytes:
    tag = ctypes.create_string_buffer(16)
    L.ilpc_poly1305_mac(key, m, len(m), tag)
    return tag.raw


def seal(L, key, nonce, ad, pt, inplace=False):
    buf = ctypes.create_string_buffer(pt, len(pt) + 1)
    out = buf if inplace else ctypes.create_string_buffer(len(pt) + 1)
    tag = ctypes.create_string_buffer(16)
    L.ilpc_chapoly_seal(key, nonce, ad, len(ad), buf, len(pt), out, tag)
    return out.raw[: len(pt)] + tag.raw


def open_(L, key, nonce, ad, sealed, inplace=False):
    ct, tag = sealed[:-16], sealed[-16:]
    buf = ctypes.create_string_buffer(ct, len(ct) + 1)
    out = buf if inplace else ctypes.create_string_buffer(b"\x77" * len(ct), len(ct) + 1)
    rc = L.ilpc_chapoly_open(key, nonce, ad, len(ad), buf, len(ct), out, tag)
    return rc, out.raw[: len(ct)]


# ------------------------------------------------------------------ references


def ref_keystream(key: bytes, nonce: bytes, ctr: int, nbytes: int) -> bytes:
    """`cryptography`'s ChaCha20 (RFC 8439 layout: 32-bit counter then 96-bit nonce)."""
    enc = Cipher(algorithms.ChaCha20(key, ctr.to_bytes(4, "little") + nonce), mode=None).encryptor()
    return enc.update(bytes(nbytes))


def ref_poly_h(r: int, h: int, m: bytes) -> int:
    """Horner over full blocks, with Python integers (r already clamped)."""
    assert len(m) % 16 == 0
    for i in range(0, len(m), 16):
        h = (h + int.from_bytes(m[i : i + 16], "little") + 2**128) * r % P
    return h


def clamp(key: bytes) -> int:
    return int.from_bytes(key[:16], "little") & 0x0FFFFFFC0FFFFFFC0FFFFFFC0FFFFFFF


def ref_tag(h: int, s: bytes) -> bytes:
    return ((h % P + int.from_bytes(s, "little")) % 2**128).to_bytes(16, "little")


# ------------------------------------------------------------ RFC 8439 vectors

RFC_KEY = bytes(range(32))
KEY_80 = bytes(range(0x80, 0xA0))
SUNSCREEN = (
    b"Ladies and Gentlemen of the class of '99: If I could offer you only one tip for "
    b"the future, sunscreen would be it."
)
IETF_TEXT = (
    b"Any submission to the IETF intended by the Contributor for publication as all or part of an IETF "
    b"Internet-Draft or RFC and any statement made within the context of an IETF activity is considered an "
    b"\"IETF Contribution\". Such statements include oral statements in IETF sessions, as well as written and "
    b"electronic communications made at any time or place, which are addressed to"
)
JABBERWOCKY = (
    b"'Twas brillig, and the slithy toves\nDid gyre and gimble in the wabe:\nAll mimsy were the borogoves,\n"
    b"And the mome raths outgrabe."
)
H = bytes.fromhex

# (key, nonce, counter, the 64-byte block)
BLOCK_VECTORS = [
    # 2.3.2
    (RFC_KEY, H("000000090000004a00000000"), 1,
     "10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4e"
     "d2826446079faa0914c2d705d98b02a2b5129cd1de164eb9cbd083e8a2503c4e"),
    # A.1 #1 .. #5
    (bytes(32), bytes(12), 0,
     "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7"
     "da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586"),
    (bytes(32), bytes(12), 1,
     "9f07e7be5551387a98ba977c732d080dcb0f29a048e3656912c6533e32ee7aed"
     "29b721769ce64e43d57133b074d839d531ed1f28510afb45ace10a1f4b794d6f"),
    (bytes(31) + b"\x01", bytes(12), 1,
     "3aeb5224ecf849929b9d828db1ced4dd832025e8018b8160b82284f3c949aa5a"
     "8eca00bbb4a73bdad192b5c42f73f2fd4e273644c8b36125a64addeb006c13a0"),
    (b"\x00\xff" + bytes(30), bytes(12), 2,
     "72d54dfbf12ec44b362692df94137f328fea8da73990265ec1bbbea1ae9af0ca"
     "13b25aa26cb4a648cb9b9d1be65b2c0924a66c54d545ec1b7374f4872e99f096"),
    (bytes(32), bytes(11) + b"\x02", 0,
     "c2c64d378cd536374ae204b9ef933fcd1a8b2288b3dfa49672ab765b54ee27c7"
     "8a970e0e955c14f3a88e741b97c286f75f8fc299e8148362fa198a39531bed6d"),
]

CT_242 = H(
    "6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0b"
    "f91b65c5524733ab8f593dabcd62b3571639d624e65152ab8f530c359f0861d8"
    "07ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806818ce91ab7793736"
    "5af90bbf74a35be6b40b8eedf2785e42874d"
)

# (key, message, tag): 2.5.2 and A.3 #1 .. #11
MAC_VECTORS = [
    (H("85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b"),
     b"Cryptographic Forum Research Group", "a8061dc1305136c6c22b8baf0c0127a9"),
    (bytes(32), bytes(64), "00000000000000000000000000000000"),
    (bytes(16) + H("36e5f6b5c5e06070f0efca96227a863e"), IETF_TEXT, "36e5f6b5c5e06070f0efca96227a863e"),
    (H("36e5f6b5c5e06070f0efca96227a863e") + bytes(16), IETF_TEXT, "f3477e7cd95417af89a6b8794c310cf0"),
    (H("1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0"), JABBERWOCKY,
     "4541669a7eaaee61e708dc7cbcc5eb62"),
    (b"\x02" + bytes(31), b"\xff" * 16, "03000000000000000000000000000000"),
    (b"\x02" + bytes(15) + b"\xff" * 16, b"\x02" + bytes(15), "03000000000000000000000000000000"),
    (b"\x01" + bytes(31), b"\xff" * 16 + b"\xf0" + b"\xff" * 15 + b"\x11" + bytes(15),
     "05000000000000000000000000000000"),
    (b"\x01" + bytes(31), b"\xff" * 16 + b"\xfb" + b"\xfe" * 15 + b"\x01" * 16,
     "00000000000000000000000000000000"),
    (b"\x02" + bytes(31), b"\xfd" + b"\xff" * 15, "faffffffffffffffffffffffffffffff"),
    (H("01000000000000000400000000000000") + bytes(16),
     H("e33594d7505e43b900000000000000003394d7505e4379cd0100000000000000"
       "0000000000000000000000000000000001000000000000000000000000000000"),
     "14000000000000005500000000000000"),
    (H("01000000000000000400000000000000") + bytes(16),
     H("e33594d7505e43b900000000000000003394d7505e4379cd010000000000000000000000000000000000000000000000"),
     "13000000000000000000000000000000"),
]

CT_282 = H(
    "d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d6"
    "3dbea45e8ca9671282fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b36"
    "92ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc"
    "3ff4def08e4b7a9de576d26586cec64b6116"
)
TAG_282 = H("1ae10b594f09e26a7e902ecbd0600691")

KEY_A5 = H("1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0")
NONCE_A5 = H("000000000102030405060708")
AD_A5 = H("f33388860000000000004e91")
TAG_A5 = H("eead9d67890cbb22392336fea1851f38")
PT_A5 = (
    "Internet-Drafts are draft documents valid for a maximum of six months and may be updated, replaced, "
    "or obsoleted by other documents at any time. It is inappropriate to use Internet-Drafts as reference "
    "material or to cite them other than as /\u201cwork in progress./\u201d"
).encode()


def test_vectors_against_cryptography():
    """The vectors typed in above are what `cryptography` computes (guards against typos)."""
    for key, nonce, ctr, want in BLOCK_VECTORS:
        assert ref_keystream(key, nonce, ctr, 64).hex() == want
    assert bytes(a ^ b for a, b in zip(SUNSCREEN, ref_keystream(RFC_KEY, H("000000000000004a00000000"), 1, 114))) == CT_242
    for key, m, tag in MAC_VECTORS:
        assert Poly1305.generate_tag(key, m).hex() == tag
        r, h = clamp(key), 0
        full = len(m) - len(m) % 16
        h = ref_poly_h(r, 0, m[:full])
        if len(m) % 16:
            h = (h + int.from_bytes(m[full:] + b"\x01", "little")) * r % P
        assert ref_tag(h, key[16:]).hex() == tag
    assert ChaCha20Poly1305(KEY_80).encrypt(H("070000004041424344454647"), SUNSCREEN, H("50515253c0c1c2c3c4c5c6c7")) == CT_282 + TAG_282
    assert len(PT_A5) == 265
    assert ChaCha20Poly1305(KEY_A5).encrypt(NONCE_A5, PT_A5, AD_A5)[-16:] == TAG_A5


@pytest.mark.cbuild
def test_rfc_chacha20(lib):
    for _ in levels_of(lib):
        for key, nonce, ctr, want in BLOCK_VECTORS:
            assert blocks(lib, key, nonce, ctr, 1).hex() == want
        # 2.4.2 (counter 1) through ilpc_chacha20_xor, 114 bytes: a partial last block
        nonce = H("000000000000004a00000000")
        assert xor(lib, RFC_KEY, nonce, 1, SUNSCREEN) == CT_242
        assert xor(lib, RFC_KEY, nonce, 1, CT_242, inplace=True) == SUNSCREEN
        # 2.6.2: the Poly1305 key is the first 32 bytes of block 0
        assert blocks(lib, KEY_80, H("000000000001020304050607"), 0, 1)[:32].hex() == (
            "8ad5a08b905f81cc815040274ab29471a833b637e3fd0da508dbb8e2fdd1a646")


@pytest.mark.cbuild
def test_rfc_poly1305(lib):
    for _ in levels_of(lib):
        for key, m, tag in MAC_VECTORS:
            assert mac(lib, key, m).hex() == tag, (key.hex(), len(m))


@pytest.mark.cbuild
def test_rfc_aead(lib):
    ad = H("50515253c0c1c2c3c4c5c6c7")
    nonce = H("070000004041424344454647")
    for _ in levels_of(lib):
        assert seal(lib, KEY_80, nonce, ad, SUNSCREEN) == CT_282 + TAG_282
        assert open_(lib, KEY_80, nonce, ad, CT_282 + TAG_282) == (0, SUNSCREEN)
        # A.5: the RFC gives the ciphertext; here it comes from `cryptography` (checked
        # above to carry the RFC's tag), and must open to the RFC's plaintext
        sealed = ChaCha20Poly1305(KEY_A5).encrypt(NONCE_A5, PT_A5, AD_A5)
        assert sealed[:16].hex() == "64a0861575861af460f062c79be643bd"
        assert open_(lib, KEY_A5, NONCE_A5, AD_A5, sealed) == (0, PT_A5)
        assert seal(lib, KEY_A5, NONCE_A5, AD_A5, PT_A5) == sealed


# ------------------------------------------------------------- ChaCha20 stream


@pytest.mark.cbuild
def test_chacha20_blocks_every_length(lib):
    """Every count 0..40 (all the group/tail splits of 16, 8, 4, 1) and random longer
    runs, random counters including ones that end exactly at 2^32, unaligned output."""
    rng = random.Random(20)
    for lv in levels_of(lib):
        counts = list(range(0, 41)) + [rng.randrange(41, 700) for _ in range(6)]
        for n in counts:
            key, nonce = rng.randbytes(32), rng.randbytes(12)
            ctr = rng.choice([0, 1, rng.getrandbits(32 - 10), 2**32 - n - rng.randrange(0, 3) if n else 0])
            ctr = max(0, min(ctr, 2**32 - n))
            got = blocks(lib, key, nonce, ctr, n, skew=rng.randrange(0, 8))
            assert got == ref_keystream(key, nonce, ctr, 64 * n), (lv, n, ctr)
        # the counter reaching 2^32 - 1 in the last lane of a full group
        key, nonce = rng.randbytes(32), rng.randbytes(12)
        assert blocks(lib, key, nonce, 2**32 - 32, 32) == ref_keystream(key, nonce, 2**32 - 32, 2048)


@pytest.mark.cbuild
def test_chacha20_blocks_x(lib):
    """n blocks and nx more from another counter (the extra ones stitched into the
    first AVX-512 group when there is one): both runs are the keystream, and the
    buffers' guard bytes stay untouched."""
    rng = random.Random(22)
    for lv in levels_of(lib):
        for n in (0, 1, 15, 16, 17, 18, 31, 32, 33, 34, 40, rng.randrange(41, 300)):
            for nx in (0, 1, 2):
                key, nonce = rng.randbytes(32), rng.randbytes(12)
                ctr = rng.choice([0, 1, rng.getrandbits(20)])
                xctr = rng.choice([0, ctr + n, rng.getrandbits(31), 2**32 - max(nx, 1)])
                kw, nw = words(lib, key, nonce)
                out = ctypes.create_string_buffer(b"\xa5" * (64 * n + 16))
                xout = ctypes.create_string_buffer(b"\xa5" * (64 * nx + 16))
                lib.ilpc_chacha20_blocks_x(kw, nw, ctr, out, n, xctr, xout, nx)
                assert out.raw[: 64 * n] == ref_keystream(key, nonce, ctr, 64 * n), (lv, n, nx)
                assert xout.raw[: 64 * nx] == ref_keystream(key, nonce, xctr, 64 * nx), (lv, n, nx, xctr)
                assert out.raw[64 * n : 64 * n + 16] == b"\xa5" * 16
                assert xout.raw[64 * nx : 64 * nx + 16] == b"\xa5" * 16


@pytest.mark.cbuild
def test_chacha20_xor_sum(lib):
    """Whole blocks XORed with the keystream, and the sum of the input's 32-bit
    little-endian words (the fused receive's checksum on the way), in place too."""
    rng = random.Random(23)
    for lv in levels_of(lib):
        for n in (0, 1, 15, 16, 17, 32, 33, 48, rng.randrange(49, 200)):
            key, nonce, ctr = rng.randbytes(32), rng.randbytes(12), rng.getrandbits(20)
            data = rng.randbytes(64 * n) if n % 3 else b"\xff" * (64 * n)
            want = bytes(a ^ b for a, b in zip(data, ref_keystream(key, nonce, ctr, 64 * n)))
            want_sum = sum(int.from_bytes(data[i : i + 4], "little") for i in range(0, len(data), 4))
            kw, nw = words(lib, key, nonce)
            for inplace in (False, True):
                src = ctypes.create_string_buffer(data, len(data) + 1)
                dst = src if inplace else ctypes.create_string_buffer(len(data) + 1)
                got = lib.ilpc_chacha20_xor_sum(kw, nw, ctr, src, dst, n)
                assert dst.raw[: len(data)] == want and got == want_sum, (lv, n, inplace)


@pytest.mark.cbuild
def test_chacha20_xor_any_length(lib):
    """Every length to 150, groups and then one block or less (the block the AVX-512
    code stitches into the last group), random longer ones; in place too."""
    rng = random.Random(21)
    tails = [g * k + t for g in (256, 512, 1024) for k in (1, 2, 3) for t in (1, 4, 63, 64, 65)]
    for lv in levels_of(lib):
        for n in list(range(0, 150)) + tails + [rng.randrange(150, 5000) for _ in range(10)]:
            key, nonce, ctr = rng.randbytes(32), rng.randbytes(12), rng.getrandbits(20)
            data = rng.randbytes(n)
            want = bytes(a ^ b for a, b in zip(data, ref_keystream(key, nonce, ctr, n)))
            assert xor(lib, key, nonce, ctr, data) == want, (lv, n)
            assert xor(lib, key, nonce, ctr, data, inplace=True) == want, (lv, n)


@pytest.mark.cbuild
def test_key_and_nonce_words(gcclib):
    kw, nw = words(gcclib, bytes(range(32)), bytes(range(12)))
    assert list(kw) == [int.from_bytes(bytes(range(i, i + 4)), "little") for i in range(0, 32, 4)]
    assert list(nw) == [int.from_bytes(bytes(range(i, i + 4)), "little") for i in range(0, 12, 4)]


# ------------------------------------------------------------- GF(2^130 - 5)


def random_elements(rng: random.Random):
    """Struct values over the whole accepted domain (l[2] < 2^61), with the edges."""
    edge = [0, 1, P - 1, P, P + 1, 2**128 - 1, 2**128, 2**130 - 1, 2**130, 2 * P - 1,
            5 * 2**128 - 1, (1 << 192) - 1 >> 3, (2**61 - 1) << 128 | (2**128 - 1)]
    out = edge[:]
    for _ in range(60):
        k = rng.choice([128, 129, 130, 131, 140, 188])
        out.append(rng.getrandbits(k))
    return out


def check_out(x: P1305):
    assert x.l[2] <= 4, list(x.l)


@pytest.mark.cbuild
def test_field_against_integers(gcclib):
    L = gcclib
    rng = random.Random(1305)
    vals = random_elements(rng)
    for a in vals:
        ra = L.ilpc_p1305_reduce(p1305(a))
        assert ra.value == a % P and ra.l[2] <= 3
        for e in (0, 1, 2, 3, 5, 16, 17, rng.getrandbits(16), rng.getrandbits(64), 2**64 - 1):
            x = L.ilpc_p1305_pow(p1305(a), e)
            check_out(x)
            assert x.value % P == pow(a, e, P), (a, e)
    for _ in range(2000):
        a, b = rng.choice(vals), rng.choice(vals)
        s = L.ilpc_p1305_add(p1305(a), p1305(b))
        m = L.ilpc_p1305_mul(p1305(a), p1305(b))
        check_out(s)
        check_out(m)
        assert s.value % P == (a + b) % P
        assert m.value % P == a * b % P
    z = L.ilpc_p1305_zero()
    assert z.value == 0
    for _ in range(100):
        b = rng.randbytes(16)
        assert L.ilpc_p1305_block(b).value == int.from_bytes(b, "little") + 2**128
        n = rng.randrange(0, 17)
        assert L.ilpc_p1305_block_partial(b, n).value == int.from_bytes(b[:n], "little") + 2 ** (8 * n)


@pytest.mark.cbuild
def test_field_chains(gcclib):
    """Long chains of add/mul/pow fed only by the functions' own outputs stay exact
    (the partial reduction never loses or overflows a bit)."""
    L = gcclib
    rng = random.Random(7)
    pool = [(L.ilpc_p1305_zero(), 0)]
    for _ in range(20):
        b = rng.randbytes(16)
        pool.append((L.ilpc_p1305_block(b), int.from_bytes(b, "little") + 2**128))
    pool.append((L.ilpc_p1305_block(b"\xff" * 16), 2**129 - 1))
    for _ in range(3000):
        (x, xv), (y, yv) = rng.choice(pool), rng.choice(pool)
        op = rng.randrange(3)
        if op == 0:
            z, zv = L.ilpc_p1305_add(x, y), (xv + yv) % P
        elif op == 1:
            z, zv = L.ilpc_p1305_mul(x, y), xv * yv % P
        else:
            e = rng.getrandbits(rng.choice([3, 10, 64]))
            z, zv = L.ilpc_p1305_pow(x, e), pow(xv, e, P)
        check_out(z)
        assert z.value % P == zv
        pool.append((z, zv))
        if len(pool) > 200:
            pool.pop(rng.randrange(1, len(pool)))


@pytest.mark.cbuild
def test_tag_canonicalises(gcclib):
    """tag = (h mod p + s) mod 2^128 for any accumulator value, including the
    ones just above p and ones whose h mod p is >= 2^128."""
    L = gcclib
    rng = random.Random(3)
    key = rng.randbytes(32)
    st = poly_state(L, key)
    for h in random_elements(rng) + [P - 1 - rng.getrandbits(100) for _ in range(20)]:
        assert poly_tag(L, st, p1305(h)) == ref_tag(h, key[16:]), h


# ------------------------------------------------------------------- Poly1305


@pytest.mark.cbuild
def test_poly1305_blocks_every_length(lib):
    """Every count 0..40 and random longer ones, at every level, against Python's
    Horner and `cryptography`'s Poly1305 (a message of full blocks is its own
    AEAD-style padding); the worst-case r and message bytes included."""
    rng = random.Random(1306)
    for lv in levels_of(lib):
        for n in list(range(0, 41)) + [rng.randrange(41, 600) for _ in range(6)]:
            for kind in ("random", "max"):
                key = rng.randbytes(32) if kind == "random" else b"\xff" * 32
                m = rng.randbytes(16 * n) if kind == "random" else b"\xff" * (16 * n)
                st = poly_state(lib, key)
                lib.ilpc_poly1305_blocks(ctypes.byref(st), m, n)
                check_out(st.h)
                assert st.h.value % P == ref_poly_h(clamp(key), 0, m), (lv, n, kind)
                tag = poly_tag(lib, st)
                assert tag == Poly1305.generate_tag(key, m), (lv, n, kind)
                assert mac(lib, key, m) == tag


@pytest.mark.cbuild
def test_poly1305_incremental(lib):
    """A message fed in several calls (any cut, each continuing from the h left by the
    previous one, whatever path that took) gives the one-call result."""
    rng = random.Random(1307)
    for lv in levels_of(lib):
        for _ in range(40):
            key = rng.randbytes(32)
            n = rng.randrange(0, 300)
            m = rng.randbytes(16 * n)
            cuts = sorted(rng.randrange(0, n + 1) for _ in range(rng.randrange(0, 5)))
            st = poly_state(lib, key)
            prev = 0
            for c in cuts + [n]:
                lib.ilpc_poly1305_blocks(ctypes.byref(st), m[16 * prev :], c - prev)
                prev = c
            assert poly_tag(lib, st) == Poly1305.generate_tag(key, m), (lv, n, cuts)


@pytest.mark.cbuild
def test_poly1305_deferred(lib):
    """Runs through ilpc_poly1305_blocks_defer (the fused loop's windows: mostly
    multiples of the lanes, some not), mixed with ilpc_poly1305_blocks, then
    ilpc_poly1305_fold: the one-call result, with the worst-case key and bytes too.
    The lanes stay deferred only when a vector run took the whole call."""
    rng = random.Random(1310)
    vector = lib.ilpc_chapoly_level() >= 2  # (the best level, before levels_of forces any)
    for lv in levels_of(lib):
        seen = 0
        for i in range(40):
            kind = "max" if i % 4 == 0 else "random"
            key = rng.randbytes(32) if kind == "random" else b"\xff" * 32
            cuts, n = [], 0
            for _ in range(rng.randrange(1, 7)):
                k = rng.choice([8, 16, 128, 128, 256, 4, 12, rng.randrange(0, 200)])
                cuts.append((k, rng.random() < 0.8))
                n += k
            m = rng.randbytes(16 * n) if kind == "random" else b"\xff" * (16 * n)
            st = poly_state(lib, key)
            at = 0
            for k, defer in cuts:
                fn = lib.ilpc_poly1305_blocks_defer if defer else lib.ilpc_poly1305_blocks
                fn(ctypes.byref(st), m[16 * at :], k)
                at += k
                if st.nlane:
                    assert defer and st.nlane in (4, 8, 44) and st.h.value == 0, (lv, cuts)
                    seen += 1
            lib.ilpc_poly1305_fold(ctypes.byref(st))
            assert st.nlane == 0
            check_out(st.h)
            assert st.h.value % P == ref_poly_h(clamp(key), 0, m), (lv, cuts, kind)
            assert poly_tag(lib, st) == Poly1305.generate_tag(key, m), (lv, cuts, kind)
        assert seen > 0 or not vector or lv in ("scalar", "sse2"), lv


@pytest.mark.cbuild
def test_poly1305_deferred_across_levels(lib):
    """Lanes deferred at one level survive a forced change of level (folded by the
    code of their width, or carried on)."""
    best = lib.ilpc_chapoly_force_level(-1)
    rng = random.Random(1311)
    try:
        for first in range(best + 1):
            for second in range(best + 1):
                key, m = rng.randbytes(32), rng.randbytes(16 * 512)
                st = poly_state(lib, key)
                lib.ilpc_chapoly_force_level(first)
                lib.ilpc_poly1305_blocks_defer(ctypes.byref(st), m, 256)
                lib.ilpc_chapoly_force_level(second)
                lib.ilpc_poly1305_blocks_defer(ctypes.byref(st), m[16 * 256 :], 128)
                lib.ilpc_poly1305_blocks(ctypes.byref(st), m[16 * 384 :], 128)
                assert st.nlane == 0
                assert poly_tag(lib, st) == Poly1305.generate_tag(key, m), (first, second)
    finally:
        lib.ilpc_chapoly_force_level(-1)


@pytest.mark.cbuild
def test_poly1305_any_length_mac(lib):
    rng = random.Random(1308)
    for lv in levels_of(lib):
        for n in list(range(0, 100)) + [rng.randrange(100, 3000) for _ in range(10)]:
            key, m = rng.randbytes(32), rng.randbytes(n)
            assert mac(lib, key, m) == Poly1305.generate_tag(key, m), (lv, n)


@pytest.mark.cbuild
def test_poly1305_split_and_combine(lib):
    """The lead's use: a message of blocks cut into A (k blocks) and B, each run from
    h = 0 on its own (B possibly first), then H(A)·r^|B| + H(B), equals the straight
    Horner result and gives `cryptography`'s tag.  Also three runs, combined with pow,
    mul, add of values from the state and from ilpc_p1305_block."""
    rng = random.Random(1309)
    L = lib
    for lv in levels_of(L):
        for _ in range(30):
            key = rng.choice([rng.randbytes(32), b"\xff" * 32])
            n = rng.randrange(0, 200)
            m = rng.randbytes(16 * n) if rng.random() < 0.8 else b"\xff" * (16 * n)
            k = rng.randrange(0, n + 1)
            straight = poly_state(L, key)
            L.ilpc_poly1305_blocks(ctypes.byref(straight), m, n)
            sb = poly_state(L, key)
            L.ilpc_poly1305_blocks(ctypes.byref(sb), m[16 * k :], n - k)  # B first
            sa = poly_state(L, key)
            L.ilpc_poly1305_blocks(ctypes.byref(sa), m, k)
            h = L.ilpc_p1305_add(L.ilpc_p1305_mul(sa.h, L.ilpc_p1305_pow(sa.r, n - k)), sb.h)
            check_out(h)
            want = Poly1305.generate_tag(key, m)
            assert poly_tag(L, straight) == want
            assert poly_tag(L, sa, h) == want, (lv, n, k)
            assert L.ilpc_p1305_reduce(h).value == L.ilpc_p1305_reduce(straight.h).value
            # three runs A | W | C, W's first block folded by hand: H = ((H(A) + w0)·r)·r^(|W|-1+|C|) ...
            if n >= 3:
                i, j = sorted(rng.sample(range(1, n), 2))
                parts = []
                for lo, hi in ((0, i), (i, j), (j, n)):
                    s = poly_state(L, key)
                    L.ilpc_poly1305_blocks(ctypes.byref(s), m[16 * lo : 16 * hi], hi - lo)
                    parts.append(s.h)
                w0 = L.ilpc_p1305_block(m[16 * i : 16 * i + 16])
                st_w = poly_state(L, key)
                L.ilpc_poly1305_blocks(ctypes.byref(st_w), m[16 * (i + 1) : 16 * j], j - i - 1)
                # H(A‖W) = (H(A)·r^... ) : H(A)·r^|W| + w0·r^|W| + H(W[1:])
                hw = L.ilpc_p1305_add(L.ilpc_p1305_mul(L.ilpc_p1305_add(parts[0], w0), L.ilpc_p1305_pow(sa.r, j - i)), st_w.h)
                h3 = L.ilpc_p1305_add(L.ilpc_p1305_mul(hw, L.ilpc_p1305_pow(sa.r, n - j)), parts[2])
                h3b = L.ilpc_p1305_add(L.ilpc_p1305_add(
                    L.ilpc_p1305_mul(parts[0], L.ilpc_p1305_pow(sa.r, n - i)),
                    L.ilpc_p1305_mul(parts[1], L.ilpc_p1305_pow(sa.r, n - j))), parts[2])
                assert poly_tag(L, sa, h3) == want
                assert poly_tag(L, sa, h3b) == want


# ------------------------------------------------------------------------- AEAD


@pytest.mark.cbuild
def test_aead_against_cryptography(lib):
    rng = random.Random(8439)
    for lv in levels_of(lib):
        lens = list(range(0, 70)) + [rng.randrange(70, 5000) for _ in range(12)] + [65536]
        for n in lens:
            key, nonce = rng.randbytes(32), rng.randbytes(12)
            ad = rng.randbytes(rng.choice([0, 1, 12, 16, 17, rng.randrange(0, 300)]))
            pt = rng.randbytes(n)
            want = ChaCha20Poly1305(key).encrypt(nonce, pt, ad)
            assert seal(lib, key, nonce, ad, pt) == want, (lv, n, len(ad))
            assert seal(lib, key, nonce, ad, pt, inplace=True) == want
            assert open_(lib, key, nonce, ad, want) == (0, pt)
            assert open_(lib, key, nonce, ad, want, inplace=True) == (0, pt)


@pytest.mark.cbuild
def test_aead_rejects_forgeries(lib):
    """Any flipped bit of ciphertext, tag or AD, or a wrong nonce: -1 and out zeroed."""
    rng = random.Random(8440)
    for lv in levels_of(lib):
        for n in (0, 1, 15, 16, 64, 333, 1024):
            key, nonce, ad = rng.randbytes(32), rng.randbytes(12), rng.randbytes(rng.randrange(0, 40))
            sealed = bytearray(seal(lib, key, nonce, ad, rng.randbytes(n)))
            for _ in range(6):
                bad = bytearray(sealed)
                bit = rng.randrange(8 * len(bad))
                bad[bit // 8] ^= 1 << (bit % 8)
                assert open_(lib, key, nonce, ad, bytes(bad)) == (-1, bytes(n)), (lv, n, bit)
                assert open_(lib, key, nonce, ad, bytes(bad), inplace=True) == (-1, bytes(n))
            if ad:
                bad_ad = bytes([ad[0] ^ 0x80]) + ad[1:]
                assert open_(lib, key, nonce, bad_ad, bytes(sealed))[0] == -1
            assert open_(lib, key, bytes([nonce[0] ^ 1]) + nonce[1:], ad, bytes(sealed))[0] == -1
            assert open_(lib, key, nonce, ad, bytes(sealed))[0] == 0


@pytest.mark.cbuild
def test_force_level(gcclib):
    L = gcclib
    best = L.ilpc_chapoly_force_level(-1)
    assert 0 <= best <= 4
    assert L.ilpc_chapoly_level() == best
    assert L.ilpc_chapoly_force_level(0) == 0 and L.ilpc_chapoly_level() == 0
    assert L.ilpc_chapoly_force_level(99) == best
    assert L.ilpc_chapoly_force_level(1 | EAGER) == min(1, best)
    assert L.ilpc_chapoly_force_level(3 | EAGER) == min(3, best)
    assert L.ilpc_chapoly_force_level(4 | EAGER) == best
    assert L.ilpc_chapoly_force_level(-1) == best


@pytest.mark.bench
@pytest.mark.cbuild
def test_bench_builds_and_runs(tmp_path):
    """bench/ilp/chapoly_bench.c builds warning-free against OpenSSL's libcrypto and
    runs (a short buffer, one round); its own check that the seal tags agree with
    OpenSSL must pass."""
    cc = shutil.which("gcc")
    if cc is None:
        pytest.skip("gcc not installed")
    exe = tmp_path / "chapoly_bench"
    src = ROOT / "bench" / "ilp" / "chapoly_bench.c"
    res = subprocess.run([cc, "-O2", *STRICT, "-I", str(RUNTIME), str(src), str(RUNTIME / "ilpc_chapoly.c"),
                          "-lcrypto", "-o", str(exe)], capture_output=True, text=True, timeout=120)
    if res.returncode != 0 and "openssl/" in res.stderr and "No such file" in res.stderr:
        pytest.skip("OpenSSL headers not installed")
    assert res.returncode == 0 and res.stderr == "", res.stderr
    res = subprocess.run([str(exe), "4096", "1"], capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr
    assert "OpenSSL EVP_chacha20_poly1305 seal" in res.stdout
    assert "ilpc_chapoly_seal scalar" in res.stdout
