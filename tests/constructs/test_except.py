"""EXCEPT in constraints (except.asn1), on exact bytes: asn1tools' parse rejects
`A EXCEPT B` and drops `ALL EXCEPT B`, so the oracle cannot see these constraints.
Through the shared harness.  Moved from tests/test_asn1_types.py."""
from __future__ import annotations

import struct

import pytest

from conftest import check_clean_exit, constructs_harness, run_harness

pytestmark = [pytest.mark.cbuild, pytest.mark.sanitizers]


def _text(data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + data + bytes(-len(data) % 4)


@pytest.fixture(scope="module")
def except_harness(tmp_path_factory):
    return constructs_harness(tmp_path_factory)


@pytest.mark.parametrize("type_name, data, ok", [
    ("Digits", struct.pack(">i", 4), True), ("Digits", struct.pack(">i", 5), False),
    ("Digits", struct.pack(">i", 10), True), ("Digits", struct.pack(">i", 11), False),
    ("Color", struct.pack(">i", 2), True), ("Color", struct.pack(">i", 1), False),
    ("Short", _text(b"abc"), True), ("Short", _text(b"ab"), False), ("Short", _text(b""), True),
    ("Short", _text(b"a\x05c"), False), ("Short", _text(b"a~c"), False), ("Short", _text(b"abcde"), False),
    ("Vanilla", _text("a\u00a0".encode()), True), ("Vanilla", _text(b"\x1f"), False),
    ("Vanilla", _text("a\u0085".encode()), True),  # widened: multi-byte UTF-8 is not checked per character
    ("NoControl", _text("\u00e9\u20ac".encode()), True), ("NoControl", _text(b"a\x01"), False),
    ("Items", struct.pack(">I", 0), True), ("Items", struct.pack(">II", 1, 1), False),
    ("Items", struct.pack(">III", 2, 1, 0), True),
])
def test_except_constraints_are_enforced(except_harness, type_name, data, ok):
    r = run_harness(except_harness, f"ConsExcept.{type_name}", data)
    check_clean_exit(r, f"{type_name} {data.hex()}")
    assert (r.returncode == 0) == ok
    if ok:
        assert r.stdout == data
