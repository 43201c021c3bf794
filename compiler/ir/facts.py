"""Facts about plans that more than one back end (and the cost model) needs.

They are properties of the plans and of the XDR encoding they describe, computed here
once, so that no back end asks another for them.
"""
from __future__ import annotations

from functools import cached_property
from typing import Optional

from .plan import Array, Block, Bytes, Call, Choice, Item, ModulePlan, Optional_, TypePlan, walk_ops

# The width of the plain numbers that move as runs of integers (wire kind -> bytes).
RUN_WIDTH = {"int": 4, "uint": 4, "hyper": 8, "uhyper": 8, "double": 8}


def is_number_run(items: list, stride: int) -> bool:
    """Elements that are one plain number each (nothing to check): the ILP back end's
    runs of integers (backend/ilp.py, int_run), bulk bytes to the cost model."""
    return (len(items) == 1 and isinstance(items[0], Item) and items[0].values is None
            and items[0].offset == 0 and RUN_WIDTH.get(items[0].kind) == stride)


def length_range(plan: TypePlan) -> tuple[int, int, bool]:
    """The XDR length range of a type as a message's length word gives it: (min, max,
    unbounded), clamped to 32 bits."""
    lo = min(plan.size.min, 0xFFFFFFFF)
    if plan.size.max is None:
        return lo, 0xFFFFFFFF, True
    return lo, min(plan.size.max, 0xFFFFFFFF), False


def message_range(plan: TypePlan) -> tuple[int, Optional[int]]:
    """The lengths of a type's messages (docs/ilp.md, Wire format: length word, XDR, zero pad to 8)."""
    def msg(x: int) -> int:
        return (4 + x + 7) // 8 * 8
    return msg(plan.size.min), None if plan.size.max is None else msg(plan.size.max)


def resolve_alias(plan: TypePlan) -> TypePlan:
    """The plan an alias (``A ::= B``) stands for, through any chain of aliases."""
    while plan.shape == "alias":
        plan = plan.ref  # type: ignore[assignment]
    return plan


# Shapes represented by a record (a C struct, an XDR struct/union/array): they can be
# declared ahead of their definition, so that a value held through a pointer need not
# wait for it.
RECORD_SHAPES = frozenset({"struct", "choice", "opaque_fixed", "opaque", "string", "bits", "array_fixed", "array"})


def declared_ahead(plan: TypePlan) -> bool:
    """Whether a plan's type is declared ahead of every definition: a record, or an alias
    of one (so that a recursion through the alias, A ::= B, B ::= SEQUENCE { a A
    OPTIONAL }, can point at A)."""
    return resolve_alias(plan).shape in RECORD_SHAPES


def callees(plan: TypePlan) -> list[TypePlan]:
    """The plans whose functions a plan's own functions call, in the order of its ops."""
    return [op.target for op in walk_ops(plan.ops) if isinstance(op, Call)]


def declaration_order(modules: list[ModulePlan]) -> list[TypePlan]:
    """The plans of the given modules in an order where every plan comes after those it
    holds by value (a member not held through a pointer, a fixed array's element, the
    target of an alias that is not declared ahead): the order of definitions in a C
    header or an XDR file."""
    plans = [p for mp in modules for p in mp.plans if p.name[0] == mp.name]
    index = {id(p): p for p in plans}
    done: set[int] = set()
    out: list[TypePlan] = []

    def deps(p: TypePlan):
        needs = [m.plan for m in p.members if not m.indirect]
        # a variable array holds a pointer: an element declared ahead is enough
        if p.element is not None and (p.shape == "array_fixed" or not declared_ahead(p.element)):
            needs.append(p.element)
        # an alias of a record is declared ahead: nothing to wait for
        if p.ref is not None and not declared_ahead(p):
            needs.append(p.ref)
        for d in needs:
            yield d
            # a value of an alias of a record needs the record's definition
            if resolve_alias(d) is not d:
                yield resolve_alias(d)

    def visit(p: TypePlan, stack: set[int]):
        if id(p) in done or id(p) not in index or id(p) in stack:
            return
        stack.add(id(p))
        for d in deps(p):
            visit(d, stack)
        stack.discard(id(p))
        done.add(id(p))
        out.append(p)
    for p in plans:
        visit(p, set())
    return out


def import_cycles(modules: list[ModulePlan]) -> list[list[ModulePlan]]:
    """The modules whose declarations need each other: the strongly connected
    components of the import graph with more than one module, each in name order."""
    by_name = {mp.name: mp for mp in modules}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[ModulePlan]] = []

    def connect(v: str) -> None:  # Tarjan's algorithm
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in by_name[v].imports:
            if w not in by_name:
                continue
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append([by_name[n] for n in sorted(comp)])

    for mp in modules:
        if mp.name not in index:
            connect(mp.name)
    return out


def imports_first(modules: list[ModulePlan]) -> list[ModulePlan]:
    """The modules, each after the modules it imports (as far as they are given and the
    imports are not cyclic), otherwise in the given order."""
    by_name = {mp.name: mp for mp in modules}
    out: list[ModulePlan] = []
    seen: set[str] = set()

    def visit(mp: ModulePlan) -> None:
        if mp.name in seen:
            return
        seen.add(mp.name)
        for dep in mp.imports:
            if dep in by_name:
                visit(by_name[dep])
        out.append(mp)
    for mp in modules:
        visit(mp)
    return out


class PlanFacts:
    """The facts about every module's plans that the back ends share, each computed once
    (on first use) for one compilation.  Facts about messages (``bodies``) read
    ``plan.pdu``: the message types are marked (ir/pdus.py) before any back end runs."""

    def __init__(self, modules: list[ModulePlan]):
        self.modules = modules
        self._order: dict[str, list[TypePlan]] = {}
        self._plan_needs_free: dict[int, bool] = {}
        self._size_called: dict[str, set[int]] = {}
        self._limits: dict[int, bool] = {}

    # ------------------------------------------------------------ modules

    @cached_property
    def cycles(self) -> list[list[ModulePlan]]:
        """import_cycles() of the modules."""
        return import_cycles(self.modules)

    def cycle_of(self, mp: ModulePlan) -> Optional[list[ModulePlan]]:
        """The import cycle a module is in (its types are declared with the cycle's), or None."""
        return next((c for c in self.cycles if mp in c), None)

    def order(self, mp: ModulePlan) -> list[TypePlan]:
        """declaration_order() of one module's plans."""
        hit = self._order.get(mp.name)
        if hit is None:
            hit = self._order[mp.name] = declaration_order([mp])
        return hit

    # ------------------------------------------------------------ functions

    @cached_property
    def called(self) -> dict[int, bool]:
        """id(plan) -> whether some call allocates it (an indirect component), for every
        plan that another plan's functions call."""
        called: dict[int, bool] = {}
        for m in self.modules:
            for p in m.plans:
                for op in walk_ops(p.ops):
                    if isinstance(op, Call):
                        called[id(op.target)] = called.get(id(op.target), False) or op.alloc
        return called

    def functions_needed(self, plan: TypePlan) -> bool:
        """Named types have the public functions; an anonymous component has helpers only
        when another type's functions call them (it is not inlined into its user)."""
        return plan.named or id(plan) in self.called

    def needs_free(self, ops: list) -> bool:
        """Whether freeing a value of these ops releases anything (an allocation here or
        in a callee)."""
        for op in walk_ops(ops):
            if isinstance(op, (Bytes, Call)):
                if isinstance(op, Call) and not self.plan_needs_free(op.target):
                    continue
                return True
            if isinstance(op, Optional_) and op.indirect:
                return True
            if isinstance(op, Choice) and any(a.indirect for a in op.arms):
                return True
            if isinstance(op, Array) and op.local is not None:
                return True
        return False

    def plan_needs_free(self, plan: TypePlan) -> bool:
        if plan.recursive:
            return True
        hit = self._plan_needs_free.get(id(plan))
        if hit is None:
            hit = self._plan_needs_free[id(plan)] = self.needs_free(plan.ops)
        return hit

    def free_needed(self, plan: TypePlan) -> bool:
        """Whether T_free is defined: always for a named type; for a helper, when a
        caller's free calls it (something to free, or a value it allocated)."""
        return plan.named or self.plan_needs_free(plan) or self.called.get(id(plan), False)

    @staticmethod
    def writes_every_member(plan: TypePlan) -> bool:
        """Decoding assigns every member (no optional, choice, allocation): nothing to zero first."""
        return all(isinstance(op, Block) for op in plan.ops)

    def size_called(self, mp: ModulePlan) -> set[int]:
        """The ids of the module's helpers (anonymous plans with functions) whose size
        function is called: from the size of a named type, or of a helper already found
        called (a size of fixed encoding calls nothing).  A helper's size function that
        nothing calls is left out of the code (clang warns about an unused static inline
        function in a .c file)."""
        hit = self._size_called.get(mp.name)
        if hit is not None:
            return hit
        fn_plans = [p for p in self.order(mp) if self.functions_needed(p)]
        helpers = {id(p) for p in fn_plans if not p.named}
        used = {id(p.contains) for p in self.order(mp) if p.contains is not None} & helpers
        todo = [p for p in fn_plans if p.named] + [p for p in fn_plans if id(p) in used]
        while todo:
            p = todo.pop()
            if p.size.fixed:
                continue
            for t in callees(p):
                if id(t) in helpers and id(t) not in used:
                    used.add(id(t))
                    todo.append(t)
        self._size_called[mp.name] = used
        return used

    # ------------------------------------------------------------ decoding

    def needs_limits(self, plan: TypePlan) -> bool:
        """Whether decoding a plan consults the runtime limits: an unbounded length or
        count, an unbounded encoding, or recursion (depth), here or in a callee."""
        hit = self._limits.get(id(plan))
        if hit is None:
            hit = self._limits[id(plan)] = self._needs_limits(plan)
        return hit

    @staticmethod
    def _needs_limits(plan: TypePlan) -> bool:
        seen: set[int] = set()
        stack = [plan]
        while stack:
            p = stack.pop()
            if id(p) in seen:
                continue
            seen.add(id(p))
            if p.recursive or p.size.max is None and p is plan:
                return True
            for op in walk_ops(p.ops):
                if isinstance(op, (Bytes, Array)) and op.sizes.upper is None and \
                        not (isinstance(op, Array) and op.fixed is not None):
                    return True
                if isinstance(op, Call):
                    stack.append(op.target)
        return False

    # ------------------------------------------------------------ messages

    @cached_property
    def bodies(self) -> dict[int, set[str]]:
        """id(plan) -> the modules whose message paths call it, for every plan that the
        message types (``plan.pdu``) of every module need, themselves included: the
        message types and whatever their functions call, transitively."""
        bodies: dict[int, set[str]] = {}
        stack = [(p, None) for m in self.modules for p in m.named if p.pdu]
        while stack:
            p, caller = stack.pop()
            seen = id(p) in bodies
            callers = bodies.setdefault(id(p), set())
            if caller is not None:
                callers.add(caller)
            if not seen:
                stack += [(t, p.name[0]) for t in callees(p)]
        return bodies
