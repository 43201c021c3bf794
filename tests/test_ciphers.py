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
#define ROW(a, b, ID, sfx, name, keylen, aead, copy, pairs, ool)                                    \
    printf("%d %s %s %d %d %d %d %d %d\n", (int)ILPC_CIPHER_##ID, #sfx, name, keylen,                  \
           (int)ILPC_CIPHER_##ID < units, aead, copy, pairs, ool);
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
        /* the predicates made from the rows' flags */
        printf("%s %zu %d %d %d %d\n", ilpc_cipher_name((ilpc_cipher_id)i),
               ilpc_cipher_default_keylen((ilpc_cipher_id)i), ilpc_cipher_is_aead(i) ? 1 : 0,
               ilpc_cipher_on_copy(i) ? 1 : 0, ilpc_cipher_pairs(i) ? 1 : 0, ilpc_unit_is_aead(i) ? 1 : 0);
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
    assert rows == [[str(i), c.suffix, c.name, str(c.key_bytes), *(str(int(f)) for f in
                     (c.unit_stage, c.aead, c.on_copy, c.pairs, c.out_of_line))]
                    for i, c in enumerate(CIPHERS)]
    assert [line.split() for line in out[1 + n:]] == [
        [c.name, str(c.key_bytes), *(str(int(f)) for f in (c.aead, c.on_copy, c.pairs, c.aead and c.unit_stage))]
        for c in CIPHERS]


def test_every_unit_cipher_has_its_file():
    """A unit cipher's code is runtime/ilpc_cipher_<suffix>.h, included by ilpc_cipher.h in
    the table's order, with the functions the switches made from the rows call."""
    header = (RUNTIME / "ilpc_cipher.h").read_text()
    included = [f for f in __import__("re").findall(r'#include "(ilpc_cipher_\w+\.h)"', header)]
    assert included == [c.c_file for c in CIPHERS if c.unit_stage]
    for c in CIPHERS:
        if not c.unit_stage:
            assert c.c_file is None
            continue
        text = (RUNTIME / c.c_file).read_text()
        for fn in ("enc", "dec", "local", "init", "encrypt", "decrypt") + (("copy_key",) if c.on_copy else ()):
            assert f"ilpc_{c.suffix}_{fn}(" in text, (c.c_file, fn)


def test_the_independent_model_implements_the_list():
    """tests/ilp_model.py, written from the docs and importing nothing of ilpc, has every
    cipher of the list (a cipher added to the list needs its model too)."""
    import ilp_model
    assert tuple(ilp_model.CIPHERS) == NAMES


@pytest.mark.cbuild
def test_generated_code_uses_the_list(tmp_path):
    """The harness names the ciphers of the list (the runtime's names, not a copy of its
    own), and the generated headers compile after <iso646.h> (which makes `xor` a macro:
    the list's suffixes are only ever pasted)."""
    out = tmp_path / "out"
    r = subprocess.run([sys.executable, "-m", "ilpc", str(ROOT / "examples/filetransfer/filetransfer.asn1"),
                        "-o", str(out)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    harness = (out / "ilpc_harness.c").read_text()
    assert "ilpc_cipher_name(" in harness and not [n for n in NAMES if f'"{n}' in harness]
    probe = tmp_path / "iso.c"
    probe.write_text("#include <iso646.h>\n#include \"FileTransfer_ilp.h\"\n"
                     "int probe(void) { return FileTransfer_Message_path(1, ILPC_CIPHER_XOR, 64); }\n")
    r = subprocess.run([cc(), "-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic", f"-I{out}", "-c", str(probe),
                        "-o", str(tmp_path / "iso.o")], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
