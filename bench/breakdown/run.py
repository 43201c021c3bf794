#!/usr/bin/env python3
"""Where the cycles go: a send and a receive through the user-level TCP, under callgrind.

    python bench/breakdown/run.py            # everything: results/ (about three minutes)
    python bench/breakdown/run.py --quick    # smoke run: 2 sizes, 2 ciphers, into build/quick/
    python bench/breakdown/run.py --report-only   # summary.md and plots again from results.json
    python bench/breakdown/run.py --sizes 1024 --ciphers xor --max-seg 1480 --msgs 50

Builds bench/breakdown/breakdown.c against the file transfer example's generated code
(ilpc on examples/filetransfer/filetransfer.asn1, compiled by the generated Makefile, -O2 -g),
then, for every maximum segment size, cipher, reply size and mode (ILP, layered), runs the
driver twice under ``valgrind --tool=callgrind --cache-sim=yes --dump-instr=yes
--collect-atstart=no``: with ``--collect send`` the driver switches collection on only inside
its measured send steps (the sender's work per message: ACK processing, T_msg_len,
tx_reserve, T_ilp_send or T_layered_send, tx_commit with TCP output and the transport), with
``--collect recv`` only inside its receive steps (transport, segment parsing, TCP input and
ACKs, the receive hook's fused or layered decode, or TCP's checksum + buffering and the
stream decode, freeing the value); its own check of every received byte is left out.

Default configurations: sizes 256, 1024, 4096, 16384; ciphers none, xor, safer-simple; TCP
segments of 1480 bytes (Ethernet MTU) and 65535 (loopback: every message one segment); plus
the configuration of figure 17 of the thesis "A Simulation and Architecture Study of TCP/IP"
(docs/references.md: 32000-byte messages, 4076-byte segments, none; --no-thesis-point).

Every cost callgrind reports is attributed to a category by the function it belongs to.
gcc inlines a lot at -O2 (the checksum loop into TCP's output, the XDR word helpers into the
marshallers ...), so the attribution does not stop at the symbol callgrind names: each
instruction's inline chain is read from the DWARF line tables (``addr2line -i``), and the
mapping table ``RULES`` below is applied to the innermost frame first.  Leaf routines of the
C library (memcpy, memset, memmove) are charged to their call site's frames instead (their
inclusive cost on each call arc), and so are calls of the allocator (malloc, free and what
they call): "allocation", except the in-memory transport's packets, which stay with the
transport.  The fused ILP functions are one function by design: whatever is inlined into
them, and the leaf functions they call, count as "fused data manipulation".  Costs no rule maps go
to "other", and any such function above --unmapped-threshold of a run is reported.

Outputs (per message: counts / messages measured): results/results.json, results/summary.md,
results/breakdown_<cipher>_seg<max_seg>.png (stacked bars, layered and ILP side by side per
size; needs matplotlib, skipped with a message otherwise).  docs/breakdown.md explains them.

Glibc's memcpy and memset switch to ``rep movsb``/``rep stosb`` above a few KiB, which
valgrind counts one byte per instruction (16 KiB: 16384 Ir, 16384 reads, 16384 writes); the
runs set GLIBC_TUNABLES so that the library uses its vector loops at every size, which is
what its instruction count means on hardware.  --no-tunables turns that off.
"""
from __future__ import annotations

import argparse
import concurrent.futures
import datetime
import json
import os
import platform
import re
import shutil
import subprocess
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Optional

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
import benchlib  # noqa: E402
from benchlib import BenchError, compile_strict, compiler_version, cpu_model, log  # noqa: E402
REPO = HERE.parent.parent
SPEC = REPO / "examples" / "filetransfer" / "filetransfer.asn1"
DRIVER = HERE / "breakdown.c"
RESULTS = HERE / "results"

SIZES = [256, 1024, 4096, 16384]
_TABLE = benchlib.cipher_table()  # compiler/ciphers.py
CIPHERS = _TABLE.names(lambda c: c.study)  # the default: Braun & Diot's (none, xor, safer-simple)
ORDER = list(_TABLE.NAMES)  # the table's order, for the reports
QUICK = _TABLE.names(lambda c: c.on_copy)  # --quick: none, xor
KEYS = {c.name: c.bench_key for c in _TABLE.CIPHERS if not c.aead}
# the suffixes of the unit ciphers whose units stand alone (not records)
STANDALONE = [c.suffix for c in _TABLE.CIPHERS if c.unit_stage and not c.aead]
# TCP segment sizes (header + payload) of the in-memory transport: an Ethernet MTU (1500 -
# 20 bytes of IPv4 header; MSS 1460, 1456 payload bytes per ILP segment), and 64 KiB
# segments as on the loopback interface, where every message up to 16 KiB is one segment
# and the receive hook (the fused receive) takes all of them.
MAX_SEGS = [1480, 65535]
# The thesis's figure 17 (docs/references.md): 32000-byte messages, MTU 4096 (TCP segments of 4076 bytes), and no
# encryption (the kernel stack it profiles has none): one extra configuration.
THESIS_POINT = (4076, "none", 32000)
MODES = ["layered", "ilp"]
SIDES = ["send", "recv"]
# Cache simulation parameters, fixed so that results do not depend on the host's cpuid.
CACHE = ["--I1=32768,8,64", "--D1=32768,8,64", "--LL=33554432,16,64"]
TUNABLES = "glibc.cpu.x86_rep_movsb_threshold=4294967295:glibc.cpu.x86_rep_stosb_threshold=4294967295"

# ----------------------------------------------------------------------------- categories

CATEGORIES = ["marshalling", "encryption", "checksum", "copies", "fused", "protocol", "transport",
              "allocation", "other"]
LABELS = {
    "marshalling": "marshalling (XDR, framing)",
    "encryption": "encryption",
    "checksum": "checksum",
    "copies": "copies",
    "fused": "fused data manipulation (ILP)",
    "protocol": "protocol (TCP input/output, timers, ACKs)",
    "transport": "transport / driver",
    "allocation": "allocation",
    "other": "other (unmapped)",
}
# The data manipulations (the thesis's "data copy" and "checksum", plus marshalling and
# encryption, which ILP fuses), as opposed to per-segment and per-message work.
DATA_CATS = ["marshalling", "encryption", "checksum", "copies", "fused"]
COLORS = {"marshalling": "#4c72b0", "encryption": "#dd8452", "checksum": "#55a868", "copies": "#c44e52",
          "fused": "#8172b3", "protocol": "#937860", "transport": "#8c8c8c", "allocation": "#da8bc3",
          "other": "#ccb974"}

# The mapping table.  Each rule is (kind, regular expression, category, why).  Kinds:
#   whole  the OUTERMOST frame (the function callgrind names) matches: everything inlined
#          into it belongs to the category, whatever the inner frames are;
#   pass   a leaf routine of the C library (memcpy, memset): its cost, taken from the call
#          arcs, goes to the frames of each call site;
#   tree   an entry point of the C library's allocator (malloc, free ...): the inclusive
#          cost of each call goes to "allocation", unless the call site is the transport's,
#          whose packet buffers stay with the transport (INHERIT); the allocator's internal
#          functions (kind "inside") are counted only through these calls;
#   fn     a frame's function name matches (frames are tried innermost first, and for
#          each frame the fn rules in order, then the file rules);
#   file   the basename of a frame's source file matches (static helpers without a rule).
# The first rule that matches decides; nothing matches: "other", reported when hot.
ALLOC_ENTRY = r"^(malloc|free|calloc|realloc|cfree|__libc_(malloc|free|calloc|realloc))$"
RULES: list[tuple[str, str, str, str]] = [
    # --- fused: the generated ILP functions and the runtime's parts of the fused loops
    ("whole", rf"^\w+_ilp_(put|get)_({'|'.join(STANDALONE)}|body|value)$", "fused",
     "per-cipher instantiations of a type's fused body"),
    ("whole", r"^(ilpc_msg_ilp_(send|recv|recv_spans)|open_message|tx_end|slot_ok)$", "fused",
     "the generic fused paths over a type's descriptor (ilpc_msg.c)"),
    ("whole", r"^ilpc_ilp_(tx|rx)_\w+$", "fused", "sink/source slow paths, out-of-line bulk loops (ilpc_ilp.c)"),
    ("whole", r"^ilpc_ilp__\w+$", "fused", "inline bulk loops of the fused path"),
    ("whole", r"^ilpc_ilp_simd_\w+$", "fused", "the AVX2 copy of the none/xor bulk loop"),
    ("whole", rf"^ilpc_ilp_({'|'.join(c.suffix for c in _TABLE.CIPHERS if c.out_of_line)})_(enc|dec)$", "fused",
     "out-of-line units (safer-k64's), called from fused blocks"),
    # --- the driver
    ("whole", r"^bd_stream_copy_out$", "copies", "layered stream receive: the message out of TCP's buffer"),
    ("whole", r"^(bd_\w+|main)$", "transport", "driver: building the value, the hook's glue, peeking at L"),
    # --- leaf routines of the C library: charged to their call site
    ("pass", r"^(__)?(memcpy|memmove|mempcpy|memset)(_\w+)?$", "", "memcpy/memset: the caller decides"),
    # --- the allocator: charged per call
    ("tree", ALLOC_ENTRY, "allocation", "malloc/free of the decoded value's data; the transport's own stay there"),
    ("inside", r"^(_int_malloc|_int_free|_int_realloc|malloc_consolidate|sysmalloc|systrim|unlink_chunk"
               r"|alloc_perturb|tcache_\w+|_int_free_\w+|__default_morecore|__glibc_morecore|__brk|__sbrk|brk"
               r"|sbrk|mremap_chunk|munmap_chunk|arena_get2|ptmalloc_init|malloc_hook_ini|__malloc_\w+"
               r"|checked_request2size|malloc_printerr)$", "allocation", "glibc allocator internals"),
    ("fn", r"^ilpc_xdr_(alloc|calloc|release)$", "allocation", "the codec's allocation wrappers"),
    ("fn", r"^ilpc_scratch_\w+$", "allocation", "layered buffers (grown once, during warm-up)"),
    # --- checksum
    ("fn", r"^ilpc__?csum\w*$", "checksum", "RFC 1071 sum (its vector loops), fold, combine"),
    ("fn", r"^(ilpc__seg_csum_ok|tcp_pseudo_sum|slot_sum_range|ilpc_layered_check|ilpc_ilp_verdict"
           r"|ilpc_ilp_expect_sum|ilpc_ilp_slot_sum|ilpc_bswap16)$", "checksum",
     "TCP's verification and header sums, pseudo-header, the layered checksum steps"),
    # --- encryption
    ("fn", r"^ilpc_cipher_(encrypt|decrypt)$", "encryption", "bulk en/decryption (layered)"),
    ("fn", rf"^ilpc_({'|'.join(STANDALONE)})_(enc|dec)$", "encryption",
     "unit functions"),
    ("fn", r"^(xor_bulk|xor_avx2|chacha20_\w+|cc_\w+|ilpc_chacha20_refill|ilpc_swar_\w+|ilpc__k64_\w+|xor_positions_mask)$",
     "encryption", "cipher internals"),
    # --- marshalling: the XDR back end, sizes, framing
    ("fn", r"^[A-Z]\w*_(put|get|put_inline|get_inline|encode|decode|decode_prefix|size|msg_len|free"
           r"|size_any|put_any|decode_any|free_any)$", "marshalling",
     "generated XDR marshallers, sizes, frees; the layered functions' own code (framing checks)"),
    ("fn", r"^ilpc_(put32|get32|put64|get64|put_double|get_double|clear_pad|pad_is_zero|pad4|xdr_\w+"
           r"|is_ascii|in_alphabet|utf8_valid|u32_to_i32|u64_to_i64|ilp_zero|ilp_msg_len)$", "marshalling",
     "XDR word helpers and checks, framing"),
    # --- copies
    ("fn", r"^ilpc_ring_(write_at|read_at|push|pop)$", "copies", "TCP's receive buffer: the payload copied in"),
    ("fn", r"^(ilpc_msg_layered_(send|recv)|discard)$", "marshalling",
     "the generic layered paths' own code (framing checks), over a type's descriptor"),
    ("fn", r"^(ilpc_layered_seal|layered_store)$", "copies",
     "layered send: the copy into the send ring (and the framing, 2 stores)"),
    ("fn", r"^ilpc_ilp_slot_read$", "copies", ""),
    # --- transport
    ("fn", r"^mem_(send|recv|fd|next_deadline|destroy)$", "transport", "in-memory transport (the 'wire')"),
    ("fn", r"^ilpc_transport_\w+$", "transport", "transport interface"),
    # --- protocol: the TCP and the stack
    ("fn", r"^(ilpc__\w+|ilpc_tcp_\w+|ilpc_stack_\w+|ilpc_ring_\w+|ilpc_clock_\w+|ilpc_strerror)$", "protocol",
     "TCP input, output, timers, ACKs, demultiplexing, ring bookkeeping, clock"),
    # --- by source file, for static helpers
    ("file", r"^ilpc_(tcp|tcp_input|tcp_output|tcp_timer|tcp_sack|tcp_api|tcp_wait|stack|ring|clock)\.c$|^ilpc_tcp_internal\.h$|^ilpc_ring\.h$|^ilpc_clock\.h$",
     "protocol", "static helpers of the TCP (emit, send_data, process_data, ack_new_data, parse_seg ...)"),
    ("file", r"^ilpc_transport\w*\.[ch]$", "transport", ""),
    ("file", r"^ilpc_csum\.[ch]$", "checksum", ""),
    ("file", r"^ilpc_cipher\.[ch]$", "encryption", ""),
    ("file", r"^ilpc_xdr\.[ch]$|^[A-Z]\w*\.c$", "marshalling", "the XDR runtime and generated stubs"),
]
# Categories that keep the allocations made from their code (see "tree").
INHERIT_ALLOC = {"transport"}
# Categories whose "whole" functions also own the leaf functions they call (the fused send's
# slow path encrypts its few units through ilpc_cipher_enc_fn's pointer: fused work).
OWNING = {"fused"}
_COMPILED = [(k, re.compile(p), c) for k, p, c, _ in RULES]


def norm(fn: str) -> str:
    """A function name without gcc's clone suffixes (lookup.isra.0, systrim.constprop.0)."""
    return re.sub(r"(\.(constprop|isra|part|cold|lto_priv|localalias)(\.\d+)?)+$", "", fn)


def _kind(kind: str, fn: str) -> bool:
    fn = norm(fn)
    return any(k == kind and rx.search(fn) for k, rx, _ in _COMPILED)


@dataclass(frozen=True)
class Frame:
    fn: str
    file: str = ""


def classify(frames: list[Frame]) -> tuple[str, str]:
    """Category of a cost whose inline/call-site chain is frames (innermost first, the
    last being the function callgrind names, or the caller's for a pass-through leaf) and
    the function that decided it."""
    if not frames:
        return "other", "?"
    outer = norm(frames[-1].fn)
    for kind, rx, cat in _COMPILED:
        if kind == "whole" and rx.search(outer):
            return cat, outer
    for f in frames:
        fn = norm(f.fn)
        if _kind("pass", fn):
            continue
        for kind, rx, cat in _COMPILED:
            if kind == "fn" and rx.search(fn):
                return cat, fn
        base = os.path.basename(f.file)
        for kind, rx, cat in _COMPILED:
            if kind == "file" and base and rx.search(base):
                return cat, fn
    inner = next((norm(f.fn) for f in frames if not _kind("pass", f.fn)), norm(frames[0].fn))
    return "other", inner


# ------------------------------------------------------------------- callgrind output parser

@dataclass
class Profile:
    events: list[str]
    summary: list[int]
    desc: list[str] = field(default_factory=list)
    # (object, function, file, instruction address) -> self costs
    self_costs: dict[tuple[str, str, str, int], list[int]] = field(default_factory=dict)
    # (object, caller, caller's file, call-site address, callee) -> inclusive costs of the calls
    calls: dict[tuple[str, str, str, int, str], list[int]] = field(default_factory=dict)


def _add(d: dict, k, costs: list[int], n: int) -> None:
    acc = d.get(k)
    if acc is None:
        d[k] = acc = [0] * n
    for i, c in enumerate(costs):
        acc[i] += c


def parse_callgrind(text: str) -> Profile:
    """Parse a callgrind output file written with --dump-instr=yes (positions "instr" or
    "instr line"): self costs per instruction, and inclusive costs per call arc and call
    site.  Handles name compression ("(id) name" then "(id)") and subposition compression
    ("+n", "-n" decimal, "*", relative to the previous cost line)."""
    names: dict[str, dict[str, str]] = {"ob": {}, "fl": {}, "fn": {}}
    kind_of = {"ob": "ob", "cob": "ob", "fl": "fl", "fi": "fl", "fe": "fl", "cfi": "fl", "cfl": "fl",
               "jfi": "fl", "fn": "fn", "cfn": "fn", "jfn": "fn"}

    def name(kind: str, v: str) -> str:
        m = re.match(r"^\((\d+)\)(?:\s+(.*))?$", v)
        if not m:
            return v
        table = names[kind_of[kind]]
        if m.group(2) is not None:
            table[m.group(1)] = m.group(2)
            return m.group(2)
        return table.get(m.group(1), f"?{m.group(1)}")

    desc: list[str] = []
    npos = 1
    prof: Optional[Profile] = None
    ob = fl = fi = fn = cfn = ""
    calls_pending = False
    prev = [0, 0]
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line[0] in "0123456789+-*":
            parts = line.split()
            for i in range(npos):
                t = parts[i]
                if t.startswith("0x"):
                    prev[i] = int(t, 16)
                elif t[0] in "+-":
                    prev[i] += int(t)
                elif t != "*":
                    prev[i] = int(t)
            costs = [int(x) for x in parts[npos:]]
            if prof is None:
                raise ValueError("cost line before the events: header")
            n = len(prof.events)
            if calls_pending:
                calls_pending = False
                _add(prof.calls, (ob, fn, fi or fl, prev[0], cfn), costs, n)
            else:
                _add(prof.self_costs, (ob, fn, fi or fl, prev[0]), costs, n)
            continue
        key, sep, val = line.partition("=")
        if sep and key in kind_of:
            v = name(key, val)
            if key == "ob":
                ob = v
            elif key == "fl":
                fl, fi = v, ""
            elif key in ("fi", "fe"):
                fi = v if v != fl else ""
            elif key == "fn":
                fn, fi = v, ""
            elif key == "cfn":
                cfn = v
            continue
        if sep and key == "calls":
            calls_pending = True
            continue
        if sep and key in ("jump", "jcnd"):
            continue
        hk, hsep, hv = line.partition(":")
        if hsep:
            hv = hv.strip()
            if hk == "events":
                prof = Profile(events=hv.split(), summary=[], desc=desc)
            elif hk == "positions":
                npos = len(hv.split())
                if hv.split()[0] != "instr":
                    raise ValueError("callgrind output without instruction positions (use --dump-instr=yes)")
            elif hk == "desc":
                desc.append(hv)
            elif hk in ("summary", "totals") and prof is not None:
                prof.summary = [int(x) for x in hv.split()]
    if prof is None:
        raise ValueError("not a callgrind output file (no events: line)")
    return prof


# ------------------------------------------------------------------ inline chains (DWARF)

Resolver = Callable[[str, str, str, int], list[Frame]]


class Addr2Line:
    """Inline chains of the instructions of one executable, from its DWARF (addr2line -i).
    The executable is linked without PIE, so callgrind's addresses are its link addresses."""

    def __init__(self, exe: Path):
        self.exe = str(exe)
        self.cache: dict[int, list[Frame]] = {}

    def prefetch(self, addrs: Iterable[int]) -> None:
        todo = sorted({a for a in addrs if a not in self.cache})
        if not todo:
            return
        r = subprocess.run(["addr2line", "-a", "-f", "-i", "-e", self.exe], input="\n".join(map(hex, todo)) + "\n",
                           capture_output=True, text=True, check=True)
        cur: Optional[int] = None
        buf: list[str] = []

        def flush():
            if cur is not None:
                fr = [Frame(buf[i], buf[i + 1].split(":")[0]) for i in range(0, len(buf) - 1, 2)]
                self.cache[cur] = [f for f in fr if f.fn != "??"]
        for line in r.stdout.splitlines():
            if re.match(r"^0x[0-9a-f]+$", line):
                flush()
                cur, buf = int(line, 16), []
            else:
                buf.append(line)
        flush()

    def __call__(self, obj: str, fn: str, file: str, addr: int) -> list[Frame]:
        if os.path.realpath(obj) != os.path.realpath(self.exe):
            return [Frame(fn, file)]
        fr = self.cache.get(addr)
        if fr is None:
            self.prefetch([addr])
            fr = self.cache.get(addr) or []
        return fr or [Frame(fn, file)]


def no_inline_info(obj: str, fn: str, file: str, addr: int) -> list[Frame]:
    return [Frame(fn, file)]


# ------------------------------------------------------------------------- attribution

@dataclass
class Breakdown:
    events: list[str]
    total: list[int]                         # the profile's summary line
    by_cat: dict[str, list[int]]             # category -> costs
    by_fn: dict[tuple[str, str], list[int]]  # (category, deciding function) -> costs
    unmapped: list[tuple[str, float]]        # (function, share of Ir) of "other", above the threshold
    impure_pass: list[str]                   # "pass" leaves that call something (rules need a look)

    def get(self, cat: str, ev: str) -> int:
        return self.by_cat.get(cat, [0] * len(self.events))[self.events.index(ev)]


def attribute(prof: Profile, resolve: Resolver, unmapped_threshold: float = 0.005) -> Breakdown:
    """Every cost of the profile to a category: self costs by their inline chain; the
    costs of pass-through leaves and of allocator calls by their call site; leaf functions
    called from an owning category's functions (OWNING) by their caller.  The categories
    add up to the profile's summary (per_msg's summary_check)."""
    n = len(prof.events)

    def skipped(fn: str) -> bool:  # counted through the call arcs instead
        return _kind("pass", fn) or _kind("tree", fn) or _kind("inside", fn)

    if isinstance(resolve, Addr2Line):
        resolve.prefetch([k[3] for k in prof.self_costs] + [k[3] for k in prof.calls])
    by_cat: dict[str, list[float]] = {c: [0.0] * n for c in CATEGORIES}
    by_fn: dict[tuple[str, str], list[float]] = {}
    # self costs of each function, by (category, deciding function): for OWNING moves
    self_of: dict[str, dict[tuple[str, str], list[float]]] = defaultdict(dict)
    impure = set()

    def charge(cat: str, who: str, costs, sign: float = 1.0) -> None:
        c = [sign * x for x in costs]
        _add(by_cat, cat, c, n)
        _add(by_fn, (cat, who), c, n)

    for (ob, fn, fl, addr), costs in prof.self_costs.items():
        if not skipped(fn):
            cat, who = classify(resolve(ob, fn, fl, addr))
            charge(cat, who, costs)
            _add(self_of[fn], (cat, who), costs, n)
    callers = {k[1] for k in prof.calls}
    for (ob, fn, fl, addr, callee), costs in prof.calls.items():
        if _kind("pass", fn):
            impure.add(fn)
            continue
        if skipped(fn):
            continue  # inside the allocator: already in the inclusive cost of its entry
        if _kind("pass", callee):
            charge(*classify([Frame(callee)] + resolve(ob, fn, fl, addr)), costs)
        elif _kind("tree", callee):
            cat, who = classify(resolve(ob, fn, fl, addr))
            charge(cat if cat in INHERIT_ALLOC else "allocation", f"{norm(callee)} from {who}", costs)
        elif callee not in callers and not skipped(callee) and self_of.get(callee):
            cat, who = classify([Frame(fn, fl)])
            if cat not in OWNING or classify([Frame(callee)])[0] == cat:
                continue
            # move this call's cost from the callee's own categories to the caller's
            parts = self_of[callee]
            for e in range(n):
                tot = sum(v[e] for v in parts.values())
                if tot <= 0:
                    continue
                for (pc, pw), v in parts.items():
                    share = costs[e] * v[e] / tot
                    by_cat[pc][e] -= share
                    by_fn[(pc, pw)][e] -= share
                    by_cat[cat][e] += share
                    key = (cat, f"{norm(callee)} from {who}")
                    by_fn.setdefault(key, [0.0] * n)[e] += share
    ir = prof.events.index("Ir")
    total_ir = sum(v[ir] for v in by_cat.values()) or 1
    unmapped = sorted(((who, v[ir] / total_ir) for (cat, who), v in by_fn.items()
                       if cat == "other" and v[ir] / total_ir >= unmapped_threshold), key=lambda x: -x[1])
    return Breakdown(prof.events, prof.summary, by_cat, by_fn, unmapped, sorted(impure))


# ------------------------------------------------------------------------------- build

def objects(gen: Path) -> list[str]:
    """The objects the driver links: the generated stubs and the runtime files that it and
    they use (compiler/runtime_files.py; not the udp, tun and impairment transports)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("ilpc_runtime_files", REPO / "compiler" / "runtime_files.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    stubs = sorted(p for p in gen.glob("*.c") if not p.name.startswith("ilpc_"))
    headers = sorted(p for p in gen.glob("*.h") if not p.name.startswith("ilpc_"))  # ILPC_MSG_API(T)...
    runtime = mod.needed_sources([DRIVER, *stubs, *headers], REPO / "runtime")
    return [p.stem + ".o" for p in stubs] + [n[:-2] + ".o" for n in runtime]


def build(bdir: Path, cc: str, cflags: str, no_inline: bool) -> Path:
    gen = bdir / "gen"
    gen.mkdir(parents=True, exist_ok=True)
    benchlib.ilpc_generate(SPEC, gen)
    lib_flags = cflags + (" -fno-inline" if no_inline else "")
    # the generated Makefile's rules and flags, for the objects the driver links (not the
    # udp, tun and impairment transports); libcrypto too when the Makefile compiles with it
    objs = objects(gen)
    benchlib.make(gen, objs, cc=cc, cflags=lib_flags, jobs=min(os.cpu_count() or 2, 4))
    exe = bdir / "breakdown"
    # -no-pie: callgrind's addresses are then the executable's, for addr2line
    compile_strict(cc, cflags, [f"-I{gen}", DRIVER, *[gen / o for o in objs], "-no-pie", "-Wl,-z,now", "-o", exe,
                                *benchlib.libcrypto_libs()])
    return exe


def driver_cmd(exe: Path, mode: str, cipher: str, size: int, max_seg: int, msgs: int, warmup: int) -> list[str]:
    key = ["--key", KEYS[cipher]] if KEYS.get(cipher) else []
    return [str(exe), mode, cipher, str(size), "--msgs", str(msgs), "--warmup", str(warmup), "--max-seg",
            str(max_seg), *key]


def parse_result(stdout: str) -> dict[str, str]:
    m = re.findall(r"^BREAKDOWN (.*)$", stdout, re.M)
    if not m:
        raise RuntimeError(f"no BREAKDOWN line in:\n{stdout}")
    return dict(kv.split("=", 1) for kv in m[-1].split())


def profile_one(exe: Path, out: Path, mode: str, cipher: str, size: int, max_seg: int, side: str, msgs: int,
                warmup: int, tunables: bool) -> tuple[dict[str, str], Path]:
    env = dict(os.environ)
    if tunables:
        env["GLIBC_TUNABLES"] = TUNABLES
    cmd = ["valgrind", "--tool=callgrind", "-q", "--cache-sim=yes", *CACHE, "--dump-instr=yes", "--dump-line=no",
           "--collect-atstart=no", f"--callgrind-out-file={out}",
           *driver_cmd(exe, mode, cipher, size, max_seg, msgs, warmup), "--collect", side]
    r = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=900)
    if r.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed ({r.returncode}):\n{r.stdout}{r.stderr}")
    res = parse_result(r.stdout)
    if res.get("toggle") != "1":
        raise RuntimeError("the driver was built without <valgrind/callgrind.h>: it cannot switch collection on")
    return res, out


# ------------------------------------------------------------------------------ main

def per_msg(bd: Breakdown, n: int) -> dict:
    ev = bd.events
    idx = {e: i for i, e in enumerate(ev)}

    def pack(v: list[int]) -> dict[str, float]:
        d = {e: v[idx[e]] / n for e in ev}
        d["D"] = (v[idx["Dr"]] + v[idx["Dw"]]) / n if "Dr" in idx else 0.0
        d["D1miss"] = (v[idx["D1mr"]] + v[idx["D1mw"]]) / n if "D1mr" in idx else 0.0
        return {k: round(x, 2) for k, x in d.items()}
    cats = {c: pack(v) for c, v in bd.by_cat.items()}
    tot = [sum(v[i] for v in bd.by_cat.values()) for i in range(len(ev))]
    top: dict[str, list] = defaultdict(list)
    for (cat, who), v in sorted(bd.by_fn.items(), key=lambda kv: -kv[1][idx["Ir"]]):
        if len(top[cat]) < 6 and v[idx["Ir"]] > 0:
            top[cat].append([who, round(v[idx["Ir"]] / n, 1)])
    return {"categories": cats, "total": pack(tot), "top": dict(top),
            "unmapped": [[w, round(s, 4)] for w, s in bd.unmapped], "impure_pass": bd.impure_pass,
            "summary_check": round((tot[idx["Ir"]] - bd.total[idx["Ir"]]) / n, 3) if bd.total else None}


def main(argv: Optional[list[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default=",".join(map(str, SIZES)))
    ap.add_argument("--ciphers", default=",".join(CIPHERS))
    ap.add_argument("--max-seg", default=",".join(map(str, MAX_SEGS)), help="TCP segment sizes (header + payload)")
    ap.add_argument("--msgs", type=int, default=100, help="measured messages per run")
    ap.add_argument("--warmup", type=int, default=16, help="messages before the measured ones")
    ap.add_argument("--cc", default=os.environ.get("CC", "gcc"))
    ap.add_argument("--cflags", default="-O2 -g")
    ap.add_argument("--fno-inline", action="store_true", help="compile the stubs and runtime with -fno-inline")
    ap.add_argument("--no-tunables", action="store_true", help="let glibc use rep movsb/stosb (counted per byte)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--unmapped-threshold", type=float, default=0.005,
                    help="report unmapped functions above this share of a run's Ir")
    ap.add_argument("--out", type=Path, default=None, help="results directory (default results/, quick: build/quick)")
    ap.add_argument("--quick", action="store_true", help="smoke run: 256 and 4096 bytes, none and xor, 1480, 20 msgs")
    ap.add_argument("--keep", action="store_true", help="keep the callgrind.out files")
    ap.add_argument("--no-thesis-point", dest="thesis_point", action="store_false",
                    help="leave out the run in the TCP/IP thesis's configuration (32000-byte messages, MTU 4096, none)")
    ap.add_argument("--report-only", action="store_true",
                    help="no profiling: redo summary.md and the plots from --out's results.json")
    a = ap.parse_args(argv)
    if a.report_only:
        out = a.out or (HERE / "build" / "quick" if a.quick else RESULTS)
        res = json.loads((out / "results.json").read_text())
        (out / "summary.md").write_text(render_summary(res))
        pngs = plot(res, out)
        log(f"rewrote {out / 'summary.md'}" + (f" and {len(pngs)} plots" if pngs else ""))
        return 0
    sizes = [int(x) for x in a.sizes.split(",")]
    ciphers = a.ciphers.split(",")
    max_segs = [int(x) for x in a.max_seg.split(",")]
    if a.quick:
        sizes, ciphers, max_segs, a.msgs, a.warmup = [256, 4096], list(QUICK), [1480], 20, 8
    for tool in ("valgrind", "addr2line", a.cc, "make"):
        if shutil.which(tool) is None:
            sys.exit(f"{tool} not found")
    tag = f"{Path(a.cc).name}{a.cflags.replace(' ', '')}{'-fno-inline' if a.fno_inline else ''}"
    bdir = HERE / "build" / tag
    out = a.out or (HERE / "build" / "quick" if a.quick else RESULTS)
    out.mkdir(parents=True, exist_ok=True)
    cgdir = bdir / "callgrind"
    cgdir.mkdir(parents=True, exist_ok=True)
    log(f"building into {bdir} ({a.cc} {a.cflags}{' -fno-inline' if a.fno_inline else ''})")
    exe = build(bdir, a.cc, a.cflags, a.fno_inline)
    started = datetime.datetime.now()

    jobs = [(ms, c, s, m, side) for ms in max_segs for c in ciphers for s in sizes for m in MODES for side in SIDES]
    if a.thesis_point and not a.quick:
        jobs += [(*THESIS_POINT, m, side) for m in MODES for side in SIDES if (*THESIS_POINT, m, side) not in jobs]
    log(f"{len(jobs)} callgrind runs, {a.msgs} measured messages each (+{a.warmup} warm-up), {a.jobs} at a time")
    resolver = Addr2Line(exe)
    rows: dict[tuple, dict] = {}

    def one(job):
        ms, c, s, m, side = job
        f = cgdir / f"cg.{ms}.{c}.{s}.{m}.{side}.out"
        res, path = profile_one(exe, f, m, c, s, ms, side, a.msgs, a.warmup, not a.no_tunables)
        return job, res, path
    bad = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as ex:
        for job, res, path in ex.map(one, jobs):
            ms, c, s, m, side = job
            if res.get("ok") != "1":
                log(f"driver failed: {job}: {res}")
                bad += 1
            n = int(res["meas_sent" if side == "send" else "meas_delivered"])
            bd = attribute(parse_callgrind(path.read_text()), resolver, a.unmapped_threshold)
            if not a.keep:
                path.unlink()
            r = per_msg(bd, max(n, 1))
            r["driver"] = res
            r["messages"] = n
            rows[job] = r
            for w, sh in bd.unmapped:
                log(f"  UNMAPPED {job}: {w} {100 * sh:.1f}% of Ir")
            if bd.impure_pass:
                log(f"  pass-through leaves that call something: {bd.impure_pass}")
            if r["summary_check"]:
                log(f"  WARNING {job}: the categories do not add up to callgrind's total "
                    f"({r['summary_check']:+.0f} Ir per message)")
            log(f"seg {ms:5} {c:12} {s:6} {m:7} {side:4}: Ir/msg {r['total']['Ir']:9.0f}  D/msg "
                f"{r['total']['D']:8.0f}  fused {r['categories']['fused']['Ir']:8.0f}  "
                f"protocol {r['categories']['protocol']['Ir']:7.0f}  hook {res['hook']} stream {res['stream']}")
    elapsed = (datetime.datetime.now() - started).total_seconds()

    meta = {"command": "python bench/breakdown/run.py" + (" --quick" if a.quick else ""),
            "cc": compiler_version(a.cc),
            "cflags": a.cflags + (" -fno-inline" if a.fno_inline else ""),
            "valgrind": subprocess.run(["valgrind", "--version"], capture_output=True, text=True).stdout.strip(),
            "cache": CACHE, "glibc_tunables": None if a.no_tunables else TUNABLES,
            "msgs": a.msgs, "warmup": a.warmup, "machine": f"{cpu_model()}, {platform.system()} {platform.release()}",
            "date": f"{started:%Y-%m-%d %H:%M}", "elapsed_s": round(elapsed),
            "categories": {c: LABELS[c] for c in CATEGORIES},
            "rules": [{"kind": k, "pattern": p, "category": c, "why": w} for k, p, c, w in RULES]}
    res = {"meta": meta, "runs": [{"max_seg": ms, "cipher": c, "size": s, "mode": m, "side": side, **rows[(ms, c, s, m, side)]}
                                  for (ms, c, s, m, side) in jobs]}
    (out / "results.json").write_text(json.dumps(res, indent=1) + "\n")
    (out / "summary.md").write_text(render_summary(res))
    pngs = plot(res, out)
    log(f"wrote {out / 'results.json'}, {out / 'summary.md'}" + (f", {len(pngs)} plots" if pngs else ""))
    print(render_headline(res))
    return 1 if bad else 0


# ------------------------------------------------------------------------------ output

def find(res: dict, **kw) -> Optional[dict]:
    for r in res["runs"]:
        if all(r[k] == v for k, v in kw.items()):
            return r
    return None


def fmt(x: float) -> str:
    return f"{x:,.0f}" if abs(x) >= 0.5 else "0"


def ratio(a: float, b: float) -> str:
    return f"{a / b:.2f}" if b else "–"


def data_share(r: dict) -> float:
    t = r["total"]["Ir"]
    return sum(r["categories"][c]["Ir"] for c in DATA_CATS) / t if t else 0.0


def category_table(res: dict, ms: int, cipher: str, size: int) -> str:
    """Per-message Ir and data references by category: layered and ILP, send and receive."""
    cols = [(side, mode) for side in SIDES for mode in MODES]
    runs = {k: find(res, max_seg=ms, cipher=cipher, size=size, mode=k[1], side=k[0]) for k in cols}
    if any(v is None for v in runs.values()):
        return ""
    head = ("| category | " + " | ".join(f"{'send' if s == 'send' else 'recv'} {m} Ir" for s, m in cols) + " | "
            + " | ".join(f"{'send' if s == 'send' else 'recv'} {m} D" for s, m in cols) + " |")
    lines = [head, "|---|" + "--:|" * (2 * len(cols))]
    for c in CATEGORIES:
        vals = [runs[k]["categories"][c]["Ir"] for k in cols] + [runs[k]["categories"][c]["D"] for k in cols]
        if all(abs(v) < 0.5 for v in vals) and c == "other":
            continue
        lines.append(f"| {LABELS[c]} | " + " | ".join(fmt(v) for v in vals) + " |")
    tot = [runs[k]["total"]["Ir"] for k in cols] + [runs[k]["total"]["D"] for k in cols]
    lines.append("| **total** | " + " | ".join(f"**{fmt(v)}**" for v in tot) + " |")
    rs = [ratio(runs[("send", "layered")]["total"]["Ir"], runs[("send", "ilp")]["total"]["Ir"]),
          ratio(runs[("recv", "layered")]["total"]["Ir"], runs[("recv", "ilp")]["total"]["Ir"]),
          ratio(runs[("send", "layered")]["total"]["D"], runs[("send", "ilp")]["total"]["D"]),
          ratio(runs[("recv", "layered")]["total"]["D"], runs[("recv", "ilp")]["total"]["D"])]
    lines.append(f"| layered / ILP | | {rs[0]} | | {rs[1]} | | {rs[2]} | | {rs[3]} |")
    miss = ", ".join(f"{'send' if s == 'send' else 'receive'} {m} {fmt(runs[(s, m)]['total']['D1miss'])}"
                     for s, m in cols)
    return "\n".join(lines) + f"\n\nL1 data cache misses per message (D1mr + D1mw): {miss}.\n"


def totals_table(res: dict) -> str:
    lines = ["| seg | cipher | size | send Ir layered / ILP | ratio | recv Ir layered / ILP | ratio "
             "| send D layered / ILP | ratio | recv D layered / ILP | ratio | data manip. share (layered → ILP), send / recv | receive path |",
             "|--:|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|---|"]
    keys = sorted({(r["max_seg"], r["cipher"], r["size"]) for r in res["runs"]},
                  key=lambda k: (k[0], ORDER.index(k[1]) if k[1] in ORDER else 99, k[2]))
    for ms, c, s in keys:
        g = {(m, side): find(res, max_seg=ms, cipher=c, size=s, mode=m, side=side) for m in MODES for side in SIDES}
        if any(v is None for v in g.values()):
            continue
        cells = []
        for side in SIDES:
            L, I = g[("layered", side)]["total"]["Ir"], g[("ilp", side)]["total"]["Ir"]
            cells += [f"{fmt(L)} / {fmt(I)}", ratio(L, I)]
        for side in SIDES:
            L, I = g[("layered", side)]["total"]["D"], g[("ilp", side)]["total"]["D"]
            cells += [f"{fmt(L)} / {fmt(I)}", ratio(L, I)]
        shares = " / ".join(f"{100 * data_share(g[('layered', side)]):.0f}% → {100 * data_share(g[('ilp', side)]):.0f}%"
                            for side in SIDES)
        drv = g[("ilp", "recv")]["driver"]
        path = "hook (fused)" if drv.get("hook") not in (None, "0") and drv.get("stream") == "0" else "TCP buffer + stream decode"
        lines.append(f"| {ms} | {c} | {s} | " + " | ".join(cells) + f" | {shares} | {path} |")
    return "\n".join(lines) + "\n"


def render_summary(res: dict) -> str:
    m = res["meta"]
    out = ["# Where the cycles go: per-message breakdown, ILP against layered\n",
           f"Written by `{m['command']}` ({m['date']}, {m['elapsed_s']} s).  {m['cc']}, `{m['cflags']}`; "
           f"{m['valgrind']} callgrind, cache simulation {' '.join(m['cache'])}; "
           f"GLIBC_TUNABLES `{m['glibc_tunables']}`; {m['msgs']} measured messages per run after "
           f"{m['warmup']} of warm-up; {m['machine']}.\n",
           "Counts are per message: Ir = instructions executed, D = data references (Dr + Dw).  "
           "See docs/breakdown.md for what each category holds and how the attribution works.\n",
           "## Totals\n", totals_table(res)]
    unm = [(r["max_seg"], r["cipher"], r["size"], r["mode"], r["side"], u) for r in res["runs"] for u in r["unmapped"]]
    if unm:
        out.append("**Unmapped functions above the threshold:**\n")
        out += [f"* seg {a} {b} {c} {d} {e}: `{u[0]}` {100 * u[1]:.1f}% of Ir" for a, b, c, d, e, u in unm]
        out.append("")
    keys = sorted({(r["max_seg"], r["cipher"], r["size"]) for r in res["runs"]},
                  key=lambda k: (k[0], ORDER.index(k[1]) if k[1] in ORDER else 99, k[2]))
    for ms, c, s in keys:
        t = category_table(res, ms, c, s)
        if t:
            out += [f"## {c}, {s}-byte replies, {ms}-byte segments\n", t]
    out.append("## Largest contributors per category (Ir per message, ILP and layered receive/send)\n")
    for ms, c, s in keys:
        for side in SIDES:
            for mode in MODES:
                r = find(res, max_seg=ms, cipher=c, size=s, mode=mode, side=side)
                if r is None:
                    continue
                items = "; ".join(f"{cat}: " + ", ".join(f"{w} {v:,.0f}" for w, v in r["top"].get(cat, [])[:4])
                                  for cat in CATEGORIES if r["top"].get(cat))
                out.append(f"* seg {ms} {c} {s} {mode} {side}: {items}")
    return "\n".join(out) + "\n"


def render_headline(res: dict) -> str:
    out = ["Totals (per message):", totals_table(res)]
    return "\n".join(out)


def plot(res: dict, out: Path, only: set[str] | None = None) -> list[Path]:
    """Draw the plots into OUT (those named in ONLY, if given); their paths."""
    plt = benchlib.pyplot()
    if plt is None:
        return []
    from matplotlib.patches import Patch
    made = []
    for ms, c in sorted({(r["max_seg"], r["cipher"]) for r in res["runs"]}):
        if only is None or f"breakdown_{c}_seg{ms}.png" in only:
            sizes = sorted({r["size"] for r in res["runs"] if r["cipher"] == c and r["max_seg"] == ms})
            rows = [("send", "Ir"), ("recv", "Ir"), ("send", "D"), ("recv", "D")]
            width = max(2.6 * len(sizes) + 1.5, 8.0)
            fig, axes = plt.subplots(len(rows), len(sizes), figsize=(width, 2.4 * len(rows)), squeeze=False)
            for i, (side, ev) in enumerate(rows):
                for j, s in enumerate(sizes):
                    ax = axes[i][j]
                    for x, mode in enumerate(MODES):
                        r = find(res, max_seg=ms, cipher=c, size=s, mode=mode, side=side)
                        if r is None:
                            continue
                        bottom = 0.0
                        for cat in CATEGORIES:
                            v = r["categories"][cat][ev]
                            if v > 0:
                                ax.bar(x, v, bottom=bottom, color=COLORS[cat], width=0.6, edgecolor="white",
                                       linewidth=0.3)
                                bottom += v
                        ax.text(x, bottom, f"{bottom:,.0f}", ha="center", va="bottom", fontsize=7)
                    ax.set_xticks(range(len(MODES)))
                    ax.set_xticklabels(["layered", "ILP"], fontsize=8)
                    ax.tick_params(axis="y", labelsize=7)
                    ax.margins(y=0.15)
                    if i == 0:
                        ax.set_title(f"{s} B", fontsize=9)
                    if j == 0:
                        ax.set_ylabel(f"{'send' if side == 'send' else 'receive'}\n"
                                      f"{'instructions' if ev == 'Ir' else 'data refs'} / msg", fontsize=8)
            handles = [Patch(color=COLORS[cat], label=LABELS[cat]) for cat in CATEGORIES if cat != "other"]
            fig.suptitle(f"Per-message cost by category, {c}, {ms}-byte TCP segments (callgrind)", y=0.995,
                         fontsize=10)
            fig.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, 0.975), ncol=4 if width > 9 else 3,
                       fontsize=7, frameon=False)
            fig.tight_layout(rect=(0, 0, 1, 0.945))
            p = out / f"breakdown_{c}_seg{ms}.png"
            fig.savefig(p, dpi=110)
            plt.close(fig)
            made.append(p)
    return made




if __name__ == "__main__":
    try:
        sys.exit(main())
    except BenchError as e:
        sys.exit(f"failed: {e}")
