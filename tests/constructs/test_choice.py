"""CHOICE (choice.asn1): a CHOICE inside a CHOICE whose size is fixed, generated on its
own and compiled with gcc and clang, warnings as errors (moved from
tests/test_codegen_bugs.py: the inner one's static size helper was never called, and
clang's -Wunused-function rejected the .c file)."""
import subprocess

import pytest

from cprogram import CCS, generate


# ------------------------------------------------------------ 5. unused static helpers

UNUSED_HELPER_SPEC = """U DEFINITIONS AUTOMATIC TAGS ::= BEGIN
  C1 ::= CHOICE { a CHOICE { a INTEGER (0..7) } }
  C2 ::= CHOICE { a CHOICE { a OCTET STRING, b BOOLEAN }, c NULL }
END
"""


@pytest.mark.cbuild
@pytest.mark.parametrize("cc", CCS)
def test_no_unused_static_helpers(tmp_path, cc):
    out = generate(tmp_path, {"u.asn1": UNUSED_HELPER_SPEC})
    r = subprocess.run(["make", "-C", str(out), f"CC={cc}", "CFLAGS=-O0", "CPPFLAGS=-DILPC_ILP_COMPACT=1",
                        "U.o", "U_ilp.o"], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    src = (out / "U.c").read_text()
    assert "U_C1_a_size(" not in src       # fixed size: C1's size is a constant
    assert src.count("U_C2_a_size(") == 3  # prototype, definition, C2's size calls it
