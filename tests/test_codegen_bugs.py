"""Valid specs on which ilpc used to write C that does not compile.

Each test generates the C of a small spec, builds it with `make` (which compiles with
-std=c11 -Wall -Wextra -Werror -pedantic) under gcc and clang, and, where the spec has
types, round-trips a value through the generated encode/decode in a small C program
compiled with the same flags.

  1. module E with a type H: the include guard E_H was the typedef E_H;
  2. two modules importing from each other: each header included the other and used
     a type before the other had declared it;
  3. recursion through an alias (A ::= B, B ::= SEQUENCE { a A OPTIONAL }): B's
     struct used A before its typedef;
  4. a module without types: the harness's table of types was `types[] = { };`;
  5. a CHOICE inside a CHOICE whose size is fixed: the inner one's static size helper
     was never called, and clang's -Wunused-function rejected the .c file.
"""
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import libcrypto_flags
from ilpc.driver import compile_specs

WARNINGS = ["-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic"]
CCS = [pytest.param(cc, marks=pytest.mark.skipif(not shutil.which(cc), reason=f"no {cc}"))
       for cc in ("gcc", "clang")]


def generate(tmp_path: Path, specs: dict[str, str]) -> Path:
    paths = []
    for name, text in specs.items():
        p = tmp_path / name
        p.write_text(text)
        paths.append(str(p))
    out = tmp_path / "out"
    compile_specs(paths, str(out))
    return out


def build(out: Path, cc: str) -> None:
    """make: the stubs, the runtime and the harness, warnings as errors (the compact ILP
    form keeps the compile short; the XDR code is the same)."""
    r = subprocess.run(["make", "-C", str(out), "-j2", f"CC={cc}", "CFLAGS=-O0",
                        "CPPFLAGS=-DILPC_ILP_COMPACT=1"], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-6000:]


def run_program(tmp_path: Path, out: Path, cc: str, lib: str, source: str) -> None:
    app = tmp_path / "app.c"
    app.write_text(source)
    exe = tmp_path / "app"
    r = subprocess.run([cc, *WARNINGS, "-O0", f"-I{out}", str(app), str(out / f"lib{lib}.a"), *libcrypto_flags()[1],
                        "-o", str(exe)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    r = subprocess.run([str(exe)], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and r.stdout.strip() == "ok", (r.returncode, r.stdout, r.stderr)


# ------------------------------------------------------------ 1. include guards

GUARD_SPEC = """E DEFINITIONS AUTOMATIC TAGS ::= BEGIN
  H ::= INTEGER (0..1000)
  ILP-H ::= SEQUENCE { h H, ok BOOLEAN }
END
"""


@pytest.mark.cbuild
@pytest.mark.parametrize("cc", CCS)
def test_include_guard_does_not_collide_with_type_name(tmp_path, cc):
    out = generate(tmp_path, {"e.asn1": GUARD_SPEC})
    build(out, cc)
    run_program(tmp_path, out, cc, "e", r"""#include "E.h"
#include "E_ilp.h"
#include <stdio.h>
int main(void) {
    E_ILP_H v = { 999, true }, w;
    uint8_t buf[E_ILP_H_MAX_SIZE]; size_t n = 0;
    if (E_ILP_H_encode(&v, buf, sizeof buf, &n) != ILPC_OK || n != 8) return 1;
    if (E_ILP_H_decode(&w, buf, n) != ILPC_OK || w.h != 999 || !w.ok) return 2;
    E_H h = 7, h2 = 0;
    if (E_H_encode(&h, buf, sizeof buf, &n) != ILPC_OK || E_H_decode(&h2, buf, n) != ILPC_OK || h2 != 7) return 3;
    puts("ok");
    return 0;
}
""")


def test_include_guards_are_used_for_nothing_else(tmp_path):
    """Every generated header's guard occurs in its own #ifndef/#define/#endif lines and
    nowhere else in the generated files, with names built to collide with the guard
    schemes E_H, E_ILP_H and ILPC_E_H_INCLUDED (plus an import cycle's shared header)."""
    out = generate(tmp_path, {
        "e.asn1": GUARD_SPEC.replace("BEGIN", "BEGIN\n  IMPORTS H-INCLUDED FROM ILPC-E Ilp FROM E-H;").replace(
            "END", "  Ref ::= SEQUENCE { x H-INCLUDED, e Ilp }\nEND"),
        "ilpc-e.asn1": """ILPC-E DEFINITIONS AUTOMATIC TAGS ::= BEGIN
  IMPORTS H FROM E;
  H-INCLUDED ::= SEQUENCE { h H }
END
""",
        "e-h.asn1": "E-H DEFINITIONS AUTOMATIC TAGS ::= BEGIN\n  Ilp ::= ENUMERATED { a, b }\nEND\n",
    })
    files = {p.name: p.read_text() for p in out.iterdir() if p.suffix in (".h", ".c")}
    headers = [n for n in files if n.endswith(".h") and not n.startswith("ilpc_") or n.startswith("ilpc_types_")]
    assert {"E.h", "E_ilp.h", "ILPC_E.h", "E_H.h", "ilpc_types_E.h"} <= set(headers)
    guards = {}
    for name in headers:
        m = re.search(r"^#ifndef (\w+)\n#define \1\n", files[name], re.M)
        assert m, name
        guards[name] = m.group(1)
    assert len(set(guards.values())) == len(guards)
    for name, guard in guards.items():
        for fname, text in files.items():
            uses = len(re.findall(rf"\b{guard}\b", text))
            assert uses == (3 if fname == name else 0), (guard, fname, uses)


# ------------------------------------------------------------ 2. import cycles

CYCLE_A = """CycA DEFINITIONS AUTOMATIC TAGS ::= BEGIN
  IMPORTS Inner FROM CycB;
  Outer ::= SEQUENCE { id INTEGER (0..1000), inner Inner, next Inner OPTIONAL }
  Small ::= ENUMERATED { one(1), two(2) }
  Tag ::= SEQUENCE { k Small, v OCTET STRING (SIZE(0..8)) }
END
"""
CYCLE_B = """CycB DEFINITIONS AUTOMATIC TAGS ::= BEGIN
  IMPORTS Small, Tag, Outer FROM CycA;
  Inner ::= SEQUENCE { s Small, tags SEQUENCE (SIZE(0..4)) OF Tag, back Outer OPTIONAL }
END
"""


@pytest.mark.cbuild
@pytest.mark.parametrize("cc", CCS)
def test_modules_importing_from_each_other(tmp_path, cc):
    # CycA.Outer holds a CycB.Inner, which holds CycA.Small and CycA.Tag by value and
    # (optionally) a CycA.Outer again.
    out = generate(tmp_path, {"CycA.asn1": CYCLE_A, "CycB.asn1": CYCLE_B})
    assert (out / "ilpc_types_CycA.h").is_file()
    build(out, cc)
    run_program(tmp_path, out, cc, "CycA", r"""#include "CycB.h"
#include "CycA.h"
#include <stdio.h>
#include <string.h>
int main(void) {
    CycA_Tag tags[2];
    memset(tags, 0, sizeof tags);
    tags[0].k = CycA_Small_two; tags[0].v.data = (uint8_t *)"abc"; tags[0].v.len = 3;
    tags[1].k = CycA_Small_one;
    CycB_Inner deep, top;
    memset(&deep, 0, sizeof deep); memset(&top, 0, sizeof top);
    deep.s = CycA_Small_one;
    top.s = CycA_Small_two; top.tags.count = 2; top.tags.items = tags;
    CycA_Outer o, back;
    memset(&o, 0, sizeof o); memset(&back, 0, sizeof back);
    back.id = 5; back.inner = &deep;
    top.has_back = true; top.back = back;
    o.id = 1000; o.inner = &top; o.next = &deep;

    uint8_t buf[1024]; size_t n = 0;
    int rc = CycA_Outer_encode(&o, buf, sizeof buf, &n);
    if (rc != ILPC_OK || n != CycA_Outer_size(&o)) { printf("encode %s\n", ilpc_xdr_strerror(rc)); return 1; }
    CycA_Outer d;
    rc = CycA_Outer_decode(&d, buf, n);
    if (rc != ILPC_OK) { printf("decode %s\n", ilpc_xdr_strerror(rc)); return 2; }
    if (d.id != 1000 || d.inner == NULL || d.next == NULL || d.next->s != CycA_Small_one || d.next->has_back)
        return 3;
    if (d.inner->s != CycA_Small_two || d.inner->tags.count != 2 || d.inner->tags.items[0].k != CycA_Small_two
        || d.inner->tags.items[0].v.len != 3 || memcmp(d.inner->tags.items[0].v.data, "abc", 3) != 0
        || d.inner->tags.items[1].k != CycA_Small_one || d.inner->tags.items[1].v.len != 0) return 4;
    if (!d.inner->has_back || d.inner->back.id != 5 || d.inner->back.inner->s != CycA_Small_one
        || d.inner->back.next != NULL) return 5;
    uint8_t again[1024]; size_t m = 0;
    if (CycA_Outer_encode(&d, again, sizeof again, &m) != ILPC_OK || m != n || memcmp(buf, again, n) != 0) return 6;
    CycA_Outer_free(&d);
    puts("ok");
    return 0;
}
""")


# ------------------------------------------------------------ 3. recursion through an alias

ALIAS_SPEC = """R DEFINITIONS AUTOMATIC TAGS ::= BEGIN
  A ::= B
  B ::= SEQUENCE { n INTEGER (0..255), a A OPTIONAL }
  List ::= Node
  Node ::= SEQUENCE { kids SEQUENCE (SIZE(0..8)) OF List, tag INTEGER (0..9) }
  Expr ::= Term
  Term ::= CHOICE { leaf INTEGER (0..99), neg Expr, pair SEQUENCE { l Expr, r Expr } }
  Hold ::= SEQUENCE { a A, e Expr }
END
"""


@pytest.mark.cbuild
@pytest.mark.parametrize("cc", CCS)
def test_recursion_through_an_alias(tmp_path, cc):
    out = generate(tmp_path, {"r.asn1": ALIAS_SPEC})
    build(out, cc)
    run_program(tmp_path, out, cc, "r", r"""#include "R.h"
#include <stdio.h>
#include <string.h>
int main(void) {
    /* A is B: a chain of three through the OPTIONAL A */
    R_B third = { 3, NULL }, second = { 2, &third };
    R_A first = { 1, &second };
    uint8_t buf[1024]; size_t n = 0;
    if (R_A_encode(&first, buf, sizeof buf, &n) != ILPC_OK || n != R_A_size(&first) || n != 24) return 1;
    R_A d;
    if (R_A_decode(&d, buf, n) != ILPC_OK || d.n != 1 || d.a == NULL || d.a->n != 2 || d.a->a == NULL
        || d.a->a->n != 3 || d.a->a->a != NULL) return 2;
    R_A_free(&d);
    R_B b;  /* the same bytes are a B */
    if (R_B_decode(&b, buf, n) != ILPC_OK || b.a->a->n != 3) return 3;
    R_B_free(&b);

    /* a tree through SEQUENCE OF List, List being Node */
    R_List leaves[2];
    memset(leaves, 0, sizeof leaves);
    leaves[0].tag = 4; leaves[1].tag = 5;
    R_Node root; memset(&root, 0, sizeof root);
    root.tag = 9; root.kids.count = 2; root.kids.items = leaves;
    if (R_List_encode(&root, buf, sizeof buf, &n) != ILPC_OK) return 4;
    R_List t;
    if (R_List_decode(&t, buf, n) != ILPC_OK || t.tag != 9 || t.kids.count != 2 || t.kids.items[1].tag != 5) return 5;
    R_List_free(&t);

    /* -(1, 2) through a CHOICE whose arms hold the alias Expr */
    R_Term pair, neg;
    R_Term_pair both;
    memset(&both, 0, sizeof both); memset(&pair, 0, sizeof pair); memset(&neg, 0, sizeof neg);
    both.l.which = R_Term_PR_leaf; both.l.u.leaf = 1;
    both.r.which = R_Term_PR_leaf; both.r.u.leaf = 2;
    pair.which = R_Term_PR_pair; pair.u.pair = &both;
    neg.which = R_Term_PR_neg; neg.u.neg = &pair;
    R_Hold h; memset(&h, 0, sizeof h);
    h.a = first; h.e = neg;
    if (R_Hold_encode(&h, buf, sizeof buf, &n) != ILPC_OK || n != R_Hold_size(&h)) return 6;
    R_Hold g;
    if (R_Hold_decode(&g, buf, n) != ILPC_OK || g.a.a->a->n != 3 || g.e.which != R_Term_PR_neg
        || g.e.u.neg->which != R_Term_PR_pair || g.e.u.neg->u.pair->r.u.leaf != 2) return 7;
    R_Hold_free(&g);
    puts("ok");
    return 0;
}
""")


# ------------------------------------------------------------ 4. a module without types

@pytest.mark.cbuild
@pytest.mark.parametrize("cc", CCS)
def test_module_without_types_builds_and_harness_runs(tmp_path, cc):
    out = generate(tmp_path, {"empty.asn1": "Empty DEFINITIONS AUTOMATIC TAGS ::= BEGIN\nEND\n"})
    build(out, cc)
    for args in ([], ["roundtrip", "Empty.T"]):
        r = subprocess.run([str(out / "ilpc-harness"), *args], capture_output=True, text=True, timeout=30)
        assert r.returncode == 64, (args, r.returncode, r.stderr)
        assert "defines no types" in r.stderr, r.stderr
    run_program(tmp_path, out, cc, "empty", r"""#include "Empty.h"
#include "Empty_ilp.h"
#include <stdio.h>
int main(void) { puts("ok"); return 0; }
""")


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
