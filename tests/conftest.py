"""Shared pytest fixtures: compile a spec with ilpc and build its harness, once per session.

Kept small and generic on purpose; anything specific to one test file lives there.

    ilpc_build(name, variant="asan")  -> Path of OUT/ilpc-harness for the spec group
    run_harness(harness, "Module.Type", data)  -> subprocess.CompletedProcess

Spec groups are named in ``SPEC_GROUPS`` (paths relative to the repository root); a
group whose files do not exist yet is skipped with a reason.  Variants: "asan" (ASan +
UBSan, -O1: SANITIZE_CFLAGS) and "plain" (-O1, no sanitizer: for valgrind and rlimits).
"""
from __future__ import annotations

import fcntl
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable, Optional

import pytest

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"
if str(TESTS) not in sys.path:
    sys.path.insert(0, str(TESTS))

# The tiers' markers and their enforcement, and every test's CPU time (docs/testing.md).
pytest_plugins = ["tiers"]


def require_marks(*names: str, what: str) -> None:
    """Fail the running test unless it is marked NAMES (tests/tiers.py)."""
    import tiers
    tiers.require_marks(*names, what=what)

# Spec groups: one ilpc invocation (and one harness) each.  The first file names the
# output library; imported modules are passed explicitly.
SPEC_GROUPS: dict[str, list[str]] = {
    "perf-object": ["examples/perf-object/perf-object.asn1"],
    "filetransfer": ["examples/filetransfer/filetransfer.asn1"],
    "XdrPrims": ["tests/specs/XdrPrims.asn1"],
    "XdrStructs": ["tests/specs/XdrStructs.asn1"],
    "XdrImports": ["tests/specs/XdrImportUser.asn1", "tests/specs/XdrImportBase.asn1"],
    "XdrRecursion": ["tests/specs/XdrRecursion.asn1"],
    "XdrOdd": ["tests/specs/XdrOdd.asn1"],
    "XdrOids": ["tests/specs/XdrOids.asn1"],
    "XdrRelOid": ["tests/specs/XdrRelOid.asn1"],
    "XdrTimes": ["tests/specs/XdrTimes.asn1"],
    "XdrAny": ["tests/specs/XdrAny.asn1"],
    "XdrContaining": ["tests/specs/XdrContaining.asn1"],
    "XdrComponents": ["tests/specs/XdrComponents.asn1"],
    "XdrReals": ["tests/specs/XdrReals.asn1"],
    "XdrCorpus": ["tests/specs/XdrCorpus.asn1"],
    "XdrAssociated": ["tests/specs/XdrAssociated.asn1"],
    "XdrParams": ["tests/specs/XdrParams.asn1"],
    "XdrValues": ["tests/specs/XdrValues.asn1"],
    "XdrInner": ["tests/specs/XdrInner.asn1"],
    "XdrObjects": ["tests/specs/XdrObjects.asn1"],
    "XdrConstraints": ["tests/specs/XdrConstraints.asn1"],
}

# The groups of one construct each are small; one harness serves them all (a harness
# picks its type by Module.Type), so they are compiled and built together, once per
# build variant, instead of once per group: each build compiles the runtime too.  Their
# tests stay per group.
SHARED_HARNESS = "XdrConstructs"
SHARES_HARNESS = ["XdrOids", "XdrRelOid", "XdrTimes", "XdrAny", "XdrContaining", "XdrComponents",
                  "XdrReals", "XdrCorpus", "XdrAssociated", "XdrParams", "XdrValues", "XdrInner",
                  "XdrObjects", "XdrConstraints"]

# ASan + UBSan, as the sanitized builds of the suite have them.  -g1: line tables (a
# report's file:line) without the descriptions of variables, which take a fifth of the
# compile time and which no one reads in a CI log; the frame pointers for ASan's stacks.
SANITIZE = ["-fsanitize=address,undefined", "-fno-sanitize-recover=all"]
SANITIZE_CFLAGS = ["-O1", "-g1", "-fno-omit-frame-pointer", *SANITIZE]

# The harness builds here test the XDR paths (the ILP tests build their own), so the ILP
# code is compiled in its compact form (docs/ilp.md section 6): the default under ASan,
# and most of the compile time saved for "plain".
BUILD_VARIANTS = {
    "asan": [f"CFLAGS={' '.join(SANITIZE_CFLAGS)}", "LDFLAGS=-fsanitize=address,undefined",
             "CPPFLAGS=-DILPC_ILP_COMPACT=1"],
    "plain": ["CFLAGS=-O1 -g1", "CPPFLAGS=-DILPC_ILP_COMPACT=1"],
}

# Sanitizer reports must turn into a non-zero, non-2 exit status.
SANITIZER_ENV = {
    "ASAN_OPTIONS": "detect_leaks=1:abort_on_error=0:exitcode=86:max_allocation_size_mb=1024"
                    ":allocator_may_return_null=0:symbolize=1",
    "UBSAN_OPTIONS": "print_stacktrace=1:halt_on_error=1:exitcode=87",
}


def libcrypto_flags() -> tuple[list[str], list[str]]:
    """(compiler flags, linker flags) that build the runtime's ilpc_evp.c with OpenSSL's
    libcrypto, as the generated Makefile does when pkg-config finds libcrypto 3 or newer
    (-DILPC_HAVE_LIBCRYPTO=1 and pkg-config's flags); ([], []) when it does not, and the
    runtime is built without."""
    try:
        if subprocess.run(["pkg-config", "--exists", "libcrypto >= 3"]).returncode != 0:
            return [], []
        cflags = subprocess.run(["pkg-config", "--cflags", "libcrypto"], capture_output=True, text=True).stdout
        libs = subprocess.run(["pkg-config", "--libs", "libcrypto"], capture_output=True, text=True).stdout
    except OSError:
        return [], []
    return ["-DILPC_HAVE_LIBCRYPTO=1", *cflags.split()], libs.split() or ["-lcrypto"]


def spec_paths(group: str) -> list[Path]:
    return [ROOT / p for p in SPEC_GROUPS[group]]


def build_group(group: str) -> str:
    """The name of the build that holds GROUP's harness (see SHARED_HARNESS)."""
    return SHARED_HARNESS if group in SHARES_HARNESS else group


# One spec per ASN.1 construct (tests/constructs/test_stages.py); their types go into
# the shared harness too.
CONSTRUCTS_DIR = TESTS / "constructs"


def build_paths(group: str) -> list[Path]:
    """The spec files compiled into GROUP's harness: the group's own, or those of every
    group that shares the harness and of every construct."""
    if group not in SHARES_HARNESS:
        return spec_paths(group)
    return [p for g in SHARES_HARNESS for p in spec_paths(g)] + sorted(CONSTRUCTS_DIR.glob("*.asn1"))


def missing_specs(group: str) -> Optional[str]:
    missing = [str(p.relative_to(ROOT)) for p in spec_paths(group) if not p.is_file()]
    return f"spec files not written yet: {', '.join(missing)}" if missing else None


def ilpc_command() -> list[str]:
    return [sys.executable, "-m", "ilpc"]


class BuildError(Exception):
    pass


def build_harness(specs: list[Path], out: Path, variant: str = "asan",
                  runtime_cache: Optional[Path] = None, ilpc_args: tuple = ()) -> Path:
    """ilpc SPECS -o OUT ILPC_ARGS, then make with the variant's flags; OUT/ilpc-harness.
    Raises BuildError with ilpc's or make's output.  RUNTIME_CACHE: see make_harness."""
    require_marks("cbuild", what="build_harness")
    cmd = ilpc_command() + [str(p) for p in specs] + ["-o", str(out), *ilpc_args]
    r = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
    if r.returncode != 0:
        raise BuildError(f"ilpc failed on {[p.name for p in specs]} (exit {r.returncode}):\n{r.stderr[-4000:]}")
    r = make_harness(out, [f"-j{os.cpu_count() or 2}", *BUILD_VARIANTS[variant]], runtime_cache)
    if r.returncode != 0:
        raise BuildError(f"make failed on {[p.name for p in specs]} ({variant}):\n{(r.stdout + r.stderr)[-4000:]}")
    return out / "ilpc-harness"


def make_harness(out: Path, args: list[str], runtime_cache: Optional[Path] = None) -> subprocess.CompletedProcess:
    """``make -s -C OUT ARGS`` on ilpc's generated Makefile.  With RUNTIME_CACHE, the
    runtime's objects (the same files for every spec) are compiled once per set of make
    variables and runtime text, kept there and copied into later builds, dated after
    every source and header, so that make compiles only the generated files: most of a
    harness build's time is the runtime's two dozen files."""
    require_marks("cbuild", what="make_harness")
    make = ["make", "-s", "-C", str(out), *args]
    if runtime_cache is None:
        return subprocess.run(make, capture_output=True, text=True)
    m = re.search(r"^RUNTIME_SRCS = (.*)$", (out / "Makefile").read_text(), re.M)
    objs = [src.removesuffix(".c") + ".o" for src in (m.group(1).split() if m else [])]
    # the objects themselves are part of the key: builds that copy the same runtime files
    # may compile different sets of them (an XDR-only build has no ilpc_ber.o)
    key = hashlib.sha256(repr(([a for a in args if "=" in a], os.environ.get("CC"), sorted(objs))).encode())
    for p in sorted(out.glob("ilpc_*.[ch]")):
        if p.name not in ("ilpc_harness.c", "ilpc_fuzz.c"):
            key.update(p.name.encode() + b"\0" + p.read_bytes())
    cache = runtime_cache / key.hexdigest()[:16]
    if objs and cache.is_dir() and all((cache / o).is_file() for o in objs):
        past = time.time() - 60
        for p in out.iterdir():
            if p.suffix in (".c", ".h"):
                os.utime(p, (past, past))
        for o in objs:
            shutil.copyfile(cache / o, out / o)
    r = subprocess.run(make, capture_output=True, text=True)
    if r.returncode == 0 and objs and not cache.is_dir():
        keep_objects(out, objs, cache)
    return r


def keep_objects(out: Path, objs: list[str], cache: Path) -> None:
    """Copy the objects OBJS of OUT into the directory CACHE, made whole or not at all
    (a new directory renamed into place); a build that got there first wins."""
    cache.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(dir=cache.parent, prefix=".new-"))
    for o in objs:
        shutil.copyfile(out / o, tmp / o)
    try:
        tmp.rename(cache)
    except OSError:  # another build got there first
        shutil.rmtree(tmp, ignore_errors=True)


def run_dir(tmp_path_factory) -> Path:
    """A directory of this test run common to every pytest-xdist worker."""
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent  # popen-gwN/ -> the run's directory, common to all workers
    return base


def shared_build(tmp_path_factory, key: str, make: Callable[[Path], Path]) -> Path:
    """Run ``make(OUT)`` once per test run for ``key`` and return its result, shared by
    every pytest-xdist worker: the first worker to ask builds (under a file lock), the
    others wait for it and reuse the result.  A BuildError is remembered the same way."""
    require_marks("cbuild", what=f"the shared build {key}")
    root = run_dir(tmp_path_factory) / "shared-builds"
    root.mkdir(exist_ok=True)
    safe = "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in key)
    with open(root / f"{safe}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        done, failed = root / f"{safe}.done", root / f"{safe}.failed"
        if done.exists():
            return Path(done.read_text())
        if failed.exists():
            raise BuildError(failed.read_text())
        try:
            result = make(root / safe)
        except BuildError as e:
            failed.write_text(str(e))
            raise
        done.write_text(str(result))
        return result


def group_harness(tmp_path_factory, group: str, variant: str = "asan") -> Path:
    """The harness of a spec group (SPEC_GROUPS), built once per run and shared by every
    test file and xdist worker that needs it: the XDR tests (test_xdr_oracle.py,
    test_malformed.py, test_rpcgen_oracle.py), the ILP ones (test_ilp.py) and the BER
    family's (test_ber_oracle.py) alike, so every type is a message type (``--pdu
    all``: the ILP tests seal and open each of them) and has every encoding's codec
    (``--encoding all``); the XDR code is the same either way.  Skips when the group's
    specs are missing; fails the test with ilpc's or make's output on error."""
    reason = missing_specs(group)
    if reason:
        pytest.skip(reason)
    try:
        return shared_build(tmp_path_factory, f"ilpc-{build_group(group)}-{variant}",
                            lambda out: build_harness(build_paths(group), out, variant,
                                                      run_dir(tmp_path_factory) / "runtime-objects",
                                                      ilpc_args=("--pdu", "all", "--encoding", "all")))
    except BuildError as e:
        pytest.fail(str(e), pytrace=False)


def constructs_harness(tmp_path_factory, variant: str = "asan") -> Path:
    """The shared harness (SHARED_HARNESS), which holds every construct's types; its
    directory holds the library (lib*.a) and the generated headers."""
    return group_harness(tmp_path_factory, SHARES_HARNESS[0], variant)


@pytest.fixture(scope="session")
def ilpc_build(tmp_path_factory):
    """Factory fixture: ``ilpc_build(group, variant)`` compiles the group's specs with
    ilpc, builds OUT/ilpc-harness with the variant's flags (once per run, shared by the
    xdist workers), and returns the harness path (see group_harness)."""
    return lambda group, variant="asan": group_harness(tmp_path_factory, group, variant)


def harness_env(env: Optional[dict] = None, leaks: bool = True) -> dict:
    """The environment a harness runs in: this one, SANITIZER_ENV (without
    LeakSanitizer's exit-time scan if not LEAKS), then ENV."""
    e = dict(os.environ)
    e.update(SANITIZER_ENV)
    if not leaks:
        e["ASAN_OPTIONS"] = e["ASAN_OPTIONS"].replace("detect_leaks=1", "detect_leaks=0")
    e.update(env or {})
    return e


def run_harness(harness: Path, type_name: str, data: bytes, *, mode: str = "roundtrip",
                timeout: float = 30, env: Optional[dict] = None, leaks: bool = True,
                wrapper: Optional[list[str]] = None, preexec_fn=None,
                extra: tuple[str, ...] | list[str] = ()) -> subprocess.CompletedProcess:
    """One harness run (EXTRA: its options after the type).  ``leaks=False`` skips
    LeakSanitizer's exit-time scan, which costs about as much as the rest of a short run."""
    cmd = (wrapper or []) + [str(harness), mode, type_name, *extra]
    return subprocess.run(cmd, input=data, capture_output=True, timeout=timeout, env=harness_env(env, leaks),
                          preexec_fn=preexec_fn)


def check_clean_exit(r: subprocess.CompletedProcess, what: str) -> None:
    """The harness contract (docs/ilp.md, The conformance harness): exit 0, or 2 with a one-line message; never a crash or sanitizer report."""
    err = r.stderr.decode("utf-8", "replace")
    assert r.returncode in (0, 2), f"{what}: exit status {r.returncode}\n{err[-3000:]}"
    for marker in ("runtime error", "AddressSanitizer", "LeakSanitizer", "UndefinedBehaviorSanitizer"):
        assert marker not in err, f"{what}: sanitizer report\n{err[-3000:]}"
    if r.returncode == 2:
        lines = err.strip("\n").split("\n")
        assert len(lines) == 1 and lines[0].strip(), f"{what}: exit 2 needs a one-line message, got {err!r}"
    else:
        assert err == "", f"{what}: exit 0 but stderr says {err!r}"


_ORACLE_SPECS: dict[str, object] = {}


def oracle_spec(group: str):
    """The independent oracle's view (``oracle.asn1_xdr.XdrSpec``) of a spec group,
    parsed once per session."""
    from oracle.asn1_xdr import XdrSpec
    if group not in _ORACLE_SPECS:
        _ORACLE_SPECS[group] = XdrSpec([str(p) for p in spec_paths(group)])
    return _ORACLE_SPECS[group]


def type_params(groups=None):
    """pytest params (group, "Module.Type") for every named type of every spec group;
    a group whose files are missing, or that asn1tools cannot parse, becomes one
    skipped or failing param instead of breaking collection."""
    out = []
    for g in groups or SPEC_GROUPS:
        reason = missing_specs(g)
        if reason:
            out.append(pytest.param(g, None, marks=pytest.mark.skip(reason=reason), id=g))
            continue
        try:
            names = oracle_spec(g).type_names()
        except Exception as e:  # reported by the test, not at collection
            out.append(pytest.param(g, f"!{type(e).__name__}: {e}", id=f"{g}:unparsable"))
            continue
        out += [pytest.param(g, n, id=f"{g}:{n}") for n in names]
    return out


# Inputs per run_many call that get LeakSanitizer's scan; the rest run without it.
LEAK_SAMPLE = int(os.environ.get("ILPC_TEST_LEAK_SAMPLE", "12"))


def run_many(harness: Path, type_name: str, inputs: list[bytes], *, leak_sample: int = LEAK_SAMPLE,
             encoding: Optional[str] = None, to: Optional[str] = None, arena: bool = False,
             env: Optional[dict] = None) -> list[subprocess.CompletedProcess]:
    """run_harness (roundtrip, in ENCODING if given, re-encoded in TO if given, decoded
    into an arena with ARENA: T_decode_ber_arena) over
    many inputs.  First in one process, the harness's ``roundtrip-many`` mode, with
    LeakSanitizer's scan over all of them at its exit; each result is what ``roundtrip`` alone gives (exit 0 and the
    re-encoding, or exit 2 and its one-line message).  Should that process fail as a
    whole (a crash, a sanitizer or leak report), every input runs again as a command of
    its own (run_batch), so that the results say which input did it; ``leak_sample`` of
    them (spread over the list) get the leak check then, or all of them if the one
    process reported a leak."""
    enc = (["--encoding", encoding] if encoding else []) + (["--to", to] if to else []) + (["--arena"] if arena else [])
    batch, err = _run_many_in_one(harness, type_name, inputs, enc, env)
    if batch is not None:
        return batch
    every = 1 if "LeakSanitizer" in err else max(1, len(inputs) // leak_sample) if leak_sample else len(inputs) + 1
    return run_batch(harness, [(["roundtrip", type_name, *enc], d) for d in inputs], env=env,
                     leak_check_every=every, timeout=30)


def _run_many_in_one(harness: Path, type_name: str, inputs: list[bytes], enc: list[str],
                     env: Optional[dict]) -> tuple[Optional[list[subprocess.CompletedProcess]], str]:
    """The inputs through ``ilpc-harness roundtrip-many``: (results, its standard error);
    results None if that process did not end cleanly (the caller then runs them one by
    one)."""
    if not inputs:
        return [], ""
    framed = b"".join(len(d).to_bytes(4, "big") + d for d in inputs)
    try:
        r = subprocess.run([str(harness), "roundtrip-many", type_name, *enc], input=framed, capture_output=True,
                           timeout=60 + len(inputs) * 0.5, env=harness_env(env))
    except subprocess.TimeoutExpired:
        return None, ""
    err = r.stderr.decode("utf-8", "replace")
    if r.returncode != 0 or any(m in err for m in ("Sanitizer", "runtime error")):
        return None, err
    out, at, results = r.stdout, 0, []
    args = [str(harness), "roundtrip", type_name, *enc]
    for _ in inputs:
        if len(out) - at < 5:
            return None, err
        status, n = out[at], int.from_bytes(out[at + 1:at + 5], "big")
        body = out[at + 5:at + 5 + n]
        at += 5 + n
        if status == 0:
            results.append(subprocess.CompletedProcess(args, 0, body, b""))
        else:
            results.append(subprocess.CompletedProcess(args, status, b"", body + b"\n"))
    return (results if at == len(out) else None), err


def encode_batch(jobs: list[tuple[list[str], bytes]]) -> bytes:
    """The command stream of ``ilpc-harness batch`` (runtime/ilpc_harness.c): per job,
    the argument count, each argument and the standard input, lengths 4-byte big-endian."""
    parts = []
    for args, data in jobs:
        parts.append(len(args).to_bytes(4, "big"))
        for a in args:
            b = a.encode()
            parts += [len(b).to_bytes(4, "big"), b]
        parts += [len(data).to_bytes(4, "big"), data]
    return b"".join(parts)


def decode_batch(harness: Path, jobs: list[tuple[list[str], bytes]],
                 out: bytes) -> Optional[list[subprocess.CompletedProcess]]:
    """``ilpc-harness batch``'s results as one CompletedProcess per job; None if the
    stream does not hold exactly one result per job."""
    at, fields = 0, []
    while len(out) - at >= 4:
        n = int.from_bytes(out[at:at + 4], "big")
        at += 4
        if len(fields) % 3 == 0:  # an exit status
            fields.append(n)
        elif len(out) - at < n:
            return None
        else:
            fields.append(out[at:at + n])
            at += n
    if at != len(out) or len(fields) != 3 * len(jobs):
        return None
    return [subprocess.CompletedProcess([str(harness), *args], *fields[3 * i:3 * i + 3])
            for i, (args, _) in enumerate(jobs)]


def run_batch(harness: Path, jobs: list[tuple[list[str], bytes]], *, env: Optional[dict] = None,
              leak_check_every: int = 1, timeout: float = 120,
              wrapper: Optional[list[str]] = None) -> list[subprocess.CompletedProcess]:
    """Each job (the harness's arguments, its standard input) as run_harness runs it,
    the same results, through ``ilpc-harness batch``: one process starts, and each
    command runs in a forked child of it (its sanitizer reports and leak check its
    own), so that a test running hundreds of commands does not pay hundreds of process
    starts.  LEAK_CHECK_EVERY N: LeakSanitizer's check (about 10 ms of CPU) at the exit
    of jobs 0, N, 2N... only.  WRAPPER (valgrind ...) runs the batch, whose children it
    checks as processes of their own (their exit status is its error code); it writes
    its reports to the batch's standard error, which a job that exits neither 0 nor 2
    gets appended to its own.  Should the batch itself fail, the jobs run one process
    each."""
    if not jobs:
        return []
    e = harness_env(env)
    per_job = max(1, int(timeout))
    try:
        r = subprocess.run([*(wrapper or []), str(harness), "batch", "--timeout", str(per_job),
                            "--leak-check-every", str(leak_check_every)], input=encode_batch(jobs),
                           capture_output=True, env=e, timeout=60 + per_job * len(jobs))
        results = decode_batch(harness, jobs, r.stdout) if r.returncode == 0 else None
    except subprocess.TimeoutExpired:
        results = None
    if results is not None:
        if wrapper and r.stderr:
            for res in results:
                if res.returncode not in (0, 2):
                    res.stderr += b"\n" + r.stderr
        return results
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        return list(pool.map(lambda j: subprocess.run([*(wrapper or []), str(harness), *j[0]], input=j[1],
                                                      capture_output=True, timeout=timeout, env=e), jobs))


def run_by(jobs: list, key: Callable, run: Callable[[object, list], list]) -> list:
    """RUN(k, the jobs whose KEY is k) for each key, in the order keys first appear;
    the results in the jobs' order (a batch per harness, a process per encoding...)."""
    results: list = [None] * len(jobs)
    for k in dict.fromkeys(key(j) for j in jobs):
        idx = [i for i, j in enumerate(jobs) if key(j) == k]
        for i, r in zip(idx, run(k, [jobs[i] for i in idx])):
            results[i] = r
    return results
