"""Message types (PDUs): which types get ILP paths, and ``ilpc --pdu``.

By default the ILP back end serves the named types that no other type uses; ``--pdu``
adds types by name (``Type`` or ``Module.Type``) or all of them.  The XDR functions stay
for every type.
"""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT

# its tests may run on any xdist worker (tests/tiers.py): their builds are conftest's shared ones, or none
XDIST_SPREAD = True

SPEC = ROOT / "examples" / "filetransfer" / "filetransfer.asn1"


def ilpc(*args, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ilpc", *args], capture_output=True, text=True, cwd=cwd)


def messages(header: str) -> list[str]:
    """The message types a generated _ilp.h declares."""
    return re.findall(r"^extern const ilpc_msg_type (\w+)_msg;", header, re.M)


def generate(tmp_path: Path, *args: str, spec: Path = SPEC, name: str = "FileTransfer") -> tuple[str, str]:
    out = tmp_path / "out"
    r = ilpc(str(spec), "-o", str(out), *args)
    assert r.returncode == 0, r.stderr
    return (out / f"{name}_ilp.h").read_text(), (out / f"{name}.h").read_text()


def test_default_is_the_types_no_other_type_uses(tmp_path):
    ilp_h, xdr_h = generate(tmp_path)
    assert messages(ilp_h) == ["FileTransfer_Message"]
    assert "ILPC_MSG_API(FileTransfer_Message)" in ilp_h and "FileTransfer_Reply" not in ilp_h
    # the XDR functions stay for every named type
    for t in ("Message", "Request", "Reply", "ErrorReply"):
        assert f"int FileTransfer_{t}_decode(" in xdr_h


@pytest.mark.parametrize("names,want", [
    (["--pdu", "Reply"], ["FileTransfer_Reply", "FileTransfer_Message"]),
    (["--pdu", "FileTransfer.Reply,Request"], ["FileTransfer_Request", "FileTransfer_Reply", "FileTransfer_Message"]),
    (["--pdu", "all"], ["FileTransfer_Request", "FileTransfer_Reply", "FileTransfer_ErrorReply",
                        "FileTransfer_Message"]),
])
def test_pdu_option_adds_types(tmp_path, names, want):
    ilp_h, _ = generate(tmp_path, *names)
    assert sorted(messages(ilp_h)) == sorted(want)


@pytest.mark.parametrize("name,msg", [
    ("Nope", "--pdu Nope: no type of that name"),
    ("Other.Reply", "--pdu Other.Reply: no type of that name"),
])
def test_unknown_pdu_is_an_error(tmp_path, name, msg):
    r = ilpc(str(SPEC), "-o", str(tmp_path / "out"), "--pdu", name)
    assert r.returncode == 1 and f"ilpc: error: {msg}" in r.stderr and "Traceback" not in r.stderr
    assert not (tmp_path / "out").exists()


def test_ambiguous_pdu_names_its_modules(tmp_path):
    (tmp_path / "A.asn1").write_text("A DEFINITIONS ::= BEGIN T ::= INTEGER (0..9) END\n")
    (tmp_path / "B.asn1").write_text("B DEFINITIONS ::= BEGIN T ::= BOOLEAN END\n")
    r = ilpc(str(tmp_path / "A.asn1"), str(tmp_path / "B.asn1"), "-o", str(tmp_path / "out"), "--pdu", "T")
    assert r.returncode == 1 and "--pdu T: ambiguous, say which module's: A.T, B.T" in r.stderr
    assert ilpc(str(tmp_path / "A.asn1"), str(tmp_path / "B.asn1"), "-o", str(tmp_path / "out"),
                "--pdu", "B.T").returncode == 0


@pytest.mark.cbuild
def test_recursion_and_imports(tmp_path):
    """A type's own components are not uses: a recursive type is a message; a type that
    another module uses is not."""
    (tmp_path / "Base.asn1").write_text(
        "Base DEFINITIONS AUTOMATIC TAGS ::= BEGIN\n"
        "  Id ::= INTEGER (0..65535)\n"
        "  Tree ::= SEQUENCE { id Id, kids SEQUENCE (SIZE (0..4)) OF Tree }\n"
        "END\n")
    (tmp_path / "App.asn1").write_text(
        "App DEFINITIONS AUTOMATIC TAGS ::= BEGIN\n"
        "  IMPORTS Id FROM Base;\n"
        "  Hello ::= SEQUENCE { who Id, text UTF8String (SIZE (0..10)) }\n"
        "END\n")
    out = tmp_path / "out"
    r = ilpc(str(tmp_path / "App.asn1"), "-I", str(tmp_path), "-o", str(out))
    assert r.returncode == 0, r.stderr
    assert messages((out / "App_ilp.h").read_text()) == ["App_Hello"]
    assert messages((out / "Base_ilp.h").read_text()) == ["Base_Tree"]  # Id is used by App
    r = subprocess.run(["make", "-s", "-C", str(out), "CFLAGS=-O0 -std=c11 -Wall -Wextra -Werror -pedantic",
                        "CPPFLAGS=-DILPC_ILP_COMPACT=1"], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


@pytest.mark.cbuild
def test_harness_refuses_ilp_paths_of_other_types(tmp_path):
    out = tmp_path / "out"
    assert ilpc(str(SPEC), "-o", str(out)).returncode == 0
    r = subprocess.run(["make", "-s", "-C", str(out), "CFLAGS=-O0", "CPPFLAGS=-DILPC_ILP_COMPACT=1"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    xdr = b"\0\0\0\x07\0\0\0\x01\0\0\0\0\0\0\0\0"  # Reply: 7, TRUE, no data, no digest
    r = subprocess.run([str(out / "ilpc-harness"), "seal", "FileTransfer.Reply"], input=xdr, capture_output=True)
    assert r.returncode == 64
    assert b"FileTransfer.Reply is not a message type" in r.stderr and b"--pdu FileTransfer.Reply" in r.stderr
    # its XDR functions are there, and the message that carries it has ILP paths
    assert subprocess.run([str(out / "ilpc-harness"), "roundtrip", "FileTransfer.Reply"], input=xdr,
                          capture_output=True).stdout == xdr
    msg = b"\0\0\0\x01" + xdr
    sealed = subprocess.run([str(out / "ilpc-harness"), "seal", "FileTransfer.Message", "--cipher", "xor",
                             "--key", "0123456789abcdef"], input=msg, capture_output=True)
    assert sealed.returncode == 0, sealed.stderr
    opened = subprocess.run([str(out / "ilpc-harness"), "open", "FileTransfer.Message", "--cipher", "xor",
                             "--key", "0123456789abcdef"], input=sealed.stdout, capture_output=True)
    assert opened.returncode == 0 and opened.stdout == msg


def test_explain_covers_the_message_types(tmp_path):
    r = ilpc("--explain", str(SPEC))
    assert r.returncode == 0
    assert "FileTransfer.Message:" in r.stdout and "FileTransfer.Reply:" not in r.stdout
    r = ilpc("--explain", str(SPEC), "--pdu", "Reply")
    assert "FileTransfer.Reply:" in r.stdout
