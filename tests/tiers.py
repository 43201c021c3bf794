"""The test tiers (docs/testing.md): what the markers mean, how they are enforced, and the
CPU time of every test.

Markers (registered in pyproject.toml, ``--strict-markers``) say what a test needs:

    cbuild      compiles C (gcc, clang, make, cmake, ninja) or runs what a test compiled
    sanitizers  builds with AddressSanitizer/UndefinedBehaviorSanitizer
    valgrind    runs valgrind
    fuzz        builds libFuzzer targets (clang -fsanitize=fuzzer)
    netns       root: network namespaces, TUN devices, packet sockets
    peers       another implementation as the oracle or the other end (rpcgen, libtirpc,
                slapd, ldap-utils, snmpd, snmp, tshark, asn1c)
    network     fetches from the package index (pip)
    slow        over a minute of CPU on its own (a build of its own, long runs)
    bench       keeps a benchmark under bench/ runnable (no timing assertion)

``./run-tests.sh --fast`` runs ``-m "not cbuild and not slow and not network and not bench"``.
The ``bench`` tests are the benchmarks' own checks: they run with ``-m bench``
(``./run-tests.sh --bench``), with any other ``-m``, or when their file is named, and
are deselected otherwise (the whole suite, as CI runs it, is the product's tests).

Enforcement: a test cannot use a tool its marks do not name.  During the session the
tools of TOOL_MARKS are reached through small shell scripts put first in PATH (so that
make's and cmake's own calls of the compiler go through them too); each looks up the
running test's marks (a file per xdist worker, written around every test, so that an
environment copied at import time does not get around it) and refuses (exit 97, and
the test fails with the reason) when the mark is missing: gcc without ``cbuild``,
``-fsanitize=`` without ``sanitizers``, valgrind without ``valgrind``...  The Python
build helpers (conftest.shared_build, build_harness, make_harness) check the mark
themselves too, so that reusing a build another test made needs it as well.

Scheduling (pytest-xdist, --dist loadgroup): the tests of a file stay on one worker
(an xdist_group per file, so that the C its module-scoped fixtures build is built
once), except in files that say ``XDIST_SPREAD = True`` (their builds are conftest's
shared ones, or they build nothing): those are handed out test by test, so that the
largest files (test_ilp.py, test_xdr_oracle.py) do not end the run on one worker while
the other idles.  The groups are sent first, in the order of collection, the spread
tests last, to fill in.

CPU time: every phase of every test is charged the CPU time of the worker and of the
processes it waited for (resource.getrusage); the session ends with the tests that
took the most (``--cpu-durations=N``, default 30; 0 for none) and the total.
"""
from __future__ import annotations

import os
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path

import pytest

# The markers of the tiers (their text is in pyproject.toml, which registers them).
MARKERS = {
    "cbuild": "compiles C (gcc, clang, make, cmake, ninja) or runs what a test compiled",
    "sanitizers": "builds with AddressSanitizer/UndefinedBehaviorSanitizer",
    "valgrind": "runs valgrind",
    "fuzz": "builds libFuzzer targets (clang -fsanitize=fuzzer)",
    "netns": "needs root: network namespaces, TUN devices, packet sockets",
    "peers": "another implementation as the oracle or the other end: rpcgen and libtirpc, slapd and ldap-utils, snmpd and snmp, tshark, asn1c",
    "network": "fetches from the package index (pip)",
    "slow": "over a minute of CPU on its own",
    "bench": "keeps a benchmark under bench/ runnable (no timing assertion)",
}

# tool -> the mark a test needs to run it.  Compilers and make also need "sanitizers"
# for -fsanitize=..., "fuzz" for -fsanitize=fuzzer (see SHIM).
TOOL_MARKS = {
    "gcc": "cbuild", "cc": "cbuild", "clang": "cbuild", "g++": "cbuild", "c++": "cbuild",
    "clang++": "cbuild", "make": "cbuild", "cmake": "cbuild", "ninja": "cbuild",
    "valgrind": "valgrind", "rpcgen": "peers", "slapd": "peers", "ldapsearch": "peers", "ldapadd": "peers",
    "snmpd": "peers", "snmpget": "peers", "snmpgetnext": "peers", "snmpwalk": "peers", "tshark": "peers",
    "text2pcap": "peers", "asn1c": "peers", "ip": "netns", "unshare": "netns", "nsenter": "netns",
}
BUILD_TOOLS = {t for t, m in TOOL_MARKS.items() if m == "cbuild"}

SHIM = """#!/bin/sh
# ilpc test tiers (tests/tiers.py): {tool} needs the mark(s) below on the running test,
# whose marks and node id the session keeps in {state}/<xdist worker>.
need="{mark}"
{sanitizers}
state="{state}/${{PYTEST_XDIST_WORKER:-main}}"
# asking a tool its version (benchlib's machine description does) uses nothing
if [ "$*" = --version ]; then exec {real} "$@"; fi
{asan_calls}if [ -r "$state" ] && read -r marks nodeid < "$state" && [ -n "$nodeid" ]; then
    for m in $need; do
        case ",$marks," in
        *",$m,"*) ;;
        *)  printf '%s\\t%s\\t%s\\n' "$nodeid" "{tool}" "$m" >> "{state}/violations"
            echo "ilpc tests: $nodeid runs {tool} but is not marked $m (docs/testing.md)" >&2
            exit 97 ;;
        esac
    done
fi
exec {real} "$@"
"""
SANITIZER_CHECK = """case " $* " in
*-fsanitize=fuzzer*) need="$need fuzz sanitizers" ;;
*-fsanitize=*) need="$need sanitizers" ;;
esac"""

# A compilation with AddressSanitizer checks memory accesses through calls into its
# runtime instead of inline code (the same checks): the generated bodies inline
# hundreds of small stages, and the inline checks made most of the suite's compile time
# (a per-cipher ASan build of tests/specs/IlpShapes.asn1: 178 s of CPU, 90 s with
# calls).  gcc's and clang's spelling; ILPC_TEST_ASAN_CALLS=0: not.
ASAN_CALLS = {"gcc": "--param=asan-instrumentation-with-call-threshold=0",
              "clang": "-mllvm -asan-instrumentation-with-call-threshold=0"}
ASAN_CALLS_CHECK = """case " $* " in
*" -c "*) case " $* " in *-fsanitize=*address*) set -- "$@" {flags} ;; esac ;;
esac
"""

_STATE: dict = {"marks": None, "item": None}


# The compilers go through ccache when it is installed (ILPC_TEST_CCACHE=0: not): the
# suite compiles the same runtime files with the same flags in many builds, and a hit
# costs a hash of the preprocessed source instead of an -O2 compile.  The cache is the
# session's own (in the shims' directory, removed at the end), so that every run starts
# cold, as in CI; ccache does not cache a failed compilation, and replays the warnings.
COMPILERS = ("gcc", "cc", "clang", "g++", "c++", "clang++")
CCACHE_ENV = {
    "CCACHE_NOHASHDIR": "1",    # builds in different directories share their objects
    # the runtime's files are copied into each output just before they are compiled
    "CCACHE_SLOPPINESS": "include_file_mtime,include_file_ctime,time_macros",
    "CCACHE_MAXSIZE": "4G",
}


def _install_shims() -> None:
    """Once per session (the xdist workers inherit PATH and ILPC_TEST_SHIMS)."""
    if os.environ.get("ILPC_TEST_SHIMS"):
        return
    d = Path(tempfile.mkdtemp(prefix="ilpc-test-shims-"))
    state = d / "state"
    state.mkdir()
    ccache = shutil.which("ccache") if os.environ.get("ILPC_TEST_CCACHE", "1") != "0" else None
    if ccache:
        # Paths under the temporary directory, where every test builds, are hashed
        # relative to the compiler's working directory: a CMake or a test build, which
        # name their files by absolute path, then hit the objects of an earlier build
        # of the same files in another directory.
        os.environ.update(CCACHE_ENV, CCACHE_DIR=str(d / "ccache"), CCACHE_BASEDIR=tempfile.gettempdir())
    for tool, mark in TOOL_MARKS.items():
        real = shutil.which(tool)
        if real is None:
            continue  # a test that needs it skips; which() must keep saying so
        if ccache and tool in COMPILERS:
            real = f"{ccache} {real}"
        asan_calls = ""
        if tool in COMPILERS and os.environ.get("ILPC_TEST_ASAN_CALLS", "1") != "0":
            family = "clang" if "clang" in Path(shutil.which(tool) or tool).resolve().name else "gcc"
            asan_calls = ASAN_CALLS_CHECK.format(flags=ASAN_CALLS[family])
        p = d / tool
        p.write_text(SHIM.format(tool=tool, mark=mark, real=real, state=state, asan_calls=asan_calls,
                                 sanitizers=SANITIZER_CHECK if tool in BUILD_TOOLS else ""))
        p.chmod(0o755)
    os.environ["PATH"] = f"{d}{os.pathsep}{os.environ.get('PATH', '')}"
    os.environ["ILPC_TEST_SHIMS"] = str(d)
    _STATE["created"] = d


def pytest_unconfigure(config):
    d = _STATE.pop("created", None)
    if d is not None:
        if (d / "state" / "fatal").exists():
            sys.stderr.write("ilpc tests: " + (d / "state" / "fatal").read_text())
        os.environ["PATH"] = os.environ["PATH"].replace(f"{d}{os.pathsep}", "", 1)
        os.environ.pop("ILPC_TEST_SHIMS", None)
        shutil.rmtree(d, ignore_errors=True)


def _state_file() -> Path:
    return Path(os.environ["ILPC_TEST_SHIMS"]) / "state" / os.environ.get("PYTEST_XDIST_WORKER", "main")


def pytest_addoption(parser):
    parser.addoption("--cpu-durations", type=int, default=30, metavar="N",
                     help="show the N tests that took the most CPU time (worker and its child processes); 0: none")


def _bench_deselected(config, items) -> list:
    """The benchmark checks to leave out: all of them, unless a marker expression was
    given (``-m bench``: the benchmarks' tier, run-tests.sh --bench) or their file, or
    they, named on the command line; the whole suite (run-tests.sh without arguments,
    CI) leaves them out."""
    if config.option.markexpr:
        return []
    named = {Path(a.split("::")[0]).resolve() for a in config.args}
    return [i for i in items if i.get_closest_marker("bench") and Path(str(i.path)).resolve() not in named]


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    bench = _bench_deselected(config, items)
    if bench:
        config.hook.pytest_deselected(items=bench)
        left = set(map(id, bench))
        items[:] = [i for i in items if id(i) not in left]
    # the workers collect (and group) too: pytest-xdist tells them --dist loadgroup as
    # option.loadgroup, their own option.dist being "no"
    if config.getoption("dist", "no") != "loadgroup" and not getattr(config.option, "loadgroup", False):
        return
    spread, grouped = [], []
    for item in items:
        module = getattr(item, "module", None)
        if getattr(module, "XDIST_SPREAD", False):
            spread.append(item)
            continue
        if item.get_closest_marker("xdist_group") is None:
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::")[0]))
        grouped.append(item)
    items[:] = grouped + spread


class _GroupCheck:
    """On an xdist worker under --dist loadgroup, after pytest-xdist's own hook: every
    grouped test's id carries its group ("@group"), or the controller would spread the
    groups (as pytest 9 with pytest-xdist 3.8 does)."""

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, config, items):
        if not getattr(config.option, "loadgroup", False) or not hasattr(config, "workerinput"):
            return
        lost = [i.nodeid for i in items if i.get_closest_marker("xdist_group") and "@" not in i.nodeid]
        if lost:
            msg = (f"pytest-xdist's --dist loadgroup does not group with pytest {pytest.__version__} "
                   f"({lost[0]} has no @group): the test files' builds would be made on every worker; "
                   "install the pytest that pyproject.toml's test extra names")
            # a worker's exit shows on the controller as an internal error: it prints this
            (Path(os.environ["ILPC_TEST_SHIMS"]) / "state" / "fatal").write_text(msg + "\n")
            pytest.exit(msg, returncode=3)


def pytest_configure(config):
    config.pluginmanager.register(_GroupCheck(), "ilpc-xdist-group-check")
    registered = {line.split(":")[0].strip() for line in config.getini("markers")}
    assert set(MARKERS) <= registered, f"register {set(MARKERS) - registered} in pyproject.toml"
    _install_shims()
    config._ilpc_cpu = {}


def marks_of(item) -> set[str]:
    return {m.name for m in item.iter_markers() if m.name in MARKERS}


def require_marks(*names: str, what: str = "this") -> None:
    """Fail the running test unless it carries every mark in NAMES (for build helpers:
    a test that reuses a build another test made needs the mark as much as the first)."""
    item = _STATE["item"]
    if item is None:
        return
    missing = [n for n in names if n not in _STATE["marks"]]
    if missing:
        pytest.fail(f"{item.nodeid} uses {what} but is not marked {', '.join(missing)}: "
                    f"add pytest.mark.{missing[0]} (docs/testing.md)", pytrace=False)


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_protocol(item, nextitem):
    marks = marks_of(item)
    _STATE.update(item=item, marks=marks)
    state = _state_file()
    state.write_text(f"{','.join(sorted(marks)) or '-'} {item.nodeid}\n")
    try:
        yield
    finally:
        _STATE.update(item=None, marks=None)
        state.write_text("")


def _cpu() -> float:
    s, c = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return s.ru_utime + s.ru_stime + c.ru_utime + c.ru_stime


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    # CPU time of this phase: from its start (call.start is wall time; keep our own clock)
    now = _cpu()
    start = getattr(item, "_ilpc_cpu_mark", None)
    report.cpu = now - start if start is not None else 0.0
    item._ilpc_cpu_mark = now
    # tools run without the mark they need
    f = _state_file().parent / "violations"
    if f.exists():
        seen = getattr(item, "_ilpc_violations", 0)
        lines = [ln for ln in f.read_text().splitlines() if ln.startswith(item.nodeid + "\t")]
        if len(lines) > seen:
            item._ilpc_violations = len(lines)
            why = sorted({tuple(ln.split("\t")[1:3]) for ln in lines[seen:]})
            report.outcome = "failed"
            report.longrepr = (f"{item.nodeid} ran " + ", ".join(f"{tool} (needs the mark {m})" for tool, m in why)
                               + " without the mark: add it (docs/testing.md, tests/tiers.py)")


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_setup(item):
    item._ilpc_cpu_mark = _cpu()
    yield


def pytest_runtest_logreport(report):
    cfg = _CONFIG.get("config")
    if cfg is not None and hasattr(report, "cpu"):
        cfg._ilpc_cpu[report.nodeid] = cfg._ilpc_cpu.get(report.nodeid, 0.0) + float(report.cpu or 0.0)


_CONFIG: dict = {}


@pytest.hookimpl(tryfirst=True)
def pytest_sessionstart(session):
    _CONFIG["config"] = session.config
    _CONFIG["t0"] = time.monotonic()


def pytest_terminal_summary(terminalreporter, config):
    n = config.getoption("--cpu-durations")
    cpu = getattr(config, "_ilpc_cpu", {})
    if not n or not cpu or hasattr(config, "workerinput"):
        return
    tr = terminalreporter
    tr.write_sep("=", f"slowest {min(n, len(cpu))} CPU times (worker + child processes, all phases)")
    for nodeid, t in sorted(cpu.items(), key=lambda kv: -kv[1])[:n]:
        tr.write_line(f"{t:8.2f}s cpu  {nodeid}")
    per_file: dict[str, float] = {}
    for nodeid, t in cpu.items():
        f = nodeid.split("::", 1)[0]
        per_file[f] = per_file.get(f, 0.0) + t
    tr.write_sep("=", "CPU time per test file")
    for f, t in sorted(per_file.items(), key=lambda kv: -kv[1])[:n]:
        tr.write_line(f"{t:8.1f}s cpu  {f}")
    wall = time.monotonic() - _CONFIG.get("t0", time.monotonic())
    load = os.getloadavg()
    tr.write_line(f"total: {sum(cpu.values()):.0f} s CPU in the tests, {wall:.0f} s wall, "
                  f"{len(cpu)} tests; load average now {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")
