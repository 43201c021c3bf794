"""The ILP back end's lowering of blocks into 8-byte units (docs/ilp.md).

Parity.  A message is ``BE32(L) | XDR | pad`` cut into 8-byte units, so XDR word j
lands in unit (j+1)/2; the generator tracks whether a word is pending (``odd``) at
every op.  Where it is statically known (inside a block, after ops of fixed size
parity) the code is straight-line with a static pairing; where it is not (after an
opaque body, an optional component, ...) a block is generated twice, for each parity,
behind one ``if (t.odd)``.  The run-time ``t.odd`` is kept in sync at every op
boundary, so static knowledge is only ever an optimisation.

:class:`Lowering` turns a block's items into the C lines that send (``ILPC_TX``) or
receive (``ILPC_RX``) its units at a static parity; the checks and decoding of each item
are the shared ones (compiler/backend/checks.py).  ``drop_redundant_parity`` and
``merge_same_branches`` then tidy a whole body.
"""
from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Optional

from ..ir.facts import is_number_run
from ..ir.plan import Array, Block, Bytes, Call, Choice, Item, Optional_, Repeat, TypePlan, pad4
from .cexpr import lvalue, member, present_flag
from .checks import Checks
from .naming import temporary
from .render import macros, strip

# Fixed opaques longer than this go through the bulk byte loop instead of words.
RAW_WORDS_MAX = 16


@dataclass
class Word:
    """One 4-byte XDR word of a block on the send side: a C expression of its value
    as a uint32_t number.  ``pre`` holds the statements (checks, temporaries) of the
    item the word starts; ``dword`` names the 64-bit temporary when the word is one
    half of a hyper/double (so that an aligned pair becomes one unit)."""
    expr: str
    pre: str = ""
    dword: Optional[str] = None
    half: int = 0


# ------------------------------------------------------------------ parity

class Parity:
    """The parity (0: even, 1: odd number of XDR words) of ops and plans."""

    def __init__(self):
        self._memo: dict[int, Optional[int]] = {}

    def plan(self, plan: TypePlan) -> Optional[int]:
        """Parity of every encoding of a plan, None when it depends on the value."""
        key = id(plan)
        if key in self._memo:
            return self._memo[key]
        self._memo[key] = None  # recursion: unknown
        if plan.size.fixed:
            d: Optional[int] = (plan.size.min // 4) & 1
        else:
            d = self.ops(plan.ops)
        self._memo[key] = d
        return d

    def ops(self, ops: list) -> Optional[int]:
        d = 0
        for op in ops:
            x = self.op(op)
            if x is None:
                return None
            d ^= x
        return d

    def op(self, op) -> Optional[int]:
        if isinstance(op, Block):
            return (op.size // 4) & 1
        if isinstance(op, Bytes):
            if op.sizes.is_single:
                n = op.sizes.lower
                nb = (n + 7) // 8 if op.kind == "bits" else n
                return (pad4(nb) // 4) & 1
            return None
        if isinstance(op, Optional_):
            return 0 if self.ops(op.body) == 0 else None
        if isinstance(op, Choice):
            ds = {self.ops(a.body) for a in op.arms}
            return ds.pop() if len(ds) == 1 and None not in ds else None
        if isinstance(op, Array):
            d = (op.elem_block.size // 4) & 1 if op.elem_block is not None else self.ops(op.elem_body)
            if op.fixed is not None:
                return None if d is None else (d * op.fixed) & 1
            return 0 if d == 0 else None
        if isinstance(op, Call):
            return self.plan(op.target)
        raise AssertionError(op)

    def after(self, op, state: Optional[int]) -> Optional[int]:
        """Static parity after ``op`` entered at ``state`` (None: run-time)."""
        if state is None:
            return None
        d = self.op(op)
        return None if d is None else state ^ d


def holds_unit0(plan: TypePlan) -> bool:
    """Whether the send body can hold back unit 0 itself when it starts a message:
    its encoding starts with a word of a block (so the unit completing it is known
    statically).  Otherwise the sink's slow path holds unit 0."""
    if not plan.ops or not isinstance(plan.ops[0], Block) or not plan.ops[0].items:
        return False
    it = plan.ops[0].items[0]
    if isinstance(it, Repeat):
        return False
    if it.kind == "opaque_fixed" and (it.n == 0 or it.n > RAW_WORDS_MAX):
        return False
    return True


# ------------------------------------------------------------------ paths

def shift_index(items: list, var: str, by: int) -> list:
    """Items of element ``var + by`` (for unrolling a loop by two)."""
    def fix_path(path: tuple) -> tuple:
        return tuple((s[0], f"{s[1]} + {by}") if s[0] in ("index", "item") and s[1] == var else s
                     for s in path)

    out = []
    for it in items:
        if isinstance(it, Repeat):
            out.append(Repeat(it.count, it.var, it.offset, it.stride, shift_index(it.items, var, by)))
        else:
            out.append(dataclasses.replace(it, path=fix_path(it.path)))
    return out


def int_run(items: list, var: str, stride: int) -> Optional[tuple[str, int]]:
    """(the C items array, the element's width) when the elements of a loop are
    plain 4- or 8-byte numbers with nothing to check (integers of the whole wire
    range, REALs): then the loop is the runtime's run of integers (tx_ints,
    rx_ints: vector byte swaps and the bulk loop of an opaque)."""
    if not is_number_run(items, stride):
        return None
    it = items[0]
    if not it.path or it.path[-1][0] not in ("index", "item") or it.path[-1][1] != var:
        return None
    return member(lvalue(it.path[:-1]), "items"), stride


def _ind(lines: list[str], n: int = 4) -> list[str]:
    out = []
    for block in lines:
        for l in block.split("\n"):
            out.append((" " * n + l) if l.strip() else "")
    return out


# ------------------------------------------------------------------ lowering

class Lowering:
    """The units of blocks, for one generated file (its temporaries are numbered in it)."""

    def __init__(self, checks: Checks):
        self.checks = checks
        self.n = 0
        self._words_memo: dict[int, tuple] = {}

    def fresh(self, stem: str) -> str:
        self.n += 1
        return temporary(stem, self.n)

    # ------------------------------------------------------------ send

    def tx_item_words(self, it: Item) -> list[Word]:
        """The words of an item (memoised: a block is lowered once per parity, and
        the versions live in different C scopes, so they can share temporaries)."""
        hit = self._words_memo.get(id(it))
        if hit is None or hit[0] is not it:  # the memo keeps `it` alive: its id stays its own
            hit = self._words_memo[id(it)] = (it, self._tx_item_words(it))
        return hit[1]

    def _tx_item_words(self, it: Item) -> list[Word]:
        lv = lvalue(it.path)
        pre = self.checks.item_out(it)
        k = it.kind
        if k == "bool":
            return [Word(f"({lv} ? 1u : 0u)", pre)]
        if k == "int":
            return [Word(f"(uint32_t){lv}", pre)]
        if k == "uint":
            return [Word(lv, pre)]
        if k == "enum":
            return [Word(f"(uint32_t)(int32_t){lv}", pre)]
        if k == "present":
            return [Word(f"({present_flag(it.path, it.indirect)} ? 1u : 0u)", pre)]
        if k == "discriminant":
            return [Word(f"(uint32_t){member(lv, 'which')}", pre)]
        if k == "length":
            return [Word(f"{member(lv, 'bits')}" if it.bytes_kind == "bits" else f"{member(lv, 'len')}", pre)]
        if k == "count":
            return [Word(f"{member(lv, 'count')}", pre)]
        if k == "bitbytes":  # the byte count of a BIT STRING's data<>
            return [Word(f"(uint32_t)(((uint64_t){member(lv, 'bits')} + 7) / 8)", pre)]
        if k in ("hyper", "uhyper", "double"):
            x = self.fresh("x")
            val = {"hyper": f"(uint64_t){lv}", "uhyper": lv, "double": f"ilpc_double_bits({lv})"}[k]
            pre = (pre + "\n" if pre else "") + f"const uint64_t {x} = {val};"
            return [Word(f"(uint32_t)({x} >> 32)", pre, x, 0), Word(f"(uint32_t){x}", "", x, 1)]
        if k == "opaque_fixed":
            words = []
            for j in range(0, it.n, 4):
                r = min(4, it.n - j)
                expr = f"ilpc_get32({member(lv, 'bytes')} + {j})" if r == 4 else f"ilpc_load_word_tail({member(lv, 'bytes')} + {j}, {r})"
                words.append(Word(expr, pre if j == 0 else ""))
            return words
        raise AssertionError(k)

    def tx_lower(self, items: list, P: int, hold: bool = False) -> tuple[list[str], int]:
        """C lines sending a block's items at static parity P; returns (lines, parity).
        hold: the block starts the message, so its first word completes unit 0, which
        is held back (part A goes last) instead of being sent."""
        lines: list[str] = []
        words: list[Word] = []

        def flush():
            nonlocal P, words, hold
            i = 0
            if P == 1 and words:
                w = words[0]
                if w.pre:
                    lines.append(w.pre)
                if hold:
                    lines.append("/* unit 0 = part A: held back until the length word is known */")
                    lines.append(f"s->unit0 = ilpc_unit_pack(0u, {w.expr});")
                    hold = False
                else:
                    lines.append(f"ILPC_TX(ilpc_unit_pack(t.pw, {w.expr}));")
                i, P = 1, 0
            while i + 1 < len(words):
                a, b = words[i], words[i + 1]
                for w in (a, b):
                    if w.pre:
                        lines.append(w.pre)
                if a.dword is not None and a.dword == b.dword and a.half == 0:
                    lines.append(f"ILPC_TX(ilpc_unit_be64({a.dword}));")
                else:
                    lines.append(f"ILPC_TX(ilpc_unit_pack({a.expr}, {b.expr}));")
                i += 2
            if i < len(words):
                w = words[i]
                if w.pre:
                    lines.append(w.pre)
                lines.append(f"t.pw = {w.expr};")
                P = 1
            words = []

        for it in items:
            if isinstance(it, Repeat):
                flush()
                sub, P = self.tx_repeat(it, P)
                lines.extend(sub)
            elif it.kind == "opaque_fixed" and it.n > RAW_WORDS_MAX:
                flush()
                lv = lvalue(it.path)
                lines.append(f"t.odd = {P}u;")
                lines.append(f"ILPC_TX_BYTES({member(lv, 'bytes')}, {it.n});")
                P ^= (pad4(it.n) // 4) & 1
            else:
                ws = self.tx_item_words(it)
                if not ws:
                    pre = self.checks.item_out(it)
                    if pre:
                        lines.append(pre)
                words.extend(ws)
        flush()
        return lines, P

    def tx_repeat(self, rep: Repeat, P: int) -> tuple[list[str], int]:
        n, var = rep.count, rep.var
        run = int_run(rep.items, var, rep.stride)
        if run is not None:
            return [f"t.odd = {P}u;", f"ILPC_TX_INTS({run[0]}, {n}, {run[1]});"], P ^ (n * run[1] // 4 & 1)
        sw = rep.stride // 4
        if n == 0:
            return [], P
        if n == 1:
            body, P2 = self.tx_lower(rep.items, P)
            return ["{", f"    const size_t {var} = 0;"] + _ind(body) + ["}"], P2
        if sw % 2 == 0:
            body, P2 = self.tx_lower(rep.items, P)
            assert P2 == P
            return [f"for (size_t {var} = 0; {var} < {n}; {var}++) {{"] + _ind(body) + ["}"], P
        # odd stride: two elements per iteration keep the pairing static
        body2, P2 = self.tx_lower(list(rep.items) + shift_index(rep.items, var, 1), P)
        assert P2 == P
        lines = [f"for (size_t {var} = 0; {var} + 1 < {n}; {var} += 2) {{"] + _ind(body2) + ["}"]
        if n % 2:
            body1, P1 = self.tx_lower(rep.items, P)
            lines += ["{", f"    const size_t {var} = {n - 1};"] + _ind(body1) + ["}"]
            return lines, P1
        return lines, P

    def tx_block(self, op: Block, P: int, hold: bool = False) -> str:
        lines, P2 = self.tx_lower(op.items, P, hold)
        lines.append(f"t.odd = {P2}u;")
        return "\n".join(lines)

    def tx_elements(self, op: Array, P: int, count: str) -> str:
        """Send the fixed-size elements of an array at static parity P; ends with t.odd set."""
        blk = op.elem_block
        sw = blk.size // 4
        var = op.var
        if sw % 2 == 0:
            body, _ = self.tx_lower(blk.items, P)
            lines = [f"for (size_t {var} = 0; {var} < {count}; {var}++) {{"] + _ind(body) + ["}",
                                                                                          f"t.odd = {P}u;"]
            return "\n".join(lines)
        body2, _ = self.tx_lower(list(blk.items) + shift_index(blk.items, var, 1), P)
        body1, P1 = self.tx_lower(blk.items, P)
        lines = [f"size_t {var} = 0;",
                 f"for (; {var} + 1 < {count}; {var} += 2) {{"] + _ind(body2) + ["}",
                 f"if ({var} < {count}) {{"] + _ind(body1) + [f"    t.odd = {P1}u;", "} else {",
                                                              f"    t.odd = {P}u;", "}"]
        return "\n".join(lines)

    # ------------------------------------------------------------ receive

    @staticmethod
    def rx_item_nwords(it: Item) -> int:
        if it.kind in ("hyper", "uhyper", "double"):
            return 2
        if it.kind == "opaque_fixed":
            return pad4(it.n) // 4
        return 1

    def rx_item(self, it: Item, ws: list[str]) -> str:
        """Decode one block item from its words ws (C expressions of uint32_t values)."""
        if it.kind == "opaque_fixed":
            return strip(macros("C/ilp/item.j2").recv_opaque_fixed(lv=lvalue(it.path), ws=ws, n=it.n))
        src64 = f"(uint64_t){ws[0]} << 32 | {ws[1]}" if len(ws) == 2 else ""
        return self.checks.item_in(it, ws[0], src64, f"ilpc_bits_double({src64})" if src64 else "")

    def rx_lower(self, items: list, P: int) -> tuple[list[str], int]:
        """C lines receiving a block's items at static parity P (bounds already checked)."""
        lines: list[str] = []
        avail: list[str] = []  # bound words, not yet consumed
        if P == 1:
            avail.append("t.pw")  # the pending word: t.pw changes only when settled below

        def need(k: int) -> list[str]:
            while len(avail) < k:
                n = self.fresh("n")
                lines.append(f"const uint64_t {n} = ilpc_unit_num(ILPC_RX());")
                avail.append(f"(uint32_t)({n} >> 32)")
                avail.append(f"(uint32_t){n}")
            got = avail[:k]
            del avail[:k]
            return got

        def settle() -> int:
            """Leave the pending word (if any) in t.pw; return the parity."""
            assert len(avail) <= 1
            if avail:
                if avail[0] != "t.pw":
                    lines.append(f"t.pw = {avail[0]};")
                avail.clear()
                return 1
            return 0

        for it in items:
            if isinstance(it, Repeat):
                P = settle()
                sub, P = self.rx_repeat(it, P)
                lines.extend(sub)
                if P == 1:
                    avail.append("t.pw")
            elif it.kind == "opaque_fixed" and it.n > RAW_WORDS_MAX:
                P = settle()
                lv = lvalue(it.path)
                lines.append(f"t.odd = {P}u;")
                lines.append(f"ILPC_RX_BYTES({member(lv, 'bytes')}, {it.n});")
                P ^= (pad4(it.n) // 4) & 1
                if P == 1:
                    avail.append("t.pw")
            else:
                text = self.rx_item(it, need(self.rx_item_nwords(it)))
                if text:
                    lines.append(text)
        P = settle()
        return lines, P

    def rx_repeat(self, rep: Repeat, P: int) -> tuple[list[str], int]:
        n, var = rep.count, rep.var
        run = int_run(rep.items, var, rep.stride)
        if run is not None:
            return [f"t.odd = {P}u;", f"ILPC_RX_INTS({run[0]}, {n}, {run[1]});"], P ^ (n * run[1] // 4 & 1)
        sw = rep.stride // 4
        if n == 0:
            return [], P
        if n == 1:
            body, P2 = self.rx_lower(rep.items, P)
            return ["{", f"    const size_t {var} = 0;"] + _ind(body) + ["}"], P2
        if sw % 2 == 0:
            body, P2 = self.rx_lower(rep.items, P)
            assert P2 == P
            return [f"for (size_t {var} = 0; {var} < {n}; {var}++) {{"] + _ind(body) + ["}"], P
        body2, P2 = self.rx_lower(list(rep.items) + shift_index(rep.items, var, 1), P)
        assert P2 == P
        lines = [f"for (size_t {var} = 0; {var} + 1 < {n}; {var} += 2) {{"] + _ind(body2) + ["}"]
        if n % 2:
            body1, P1 = self.rx_lower(rep.items, P)
            lines += ["{", f"    const size_t {var} = {n - 1};"] + _ind(body1) + ["}"]
            return lines, P1
        return lines, P

    def rx_block(self, op: Block, P: int) -> str:
        lines, P2 = self.rx_lower(op.items, P)
        lines.append(f"t.odd = {P2}u;")
        return "\n".join(lines)

    def rx_elements(self, op: Array, P: int, count: str) -> str:
        blk = op.elem_block
        sw = blk.size // 4
        var = op.var
        if sw % 2 == 0:
            body, _ = self.rx_lower(blk.items, P)
            return "\n".join([f"for (size_t {var} = 0; {var} < {count}; {var}++) {{"] + _ind(body) +
                             ["}", f"t.odd = {P}u;"])
        body2, _ = self.rx_lower(list(blk.items) + shift_index(blk.items, var, 1), P)
        body1, P1 = self.rx_lower(blk.items, P)
        lines = [f"size_t {var} = 0;",
                 f"for (; {var} + 1 < {count}; {var} += 2) {{"] + _ind(body2) + ["}",
                 f"if ({var} < {count}) {{"] + _ind(body1) + [f"    t.odd = {P1}u;", "} else {",
                                                              f"    t.odd = {P}u;", "}"]
        return "\n".join(lines)


# ------------------------------------------------------------------ tidying a body

_ODD_SET = re.compile(r"^t\.odd = ([01])u?;$")
_BULK = re.compile(r"^ILPC_(?:TX|RX)_(?:BYTES\(.*, (\d+)|INTS\(.*, (\d+)u?, ([48]))\);$")


def drop_redundant_parity(text: str) -> str:
    """Remove the ``t.odd = P;`` lines of a body that assign the value t.odd is known to
    have.  The lowering re-states the parity at every op boundary, which keeps each op's
    template simple; this pass follows the straight-line code and the branches of
    ``if (t.odd)`` to drop the repeats.  Bulk loops of a literal length keep t.odd up to
    date themselves (it toggles by their number of words); calls and loops make it unknown."""
    out: list[str] = []
    stack: list[tuple[Optional[int], bool]] = []  # (known before the block, block is `if (t.odd)`)
    known: Optional[int] = None
    prev = ""
    for line in text.split("\n"):
        code = line.strip()
        guarded = prev.startswith(("if ", "if(", "else", "for ", "while ")) and not prev.endswith(("{", ";", "}"))
        if code:
            prev = code
        if guarded:  # the body of a brace-less if: may or may not run
            out.append(line)
            if "t.odd" in code or "ILPC_" in code:
                known = None
            continue
        if code.startswith(("case ", "default")):  # entered from the switch, not from above
            known = None
        m = _ODD_SET.match(code)
        if m:
            if known == int(m.group(1)):
                continue
            known = int(m.group(1))
        elif code.startswith("} else") and code.endswith("{"):  # the next branch of an if
            before, was_odd_test = stack.pop() if stack else (None, False)
            tests_odd = code == "} else if (t.odd) {"
            stack.append((before, tests_odd or (was_odd_test and code != "} else {")))
            known = 1 if tests_odd else 0 if was_odd_test and code == "} else {" else before
        elif code.endswith("{"):
            stack.append((known, code == "if (t.odd) {"))
            if code == "if (t.odd) {":
                known = 1
            elif code.startswith(("for ", "while ", "do")):
                known = None
        elif code.startswith("}"):
            if stack:
                stack.pop()
            known = None
        elif code.startswith(("ILPC_TX_CALL", "ILPC_RX_CALL")):
            known = None
        elif code.startswith(("ILPC_TX_BYTES", "ILPC_RX_BYTES", "ILPC_TX_INTS", "ILPC_RX_INTS")):
            b = _BULK.match(code)
            if b is None or known is None:
                known = None
            else:
                if b.group(1) is not None:  # bytes
                    known ^= (pad4(int(b.group(1))) // 4) & 1
                else:  # integers: n of w bytes
                    known ^= (int(b.group(2)) * int(b.group(3)) // 4) & 1
        out.append(line)
    return "\n".join(out)


def merge_same_branches(text: str) -> str:
    """``if (t.odd) { A } else { A }`` becomes ``A``: once the parity assignments are
    gone, both versions of a block can be the same code."""
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        if lines[i].strip() == "if (t.odd) {":
            ind = lines[i][:len(lines[i]) - len(lines[i].lstrip())]
            try:
                e = lines.index(ind + "} else {", i + 1)
                end = lines.index(ind + "}", e + 1)
            except ValueError:
                i += 1
                continue
            a, b = lines[i + 1:e], lines[e + 1:end]
            inner = [l for l in a if l.strip()]
            if a == b and all(l.startswith(ind + "    ") for l in inner) and \
                    not any(l == ind + "}" or l == ind + "} else {" for l in a):
                lines[i:end + 1] = [l[4:] if l.strip() else l for l in a]
                continue
        i += 1
    return "\n".join(lines)
