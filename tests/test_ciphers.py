"""One list of ciphers: the runtime's X-macro (runtime/ilpc_cipher.h, ILPC_CIPHERS) and the
compiler's module (compiler/ciphers.py), which the tests and benchmarks import, agree."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT, libcrypto_flags
from ilpc.ciphers import CIPHERS, NAMES

RUNTIME = ROOT / "runtime"

PROGRAM = r"""
#include <stdio.h>
#include "ilpc_cipher.h"
#define ROW(a, b, ID, sfx, name, keylen)                                                            \
    printf("%d %s %s %d %d %d\n", (int)ILPC_CIPHER_##ID, #sfx, name, keylen,                           \
           (int)ILPC_CIPHER_##ID < units, ilpc_cipher_is_aead(ILPC_CIPHER_##ID) ? 1 : 0);
int main(void)
{
    const int units = ILPC_UNIT_CIPHER_COUNT; /* (not expandable inside the list's own expansion) */
    int i;
    printf("%d\n", ILPC_CIPHER_COUNT);
    ILPC_CIPHERS(ROW, , )
    for (i = 0; i < ILPC_CIPHER_COUNT; i++) {
        ilpc_cipher_id id;
        if (ilpc_cipher_parse_name(ilpc_cipher_name((ilpc_cipher_id)i), &id) != 0 || (int)id != i)
            return 1;
        printf("%s %zu\n", ilpc_cipher_name((ilpc_cipher_id)i), ilpc_cipher_default_keylen((ilpc_cipher_id)i));
    }
    return 0;
}
"""


def cc() -> str:
    for c in ("gcc", "clang", "cc"):
        if shutil.which(c):
            return c
    pytest.skip("no C compiler")


@pytest.mark.cbuild
def test_runtime_and_compiler_lists_agree(tmp_path):
    src = tmp_path / "list.c"
    src.write_text(PROGRAM)
    exe = tmp_path / "list"
    crypto_cflags, crypto_libs = libcrypto_flags()
    r = subprocess.run([cc(), "-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic", *crypto_cflags, f"-I{RUNTIME}",
                        str(src), *(str(RUNTIME / f) for f in ("ilpc_cipher.c", "ilpc_aead.c", "ilpc_chapoly.c",
                                                               "ilpc_evp.c", "ilpc_csum.c")),
                        "-o", str(exe), *crypto_libs],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    out = subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout.splitlines()
    n = int(out[0])
    assert n == len(CIPHERS)
    rows = [line.split() for line in out[1:1 + n]]
    assert rows == [[str(i), c.suffix, c.name, str(c.key_bytes), str(int(c.unit_stage)), str(int(c.aead))]
                    for i, c in enumerate(CIPHERS)]
    assert [line.split() for line in out[1 + n:]] == [[c.name, str(c.key_bytes)] for c in CIPHERS]


def test_the_independent_model_implements_the_list():
    """tests/ilp_model.py, written from the docs and importing nothing of ilpc, has every
    cipher of the list (a cipher added to the list needs its model too)."""
    import ilp_model
    assert tuple(ilp_model.CIPHERS) == NAMES


@pytest.mark.cbuild
def test_generated_code_uses_the_list(tmp_path):
    """The harness names the ciphers of the list, and the generated headers compile after
    <iso646.h> (which makes `xor` a macro: the list's suffixes are only ever pasted)."""
    out = tmp_path / "out"
    r = subprocess.run([sys.executable, "-m", "ilpc", str(ROOT / "examples/filetransfer/filetransfer.asn1"),
                        "-o", str(out)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert f'"ciphers: {" ".join(NAMES)}\\n"' in (out / "ilpc_harness.c").read_text()
    probe = tmp_path / "iso.c"
    probe.write_text("#include <iso646.h>\n#include \"FileTransfer_ilp.h\"\n"
                     "int probe(void) { return FileTransfer_Message_path(1, ILPC_CIPHER_XOR, 64); }\n")
    r = subprocess.run([cc(), "-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic", f"-I{out}", "-c", str(probe),
                        "-o", str(tmp_path / "iso.o")], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
