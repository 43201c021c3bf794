"""Smoke tests of the XDR benchmark (bench/xdr/run.py: it builds, its byte-identity
and round-trip checks pass, and it reports a median for every case) and of the file
transfer benchmark (bench/filetransfer/run.py --quick: the kernel's TCP and the
user-level TCP, both modes, a lossy cell, the tables and the results file).  No timing
assertions: this only keeps the benchmarks runnable."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
RUN = REPO / "bench" / "xdr" / "run.py"
CC = next((c for c in ("gcc", "cc", "clang") if shutil.which(c)), None)


def _tirpc() -> bool:
    if shutil.which("pkg-config"):
        if subprocess.run(["pkg-config", "--exists", "libtirpc"]).returncode == 0:
            return True
    return Path("/usr/include/tirpc/rpc/rpc.h").exists()


needs_xdr = [
    pytest.mark.skipif(shutil.which("rpcgen") is None, reason="rpcgen not installed (apt-get install rpcsvc-proto)"),
    pytest.mark.skipif(not _tirpc(), reason="libtirpc-dev not installed"),
]
pytestmark = [pytest.mark.cbuild, pytest.mark.bench, pytest.mark.peers, pytest.mark.skipif(CC is None or shutil.which("make") is None, reason="no C compiler or make")]

CASES = {(m, op) for m in ("Int20", "Int20Arr", "Mixed") for op in ("encode", "decode")}


@pytest.fixture(scope="module")
def quick_run(tmp_path_factory):
    for m in needs_xdr:
        if m.args[0]:
            pytest.skip(m.kwargs["reason"])
    tmp = tmp_path_factory.mktemp("bench_xdr")
    results = tmp / "results.json"
    p = subprocess.run([sys.executable, str(RUN), "--quick", "--cc", CC, "--build-dir", str(tmp / "build"),
                        "--results", str(results)],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=300)
    return p, tmp / "build", results


def test_quick_run_completes_and_verifies(quick_run):
    p, _, results = quick_run
    assert p.returncode == 0, p.stdout + p.stderr
    assert "VERIFY FAILED" not in p.stderr
    checks = [l.strip() for l in p.stderr.splitlines() if l.strip().startswith("verify:")]
    identical = [l for l in checks if "byte-identical" in l and l.endswith("OK")]
    roundtrip = [l for l in checks if "decoders return" in l and l.endswith("OK")]
    assert len(identical) == 4, checks   # Int20, Int20Arr, Mixed with and without ttl
    assert len(roundtrip) == 4, checks
    assert "byte-identity and round-trip checks: OK" in p.stdout

    cfg = next(iter(json.loads(results.read_text())["configs"].values()))
    assert {(e["msg"], e["op"]) for e in cfg["summary"]} == CASES
    for e in cfg["summary"]:
        for impl in ("ilpc", "rpcgen", "hand"):
            assert e[impl] > 0, e
    assert len(cfg["targets"]) == 4
    assert results.with_suffix(".md").exists()


def test_verification_fails_loudly_on_a_mismatch(quick_run):
    _, build, _ = quick_run
    exe = build / "bench_xdr"
    assert exe.exists()
    env = dict(os.environ, ILPC_BENCH_CORRUPT="1")
    p = subprocess.run([str(exe), "--quick", "--no-pin"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True, env=env, timeout=60)
    assert p.returncode == 2, p.stderr
    assert "VERIFY FAILED" in p.stderr
    assert "not byte-identical" in p.stderr
    assert p.stdout == ""  # nothing was timed


# ----------------------------------------------------------- bench/filetransfer --quick

FT_RUN = REPO / "bench" / "filetransfer" / "run.py"


def test_filetransfer_quick(tmp_path):
    """run.py --quick over kernel and udp: every cell measured in both modes, the loss cell
    on udp, the calls alone, the tables written, an unknown transport skipped with a note;
    with libcrypto also the authenticated ciphers (their key from the environment, the ILP
    side of aes-128-gcm as --mode auto, said in a note)."""
    aeads = ["chacha20-poly1305", "aes-128-gcm"] if subprocess.run(
        ["pkg-config", "--exists", "libcrypto >= 3"]).returncode == 0 else []
    ciphers = ["none", "xor", *aeads]
    p = subprocess.run([sys.executable, str(FT_RUN), "--quick", "--cc", CC, "--transports", "kernel,udp,bogus",
                        "--ciphers", ",".join(ciphers), "--out", str(tmp_path), "--build-dir", str(tmp_path / "build")],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=600)
    assert p.returncode == 0, p.stdout[-3000:] + p.stderr[-3000:]
    res = json.loads((tmp_path / "results" / "results.json").read_text())
    assert res["meta"]["transports"] == ["kernel", "udp"]
    assert any("bogus skipped" in n for n in res["meta"]["notes"])
    cells = {(r["transport"], r["cipher"], r["size"], r["loss"]) for r in res["rows"]}
    for c in ciphers:
        for s in (1024, 65536):
            assert ("kernel", c, s, 0.0) in cells and ("udp", c, s, 0.0) in cells
            assert ("udp", c, s, 0.01) in cells
    if aeads:
        assert any(n.startswith("aes-128-gcm has no fused path") for n in res["meta"]["notes"])
    for r in res["rows"]:
        for m in ("ilp", "layered"):
            assert r[m]["mbs"] > 0, r
            assert r[m]["cpu_gb_server"] > 0 and r[m]["cpu_gb_client"] > 0, r
            assert 0 <= r[m]["share_server"] <= 1.01 and 0 <= r[m]["share_client"] <= 1.01, r
    md = (tmp_path / "results.md").read_text()
    assert "| kernel | none | 1024 | 0% |" in md
    assert "ILP-over-udp / kernel layered" in md and "Note: transport bogus skipped" in md
    # the calls alone, over either TCP's paths
    assert {(x["cipher"], x["size"]) for x in res["alone"]} == {(c, s) for c in ciphers for s in (1024, 65536)}
    for x in res["alone"]:
        for k in ("send_ilp", "send_layered", "recv_ilp", "recv_layered", "send_ilp_k", "send_layered_k",
                  "recv_ilp_k", "recv_layered_k"):
            assert x[k] > 0, x


# ----------------------------------------------------------- bench/ber --quick

BER_RUN = REPO / "bench" / "ber" / "run.py"


@pytest.mark.skipif(shutil.which("asn1c") is None, reason="asn1c not installed (Debian: asn1c)")
def test_ber_quick(tmp_path):
    """run.py --quick: ilpc's and asn1c's DER programs build, verify (each decodes every
    message and re-encodes it byte for byte) and report a time for every message."""
    p = subprocess.run([sys.executable, str(BER_RUN), "--quick", "--cc", CC, "--build-dir", str(tmp_path)],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=600)
    assert p.returncode == 0, p.stdout[-3000:] + p.stderr[-3000:]
    rows = [l for l in (tmp_path / "results-quick.md").read_text().splitlines() if l.startswith("| ")][1:]  # past the header line
    assert [r.split("|")[1].strip() for r in rows] == ["ints", "reals", "strings", "ldap-entry"]
    for r in rows:
        cells = [c.strip() for c in r.split("|")[1:-1]]
        assert all(float(c.split()[0].strip("*x")) > 0 for c in cells[2:]), r
    # a message that is not DER: the program says so and times nothing
    bad = tmp_path / "bad.der"
    bad.write_bytes(bytes.fromhex("a1030201"))
    for impl in ("ilpc", "ilpc_arena", "asn1c"):
        q = subprocess.run([str(tmp_path / f"bench_ber_{impl}_perf-object"), str(bad), "3", "10"],
                           stdout=subprocess.PIPE, text=True, timeout=60)
        assert q.returncode == 2 and q.stdout.startswith("VERIFY FAILED"), q.stdout


X509_RUN = REPO / "bench" / "ber" / "x509.py"
BUNDLE = Path("/etc/ssl/certs/ca-certificates.crt")


@pytest.mark.skipif(not BUNDLE.is_file(), reason="no CA bundle (Debian: ca-certificates)")
def test_x509_quick(tmp_path):
    """x509.py --quick: the program builds against ilpc's PKIX codec and libcrypto,
    every certificate of the bundle decodes and re-encodes byte for byte in ilpc and in
    OpenSSL, and every implementation gets a time; a certificate that is not DER makes
    the program say VERIFY FAILED."""
    p = subprocess.run([sys.executable, str(X509_RUN), "--quick", "--cc", CC, "--build-dir", str(tmp_path)],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=600)
    assert p.returncode == 0, p.stdout[-3000:] + p.stderr[-3000:]
    rows = [l for l in (tmp_path / "results-quick.md").read_text().splitlines() if l.startswith("| ")][1:]  # past the header
    assert [r.split("|")[1].split(":")[0].strip() for r in rows] == ["OpenSSL", "ilpc", "ilpc"]
    for r in rows:
        assert all(float(c.split()[0]) > 0 for c in [r.split("|")[2], r.split("|")[5]]), r
    records = (tmp_path / "bundle.records").read_bytes()
    n = int.from_bytes(records[:4], "big")
    cert = bytearray(records[4:4 + n])
    cert[1] ^= 0x01                      # the outer length, off by one: not this DER
    bad = tmp_path / "bad.records"
    bad.write_bytes(len(cert).to_bytes(4, "big") + bytes(cert))
    for impl in ("ilpc", "openssl"):
        q = subprocess.run([str(tmp_path / "bench_x509"), impl, str(bad), "3"], stdout=subprocess.PIPE, text=True,
                           timeout=60)
        assert q.returncode == 2 and q.stdout.startswith("VERIFY FAILED"), q.stdout


FORMS_RUN = REPO / "bench" / "ber" / "forms.py"


def test_forms_quick(tmp_path):
    """forms.py --quick: every message goes through DER, indefinite BER and XDR back to
    the same value, and each syntax gets an encode and a decode time; a message that is
    not DER makes the program say VERIFY FAILED."""
    p = subprocess.run([sys.executable, str(FORMS_RUN), "--quick", "--cc", CC, "--build-dir", str(tmp_path)],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=600)
    assert p.returncode == 0, p.stdout[-3000:] + p.stderr[-3000:]
    rows = [l for l in (tmp_path / "results-quick.md").read_text().splitlines() if l.startswith("| ")][1:]
    assert [(r.split("|")[1].strip(), r.split("|")[3].strip()) for r in rows] == [
        (m, f) for m in ("ints", "reals", "strings", "ldap-entry") for f in ("der", "ber-indefinite", "xdr")]
    for r in rows:
        cells = [c.strip() for c in r.split("|")[1:-1]]
        assert int(cells[3]) > 0 and float(cells[4].split()[0]) > 0 and float(cells[5].split()[0]) > 0, r
    bad = tmp_path / "bad.der"
    bad.write_bytes(bytes.fromhex("a1030201"))
    q = subprocess.run([str(tmp_path / "bench_forms_perf-object"), str(bad), "3", "10"], stdout=subprocess.PIPE,
                       text=True, timeout=60)
    assert q.returncode == 2 and q.stdout.startswith("VERIFY FAILED"), q.stdout
