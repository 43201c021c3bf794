"""The ilpc command line: exit codes, diagnostics without tracebacks, outputs."""
import subprocess
import sys

import pytest

import ilpc

# its tests may run on any xdist worker (tests/tiers.py): their builds are conftest's shared ones, or none
XDIST_SPREAD = True


def run(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "ilpc", *args], capture_output=True, text=True, cwd=cwd)


def test_version_and_help():
    r = run("--version")
    assert r.returncode == 0 and r.stdout.strip() == f"ilpc {ilpc.__version__}"
    r = run("--help")
    assert r.returncode == 0 and "examples:" in r.stdout and "--emit {c,x,ir}" in r.stdout


def test_syntax_and_semantic_errors_exit_1_without_traceback(tmp_path):
    bad = tmp_path / "bad.asn1"
    bad.write_text("M DEFINITIONS ::= BEGIN\n  A ::= SEQUENCE { x Nope }\nEND\n")
    r = run(str(bad), "-o", str(tmp_path / "o"))
    assert r.returncode == 1
    assert r.stderr == f"{bad}:2:22: error: undefined type 'Nope'\n"
    bad.write_text("M DEFINITIONS ::= BEGIN\n  A ::= \nEND\n")
    r = run(str(bad), "-o", str(tmp_path / "o"))
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert r.stderr.startswith(f"{bad}:3:1: error:")


def test_missing_file(tmp_path):
    r = run(str(tmp_path / "none.asn1"))
    assert r.returncode == 1 and "Traceback" not in r.stderr and "none.asn1" in r.stderr


def test_outputs_rewritten_only_when_changed(tmp_path):
    spec = tmp_path / "s.asn1"
    spec.write_text("S DEFINITIONS ::= BEGIN A ::= INTEGER (0..9) END\n")
    out = tmp_path / "out"
    assert run(str(spec), "-o", str(out)).returncode == 0
    before = {p.name: p.stat().st_mtime_ns for p in out.iterdir()}
    r = run(str(spec), "-o", str(out), "-v")
    assert r.returncode == 0 and "unchanged" in r.stderr and "wrote" not in r.stderr
    assert {p.name: p.stat().st_mtime_ns for p in out.iterdir()} == before


def test_template_cache_changes_no_output(tmp_path):
    """Jinja's cache of compiled templates (compiler/backend/render.py): filled by a first
    run, read by the next, skipped when its files are cut short or ILPC_TEMPLATE_CACHE=0;
    the output is the same every time."""
    import os
    spec = tmp_path / "s.asn1"
    spec.write_text("S DEFINITIONS ::= BEGIN A ::= SEQUENCE { n INTEGER (0..9), t IA5String (SIZE(0..5)) } END\n")
    tmp = tmp_path / "tmp"
    tmp.mkdir()

    def outputs(name: str, **env) -> dict:
        r = subprocess.run([sys.executable, "-m", "ilpc", str(spec), "-o", str(tmp_path / name)], capture_output=True,
                           text=True, env=dict(os.environ, TMPDIR=str(tmp), **env))
        assert r.returncode == 0 and r.stderr == "", r.stderr
        return {p.name: p.read_bytes() for p in (tmp_path / name).iterdir()}

    first = outputs("first")
    cache = [p for d in tmp.iterdir() for p in d.glob("ilpc-*.cache")]
    assert len(cache) >= 3, sorted(tmp.rglob("*"))
    assert outputs("cached") == first
    for p in cache:
        data = p.read_bytes()
        p.write_bytes(data[:len(data) // 2])
    assert outputs("cut") == first
    assert outputs("none", ILPC_TEMPLATE_CACHE="0") == first


def test_emit_ir_and_x(tmp_path):
    spec = tmp_path / "s.asn1"
    spec.write_text("S DEFINITIONS ::= BEGIN A ::= SEQUENCE { n INTEGER (0..9), t IA5String (SIZE(0..5)) } END\n")
    assert run("--emit", "ir", str(spec), "-o", str(tmp_path / "ir")).returncode == 0
    text = (tmp_path / "ir" / "s.ir.txt").read_text()
    assert "plan S.A: struct named, bounded size 8..16" in text
    assert run("--emit", "x", str(spec), "-o", str(tmp_path / "x")).returncode == 0
    x = (tmp_path / "x" / "s.x").read_text()
    assert "struct S_A {\n    int n;\n    string t<5>;\n};" in x


def test_missing_template_is_an_internal_error_not_a_spec_error(tmp_path, monkeypatch, capsys):
    """A broken installation (a template missing) is ilpc's fault: exit 70 and say so."""
    import jinja2
    from ilpc import cli

    def missing(*_a, **_k):
        raise jinja2.TemplateNotFound("C/build/Makefile.j2")
    monkeypatch.setattr(jinja2.Environment, "get_template", missing)
    spec = tmp_path / "s.asn1"
    spec.write_text("S DEFINITIONS ::= BEGIN A ::= INTEGER (0..9) END\n")
    monkeypatch.delenv("ILPC_DEBUG", raising=False)
    assert cli.main([str(spec), "-o", str(tmp_path / "o")]) == 70
    err = capsys.readouterr().err
    assert "internal compiler error: TemplateNotFound: C/build/Makefile.j2" in err and "None" not in err


def test_every_shipped_source_file_is_tracked_by_git():
    """templates/, runtime/ and compiler/ ship in the package: an ignore rule that swallows one
    of them (as `build/` once did to templates/C/build/) breaks every clean checkout."""
    import shutil
    from pathlib import Path
    root = Path(__file__).resolve().parents[1]
    if not (root / ".git").exists() or shutil.which("git") is None:
        import pytest
        pytest.skip("not a git checkout")
    tracked = set(subprocess.run(["git", "ls-files", "templates", "runtime", "compiler"], cwd=root,
                                 capture_output=True, text=True, check=True).stdout.split())
    on_disk = {str(p.relative_to(root)) for d in ("templates", "runtime", "compiler")
               for p in (root / d).rglob("*")
               if p.is_file() and "__pycache__" not in p.parts and p.suffix not in (".pyc", ".o")}
    assert sorted(on_disk - tracked) == []



IDENTIFICATION = ("identification CHOICE { syntaxes SEQUENCE { abstract OBJECT IDENTIFIER, transfer OBJECT "
                  "IDENTIFIER }, syntax OBJECT IDENTIFIER, presentation-context-id INTEGER, context-negotiation "
                  "SEQUENCE { presentation-context-id INTEGER, transfer-syntax OBJECT IDENTIFIER }, "
                  "transfer-syntax OBJECT IDENTIFIER, fixed NULL }")


@pytest.mark.parametrize("kind, written", [
    ("EMBEDDED PDV", f"SEQUENCE {{ {IDENTIFICATION}, data-value OCTET STRING }}"),
    ("CHARACTER STRING", f"SEQUENCE {{ {IDENTIFICATION}, string-value OCTET STRING }}"),
    ("EXTERNAL", "SEQUENCE { identification CHOICE { syntax OBJECT IDENTIFIER, presentation-context-id "
                 "INTEGER, context-negotiation SEQUENCE { presentation-context-id INTEGER, transfer-syntax "
                 "OBJECT IDENTIFIER } }, data-value-descriptor GraphicString OPTIONAL, data-value OCTET STRING }"),
])
def test_associated_types_travel_as_written_out(tmp_path, kind, written):
    """docs/mapping.md: CHARACTER STRING, EMBEDDED PDV and EXTERNAL are encoded as their
    associated SEQUENCE types (X.680); written out by hand, they give the same XDR.  (X.680
    defines them in an environment of automatic tags: written out in a module of explicit
    tags, the CHOICE's OBJECT IDENTIFIER alternatives would have the same tag.)"""
    def xdr_of(type_text: str, name: str) -> str:
        spec = tmp_path / f"{name}.asn1"
        spec.write_text(f"S DEFINITIONS AUTOMATIC TAGS ::= BEGIN\nA ::= {type_text}\nEND\n")
        assert run("--emit", "x", str(spec), "-o", str(tmp_path / name)).returncode == 0
        x = (tmp_path / name / f"{name}.x").read_text()
        return x[x.index("typedef"):]  # after the header, which names the file

    assert xdr_of(kind, "builtin") == xdr_of(written, "written")


def test_object_sets_of_a_missing_module_warn_and_exit_0(tmp_path):
    """A module that was not given, whose names are used only as object sets: one warning
    (located at its IMPORTS clause), exit status 0; a use that needs a definition from it
    is a located error, exit status 1."""
    spec = tmp_path / "dsrc.asn1"
    text = ("D DEFINITIONS AUTOMATIC TAGS ::= BEGIN\n"
            "IMPORTS Reg-A, Reg-B FROM REGION { 1 0 19091 2 1 2 };\n"
            "C ::= CLASS { &id INTEGER (0..255) UNIQUE, &Type } WITH SYNTAX { &Type IDENTIFIED BY &id }\n"
            "Ext {C : Set} ::= SEQUENCE { id C.&id ({Set}), v C.&Type ({Set}{@id}) }\n"
            "M ::= SEQUENCE { a Ext {{Reg-A}}, b Ext {{Reg-B}}, c Ext {{Reg-A}} }\n"
            "END\n")
    spec.write_text(text)
    r = run(str(spec), "-o", str(tmp_path / "o"))
    assert r.returncode == 0, r.stderr
    assert r.stderr == (f"{spec}:2:27: warning: module 'REGION' was not found; its object sets Reg-A, Reg-B are "
                        "taken as unknown (an open type such a set constrains is an opaque)\n")
    assert (tmp_path / "o" / "D.h").is_file()
    spec.write_text(text.replace("c Ext {{Reg-A}}", "c Reg-B"))
    r = run(str(spec), "-o", str(tmp_path / "o"))
    assert r.returncode == 1
    assert r.stderr == (f"{spec}:5:54: error: 'Reg-B' is imported from module 'REGION', which was not found: its "
                        "definition is needed here (give the module's file on the command line or with -I)\n"
                        f"{spec}:2:16: note: 'Reg-B' is imported here\n")


def test_objects_needing_values_of_a_missing_module_warn_and_exit_0(tmp_path):
    """An object set whose object needs a value of a module that was not given (RFC 3447's
    digest algorithms with NIST-SHA2's ids) is unknown, and a value assignment that needs
    one and that nothing uses is left out: one warning naming them, exit status 0; a
    DEFAULT that needs such a value is a located error, exit status 1."""
    spec = tmp_path / "pkcs.asn1"
    text = ("P DEFINITIONS ::= BEGIN\n"
            "IMPORTS id-sha256 FROM NIST-SHA2 { 2 16 840 1 101 3 4 0 1 };\n"
            "ALG ::= CLASS { &id OBJECT IDENTIFIER UNIQUE, &Type OPTIONAL } WITH SYNTAX { OID &id [PARAMETERS &Type] }\n"
            "Algs ALG ::= { { OID { 1 3 14 3 2 26 } PARAMETERS NULL } | { OID id-sha256 PARAMETERS NULL } }\n"
            "D ::= SEQUENCE { algorithm ALG.&id ({Algs}), parameters ALG.&Type ({Algs}{@algorithm}) OPTIONAL }\n"
            "sha256-x OBJECT IDENTIFIER ::= { id-sha256 1 }\n"
            "END\n")
    spec.write_text(text)
    r = run(str(spec), "-o", str(tmp_path / "o"))
    assert r.returncode == 0, r.stderr
    assert r.stderr == (f"{spec}:2:24: warning: module 'NIST-SHA2' was not found; its value id-sha256 is taken "
                        "as unknown, and so is the object set Algs, which holds an object that needs it (an open "
                        "type such a set constrains is an opaque); the value assignment sha256-x, which needs it, "
                        "is left out\n")
    assert (tmp_path / "o" / "P.h").is_file()
    # (h first and tagged: after the OPTIONAL open type, whose tag is indeterminate, a
    # decoder could not tell h from it, X.680 25.6)
    spec.write_text(text.replace("D ::= SEQUENCE { algorithm", "D ::= SEQUENCE { h [0] OBJECT IDENTIFIER DEFAULT id-sha256, algorithm"))
    r = run(str(spec), "-o", str(tmp_path / "o"))
    assert r.returncode == 1
    assert r.stderr == (f"{spec}:5:50: error: 'id-sha256' is imported from module 'NIST-SHA2', which was not "
                        "found: its definition is needed here (give the module's file on the command line or "
                        "with -I)\n"
                        f"{spec}:2:9: note: 'id-sha256' is imported here\n")
