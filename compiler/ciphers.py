"""The ciphers of the runtime, in ``ilpc_cipher_id`` order: the one list that the compiler,
the tests and the benchmarks use.

The C side is the X-macro ``ILPC_CIPHERS`` in ``runtime/ilpc_cipher.h``, from which the
runtime's tables, the per-cipher instantiations of the bulk loops and the generated code's
per-cipher entry points are made.  ``tests/test_ciphers.py`` checks that the two lists
agree: names, order, function-name suffixes and default key lengths.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Cipher:
    name: str        # on command lines and in the cost model: "safer-k64"
    suffix: str      # of per-cipher C function names: "safer_k64"
    key_bytes: int   # the default key length (docs/ciphers.md)
    unit_stage: bool = True  # runs inside the fused loops (ILPC_UNIT_CIPHERS); else libcrypto only
    aead: bool = False       # authenticated: a message is a record BE32(L) | C | T

    @property
    def c_id(self) -> str:
        """The C enumeration constant, e.g. ILPC_CIPHER_SAFER_K64."""
        return "ILPC_CIPHER_" + self.suffix.upper()


CIPHERS: tuple[Cipher, ...] = (
    Cipher("none", "none", 0),
    Cipher("xor", "xor", 8),
    Cipher("safer-simple", "safer_simple", 8),
    Cipher("safer-k64", "safer_k64", 8),
    Cipher("chacha20", "chacha20", 32),
    Cipher("chacha20-poly1305", "chacha20_poly1305", 32, aead=True),
    Cipher("aes-128-gcm", "aes_128_gcm", 16, unit_stage=False, aead=True),
)

NAMES: tuple[str, ...] = tuple(c.name for c in CIPHERS)


def by_name(name: str) -> Cipher:
    for c in CIPHERS:
        if c.name == name:
            return c
    raise KeyError(name)
