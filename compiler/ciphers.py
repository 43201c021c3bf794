"""The ciphers of the runtime, in ``ilpc_cipher_id`` order: the one table that the compiler,
the cost model, the tests and the benchmarks read (docs/ciphers.md, 5.2).

A row holds every fact about a cipher that code elsewhere needs: its names and key length,
what the runtime's fused loops do with it (the same flags as the C table), how the cost
model sees it as a stage of the fused loop, and what the benchmarks use (a key, a rough
cost).  Nothing else lists cipher names: code that needs a set of ciphers selects it from
this table by its facts (``tests/test_cipher_table.py`` checks that).

The C side is the X-macro ``ILPC_CIPHERS`` in ``runtime/ilpc_cipher.h``: one row per
cipher, from which the runtime's tables, every switch on a cipher id, the per-cipher
instantiations of the bulk loops and the generated code's per-cipher entry points are made;
a unit cipher's code is its own file, ``runtime/ilpc_cipher_<suffix>.h`` (``c_file``).
``tests/test_ciphers.py`` checks that the two tables agree: names, order, suffixes, key
lengths and flags.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional


@dataclass(frozen=True)
class Cipher:
    name: str        # on command lines and in the cost model: "safer-k64"
    suffix: str      # of per-cipher C function names and of its file: "safer_k64"
    key_bytes: int   # the default key length (docs/ciphers.md)
    # -- the runtime (the C table's flags, in its column order)
    unit_stage: bool = True    # runs inside the fused loops (ILPC_UNIT_CIPHERS); else libcrypto only
    aead: bool = False         # authenticated: a message is a record BE32(L) | C | T
    on_copy: bool = False      # a unit is unit ^ a constant word: SIMD, folded into the copy
    pairs: bool = False        # the fused bulk loop runs two independent units per iteration
    out_of_line: bool = False  # the generated code's single units call an out-of-line copy
    # -- the cost model (compiler/costmodel/model.py): the cipher as a stage of the fused loop
    unit: int = 8              # natural unit, bytes
    state: int = 0             # words it keeps live across the loop (registers it wants)
    tables: int = 0            # bytes of lookup tables it reads per unit (0: none)
    vectorised: bool = False   # its own loop (layered, tiled) runs SIMD
    what: str = ""             # the stage, in words (ilpc --explain)
    # -- the benchmarks and demos
    bench_key: Optional[str] = None  # hex key they use (None: none needed, or a pre-shared one)
    ns_per_byte: float = 1.0   # a rough cost, only to size the calibration runs
    study: bool = False        # one of Braun & Diot's (1995) ciphers: none, xor, simplified SAFER

    @property
    def c_id(self) -> str:
        """The C enumeration constant, e.g. ILPC_CIPHER_SAFER_K64."""
        return "ILPC_CIPHER_" + self.suffix.upper()

    @property
    def c_file(self) -> Optional[str]:
        """The runtime file with a unit cipher's code, e.g. ilpc_cipher_safer_k64.h; None for
        a cipher that only libcrypto runs."""
        return f"ilpc_cipher_{self.suffix}.h" if self.unit_stage else None


CIPHERS: tuple[Cipher, ...] = (
    Cipher("none", "none", 0, on_copy=True, vectorised=True, what="identity",
           ns_per_byte=0.05, study=True),
    Cipher("xor", "xor", 8, on_copy=True, state=1, vectorised=True,
           what="unit ^ key: one instruction, rides on the copy",
           bench_key="0123456789abcdef", ns_per_byte=0.06, study=True),
    Cipher("safer-simple", "safer_simple", 8, pairs=True, state=10, tables=512,
           what="table-driven: 8 exp/log lookups per unit; two key words, two table pointers, "
                "the unit and its halves, lane masks",
           bench_key="0807060504030201", ns_per_byte=0.7, study=True),
    Cipher("safer-k64", "safer_k64", 8, out_of_line=True, state=14, tables=512,
           what="table-driven, 6 rounds: 8 byte lanes, a temporary, key and table pointers, round counter",
           bench_key="0807060504030201", ns_per_byte=5.0),
    Cipher("chacha20", "chacha20", 32, unit=64, state=3, vectorised=True,
           what="keystream block every 64 bytes (an out-of-line call), then unit ^ keystream",
           bench_key="42" * 32, ns_per_byte=2.0),
    Cipher("chacha20-poly1305", "chacha20_poly1305", 32, aead=True, unit=512, state=3, vectorised=True,
           what="keystream and Poly1305 a 512-byte window at a time (out of line, vector code); "
                "per unit: ^ keystream, keep the ciphertext",
           bench_key="42" * 32, ns_per_byte=0.5),
    Cipher("aes-128-gcm", "aes_128_gcm", 16, unit_stage=False, aead=True, unit=16, vectorised=True,
           what="libcrypto's AES-GCM (AES-NI, carry-less multiply); no fused path",
           bench_key="2b7e151628aed2a6abf7158809cf4f3c", ns_per_byte=0.3),
)

NAMES: tuple[str, ...] = tuple(c.name for c in CIPHERS)
# The runtime files of the unit ciphers, in table order (copied with the rest of the runtime).
C_FILES: tuple[str, ...] = tuple(c.c_file for c in CIPHERS if c.c_file)


def by_name(name: str) -> Cipher:
    for c in CIPHERS:
        if c.name == name:
            return c
    raise KeyError(name)


def names(pred=lambda c: True) -> list[str]:
    """The names of the ciphers for which pred(cipher) holds, in table order."""
    return [c.name for c in CIPHERS if pred(c)]
