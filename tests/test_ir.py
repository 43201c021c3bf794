"""Marshalling plans: sizes, bounds and the grouping of fixed-size runs into blocks."""
from ilpc.driver import load
from ilpc.ir.dump import dump_plans
from ilpc.ir.plan import Array, Block, Call, Choice, Optional_, Repeat

# its tests may run on any xdist worker (tests/tiers.py): their builds are conftest's shared ones, or none
XDIST_SPREAD = True


def plans_of(tmp_path, body):
    p = tmp_path / "s.asn1"
    p.write_text("M DEFINITIONS AUTOMATIC TAGS ::= BEGIN\n" + body + "\nEND\n")
    comp = load([str(p)])
    return {".".join(pl.name): pl for mp in comp.plans for pl in mp.plans}, comp


def test_int20_is_one_block(tmp_path):
    plans, _ = plans_of(tmp_path, "Int20 ::= SEQUENCE { values SEQUENCE SIZE(20) OF INTEGER (-2147483648..2147483647) }")
    p = plans["M.Int20"]
    assert p.size.kind == "fixed" and p.size.min == 80
    assert len(p.ops) == 1 and isinstance(p.ops[0], Block)
    (rep,) = p.ops[0].items
    assert isinstance(rep, Repeat) and (rep.count, rep.stride) == (20, 4)


def test_fixed_fields_share_one_bounds_check(tmp_path):
    plans, _ = plans_of(tmp_path, """
        Hdr ::= SEQUENCE { a INTEGER (0..10), b BOOLEAN, c REAL, d OCTET STRING (SIZE(6)), e INTEGER }
        Msg ::= SEQUENCE { h Hdr, name IA5String (SIZE(0..10)), n INTEGER (0..4294967295), flag BOOLEAN OPTIONAL }""")
    hdr = plans["M.Hdr"]
    assert hdr.size.min == hdr.size.max == 4 + 4 + 8 + 8 + 8
    msg = plans["M.Msg"]
    kinds = [type(op).__name__ for op in msg.ops]
    # Hdr is inlined and merged with name's length word; n and the flag share a block.
    assert kinds == ["Block", "Bytes", "Block", "Optional_"]
    first, _, third, _ = msg.ops
    assert first.size == 36 and [it.kind for it in first.items][-1] == "length"
    assert [it.kind for it in third.items] == ["uint", "present"]
    assert (msg.size.min, msg.size.max) == (36 + 0 + 8, 36 + 12 + 8 + 4)


def test_bounds_and_unbounded(tmp_path):
    plans, _ = plans_of(tmp_path, """
        A ::= OCTET STRING (SIZE(0..10))
        B ::= SEQUENCE OF INTEGER (0..1)
        C ::= BIT STRING (SIZE(1..17))
        D ::= CHOICE { x INTEGER (0..1), y OCTET STRING (SIZE(8)), z NULL }""")
    assert (plans["M.A"].size.min, plans["M.A"].size.max) == (4, 16)
    assert plans["M.B"].size.kind == "unbounded"
    assert (plans["M.C"].size.min, plans["M.C"].size.max) == (12, 12)  # bits, byte count, 1..3 bytes padded
    d = plans["M.D"]
    assert (d.size.min, d.size.max) == (4, 12)
    assert isinstance(d.ops[1], Choice) and [a.size.max for a in d.ops[1].arms] == [4, 8, 0]


def test_array_of_fixed_elements_checks_once(tmp_path):
    plans, _ = plans_of(tmp_path, "P ::= SEQUENCE { x INTEGER (0..9), y INTEGER (0..9) }\n"
                                  "L ::= SEQUENCE (SIZE(0..100)) OF P")
    arr = plans["M.L"].ops[1]
    assert isinstance(arr, Array) and arr.elem_block is not None and arr.elem_block.size == 8


def test_recursive_types_call_themselves(tmp_path):
    plans, _ = plans_of(tmp_path, "Node ::= SEQUENCE { v INTEGER, next Node OPTIONAL }")
    p = plans["M.Node"]
    assert p.recursive and p.size.kind == "unbounded"
    opt = p.ops[-1]
    assert isinstance(opt, Optional_) and opt.indirect and isinstance(opt.body[0], Call)


def test_dump_is_readable(tmp_path):
    _, comp = plans_of(tmp_path, "A ::= SEQUENCE { s IA5String (SIZE(1..8)), n INTEGER (0..7) }")
    text = dump_plans(comp.plans)
    assert "plan M.A: struct named, bounded size 12..16" in text
    assert "bytes string s len=len0 size 1..8 alphabet-checked" in text
