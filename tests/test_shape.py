"""The shape of a message type (compiler/costmodel/shape.py): the per-item work the cost
model adds to a message's length, estimated from the marshalling plan."""
from __future__ import annotations

import pytest

from ilpc.costmodel.shape import FEATURES, Features, ShapeWalker, type_shape
from ilpc.driver import load

SPEC = """
Shapes DEFINITIONS AUTOMATIC TAGS ::= BEGIN
Blob     ::= SEQUENCE { id INTEGER (0..4294967295), data OCTET STRING }
Words    ::= SEQUENCE OF INTEGER (0..65535)
Runs     ::= SEQUENCE OF INTEGER (0..4294967295)
Hypers   ::= SEQUENCE OF INTEGER
Reals    ::= SEQUENCE (SIZE (10)) OF REAL
Pairs    ::= SEQUENCE OF SEQUENCE { h INTEGER, r REAL }
Names    ::= SEQUENCE OF PrintableString (SIZE (0..64))
Texts    ::= SEQUENCE OF UTF8String (SIZE (0..10))
Raw      ::= SEQUENCE OF OCTET STRING (SIZE (0..64))
Entry    ::= SEQUENCE { k INTEGER (0..9), w INTEGER (0..4294967295) OPTIONAL }
Entries  ::= SEQUENCE OF Entry
Vector   ::= CHOICE { ints SEQUENCE (SIZE (127)) OF INTEGER, none NULL }
Labeled  ::= CHOICE { names SEQUENCE (SIZE (4)) OF SEQUENCE { h INTEGER, r REAL }, none NULL }
Node     ::= SEQUENCE { v INTEGER (0..9), kids SEQUENCE OF Node }
Small    ::= SEQUENCE { a INTEGER (0..9), b BOOLEAN }
Still    ::= SEQUENCE { a INTEGER (0..9), n NULL OPTIONAL, f OCTET STRING (SIZE (4)) }
Piece    ::= SEQUENCE { n INTEGER (0..4294967295), data OCTET STRING (SIZE (0..65536)),
                        digest OCTET STRING (SIZE (32)) OPTIONAL, tags SEQUENCE (SIZE (0..4)) OF INTEGER (0..9) }
END
"""


@pytest.fixture(scope="module")
def shapes(tmp_path_factory):
    spec = tmp_path_factory.mktemp("shape") / "Shapes.asn1"
    spec.write_text(SPEC)
    w = ShapeWalker()
    return {p.name[-1]: type_shape(p, w) for mp in load([str(spec)]).plans for p in mp.named}


def close(f: Features, **want) -> bool:
    return all(getattr(f, k) == pytest.approx(want.get(k, 0.0), abs=1e-6) for k in FEATURES)


def test_bulk_bytes_have_no_per_item_work(shapes):
    s = shapes["Blob"]
    assert close(s.density)  # an opaque grows by bytes only
    assert close(s.at(65536), words=2, pieces=1)  # the id, the length word, the body
    assert close(shapes["Small"].at(8), words=2)


def test_parts_weigh_by_how_far_they_can_grow(shapes):
    """A 64 KiB opaque beside a 32-byte optional field and 4 small integers: the type
    grows by bulk bytes; the small parts hardly count."""
    d = shapes["Piece"].density
    assert d.pieces < 1e-3 and d.words < 1e-3
    at = shapes["Piece"].at(60000)
    assert at.words < 8 and at.pieces < 4


def test_a_type_whose_parts_cannot_grow(shapes):
    """An optional NULL (nothing on the wire when present) is the only variable part."""
    s = shapes["Still"]
    assert close(s.density) and close(s.at(12), words=2, optionals=1)


def test_integers_with_a_check_grow_by_words_and_hypers(shapes):
    assert close(shapes["Words"].density, words=0.25)
    assert close(shapes["Words"].at(1028), words=257)  # the count and 256 elements
    assert close(shapes["Pairs"].density, hypers=0.125)  # records of two 8-byte items


def test_runs_of_plain_numbers_are_their_own_feature(shapes):
    """Arrays of numbers with nothing to check go through the runs of integers (byte
    swaps in bulk) on the ILP paths: counted as runs, not words or hypers."""
    assert close(shapes["Runs"].density, runs=0.25) and close(shapes["Hypers"].density, runs=0.125)
    assert close(shapes["Runs"].at(4096), words=1, runs=1023)  # the count, then the run
    assert close(shapes["Reals"].at(80), runs=10)


def test_strings_count_checked_characters(shapes):
    names = shapes["Names"].density
    # a typical element: the length word, a body of 32 checked characters (the middle of
    # 0..64); two pieces: the element (not of one static size) and its body
    # (the element's own body, which can grow by 64 bytes, weighs next to nothing beside the
    # unbounded array)
    assert names.chars == pytest.approx(32 / 36, rel=1e-3) and names.words == pytest.approx(1 / 36, rel=1e-3)
    assert names.pieces == pytest.approx(2 / 36, rel=1e-3)
    assert shapes["Texts"].density.chars > 0  # UTF-8 is checked too
    raw = shapes["Raw"].density
    assert raw.chars == 0 and raw.pieces > 0  # opaques are bulk, but each is a piece


def test_optional_components_count_half_the_time(shapes):
    e = shapes["Entries"].density
    # an element: k, the presence flag, w half the time: 10 bytes; pieces: the element and
    # the call of Entry's body; one optional
    assert close(e, words=2.5 / 10, pieces=2 / 10, optionals=1 / 10)


def test_a_choice_grows_from_its_smallest_alternative(shapes):
    v = shapes["Vector"]  # its array of 127 INTEGERs is a run
    assert close(v.at(4 + 127 * 8), words=1, pieces=1, runs=127)
    assert close(v.at(4), words=1, pieces=1)


def test_a_choice_of_items(shapes):
    assert close(shapes["Labeled"].at(4 + 4 * 16), words=1, hypers=8, pieces=1)


def test_recursion_ends(shapes):
    n = shapes["Node"]
    assert n.density.words > 0 and n.density.pieces > 0
