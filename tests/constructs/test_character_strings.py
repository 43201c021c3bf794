"""Character strings (character_strings.asn1) on exact bytes."""
from __future__ import annotations

import pytest

from conftest import check_clean_exit, constructs_harness, run_harness


@pytest.mark.cbuild
@pytest.mark.sanitizers
def test_ilpc_bug_utf8string_accepts_invalid_utf8(tmp_path_factory):
    """ILPC BUG (reported; moved from tests/test_xdr_oracle.py; docs/mapping.md does not
    spell it out): a UTF8String value is a string of Unicode characters, so bytes that
    are not UTF-8 (here a lone 0xFF) are no value of the type and a strict decoder must
    reject them (exit 2), just as it rejects an IA5String byte above 127.  The generated
    C accepted and echoed them."""
    from test_stages import oracle
    harness = constructs_harness(tmp_path_factory)
    data = bytes.fromhex("00000001" "ff000000")
    assert not oracle("character_strings").type("ConsCharacterStrings.Text").accepts(data)
    r = run_harness(harness, "ConsCharacterStrings.Text", data)
    check_clean_exit(r, "ConsCharacterStrings.Text")
    assert r.returncode == 2, f"accepted invalid UTF-8, echoed {r.stdout.hex()}"
