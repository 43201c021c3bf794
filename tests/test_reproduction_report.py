"""docs/reproduction.md and bench/report.py: every plot the report shows exists and was
written by `python bench/report.py` (its --check mode), every relative link of the report
resolves to a file in the repository, --check notices a plot it did not make or one changed
since, and, where matplotlib is installed, the plots regenerate from the stored results."""
from __future__ import annotations

import importlib.util
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
REPORT = REPO / "bench" / "report.py"
DOC = REPO / "docs" / "reproduction.md"
OUT = REPO / "docs" / "reproduction"
HAS_MPL = importlib.util.find_spec("matplotlib") is not None


def run_report(*args: str, timeout: int = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(REPORT), *args], capture_output=True, text=True, timeout=timeout,
                          cwd=REPO)


def image_links(text: str) -> list[str]:
    return re.findall(r"!\[[^\]]*\]\(([^)\s]+)\)", text)


def test_check_passes():
    p = run_report("--check")
    assert p.returncode == 0, p.stderr
    assert "ok:" in p.stderr


def test_every_link_resolves():
    text = DOC.read_text()
    images = image_links(text)
    assert len(images) >= 17, "the report shows a plot for every table and figure"
    for link in images:
        target = (DOC.parent / link).resolve()
        assert target.is_file(), f"{link}: no such file"
        assert target.suffix == ".png" and target.is_relative_to(OUT), link
    for link in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z]+:", link) or link.startswith("#"):
            continue
        target = (DOC.parent / link.split("#", 1)[0]).resolve()
        assert target.is_relative_to(REPO) and target.exists(), f"{link}: does not resolve in the repository"


def test_every_plot_made_is_shown_and_listed():
    made = set(run_report("--list").stdout.split())
    manifest = json.loads((OUT / "manifest.json").read_text())
    assert set(manifest["plots"]) == made
    shown = {(DOC.parent / link).resolve().relative_to(OUT).as_posix() for link in image_links(DOC.read_text())}
    assert shown == made


def test_check_notices_foreign_and_changed_plots(tmp_path):
    out = tmp_path / "out"
    shutil.copytree(OUT, out)
    changed = out / "seed000_table1_ratio.png"
    changed.write_bytes(changed.read_bytes() + b"\0")
    doc = tmp_path / "doc.md"
    doc.write_text(f"![ok]({out / 'ilp' / 'ratio.png'})\n\n![changed]({changed})\n\n"
                   f"![foreign]({REPO / 'bench' / 'ilp' / 'results' / 'ratio.png'})\n")
    p = run_report("--check", "--out", str(out), "--doc", str(doc))
    assert p.returncode == 1
    assert "changed since" in p.stderr and "not under" in p.stderr
    assert "ilp/ratio.png" not in "".join(line for line in p.stderr.splitlines() if line.startswith("error"))


@pytest.mark.skipif(not HAS_MPL, reason="matplotlib not installed (pip install matplotlib)")
def test_plots_regenerate(tmp_path):
    p = run_report("--out", str(tmp_path))
    assert p.returncode == 0, p.stderr
    new = json.loads((tmp_path / "manifest.json").read_text())
    old = json.loads((OUT / "manifest.json").read_text())
    assert set(new["plots"]) == set(old["plots"])
    for rel in new["plots"]:
        assert (tmp_path / rel).stat().st_size > 10_000, rel
    import matplotlib
    if new["sources"] == old["sources"] and matplotlib.__version__ == old["matplotlib"]:
        # Same inputs, same code, same matplotlib: the same bytes as the committed plots.
        assert new["plots"] == old["plots"]


def test_without_matplotlib_says_so(tmp_path):
    fake = tmp_path / "matplotlib"
    fake.mkdir()
    (fake / "__init__.py").write_text("raise ImportError('hidden by the test')\n")
    p = subprocess.run([sys.executable, str(REPORT), "--out", str(tmp_path / "out")], capture_output=True, text=True,
                       timeout=60, env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(tmp_path)})
    assert p.returncode != 0
    assert "matplotlib is not installed" in p.stderr and "pip install matplotlib" in p.stderr
    assert not (tmp_path / "out").exists()
