"""ilpc in a real build (CMake and Make integration): the programs of examples/build/ built with CMake (Unix
Makefiles and, when installed, Ninja), with the documented Makefile pattern, and with
`ilpc -o out && make -C out`; then an imported spec is touched and edited and exactly the
right things must rebuild.  And a wheel, installed into a fresh virtual environment,
must generate byte for byte what the editable install generates.

Each build works on a copy of examples/ in a temporary directory (the tests edit specs).
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
import time
import venv
import zipfile
from pathlib import Path

import pytest

from ilpc import __version__
from ilpc.backend.cbuild import PROGRAM_FILES, RUNTIME_FILES
from ilpc.driver import libcrypto_libs
from ilpc.resources import cmake_dir

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
COMMON = Path("build/specs/common/Common.asn1")  # the imported spec, relative to examples/
PORT_OLD, PORT_NEW = "port  INTEGER (0..65535)", "port  INTEGER (1..65535)"
JOBS = "-j2"
# These tests are about what builds and rebuilds when, not about the C: the stubs are
# compiled unoptimised and in the compact ILP form (one instantiation of each body
# instead of one per cipher, docs/ilp.md), a fraction of the compile time.
COMPACT = "-DILPC_ILP_COMPACT=1"


def _ilpc_program() -> str | None:
    """The ilpc console script of the Python running the tests (the editable install)."""
    cand = Path(sys.executable).with_name("ilpc")
    return str(cand) if cand.is_file() else shutil.which("ilpc")


ILPC = _ilpc_program()


def need(*tools: str) -> None:
    missing = [t for t in tools if shutil.which(t) is None]
    if missing:
        pytest.skip(f"not installed: {', '.join(missing)}")


def run(cmd: list[str], cwd: Path | None = None, env: dict | None = None, timeout: int = 300) -> str:
    r = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    if r.returncode != 0:
        pytest.fail(f"{' '.join(map(str, cmd))} failed ({r.returncode}):\n{r.stdout[-4000:]}\n{r.stderr[-4000:]}")
    return r.stdout + r.stderr


NETWORK_ERRORS = ("Failed to establish a new connection", "Temporary failure in name resolution",
                  "No matching distribution found", "Could not find a version that satisfies")


def run_with_pypi(cmd: list[str], timeout: int = 600) -> str:
    """run(), but a failure to reach PyPI skips the test instead of failing it."""
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    if r.returncode != 0 and any(m in r.stdout + r.stderr for m in NETWORK_ERRORS):
        pytest.skip(f"PyPI not reachable for {' '.join(map(str, cmd[:4]))} ...")
    if r.returncode != 0:
        pytest.fail(f"{' '.join(map(str, cmd))} failed ({r.returncode}):\n{r.stdout[-4000:]}\n{r.stderr[-4000:]}")
    return r.stdout + r.stderr


def copy_examples(dest: Path) -> Path:
    ex = dest / "examples"
    shutil.copytree(EXAMPLES / "filetransfer", ex / "filetransfer")
    shutil.copytree(EXAMPLES / "build", ex / "build",
                    ignore=shutil.ignore_patterns("build", "out", "*.o", "*.a"))
    return ex


def run_apps(app_dir: Path) -> None:
    for app in ("app_c", "app_cpp"):
        out = run([str(app_dir / app)])
        assert "round trip ok" in out, out


# --- The command line for build tools -------------------------------------------------------

def ilpc_cli(*args, cwd=None, env=None):
    return subprocess.run([sys.executable, "-m", "ilpc", *map(str, args)], capture_output=True, text=True, cwd=cwd,
                          env=env)


@pytest.fixture
def import_pair(tmp_path):
    """app.asn1 importing Base from inc/Base.asn1, in a directory whose name has a space."""
    d = tmp_path / "my specs"
    (d / "inc").mkdir(parents=True)
    (d / "inc" / "Base.asn1").write_text("Base DEFINITIONS ::= BEGIN EXPORTS N; N ::= INTEGER (0..9) END\n")
    (d / "app.asn1").write_text("App DEFINITIONS ::= BEGIN IMPORTS N FROM Base; M ::= SEQUENCE { n N } END\n")
    return d


def test_help_lists_build_options():
    r = ilpc_cli("--help")
    for opt in ("--depfile FILE", "--stamp FILE", "--list-outputs", "--list-inputs", "--cflags", "--libs", "--cmake-dir"):
        assert opt in r.stdout


def test_list_outputs_and_inputs(import_pair):
    d = import_pair
    r = ilpc_cli("--list-outputs", "-I", "inc", "app.asn1", "-o", "gen", cwd=d)
    assert r.returncode == 0, r.stderr
    listed = r.stdout.splitlines()
    assert not (d / "gen").exists()  # listing writes nothing
    assert {"gen/App.h", "gen/App.c", "gen/Base.h", "gen/Base.c", "gen/Makefile", "gen/ilpc_xdr.c"} <= set(listed)
    assert ilpc_cli("-I", "inc", "app.asn1", "-o", "gen", cwd=d).returncode == 0
    assert sorted(listed) == sorted(f"gen/{p.name}" for p in (d / "gen").iterdir())
    r = ilpc_cli("--list-inputs", "-I", "inc", "app.asn1", cwd=d)
    assert r.stdout.splitlines() == ["app.asn1", "inc/Base.asn1"]
    r = ilpc_cli("--list-outputs", "--emit", "x", "-I", "inc", "app.asn1", "-o", "x", cwd=d)
    assert r.stdout.splitlines() == ["x/app.x"]


def test_list_outputs_reports_spec_errors(tmp_path):
    bad = tmp_path / "bad.asn1"
    bad.write_text("M DEFINITIONS ::= BEGIN A ::= SEQUENCE { x Nope } END\n")
    r = ilpc_cli("--list-outputs", bad)
    assert r.returncode == 1 and r.stdout == "" and "undefined type 'Nope'" in r.stderr


def test_depfile_and_stamp(import_pair):
    d = import_pair
    r = ilpc_cli("-I", "inc", "app.asn1", "-o", "gen", "--depfile", "deps/app.d", cwd=d)
    assert r.returncode == 0, r.stderr
    text = (d / "deps/app.d").read_text()
    targets, deps = text.split("\n\n")[0].split(":", 1)
    assert sorted(targets.split()) == sorted(f"gen/{p.name}" for p in (d / "gen").iterdir())
    assert deps.replace("\\\n", " ").split() == ["app.asn1", "inc/Base.asn1"]
    assert "\ninc/Base.asn1:\n" in text  # gcc -MP style: a deleted spec does not break make

    # With --stamp the stamp is the one target, and it is touched on every run, while
    # the depfile and the unchanged outputs keep their times.
    args = ["-I", "inc", "app.asn1", "-o", "gen", "--depfile", "app.d", "--stamp", "app.stamp"]
    assert ilpc_cli(*args, cwd=d).returncode == 0
    assert (d / "app.d").read_text().startswith("app.stamp: \\\n  app.asn1 \\\n  inc/Base.asn1\n")
    times = {p: p.stat().st_mtime_ns for p in [d / "app.d", *(d / "gen").iterdir()]}
    stamp = (d / "app.stamp").stat().st_mtime_ns
    settle()
    r = ilpc_cli(*args, "-v", cwd=d)
    assert "read inc/Base.asn1" in r.stderr and "wrote" not in r.stderr
    assert {p: p.stat().st_mtime_ns for p in times} == times
    assert (d / "app.stamp").stat().st_mtime_ns > stamp

    # Absolute paths with spaces are escaped the way make and ninja read them.
    r = ilpc_cli("-I", d / "inc", d / "app.asn1", "-o", d / "gen", "--depfile", d / "abs.d", "--stamp", d / "s")
    assert r.returncode == 0, r.stderr
    assert str(d / "inc" / "Base.asn1").replace(" ", "\\ ") in (d / "abs.d").read_text()


def test_cflags_libs_and_cmake_dir(tmp_path):
    crypto = "".join(f" {f}" for f in libcrypto_libs())  # -lcrypto when pkg-config finds libcrypto
    r = ilpc_cli("--cflags", "--libs", "specs/file-transfer.asn1", "-o", "out dir")
    assert r.stdout == f"-Iout\\ dir out\\ dir/libfile_transfer.a{crypto}\n"
    assert ilpc_cli("--cflags", "x.asn1", "-o", "o").stdout == "-Io\n"
    assert ilpc_cli("--libs", "x.asn1", "-o", "o").stdout == f"o/libx.a{crypto}\n"
    # told, as the generated Makefile can be: ILPC_LIBCRYPTO=0 (without), =1 (with, found or not)
    r = ilpc_cli("--libs", "x.asn1", "-o", "o", env=dict(os.environ, ILPC_LIBCRYPTO="0"))
    assert r.stdout == "o/libx.a\n"
    r = ilpc_cli("--libs", "x.asn1", "-o", "o", env=dict(os.environ, ILPC_LIBCRYPTO="1", PKG_CONFIG="false"))
    assert r.stdout == "o/libx.a -lcrypto\n"
    r = ilpc_cli("--cmake-dir")  # no SPEC needed
    assert r.returncode == 0 and Path(r.stdout.strip()) == cmake_dir()
    assert (cmake_dir() / "ilpcConfig.cmake").is_file() and (cmake_dir() / "ilpcConfigVersion.cmake").is_file()


# --- Watching what a build changes ------------------------------------------------------

class Layout:
    """Where one flavour of build puts things.  ``sets`` maps a spec set ("filetransfer",
    "session") to (generated-files dir, objects dir, stamp file, library)."""

    def __init__(self, root: Path, sets: dict[str, tuple[Path, Path, Path, Path]], apps: list[Path]):
        self.root, self.sets, self.apps = root, sets, apps

    def snapshot(self) -> dict[Path, tuple[int, bytes | None]]:
        """mtime (and content, for generated files) of everything the tests reason about."""
        snap: dict[Path, tuple[int, bytes | None]] = {}
        for gen, objs, stamp, lib in self.sets.values():
            for p in gen.iterdir():
                if p.suffix in (".c", ".h"):
                    snap[p] = (p.stat().st_mtime_ns, p.read_bytes())
            for p in [stamp, lib, *objs.rglob("*.o")]:
                snap[p] = (p.stat().st_mtime_ns, None)
        for p in [*self.apps, *self.app_objects()]:
            snap[p] = (p.stat().st_mtime_ns, None)
        return snap

    def app_objects(self) -> list[Path]:
        set_dirs = [objs for _, objs, _, _ in self.sets.values()]
        return [p for p in self.root.rglob("*.o") if not any(d in p.parents for d in set_dirs)]

    @staticmethod
    def source_of(obj: Path) -> str:
        """Common.c.o (CMake) or Common.o (make) -> Common.c"""
        name = obj.name[:-2]
        return name if name.endswith((".c", ".cpp")) else name + ".c"


def changed(before: dict, after: dict) -> set[Path]:
    assert before.keys() == after.keys(), set(before) ^ set(after)
    return {p for p in before if before[p][0] != after[p][0]}


def settle() -> None:
    """File times come from a coarse kernel clock (a few ms): let it move past the last
    build's outputs before a spec changes, or make and ninja could see equal times."""
    time.sleep(0.05)


def check_nothing_to_do(layout: Layout, build) -> None:
    before = layout.snapshot()
    build()
    assert changed(before, layout.snapshot()) == set(), "a second build with nothing changed did work"


def check_imported_spec_changes(layout: Layout, examples: Path, build) -> None:
    """touch / edit / comment the imported Common.asn1 and check what rebuilds."""
    ft_gen, ft_objs, ft_stamp, ft_lib = layout.sets["filetransfer"]
    s_gen, s_objs, s_stamp, s_lib = layout.sets["session"]
    common = examples / COMMON

    # 1. touched, content the same: ilpc runs for the session stubs only, and every
    #    output keeps its time, so nothing compiles or links.
    before = layout.snapshot()
    settle()
    common.touch()
    build()
    assert changed(before, layout.snapshot()) == {s_stamp}
    check_nothing_to_do(layout, build)

    # 2. edited so that generated code changes: exactly the generated files whose text
    #    changed get new times; their objects recompile; the session library and the
    #    programs relink; nothing of the FileTransfer library moves.
    text = common.read_text()
    assert PORT_OLD in text
    before = layout.snapshot()
    settle()
    common.write_text(text.replace(PORT_OLD, PORT_NEW))
    build()
    after = layout.snapshot()
    moved = changed(before, after)
    rewritten = {p for p in before if before[p][1] is not None and before[p][1] != after[p][1]}
    assert rewritten, "editing a constraint in Common.asn1 changed no generated file"
    assert {p for p in moved if p.parent == s_gen and p.suffix in (".c", ".h")} == rewritten
    assert s_gen / "Common.c" in rewritten
    assert not any(ft_gen == p.parent or ft_objs in p.parents for p in moved), sorted(moved)
    assert ft_lib not in moved and ft_stamp not in moved
    assert {s_stamp, s_lib, *layout.apps} <= moved
    recompiled = {p for p in moved if p.suffix == ".o"}
    expected = {o for o in s_objs.rglob("*.o") if s_gen / Layout.source_of(o) in rewritten}
    assert expected <= recompiled
    assert not any(Layout.source_of(o).startswith("ilpc_") for o in recompiled), sorted(recompiled)
    if not any(p.suffix == ".h" for p in rewritten):  # then nothing else needs compiling
        assert recompiled == expected, sorted(recompiled ^ expected)
    run_apps(layout.apps[0].parent)
    check_nothing_to_do(layout, build)

    # 3. edited without changing the output (a comment at the end): ilpc runs, nothing else.
    before = layout.snapshot()
    settle()
    common.write_text(common.read_text() + "-- a comment changes no generated file\n")
    build()
    assert changed(before, layout.snapshot()) == {s_stamp}
    check_nothing_to_do(layout, build)


# --- CMake --------------------------------------------------------------------------------

GENERATORS = ["Unix Makefiles", "Ninja"]


@pytest.mark.cbuild
@pytest.mark.parametrize("generator", GENERATORS)
def test_cmake_build_and_rebuild(tmp_path, generator):
    need("cmake", "cc", "c++")
    need("make" if generator == "Unix Makefiles" else "ninja")
    if ILPC is None:
        pytest.skip("no ilpc program next to this Python or on the PATH")
    examples = copy_examples(tmp_path / "src")
    bld = tmp_path / "build"  # out of the source tree
    run(["cmake", "-S", str(examples / "build/cmake"), "-B", str(bld), "-G", generator,
         f"-Dilpc_DIR={cmake_dir()}", f"-DILPC_EXECUTABLE={ILPC}", f"-DCMAKE_C_FLAGS={COMPACT}"])

    def build():
        return run(["cmake", "--build", str(bld), "--", JOBS])

    build()
    run_apps(bld)
    dirs = {"filetransfer": "filetransfer_stubs", "session": "session_stubs"}
    layout = Layout(bld, {k: (bld / f"{t}.ilpc", bld / "CMakeFiles" / f"{t}.dir",
                              bld / "CMakeFiles" / f"{t}.ilpc.stamp", bld / f"lib{t}.a")
                          for k, t in dirs.items()},
                    [bld / "app_c", bld / "app_cpp"])
    check_nothing_to_do(layout, build)
    check_imported_spec_changes(layout, examples, build)


@pytest.mark.cbuild
def test_cmake_package_version_and_errors(tmp_path):
    need("cmake", "cc")
    if ILPC is None:
        pytest.skip("no ilpc program next to this Python or on the PATH")
    spec = tmp_path / "bad.asn1"
    spec.write_text("Bad DEFINITIONS ::= BEGIN A ::= SEQUENCE { x Nope } END\n")
    (tmp_path / "CMakeLists.txt").write_text(
        "cmake_minimum_required(VERSION 3.20)\nproject(p C)\n"
        "find_package(ilpc 0.1 CONFIG REQUIRED)\n"
        "message(STATUS \"ilpc ${ilpc_VERSION} at ${ILPC_EXECUTABLE}\")\n"
        "find_package(ilpc 99 CONFIG QUIET)\n"
        "message(STATUS \"ilpc 99 found: ${ilpc_FOUND}\")\n"
        "ilpc_add_library(bad SPECS bad.asn1)\n")
    r = subprocess.run(["cmake", "-S", str(tmp_path), "-B", str(tmp_path / "b"),
                        f"-DCMAKE_PREFIX_PATH={cmake_dir()}", f"-DILPC_EXECUTABLE={ILPC}"],
                       capture_output=True, text=True, timeout=120)
    assert f"ilpc {__version__} at {ILPC}" in r.stdout
    assert "ilpc 99 found: 0" in r.stdout
    # A spec error stops configuring with ilpc's diagnostic.
    assert r.returncode != 0 and "undefined type 'Nope'" in r.stderr, r.stdout + r.stderr


# --- Make ---------------------------------------------------------------------------------

@pytest.mark.cbuild
def test_makefile_pattern_build_and_rebuild(tmp_path):
    need("make", "cc", "c++")
    examples = copy_examples(tmp_path / "src")
    mk = examples / "build/make"
    ilpc = ILPC or f"{sys.executable} -m ilpc"

    def build():
        return run(["make", "-C", str(mk), JOBS, f"ILPC={ilpc}", "CFLAGS=-O0 -Wall", "CXXFLAGS=-O0 -Wall",
                    f"CPPFLAGS={COMPACT}"])

    build()
    b = mk / "build"
    run_apps(b)
    layout = Layout(b, {k: (b / k, b / k, b / f"{k}.stamp", b / f"lib{k}.a") for k in ("filetransfer", "session")},
                    [b / "app_c", b / "app_cpp"])
    check_nothing_to_do(layout, build)
    check_imported_spec_changes(layout, examples, build)


@pytest.mark.cbuild
def test_ilpc_then_make_C_out(tmp_path):
    need("make", "cc", "c++", "sh")
    examples = copy_examples(tmp_path / "src")
    out = tmp_path / "out"
    env = dict(os.environ, MAKEFLAGS=JOBS, CFLAGS=f"-O0 {COMPACT}", CXXFLAGS="-O0",
               ILPC=ILPC or f"{sys.executable} -m ilpc")
    run(["sh", str(examples / "build/simple/build.sh"), str(out)], env=env)
    run_apps(out)
    assert (out / "filetransfer/ilpc-harness").is_file()
    # Run again: ilpc rewrites nothing, so make -C rebuilds nothing.
    lib = out / "session/libsession.a"
    before = {p: p.stat().st_mtime_ns for p in (out / "session").iterdir()}
    run(["sh", str(examples / "build/simple/build.sh"), str(out)], env=env)
    assert {p: p.stat().st_mtime_ns for p in (out / "session").iterdir()} == before
    assert lib.is_file()


# --- Packaging ------------------------------------------------------------------------------

WHEEL_SUFFIXES = (".py", ".j2", ".c", ".h", ".cmake", ".json")


def _copy_source_tree(dest: Path) -> None:
    """The repository as a fresh checkout would have it: no build outputs, caches or egg-info."""
    def ignore(d, names):
        rel = Path(d).relative_to(ROOT).as_posix()
        skip = {n for n in names if n in ("__pycache__", ".pytest_cache", ".hypothesis", ".git")
                or n.endswith((".egg-info", ".o", ".a", ".pyc"))}
        if rel == ".":
            skip |= {n for n in names if n in ("build", "dist", "out", ".venv")}
        if rel in ("bench/xdr", "examples/build/make"):
            skip.add("build")
        return skip
    shutil.copytree(ROOT, dest, ignore=ignore)


@pytest.fixture(scope="module")
def dists(tmp_path_factory):
    """An sdist and a wheel built from it by `python -m build` (isolated, as in CI)."""
    try:
        import build  # noqa: F401
    except ImportError:
        r = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "build"], capture_output=True)
        if r.returncode != 0:
            pytest.skip("the `build` package is not installed and cannot be installed (pip install build)")
    tmp = tmp_path_factory.mktemp("dist")
    src = tmp / "src"
    _copy_source_tree(src)
    out = tmp / "dist"
    run_with_pypi([sys.executable, "-m", "build", "--outdir", str(out), str(src)])
    wheel, = out.glob("ilpc-*.whl")
    sdist, = out.glob("ilpc-*.tar.gz")
    return wheel, sdist


@pytest.mark.network
def test_wheel_contents(dists):
    wheel, _ = dists
    names = zipfile.ZipFile(wheel).namelist()
    dist_info = f"ilpc-{__version__}.dist-info/"
    stray = [n for n in names if not (n.startswith(dist_info) or (n.startswith("ilpc/") and n.endswith(WHEEL_SUFFIXES)))]
    assert stray == [], f"unexpected files in the wheel: {stray}"
    assert not [n for n in names if "__pycache__" in n or "/tests/" in n]
    for needed in ["ilpc/cli.py", "ilpc/parser/ASN1Parser.py", "ilpc/cmake/ilpcConfig.cmake", "ilpc/costmodel/costmodel.json",
                   "ilpc/cmake/ilpcConfigVersion.cmake", "ilpc/templates/C/build/Makefile.j2",
                   f"{dist_info}licenses/LICENSE", f"{dist_info}entry_points.txt",
                   *(f"ilpc/runtime/{f}" for f in (*RUNTIME_FILES, *PROGRAM_FILES))]:
        assert needed in names
    # Every template and runtime file of the source tree is inside.
    for d, pkg, pattern in [(ROOT / "templates", "ilpc/templates", "**/*.j2"), (ROOT / "runtime", "ilpc/runtime", "*.[ch]")]:
        for f in d.glob(pattern):
            assert f"{pkg}/{f.relative_to(d).as_posix()}" in names


@pytest.mark.network
def test_sdist_contents(dists):
    _, sdist = dists
    with tarfile.open(sdist) as t:
        names = {n.split("/", 1)[1] for n in t.getnames() if "/" in n}
    for needed in ["pyproject.toml", "README.md", "CHANGELOG.md", "LICENSE", "grammar/ASN1.g4",
                   "grammar/regen.sh", "compiler/parser/ASN1Parser.py", "compiler/cmake/ilpcConfig.cmake",
                   "tests/test_cli.py", "tests/conftest.py", "tests/specs/XdrImportUser.asn1",
                   "examples/filetransfer/filetransfer.asn1", "examples/build/cmake/CMakeLists.txt",
                   "examples/build/make/Makefile", "examples/build/app.cpp"]:
        assert needed in names, needed
    bad = [n for n in names if n.endswith((".o", ".a", ".pyc")) or "__pycache__" in n
           or n.startswith(("bench/xdr/build/", "build/"))]
    assert bad == []


@pytest.fixture(scope="module")
def wheel_venv(dists, tmp_path_factory):
    wheel, _ = dists
    env_dir = tmp_path_factory.mktemp("venv") / "v"
    venv.create(env_dir, with_pip=True, system_site_packages=False)
    py = env_dir / "bin" / "python"
    run_with_pypi([str(py), "-m", "pip", "install", "-q", "--disable-pip-version-check", str(wheel)])
    return env_dir


COMPILE_CASES = {
    "filetransfer": ["examples/filetransfer/filetransfer.asn1"],
    "session-with-import": ["-I", "examples/build/specs/common", "examples/build/specs/session.asn1"],
    "x": ["--emit", "x", "examples/filetransfer/filetransfer.asn1"],
}


@pytest.mark.network
def test_wheel_output_identical_to_editable(wheel_venv, tmp_path):
    ilpc = wheel_venv / "bin" / "ilpc"
    # Nothing but the venv on the PATH: no Java, and not the editable ilpc.
    env = {"PATH": str(wheel_venv / "bin"), "LANG": "C.UTF-8"}
    assert run([str(ilpc), "--version"], env=env).strip() == f"ilpc {__version__}"
    pkg_cmake = Path(run([str(ilpc), "--cmake-dir"], env=env).strip())
    assert wheel_venv in pkg_cmake.parents and (pkg_cmake / "ilpcConfig.cmake").is_file()
    for name, args in COMPILE_CASES.items():
        a, b = tmp_path / name / "wheel", tmp_path / name / "editable"
        run([str(ilpc), *args, "-o", str(a)], cwd=ROOT, env=env)
        run([sys.executable, "-m", "ilpc", *args, "-o", str(b)], cwd=ROOT)
        files_a = sorted(p.relative_to(a) for p in a.rglob("*"))
        files_b = sorted(p.relative_to(b) for p in b.rglob("*"))
        assert files_a == files_b and files_a
        for rel in files_a:
            assert (a / rel).read_bytes() == (b / rel).read_bytes(), f"{name}: {rel} differs"


@pytest.mark.network
@pytest.mark.cbuild
def test_wheel_cmake_package(wheel_venv, tmp_path):
    """find_package() with the wheel's CMake files finds the venv's ilpc, not on the PATH."""
    need("cmake", "cc", "c++")
    ilpc = wheel_venv / "bin" / "ilpc"
    pkg_cmake = run([str(ilpc), "--cmake-dir"]).strip()
    examples = copy_examples(tmp_path / "src")
    env = dict(os.environ, PATH=os.pathsep.join(p for p in os.environ["PATH"].split(os.pathsep)
                                               if not (Path(p) / "ilpc").exists()))
    bld = tmp_path / "b"
    run(["cmake", "-S", str(examples / "build/cmake"), "-B", str(bld), f"-Dilpc_DIR={pkg_cmake}",
         f"-DCMAKE_C_FLAGS={COMPACT}"], env=env)
    cache = (bld / "CMakeCache.txt").read_text()
    assert f"ILPC_EXECUTABLE:FILEPATH={ilpc}" in cache
    assert (bld / "CMakeFiles" / "filetransfer_stubs.dir").is_dir()
