"""Inner subtyping (inner_subtyping.asn1): a union of subtypes of one type, S (A | B),
on exact bytes (asn1tools' parse keeps no such union).  Through the shared harness.
Moved from tests/test_asn1_types.py."""
from __future__ import annotations

import struct

import pytest

from conftest import check_clean_exit, constructs_harness, run_harness

pytestmark = [pytest.mark.cbuild, pytest.mark.sanitizers]


def _s(k: int, n: int, nxt: bytes | None = None) -> bytes:
    """An S: k, n, then next's presence flag (and next)."""
    return struct.pack(">iiI", k, n, nxt is not None) + (nxt or b"")


@pytest.fixture(scope="module")
def subtypes_harness(tmp_path_factory):
    return constructs_harness(tmp_path_factory)


@pytest.mark.parametrize("type_name, data, ok", [
    ("U", _s(0, 5), True),                     # an A
    ("U", _s(1, 50, _s(0, 0)), True),          # a B: next (held through a pointer) has k a
    ("U", _s(1, 50, _s(0, 0, _s(2, 3))), True),
    ("U", _s(0, 50), False),                   # k a, but n outside A's 1..9: neither
    ("U", _s(0, 5, _s(0, 5)), False),          # k a, but next present: neither
    ("U", _s(1, 5), False),                    # k b, but no next
    ("U", _s(1, 5, _s(1, 5, _s(0, 1))), False),  # k b, but next's k is not a
    ("U", _s(2, 5), False),                    # k c: neither
    ("Whole", _s(2, 77, _s(1, 5)), True),      # S itself: every value
])
def test_union_of_subtypes_is_enforced_by_the_decoder(subtypes_harness, type_name, data, ok):
    """`S (A | B)` with A and B subtypes of S: a value of S is taken when it is a value
    of A or of B, with each one's constraints on the components together (the decoder
    says ILPC_E_PRESENCE otherwise; the harness round-trips what it takes)."""
    r = run_harness(subtypes_harness, f"ConsInnerSubtyping.{type_name}", data)
    if ok:
        check_clean_exit(r, f"{type_name} {data.hex()}")
        assert r.stdout == data
    else:
        assert r.returncode != 0 and r.stdout == b"" and b"WITH COMPONENTS" in r.stderr  # ILPC_E_PRESENCE
