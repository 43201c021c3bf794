"""INTEGER (integer.asn1), and the type assignments of the other builtin types, in the
XDR language (``ilpc --emit x``)."""
import re

import pytest

from xlang import _emit_x


@pytest.mark.parametrize("asn1,base", [("INTEGER (0..7)", "int"), ("BOOLEAN", "bool"), ("REAL", "double"),
                                       ("INTEGER", "hyper")])
def test_ilpc_bug_x_typedef_of_itself(tmp_path, asn1, base):
    """ILPC BUG (reported; moved from tests/test_rpcgen_oracle.py): a named INTEGER, BOOLEAN or REAL type comes out of
    --emit x as 'typedef Tiny_T Tiny_T;' instead of e.g. 'typedef int Tiny_T;';
    rpcgen then loops forever."""
    r, x = _emit_x(tmp_path, f"T ::= {asn1}")
    assert r.returncode == 0, r.stderr
    text = re.sub(r"/\*.*?\*/", "", x.read_text(), flags=re.S).strip()
    assert text == f"typedef {base} Tiny_T;"
