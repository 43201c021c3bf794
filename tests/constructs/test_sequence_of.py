"""SEQUENCE OF (sequence_of.asn1) in the XDR language (``ilpc --emit x``): of NULL, of
the empty SEQUENCE."""
import re

from oracle.rpcgen import split_definitions
from xlang import _emit_x


def test_ilpc_bug_x_sequence_of_null_crashes(tmp_path):
    """ILPC BUG (reported; moved from tests/test_rpcgen_oracle.py): 'ilpc --emit x' dies with an internal compiler error
    (KeyError: '') on SEQUENCE OF NULL (the C back end compiles it fine)."""
    r, _ = _emit_x(tmp_path, "Nulls ::= SEQUENCE OF NULL")
    assert r.returncode == 0, r.stderr


def test_ilpc_bug_x_sequence_of_empty_sequence_names_undefined_type(tmp_path):
    """ILPC BUG (reported; moved from tests/test_rpcgen_oracle.py): for SEQUENCE OF SEQUENCE {} the .x says
    'typedef Tiny_L_item Tiny_L<4>;' but never defines Tiny_L_item, so rpcgen's C
    does not compile.  (XDR has no empty struct: the element needs some
    representation, or the type an explicit 'not expressible in XDR' diagnostic.)"""
    r, x = _emit_x(tmp_path, "L ::= SEQUENCE (SIZE (0..4)) OF SEQUENCE { }")
    assert r.returncode == 0, r.stderr
    defs, _ = split_definitions(x.read_text())
    names = {d.name for d in defs}
    used = {w for d in defs for w in re.findall(r"\bTiny_\w+", d.text)}
    assert used <= names, f"used but not defined: {sorted(used - names)}"
