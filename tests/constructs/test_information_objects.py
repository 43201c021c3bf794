"""Information objects (information_objects.asn1): an object set of a module that was
not given, as DSRC's RegionalExtension {{Reg-MapData}}, on exact bytes.  Through the
shared harness.  Moved from tests/test_asn1_types.py."""
from __future__ import annotations

import struct

import pytest

from conftest import check_clean_exit, constructs_harness, run_harness

pytestmark = [pytest.mark.cbuild, pytest.mark.sanitizers]


def _ext(region: int, value: bytes) -> bytes:
    pad = b"\0" * (-len(value) % 4)
    return struct.pack(">iI", region, len(value)) + value + pad


@pytest.fixture(scope="module")
def regional_harness(tmp_path_factory):
    return constructs_harness(tmp_path_factory)


@pytest.mark.parametrize("data, ok", [
    (struct.pack(">iI", 3, 0), True),                                           # no regional
    (struct.pack(">iII", 3, 1, 1) + _ext(7, b"\x01\x02\x03"), True),           # one, an opaque
    (struct.pack(">iII", 3, 1, 2) + _ext(0, b"") + _ext(255, b"abcd"), True),
    (struct.pack(">iII", 3, 1, 1) + _ext(256, b""), False),                    # &id: RegionId's 0..255
    (struct.pack(">iII", 3, 1, 3) + _ext(1, b"") * 3, False),                  # SIZE (1..2)
])
def test_unknown_object_set_makes_an_opaque(regional_harness, data, ok):
    """`Ext {{Reg-Map}}` with Reg-Map imported from a module that was not given (as
    DSRC's RegionalExtension {{Reg-MapData}}): the open type is an opaque holding the
    value's encoding, the id the class field's type; it builds and round-trips."""
    r = run_harness(regional_harness, "ConsInformationObjects.Map", data)
    if ok:
        check_clean_exit(r, data.hex())
        assert r.stdout == data
    else:
        assert r.returncode != 0 and r.stdout == b""
