"""Smoke test of the ILP benchmark suite (bench/ilp/run.py): a tiny grid builds, verifies,
times and writes its results; a verification mismatch stops it loudly.  No timing
assertions: this only keeps the benchmark runnable."""
from __future__ import annotations

import csv
import fcntl
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
RUN = REPO / "bench" / "ilp" / "run.py"

pytestmark = [pytest.mark.cbuild, pytest.mark.bench,
              pytest.mark.skipif(shutil.which("cc") is None or shutil.which("make") is None,
                                reason="no C compiler (cc) or make")]

GRID = ["--quick", "--no-cachegrind", "--no-plots", "--no-priority", "--sizes", "1024",
        "--ciphers", "none", "--rounds", "2", "--target-ms", "2"]


# The generated code is built once and kept (bench/**/build/ is ignored by git): ilpc
# rewrites only the files whose content changed and make rebuilds only what they touch,
# so a later run costs seconds instead of a full build.  A lock keeps two test runs in
# one work tree from running make in the same directory at once.
BUILD = REPO / "bench" / "ilp" / "build" / "test-smoke"


@pytest.fixture(scope="module")
def build_dir():
    BUILD.mkdir(parents=True, exist_ok=True)
    with open(BUILD / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield BUILD


def bench(args: list[str], build: Path, out: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(RUN), *GRID, *args, "--build-dir", str(build), "--out", str(out)],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=120)


def test_quick_run_completes_and_verifies(build_dir, tmp_path):
    p = bench([], build_dir, tmp_path)
    assert p.returncode == 0, p.stdout + p.stderr
    assert "VERIFY FAILED" not in p.stderr
    assert "verify: 1 points, every path seals the same bytes and opens them back to the value: OK" in p.stderr
    res = json.loads((tmp_path / "results.json").read_text())
    assert res["default_config"] == "default"
    assert res["makefile_defaults"]["CFLAGS"]          # the generated Makefile's, recorded
    assert {(s["op"], s["path"]) for s in res["samples"]} == {
        ("send", "ilp"), ("send", "layered"), ("send", "memcpy"), ("recv", "ilp"), ("recv", "layered")}
    assert len(res["samples"]) == 5 * 2                 # every path, every round
    assert all(s["ns"] > 0 for s in res["samples"])
    for row in res["rows"]:
        assert row["ratio"]["ilp"]["median"] > 0
    assert {t["what"] for t in res["targets"]} == {"1 KiB none: ILP send faster than layered",
                                                     "1 KiB none: ILP receive faster than layered"}
    with (tmp_path / "results.csv").open() as fh:
        assert len(list(csv.DictReader(fh))) == 5
    summary = (tmp_path / "summary.md").read_text()
    assert "Table 1 on this machine" in summary and "| none | 1024 |" in summary


def test_verification_mismatch_fails_loudly(build_dir, tmp_path):
    p = bench(["--inject-mismatch"], build_dir, tmp_path)
    assert p.returncode == 2, p.stdout + p.stderr
    assert "VERIFY FAILED" in p.stderr
    assert "seal (layered) and seal (ilp) differ" in p.stderr
    assert not (tmp_path / "results.json").exists()    # nothing was timed or written
    assert p.stdout == ""


def test_quick_run_with_the_authenticated_ciphers(build_dir, tmp_path):
    """chacha20-poly1305 and aes-128-gcm (no fused path) beside OpenSSL alone: verified
    against it, timed in both directions, reported against it."""
    p = bench(["--ciphers", "chacha20-poly1305,aes-128-gcm", "--paths", "ilp,layered,tiled"], build_dir, tmp_path)
    assert p.returncode == 0, p.stdout + p.stderr
    assert "verify: 2 points, every path seals the same bytes and opens them back to the value: OK" in p.stderr
    res = json.loads((tmp_path / "results.json").read_text())
    got = {(s["cipher"], s["op"], s["path"]) for s in res["samples"]}
    for op in ("send", "recv"):
        assert {("chacha20-poly1305", op, x) for x in ("ilp", "layered", "tiled", "openssl")} <= got
        assert {("aes-128-gcm", op, x) for x in ("layered", "tiled", "openssl")} <= got
        assert ("aes-128-gcm", op, "ilp") not in got
    for row in res["rows"]:
        assert row["msg_len"] == 1024 + 20                # the XDR is the size; the record 20 more
        assert set(row["vs_openssl"]) == set(row["paths"]) - {"openssl"}
        assert all(x["median"] > 0 for x in row["vs_openssl"].values())
    summary = (tmp_path / "summary.md").read_text()
    assert "### Authenticated ciphers" in summary
    assert "| default | aes-128-gcm | 1024 | send | - |" in summary
