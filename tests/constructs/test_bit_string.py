"""BIT STRING (bit_string.asn1) on exact bytes: the bit count, then the bytes as an
opaque<> with its own length word (docs/mapping.md; ilpc's own .x says the same)."""
from __future__ import annotations

import pytest

from conftest import check_clean_exit, constructs_harness, run_harness


@pytest.mark.cbuild
@pytest.mark.sanitizers
def test_ilpc_bug_bit_string_lacks_byte_count_word(tmp_path_factory):
    """ILPC BUG (reported; moved from tests/test_xdr_oracle.py): docs/mapping.md maps
    BIT STRING to struct { unsigned int bits; opaque data<>; } -- the bit count, then a
    variable opaque WITH its own length word.  The generated C read and wrote no
    byte-count word: bits | data | pad."""
    from test_stages import oracle
    harness = constructs_harness(tmp_path_factory)
    data = oracle("bit_string").type("ConsBitString.Bits").encode((b"\x80", 1))
    assert data.hex() == "00000001" "00000001" "80000000"
    r = run_harness(harness, "ConsBitString.Bits", data)
    check_clean_exit(r, "ConsBitString.Bits")
    assert (r.returncode, r.stdout.hex()) == (0, data.hex()), r.stderr
