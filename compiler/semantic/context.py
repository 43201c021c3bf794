"""The one context that the passes of semantic analysis share.

Semantic analysis (compiler/semantic/analyze.py runs it) is a sequence of passes, each a
module of functions that take a :class:`SemanticContext` first.  The context holds what
they share, as plain data: the diagnostics sink, the scopes of the modules (their
assignments by kind and their imports), the model under construction (``typedefs``,
``values``), the X.683 environment, and the caches and in-progress sets of each pass
(the comment of each group of attributes says which modules write them; the others
only read them).  Its methods are the small queries every pass needs.

Lowering a type, applying a constraint and evaluating a value call each other (a
constraint needs the type it names lowered; lowering applies constraints): the modules
import each other only downwards (lower > instantiate > objects > constraints > inner
> element_sets > values > missing > scope > context; tags.py sits on context), and the
three calls that go back up are the context's :meth:`~SemanticContext.lower`,
:meth:`~SemanticContext.named_type` and :meth:`~SemanticContext.apply_constraint`, which
analyze.py binds to the functions of lower.py and constraints.py when it makes the context.

Also here: :class:`Unresolved` (raised after an error was reported, to abandon one
construct), :class:`Scope`, the bindings of dummy parameters (:class:`TypeBinding`,
:class:`ValueBinding`, :class:`SetBinding`) and :func:`describe` (a model type's kind in
messages).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Optional, Union
from weakref import WeakKeyDictionary

from ..diagnostics import Diagnostics
from ..frontend import ast as A
from .model import (
    AnyT, ArrayT, BitsT, BoolT, ChoiceT, EnumT, IntT, NullT, OctetsT, OidT, RealT, RefT, SType, StringT,
    StructT, TypeDef, ValueDef,
)


class Unresolved(Exception):
    """Raised inside evaluation after an error was reported, to abandon one construct."""


@dataclass
class Scope:
    """The assignments of one module, by kind (scope.collect, scope.classify), and the
    symbols it imports (scope.check_imports_exports)."""
    module: A.Module
    path: str
    types: dict[str, A.TypeAssignment]
    values: dict[str, A.ValueAssignment]
    imports: dict[str, tuple[str, A.Loc]]  # symbol -> (module name, loc of the import)
    ptypes: dict[str, A.ParameterizedTypeAssignment]  # templates (X.683)
    # X.681: information object classes, objects and object sets
    classes: dict[str, A.TypeAssignment] = field(default_factory=dict)
    objects: dict[str, A.ValueAssignment] = field(default_factory=dict)
    sets: dict[str, A.SetAssignment] = field(default_factory=dict)
    # symbols imported from a module that was not given: symbol -> (module name, loc of
    # the symbol in IMPORTS); an error only where their definition is needed
    missing: dict[str, tuple[str, A.Loc]] = field(default_factory=dict)

    def defines(self, sym: str) -> bool:
        """Whether the module itself assigns ``sym`` (of any kind)."""
        return any(sym in d for d in (self.types, self.values, self.ptypes, self.classes, self.objects,
                                      self.sets))


# ----------------------------------------------------------------- X.683 bindings

@dataclass
class TypeBinding:
    """A type parameter bound to an actual type: ``make`` gives a fresh SType each use."""
    key: tuple
    make: Callable[[], SType]
    label: Optional[str]
    depth: int = 0  # nesting of actual parameters written out in full (instantiate.MAX_NESTING)


@dataclass
class ValueBinding:
    """A value parameter bound to its value (evaluated against the governor)."""
    type: SType
    value: object
    label: Optional[str]


@dataclass
class SetBinding:
    """A value set or object set parameter (X.683) bound to the actual set, written in
    ``module`` with the caller's parameters ``env`` in scope."""
    key: tuple
    constraint: A.Constraint
    module: str
    env: dict
    label: Optional[str]
    governor: Any = None  # the class of an object set parameter (objects.ClassInfo)


Binding = Union[TypeBinding, ValueBinding, SetBinding]
Env = dict[str, Binding]

LowerFn = Callable[["SemanticContext", A.Type, str], SType]
NamedTypeFn = Callable[["SemanticContext", str, str], TypeDef]
ApplyConstraintFn = Callable[["SemanticContext", SType, A.Constraint, str], SType]


class SemanticContext:
    """What the passes share (module docstring).  Attributes are grouped by the module
    that writes them; the others read them."""

    def __init__(self, diags: Diagnostics, lower: LowerFn, named_type: NamedTypeFn,
                 apply_constraint: ApplyConstraintFn):
        self.d = diags
        self._lower = lower
        self._named_type = named_type
        self._apply_constraint = apply_constraint

        # scope.py: one Scope per module, by name, in the order given
        self.scopes: dict[str, Scope] = {}

        # the model under construction: every named type (scope.collect adds the
        # assigned ones, instantiate the instances, constraints the contents types;
        # lower.py gives each its type) and every evaluated value assignment (values.py)
        self.typedefs: dict[tuple[str, str], TypeDef] = {}
        self.values: dict[tuple[str, str], ValueDef] = {}

        # lower.py: the named types being lowered and those done (constraints.py adds
        # the contents types it makes, done); the components of the SEQUENCEs, SETs and
        # CHOICEs being lowered, innermost last, for '@' references; where the type
        # being lowered sits, its named type's module and the path from that type's name
        # through components (``["T", "body"]``; values.py sets it for the type of a
        # value assignment, named_part extends it), which names the types contents
        # constraints contain when they are not named (constraints._contents_typedef)
        self.lowering: set[tuple[str, str]] = set()
        self.lowered: set[tuple[str, str]] = set()
        self.components: list[dict[str, A.Component]] = []
        self.naming_module: Optional[str] = None
        self.naming: list[str] = []

        # constraints.py: the types contents constraints contain, named so, in the order met
        self.contents: list[TypeDef] = []

        # element_sets.py: set while a constraint is evaluated when a part of it was
        # widened (ilpc admits more than the part does: docs/mapping.md); an EXCEPT
        # takes away only parts that are exact
        self.widened = False

        # values.py: the value assignments being evaluated
        self.evaluating_values: set[tuple[str, str]] = set()

        # X.683: the dummy parameters in scope (set only through with_env, which every
        # pass that lowers or evaluates in another scope calls); instantiate.py: how to
        # lower the named types that are instances of templates (lower.named_type calls
        # it), the instances by template and actual parameters, those that got a name of
        # their own, in the order made, how many instances of a template were named by
        # number
        self.env: Env = {}
        self.thunks: dict[tuple[str, str], Callable[[], SType]] = {}
        self.instances: dict[tuple, TypeDef] = {}
        self.created_instances: list[TypeDef] = []
        self.anonymous_count: dict[tuple[str, str], int] = {}

        # objects.py (X.681): the objects and object sets read so far (a set that failed:
        # None), the sets being read
        self.parsed_objects: dict[tuple[str, str], Any] = {}
        self.object_sets: dict[tuple[str, str], Any] = {}
        self.object_sets_busy: set[tuple[str, str]] = set()

        # inner.py: a SEQUENCE, SET or CHOICE made by an inner type constraint -> the
        # unconstrained type it was made from (tags.with_tags adds its copies)
        self.inner_origin: WeakKeyDictionary = WeakKeyDictionary()

        # tags.py (lower.py calls it): the tags whose being explicit depends on a named
        # type not lowered yet, as (TagUse, the RefT it tags, the mode written, where),
        # and the SEQUENCE, SET and CHOICE types whose tags must be distinct
        # (tags.Distinct), both handled once every type is lowered
        self.pending_tags: list[tuple[Any, RefT, Optional[str], A.Loc]] = []
        self.distinct: list[Any] = []
        # lower.py: > 0 while the associated type of EXTERNAL, EMBEDDED PDV or CHARACTER
        # STRING is lowered (automatic tagging, whatever the module's TagDefault)
        self.automatic_env = 0

        # scope.py: modules imported but not given, (importing module, the import) in
        # textual order, and those whose definitions were needed (errors, scope.undefined);
        # missing.py: the object sets of each taken as unknown; symbols of such modules
        # taken as unknown because an object that an object set holds needs them, or a
        # value assignment that nothing uses (module -> symbol -> "value", "type", "class"
        # or "object"); the named sets made unknown so, and the value assignments left
        # out (module -> names)
        self.missing_imports: list[tuple[str, A.Import]] = []
        self.missing_needed: set[str] = set()
        self.unknown_sets: dict[str, list[str]] = {}
        self.unknown_symbols: dict[str, dict[str, str]] = {}
        self.unknown_by_objects: dict[str, list[str]] = {}
        self.left_out_values: dict[str, list[str]] = {}

    # ------------------------------------------------- calls back up the pass order

    def lower(self, t: A.Type, mod: str) -> SType:
        """The model type of the syntax type ``t`` written in ``mod`` (lower.lower)."""
        return self._lower(self, t, mod)

    def named_type(self, mod: str, name: str) -> TypeDef:
        """The named type ``mod.name``, lowered on first use (lower.named_type)."""
        return self._named_type(self, mod, name)

    def apply_constraint(self, t: SType, c: A.Constraint, mod: str) -> SType:
        """``t`` under the constraint ``c`` written in ``mod`` (constraints.apply_one)."""
        return self._apply_constraint(self, t, c, mod)

    # ------------------------------------------------------------------- queries

    def structure(self, t: SType) -> SType:
        """Follow references to the structural type, lowering named types on the way
        (a DEFAULT may refer to a type defined later or in another module)."""
        while isinstance(t, RefT):
            td = self.named_type(t.target.module, t.target.name)
            if td.type is None:
                raise Unresolved
            t = td.type
        return t

    def with_env(self, env: Env, fn):
        """``fn()`` with the dummy parameters ``env`` in scope (X.683)."""
        saved, self.env = self.env, env
        try:
            return fn()
        finally:
            self.env = saved

    def param_binding(self, name: str, module: Optional[str]) -> Optional[Binding]:
        """What the dummy parameter ``name`` is bound to, when a reference so written
        names one in scope."""
        if module is None and name in self.env:
            return self.env[name]
        return None

    def named_part(self, part: str, fn):
        """``fn()`` with ``part`` (a component's name, ``item`` for the elements of a
        SEQUENCE OF) added to the path of the type being lowered."""
        self.naming.append(part)
        try:
            return fn()
        finally:
            self.naming.pop()


def describe(t: SType) -> str:
    """The kind of a model type, as messages name it."""
    return {BoolT: "BOOLEAN", IntT: "INTEGER", EnumT: "ENUMERATED", NullT: "NULL", RealT: "REAL",
            OctetsT: "OCTET STRING", BitsT: "BIT STRING", StringT: "character string",
            StructT: "SEQUENCE", ChoiceT: "CHOICE", ArrayT: "SEQUENCE OF", AnyT: "OCTET STRING"}.get(type(t), "?") \
        if not isinstance(t, OidT) else "RELATIVE-OID" if t.relative else "OBJECT IDENTIFIER"
