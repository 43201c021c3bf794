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


def run_report(*args: str, timeout: int = 600) -> subprocess.CompletedProcess:
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
    changed = out / "braun-diot_table1_ratio.png"
    changed.write_bytes(changed.read_bytes() + b"\0")
    doc = tmp_path / "doc.md"
    doc.write_text(f"![ok]({out / 'ilp' / 'ratio.png'})\n\n![changed]({changed})\n\n"
                   f"![foreign]({REPO / 'bench' / 'ilp' / 'results' / 'ratio.png'})\n")
    p = run_report("--check", "--out", str(out), "--doc", str(doc))
    assert p.returncode == 1
    assert "changed since" in p.stderr and "not under" in p.stderr
    assert "ilp/ratio.png" not in "".join(line for line in p.stderr.splitlines() if line.startswith("error"))


@pytest.mark.bench
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


# bench/filetransfer/run.py's complete-system table, as it writes it (two transports, a lossy row,
# a cell whose layered runs all failed)
FT_MATRIX = """\
| transport | cipher | max-reply | loss | MB/s ILP / layered (ratio) | ratio per run, min–max | CPU s/GB server ILP / layered | CPU s/GB client ILP / layered | processing share server ILP / layered | processing share client ILP / layered | retransmissions ILP / layered |
|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|
| kernel | none | 1024 | 0% | 372.7 / 403.2 (0.92) | 0.90–0.95 | 3.07 / 2.63 | 2.72 / 2.79 | 3.3% / 7.0% | 1.2% / 1.9% | 0 / 0 |
|  |  | 65536 | 0% | 227.7 / 163.1 (1.40) | 1.40–1.40 | 2.41 / 2.53 | 2.57 / 2.63 | 74.7% / 3.0% | 0.8% / 0.9% | 1 / 0 |
| kernel | xor | 1024 | 0% | 417.6 / – (–) | ––– | 2.75 / – | 2.69 / – | 7.1% / – | 1.8% / – | 0 / – |
| udp | none | 1024 | 0% | 166.0 / 96.7 (1.72) | 1.72–1.72 | 4.44 / 6.81 | 4.17 / 5.81 | 1.5% / 1.7% | 1.0% / 0.7% | 0 / 0 |
|  |  | 1024 | 1% | 151.7 / 148.4 (1.02) | 1.02–1.02 | 4.86 / 5.01 | 4.48 / 4.54 | 2.0% / 2.1% | 0.8% / 0.6% | 30 / 16 |
"""


def load_report():
    spec = importlib.util.spec_from_file_location("bench_report_under_test", REPORT)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


def test_filetransfer_matrix_is_parsed():
    rows = load_report().parse_filetransfer(FT_MATRIX)
    assert [(r["transport"], r["cipher"], r["size"], r["loss"]) for r in rows] == [
        ("kernel", "none", 1024, 0.0), ("kernel", "none", 65536, 0.0), ("kernel", "xor", 1024, 0.0),
        ("udp", "none", 1024, 0.0), ("udp", "none", 1024, 0.01)]
    assert rows[0]["mbs_ilp"] == 372.7 and rows[0]["mbs_layered"] == 403.2 and rows[0]["ratio"] == 0.92
    assert rows[0]["ratio_min"] == 0.90 and rows[0]["share"] == pytest.approx((4.5, 8.9))
    assert rows[2]["mbs_layered"] != rows[2]["mbs_layered"]  # NaN: no layered run
    # the stored results parse: every transport, and udp with loss
    stored = load_report().parse_filetransfer((REPO / "bench" / "filetransfer" / "results.md").read_text())
    assert {r["transport"] for r in stored} == {"kernel", "shm", "udp"}
    assert {r["loss"] for r in stored if r["transport"] == "udp"} == {0.0, 0.01, 0.05}
    assert all(r["mbs_ilp"] > 0 and r["mbs_layered"] > 0 for r in stored)


@pytest.mark.skipif(not HAS_MPL, reason="matplotlib not installed")
def test_fig12_uses_the_kernel_run_when_there_is_one():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from types import SimpleNamespace
    rep = load_report()
    rows = rep.parse_filetransfer(FT_MATRIX)
    fig = rep.p_fig12(SimpleNamespace(ft_all=rows, ft=[r for r in rows if r["transport"] == "udp"]), plt)
    assert "kernel" in fig._suptitle.get_text()
    labels = fig.axes[0].get_legend_handles_labels()[1]
    assert "kernel TCP, ILP" in labels and "user-level TCP, udp, layered" in labels
    plt.close(fig)
