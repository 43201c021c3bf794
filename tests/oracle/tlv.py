"""The elements of BER octets, written from X.690 8.1 alone: where each one's
identifier, length and contents octets are.  A definite length only (an indefinite
one, 0x80, reads as an empty contents): for DER, and for the tests' own rewrites."""
from __future__ import annotations


def spans(data: bytes) -> list[tuple[int, int, int, int]]:
    """Each top-level element of DATA as (start, end of its identifier octets, start of
    its contents, end)."""
    out, i = [], 0
    while i < len(data):
        start = i
        i += 1
        if data[start] & 0x1F == 0x1F:  # the tag number in the octets that follow
            while data[i] & 0x80:
                i += 1
            i += 1
        ident_end = i
        n = data[i]
        i += 1
        if n & 0x80:
            k = n & 0x7F
            n = int.from_bytes(data[i:i + k], "big")
            i += k
        out.append((start, ident_end, i, i + n))
        i += n
    return out
