"""Helpers the benchmark scripts share (each script puts bench/ on sys.path to import this).

What more than one script needs: logging, running commands, running ilpc and make on a
spec, compiler configurations (parsing, naming, versions), describing the machine, simple
statistics, and raising a timed process's priority on a shared machine.
"""
from __future__ import annotations

import math
import os
import platform
import re
import shlex
import shutil
import struct
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

# The warnings every benchmark's own C code is compiled with.
STRICT_C = ["-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic"]


def cipher_table():
    """compiler/ciphers.py, the one table of the runtime's ciphers (names, keys, flags, a
    rough cost), read from the source tree: a benchmark may run under a Python without
    ilpc installed.  Select ciphers from it by their facts; list no names."""
    import importlib.util
    name = "_ilpc_ciphers"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, REPO / "compiler" / "ciphers.py")
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod  # dataclasses look the module up
        spec.loader.exec_module(mod)
    return sys.modules[name]


class BenchError(Exception):
    """A benchmark step failed; the scripts print it and exit non-zero."""


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def run(cmd: list, text: bool = True, **kw) -> subprocess.CompletedProcess:
    """Runs cmd with its output captured; raises BenchError with that output if it fails."""
    p = subprocess.run([str(c) for c in cmd], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=text, **kw)
    if p.returncode != 0:
        out = p.stdout.decode(errors="replace") if isinstance(p.stdout, bytes) else p.stdout
        err = p.stderr.decode(errors="replace") if isinstance(p.stderr, bytes) else p.stderr
        raise BenchError(f"command failed (exit {p.returncode}): {shlex.join(map(str, cmd))}\n{out}{err}")
    return p


# --------------------------------------------------------------------------- building
def ilpc_cmd() -> list[str]:
    """How to run ilpc: as a module of this Python when it is installed, else from PATH."""
    try:
        import ilpc  # noqa: F401  (installed: run it as a module)
        return [sys.executable, "-m", "ilpc"]
    except ImportError:
        exe = shutil.which("ilpc")
        if exe:
            return [exe]
    raise BenchError(f"ilpc is not installed: pip install -e {REPO}")


def make_env() -> dict:
    """The environment for make: without CC/CFLAGS/... so that a build without explicit
    CC and CFLAGS really gets the Makefile's defaults."""
    env = dict(os.environ)
    for v in ("CC", "CFLAGS", "CPPFLAGS", "LDFLAGS", "LDLIBS", "MAKEFLAGS", "MFLAGS"):
        env.pop(v, None)
    return env


def ilpc_generate(spec: Path, out: Path, *options: str) -> None:
    """ilpc [options] spec -o out."""
    run(ilpc_cmd() + list(options) + [str(spec), "-o", str(out)], cwd=REPO)


def make(directory: Path, targets: list[str] = (), cc: str | None = None, cflags: str | None = None,
         jobs: int | None = None, variables: list[str] = ()) -> None:
    """make -s -jN -C directory [CC=cc] [CFLAGS=cflags] [variables] [targets], in make_env()."""
    cmd = ["make", "-s", f"-j{jobs or os.cpu_count() or 2}", "-C", str(directory)]
    cmd += ([f"CC={cc}"] if cc is not None else []) + ([f"CFLAGS={cflags}"] if cflags is not None else [])
    run(cmd + list(variables) + list(targets), env=make_env())


def libcrypto_libs() -> list[str]:
    """The linker flags of OpenSSL's libcrypto when the generated Makefile (in make_env())
    compiles the runtime with it, by the Makefile's test: ILPC_LIBCRYPTO=0/1 in the
    environment, else pkg-config finding libcrypto 3 or newer.  [] when it does not."""
    setting = os.environ.get("ILPC_LIBCRYPTO")
    if setting == "0":
        return []
    pkg_config = shlex.split(os.environ.get("PKG_CONFIG") or "pkg-config")
    have = shutil.which(pkg_config[0]) is not None
    found = have and subprocess.run([*pkg_config, "--exists", "libcrypto >= 3"]).returncode == 0
    if not found and setting != "1":
        return []
    if not have:
        return ["-lcrypto"]
    libs = subprocess.run([*pkg_config, "--libs", "libcrypto"], stdout=subprocess.PIPE, text=True).stdout
    return libs.split() or ["-lcrypto"]


def compile_strict(cc: str, cflags: str, args: list) -> None:
    """cc STRICT_C cflags args: a benchmark's own C program."""
    run([cc, *STRICT_C, *shlex.split(cflags), *map(str, args)])


# --------------------------------------------------------------------------- compiler configurations
def parse_config(name: str, default_cc: str = "cc", default_flags: str = "") -> tuple[str, str, bool]:
    """A compiler configuration as the scripts write it -> (cc, flags, is_default):
    `default` (the Makefile's CC and CFLAGS, given), `gcc-O2`, `clang-O3native`
    (-O3 -march=native), `CC:FLAGS`, or `CC FLAGS` (as results files name them)."""
    if name == "default":
        return default_cc, default_flags, True
    if ":" in name:
        cc, flags = name.split(":", 1)
        return cc, flags, False
    if " " in name.strip():
        cc, flags = name.strip().split(" ", 1)
        return cc, flags.strip(), False
    m = re.fullmatch(r"([\w.+/-]+?)-(O[0-3sfastg]*)(native)?", name)
    if not m:
        raise BenchError(f"bad config {name!r}: use default, CC-O2, CC-O3native, CC:FLAGS or 'CC FLAGS'")
    return m.group(1), f"-{m.group(2)}" + (" -march=native" if m.group(3) else ""), False


def config_label(cc: str, flags: str) -> str:
    """`gcc -O2`: how results files name a configuration."""
    return f"{Path(cc).name} {flags}".strip()


def slug(text: str) -> str:
    """A file-name-safe form of text."""
    return re.sub(r"[^A-Za-z0-9]+", "_", text).strip("_") or "default"


def compiler_version(cc: str) -> str:
    """The first line of `cc --version` ("" when cc cannot be run)."""
    try:
        p = subprocess.run([cc, "--version"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    except OSError:
        return ""
    return p.stdout.splitlines()[0].strip() if p.stdout else cc


# --------------------------------------------------------------------------- the machine
LSCPU_KEYS = ("Model name", "CPU family", "Model", "Hypervisor vendor", "L1d cache", "L1i cache", "L2 cache",
              "L3 cache", "CPU max MHz", "BogoMIPS")


def machine() -> dict:
    """What results files record about the machine: architecture, CPUs, kernel, Python,
    lscpu's model and caches, AVX2/AVX-512, glibc and valgrind versions."""
    info: dict = {"arch": platform.machine(), "cpus": os.cpu_count(), "kernel": platform.release(),
                  "python": platform.python_version()}
    try:
        out = subprocess.run(["lscpu"], stdout=subprocess.PIPE, text=True).stdout
        for line in out.splitlines():
            key, _, val = line.partition(":")
            if key.strip() in LSCPU_KEYS:
                info[key.strip()] = val.strip()
    except OSError:
        pass
    try:
        flags = Path("/proc/cpuinfo").read_text()
        info["avx2"] = " avx2" in flags
        info["avx512f"] = " avx512f" in flags
    except OSError:
        pass
    info["glibc"] = " ".join(platform.libc_ver())
    try:
        info["valgrind"] = subprocess.run(["valgrind", "--version"], stdout=subprocess.PIPE,
                                          stderr=subprocess.DEVNULL, text=True).stdout.strip()
    except OSError:
        pass
    return info


def cpu_model() -> str:
    """The CPU's model name from /proc/cpuinfo, or what platform knows."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def raise_priority() -> None:
    """For preexec_fn of a timed process: nice -20 where allowed (root), so that other
    processes on a shared machine take fewer of its time slices; silently nothing
    otherwise.  With the kernel's autogroup scheduling a nice value only counts inside a
    session's group, so the process gets a session of its own and that group is given
    -20 too."""
    try:
        os.setsid()
        with open("/proc/self/autogroup", "w") as f:
            f.write("-20")
    except OSError:
        pass
    try:
        os.setpriority(os.PRIO_PROCESS, 0, -20)
    except OSError:
        pass


# --------------------------------------------------------------------------- checksums
def ones_sum(b: bytes) -> int:
    """16-bit one's complement sum of b (big-endian 16-bit words, RFC 1071), not complemented."""
    if len(b) % 2:
        b += b"\0"
    s = sum(struct.unpack(f">{len(b) // 2}H", b))
    while s >> 16:
        s = (s & 0xFFFF) + (s >> 16)
    return s


# --------------------------------------------------------------------------- statistics
def quantile(v: list[float], q: float) -> float:
    """The q-quantile of v, interpolated linearly (NaN for no values)."""
    s = sorted(v)
    if not s:
        return math.nan
    pos = q * (len(s) - 1)
    lo = int(pos)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (pos - lo)


def median(v: list[float]) -> float:
    """The median of the values of v that are not NaN (NaN for none)."""
    return quantile([x for x in v if not math.isnan(x)], 0.5)


# --------------------------------------------------------------------------- output
def pyplot():
    """matplotlib.pyplot with the Agg back end, or None (after saying so) when matplotlib
    is not installed: the plots are optional."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        log("matplotlib not installed (pip install matplotlib): no plots")
        return None
    return plt


def replace_section(doc: Path, begin: str, end: str, text: str) -> bool:
    """Replaces what stands between the marker lines begin and end in doc with text; False
    (and doc unchanged) when doc or a marker is missing."""
    if not doc.is_file():
        return False
    old = doc.read_text()
    if begin not in old or end not in old:
        return False
    pre, rest = old.split(begin, 1)
    _, post = rest.split(end, 1)
    doc.write_text(pre + begin + "\n" + text + end + post)
    return True
