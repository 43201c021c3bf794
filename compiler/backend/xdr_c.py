"""The XDR back end (RFC 4506): C stubs from marshalling plans, through the templates in
``templates/C/xdr``.

For every module, ``<Module>.h`` (the C types, ``templates/C/types.j2``, and the
prototypes) and ``<Module>.c`` (the functions).  Every type with functions gets
``T_put``/``T_get`` (streaming), ``T_size`` and ``T_free``; a named type also the whole
message ``T_encode``/``T_decode`` (compiler/backend/naming.py has every name).

How a function body is rendered: :meth:`XdrModule.ops` walks the plan's ops, and for
each op the renderer of ``RENDERERS`` (op class -> renderer, a method per role:
encode, decode, size, free) renders the op's children first (the bodies of an
optional, the arms of a choice, an array's element, a block's items), builds the op's
values (lvalues, conditions, the shared checks of compiler/backend/checks.py) and calls
the op's macro for the role in ``templates/C/xdr/<op>.j2``.
"""
from __future__ import annotations

import dataclasses
from types import SimpleNamespace

from ..ir.facts import PlanFacts, declaration_order
from ..ir.plan import Array, Block, Bytes, Call, Choice, Item, ModulePlan, Optional_, Repeat, TypePlan
from .cexpr import addr, lvalue, member, present_flag, ptr_lvalue, value_assign
from .checks import Checks
from .ctype import declarations
from .interface import Compilation, Options
from .naming import (
    choice_const, codec_functions, has_member, include_guard, module_base, module_file, type_name, types_header,
)
from .render import macros, render

# Repeats of at most this many elements are unrolled: fixed offsets, no loop.
UNROLL_MAX_COUNT = 32
UNROLL_MAX_ITEMS = 64


def unroll(rep: Repeat) -> bool:
    return rep.count <= UNROLL_MAX_COUNT and rep.count * len(rep.items) <= UNROLL_MAX_ITEMS


def bind(rep: Repeat, k: int) -> list:
    """The items of element k of a Repeat, at their own offsets, index variable bound to k."""
    def subst(it):
        if isinstance(it, Repeat):
            return Repeat(it.count, it.var, it.offset, it.stride, [subst(x) for x in it.items])
        path = tuple(("index", str(k)) if st[0] == "index" and st[1] == rep.var else st for st in it.path)
        return dataclasses.replace(it, path=path)
    out = []
    for it in rep.items:
        new = subst(it)
        if isinstance(new, Repeat):
            new.offset += k * rep.stride
        else:
            new = dataclasses.replace(new, offset=new.offset + k * rep.stride)
        out.append(new)
    return out


def _count(op: Array) -> str:
    """The C expression of an array's element count."""
    return member(lvalue(op.path), "count") if op.local else f"{op.fixed}u"


# ------------------------------------------------------------------ op renderers
# One class per op, one static method per role; each gets the module's renderer (for
# the children and the checks) and the op, and returns the op's C text.

class BlockXdr:
    t = "C/xdr/block.j2"

    @staticmethod
    def encode(x: "XdrModule", op: Block) -> str:
        return macros(BlockXdr.t).encode(nbytes=op.size, items=x.items(op.items, "encode", "p"))

    @staticmethod
    def decode(x: "XdrModule", op: Block) -> str:
        return macros(BlockXdr.t).decode(nbytes=op.size, items=x.items(op.items, "decode", "p"))

    @staticmethod
    def size(x: "XdrModule", op: Block) -> str:
        return macros(BlockXdr.t).size(nbytes=op.size)

    @staticmethod
    def free(x: "XdrModule", op: Block) -> str:
        return ""


class BytesXdr:
    t = "C/xdr/bytes.j2"

    @staticmethod
    def encode(x: "XdrModule", op: Bytes) -> str:
        return macros(BytesXdr.t).encode(lv=lvalue(op.path), checks=x.checks.bytes_out(op))

    @staticmethod
    def decode(x: "XdrModule", op: Bytes) -> str:
        c = x.checks
        return macros(BytesXdr.t).decode(lv=lvalue(op.path), length_checks=c.length_in(op.local, op.sizes),
                                         count=c.byte_count(op), text_check=c.text_in(op, "r->p"),
                                         alloc=c.bytes_alloc(op), store=c.bytes_store(op))

    @staticmethod
    def size(x: "XdrModule", op: Bytes) -> str:
        return macros(BytesXdr.t).size(kind=op.kind, lv=lvalue(op.path))

    @staticmethod
    def free(x: "XdrModule", op: Bytes) -> str:
        return macros(BytesXdr.t).free(lv=lvalue(op.path))


class OptionalXdr:
    t = "C/xdr/optional.j2"

    @staticmethod
    def encode(x: "XdrModule", op: Optional_) -> str:
        return macros(OptionalXdr.t).encode(present=present_flag(op.path, op.indirect),
                                            body=x.ops(op.body, "encode"))

    @staticmethod
    def decode(x: "XdrModule", op: Optional_) -> str:
        body = x.ops(op.body, "decode")
        default = value_assign(lvalue(op.path), op.target, op.default) if op.has_default else ""
        pointer = x.checks.pointer_in(lvalue(op.path)) if op.indirect else ""
        return macros(OptionalXdr.t).decode(lv=lvalue(op.path), local=op.local, indirect=op.indirect,
                                            pointer=pointer, body=body,
                                            has_default=op.has_default, flag=has_member(op.path[-1][1]),
                                            default=default)

    @staticmethod
    def size(x: "XdrModule", op: Optional_) -> str:
        return macros(OptionalXdr.t).size(present=present_flag(op.path, op.indirect), body=x.ops(op.body, "size"))

    @staticmethod
    def free(x: "XdrModule", op: Optional_) -> str:
        body = x.ops(op.body, "free") if x.facts.needs_free(op.body) else ""
        return macros(OptionalXdr.t).free(lv=lvalue(op.path), indirect=op.indirect, body=body)


class ChoiceXdr:
    t = "C/xdr/choice.j2"

    @staticmethod
    def _arms(x: "XdrModule", op: Choice, role: str) -> list[dict]:
        pointer = {"encode": x.checks.pointer_out, "decode": x.checks.pointer_in}.get(role)
        return [dict(index=a.index, const=choice_const(op.name, a.name), indirect=a.indirect, lv=lvalue(a.path),
                     pointer=pointer(lvalue(a.path)) if a.indirect and pointer else "",
                     body=x.ops(a.body, role) if role != "free" or x.facts.needs_free(a.body) else "")
                for a in op.arms]

    @staticmethod
    def encode(x: "XdrModule", op: Choice) -> str:
        return macros(ChoiceXdr.t).encode(which=member(lvalue(op.path), "which"),
                                          arms=ChoiceXdr._arms(x, op, "encode"))

    @staticmethod
    def decode(x: "XdrModule", op: Choice) -> str:
        return macros(ChoiceXdr.t).decode(local=op.local, arms=ChoiceXdr._arms(x, op, "decode"))

    @staticmethod
    def size(x: "XdrModule", op: Choice) -> str:
        return macros(ChoiceXdr.t).size(which=member(lvalue(op.path), "which"),
                                        arms=ChoiceXdr._arms(x, op, "size"))

    @staticmethod
    def free(x: "XdrModule", op: Choice) -> str:
        return macros(ChoiceXdr.t).free(which=member(lvalue(op.path), "which"),
                                        arms=ChoiceXdr._arms(x, op, "free"))


class ArrayXdr:
    t = "C/xdr/array.j2"

    @staticmethod
    def _elements(x: "XdrModule", op: Array, role: str) -> dict:
        """The element's code: its items at p (elements of one static size) or its ops."""
        if op.elem_block is not None:
            return dict(elem_size=op.elem_block.size, items=x.items(op.elem_block.items, role, "p"), body="")
        return dict(elem_size=None, items="", body=x.ops(op.elem_body, role))

    @staticmethod
    def encode(x: "XdrModule", op: Array) -> str:
        return macros(ArrayXdr.t).encode(var=op.var, count=_count(op), oid=x.checks.oid(op),
                                         **ArrayXdr._elements(x, op, "encode"))

    @staticmethod
    def decode(x: "XdrModule", op: Array) -> str:
        checks = x.checks.count_in(op, "ilpc_xdr_left(r)", "input") if op.local else ""
        nothing = op.elem_size.max == 0
        elements = dict(elem_size=None, items="", body="") if nothing else ArrayXdr._elements(x, op, "decode")
        return macros(ArrayXdr.t).decode(var=op.var, count=op.local or f"{op.fixed}u", count_checks=checks,
                                         nothing=nothing, oid=x.checks.oid(op), **elements)

    @staticmethod
    def size(x: "XdrModule", op: Array) -> str:
        if op.elem_block is not None:
            return macros(ArrayXdr.t).size(var=op.var, count=_count(op), elem_size=op.elem_block.size, body="")
        return macros(ArrayXdr.t).size(var=op.var, count=_count(op), elem_size=None,
                                       body=x.ops(op.elem_body, "size"))

    @staticmethod
    def free(x: "XdrModule", op: Array) -> str:
        body = x.ops(op.elem_body, "free") if x.facts.needs_free(op.elem_body) else ""
        return macros(ArrayXdr.t).free(var=op.var, count=_count(op), lv=lvalue(op.path), variable=bool(op.local),
                                       body=body)


class CallXdr:
    t = "C/xdr/call.j2"

    @staticmethod
    def _values(op: Call) -> dict:
        return dict(at=addr(op.path), alloc=op.alloc, ptr=ptr_lvalue(op.path) if op.alloc else "")

    @staticmethod
    def encode(x: "XdrModule", op: Call) -> str:
        pointer = x.checks.pointer_out(ptr_lvalue(op.path)) if op.alloc else ""
        return macros(CallXdr.t).encode(put=x.functions(op.target).put, pointer=pointer, **CallXdr._values(op))

    @staticmethod
    def decode(x: "XdrModule", op: Call) -> str:
        pointer = x.checks.pointer_in(ptr_lvalue(op.path)) if op.alloc else ""
        return macros(CallXdr.t).decode(get=x.functions(op.target).get, pointer=pointer, **CallXdr._values(op))

    @staticmethod
    def size(x: "XdrModule", op: Call) -> str:
        return macros(CallXdr.t).size(size=x.functions(op.target).size, **CallXdr._values(op))

    @staticmethod
    def free(x: "XdrModule", op: Call) -> str:
        return macros(CallXdr.t).free(free=x.functions(op.target).free, needed=x.facts.plan_needs_free(op.target),
                                      **CallXdr._values(op))


# op class -> its renderer (a static method per role: encode, decode, size, free)
RENDERERS: dict[type, type] = {
    Block: BlockXdr, Bytes: BytesXdr, Optional_: OptionalXdr, Choice: ChoiceXdr, Array: ArrayXdr, Call: CallXdr,
}


class XdrModule:
    """Renders one module's XDR stubs: ``<Module>.h`` and ``<Module>.c``."""

    encoding = ""  # XDR's function names have no suffix (naming.function)

    def __init__(self, mp: ModulePlan, facts: PlanFacts):
        self.mp = mp
        self.facts = facts
        self.checks = Checks(mp.name)
        self._functions: dict[int, SimpleNamespace] = {}

    def functions(self, plan: TypePlan) -> SimpleNamespace:
        """The names of a plan's functions (naming.codec_functions)."""
        f = self._functions.get(id(plan))
        if f is None:
            f = self._functions[id(plan)] = codec_functions(type_name(plan), self.encoding)
        return f

    # ------------------------------------------------------------ walking

    def ops(self, ops: list, role: str) -> str:
        """The C text of ``ops`` for ``role``, op by op (empty ones left out)."""
        out = []
        for op in ops:
            text = getattr(RENDERERS[type(op)], role)(self, op).rstrip("\n")
            if text.strip():
                out.append(text)
        return "\n".join(out)

    def items(self, items: list, role: str, base: str) -> str:
        """The C text of a block's items (encode or decode), each at ``base`` + its offset."""
        t = macros("C/xdr/item.j2")
        out = []
        for it in items:
            at = f"{base} + {it.offset}" if it.offset else base
            if isinstance(it, Repeat):
                if unroll(it):
                    text = "".join(self.items(bind(it, k), role, at) + "\n" for k in range(it.count))
                else:
                    body = self.items(it.items, role, f"p_{it.var}")
                    repeat = t.repeat_encode if role == "encode" else t.repeat_decode
                    text = repeat(var=it.var, count=it.count, at=at, stride=it.stride, body=body)
            elif role == "encode":
                text = self._item_encode(t, it, at)
            else:
                text = self._item_decode(t, it, at)
            text = text.rstrip("\n")
            if text.strip():
                out.append(text)
        return "\n".join(out)

    def _item_encode(self, t, it: Item, at: str) -> str:
        lv = lvalue(it.path)
        flag = present_flag(it.path, it.indirect) if it.kind == "present" else ""
        lenf = member(lv, "bits" if it.bytes_kind == "bits" else "len") if it.kind == "length" else ""
        return t.encode(kind=it.kind, at=at, lv=lv, checks=self.checks.item_out(it), n=it.n, flag=flag, lenf=lenf)

    def _item_decode(self, t, it: Item, at: str) -> str:
        if it.kind == "opaque_fixed":
            value = ""
        elif it.kind == "bool":
            value = self.checks.item_in(it, "b")
        else:
            value = self.checks.item_in(it, f"ilpc_get32({at})", f"ilpc_get64({at})", f"ilpc_get_double({at})")
        return t.decode(kind=it.kind, at=at, lv=lvalue(it.path), value=value, n=it.n)

    # ------------------------------------------------------------ functions

    def definitions(self, p: TypePlan) -> str:
        facts = self.facts
        size_fn = p.named or id(p) in facts.size_called(self.mp)
        return macros("C/xdr/functions.j2").definitions(
            T=type_name(p), f=self.functions(p), name=".".join(p.name), linkage="" if p.named else "static inline ",
            enc_body=self.ops(p.ops, "encode"), dec_body=self.ops(p.ops, "decode"),
            presence=self.checks.presence(p), locals=[n for n, _ in p.locals], recursive=p.recursive,
            size_fn=size_fn, size_fixed=p.size.fixed, size_min=p.size.min,
            size_body=self.ops(p.ops, "size") if size_fn and not p.size.fixed else "",
            free_fn=facts.free_needed(p), free_body=self.ops(p.ops, "free") if facts.needs_free(p.ops) else "",
            whole=p.named, zero_first=not facts.writes_every_member(p))

    def render(self) -> dict[str, str]:
        facts, mp = self.facts, self.mp
        t = macros("C/xdr/functions.j2")
        plans = facts.order(mp)
        fn_plans = [p for p in plans if facts.functions_needed(p)]
        contains = [p for p in plans if p.contains is not None]
        cycle = facts.cycle_of(mp)
        base = module_base(mp.name)
        alphabets = self.checks.collect_alphabets(fn_plans)
        size_called = facts.size_called(mp)
        helpers = [t.helper_prototypes(T=type_name(p), f=self.functions(p), size_fn=id(p) in size_called,
                                       free_fn=facts.free_needed(p)) for p in fn_plans if not p.named]
        definitions = [self.definitions(p) for p in fn_plans]
        definitions += [t.contents_definitions(T=type_name(p), f=self.functions(p), C=type_name(p.contains),
                                               fc=self.functions(p.contains), bits=p.shape == "bits")
                        for p in contains]
        header, source = module_file(mp.name, "h"), module_file(mp.name, "c")
        files = {source: render("C/xdr/source.j2", base=base, module=mp.name, path=mp.path, header=header,
                                helpers=helpers, alphabets=alphabets, definitions=definitions)}
        prototypes = [t.prototypes(T=type_name(p), f=self.functions(p), name=".".join(p.name),
                                   size=dict(kind=p.size.kind, min=p.size.min, max=p.size.max, fixed=p.size.fixed),
                                   named=p.named) for p in fn_plans if p.named]
        prototypes += [t.contents_prototypes(T=type_name(p), f=self.functions(p), C=type_name(p.contains),
                                             fc=self.functions(p.contains), name=".".join(p.name),
                                             contained=p.contains.name[1]) for p in contains]
        files[header] = render("C/xdr/header.j2", base=base, module=mp.name, path=mp.path, guard=include_guard(header),
                               types_header=types_header(cycle[0].name) if cycle else None,
                               includes=[module_file(m, "h") for m in mp.imports],
                               types="" if cycle else declarations(plans), prototypes=prototypes)
        if cycle and cycle[0] is mp:
            files.update(self.render_types_header(cycle))
        return files

    def render_types_header(self, cycle: list[ModulePlan]) -> dict[str, str]:
        """The header declaring the types of every module of this one's import cycle:
        each module's header includes it instead of declaring its own types, since
        their types use each other's (A.X holds a B.Y, B.Y an A.Z)."""
        names = {mp.name for mp in cycle}
        outside = sorted({i for mp in cycle for i in mp.imports if i not in names})
        name = types_header(cycle[0].name)
        return {name: render("C/types_header.j2", name=name, modules=[mp.name for mp in cycle],
                             paths=[mp.path for mp in cycle], headers=[module_file(mp.name, "h") for mp in cycle],
                             guard=include_guard(name), includes=[module_file(m, "h") for m in outside],
                             types=declarations(declaration_order(cycle)))}


def emit(modules: list[ModulePlan], facts: PlanFacts) -> dict[str, str]:
    """Every module's ``.h``/``.c`` (and the types headers of import cycles)."""
    files: dict[str, str] = {}
    for mp in modules:
        files.update(XdrModule(mp, facts).render())
    return files


class XdrC:
    """The XDR back end (registry.BACKENDS["xdr"])."""
    name = "xdr"

    def files(self, comp: Compilation, options: Options) -> dict[str, str]:
        return emit(comp.plans, comp.facts)
