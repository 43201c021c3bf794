"""OBJECT IDENTIFIER (oid.asn1) and RELATIVE-OID (relative_oid.asn1) on exact bytes:
single-value constraints, which asn1tools' parse keeps for neither, a DEFAULT built
on a value, and the rules of the first two arcs (X.660).  Through the shared harness
(tests/constructs/test_stages.py).  Moved from tests/test_asn1_types.py."""
from __future__ import annotations

import struct

import pytest

from conftest import check_clean_exit, constructs_harness, run_harness

pytestmark = [pytest.mark.cbuild, pytest.mark.sanitizers]


@pytest.fixture(scope="module")
def oid_harness(tmp_path_factory):
    return constructs_harness(tmp_path_factory)


def oid(*arcs: int) -> bytes:
    return struct.pack(">I", len(arcs)) + b"".join(struct.pack(">Q", a) for a in arcs)


def _roundtrip(harness, type_name, data):
    r = run_harness(harness, type_name, data)
    check_clean_exit(r, f"{type_name} {data.hex()}")
    return r


@pytest.mark.parametrize("type_name, arcs, ok", [
    ("ConsOid.Two", (1, 2, 840, 113549), True),
    ("ConsOid.Two", (1, 2, 840, 113549, 1), True),
    ("ConsOid.Two", (1, 2, 840, 113549, 2), False),
    ("ConsOid.Two", (1, 2, 840), False),
    ("ConsRelativeOid.Rel", (5, 6), True),
    ("ConsRelativeOid.Rel", (5, 7), False),
    ("ConsRelativeOid.Rel", (5,), False),
    ("ConsRelativeOid.RelByName", (5, 6), True),
    ("ConsRelativeOid.RelByName", (5, 7), False),
    ("ConsRelativeOid.RelByName", (5,), False),
])
def test_single_value_constraints_are_enforced(oid_harness, type_name, arcs, ok):
    r = _roundtrip(oid_harness, type_name, oid(*arcs))
    assert (r.returncode == 0) == ok
    if ok:
        assert r.stdout == oid(*arcs)


def test_absent_oid_default_decodes_to_its_value_and_stays_absent(oid_harness):
    absent = struct.pack(">II", 0, 1)
    r = _roundtrip(oid_harness, "ConsOid.WithDefault", absent)
    assert r.returncode == 0 and r.stdout == absent
    present = struct.pack(">I", 1) + oid(1, 2, 840, 113549, 1, 7) + struct.pack(">I", 0)
    r = _roundtrip(oid_harness, "ConsOid.WithDefault", present)
    assert r.returncode == 0 and r.stdout == present


@pytest.mark.parametrize("arcs, ok", [
    ((0, 39), True), ((1, 39, 5), True), ((2, 999, 1), True), ((2, 2**64 - 1), True),
    ((0, 40), False), ((1, 40), False), ((3, 0), False), ((2,), False), ((), False),
])
def test_object_identifier_arc_rules(oid_harness, arcs, ok):
    r = _roundtrip(oid_harness, "ConsOid.WithDefault", struct.pack(">I", 1) + oid(*arcs) + struct.pack(">I", 1))
    assert (r.returncode == 0) == ok
