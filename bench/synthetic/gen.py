#!/usr/bin/env python3
"""Synthetic data-manipulation functions after Ahlgren et al. (1996; docs/references.md), for today's compilers.

From one set of parameters this emits C11 source with BOTH implementations of the same
pipeline of ``n`` synthetic functions:

* ``synth_ilp``   -- integrated (ILP): one loop; every block passes through all functions in
  registers (locals), the state of all functions is live across iterations;
* ``synth_seq``   -- sequential: one loop per function (``synth_seq_f0`` ...), intermediate
  blocks go through buffers in memory, only one function's state is live in each loop.

Both are generated from the same list of operations, so they compute the same function; a
Python model of that list (:func:`reference`) is the oracle the tests check both against.

Parameters (see :class:`Params`)
    n_funcs      number of functions in the pipeline
    instrs       arithmetic instructions per block, per function (int or one per function)
    state        state words per function (int or one per function)
    in_block     words the first function reads per block
    out_block    words every function writes per block (the first reads ``in_block`` and
                 writes ``out_block``; the others read and write ``out_block``), unless
    blocks       ``n+1`` explicit block sizes: function k reads blocks[k], writes blocks[k+1]
    word_bits    32 or 64 (the paper's machines had 32-bit words)
    seed         picks the operands, rotation counts and multipliers (deterministic)

Design (why the compiler can neither remove the work nor treat the two versions unfairly)
    * One block of function k is a straight-line list of *operations*, each exactly one
      ALU instruction on x86-64 and AArch64: ``a += b``, ``a -= b``, ``a ^= b``,
      ``a = rotl(a, c)`` with a constant c, ``a *= K`` with an odd constant K < 2**31 (an
      imm32 operand: no constant needs a register of its own).  The kinds of the filler
      operations follow a fixed cycle (2 add, 2 xor, 1 sub, 2 rotl, 1 mul per 8), so the mix
      is the same for every parameter set and the cost per instruction is comparable.
    * Every operation is invertible in its destination (the other operand fixed), so one
      block of a function is a bijection of (data lanes, state); chained over blocks and
      functions this makes the final (output, state) depend on every input bit, which the
      tests check by flipping bits.  (A compressing function, out_block < in_block, folds
      the surplus lanes into the state: dependence then holds except for a 2**-w chance
      of cancellation; the tests check it too.)
    * Mandatory operations per function and block: the state words absorb the block in a
      chain (s0 takes input word 0, ..., then each s_j takes s_{j-1}: S ops), then -- after
      the filler -- each output lane absorbs a state word, the end of the chain first (one op
      per lane), and surplus input lanes are folded into the state.  The chain matters: with
      independent accumulators (s_j += x for all j) clang's SLP vectoriser packs the state
      into SIMD registers and no spill ever happens, which no real cipher state allows.  So every state word is read
      and written every block (a loop-carried recurrence, as a checksum accumulator or a
      CBC chaining value: it must stay in a register or be spilled), every output word
      depends on the state and the inputs, and no loop can be vectorised or distributed:
      each loop is one recurrence, in both versions alike.  Hence instrs >= state + lanes.
    * The generator rejects operation pairs a compiler could fold or cancel: two xors or
      an add and a sub of the same unchanged value into the same destination in a row,
      two rotates or two multiplies of the same variable in a row.
    * State is copied into locals before the loop and back after it, and the buffers are
      ``restrict``: spilling state is the register allocator's decision, not aliasing's.
      Loads and stores happen only at block boundaries (and for spills).
    * Outputs and final state are consumed by the harness (in another translation unit),
      the arithmetic is unsigned (no UB), and shifts are by constants in [1, w-1].

CLI:  python bench/synthetic/gen.py --funcs 3 --instrs 10 --state 2 -o DIR
      (writes DIR/synth.h and DIR/synth.c; without -o prints synth.c)
"""
from __future__ import annotations

import argparse
import json
import random
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Sequence

ADD, SUB, XOR, ROTL, MUL = "add", "sub", "xor", "rotl", "mul"
BINARY = (ADD, SUB, XOR)
UNARY = (ROTL, MUL)
# The kinds of the filler operations, cycled: 2 add, 2 xor, 1 sub, 2 rotl, 1 mul.
FILLER_CYCLE = (ADD, XOR, ROTL, SUB, MUL, XOR, ADD, ROTL)
# Latencies (cycles) used only to report the loop-carried critical path.
LATENCY = {ADD: 1, SUB: 1, XOR: 1, ROTL: 1, MUL: 3}
# Consecutive binary ops into one destination from the same unchanged source that a
# compiler could cancel or merge (x^y^y, x+y-y, x+y+y -> lea).
_FOLDING_PAIRS = {(XOR, XOR), (ADD, SUB), (SUB, ADD), (ADD, ADD), (SUB, SUB)}


@dataclass(frozen=True)
class Op:
    kind: str
    dst: str            # variable name: "x<l>" data lane, "s<j>" state word
    src: str | None = None   # binary ops
    imm: int | None = None   # rotation count or multiplier

    def c(self, rename: dict[str, str], bits: int) -> str:
        d = rename[self.dst]
        if self.kind == ROTL:
            return f"{d} = (synth_word)(({d} << {self.imm}) | ({d} >> {bits - self.imm}));"
        if self.kind == MUL:
            return f"{d} = (synth_word)({d} * SYNTH_C({self.imm:#x}));"
        sym = {ADD: "+", SUB: "-", XOR: "^"}[self.kind]
        return f"{d} = (synth_word)({d} {sym} {rename[self.src]});"


@dataclass
class Func:
    index: int
    in_block: int
    out_block: int
    state: int
    instrs: int
    ops: list[Op] = field(default_factory=list)

    @property
    def lanes(self) -> int:
        return max(self.in_block, self.out_block)

    def _state_edges(self) -> list[list[float]]:
        """w[i][j]: longest latency from state word i at block start to word j at block end."""
        inf = float("-inf")
        w = []
        for i in range(self.state):
            dist = {f"s{j}": inf for j in range(self.state)} | {f"x{l}": inf for l in range(self.lanes)}
            dist[f"s{i}"] = 0
            for op in self.ops:
                base = dist[op.dst] if op.src is None else max(dist[op.dst], dist[op.src])
                dist[op.dst] = base + LATENCY[op.kind] if base > inf else inf
            w.append([dist[f"s{j}"] for j in range(self.state)])
        return w

    def critical_path(self) -> float:
        """The loop-carried recurrence bound, in cycles per block: the maximum cycle mean
        (Karp) of the graph of state words with edges weighted by the latency from one
        word at block start to another at block end.  A sequential loop cannot run faster
        than this per block; an integrated loop can overlap the functions' recurrences."""
        w, n = self._state_edges(), self.state
        inf = float("-inf")
        d = [[0.0] * n]
        for _ in range(n):
            d.append([max((d[-1][i] + w[i][j] for i in range(n) if d[-1][i] > inf and w[i][j] > inf),
                          default=inf) for j in range(n)])
        best = inf
        for v in range(n):
            if d[n][v] == inf:
                continue
            best = max(best, min((d[n][v] - d[k][v]) / (n - k) for k in range(n) if d[k][v] > inf))
        return best if best > inf else 0.0


@dataclass(frozen=True)
class Params:
    n_funcs: int = 3
    instrs: int | tuple[int, ...] = 10
    state: int | tuple[int, ...] = 2
    in_block: int = 1
    out_block: int = 1
    blocks: tuple[int, ...] | None = None
    word_bits: int = 32
    seed: int = 1

    def _per_func(self, v, name: str) -> list[int]:
        if isinstance(v, int):
            return [v] * self.n_funcs
        v = list(v)
        if len(v) != self.n_funcs:
            raise ValueError(f"{name}: {len(v)} values for {self.n_funcs} functions")
        return v

    def instrs_list(self) -> list[int]:
        return self._per_func(self.instrs, "instrs")

    def state_list(self) -> list[int]:
        return self._per_func(self.state, "state")

    def blocks_list(self) -> list[int]:
        if self.blocks is not None:
            b = list(self.blocks)
            if len(b) != self.n_funcs + 1:
                raise ValueError(f"blocks: need {self.n_funcs + 1} sizes, got {len(b)}")
            return b
        return [self.in_block] + [self.out_block] * self.n_funcs

    @property
    def aggregated_state(self) -> int:
        return sum(self.state_list())

    def validate(self) -> None:
        if self.n_funcs < 1:
            raise ValueError("n_funcs must be >= 1")
        if self.word_bits not in (32, 64):
            raise ValueError("word_bits must be 32 or 64")
        for b in self.blocks_list():
            if b < 1:
                raise ValueError("block sizes must be >= 1 word")
        bl = self.blocks_list()
        for k, (s, i) in enumerate(zip(self.state_list(), self.instrs_list())):
            if s < 1:
                raise ValueError(f"function {k}: state must be >= 1 word (it is what ILP aggregates)")
            need = min_instrs(bl[k], bl[k + 1], s)
            if i < need:
                raise ValueError(f"function {k}: {i} instructions < the {need} needed to read and "
                                 f"update {s} state words and {max(bl[k], bl[k + 1])} lanes every block")

    def to_json(self) -> dict:
        d = asdict(self)
        d["instrs"] = self.instrs_list()
        d["state"] = self.state_list()
        d["blocks"] = self.blocks_list()
        return d


def min_instrs(in_block: int, out_block: int, state: int) -> int:
    """Fewest operations that read and update every state word and every lane each block."""
    return state + max(in_block, out_block)


class _Builder:
    """Emits one function's operations while refusing pairs the compiler could fold."""

    def __init__(self, bits: int, rng: random.Random):
        self.bits = bits
        self.rng = rng
        self.ops: list[Op] = []
        self.version: dict[str, int] = {}
        self.last: dict[str, tuple] = {}  # dst -> (kind, src, src_version) of its last op

    def _ver(self, v: str) -> int:
        return self.version.get(v, 0)

    def allowed(self, kind: str, dst: str, src: str | None = None) -> bool:
        last = self.last.get(dst)
        if last is None:
            return True
        if kind in UNARY:
            return last[0] != kind
        if last[0] in UNARY or last[1] != src or last[2] != self._ver(src):
            return True
        return (last[0], kind) not in _FOLDING_PAIRS

    def emit(self, kind: str, dst: str, src: str | None = None) -> None:
        assert dst != src
        imm = None
        if kind == ROTL:
            imm = self.rng.randrange(1, self.bits)
        elif kind == MUL:
            imm = self.rng.randrange(1 << 30, 1 << 31) | 1
        self.ops.append(Op(kind, dst, src, imm))
        self.last[dst] = (kind, src, self._ver(src) if src else None)
        self.version[dst] = self._ver(dst) + 1

    def binary(self, dst: str, src: str, prefer: Sequence[str]) -> None:
        for kind in prefer:
            if self.allowed(kind, dst, src):
                return self.emit(kind, dst, src)
        raise AssertionError("unreachable: add/xor alternation always allowed")


def build_func(k: int, in_block: int, out_block: int, state: int, instrs: int,
               bits: int, rng: random.Random) -> Func:
    f = Func(k, in_block, out_block, state, instrs)
    b = _Builder(bits, rng)
    lanes = [f"x{l}" for l in range(f.lanes)]
    sts = [f"s{j}" for j in range(state)]
    # 1. absorb: the first state words take the block's input words, each further one the
    #    state word before it (a chain, as in a shift register or key schedule: it keeps a
    #    compiler from packing independent accumulators into SIMD registers, and makes
    #    every state word depend on this block's data).
    for j, s in enumerate(sts):
        src = lanes[j] if j < in_block else sts[j - 1]
        b.binary(s, src, (ADD, XOR) if j % 2 == 0 else (XOR, ADD))
    n_fill = instrs - min_instrs(in_block, out_block, state)
    # 2. filler: fixed kind cycle, destinations round-robin over lanes and state, sources
    #    picked by the seeded generator among the others.
    pool = lanes + sts
    for i in range(n_fill):
        kind = FILLER_CYCLE[i % len(FILLER_CYCLE)]
        dst = pool[i % len(pool)]
        if kind in UNARY:
            if not b.allowed(kind, dst):
                kind = MUL if kind == ROTL else ROTL
            b.emit(kind, dst)
            continue
        cands = [v for v in pool if v != dst and b.allowed(kind, dst, v)]
        if cands:
            b.emit(kind, dst, rng.choice(cands))
        else:
            alt = [kd for kd in BINARY if kd != kind]
            src = rng.choice([v for v in pool if v != dst])
            if any(b.allowed(kd, dst, src) for kd in alt):
                b.binary(dst, src, alt)
            else:
                b.emit(ROTL if b.allowed(ROTL, dst) else MUL, dst)
    # 3. emit: every output lane takes a state word, the last of the chain first (so every
    #    output word depends on every state word and on the inputs).
    for l in range(out_block):
        b.binary(lanes[l], sts[(state - 1 - l) % state], (XOR, ADD) if l % 2 == 0 else (ADD, XOR))
    # 4. fold: surplus input lanes of a compressing function go into the state.
    for l in range(out_block, in_block):
        b.binary(sts[l % state], lanes[l], (ADD, XOR))
    f.ops = b.ops
    assert len(f.ops) == instrs, (len(f.ops), instrs)
    return f


def build(params: Params) -> list[Func]:
    params.validate()
    rng = random.Random(f"synth-{params.seed}")
    bl = params.blocks_list()
    return [build_func(k, bl[k], bl[k + 1], s, i, params.word_bits, rng)
            for k, (s, i) in enumerate(zip(params.state_list(), params.instrs_list()))]


# --------------------------------------------------------------------------- reference
def _apply(op: Op, env: dict[str, int], mask: int, bits: int) -> None:
    a = env[op.dst]
    if op.kind == ADD:
        a = (a + env[op.src]) & mask
    elif op.kind == SUB:
        a = (a - env[op.src]) & mask
    elif op.kind == XOR:
        a ^= env[op.src]
    elif op.kind == ROTL:
        a = ((a << op.imm) | (a >> (bits - op.imm))) & mask
    else:
        a = (a * op.imm) & mask
    env[op.dst] = a


def reference(params: Params, data: Sequence[int], state: Sequence[int]) -> tuple[list[int], list[int]]:
    """The pipeline in Python: (output words, final state words) for ``data`` (a whole
    number of input blocks) and the initial aggregated ``state``."""
    funcs = build(params)
    bits = params.word_bits
    mask = (1 << bits) - 1
    b0 = funcs[0].in_block
    if len(data) % b0:
        raise ValueError("data is not a whole number of input blocks")
    st = [list(state[o:o + f.state]) for f, o in zip(funcs, _offsets(funcs))]
    out: list[int] = []
    for blk in range(len(data) // b0):
        words = list(data[blk * b0:(blk + 1) * b0])
        for f, s in zip(funcs, st):
            env = {f"s{j}": s[j] for j in range(f.state)}
            for l in range(f.lanes):
                env[f"x{l}"] = words[l % f.in_block]
            for op in f.ops:
                _apply(op, env, mask, bits)
            s[:] = [env[f"s{j}"] for j in range(f.state)]
            words = [env[f"x{l}"] for l in range(f.out_block)]
        out.extend(words)
    return out, [w for s in st for w in s]


def _offsets(funcs: list[Func]) -> list[int]:
    offs, o = [], 0
    for f in funcs:
        offs.append(o)
        o += f.state
    return offs


# --------------------------------------------------------------------------- C output
def _body(f: Func, rename: dict[str, str], bits: int, indent: str) -> list[str]:
    return [indent + op.c(rename, bits) for op in f.ops]


def header(params: Params, funcs: list[Func]) -> str:
    bits = params.word_bits
    bl = params.blocks_list()
    return f"""\
/* Generated by bench/synthetic/gen.py -- do not edit.
 * params: {json.dumps(params.to_json(), sort_keys=True)}
 */
#ifndef SYNTH_H
#define SYNTH_H
#include <stddef.h>
#include <stdint.h>

#define SYNTH_WORD_BITS {bits}
typedef uint{bits}_t synth_word;
#define SYNTH_C(c) UINT{bits}_C(c)
#define SYNTH_NFUNCS {len(funcs)}
#define SYNTH_STATE_WORDS {sum(f.state for f in funcs)}   /* aggregated over all functions */
#define SYNTH_IN_BLOCK {bl[0]}    /* words read per block from the input buffer */
#define SYNTH_OUT_BLOCK {bl[-1]}   /* words written per block to the output buffer */

/* Block sizes (words): function k reads synth_block_words[k], writes synth_block_words[k+1]. */
extern const size_t synth_block_words[SYNTH_NFUNCS + 1];
/* Where function k's state starts in the aggregated state array. */
extern const size_t synth_state_offset[SYNTH_NFUNCS];

typedef void synth_stage_fn(const synth_word *restrict in, synth_word *restrict out,
                            size_t nblocks, synth_word *restrict state);

/* Integrated: one loop, all functions per block, all state live across iterations. */
void synth_ilp(const synth_word *restrict in, synth_word *restrict out, size_t nblocks,
               synth_word *restrict state);
/* Sequential: one loop per function; tmp[k] (k < SYNTH_NFUNCS-1) holds function k's output
 * (nblocks * synth_block_words[k+1] words). */
void synth_seq(const synth_word *in, synth_word *out, size_t nblocks, synth_word *state,
               synth_word *const *tmp);
/* The sequential stages, for timing them one by one (cold cache). state = own slice. */
extern synth_stage_fn *const synth_seq_stages[SYNTH_NFUNCS];

#endif
"""


def source(params: Params, funcs: list[Func]) -> str:
    bits = params.word_bits
    bl = params.blocks_list()
    offs = _offsets(funcs)
    L: list[str] = [
        "/* Generated by bench/synthetic/gen.py -- do not edit.",
        f" * params: {json.dumps(params.to_json(), sort_keys=True)}",
    ]
    for f in funcs:
        L.append(f" * f{f.index}: {f.in_block}->{f.out_block} words/block, state {f.state}, "
                 f"{f.instrs} ops, loop-carried recurrence bound {f.critical_path():.3g} cycles/block")
    L += [" */", '#include "synth.h"', ""]
    L.append(f"const size_t synth_block_words[SYNTH_NFUNCS + 1] = {{{', '.join(map(str, bl))}}};")
    L.append(f"const size_t synth_state_offset[SYNTH_NFUNCS] = {{{', '.join(map(str, offs))}}};")
    L.append("")

    # Sequential stages.
    for f in funcs:
        ren = {f"x{l}": f"x{l}" for l in range(f.lanes)} | {f"s{j}": f"s{j}" for j in range(f.state)}
        L.append(f"void synth_seq_f{f.index}(const synth_word *restrict in, synth_word *restrict out,")
        L.append("    size_t nblocks, synth_word *restrict state)")
        L.append("{")
        L.append("    " + " ".join(f"synth_word s{j} = state[{j}];" for j in range(f.state)))
        L.append("    for (size_t b = 0; b < nblocks; b++) {")
        L.append(f"        const synth_word *ip = in + b * {f.in_block};")
        L.append(f"        synth_word *op = out + b * {f.out_block};")
        L.append("        " + " ".join(f"synth_word x{l} = ip[{l % f.in_block}];" for l in range(f.lanes)))
        L += _body(f, ren, bits, "        ")
        L.append("        " + " ".join(f"op[{l}] = x{l};" for l in range(f.out_block)))
        L.append("    }")
        L.append("    " + " ".join(f"state[{j}] = s{j};" for j in range(f.state)))
        L.append("}")
        L.append("")
    L.append("synth_stage_fn *const synth_seq_stages[SYNTH_NFUNCS] = {"
             + ", ".join(f"synth_seq_f{f.index}" for f in funcs) + "};")
    L.append("")
    L.append("void synth_seq(const synth_word *in, synth_word *out, size_t nblocks, synth_word *state,")
    L.append("               synth_word *const *tmp)")
    L.append("{")
    if len(funcs) == 1:
        L.append("    (void)tmp;")
    for f in funcs:
        src = "in" if f.index == 0 else f"tmp[{f.index - 1}]"
        dst = "out" if f.index == len(funcs) - 1 else f"tmp[{f.index}]"
        L.append(f"    synth_seq_f{f.index}({src}, {dst}, nblocks, state + {offs[f.index]});")
    L.append("}")
    L.append("")

    # Integrated loop.
    L.append("void synth_ilp(const synth_word *restrict in, synth_word *restrict out, size_t nblocks,")
    L.append("               synth_word *restrict state)")
    L.append("{")
    for f in funcs:
        L.append("    " + " ".join(f"synth_word f{f.index}_s{j} = state[{offs[f.index] + j}];"
                                   for j in range(f.state)))
    L.append("    for (size_t b = 0; b < nblocks; b++) {")
    L.append(f"        const synth_word *ip = in + b * {bl[0]};")
    L.append(f"        synth_word *op = out + b * {bl[-1]};")
    prev: list[str] = [f"ip[{l}]" for l in range(bl[0])]
    for f in funcs:
        k = f.index
        ren = {f"x{l}": f"f{k}_x{l}" for l in range(f.lanes)} | {f"s{j}": f"f{k}_s{j}" for j in range(f.state)}
        L.append(f"        /* f{k} */")
        L.append("        " + " ".join(f"synth_word f{k}_x{l} = {prev[l % f.in_block]};" for l in range(f.lanes)))
        L += _body(f, ren, bits, "        ")
        prev = [f"f{k}_x{l}" for l in range(f.out_block)]
    L.append("        " + " ".join(f"op[{l}] = {v};" for l, v in enumerate(prev)))
    L.append("    }")
    for f in funcs:
        L.append("    " + " ".join(f"state[{offs[f.index] + j}] = f{f.index}_s{j};" for j in range(f.state)))
    L.append("}")
    return "\n".join(L) + "\n"


@dataclass
class Generated:
    params: Params
    funcs: list[Func]
    header: str
    source: str

    def write(self, out_dir: Path | str) -> tuple[Path, Path]:
        d = Path(out_dir)
        d.mkdir(parents=True, exist_ok=True)
        h, c = d / "synth.h", d / "synth.c"
        for p, text in ((h, self.header), (c, self.source)):
            if not p.exists() or p.read_text() != text:   # keep mtimes for make-like reuse
                p.write_text(text)
        return h, c


def generate(params: Params) -> Generated:
    funcs = build(params)
    return Generated(params, funcs, header(params, funcs), source(params, funcs))


def _int_or_list(text: str) -> int | tuple[int, ...]:
    parts = [int(p) for p in text.split(",")]
    return parts[0] if len(parts) == 1 else tuple(parts)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--funcs", type=int, default=3, help="number of functions (default 3)")
    ap.add_argument("--instrs", type=_int_or_list, default=10,
                    help="arithmetic instructions per function and block: N or N0,N1,... (default 10)")
    ap.add_argument("--state", type=_int_or_list, default=2,
                    help="state words per function: S or S0,S1,... (default 2)")
    ap.add_argument("--in-block", type=int, default=1, help="input block, words (default 1)")
    ap.add_argument("--out-block", type=int, default=1, help="output block, words (default 1)")
    ap.add_argument("--blocks", type=lambda t: tuple(int(p) for p in t.split(",")),
                    help="explicit block sizes b0,...,bn (function k: b[k] -> b[k+1] words)")
    ap.add_argument("--word-bits", type=int, choices=(32, 64), default=32)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("-o", "--out-dir", help="write synth.h and synth.c here (else print synth.c)")
    a = ap.parse_args(argv)
    p = Params(n_funcs=a.funcs, instrs=a.instrs, state=a.state, in_block=a.in_block,
               out_block=a.out_block, blocks=a.blocks, word_bits=a.word_bits, seed=a.seed)
    try:
        g = generate(p)
    except ValueError as e:
        print(f"gen.py: {e}", file=sys.stderr)
        return 2
    if a.out_dir:
        for path in g.write(a.out_dir):
            print(path)
    else:
        sys.stdout.write(g.source)
    return 0


if __name__ == "__main__":
    sys.exit(main())
