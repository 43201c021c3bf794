"""Modules (modules.asn1 in the shared harness; here, specs of their own for the names
and layouts the bugs needed), each built with gcc and clang, warnings as errors, and a
C program round-tripping a value.  Moved from tests/test_codegen_bugs.py, valid specs
on which ilpc used to write C that does not compile:

  1. module E with a type H: the include guard E_H was the typedef E_H;
  2. two modules importing from each other: each header included the other and used
     a type before the other had declared it;
  4. a module without types: the harness's table of types was `types[] = { };`.
"""
import re
import subprocess

import pytest

from cprogram import CCS, build, generate, run_program


# ------------------------------------------------------------ 1. include guards

GUARD_SPEC = """E DEFINITIONS AUTOMATIC TAGS ::= BEGIN
  H ::= INTEGER (0..1000)
  ILP-H ::= SEQUENCE { h H, ok BOOLEAN }
END
"""


@pytest.mark.cbuild
@pytest.mark.parametrize("cc", CCS)
def test_include_guard_does_not_collide_with_type_name(tmp_path, tmp_path_factory, cc):
    out = generate(tmp_path, {"e.asn1": GUARD_SPEC})
    build(out, cc, tmp_path_factory)
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
def test_modules_importing_from_each_other(tmp_path, tmp_path_factory, cc):
    # CycA.Outer holds a CycB.Inner, which holds CycA.Small and CycA.Tag by value and
    # (optionally) a CycA.Outer again.
    out = generate(tmp_path, {"CycA.asn1": CYCLE_A, "CycB.asn1": CYCLE_B})
    assert (out / "ilpc_types_CycA.h").is_file()
    build(out, cc, tmp_path_factory)
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


# ------------------------------------------------------------ 4. a module without types

@pytest.mark.cbuild
@pytest.mark.parametrize("cc", CCS)
def test_module_without_types_builds_and_harness_runs(tmp_path, tmp_path_factory, cc):
    out = generate(tmp_path, {"empty.asn1": "Empty DEFINITIONS AUTOMATIC TAGS ::= BEGIN\nEND\n"})
    build(out, cc, tmp_path_factory)
    for args in ([], ["roundtrip", "Empty.T"]):
        r = subprocess.run([str(out / "ilpc-harness"), *args], capture_output=True, text=True, timeout=30)
        assert r.returncode == 64, (args, r.returncode, r.stderr)
        assert "defines no types" in r.stderr, r.stderr
    run_program(tmp_path, out, cc, "empty", r"""#include "Empty.h"
#include "Empty_ilp.h"
#include <stdio.h>
int main(void) { puts("ok"); return 0; }
""")
