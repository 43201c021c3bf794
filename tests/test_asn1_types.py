"""Generated C for the ASN.1 types whose checks the oracle cannot see through
asn1tools' parse (it keeps no constraint of an OBJECT IDENTIFIER), run on exact bytes."""
from __future__ import annotations

import struct

import pytest

from conftest import BuildError, build_harness, check_clean_exit, run_harness


def _harness(tmp_path, body: str):
    spec = tmp_path / "Types.asn1"
    spec.write_text("Types DEFINITIONS AUTOMATIC TAGS ::= BEGIN\n" + body + "\nEND\n")
    try:
        return build_harness([spec], tmp_path / "out", "asan")
    except BuildError as e:
        pytest.fail(str(e), pytrace=False)


def oid(*arcs: int) -> bytes:
    return struct.pack(">I", len(arcs)) + b"".join(struct.pack(">Q", a) for a in arcs)


def _roundtrip(harness, type_name, data):
    r = run_harness(harness, type_name, data)
    check_clean_exit(r, f"{type_name} {data.hex()}")
    return r


OID_SPEC = """
id-a OBJECT IDENTIFIER ::= { iso(1) member-body(2) us(840) 113549 }
id-b OBJECT IDENTIFIER ::= { id-a 1 }
Two ::= OBJECT IDENTIFIER (id-a | id-b)
Rel ::= RELATIVE-OID ({ 5 6 })
WithDefault ::= SEQUENCE { o OBJECT IDENTIFIER DEFAULT { id-b 7 }, n BOOLEAN }
"""


@pytest.fixture(scope="module")
def oid_harness(tmp_path_factory):
    return _harness(tmp_path_factory.mktemp("oid"), OID_SPEC)


@pytest.mark.parametrize("type_name, arcs, ok", [
    ("Two", (1, 2, 840, 113549), True),
    ("Two", (1, 2, 840, 113549, 1), True),
    ("Two", (1, 2, 840, 113549, 2), False),
    ("Two", (1, 2, 840), False),
    ("Rel", (5, 6), True),
    ("Rel", (5, 7), False),
    ("Rel", (5,), False),
])
def test_single_value_constraints_are_enforced(oid_harness, type_name, arcs, ok):
    r = _roundtrip(oid_harness, f"Types.{type_name}", oid(*arcs))
    assert (r.returncode == 0) == ok
    if ok:
        assert r.stdout == oid(*arcs)


def test_absent_oid_default_decodes_to_its_value_and_stays_absent(oid_harness):
    absent = struct.pack(">II", 0, 1)
    r = _roundtrip(oid_harness, "Types.WithDefault", absent)
    assert r.returncode == 0 and r.stdout == absent
    present = struct.pack(">I", 1) + oid(1, 2, 840, 113549, 1, 7) + struct.pack(">I", 0)
    r = _roundtrip(oid_harness, "Types.WithDefault", present)
    assert r.returncode == 0 and r.stdout == present


@pytest.mark.parametrize("arcs, ok", [
    ((0, 39), True), ((1, 39, 5), True), ((2, 999, 1), True), ((2, 2**64 - 1), True),
    ((0, 40), False), ((1, 40), False), ((3, 0), False), ((2,), False), ((), False),
])
def test_object_identifier_arc_rules(oid_harness, arcs, ok):
    r = _roundtrip(oid_harness, "Types.WithDefault", struct.pack(">I", 1) + oid(*arcs) + struct.pack(">I", 1))
    assert (r.returncode == 0) == ok
