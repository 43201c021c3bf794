"""The time types of ITU-T X.680 as checked character strings (docs/mapping.md).

Each is a VisibleString whose permitted alphabet is the characters of its format
and whose length is bounded; the format itself (field order, digit ranges) is not
checked: that is the application's business, as with any string.
"""
from __future__ import annotations

from .model import IntSet, StringT

# kind -> (characters of the format, shortest length, longest length)
TIME_FORMATS: dict[str, tuple[str, int, int]] = {
    # YYMMDDhhmm[ss](Z | +hhmm | -hhmm)
    "UTCTime": ("0123456789+-Z", 11, 17),
    # YYYYMMDDhh[mm[ss]][(.|,)fraction][Z | +hh[mm] | -hh[mm]]
    "GeneralizedTime": ("0123456789+-.,Z", 10, 64),
    # YYYY-MM-DD
    "DATE": ("0123456789-", 10, 10),
    # hh:mm:ss
    "TIME-OF-DAY": ("0123456789:", 8, 8),
    # YYYY-MM-DDThh:mm:ss
    "DATE-TIME": ("0123456789-:T", 19, 19),
    # ISO 8601 durations: PnYnMnDTnHnMnS, PnW, fractions with . or ,
    "DURATION": ("0123456789.,DHMPSTWY", 3, 64),
    # any ISO 8601 time, interval or recurrence
    "TIME": ("0123456789+-.,/:CDHMPRSTWYZ", 1, 64),
}


def time_type(kind: str) -> StringT:
    chars, lo, hi = TIME_FORMATS[kind]
    alphabet = IntSet(())
    for ch in chars:
        alphabet = alphabet.union(IntSet.range(ord(ch), ord(ch)))
    return StringT("VisibleString", IntSet.range(lo, hi), alphabet, time=kind)
