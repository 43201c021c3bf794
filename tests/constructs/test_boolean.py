"""BOOLEAN (boolean.asn1) narrowed to one value: enforced by the decoder, and not when
the constraint is extensible.  Through the shared harness.  Moved from
tests/test_asn1_types.py."""
from __future__ import annotations

import struct

import pytest

from conftest import check_clean_exit, constructs_harness, run_harness

pytestmark = [pytest.mark.cbuild, pytest.mark.sanitizers]


@pytest.fixture(scope="module")
def bool_harness(tmp_path_factory):
    return constructs_harness(tmp_path_factory)


@pytest.mark.parametrize("type_name, words, ok", [
    ("On", (1,), True), ("On", (0,), False), ("On", (2,), False),
    ("Off", (0,), True), ("Off", (1,), True),             # extensible: not enforced
    ("Pair", (1, 1, 0), True), ("Pair", (1, 0), True),
    ("Pair", (0, 0), False), ("Pair", (1, 1, 1), False),
])
def test_boolean_constraints_are_enforced(bool_harness, type_name, words, ok):
    data = b"".join(struct.pack(">I", w) for w in words)
    r = run_harness(bool_harness, f"ConsBoolean.{type_name}", data)
    check_clean_exit(r, f"{type_name} {data.hex()}")
    assert (r.returncode == 0) == ok
    if ok:
        assert r.stdout == data
