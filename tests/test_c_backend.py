"""The generated C: warning-free C11 on gcc and clang, usable from C++, fast to generate."""
import re
import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import SANITIZE_CFLAGS, SPEC_GROUPS, libcrypto_flags, make_harness, run_dir
from ilpc.driver import compile_specs
from test_ilp import ILP_GROUPS

# its tests may run on any xdist worker (tests/tiers.py): their builds are conftest's shared ones, or none
XDIST_SPREAD = True

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE_SPECS = sorted(ROOT.glob("examples/*/*.asn1"))
TEST_SPECS = sorted(p for p in (ROOT / "tests" / "specs").glob("*.asn1")) if (ROOT / "tests" / "specs").is_dir() else []
COMPILERS = [cc for cc in ("gcc", "clang") if shutil.which(cc)]

SAMPLE = """Sample DEFINITIONS AUTOMATIC TAGS ::= BEGIN
  Color ::= ENUMERATED { red(1), green(2), blue(7) }
  Point ::= SEQUENCE { x INTEGER (-1000..1000), y INTEGER (-1000..1000) }
  Shape ::= CHOICE { circle SEQUENCE { c Point, r INTEGER (0..65535) }, poly SEQUENCE (SIZE(3..16)) OF Point, none NULL }
  Doc ::= SEQUENCE {
    title UTF8String (SIZE(0..80)),
    tags SEQUENCE OF IA5String (SIZE(1..16)) OPTIONAL,
    color Color DEFAULT green,
    flags BIT STRING (SIZE(0..32)),
    digest OCTET STRING (SIZE(20)),
    scale REAL,
    big INTEGER (0..18446744073709551615),
    shapes SEQUENCE (SIZE(0..64)) OF Shape,
    int-keyword INTEGER OPTIONAL,
    ...,
    later BOOLEAN
  }
  Tree ::= SEQUENCE { value INTEGER, kids SEQUENCE OF Tree }
  List ::= SEQUENCE { head INTEGER, tail List OPTIONAL }
END
"""


def generate(tmp_path, specs, encodings=None):
    out = tmp_path / "out"
    compile_specs([str(s) for s in specs], str(out), encodings=encodings)
    return out


@pytest.fixture(scope="module")
def sample_spec(tmp_path_factory):
    d = tmp_path_factory.mktemp("sample")
    p = d / "sample.asn1"
    p.write_text(SAMPLE)
    return p


# A user's `make` at -O2, the per-cipher bodies: gcc, whose flow warnings come from the
# optimiser.  clang's come from its front end: test_specs_build_with_gcc_and_clang checks
# every spec's generated files with it, and the runtime is built with clang at -O2 and
# the Makefile's warnings by the file transfer's other-compiler build (test_filetransfer.py).
@pytest.mark.cbuild
@pytest.mark.skipif("gcc" not in COMPILERS, reason="no gcc")
def test_sample_builds_warning_free(tmp_path, sample_spec):
    out = generate(tmp_path, [sample_spec])
    r = subprocess.run(["make", "-C", str(out), "-j2", "CC=gcc", "CFLAGS=-O2"], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "warning" not in r.stderr


# The ILP code has one instantiation of every body per cipher (docs/ilp.md section 6),
# the bulk of the compile time.  Both compilers see those instantiations for the
# examples and IlpShapes (every kind of item at both parities), the compact form (the
# same template code, instantiated once) for the other specs.
# gcc compiles (its flow warnings, such as -Wmaybe-uninitialized, come from the
# optimiser: -O1); clang's warnings all come from its front end, so clang only checks
# the generated files (-fsyntax-only, the Makefile's warning flags); the runtime's
# files are compiled by clang elsewhere (test_ilp.py, test_tcp.py...).
# gcc builds the spec groups' files at -O1 with the Makefile's warnings as errors for
# the harnesses (conftest.group_harness: compact, every type a message type), and the
# per-cipher bodies of the file transfer and of IlpShapes, which holds every kind of
# item at both parities (test_ilp.py, PER_CIPHER_GROUPS): the same templates
# perf-object's per-cipher bodies are made of.  So here gcc builds only the specs no
# harness builds: the other examples.
# The examples of the BER family (their Makefiles run ilpc --encoding) are built with
# their BER codecs as well, and with the compact ILP form: they are about the
# encoding, not about the ILP paths.
BER_EXAMPLES = {p.name for p in EXAMPLE_SPECS
                if (p.parent / "Makefile").is_file() and "--encoding" in (p.parent / "Makefile").read_text()}
FULL_ILP_SPECS = {p.name for p in EXAMPLE_SPECS if p.name not in BER_EXAMPLES} | {"IlpShapes.asn1"}
HARNESS_SPECS = {Path(p).name for paths in {**SPEC_GROUPS, **ILP_GROUPS}.values() for p in paths}


def gcc_builds_here(spec: Path) -> bool:
    return spec.name not in HARNESS_SPECS


def makefile_var(out: Path, name: str) -> list[str]:
    m = re.search(rf"^{name} = (.*)$", (out / "Makefile").read_text(), re.M)
    assert m, f"no {name} in the generated Makefile"
    return m.group(1).split()


@pytest.mark.cbuild
@pytest.mark.parametrize("spec", EXAMPLE_SPECS + TEST_SPECS, ids=lambda p: p.name)
def test_specs_build_with_gcc_and_clang(tmp_path, tmp_path_factory, spec):
    out = generate(tmp_path, [spec], ["xdr", "ber"] if spec.name in BER_EXAMPLES else None)
    compact = f"-DILPC_ILP_COMPACT={0 if spec.name in FULL_ILP_SPECS else 1}"
    if "gcc" in COMPILERS and gcc_builds_here(spec):
        # the runtime's objects are the same for every spec: compiled once per compiler
        # and flags (conftest's make_harness); make compiles the generated files
        r = make_harness(out, ["-j2", "CC=gcc", "CFLAGS=-O1", f"CPPFLAGS={compact}"],
                         run_dir(tmp_path_factory) / "runtime-objects")
        assert r.returncode == 0, r.stdout + r.stderr
    if "clang" in COMPILERS:
        cflags, _ = libcrypto_flags()
        r = subprocess.run(["clang", *makefile_var(out, "WARNINGS"), "-fsyntax-only", compact, *cflags,
                            *makefile_var(out, "STUB_SRCS")], cwd=out, capture_output=True, text=True)
        assert r.returncode == 0, r.stdout + r.stderr


@pytest.mark.cbuild
@pytest.mark.skipif(not shutil.which("g++"), reason="no C++ compiler")
def test_headers_work_from_cpp(tmp_path, sample_spec):
    out = generate(tmp_path, [sample_spec])
    # the codec is what a C++ program includes here: the ILP bodies in their compact form
    subprocess.run(["make", "-C", str(out), "-j2", "CFLAGS=-O1", "CPPFLAGS=-DILPC_ILP_COMPACT=1"],
                   capture_output=True, check=True)
    app = tmp_path / "app.cpp"
    app.write_text("""#include "Sample.h"
#include <cstdio>
int main() {
    Sample_Point p; p.x = 3; p.y = -4;
    uint8_t buf[Sample_Point_MAX_SIZE]; size_t n = 0;
    if (Sample_Point_encode(&p, buf, sizeof buf, &n) != ILPC_OK || n != 8) return 1;
    Sample_Point q;
    if (Sample_Point_decode(&q, buf, n) != ILPC_OK || q.x != 3 || q.y != -4) return 2;
    std::puts("ok");
    return 0;
}
""")
    exe = tmp_path / "app"
    r = subprocess.run(["g++", "-std=c++17", "-Wall", "-Wextra", "-Werror", f"-I{out}", str(app),
                        str(out / "libsample.a"), *libcrypto_flags()[1], "-o", str(exe)], capture_output=True,
                       text=True)
    assert r.returncode == 0, r.stderr
    assert subprocess.run([str(exe)], capture_output=True, text=True).stdout.strip() == "ok"


@pytest.mark.cbuild
@pytest.mark.sanitizers
def test_user_program_round_trips_values(tmp_path, sample_spec):
    """A C program written against the generated API, as a user would, under ASan+UBSan."""
    out = generate(tmp_path, [sample_spec])
    san = " ".join(SANITIZE_CFLAGS)
    r = subprocess.run(["make", "-C", str(out), "-j2", f"CFLAGS={san}", f"LDFLAGS={san}"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    app = tmp_path / "app.c"
    app.write_text(r"""#include "Sample.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(void) {
    /* a list of 1000 nodes and a tree, built by hand */
    Sample_List *head = calloc(1, sizeof *head), *cur = head;
    for (int i = 1; i < 1000; i++) { cur->tail = calloc(1, sizeof *cur); cur = cur->tail; cur->head = i; }
    size_t need = Sample_List_size(head);
    uint8_t *buf = malloc(need); size_t n = 0;
    if (Sample_List_encode(head, buf, need, &n) != ILPC_OK || n != need) return 1;
    if (Sample_List_encode(head, buf, need - 1, &n) != ILPC_E_SHORT_BUFFER) return 2;
    Sample_List back;
    if (Sample_List_decode(&back, buf, need) != ILPC_E_DEPTH) return 3;  /* deeper than the limit */
    ilpc_xdr_limits lim = ilpc_xdr_get_limits(); lim.max_depth = 5000; ilpc_xdr_set_limits(lim);
    if (Sample_List_decode(&back, buf, need) != ILPC_OK) return 4;
    int i = 0; for (Sample_List *p = &back; p; p = p->tail) if (p->head != i++) return 5;
    if (i != 1000) return 6;
    Sample_List_free(&back); Sample_List_free(head); free(head); free(buf);

    Sample_Doc d; memset(&d, 0, sizeof d);
    d.title.data = "h\xc3\xa9llo"; d.title.len = 6;
    d.color = Sample_Color_blue; d.has_color = true;
    uint8_t bits[1] = {0xA0}; d.flags.bits = 3; d.flags.data = bits;
    d.scale = 0.5; d.big = UINT64_MAX; d.later = true; d.has_later = true;
    Sample_Shape shapes[2]; memset(shapes, 0, sizeof shapes);
    shapes[0].which = Sample_Shape_PR_circle; shapes[0].u.circle.c.x = -1000; shapes[0].u.circle.r = 9;
    shapes[1].which = Sample_Shape_PR_none;
    d.shapes.count = 2; d.shapes.items = shapes;
    uint8_t out[4096]; size_t len = 0;
    int rc = Sample_Doc_encode(&d, out, sizeof out, &len);
    if (rc != ILPC_OK || len != Sample_Doc_size(&d)) { printf("encode %s\n", ilpc_xdr_strerror(rc)); return 7; }
    Sample_Doc e;
    rc = Sample_Doc_decode(&e, out, len);
    if (rc != ILPC_OK) { printf("decode %s\n", ilpc_xdr_strerror(rc)); return 8; }
    if (e.title.len != 6 || memcmp(e.title.data, d.title.data, 6) || e.color != Sample_Color_blue || e.big != UINT64_MAX
        || e.flags.bits != 3 || e.flags.data[0] != 0xA0 || e.shapes.count != 2 || e.shapes.items[0].u.circle.c.x != -1000
        || e.shapes.items[1].which != Sample_Shape_PR_none || !e.has_later || !e.later || e.has_tags) return 9;
    Sample_Doc_free(&e);
    bits[0] = 0xA1;  /* a non-zero unused bit: refused */
    if (Sample_Doc_encode(&d, out, sizeof out, &len) != ILPC_E_BITS) return 10;
    bits[0] = 0xA0;
    d.has_color = false;  /* absent DEFAULT decodes to the default */
    if (Sample_Doc_encode(&d, out, sizeof out, &len) != ILPC_OK) return 11;
    if (Sample_Doc_decode(&e, out, len) != ILPC_OK || e.has_color || e.color != Sample_Color_green) return 12;
    Sample_Doc_free(&e);
    d.shapes.items[0].u.circle.c.x = 1001;  /* constraint violation on encode */
    if (Sample_Doc_encode(&d, out, sizeof out, &len) != ILPC_E_RANGE) return 13;
    puts("ok");
    return 0;
}
""")
    exe = tmp_path / "app"
    r = subprocess.run(["gcc", "-std=c11", "-Wall", "-Wextra", "-Werror", *san.split(), f"-I{out}", str(app),
                        str(out / "libsample.a"), *libcrypto_flags()[1], "-o", str(exe)], capture_output=True,
                       text=True)
    assert r.returncode == 0, r.stderr
    r = subprocess.run([str(exe)], capture_output=True, text=True)
    assert r.returncode == 0 and r.stdout.strip() == "ok", (r.returncode, r.stdout, r.stderr)


DEFAULTS = """Dflt DEFINITIONS AUTOMATIC TAGS ::= BEGIN
  Point ::= SEQUENCE { x INTEGER (0..100), y INTEGER (0..100) DEFAULT 7, z BOOLEAN OPTIONAL }
  Flags ::= BIT STRING { a(0), b(1), c(5) }
  Ints ::= SEQUENCE OF INTEGER
  Points ::= SEQUENCE OF Point
  Shape ::= CHOICE { p Point, n INTEGER, none NULL }
  Node ::= SEQUENCE { v INTEGER, next Node OPTIONAL }
  T ::= SEQUENCE {
    p Point DEFAULT { x 1, z TRUE },
    l Ints DEFAULT { 1, 2, 3 },
    e Points DEFAULT {},
    f Flags DEFAULT { a, c },
    s Shape DEFAULT p : { x 5, y 6 },
    r REAL DEFAULT { mantissa 5, base 10, exponent -1 },
    q SEQUENCE { a Points, b BOOLEAN, c Shape } DEFAULT { a { { x 9 }, { x 10, y 11 } }, b FALSE, c none : NULL },
    n Node DEFAULT { v 1, next { v 2 } },
    o OCTET STRING DEFAULT 'CAFE'H
  }
END
"""


@pytest.mark.cbuild
@pytest.mark.sanitizers
def test_constructed_defaults_fill_absent_components(tmp_path):
    """An absent DEFAULT component of a SEQUENCE, SEQUENCE OF, CHOICE or named-bit type
    decodes to its default value (allocated, freed by T_free), under ASan+UBSan."""
    spec = tmp_path / "dflt.asn1"
    spec.write_text(DEFAULTS)
    out = generate(tmp_path, [spec])
    san = " ".join(SANITIZE_CFLAGS)
    r = subprocess.run(["make", "-C", str(out), "-j2", f"CFLAGS={san}", f"LDFLAGS={san}"], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    app = tmp_path / "app.c"
    app.write_text(r"""#include "Dflt.h"
#include <stdio.h>
#include <string.h>
int main(void) {
    Dflt_T t; memset(&t, 0, sizeof t);  /* every DEFAULT component absent */
    uint8_t buf[256]; size_t n = 0;
    if (Dflt_T_encode(&t, buf, sizeof buf, &n) != ILPC_OK || n != 9 * 4) return 1;
    Dflt_T d;
    if (Dflt_T_decode(&d, buf, n) != ILPC_OK) return 2;
    if (d.has_p || d.p.x != 1 || d.p.y != 7 || d.p.has_y || !d.p.has_z || !d.p.z) return 3;
    if (d.l.count != 3 || d.l.items[0] != 1 || d.l.items[1] != 2 || d.l.items[2] != 3) return 4;
    if (d.e.count != 0 || d.e.items != NULL) return 5;
    if (d.f.bits != 6 || d.f.data[0] != 0x84) return 6;
    if (d.s.which != Dflt_Shape_PR_p || d.s.u.p.x != 5 || d.s.u.p.y != 6 || !d.s.u.p.has_y) return 7;
    if (d.r != 0.5) return 8;
    if (d.q.a.count != 2 || d.q.a.items[0].x != 9 || d.q.a.items[0].y != 7 || d.q.a.items[1].y != 11
        || d.q.b || d.q.c.which != Dflt_Shape_PR_none) return 9;
    if (d.n.v != 1 || d.n.next == NULL || d.n.next->v != 2 || d.n.next->next != NULL) return 10;
    if (d.o.len != 2 || d.o.data[0] != 0xCA || d.o.data[1] != 0xFE) return 11;
    uint8_t again[256]; size_t m = 0;  /* absent again: the same bytes */
    if (Dflt_T_encode(&d, again, sizeof again, &m) != ILPC_OK || m != n || memcmp(buf, again, n)) return 12;
    Dflt_T_free(&d);
    puts("ok");
    return 0;
}
""")
    exe = tmp_path / "app"
    r = subprocess.run(["gcc", "-std=c11", "-Wall", "-Wextra", "-Werror", *san.split(), f"-I{out}", str(app),
                        str(out / "libdflt.a"), *libcrypto_flags()[1], "-o", str(exe)], capture_output=True,
                       text=True)
    assert r.returncode == 0, r.stderr
    r = subprocess.run([str(exe)], capture_output=True, text=True)
    assert r.returncode == 0 and r.stdout.strip() == "ok", (r.returncode, r.stdout, r.stderr)


INNER = """Inner DEFINITIONS AUTOMATIC TAGS ::= BEGIN
  S ::= SEQUENCE { a INTEGER OPTIONAL, b BOOLEAN OPTIONAL, c INTEGER, next S OPTIONAL }
  Either ::= S (WITH COMPONENTS { ..., a PRESENT } | WITH COMPONENTS { ..., b PRESENT })
  Narrow ::= S (WITH COMPONENTS { ..., c (0..5), next ABSENT })
  C ::= CHOICE { x INTEGER, y BOOLEAN, z NULL }
  NotY ::= C (WITH COMPONENTS { ..., y ABSENT })
  Ints ::= SEQUENCE (SIZE (0..4)) OF INTEGER
  Digits ::= Ints (WITH COMPONENT (0..9))
END
"""


@pytest.mark.cbuild
@pytest.mark.sanitizers
def test_with_components_rejects_on_encode_and_decode(tmp_path):
    """WITH COMPONENTS and WITH COMPONENT: values that break them are refused by the
    encoder (ILPC_E_PRESENCE, ILPC_E_RANGE) and, as bytes, by the decoder; the wire
    format stays the parent type's (c stays a hyper under (0..5))."""
    spec = tmp_path / "inner.asn1"
    spec.write_text(INNER)
    out = generate(tmp_path, [spec])
    san = " ".join(SANITIZE_CFLAGS)
    r = subprocess.run(["make", "-C", str(out), "-j2", f"CFLAGS={san}", f"LDFLAGS={san}"], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    app = tmp_path / "app.c"
    app.write_text(r"""#include "Inner.h"
#include <stdio.h>
#include <string.h>
int main(void) {
    uint8_t buf[256]; size_t n = 0;
    Inner_S s; memset(&s, 0, sizeof s); s.c = 3;
    if (Inner_S_encode(&s, buf, sizeof buf, &n) != ILPC_OK) return 1;
    Inner_Either e;
    if (Inner_Either_decode(&e, buf, n) != ILPC_E_PRESENCE) return 2;  /* neither a nor b */
    Inner_Either ev; memset(&ev, 0, sizeof ev); ev.c = 3;
    if (Inner_Either_encode(&ev, buf, sizeof buf, &n) != ILPC_E_PRESENCE) return 3;
    ev.has_b = true; ev.b = true;
    if (Inner_Either_encode(&ev, buf, sizeof buf, &n) != ILPC_OK) return 4;
    if (Inner_Either_decode(&e, buf, n) != ILPC_OK || !e.has_b) return 5;
    Inner_Either_free(&e);
    Inner_Narrow w; memset(&w, 0, sizeof w); w.c = 6;
    if (Inner_Narrow_encode(&w, buf, sizeof buf, &n) != ILPC_E_RANGE) return 6;
    w.c = 5;
    if (Inner_Narrow_encode(&w, buf, sizeof buf, &n) != ILPC_OK || n != 20) return 7;  /* 3 flags, c a hyper */
    Inner_S tail; memset(&tail, 0, sizeof tail);
    w.has_next = true; w.next = tail;  /* Narrow holds S by value (no cycle) */
    if (Inner_Narrow_encode(&w, buf, sizeof buf, &n) != ILPC_E_PRESENCE) return 8;
    Inner_NotY c; memset(&c, 0, sizeof c); c.which = Inner_NotY_PR_y;
    if (Inner_NotY_encode(&c, buf, sizeof buf, &n) != ILPC_E_PRESENCE) return 9;
    Inner_C y; memset(&y, 0, sizeof y); y.which = Inner_C_PR_y;
    if (Inner_C_encode(&y, buf, sizeof buf, &n) != ILPC_OK) return 10;
    if (Inner_NotY_decode(&c, buf, n) != ILPC_E_PRESENCE) return 11;
    int64_t items[2] = {1, 10};
    Inner_Digits d; d.count = 2; d.items = items;
    if (Inner_Digits_encode(&d, buf, sizeof buf, &n) != ILPC_E_RANGE) return 12;
    Inner_Ints i; i.count = 2; i.items = items;
    if (Inner_Ints_encode(&i, buf, sizeof buf, &n) != ILPC_OK) return 13;
    if (Inner_Digits_decode(&d, buf, n) != ILPC_E_RANGE) return 14;
    puts("ok");
    return 0;
}
""")
    exe = tmp_path / "app"
    r = subprocess.run(["gcc", "-std=c11", "-Wall", "-Wextra", "-Werror", *san.split(), f"-I{out}", str(app),
                        str(out / "libinner.a"), *libcrypto_flags()[1], "-o", str(exe)], capture_output=True,
                       text=True)
    assert r.returncode == 0, r.stderr
    r = subprocess.run([str(exe)], capture_output=True, text=True)
    assert r.returncode == 0 and r.stdout.strip() == "ok", (r.returncode, r.stdout, r.stderr)


@pytest.mark.cbuild
def test_thousand_type_spec_generates_fast(tmp_path):
    lines = ["Big DEFINITIONS AUTOMATIC TAGS ::= BEGIN"]
    for i in range(1000):
        k = i % 4
        if k == 0:
            lines.append(f"  T{i} ::= SEQUENCE {{ a INTEGER (0..{i + 10}), b IA5String (SIZE(0..{i + 1})), "
                         f"c BOOLEAN OPTIONAL, d SEQUENCE SIZE(0..8) OF INTEGER }}")
        elif k == 1:
            lines.append(f"  T{i} ::= CHOICE {{ x T{i - 1}, y OCTET STRING (SIZE(4)), z NULL }}")
        elif k == 2:
            lines.append(f"  T{i} ::= SEQUENCE {{ p T{i - 1} OPTIONAL, q ENUMERATED {{ e0(0), e1(1), e2(7) }} DEFAULT e1, r REAL }}")
        else:
            lines.append(f"  T{i} ::= SEQUENCE SIZE(1..10) OF T{i - 1}")
    lines.append("END")
    spec = tmp_path / "big.asn1"
    spec.write_text("\n".join(lines) + "\n")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    r = subprocess.run([sys.executable, "-m", "ilpc", str(spec), "-o", str(tmp_path / "out")],
                       capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    assert r.returncode == 0, r.stderr
    # a guard against a blow-up (a quadratic pass once took it to 9.8 s), not a benchmark:
    # about 5 s of CPU on this 2-CPU machine.  CPU time, not wall time: a busy machine
    # (the test suite runs two workers beside other builds) stretches the wall time
    # several-fold (32 s once under a load of 10)
    assert cpu < 10.0, f"1000-type spec took {cpu:.2f} s of CPU"
    # the output is valid C (syntax check only: a full -O2 build of 200k lines takes minutes).
    # Without gcc's -Wmisleading-indentation, which takes 31 of its 33 s on these 150,000
    # lines (gcc 12; its cost grows faster than the file); every spec's C gets the warning
    # in test_specs_build_with_gcc_and_clang.
    if COMPILERS:
        r = subprocess.run([COMPILERS[0], "-std=c11", "-fsyntax-only", "-Wall", "-Wextra", "-Werror",
                            "-Wno-misleading-indentation", str(tmp_path / "out" / "Big.c")],
                           capture_output=True, text=True)
        assert r.returncode == 0, r.stderr[:2000]
