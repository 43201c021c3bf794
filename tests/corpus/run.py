"""ilpc against a public corpus: the ASN.1 specs of asn1tools' test suite.

The sdist of asn1tools (a pinned version, fetched from PyPI with pip and cached) holds
59 spec files under tests/files/, among them 28 real protocol modules (IETF, 3GPP,
ETSI, CEN, IEEE, OMA, ITU-T X.691's examples); asn1tools' repository has one more
(RFC 4511, LDAP), so a checkout of it, given with --files, has 60 files and 29.  For each file this script runs ilpc with
the files of the modules it imports (IMPORTS below) and reports whether it compiles, or
the first error ilpc gives (file:line:col and message).

    python tests/corpus/run.py                  compile every file
    python tests/corpus/run.py --build          ... and build the generated C with gcc and
                                                clang (-std=c11 -Wall -Wextra -Werror -pedantic)
    python tests/corpus/run.py --roundtrip      ... and round-trip random values of the
                                                types against the oracle (tests/oracle)
    --out DIR        keep the generated code there (default: a temporary directory)
    --report FILE    also write the table as markdown
    --sdist PATH     use this sdist (.tar.gz) instead of fetching it
    --files DIR      use the spec files under DIR instead (a checkout's tests/files)
    --only SUBSTR    only the files whose path contains SUBSTR (repeatable)
    --max-c-mb N     build only files whose generated C is at most N MB (default 2.5)
    -j N             handle N files at once

Files that hold errors (KNOWN_ERRORS: asn1tools' own specs have some on purpose) must get
exactly those; with --build or --roundtrip, the rest of such a file (those lines left
out) is built and round-tripped in its place.

The exit status is 0 unless ilpc crashed, or gave an error without a location, on a
file (an unsupported construct is an honest error, not a failure of this script), a
file with known errors got others, or a file that compiled did not build or round-trip.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"

SDIST_NAME = "asn1tools"
SDIST_VERSION = "0.169.0"
SDIST_FILE = f"{SDIST_NAME}-{SDIST_VERSION}.tar.gz"
FILES_PREFIX = f"{SDIST_NAME}-{SDIST_VERSION}/tests/files/"
CACHE_DIR = Path(os.environ.get("ILPC_CORPUS_CACHE", Path.home() / ".cache" / "ilpc-corpus"))

# The real protocol modules among the 59 files (the rest are asn1tools' own test specs),
# and RFC 4511 (LDAP), which asn1tools' repository holds and its sdist does not: with
# --files pointing at a checkout of the repository, all 29 are there.
PROTOCOL = [
    "ietf/rfc1155.asn", "ietf/rfc1157.asn", "ietf/rfc2986.asn", "ietf/rfc3447.asn",
    "ietf/rfc5280.asn", "ietf/rfc5280_modified.asn", "ietf/rfc3279.asn", "ietf/rfc3281.asn",
    "ietf/rfc4210.asn", "ietf/rfc4211.asn", "ietf/rfc3852.asn", "ietf/rfc5084.asn",
    "ietf/rfc3161.asn",
    "3gpp/rrc_8_6_0.asn", "3gpp/rrc_14_4_0.asn", "3gpp/s1ap_14_4_0.asn", "3gpp/lpp_14_3_0.asn",
    "etsi/cam_pdu_descriptions_1_3_2.asn", "etsi/its_container_1_2_1.asn", "etsi/mapem_2_1_1.asn",
    "cen/dsrc.asn", "cen/electronic_registration_identification_vehicle_data_module.asn",
    "ieee/ieee1609_2.asn", "oma/ulp.asn",
    "x691_a1.asn", "x691_a2.asn", "x691_a3.asn", "x691_a4.asn",
    "ietf/rfc4511.asn",
]
NOT_IN_SDIST = ["ietf/rfc4511.asn"]

# Which corpus file defines the modules another file imports (only direct imports;
# the closure is taken).  Modules that no corpus file defines are left out: ilpc then
# reports a use of their names that needs a definition as an error, and takes names
# used only as object sets as unknown sets, with a warning.  ietf/rfc5280.asn is taken
# for PKIX1Explicit88 and PKIX1Implicit88 (rfc5280_modified.asn defines the same modules).
#   cen/dsrc.asn: REGION (ISO TS 19091's regional extensions) is not in the corpus.  DSRC
#     uses its names only as the object sets of RegionalExtension {{Reg-...}}: unknown
#     sets, so the regional extensions are opaques, and DSRC and MAPEM compile with a
#     warning.
#   ietf/rfc2986.asn: X.501's UsefulDefinitions, InformationFramework and X.509's
#     AuthenticationFramework are not in the corpus.
#   ietf/rfc3447.asn: NIST-SHA2 is not in the corpus.  RFC 3447 uses its names only as
#     the ids of objects in object sets: those sets are unknown, and it compiles with a
#     warning.
#   ietf/rfc3161.asn: CryptographicMessageSyntax (RFC 2630's, another OID than the
#     2004 module of ietf/rfc3852.asn) is not in the corpus.
IMPORTS: dict[str, list[str]] = {
    "module-2.asn": ["module-1.asn"],
    "etsi/cam_pdu_descriptions_1_3_2.asn": ["etsi/its_container_1_2_1.asn"],
    "etsi/mapem_2_1_1.asn": ["cen/dsrc.asn", "etsi/its_container_1_2_1.asn"],
    "cen/dsrc.asn": ["etsi/its_container_1_2_1.asn",
                     "cen/electronic_registration_identification_vehicle_data_module.asn"],
    "ietf/rfc1157.asn": ["ietf/rfc1155.asn"],
    "ietf/rfc3161.asn": ["ietf/rfc4210.asn", "ietf/rfc5280.asn"],
    "ietf/rfc3281.asn": ["ietf/rfc5280.asn"],
    "ietf/rfc3852.asn": ["ietf/rfc5280.asn", "ietf/rfc3281.asn"],
    "ietf/rfc4210.asn": ["ietf/rfc2986.asn", "ietf/rfc5280.asn", "ietf/rfc4211.asn"],
    "ietf/rfc4211.asn": ["ietf/rfc5280.asn", "ietf/rfc3852.asn"],
}

# Errors the files hold, on purpose (asn1tools' own test specs try its parser on them) or
# by mistake: ilpc must report exactly these, as line:col: message, and nothing else.
# Each is in an assignment written on one line, or the entry gives the (first, last)
# lines of its assignment; with --build or --roundtrip, the file with those lines
# blanked out is compiled, built and round-tripped in its place.
#   Sequence6, Sequence7 (both files): an extension addition 'b BOOLEAN' and the root
#     component 'c BOOLEAN' after the second '...' have the same tag (X.680 25.7);
#   Sequence15: three BIT STRING DEFAULT components in a row (X.680 25.6).
_SAME = "have the same tag [UNIVERSAL {}], and '{}' may be absent: a decoder cannot tell them apart (X.680 {})"


def _clash(line: int, col: int, a: str, b: str, seq: str, number: int, clause: str, lines: tuple[int, int]):
    return (line, col, f"components '{a}' and '{b}' of SEQUENCE '{seq}' " + _SAME.format(number, a, clause), lines)


KNOWN_ERRORS: dict[str, list[tuple]] = {
    "all_types.asn": [
        (19, 43, "SIZE constraint cannot apply to INTEGER"),          # Integer4: INTEGER (... ^ SIZE (4))
        _clash(120, 3, "b", "c", "Sequence6", 1, "25.7", (113, 121)),
        _clash(130, 3, "b", "c", "Sequence7", 1, "25.7", (123, 134)),
        _clash(133, 3, "b", "d", "Sequence7", 1, "25.7", (123, 134)),
        _clash(133, 3, "c", "d", "Sequence7", 1, "25.7", (123, 134)),
        _clash(181, 5, "a", "b", "Sequence15", 3, "25.6", (179, 183)),
        _clash(182, 5, "a", "c", "Sequence15", 3, "25.6", (179, 183)),
        _clash(182, 5, "b", "c", "Sequence15", 3, "25.6", (179, 183)),
        (201, 21, "undefined type 'A'"),                               # choice CHOICE { foo A } ::= foo : bar
        (219, 26, "value 'ia5string2': {1, 2, 3, 4} is beyond the last character of ISO/IEC 10646 "
                  "(U+10FFFF)"),                                       # a quadruple as an IA5String value
    ],
    "extensibility_implied.asn": [
        _clash(38, 3, "b", "c", "Sequence6", 1, "25.7", (31, 39)),
        _clash(48, 3, "b", "c", "Sequence7", 1, "25.7", (41, 52)),
        _clash(51, 3, "b", "d", "Sequence7", 1, "25.7", (41, 52)),
        _clash(51, 3, "c", "d", "Sequence7", 1, "25.7", (41, 52)),
    ],
    # X.680's F.2.6 names them C0 and C1; the file renamed them C0-F-2-6 and C1-F-2-6
    "x680.asn": [(652, 63, "undefined type 'C0'")],
}


def known_lines(rel: str) -> list[int]:
    """The lines of the known errors of ``rel``, blanked in the rest of the file."""
    out: set[int] = set()
    for e in KNOWN_ERRORS[rel]:
        first, last = e[3] if len(e) > 3 else (e[0], e[0])
        out.update(range(first, last + 1))
    return sorted(out)

STRICT = ["-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic"]
COMPILERS = ("gcc", "clang")

# Round-trip caps: the types of a file taken (spread over the file), values per type.
MAX_TYPES = 40
N_VALUES = 8
# Files whose generated C is larger than this (the 3GPP RRC modules make over 20 MB,
# LPP 4 MB) are not built: one such build takes longer than the whole rest of the run.
# Those of 2 to 2.5 MB (DSRC, MAPEM, RFC 3852 and 4211, OMA ULP) take 2-4 minutes each.
MAX_C_MB = 2.5

LOCATED = re.compile(r"^(?P<file>[^\s:][^:]*):(?P<line>\d+):(?P<col>\d+): error: (?P<msg>.*)$")


# ------------------------------------------------------------------ the sdist

class CorpusUnavailable(Exception):
    pass


def fetch_sdist(cache: Path = CACHE_DIR) -> Path:
    """The cached sdist, fetched with pip from the package index when it is not there."""
    path = cache / SDIST_FILE
    if path.is_file():
        return path
    cache.mkdir(parents=True, exist_ok=True)
    r = subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-binary", ":all:",
                        "--no-deps", f"{SDIST_NAME}=={SDIST_VERSION}", "-d", str(cache)],
                       capture_output=True, text=True, timeout=300)
    if r.returncode != 0 or not path.is_file():
        raise CorpusUnavailable(f"pip download {SDIST_NAME}=={SDIST_VERSION} failed: "
                                f"{(r.stderr or r.stdout).strip()[-500:]}")
    return path


def unpack(sdist: Path, cache: Path = CACHE_DIR) -> Path:
    """The sdist's tests/files/ directory, unpacked once next to the cached sdist."""
    dest = cache / f"{SDIST_NAME}-{SDIST_VERSION}-files"
    done = dest / ".complete"
    if done.is_file() and done.read_text() == str(sdist.stat().st_size):
        return dest
    tmp = Path(tempfile.mkdtemp(dir=cache, prefix=".unpack-"))
    try:
        with tarfile.open(sdist) as tar:
            for m in tar.getmembers():
                if not (m.isfile() and m.name.startswith(FILES_PREFIX) and m.name.endswith(".asn")):
                    continue
                rel = m.name[len(FILES_PREFIX):]
                if ".." in Path(rel).parts or rel.startswith("/"):
                    continue
                target = tmp / rel
                target.parent.mkdir(parents=True, exist_ok=True)
                with tar.extractfile(m) as src:
                    target.write_bytes(src.read())
        (tmp / ".complete").write_text(str(sdist.stat().st_size))
        if dest.exists():
            shutil.rmtree(dest)
        tmp.rename(dest)
    finally:
        if tmp.exists():
            shutil.rmtree(tmp, ignore_errors=True)
    return dest


def corpus_dir(sdist: Optional[str] = None) -> Path:
    """Fetch (or take SDIST) and unpack; raises CorpusUnavailable."""
    path = Path(sdist) if sdist else fetch_sdist()
    if not path.is_file():
        raise CorpusUnavailable(f"no sdist at {path}")
    return unpack(path)


def spec_files(files: Path) -> list[str]:
    return sorted(str(p.relative_to(files)) for p in files.rglob("*.asn"))


def imports_of(rel: str) -> list[str]:
    """The files of the modules REL imports, directly or not, REL itself left out."""
    out: list[str] = []
    todo = list(IMPORTS.get(rel, []))
    while todo:
        f = todo.pop(0)
        if f == rel or f in out:
            continue
        out.append(f)
        todo += IMPORTS.get(f, [])
    return out


# ------------------------------------------------------------------ one file

@dataclass
class Result:
    file: str
    compiles: bool = False
    error: str = ""            # the first error line, as ilpc printed it
    located: bool = True       # the error has file:line:col
    crashed: bool = False      # internal error, traceback or a signal
    errors: int = 0            # how many error lines
    error_lines: list = field(default_factory=list)  # every located error, "line:col: message"
    known: Optional[bool] = None  # KNOWN_ERRORS: whether the errors are exactly those
    rest: str = ""             # KNOWN_ERRORS: what the file without them gives ("compiles" or its error)
    seconds: float = 0.0       # ilpc's run
    build_seconds: float = 0.0      # --build: both compilers
    roundtrip_seconds: float = 0.0  # --roundtrip: the sanitizer build and the values
    build: dict = field(default_factory=dict)    # compiler -> "ok" or the first error
    roundtrip: Optional[str] = None              # "ok: N types, M values" or what failed
    roundtrip_ok: Optional[bool] = None
    skipped: str = ""                            # why it was not built

    @property
    def protocol(self) -> bool:
        return self.file in PROTOCOL


def ilpc_cmd() -> list[str]:
    return [sys.executable, "-m", "ilpc"]


def ilpc_in_process(args: list[str], cwd: str) -> tuple[int, str]:
    """ilpc's command line (ilpc.cli.main) run in this process, from CWD: its exit status
    and what it wrote to stderr, as `python -m ilpc` would give them.  For a pool of
    worker processes: a new interpreter and ilpc's imports for every file cost more CPU
    than most of the corpus's compilations."""
    import contextlib
    import io

    from ilpc import cli
    os.chdir(cwd)
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        try:
            status = cli.main(args)
        except SystemExit as e:  # argparse's usage errors
            status = e.code if isinstance(e.code, int) else 1
    return status, err.getvalue()


def compile_file(files: Path, rel: str, out: Path, source: Optional[Path] = None, pool=None) -> Result:
    """ilpc on REL (or SOURCE, a copy of it) and the files of the modules it imports: a
    `python -m ilpc` process, or ilpc_in_process in POOL (a ProcessPoolExecutor)."""
    res = Result(rel)
    args = [str(source or files / rel)] + [str(files / f) for f in imports_of(rel)] + ["-o", str(out)]
    t0 = time.monotonic()
    if pool is None:
        r = subprocess.run(ilpc_cmd() + args, capture_output=True, text=True, cwd=files)
        status, err = r.returncode, r.stderr
    else:
        status, err = pool.submit(ilpc_in_process, args, str(files)).result()
    res.seconds = time.monotonic() - t0
    if status == 0:
        res.compiles = True
        return res
    lines = [ln for ln in err.splitlines() if ln.strip()]
    errs = [ln for ln in lines if ": error: " in ln]
    res.errors = len(errs)
    res.error_lines = [f"{m['line']}:{m['col']}: {m['msg']}" for m in map(LOCATED.match, errs) if m]
    first = errs[0] if errs else (lines[0] if lines else f"exit {r.returncode}, no output")
    m = LOCATED.match(first)
    if m:
        try:
            shown = str(Path(m["file"]).resolve().relative_to(files.resolve()))
        except ValueError:
            shown = m["file"]
        res.error = f"{shown}:{m['line']}:{m['col']}: {m['msg']}"
    else:
        res.error = first
    res.located = bool(m)
    res.crashed = (status != 1 or "Traceback" in err or "internal compiler error" in err)
    return res


def _generated_sources(out: Path) -> list[str]:
    """The generated C files of OUT (the stubs, named after the spec, and the harness);
    the rest is ilpc's runtime, copied verbatim and tested on its own."""
    text = (out / "Makefile").read_text()
    m = re.search(r"^STUB_SRCS = (.*)$", text, re.M)
    return (m.group(1).split() if m else []) + ["ilpc_harness.c"]


def build_file(out: Path, res: Result) -> None:
    """Compile the generated C (the stubs and the harness) with each compiler and the
    strict warning flags the generated Makefile adds (-std=c11 -Wall -Wextra -Werror
    -pedantic); -Werror makes any warning fatal.  The ILP code is built in its compact
    form (docs/ilp.md), the same template code with one instantiation."""
    objs = [c.removesuffix(".c") + ".o" for c in _generated_sources(out)]
    for cc in COMPILERS:
        if not shutil.which(cc):
            res.build[cc] = "not installed"
            continue
        subprocess.run(["make", "-C", str(out), "clean"], capture_output=True)
        r = subprocess.run(["make", "-s", "-C", str(out), f"-j{os.cpu_count() or 2}", f"CC={cc}", "CFLAGS=-O1",
                            "CPPFLAGS=-DILPC_ILP_COMPACT=1", "ILPC_LIBCRYPTO=0", *objs],
                           capture_output=True, text=True)
        if r.returncode == 0 and "warning:" not in r.stderr:
            res.build[cc] = "ok"
        else:
            text = r.stdout + r.stderr
            first = next((ln for ln in text.splitlines() if "error" in ln or "warning" in ln), text.strip()[-200:])
            res.build[cc] = first.strip()[:300]
    subprocess.run(["make", "-C", str(out), "clean"], capture_output=True)


RUNTIME_OBJ_CACHE = CACHE_DIR / "runtime-objects"


def _codec_runtime(out: Path) -> list[str]:
    """The part of the runtime the codecs and the message paths need (no TCP), as the
    generated Makefile's fuzz target lists it."""
    m = re.search(r"^FUZZ_OBJS = .*$", (out / "Makefile").read_text(), re.M)
    names = re.findall(r"\b(ilpc_\w+\.c)\b", m.group(0)) if m else []
    return [n for n in names if n != "ilpc_fuzz.c"]


def build_harness_cached(out: Path, cflags: list[str], ldflags: list[str]) -> Optional[str]:
    """Build OUT/ilpc-harness (the generated stubs and harness, the codec part of the
    runtime) with CFLAGS and LDFLAGS (the ILP code at -O0 without them), through the
    generated Makefile's rules for the objects; None on success, else the compiler's
    output.  ilpc's runtime files are the
    same for every spec, so their objects are built once per set of flags and runtime
    text (RUNTIME_OBJ_CACHE) and copied in, newer than the headers, so that make only
    compiles the generated files."""
    import hashlib
    runtime = _codec_runtime(out)
    h = hashlib.sha256(repr((cflags, runtime)).encode())
    for p in sorted(out.glob("ilpc_*")):
        if p.suffix in (".c", ".h") and p.name not in ("ilpc_harness.c", "ilpc_fuzz.c"):
            h.update(p.name.encode() + b"\0" + p.read_bytes())
    cache = RUNTIME_OBJ_CACHE / h.hexdigest()[:16]
    rt_objs = [n.removesuffix(".c") + ".o" for n in runtime]
    if cache.is_dir():
        now = time.time() + 1
        for o in rt_objs:
            shutil.copyfile(cache / o, out / o)
            os.utime(out / o, (now, now))
    gen_objs = [c.removesuffix(".c") + ".o" for c in _generated_sources(out)]
    make = ["make", "-s", "-C", str(out), f"-j{os.cpu_count() or 2}", "CPPFLAGS=-DILPC_ILP_COMPACT=1",
            "ILPC_LIBCRYPTO=0"]
    # The ILP send/receive code (*_ilp.c) is linked in but not exercised by the round
    # trip: it is built at -O0 without sanitizers, which takes a fraction of the time.
    ilp_objs = [o for o in gen_objs if o.endswith("_ilp.o")]
    r = subprocess.run(make + ["CFLAGS=-O0"] + ilp_objs, capture_output=True, text=True)
    if r.returncode != 0:
        return (r.stdout + r.stderr)[-2000:]
    r = subprocess.run(make + ["CFLAGS=" + " ".join(cflags)] + gen_objs + rt_objs, capture_output=True, text=True)
    if r.returncode != 0:
        return (r.stdout + r.stderr)[-2000:]
    cc = os.environ.get("CC", "cc")
    r = subprocess.run([cc, *cflags, *ldflags, *gen_objs, *rt_objs, "-o", "ilpc-harness", "-lm"],
                       capture_output=True, text=True, cwd=out)
    if r.returncode != 0:
        return (r.stdout + r.stderr)[-2000:]
    if not cache.is_dir():
        from conftest import keep_objects  # on sys.path: roundtrip_file put it there
        keep_objects(out, rt_objs, cache)
    return None


def _spread(items: list, n: int) -> list:
    if len(items) <= n:
        return items
    step = len(items) / n
    return [items[int(i * step)] for i in range(n)]


def without_lines(path: Path, lines: list[int], dest: Path) -> Path:
    """A copy of PATH at DEST with the given (1-based) lines blanked, the others where they were."""
    text = path.read_text().split("\n")
    for n in lines:
        text[n - 1] = ""
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_text("\n".join(text))
    return dest


def roundtrip_file(files: Path, rel: str, out: Path, res: Result, source: Optional[Path] = None) -> None:
    """Random values of the file's types (at most MAX_TYPES, N_VALUES each), encoded by
    the oracle, through the generated C's harness (ASan+UBSan build) and back."""
    if str(TESTS) not in sys.path:
        sys.path.insert(0, str(TESTS))
    from conftest import SANITIZE, SANITIZE_CFLAGS, run_many  # the oracle tests' sanitizer build
    from oracle.asn1_xdr import XdrSpec, same_value
    from oracle.values import ValueGen
    import zlib

    paths = [source or files / rel] + [files / f for f in imports_of(rel)]
    try:
        spec = XdrSpec([str(p) for p in paths])
    except Exception as e:  # noqa: BLE001 - asn1tools cannot parse it: nothing to compare with
        res.roundtrip, res.roundtrip_ok = f"oracle cannot parse: {type(e).__name__}: {str(e)[:120]}", None
        return
    own = set(spec_modules(spec, source or files / rel))
    names = [n for n in spec.type_names() if n.rpartition(".")[0] in own]
    failed = build_harness_cached(out, SANITIZE_CFLAGS, SANITIZE)
    if failed:
        res.roundtrip, res.roundtrip_ok = f"harness build failed: {failed[-300:]}", False
        return
    harness = out / "ilpc-harness"
    tried = skipped = values = 0
    failures: list[str] = []
    for name in _spread(names, MAX_TYPES):
        try:
            t = spec.type(name)
            vals = ValueGen(zlib.crc32(name.encode())).values(t, N_VALUES)
            cases = {}
            for v in vals:
                cases.setdefault(t.encode(v), v)
        except Exception:  # noqa: BLE001 - OracleError or a shape the oracle does not expect
            skipped += 1
            continue
        tried += 1
        for (data, v), r in zip(cases.items(), run_many(harness, name, list(cases), leak_sample=2)):
            values += 1
            if r.returncode != 0 or r.stdout != data:
                err = r.stderr.decode("utf-8", "replace").strip()
                failures.append(f"{name}: value {v!r:.80} exit {r.returncode} {err[-160:]}")
            else:
                try:
                    if not same_value(t.decode(r.stdout), v):
                        failures.append(f"{name}: oracle decodes {v!r:.80} differently")
                except Exception as e:  # noqa: BLE001
                    failures.append(f"{name}: oracle cannot decode its own bytes: {e}")
    note = f"{tried} types, {values} values" + (f", {skipped} types the oracle does not model" if skipped else "")
    if failures:
        res.roundtrip, res.roundtrip_ok = f"{len(failures)} failed ({note}); first: {failures[0]}", False
    else:
        res.roundtrip, res.roundtrip_ok = f"ok: {note}", tried > 0


def spec_modules(spec, path: Path) -> list[str]:
    """The modules asn1tools found in PATH alone (the other files only give imports)."""
    import asn1tools
    return list(asn1tools.parse_files([str(path)]).keys())


# ------------------------------------------------------------------ the run

def run(files: Path, out_root: Path, build: bool = False, roundtrip: bool = False,
        only: Optional[list[str]] = None, log=None, jobs: int = 1, max_c_mb: float = MAX_C_MB) -> list[Result]:
    """Every file (or those matching ONLY), JOBS at a time; results in file order."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

    def one(rel: str) -> Result:
        out = out_root / rel.replace("/", "__").removesuffix(".asn")
        res = compile_file(files, rel, out / "c", pool=compilers)
        c_dir, source, ok = out / "c", None, res.compiles
        if rel in KNOWN_ERRORS:
            res.known = res.error_lines == [f"{ln}:{col}: {msg}" for ln, col, msg, *_ in KNOWN_ERRORS[rel]]
            if res.known and (build or roundtrip):
                # the rest of the file: built and round-tripped like a file that compiles
                source = without_lines(files / rel, known_lines(rel), out / "rest" / Path(rel).name)
                rest = compile_file(files, rel, out / "rest" / "c", source, pool=compilers)
                res.rest = "compiles" if rest.compiles else rest.error
                c_dir, ok = out / "rest" / "c", rest.compiles
        if ok and (build or roundtrip):
            mb = sum(p.stat().st_size for p in c_dir.glob("*.c")
                     if p.name in _generated_sources(c_dir)) / 2**20
            if mb > max_c_mb:
                res.skipped = f"not built: {mb:.1f} MB of generated C (over {max_c_mb:g} MB)"
                if log:
                    log(line(res))
                return res
        if ok and build:
            t0 = time.monotonic()
            build_file(c_dir, res)
            res.build_seconds = time.monotonic() - t0
        if ok and roundtrip:
            t0 = time.monotonic()
            roundtrip_file(files, rel, c_dir, res, source)
            res.roundtrip_seconds = time.monotonic() - t0
        if log:
            log(line(res))
        return res

    todo = [rel for rel in spec_files(files) if not only or any(s in rel for s in only)]
    # ilpc runs in JOBS long-lived processes (spawned: this one may have threads)
    with ProcessPoolExecutor(max_workers=max(1, jobs), mp_context=multiprocessing.get_context("spawn")) as compilers, \
            ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        return list(pool.map(one, todo))


def line(res: Result) -> str:
    status = "compiles" if res.compiles else ("CRASH" if res.crashed else "known" if res.known else
                                               "error" if res.located else "UNLOCATED")
    extra = ""
    if res.known is not None:
        extra += (f" its {len(KNOWN_ERRORS[res.file])} known error(s) exactly" if res.known
                  else f" NOT its known errors: {res.error_lines}")
        if res.rest:
            extra += f"; without them: {res.rest}"
    if res.build:
        extra += " build " + ",".join(f"{cc}:{'ok' if s == 'ok' else 'FAIL'}" for cc, s in res.build.items())
    if res.roundtrip is not None:
        extra += f" roundtrip {res.roundtrip}"
    if res.skipped:
        extra += f" ({res.skipped})"
    if res.build or res.roundtrip is not None:
        extra += f" [ilpc {res.seconds:.0f} s, build {res.build_seconds:.0f} s, roundtrip {res.roundtrip_seconds:.0f} s]"
    return f"{res.file:<70} {status:<9}{extra} {res.error}".rstrip()


def summary(results: list[Result]) -> str:
    n = len(results)
    ok = sum(r.compiles for r in results)
    prot = [r for r in results if r.protocol]
    s = f"{ok}/{n} compile, {sum(r.compiles for r in prot)}/{len(prot)} protocol modules"
    built = [r for r in results if r.build]
    if built:
        s += f"; {sum(all(v == 'ok' for v in r.build.values()) for r in built)}/{len(built)} build warning-free"
    rt = [r for r in results if r.roundtrip is not None]
    if rt:
        s += f"; {sum(bool(r.roundtrip_ok) for r in rt)}/{len(rt)} round-trip"
    bad = [r for r in results if r.crashed or not r.located]
    known = [r for r in results if r.known is not None]
    if known:
        s += f"; {sum(bool(r.known) for r in known)}/{len(known)} reject exactly their known errors"
    skipped = [r for r in results if r.skipped]
    if skipped:
        s += f"; {len(skipped)} too large to build"
    if bad:
        s += f"; {len(bad)} crashed or unlocated"
    return s


def markdown(results: list[Result]) -> str:
    rows = ["| file | protocol | result | first error / build / round-trip |", "| --- | --- | --- | --- |"]
    for r in results:
        detail = r.error.replace("|", "\\|")
        if r.build:
            detail = "build: " + ", ".join(f"{cc} {s}" for cc, s in r.build.items())
        if r.roundtrip is not None:
            detail += f"; round-trip: {r.roundtrip}".replace("|", "\\|")
        if r.skipped:
            detail += ("; " if detail else "") + r.skipped
        rows.append(f"| {r.file} | {'yes' if r.protocol else ''} | "
                    f"{'compiles' if r.compiles else 'rejected'} | {detail} |")
    return "\n".join(rows) + f"\n\n{summary(results)}\n"


def main(argv: Optional[list[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", action="store_true", help="build the generated C with gcc and clang")
    ap.add_argument("--roundtrip", action="store_true", help="round-trip random values against the oracle")
    ap.add_argument("--out", help="keep the generated code in DIR")
    ap.add_argument("--report", help="write the table as markdown to FILE")
    ap.add_argument("--sdist", help="the asn1tools sdist to use instead of fetching it")
    ap.add_argument("--files", help="a directory of spec files to use instead of the sdist's tests/files "
                                    "(e.g. a checkout of asn1tools' repository: DIR/tests/files)")
    ap.add_argument("--only", action="append", help="only files whose path contains this (repeatable)")
    ap.add_argument("-j", "--jobs", type=int, default=1, help="files handled at once (default 1)")
    ap.add_argument("--max-c-mb", type=float, default=MAX_C_MB,
                    help=f"build only files whose generated C is at most this many MB (default {MAX_C_MB:g})")
    args = ap.parse_args(argv)
    try:
        files = Path(args.files) if args.files else corpus_dir(args.sdist)
        if not files.is_dir():
            raise CorpusUnavailable(f"no directory {files}")
    except CorpusUnavailable as e:
        print(f"corpus: {e}", file=sys.stderr)
        return 2
    tmp = None
    if args.out:
        out_root = Path(args.out)
        out_root.mkdir(parents=True, exist_ok=True)
    else:
        tmp = tempfile.TemporaryDirectory(prefix="ilpc-corpus-")
        out_root = Path(tmp.name)
    try:
        results = run(files, out_root, args.build, args.roundtrip, args.only,
                      log=print if args.jobs <= 1 else None, jobs=args.jobs, max_c_mb=args.max_c_mb)
        if args.jobs > 1:
            for r in results:
                print(line(r))
    finally:
        if tmp:
            tmp.cleanup()
    print(summary(results))
    if args.report:
        Path(args.report).write_text(markdown(results))
    bad = [r for r in results if r.crashed or not r.located or r.known is False
           or (r.rest and r.rest != "compiles")
           or (r.build and any(v not in ("ok", "not installed") for v in r.build.values()))
           or r.roundtrip_ok is False]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
