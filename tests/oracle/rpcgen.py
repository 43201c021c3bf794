"""rpcgen as a second, independent XDR implementation.

``RpcgenDriver.build(x_file, workdir)`` runs ``rpcgen -h`` and ``rpcgen -c`` on an RFC
4506 .x file, writes a small C driver that round-trips values through the generated
``xdr_<Type>`` routines (XDR_DECODE then XDR_ENCODE on xdrmem streams, libtirpc), and
compiles it.  Definitions that rpcgen rejects, or whose generated C does not compile
(recursion through a union arm held by value, for instance), are dropped together
with everything that uses them, and reported in ``skipped`` with the reason.

The driver reads many values per run: records ``BE32(n) | n bytes`` on stdin, and
answers each with ``BE32(status) | BE32(m) | m bytes``: status 0 = decoded the whole
input and re-encoded it into the m bytes; 1 = the decoder failed; 2 = it stopped
before the end of the input (m = bytes used); 3 = the encoder failed.

rpcgen does not enforce ASN.1 ranges, sizes of character strings' alphabets and so on:
only valid values are meaningful here.  Nothing from ilpc is imported.
"""
from __future__ import annotations

import re
import shutil
import struct
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

RPCGEN = shutil.which("rpcgen")
TIRPC_INCLUDE = "/usr/include/tirpc"
TIMEOUT = 30  # rpcgen loops forever on some inputs (e.g. "typedef A A;")


class RpcgenError(Exception):
    pass


def have_rpcgen() -> Optional[str]:
    """None when rpcgen and libtirpc's headers are usable, else the reason why not."""
    if RPCGEN is None:
        return "rpcgen is not installed (Debian: apt-get install rpcsvc-proto)"
    if not Path(TIRPC_INCLUDE, "rpc", "rpc.h").is_file():
        return "libtirpc headers are missing (Debian: apt-get install libtirpc-dev)"
    return None


# ---------------------------------------------------------------- .x definitions


@dataclass
class XDef:
    name: str
    text: str
    first_line: int  # 1-based line in the .x file where the definition starts
    last_line: int


_NAME_PATTERNS = [
    re.compile(r"^\s*(?:struct|union|enum)\s+(\w+)", re.S),
    re.compile(r"^\s*const\s+(\w+)", re.S),
    re.compile(r"^\s*typedef\b.*?(\w+)\s*(?:\[[^\]]*\]|<[^>]*>)?\s*$", re.S),
    re.compile(r"^\s*program\s+(\w+)", re.S),
]


def split_definitions(text: str) -> tuple[list[XDef], str]:
    """The top-level definitions of a .x file, and its preamble (comments, % lines)."""
    defs: list[XDef] = []
    depth = 0
    i, n = 0, len(text)
    start = 0
    line = 1
    start_line = 1
    while i < n:
        c = text[i]
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            line += text.count("\n", i, j)
            i = j
            continue
        if c == "%" and (i == 0 or text[i - 1] == "\n"):
            j = text.find("\n", i)
            i = n if j < 0 else j
            continue
        if c == "\n":
            line += 1
        elif c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
        elif c == ";" and depth == 0:
            body = text[start:i]
            body_clean = re.sub(r"/\*.*?\*/", "", body, flags=re.S)
            lead = len(body) - len(body.lstrip())
            first = start_line + text.count("\n", start, start + lead)
            for pat in _NAME_PATTERNS:
                m = pat.match(body_clean)
                if m:
                    defs.append(XDef(m.group(1), body_clean.strip() + ";", first, line))
                    break
            else:
                raise RpcgenError(f"cannot name the .x definition {body.strip()[:80]!r}")
            start = i + 1
            start_line = line
        i += 1
    return defs, ""


def is_self_typedef(d: XDef) -> bool:
    return re.match(rf"^\s*typedef\s+{re.escape(d.name)}\s+{re.escape(d.name)}\s*;", d.text) is not None


def _uses(d: XDef, names: set[str]) -> set[str]:
    body = re.sub(r"/\*.*?\*/", "", d.text, flags=re.S)
    return {w for w in re.findall(r"\b\w+\b", body) if w in names and w != d.name}


def _enclosing_definition(lines: list[str], line: int) -> Optional[str]:
    """The name of the rpcgen output definition (struct, union, enum, typedef or xdr_
    function) that contains 1-based ``line``."""
    for k in range(min(line, len(lines)) - 1, -1, -1):
        s = lines[k]
        m = (re.match(r"^(?:struct|union|enum)\s+(\w+)\s*\{", s) or re.match(r"^xdr_(\w+)\s*\(", s)
             or re.match(r"^typedef\b[^{]*?(\w+)\s*(?:\[[^\]]*\])?;", s))
        if m:
            return m.group(1)
        if re.match(r"^typedef\s+(?:struct|union|enum)\s*\{", s):  # anonymous: the name follows '}'
            for s2 in lines[k:]:
                m = re.match(r"^\}\s*(\w+)\s*;", s2)
                if m:
                    return m.group(1)
            return None
    return None


# ---------------------------------------------------------------- the driver

DRIVER_C = r"""
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "spec.h"

typedef struct { const char *name; xdrproc_t proc; size_t size; } entry;
static const entry types[] = {
%(entries)s
    { NULL, NULL, 0 }
};

static int read_exact(unsigned char *p, size_t n)
{
    return fread(p, 1, n, stdin) == n;
}

static void put32(uint32_t v)
{
    unsigned char b[4] = { (unsigned char)(v >> 24), (unsigned char)(v >> 16),
                           (unsigned char)(v >> 8), (unsigned char)v };
    fwrite(b, 1, 4, stdout);
}

int main(int argc, char **argv)
{
    const entry *t = NULL;
    if (argc != 2)
        return 64;
    for (const entry *e = types; e->name != NULL; e++)
        if (strcmp(e->name, argv[1]) == 0)
            t = e;
    if (t == NULL) {
        fprintf(stderr, "unknown type %%s\n", argv[1]);
        return 64;
    }
    for (;;) {
        unsigned char h[4];
        if (!read_exact(h, 4))
            break;
        uint32_t n = (uint32_t)h[0] << 24 | (uint32_t)h[1] << 16 | (uint32_t)h[2] << 8 | h[3];
        unsigned char *in = malloc(n ? n : 1);
        if (in == NULL || !read_exact(in, n))
            return 65;
        void *obj = calloc(1, t->size);
        XDR x;
        xdrmem_create(&x, (char *)in, n, XDR_DECODE);
        int ok = t->proc(&x, obj);
        uint32_t used = xdr_getpos(&x);
        xdr_destroy(&x);
        if (!ok) {
            put32(1); put32(0);
        } else if (used != n) {
            put32(2); put32(used);
        } else {
            size_t cap = (size_t)n + 64;
            unsigned char *out = malloc(cap);
            xdrmem_create(&x, (char *)out, (u_int)cap, XDR_ENCODE);
            ok = t->proc(&x, obj);
            uint32_t len = xdr_getpos(&x);
            xdr_destroy(&x);
            if (!ok) {
                put32(3); put32(0);
            } else {
                put32(0); put32(len);
                fwrite(out, 1, len, stdout);
            }
            free(out);
        }
        xdr_free(t->proc, (char *)obj);
        free(obj);
        free(in);
    }
    return fflush(stdout) == 0 ? 0 : 66;
}
"""


@dataclass
class RpcgenDriver:
    exe: Path
    types: list[str]                                       # C names the driver knows
    skipped: dict[str, str] = field(default_factory=dict)  # C name -> why rpcgen can't

    @classmethod
    def build(cls, x_file: Path, workdir: Path, max_rounds: int = 8) -> "RpcgenDriver":
        reason = have_rpcgen()
        if reason:
            raise RpcgenError(reason)
        workdir.mkdir(parents=True, exist_ok=True)
        defs, _ = split_definitions(Path(x_file).read_text())
        skipped: dict[str, str] = {}
        for _ in range(max_rounds):
            # rpcgen loops forever on "typedef A A;": do not even try those.
            bad = {d.name: f"self-referential typedef {d.text!r} (rpcgen loops forever on it)"
                   for d in defs if is_self_typedef(d)} or cls._try(defs, workdir)
            if isinstance(bad, Path):
                names = cls._xdr_functions(workdir / "spec.h")
                return cls(bad, names, skipped)
            if not bad:
                raise RpcgenError(f"rpcgen/cc failed and no definition could be blamed; see {workdir}")
            # Drop the blamed definitions and everything that uses them.
            drop = dict(bad)
            names = {d.name for d in defs}
            changed = True
            while changed:
                changed = False
                for d in defs:
                    if d.name not in drop and _uses(d, names) & set(drop):
                        via = sorted(_uses(d, names) & set(drop))[0]
                        drop[d.name] = f"uses {via}, which rpcgen cannot handle"
                        changed = True
            skipped.update(drop)
            defs = [d for d in defs if d.name not in drop]
        raise RpcgenError(f"gave up after {max_rounds} rounds; see {workdir}")

    @staticmethod
    def _try(defs: list[XDef], wd: Path):
        """Path of the driver, or {definition name: reason} for what broke the build."""
        x = wd / "spec.x"
        lines: list[tuple[int, str]] = []  # line in spec.x -> definition
        text = ""
        for d in defs:
            first = text.count("\n") + 1
            text += d.text + "\n\n"
            lines.append((first, d.name))
        x.write_text(text)

        def blame_x(line: int) -> str:
            name = lines[0][1] if lines else "?"
            for first, n in lines:
                if first <= line:
                    name = n
            return name

        for f in ("spec.h", "spec_xdr.c"):
            (wd / f).unlink(missing_ok=True)
        for flag, out in (("-h", "spec.h"), ("-c", "spec_xdr.c")):
            try:
                r = subprocess.run([RPCGEN, flag, "-o", out, "spec.x"], cwd=wd, capture_output=True,
                                   text=True, timeout=TIMEOUT)
            except subprocess.TimeoutExpired:
                # rpcgen hangs on a self-referential typedef; blame those, else everything.
                return {d.name: f"rpcgen {flag} timed out" for d in defs}
            if r.returncode != 0:
                m = re.search(r"spec\.x, line (\d+):\s*(.*)", r.stderr)
                if m:
                    return {blame_x(int(m.group(1))): f"rpcgen: {m.group(2).strip()}"}
                return {}
        driver = wd / "driver.c"
        names = RpcgenDriver._xdr_functions(wd / "spec.h")
        entries = "\n".join(f'    {{ "{n}", (xdrproc_t)xdr_{n}, sizeof({n}) }},' for n in names)
        driver.write_text(DRIVER_C % {"entries": entries})
        exe = wd / "rpcgen-driver"
        r = subprocess.run(["cc", "-O1", "-w", f"-I{TIRPC_INCLUDE}", "-I.", "-o", str(exe), "driver.c",
                            "spec_xdr.c", "-ltirpc"], cwd=wd, capture_output=True, text=True, timeout=300)
        if r.returncode == 0:
            return exe
        return RpcgenDriver._blame_c(r.stderr, wd, defs)

    @staticmethod
    def _xdr_functions(header: Path) -> list[str]:
        text = header.read_text()
        std = text.split("#else /* K&R C */")[0]
        return re.findall(r"extern\s+bool_t\s+xdr_(\w+)\s*\(XDR \*", std)

    @staticmethod
    def _blame_c(stderr: str, wd: Path, defs: list[XDef]) -> dict[str, str]:
        """{definition: reason} for the C compiler's errors.  Reasons starting with
        LIMITATION are rpcgen's (recursion it cannot lay out in C); the others point at
        the .x file."""
        out: dict[str, str] = {}
        files = {f: (wd / f).read_text().splitlines() for f in ("spec.h", "spec_xdr.c")}
        names = {d.name for d in defs}
        deps = {d.name: _uses(d, names) for d in defs}
        order = {d.name: i for i, d in enumerate(defs)}

        def reaches(a: str, b: str) -> bool:
            seen, work = set(), [a]
            while work:
                x = work.pop()
                if x == b:
                    return True
                if x not in seen:
                    seen.add(x)
                    work.extend(deps.get(x, ()))
            return False

        texts = {d.name: d.text for d in defs}

        def recursive(x: str) -> bool:
            mentions = len(re.findall(rf"\b{re.escape(x)}\b", texts.get(x, "")))
            return mentions > 1 or any(reaches(y, x) for y in deps.get(x, ()))

        for m in re.finditer(r"^(spec\.h|spec_xdr\.c):(\d+):\d+: error: (.*)$", stderr, re.M):
            src, line, msg = m.group(1), int(m.group(2)), m.group(3)
            name = _enclosing_definition(files[src], line)
            if name is None or name in out:
                continue
            unknown = re.search(r"unknown type name .(\w+).", msg)
            if "incomplete type" in msg:
                out[name] = f"LIMITATION: rpcgen lays out a by-value recursion as a C struct containing itself ({msg})"
            elif "before ‘struct’" in msg or "before 'struct'" in msg:
                out[name] = (f"LIMITATION: rpcgen writes 'struct struct {{' for a variable-length array of the "
                             f"struct's own type ({msg})")
            elif unknown and unknown.group(1) in names and (reaches(unknown.group(1), name)
                                                            or recursive(unknown.group(1))):
                out[name] = (f"LIMITATION: recursion through {unknown.group(1)}: rpcgen's C uses the "
                             f"typedef before any order could define it ({msg})")
            elif unknown and unknown.group(1) in names and order[unknown.group(1)] > order.get(name, -1):
                out[name] = f"the .x uses {unknown.group(1)} before defining it, and rpcgen's C needs that order ({msg})"
            else:
                out[name] = f"rpcgen's C does not compile: {msg}"
        return out

    def roundtrip(self, c_name: str, inputs: list[bytes], timeout: float = 120) -> list[tuple[int, bytes]]:
        """(status, bytes) for each input; see the module docstring."""
        payload = b"".join(struct.pack(">I", len(d)) + d for d in inputs)
        r = subprocess.run([str(self.exe), c_name], input=payload, capture_output=True, timeout=timeout)
        if r.returncode != 0:
            raise RpcgenError(f"driver exit {r.returncode}: {r.stderr.decode(errors='replace')[-2000:]}")
        out, pos = [], 0
        data = r.stdout
        for _ in inputs:
            status, m = struct.unpack(">II", data[pos:pos + 8])
            pos += 8
            if status == 0:
                out.append((0, data[pos:pos + m]))
                pos += m
            else:
                out.append((status, b""))
        return out
