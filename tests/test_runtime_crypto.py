"""Tests of the C runtime's ciphers and Internet checksum (runtime/ilpc_cipher.*,
runtime/ilpc_csum.*), and the C test program of the ChaCha20/Poly1305 primitives
(runtime/ilpc_chapoly.*; their ctypes tests are in tests/test_chapoly.py).

Two kinds of check:

* the C test programs in tests/c/ are compiled with gcc and clang (strict warnings,
  AddressSanitizer + UndefinedBehaviorSanitizer) and must report no failure; when
  s390x-linux-gnu-gcc and qemu-s390x are installed they also run on that big-endian
  target (otherwise those cases are skipped);
* the runtime is built as a shared library and driven through ctypes, and its output
  is compared with independent references: a from-scratch RFC 1071 checksum, the
  ``cryptography`` package's ChaCha20 (skipped if absent), the RFC 8439 vectors, the
  published SAFER K-64 vectors, and Python transcriptions of the definitions in
  docs/ciphers.md.
"""

from __future__ import annotations

import ctypes
import os
import random
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from conftest import libcrypto_flags

pytestmark = [pytest.mark.cbuild, pytest.mark.sanitizers]

ROOT = Path(__file__).resolve().parent.parent
RUNTIME = ROOT / "runtime"
CTESTS = ROOT / "tests" / "c"

STRICT = ["-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic"]
SANITIZE = ["-fsanitize=address,undefined", "-fno-sanitize-recover=all"]

C_PROGRAMS = {
    "test_cipher": ["ilpc_cipher.c", "ilpc_aead.c", "ilpc_chapoly.c", "ilpc_evp.c", "ilpc_csum.c"],
    "test_csum": ["ilpc_csum.c"],
    "test_chapoly": ["ilpc_chapoly.c"],
    "test_ber": ["ilpc_ber.c", "ilpc_arena.c", "ilpc_xdr.c", "ilpc_error.c"],
}
# ilpc_evp.c with libcrypto when pkg-config finds it (host builds; the s390x one goes without)
CRYPTO_CFLAGS, CRYPTO_LIBS = libcrypto_flags()


def _compiler(cc: str) -> str:
    path = shutil.which(cc)
    if path is None:
        pytest.skip(f"{cc} not installed")
    return path


def _run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120, **kw)


# --------------------------------------------------------------------------- C tests

# (compiler, extra flags, runner prefix) per target; s390x is the big-endian check
TARGETS = {
    "gcc": ("gcc", SANITIZE, []),
    "clang": ("clang", SANITIZE, []),
    "s390x": ("s390x-linux-gnu-gcc", ["-static"], ["qemu-s390x"]),
}


@pytest.fixture(scope="module")
def c_builds(tmp_path_factory):
    """Build every (target, program) pair: each source is compiled once per target (the
    programs share runtime files: ilpc_chapoly.c, the largest, is in two), in parallel
    (compiling dominates the run time), then each program is linked.  Returns
    {(target, prog): (exe or None, message)}."""
    out = tmp_path_factory.mktemp("ctests")
    result, objects, programs = {}, {}, {}
    for target, (cc, flags, runner) in TARGETS.items():
        compiler = shutil.which(cc)
        if runner and not (shutil.which(runner[0]) or shutil.which(runner[0] + "-static")):
            compiler = None
        # ilpc_evp.c with libcrypto for the host builds (every file with the same flags,
        # so that each is compiled once)
        crypto = ([], []) if runner else (CRYPTO_CFLAGS, CRYPTO_LIBS)
        for prog, rt in C_PROGRAMS.items():
            if compiler is None:
                result[(target, prog)] = (None, f"{cc} (or {' '.join(runner)}) not installed")
                continue
            objs = []
            for src in [CTESTS / f"{prog}.c"] + [RUNTIME / s for s in rt]:
                obj = out / f"{src.stem}-{target}.o"
                objects.setdefault(obj, [compiler, "-O2", *STRICT, *flags, *crypto[0], "-I", str(RUNTIME),
                                         "-c", str(src), "-o", str(obj)])
                objs.append(obj)
            exe = out / f"{prog}-{target}"
            programs[(target, prog)] = (exe, objs, [compiler, *flags, *map(str, objs), "-o", str(exe), *crypto[1]])

    def run(cmd):
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        return r.returncode, r.stderr

    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        compiled = dict(zip(objects, pool.map(run, objects.values())))
        links = {key: pool.submit(run, link) for key, (exe, objs, link) in programs.items()
                 if all(compiled[o][0] == 0 for o in objs)}
        for key, (exe, objs, _) in programs.items():
            err = "".join(compiled[o][1] for o in objs)
            if key not in links:
                result[key] = (None, "BUILD FAILED\n" + err)
                continue
            code, link_err = links[key].result()
            result[key] = (exe, err + link_err) if code == 0 else (None, "BUILD FAILED\n" + err + link_err)
    return result


@pytest.mark.parametrize("target", ["gcc", "clang", "s390x"])
@pytest.mark.parametrize("prog", sorted(C_PROGRAMS))
def test_c_program(c_builds, target, prog):
    """tests/c programs: gcc and clang with ASan+UBSan; s390x (big-endian) under
    qemu-user when the cross compiler and qemu are installed."""
    exe, msg = c_builds[(target, prog)]
    if exe is None and not msg.startswith("BUILD FAILED"):
        pytest.skip(msg)
    assert exe is not None, msg
    assert msg == "", msg  # warning-free
    runner = TARGETS[target][2]
    if runner:
        runner = [shutil.which(runner[0]) or shutil.which(runner[0] + "-static")]
    env = dict(os.environ, UBSAN_OPTIONS="print_stacktrace=1")
    res = _run([*runner, str(exe)], env=env)
    assert res.returncode == 0, res.stdout + res.stderr
    last = res.stdout.strip().splitlines()[-1]
    assert last.endswith(" 0 failed"), last
    assert int(last.split()[0]) > 0


@pytest.mark.parametrize("cc", ["gcc", "clang"])
@pytest.mark.parametrize("header", ["ilpc_cipher.h", "ilpc_csum.h", "ilpc_chapoly.h", "ilpc_ber.h"])
def test_header_self_contained(cc, header, tmp_path):
    """Each header compiles on its own, twice included, with the strict flags."""
    compiler = _compiler(cc)
    src = tmp_path / "inc.c"
    src.write_text(f'#include "{header}"\n#include "{header}"\nint main(void) {{ return 0; }}\n')
    res = _run([compiler, "-O2", *STRICT, "-I", str(RUNTIME), "-c", str(src), "-o", str(tmp_path / "inc.o")])
    assert res.returncode == 0 and res.stderr == "", res.stderr


# ---------------------------------------------------------------- ctypes harness

NAMES = ["none", "xor", "safer-simple", "safer-k64", "chacha20"]
UNIT_FN = ctypes.CFUNCTYPE(ctypes.c_uint64, ctypes.c_void_p, ctypes.c_uint64, ctypes.c_uint64)


@pytest.fixture(scope="module")
def lib(tmp_path_factory):
    cc = shutil.which("gcc") or shutil.which("clang") or shutil.which("cc")
    if cc is None:
        pytest.skip("no C compiler")
    out = tmp_path_factory.mktemp("rt") / "libilpcrt.so"
    srcs = [str(RUNTIME / f) for f in ("ilpc_cipher.c", "ilpc_aead.c", "ilpc_chapoly.c", "ilpc_evp.c", "ilpc_csum.c")]
    res = _run([cc, "-O2", *STRICT, *CRYPTO_CFLAGS, "-shared", "-fPIC", "-I", str(RUNTIME), *srcs, "-o", str(out),
                *CRYPTO_LIBS])
    assert res.returncode == 0, res.stderr
    L = ctypes.CDLL(str(out))
    L.ilpc_cipher_struct_size.restype = ctypes.c_size_t
    L.ilpc_cipher_init.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_size_t]
    L.ilpc_cipher_init.restype = ctypes.c_int
    L.ilpc_cipher_parse_name.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_int)]
    L.ilpc_cipher_parse_name.restype = ctypes.c_int
    for fn in (L.ilpc_cipher_encrypt, L.ilpc_cipher_decrypt):
        fn.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t, ctypes.c_uint64]
        fn.restype = None
    for fn in (L.ilpc_cipher_enc_fn, L.ilpc_cipher_dec_fn):
        fn.argtypes = [ctypes.c_int]
        fn.restype = ctypes.c_void_p
    L.ilpc_csum.argtypes = [ctypes.c_char_p, ctypes.c_size_t]
    L.ilpc_csum.restype = ctypes.c_uint16
    return L


class Cipher:
    def __init__(self, lib, name: str, key: bytes = b""):
        self.lib = lib
        cid = ctypes.c_int()
        assert lib.ilpc_cipher_parse_name(name.encode(), ctypes.byref(cid)) == 0
        self.id = cid.value
        self.buf = ctypes.create_string_buffer(lib.ilpc_cipher_struct_size())
        rc = lib.ilpc_cipher_init(self.buf, self.id, key, len(key))
        if rc != 0:
            raise ValueError(f"bad key for {name}")

    def _bulk(self, fn, data: bytes, off: int) -> bytes:
        assert len(data) % 8 == 0
        out = ctypes.create_string_buffer(len(data))
        fn(self.buf, out, data, len(data), off)
        return out.raw

    def encrypt(self, data: bytes, off: int = 0) -> bytes:
        return self._bulk(self.lib.ilpc_cipher_encrypt, data, off)

    def decrypt(self, data: bytes, off: int = 0) -> bytes:
        return self._bulk(self.lib.ilpc_cipher_decrypt, data, off)

    def unit_encrypt(self, data: bytes, off: int = 0, order=None, dec=False) -> bytes:
        """Through the out-of-line unit function, units in the given order."""
        get = self.lib.ilpc_cipher_dec_fn if dec else self.lib.ilpc_cipher_enc_fn
        fn = UNIT_FN(get(self.id))
        out = bytearray(len(data))
        for i in order if order is not None else range(len(data) // 8):
            u = int.from_bytes(data[8 * i : 8 * i + 8], sys.byteorder)  # memory order
            v = fn(ctypes.addressof(self.buf), u, off + 8 * i)
            out[8 * i : 8 * i + 8] = v.to_bytes(8, sys.byteorder)
        return bytes(out)


def ilp_order(units: int):
    """The ILP send order (docs/ilp.md, Wire format): part B (units 1..last-1), part C (last unit), part A (unit 0)."""
    order = list(range(1, units - 1))
    if units > 1:
        order.append(units - 1)
    if units > 0:
        order.append(0)
    return order


# ------------------------------------------------------------ Internet checksum


def rfc1071_sum(data: bytes) -> int:
    """Folded one's-complement sum of big-endian 16-bit words, not complemented."""
    if len(data) % 2:
        data += b"\0"
    s = 0
    for i in range(0, len(data), 2):
        s += (data[i] << 8) | data[i + 1]
        s = (s & 0xFFFF) + (s >> 16)
    return s


def test_csum_against_python(lib):
    rng = random.Random(1071)
    assert lib.ilpc_csum(bytes.fromhex("0001f203f4f5f6f7"), 8) == 0xDDF2
    for n in list(range(0, 40)) + [rng.randrange(0, 3000) for _ in range(200)]:
        data = bytes(rng.getrandbits(8) for _ in range(n))
        assert lib.ilpc_csum(data, n) == rfc1071_sum(data), n
    for n in (2, 64, 1501, 2048):
        assert lib.ilpc_csum(b"\xff" * n, n) == rfc1071_sum(b"\xff" * n)
        assert lib.ilpc_csum(b"\0" * n, n) == 0


def test_csum_of_ciphertext(lib):
    """The checksum is taken over the encrypted bytes (what TCP sees)."""
    rng = random.Random(7)
    for name in NAMES:
        c = Cipher(lib, name, bytes(rng.getrandbits(8) for _ in range(32 if name == "chacha20" else 8)))
        msg = bytes(rng.getrandbits(8) for _ in range(8 * 37))
        ct = c.encrypt(msg, 0)
        assert lib.ilpc_csum(ct, len(ct)) == rfc1071_sum(ct)


# ------------------------------------------------------------------ SAFER K-64

EXP = [pow(45, i, 257) % 256 for i in range(256)]
LOG = [0] * 256
for _i, _v in enumerate(EXP):
    LOG[_v] = _i

K64_VECTORS = [  # key, plaintext, ciphertext (Massey's examples, 6 rounds)
    ("0807060504030201", "0102030405060708", "c8f29cdd87783ed9"),
    ("0000000000000000", "0102030405060708", "7d28038633b92eb4"),
    ("0102030405060708", "0000000000000000", "5ab27f7214a33ae1"),
    ("0000000000000000", "0000000000000000", "032808c90ee7ab7f"),
]


def py_safer_k64(key: bytes, block: bytes, rounds: int = 6) -> bytes:
    """SAFER K-64 encryption transcribed from docs/ciphers.md."""
    XOR_POS = (0, 3, 4, 7)
    reg = list(key)
    subkeys = [list(key)]
    for i in range(2, 2 * rounds + 2):
        reg = [((b << 3) | (b >> 5)) & 0xFF for b in reg]
        subkeys.append([(reg[j] + EXP[EXP[(9 * i + j + 1) % 256]]) % 256 for j in range(8)])
    x = list(block)

    def pht_layer(v):
        out = []
        for j in range(0, 8, 2):
            out += [(2 * v[j] + v[j + 1]) % 256, (v[j] + v[j + 1]) % 256]
        return out

    shuffle = [0, 2, 4, 6, 1, 3, 5, 7]  # position p of the output takes input shuffle[p]
    for r in range(rounds):
        ka, kb = subkeys[2 * r], subkeys[2 * r + 1]
        x = [x[j] ^ ka[j] if j in XOR_POS else (x[j] + ka[j]) % 256 for j in range(8)]
        x = [EXP[x[j]] if j in XOR_POS else LOG[x[j]] for j in range(8)]
        x = [(x[j] + kb[j]) % 256 if j in XOR_POS else x[j] ^ kb[j] for j in range(8)]
        x = pht_layer(x)
        x = [x[p] for p in shuffle]
        x = pht_layer(x)
        x = [x[p] for p in shuffle]
        x = pht_layer(x)
    kl = subkeys[2 * rounds]
    return bytes(x[j] ^ kl[j] if j in XOR_POS else (x[j] + kl[j]) % 256 for j in range(8))


@pytest.mark.parametrize("key,pt,ct", K64_VECTORS)
def test_safer_k64_vectors(lib, key, pt, ct):
    c = Cipher(lib, "safer-k64", bytes.fromhex(key))
    assert c.encrypt(bytes.fromhex(pt)).hex() == ct
    assert c.unit_encrypt(bytes.fromhex(pt)).hex() == ct
    assert c.decrypt(bytes.fromhex(ct)).hex() == pt
    assert py_safer_k64(bytes.fromhex(key), bytes.fromhex(pt)).hex() == ct


def test_safer_k64_random_against_python(lib):
    rng = random.Random(64)
    for _ in range(50):
        key = rng.randbytes(8)
        data = rng.randbytes(8 * rng.randrange(1, 6))
        c = Cipher(lib, "safer-k64", key)
        want = b"".join(py_safer_k64(key, data[i : i + 8]) for i in range(0, len(data), 8))
        assert c.encrypt(data, 8 * rng.randrange(1000)) == want
        assert c.decrypt(want) == data


# --------------------------------------------------------- safer-simple and xor


def py_safer_simple(key: bytes, block: bytes) -> bytes:
    """The simplified SAFER of docs/ciphers.md: key add/xor, exp/log, one 2-PHT layer."""
    x = [
        EXP[block[j] ^ key[j]] if j in (0, 3, 4, 7) else LOG[(block[j] + key[j]) % 256]
        for j in range(8)
    ]
    out = []
    for j in range(0, 8, 2):
        out += [(2 * x[j] + x[j + 1]) % 256, (x[j] + x[j + 1]) % 256]
    return bytes(out)


def test_safer_simple_against_python(lib):
    rng = random.Random(3)
    k = bytes.fromhex("0807060504030201")
    assert py_safer_simple(k, bytes.fromhex("0102030405060708")).hex() == "1815513f6c3f2715"
    for _ in range(50):
        key = rng.randbytes(8)
        data = rng.randbytes(8 * rng.randrange(1, 9))
        c = Cipher(lib, "safer-simple", key)
        want = b"".join(py_safer_simple(key, data[i : i + 8]) for i in range(0, len(data), 8))
        assert c.encrypt(data) == want
        assert c.unit_encrypt(data, order=ilp_order(len(data) // 8)) == want
        assert c.decrypt(want) == data
        assert c.unit_encrypt(want, dec=True) == data


def test_xor_and_none(lib):
    rng = random.Random(5)
    key = rng.randbytes(8)
    data = rng.randbytes(8 * 20)
    assert Cipher(lib, "xor", key).encrypt(data, 80) == bytes(b ^ key[i % 8] for i, b in enumerate(data))
    assert Cipher(lib, "none").encrypt(data, 80) == data
    assert Cipher(lib, "none", b"ignored").encrypt(data) == data


@pytest.fixture
def simd_paths(lib):
    """The vector widths the runtime can take on this CPU: AVX2 (when it has it) and
    the SSE2 fallback, forced through the cached answer of the CPU probe
    (ilpc_cpu_avx2, ilpc_csum.h), which is put back afterwards."""
    try:
        flag = ctypes.c_int.in_dll(lib, "ilpc_cpu_avx2")
    except ValueError:
        pytest.skip("no run-time AVX2 dispatch in this build (not x86, or AVX2 at compile time)")
    lib.ilpc_csum(b"\0" * 256, 256)  # let the probe answer first
    have = flag.value
    paths = [1, 0] if have == 1 else [0]

    def force(v):
        flag.value = v

    yield paths, force
    flag.value = have


def test_simd_paths_checksum_and_xor(lib, simd_paths):
    """Every vector width the CPU offers gives the models' bytes and sums, at every
    length around the vector blocks (32, 64, 128 bytes) and at unaligned pointers."""
    paths, force = simd_paths
    rng = random.Random(2)
    key = rng.randbytes(8)
    sizes = list(range(0, 300)) + [1448, 4096 + 7, 65536 + 24]
    for v in paths:
        force(v)
        for n in sizes:
            buf = rng.randbytes(n + 3)
            data = buf[3 : 3 + n] if n % 2 else buf[:n]
            assert lib.ilpc_csum(data, n) == rfc1071_sum(data), (v, n)
            if n % 8 == 0:
                want = bytes(b ^ key[i % 8] for i, b in enumerate(data))
                assert Cipher(lib, "xor", key).encrypt(data) == want, (v, n)
                assert Cipher(lib, "xor", key).decrypt(want) == data, (v, n)
        assert lib.ilpc_csum(b"\xff" * 65536, 65536) == 0xFFFF


def test_key_lengths(lib):
    for name, good in [("xor", {0, 8}), ("safer-simple", {0, 8}), ("safer-k64", {0, 8}),
                       ("chacha20", {0, 32, 44, 48})]:
        for n in range(0, 50):
            if n in good:
                Cipher(lib, name, bytes(n))
            else:
                with pytest.raises(ValueError):
                    Cipher(lib, name, bytes(n))


# -------------------------------------------------------------------- ChaCha20

RFC_KEY = bytes(range(32))
SUNSCREEN = (
    b"Ladies and Gentlemen of the class of '99: If I could offer you only one tip for "
    b"the future, sunscreen would be it."
)
CT_242 = bytes.fromhex(
    "6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0b"
    "f91b65c5524733ab8f593dabcd62b3571639d624e65152ab8f530c359f0861d8"
    "07ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806818ce91ab7793736"
    "5af90bbf74a35be6b40b8eedf2785e42874d"
)
BLOCK_232 = bytes.fromhex(
    "10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4e"
    "d2826446079faa0914c2d705d98b02a2b5129cd1de164eb9cbd083e8a2503c4e"
)


def test_chacha20_rfc8439_vectors(lib):
    # 2.3.2: counter 1, nonce 000000090000004a00000000
    c = Cipher(lib, "chacha20", RFC_KEY + (1).to_bytes(4, "little") + bytes.fromhex("000000090000004a00000000"))
    assert c.encrypt(bytes(64)) == BLOCK_232
    assert c.unit_encrypt(bytes(64), order=ilp_order(8)) == BLOCK_232
    # 2.4.2: counter 1, nonce 000000000000004a00000000, 114 bytes (padded to 120 here)
    nonce = bytes.fromhex("000000000000004a00000000")
    pt = SUNSCREEN + bytes(6)
    c = Cipher(lib, "chacha20", RFC_KEY + (1).to_bytes(4, "little") + nonce)
    assert c.encrypt(pt)[:114] == CT_242
    assert c.unit_encrypt(pt, order=ilp_order(15))[:114] == CT_242
    # key || nonce (counter 0): the same keystream one block further on
    c = Cipher(lib, "chacha20", RFC_KEY + nonce)
    assert c.encrypt(pt, 64)[:114] == CT_242
    assert c.decrypt(c.encrypt(pt, 64), 64) == pt


def _crypto_keystream(key: bytes, nonce: bytes, ctr0: int, off: int, n: int) -> bytes:
    """Keystream bytes off..off+n from `cryptography`, block by block (so that the
    32-bit counter wraps exactly as RFC 8439 says)."""
    algorithms = pytest.importorskip("cryptography.hazmat.primitives.ciphers.algorithms")
    ciphers = pytest.importorskip("cryptography.hazmat.primitives.ciphers")
    out = bytearray()
    first, last = off // 64, (off + n + 63) // 64
    for b in range(first, last):
        ctr = (ctr0 + b) % 2**32
        enc = ciphers.Cipher(algorithms.ChaCha20(key, ctr.to_bytes(4, "little") + nonce), mode=None).encryptor()
        out += enc.update(bytes(64))
    return bytes(out[off % 64 : off % 64 + n])


def test_chacha20_against_cryptography(lib):
    pytest.importorskip("cryptography")
    rng = random.Random(8439)
    # the RFC vector through `cryptography` too, to be sure of the references
    assert _crypto_keystream(RFC_KEY, bytes.fromhex("000000090000004a00000000"), 1, 0, 64) == BLOCK_232
    for trial in range(40):
        key = rng.randbytes(32)
        form = trial % 3
        nonce = bytes(12) if form == 0 else rng.randbytes(12)
        ctr0 = 0 if form < 2 else rng.choice([0, 1, rng.getrandbits(32), 2**32 - 1])
        keyarg = key if form == 0 else key + nonce if form == 1 else key + ctr0.to_bytes(4, "little") + nonce
        c = Cipher(lib, "chacha20", keyarg)
        n = 8 * rng.randrange(0, 40)
        off = 8 * rng.choice([0, rng.randrange(0, 64), rng.getrandbits(34)])
        data = rng.randbytes(n)
        want = bytes(a ^ b for a, b in zip(data, _crypto_keystream(key, nonce, ctr0, off, n)))
        assert c.encrypt(data, off) == want, (trial, n, off)
        assert c.unit_encrypt(data, off, order=ilp_order(n // 8)) == want, (trial, n, off)
        assert c.decrypt(want, off) == data
