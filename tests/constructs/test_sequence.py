"""SEQUENCE (sequence.asn1) in the XDR language: component names that are keywords of
XDR, through rpcgen."""
import pytest

from oracle.rpcgen import RpcgenDriver, have_rpcgen
from xlang import _emit_x


@pytest.mark.cbuild
@pytest.mark.peers
@pytest.mark.skipif(have_rpcgen() is not None, reason=str(have_rpcgen()))
def test_ilpc_bug_x_component_named_like_an_xdr_keyword(tmp_path):
    """ILPC BUG (reported; moved from tests/test_rpcgen_oracle.py): ASN.1 identifiers that are XDR keywords (bool, int,
    string, opaque, void, case, default, switch, struct, union, ...) go into the .x
    unchanged ('bool bool;', 'int int;'), which rpcgen rejects as a syntax error.  The
    C back end already renames them; the .x needs the same care."""
    r, x = _emit_x(tmp_path, "S ::= SEQUENCE { int INTEGER (0..9), bool BOOLEAN, string IA5String }")
    assert r.returncode == 0, r.stderr
    d = RpcgenDriver.build(x, tmp_path / "rpcgen")
    assert "Tiny_S" in d.types, d.skipped
