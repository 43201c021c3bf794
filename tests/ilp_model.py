"""An independent Python model of a message on the wire (docs/ilp.md, Wire format) and of
the Internet checksum, written from those docs and docs/ciphers.md; it imports nothing from
ilpc and shares no code with the C runtime.

    message(xdr, cipher, key, stream_off) -> E(BE32(L) | xdr | zero pad to 8)
    unframe(payload, cipher, key, stream_off) -> xdr (raises ValueError if malformed)
    record(xdr, cipher, key, seq), open_record(...): the authenticated ciphers' records,
        through Python's `cryptography`
    csum(data) -> 16-bit one's complement sum (RFC 1071), not complemented
    segment_sums(msg, seg_payload) -> [csum of each segment's payload]

Ciphers work on 8-byte units; `off` is the unit's byte offset in the stream:
none, xor, safer-simple, safer-k64 (SAFER K-64, 6 rounds, ECB) and chacha20 (the RFC
8439 block function keyed to the stream offset).  ChaCha20 is computed with this
module's own RFC 8439 code (checked against the RFC's vectors in the tests) and, when
the `cryptography` package is importable, cross-checked against it.
"""
from __future__ import annotations

import struct

# the ciphers the model implements (tests/test_ciphers.py checks the compiler's list is the same)
CIPHERS = ["none", "xor", "safer-simple", "safer-k64", "chacha20", "chacha20-poly1305", "aes-128-gcm"]
DEFAULT_KEYLEN = {"none": 0, "xor": 8, "safer-simple": 8, "safer-k64": 8, "chacha20": 32,
                  "chacha20-poly1305": 32, "aes-128-gcm": 16}
# the authenticated ciphers: a message is a record BE32(L) | C | T (docs/ilp.md)
AEADS = ["chacha20-poly1305", "aes-128-gcm"]

# ------------------------------------------------------------------ checksum


def csum(data: bytes) -> int:
    """RFC 1071: one's complement sum of big-endian 16-bit words (odd byte padded),
    end-around carries folded, NOT complemented.  0 only for all-zero data."""
    if len(data) % 2:
        data = data + b"\0"
    s = 0
    for i in range(0, len(data), 2):
        s += (data[i] << 8) | data[i + 1]
        s = (s & 0xFFFF) + (s >> 16)
    return s


def segment_sums(msg: bytes, seg_payload: int) -> list[int]:
    return [csum(msg[i:i + seg_payload]) for i in range(0, len(msg), seg_payload)]


# ------------------------------------------------------------------ SAFER tables

EXP = [pow(45, i, 257) % 256 for i in range(256)]
LOG = [0] * 256
for _i, _e in enumerate(EXP):
    LOG[_e] = _i

XOR_POS = (0, 3, 4, 7)
ADD_POS = (1, 2, 5, 6)


def _pht(a: int, b: int) -> tuple[int, int]:
    return (2 * a + b) & 0xFF, (a + b) & 0xFF


def _ipht(s: int, t: int) -> tuple[int, int]:
    a = (s - t) & 0xFF
    return a, (t - a) & 0xFF


# --- safer-simple (docs/ciphers.md 3.3)

def safer_simple_enc(x: bytes, k: bytes) -> bytes:
    y = list(x)
    for j in XOR_POS:
        y[j] = EXP[y[j] ^ k[j]]
    for j in ADD_POS:
        y[j] = LOG[(y[j] + k[j]) & 0xFF]
    out = []
    for i in range(4):
        out += _pht(y[2 * i], y[2 * i + 1])
    return bytes(out)


def safer_simple_dec(x: bytes, k: bytes) -> bytes:
    y = []
    for i in range(4):
        y += _ipht(x[2 * i], x[2 * i + 1])
    for j in XOR_POS:
        y[j] = LOG[y[j]] ^ k[j]
    for j in ADD_POS:
        y[j] = (EXP[y[j]] - k[j]) & 0xFF
    return bytes(y)


# --- SAFER K-64 (docs/ciphers.md 3.4: Massey 1993, 6 rounds)

def safer_k64_schedule(key: bytes, rounds: int = 6) -> list[list[int]]:
    ks = [list(key)]
    w = list(key)
    for i in range(2, 2 * rounds + 2):
        w = [((b << 3) | (b >> 5)) & 0xFF for b in w]
        ks.append([(w[j] + EXP[EXP[(9 * i + j + 1) & 0xFF]]) & 0xFF for j in range(8)])
    return ks


def safer_k64_enc(x: bytes, ks: list[list[int]], rounds: int = 6) -> bytes:
    y = list(x)
    for r in range(rounds):
        k1, k2 = ks[2 * r], ks[2 * r + 1]
        for j in XOR_POS:
            y[j] = (EXP[y[j] ^ k1[j]] + k2[j]) & 0xFF
        for j in ADD_POS:
            y[j] = LOG[(y[j] + k1[j]) & 0xFF] ^ k2[j]
        # PHT layers on pairs (0,1)(2,3)(4,5)(6,7), (0,2)(4,6)(1,3)(5,7),
        # (0,4)(1,5)(2,6)(3,7); output positions 0 4 1 5 2 6 3 7
        for a, b in ((0, 1), (2, 3), (4, 5), (6, 7)):
            y[a], y[b] = _pht(y[a], y[b])
        for a, b in ((0, 2), (4, 6), (1, 3), (5, 7)):
            y[a], y[b] = _pht(y[a], y[b])
        for a, b in ((0, 4), (1, 5), (2, 6), (3, 7)):
            y[a], y[b] = _pht(y[a], y[b])
        y = [y[0], y[4], y[1], y[5], y[2], y[6], y[3], y[7]]
    k = ks[2 * rounds]
    for j in XOR_POS:
        y[j] ^= k[j]
    for j in ADD_POS:
        y[j] = (y[j] + k[j]) & 0xFF
    return bytes(y)


def safer_k64_dec(x: bytes, ks: list[list[int]], rounds: int = 6) -> bytes:
    y = list(x)
    k = ks[2 * rounds]
    for j in XOR_POS:
        y[j] ^= k[j]
    for j in ADD_POS:
        y[j] = (y[j] - k[j]) & 0xFF
    for r in reversed(range(rounds)):
        k1, k2 = ks[2 * r], ks[2 * r + 1]
        z = [0] * 8
        for pos, src in enumerate((0, 4, 1, 5, 2, 6, 3, 7)):
            z[src] = y[pos]
        y = z
        for a, b in ((0, 4), (1, 5), (2, 6), (3, 7)):
            y[a], y[b] = _ipht(y[a], y[b])
        for a, b in ((0, 2), (4, 6), (1, 3), (5, 7)):
            y[a], y[b] = _ipht(y[a], y[b])
        for a, b in ((0, 1), (2, 3), (4, 5), (6, 7)):
            y[a], y[b] = _ipht(y[a], y[b])
        for j in XOR_POS:
            y[j] = LOG[(y[j] - k2[j]) & 0xFF] ^ k1[j]
        for j in ADD_POS:
            y[j] = (EXP[y[j] ^ k2[j]] - k1[j]) & 0xFF
    return bytes(y)


# --- ChaCha20 (RFC 8439 section 2.3), keyed to the stream offset

def _rotl(v: int, n: int) -> int:
    return ((v << n) | (v >> (32 - n))) & 0xFFFFFFFF


def chacha20_block(key: bytes, counter: int, nonce: bytes) -> bytes:
    c = [0x61707865, 0x3320646E, 0x79622D32, 0x6B206574]
    st = c + list(struct.unpack("<8I", key)) + [counter & 0xFFFFFFFF] + list(struct.unpack("<3I", nonce))
    x = st[:]

    def qr(a, b, cc, d):
        x[a] = (x[a] + x[b]) & 0xFFFFFFFF; x[d] = _rotl(x[d] ^ x[a], 16)
        x[cc] = (x[cc] + x[d]) & 0xFFFFFFFF; x[b] = _rotl(x[b] ^ x[cc], 12)
        x[a] = (x[a] + x[b]) & 0xFFFFFFFF; x[d] = _rotl(x[d] ^ x[a], 8)
        x[cc] = (x[cc] + x[d]) & 0xFFFFFFFF; x[b] = _rotl(x[b] ^ x[cc], 7)

    for _ in range(10):
        qr(0, 4, 8, 12); qr(1, 5, 9, 13); qr(2, 6, 10, 14); qr(3, 7, 11, 15)
        qr(0, 5, 10, 15); qr(1, 6, 11, 12); qr(2, 7, 8, 13); qr(3, 4, 9, 14)
    return struct.pack("<16I", *[(x[i] + st[i]) & 0xFFFFFFFF for i in range(16)])


def chacha20_key_parts(key: bytes) -> tuple[bytes, int, bytes]:
    """docs/ciphers.md 2: 32 = key; 44 = key || nonce; 48 = key || LE32 counter || nonce."""
    if len(key) == 32:
        return key, 0, b"\0" * 12
    if len(key) == 44:
        return key[:32], 0, key[32:]
    if len(key) == 48:
        return key[:32], struct.unpack("<I", key[32:36])[0], key[36:]
    raise ValueError("chacha20 key must be 32, 44 or 48 bytes")


def chacha20_keystream(key: bytes, off: int, n: int, *, use_library: bool = False) -> bytes:
    """n keystream bytes starting at stream offset off."""
    k, ctr0, nonce = chacha20_key_parts(key)
    if use_library:
        from cryptography.hazmat.primitives.ciphers import Cipher, algorithms
        out = b""
        pos = off
        while len(out) < n:  # one library call per 64-byte block keeps the counter exact
            blk = pos // 64
            ctr = (ctr0 + blk) & 0xFFFFFFFF
            enc = Cipher(algorithms.ChaCha20(k, struct.pack("<I", ctr) + nonce), mode=None).encryptor()
            ks = enc.update(b"\0" * 64)
            take = ks[pos % 64:]
            out += take
            pos += len(take)
        return out[:n]
    out = bytearray()
    blk = off // 64
    skip = off % 64
    while len(out) < n + skip:
        out += chacha20_block(k, (ctr0 + blk) & 0xFFFFFFFF, nonce)
        blk += 1
    return bytes(out[skip:skip + n])


# ------------------------------------------------------------------ ciphers on messages

def default_key(cipher: str) -> bytes:
    return b"\0" * DEFAULT_KEYLEN[cipher]


def encrypt(data: bytes, cipher: str, key: bytes | None = None, off: int = 0, decrypt: bool = False) -> bytes:
    """Apply the cipher to data (a multiple of 8 bytes) starting at stream offset off."""
    assert len(data) % 8 == 0 and off % 8 == 0
    key = default_key(cipher) if not key else key
    if cipher == "none":
        return data
    if cipher == "xor":
        return bytes(b ^ key[i % 8] for i, b in enumerate(data))
    if cipher == "chacha20":
        ks = chacha20_keystream(key, off, len(data))
        return bytes(a ^ b for a, b in zip(data, ks))
    out = bytearray()
    if cipher == "safer-simple":
        f = safer_simple_dec if decrypt else safer_simple_enc
        for i in range(0, len(data), 8):
            out += f(data[i:i + 8], key)
    elif cipher == "safer-k64":
        ks = safer_k64_schedule(key)
        f = safer_k64_dec if decrypt else safer_k64_enc
        for i in range(0, len(data), 8):
            out += f(data[i:i + 8], ks)
    else:
        raise ValueError(cipher)
    return bytes(out)


def _aead(cipher: str, key: bytes):
    # the standard AEADs, from Python's `cryptography` (OpenSSL): an implementation
    # independent of ilpc's
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM, ChaCha20Poly1305
    return ChaCha20Poly1305(key) if cipher == "chacha20-poly1305" else AESGCM(key)


def record_nonce(seq: int) -> bytes:
    return b"\0" * 4 + struct.pack(">Q", seq)


def record(xdr: bytes, cipher: str, key: bytes | None = None, seq: int = 0) -> bytes:
    """docs/ilp.md, Authenticated records: BE32(L) | C | T, the AEAD of XDR(value) with
    associated data BE32(L) and nonce 0^32 | BE64(seq)."""
    key = default_key(cipher) if not key else key
    ad = struct.pack(">I", len(xdr))
    return ad + _aead(cipher, key).encrypt(record_nonce(seq), xdr, ad)


def open_record(rec: bytes, cipher: str, key: bytes | None = None, seq: int = 0) -> bytes:
    """The inverse of record(); ValueError for a malformed record or a bad tag."""
    from cryptography.exceptions import InvalidTag
    key = default_key(cipher) if not key else key
    if len(rec) < 20 or struct.unpack(">I", rec[:4])[0] != len(rec) - 20:
        raise ValueError("length word")
    try:
        return _aead(cipher, key).decrypt(record_nonce(seq), rec[4:], rec[:4])
    except InvalidTag:
        raise ValueError("tag") from None


def message(xdr: bytes, cipher: str = "none", key: bytes | None = None, stream_off: int = 0, seq: int = 0) -> bytes:
    """docs/ilp.md, Wire format: E(BE32(L) | XDR(value) | zero bytes up to a multiple of 8);
    with an authenticated cipher the record of record number seq (stream_off unused)."""
    if cipher in AEADS:
        return record(xdr, cipher, key, seq)
    plain = struct.pack(">I", len(xdr)) + xdr
    plain += b"\0" * (-len(plain) % 8)
    return encrypt(plain, cipher, key, stream_off)


def unframe(payload: bytes, cipher: str = "none", key: bytes | None = None, stream_off: int = 0,
            seq: int = 0) -> bytes:
    """The inverse of message(): the XDR bytes; ValueError for a malformed payload."""
    if cipher in AEADS:
        return open_record(payload, cipher, key, seq)
    if len(payload) < 8 or len(payload) % 8:
        raise ValueError("length")
    plain = encrypt(payload, cipher, key, stream_off, decrypt=True)
    L = struct.unpack(">I", plain[:4])[0]
    if (L + 4 + 7) // 8 * 8 != len(payload):
        raise ValueError("length word")
    if any(plain[4 + L:]):
        raise ValueError("padding")
    return plain[4:4 + L]


def ber_message(enc: bytes, cipher: str = "none", key: bytes | None = None, stream_off: int = 0,
                seq: int = 0) -> bytes:
    """docs/ilp.md, "BER, CER and DER messages": with cipher none the encoding itself; with
    a unit cipher E(BE32(L) | zero bytes up to a multiple of 8 | the encoding), the padding
    in front; with an authenticated cipher the record of message() (stream_off unused)."""
    if cipher == "none":
        return enc
    if cipher in AEADS:
        return record(enc, cipher, key, seq)
    pad = -(4 + len(enc)) % 8
    return encrypt(struct.pack(">I", len(enc)) + b"\0" * pad + enc, cipher, key, stream_off)

