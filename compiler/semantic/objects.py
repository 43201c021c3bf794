"""Information object classes, objects and object sets (ITU-T X.681), and the table
constraints that use them (ITU-T X.682), resolved at compile time.

What they become (docs/mapping.md, "Information objects"):

* ``CLASS.&Type`` (a type field) constrained by a table constraint ``({Set}{@id})``
  or ``({Set})`` whose set is not extensible: a CHOICE of the types the set's objects
  give, in the order of the set (references to objects and sets flattened); the
  alternative for an object is named after it when it is a defined object, else
  after the values its fields named by the ``@`` references have (``id-0``);
* the same with an extensible set (``...``), or without a table constraint: an
  OCTET STRING that holds the XDR encoding of the value (an open type);
* ``CLASS.&id`` (a fixed-type value field) with a table constraint ``({Set})``: the
  field's type, constrained to the values the set's objects give when they are
  INTEGERs and the set is not extensible; the field's type otherwise.

Objects are written in the default syntax ``{ &id 1, &Type INTEGER }`` or in the
class's defined syntax (``WITH SYNTAX``); their settings are read here, once the class
is known, with the grammar's own rules (``parse_fragment``).

Lowering (lower.py) calls ``lower_field_type`` for a component of type ``CLASS.&field``;
X.683 instantiation (instantiate.py) ``class_of`` for the governor of a set parameter.
Public interface:

* ``lower_field_type(ctx, t, mod, relation_names)``: the model type of ``CLASS.&field``;
* ``lookup_class``, ``class_of``: the class a name or a governor denotes;
* ``named_object``, ``parse_object``: an object by name, an object written in braces;
* ``object_set``, ``from_elements``, ``set_reference``: an object set by name, from
  the elements of a constraint, from a name where it is written (a set parameter, a
  set, an unknown set of a module that was not given);
* :class:`ClassInfo`, :class:`Obj`, :class:`ObjSet`, ``type_identifier``.

Objects and object sets read are cached in ``ctx.parsed_objects`` and
``ctx.object_sets``; the types of settings are lowered through ``ctx.lower``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Optional

from ..frontend import ast as A
from ..frontend.parse import parse_fragment
from .constraints import apply_constraints, int_type
from .context import SemanticContext, SetBinding, Unresolved
from .missing import missing_needs, unknown_objects, unknown_set
from .model import ChoiceT, Field, IntSet, IntT, OidT, OpenT, SType
from .scope import find, type_identifier_class, undefined
from .tags import constrained
from .values import eval_value, int_value


@dataclass
class ClassInfo:
    module: str
    name: str
    node: A.ObjectClass

    @property
    def identity(self):
        """Classes are the same when they are one assignment, or both TYPE-IDENTIFIER."""
        return getattr(self.node, "builtin", None) or (self.module, self.name)

    def field(self, name: str) -> Optional[A.ClassField]:
        for f in self.node.fields:
            if f.name == name:
                return f
        return None


@dataclass
class Obj:
    """An information object: its settings (field name -> A.Type or A.Value), written
    in ``module`` (with the dummy parameters ``env`` in scope)."""
    cls: ClassInfo
    name: Optional[str]
    settings: dict
    module: str
    env: dict
    loc: A.Loc


@dataclass
class ObjSet:
    cls: ClassInfo
    objects: list[Obj] = field(default_factory=list)
    extensible: bool = False
    # the symbols of modules that were not given that its objects need (module, symbol,
    # kind): such an object is unknown, and so the set is (extensible, the object left out)
    unknown: list = field(default_factory=list)


def type_identifier(loc: A.Loc) -> ClassInfo:
    """TYPE-IDENTIFIER (ITU-T X.681 annex A): CLASS { &id OBJECT IDENTIFIER UNIQUE, &Type }
    WITH SYNTAX { &Type IDENTIFIED BY &id }."""
    return ClassInfo("", "TYPE-IDENTIFIER", type_identifier_class(loc))


def _fail(ctx: SemanticContext, loc: A.Loc, message: str):
    ctx.d.error(loc, message)
    raise Unresolved


# ------------------------------------------------------------ lookup

def lookup_class(ctx: SemanticContext, mod: str, name: str, ext: Optional[str], loc: A.Loc) -> ClassInfo:
    """The class a name in ``mod`` denotes (TYPE-IDENTIFIER built in); reported when none."""
    if name == "TYPE-IDENTIFIER" and ext is None:
        return type_identifier(loc)
    found = find(ctx, mod, name, ext, "classes")
    if found is None:
        undefined(ctx, loc, mod, name, f"undefined information object class '{name}'", ext)
        raise Unresolved
    cmod, a = found
    return ClassInfo(cmod, a.name, a.type)


def class_of(ctx: SemanticContext, t: A.Type, mod: str) -> Optional[ClassInfo]:
    """The class a governor names, or None when it is no class."""
    if isinstance(t, A.TypeRef) and not t.constraints and \
            (t.name == "TYPE-IDENTIFIER" or find(ctx, mod, t.name, t.module, "classes")):
        return lookup_class(ctx, mod, t.name, t.module, t.loc)
    return None


# ------------------------------------------------------------ objects

def named_object(ctx: SemanticContext, mod: str, name: str, loc: A.Loc) -> Obj:
    """The object a name in ``mod`` denotes, read (and cached) on first use."""
    found = find(ctx, mod, name, None, "objects")
    if found is None:
        undefined(ctx, loc, mod, name, f"undefined information object '{name}'")
        raise Unresolved
    omod, a = found
    key = (omod, name)
    if key not in ctx.parsed_objects:
        cls = class_of(ctx, a.type, omod)
        raw = _raw(a.value)
        if raw is None:
            _fail(ctx, a.value.loc, f"object '{name}': expected an object definition in braces")
        ctx.parsed_objects[key] = parse_object(ctx, cls, raw, omod, {}, name)
    return ctx.parsed_objects[key]


def parse_object(ctx: SemanticContext, cls: ClassInfo, raw: A.RawValue, mod: str, env: dict,
                 name: Optional[str] = None) -> Obj:
    """An object of class ``cls`` written in braces in ``mod`` (with the dummy parameters
    ``env``): its settings, in the default syntax or the class's WITH SYNTAX."""
    tokens = raw.tokens
    if tokens and tokens[0].text == "&":
        chunks = _default_syntax(ctx, tokens, raw.loc)
    elif cls.node.syntax is not None:
        chunks = _defined_syntax(ctx, cls, tokens, raw.loc)
    else:
        _fail(ctx, raw.loc, f"an object of class '{cls.name}' is written {{ &field setting, ... }} "
                            "(the class has no WITH SYNTAX)")
    settings = {}
    for fname, toks, loc in chunks:
        f = cls.field(fname)
        if f is None:
            _fail(ctx, loc, f"'&{fname}' is not a field of class '{cls.name}'")
        if fname in settings:
            _fail(ctx, loc, f"field '&{fname}' is set twice")
        rule = "type" if f.type is None and fname[:1].isupper() else "value"
        if fname[:1].isupper() and f.type is not None:
            continue  # a value set or object set field: nothing of it reaches XDR
        node = parse_fragment(toks, rule, loc.file, ctx.d)
        if node is None:
            raise Unresolved
        settings[fname] = node
    for f in cls.node.fields:
        if f.name not in settings and f.default is not None:
            settings[f.name] = f.default
    return Obj(cls, name, settings, mod, env, raw.loc)


def _default_syntax(ctx: SemanticContext, tokens: list, loc: A.Loc) -> list:
    chunks, depth, cur = [], 0, []
    for t in tokens + [None]:
        if t is None or (t.text == "," and depth == 0):
            if cur:
                if len(cur) < 3 or cur[0].text != "&":
                    _fail(ctx, _tloc(cur[0], loc), "expected '&field setting' in an object definition")
                chunks.append((cur[1].text, cur[2:], _tloc(cur[0], loc)))
            cur = []
            continue
        depth += t.text in "{(["
        depth -= t.text in "})]"
        cur.append(t)
    return chunks


def _defined_syntax(ctx: SemanticContext, cls: ClassInfo, tokens: list, loc: A.Loc) -> list:
    # the syntax as a tree: words, settings ("&x") and optional groups (lists)
    items: list = []
    stack = [items]
    syntax = cls.node.syntax
    i = 0
    while i < len(syntax):
        text = syntax[i][0]
        if text == "&" and i + 1 < len(syntax):
            stack[-1].append("&" + syntax[i + 1][0])
            i += 2
            continue
        if text == "[":
            group: list = []
            stack[-1].append(group)
            stack.append(group)
        elif text == "]":
            stack.pop()
        else:
            stack[-1].append(text)
        i += 1
    words = {w for w in _flat(items) if not w.startswith("&")}
    chunks: list = []
    pos = 0

    def setting_end(p: int) -> int:
        depth = 0
        while p < len(tokens):
            t = tokens[p].text
            if depth == 0 and t in words:
                break
            depth += t in ("{", "(")
            depth -= t in ("}", ")")
            p += 1
        return p

    def match(seq: list, optional: bool) -> bool:
        nonlocal pos
        start, before = pos, len(chunks)
        for it in seq:
            if isinstance(it, list):
                match(it, True)
            elif it.startswith("&"):
                end = setting_end(pos)
                if end == pos:
                    if optional:
                        pos, chunks[before:] = start, []
                        return False
                    _fail(ctx, _tloc(tokens[pos], loc) if pos < len(tokens) else loc,
                          f"expected the setting of {it} in an object of class '{cls.name}'")
                chunks.append((it[1:], tokens[pos:end], _tloc(tokens[pos], loc)))
                pos = end
            else:
                if pos < len(tokens) and tokens[pos].text == it:
                    pos += 1
                elif optional:
                    pos, chunks[before:] = start, []
                    return False
                else:
                    _fail(ctx, _tloc(tokens[pos], loc) if pos < len(tokens) else loc,
                          f"expected '{it}' in an object of class '{cls.name}' (its WITH SYNTAX)")
        return True

    match(items, False)
    if pos < len(tokens):
        _fail(ctx, _tloc(tokens[pos], loc), f"unexpected '{tokens[pos].text}' in an object of class "
                                            f"'{cls.name}'")
    return chunks


# ------------------------------------------------------------ object sets

def object_set(ctx: SemanticContext, mod: str, name: str, loc: A.Loc) -> ObjSet:
    """The object set a name in ``mod`` denotes, read (and cached) on first use."""
    found = find(ctx, mod, name, None, "sets")
    if found is None:
        undefined(ctx, loc, mod, name, f"undefined object set '{name}'")
        raise Unresolved
    smod, a = found
    key = (smod, name)
    if key in ctx.object_sets:
        if ctx.object_sets[key] is None:  # failed, and reported, before
            raise Unresolved
        return ctx.object_sets[key]
    if key in ctx.object_sets_busy:
        _fail(ctx, a.loc, f"object set '{name}' is defined in terms of itself")
    ctx.object_sets_busy.add(key)
    result = None
    try:
        cls = class_of(ctx, a.type, smod)
        result = ctx.with_env({}, lambda: from_elements(ctx, cls, a.root, a.extensible, smod, {}))
        unknown_objects(ctx, result.unknown, name)
    finally:
        ctx.object_sets_busy.discard(key)
        ctx.object_sets[key] = result
    return result


def from_elements(ctx: SemanticContext, cls: ClassInfo, root: Optional[A.ElementSet], extensible: bool,
                  mod: str, env: dict) -> ObjSet:
    """The object set the elements ``root`` of a constraint or set assignment give."""
    out = ObjSet(cls, [], extensible)
    if root is not None:
        _collect(ctx, out, root, mod, env)
    unknown_objects(ctx, out.unknown, None)
    return out


def _collect(ctx: SemanticContext, out: ObjSet, es: A.ElementSet, mod: str, env: dict) -> None:
    for inter in es.unions:
        if len(inter) != 1:
            _fail(ctx, inter[1].loc, "unsupported: an intersection of object sets")
        el = inter[0]
        if isinstance(el, A.ElementSet):
            _collect(ctx, out, el, mod, env)
        elif isinstance(el, A.SingleValue) and _raw(el.value) is not None:
            _add(ctx, out, parse_object(ctx, out.cls, _raw(el.value), mod, env))
        elif isinstance(el, A.SingleValue) and isinstance(el.value, A.ValueRef):
            _add(ctx, out, named_object(ctx, el.value.module or mod, el.value.name, el.loc))
        elif isinstance(el, A.ContainedSubtype) and isinstance(el.type, A.TypeRef) \
                and not el.type.constraints:
            sub = set_reference(ctx, el.type.name, el.type.module, mod, env, el.loc, out.cls)
            if sub.cls.identity != out.cls.identity:
                _fail(ctx, el.loc, f"object set '{el.type.name}' is of class '{sub.cls.name}', "
                                   f"not '{out.cls.name}'")
            out.objects.extend(sub.objects)
            out.extensible = out.extensible or sub.extensible
            out.unknown.extend(u for u in sub.unknown if u not in out.unknown)
        else:
            _fail(ctx, el.loc, "unsupported: this element of an object set")


def _add(ctx: SemanticContext, out: ObjSet, o: Obj) -> None:
    """Add object O to OUT, unless a setting of it needs a symbol of a module that was
    not given: then ilpc cannot know the object, and the set is unknown."""
    written = [s for f, s in o.settings.items()
               if not (o.cls.field(f) is not None and s is o.cls.field(f).default)]
    needs = missing_needs(ctx, written, o.module, o.env)
    if needs:
        out.unknown.extend(u for u in needs if u not in out.unknown)
        out.extensible = True
    else:
        out.objects.append(o)


def set_reference(ctx: SemanticContext, name: str, ext: Optional[str], mod: str, env: dict, loc: A.Loc,
                  cls: ClassInfo) -> ObjSet:
    """The object set a name denotes where it is written: a set parameter or a set
    (of class CLS); a set of a module that was not given is unknown: no object known,
    extensible (docs/mapping.md)."""
    b = env.get(name) if ext is None else None
    if b is None and ext is None and find(ctx, mod, name, None, "sets") is None \
            and unknown_set(ctx, mod, name):
        return ObjSet(cls, [], True)
    if isinstance(b, SetBinding):
        c = b.constraint
        governor = _governor_class(ctx, b)
        return from_elements(ctx, governor, c.root, c.extensible, b.module, b.env)
    if b is not None:
        _fail(ctx, loc, f"'{name}' is not an object set parameter")
    return object_set(ctx, mod, name, loc) if ext is None else object_set(ctx, ext, name, loc)


def _governor_class(ctx: SemanticContext, b: SetBinding) -> ClassInfo:
    if b.governor is None:
        _fail(ctx, b.constraint.loc, "a value set parameter is used as an object set")
    return b.governor


# ------------------------------------------------------------ class field types

def lower_field_type(ctx: SemanticContext, t: A.ClassFieldType, mod: str, relation_names) -> SType:
    """The semantic type of ``CLASS.&field`` with its constraints (module docstring).
    ``relation_names(refs)`` gives, for the ``@`` references of a table
    constraint, the class fields they name (for naming alternatives)."""
    cls = lookup_class(ctx, mod, t.class_name, t.module, t.loc)
    if len(t.field) != 1:
        _fail(ctx, t.loc, f"unsupported: a field of an object field ('&{'.&'.join(t.field)}')")
    f = cls.field(t.field[0])
    if f is None:
        _fail(ctx, t.loc, f"'&{t.field[0]}' is not a field of class '{cls.name}'")
    table = [c for c in t.constraints if c.table]
    others = [c for c in t.constraints if not c.table]
    if len(table) > 1:
        _fail(ctx, table[1].loc, "more than one table constraint")
    objset = None
    if table:
        c = table[0]
        objset = from_elements(ctx, cls, c.root, c.extensible or c.extension is not None, mod, ctx.env)
        if objset.cls.identity != cls.identity:
            _fail(ctx, c.loc, f"the object set is of class '{objset.cls.name}', not '{cls.name}'")
    if f.type is None and f.name[:1].isupper():  # a type field: an open type
        if objset is None or objset.extensible or not objset.objects \
                or any(f.name not in o.settings for o in objset.objects):
            result: SType = OpenT(IntSet.range(0, None), None)
        else:
            fields_named = relation_names(table[0].table_refs) if table[0].table_refs else []
            result = _union(ctx, objset, f.name, fields_named)
    elif f.type is not None and f.name[:1].islower():  # a fixed-type value field
        result = ctx.with_env({}, lambda: ctx.lower(f.type, cls.module))
        if objset is not None and not table[0].table_refs and not objset.extensible \
                and objset.objects:
            result = constrained(ctx, result, _value_set(ctx, result, objset, f.name, table[0].loc))
    else:
        _fail(ctx, t.loc, f"unsupported: the field '&{f.name}' (only type fields and fixed-type "
                          "value fields can be the type of a component)")
    if others:
        result = apply_constraints(ctx, result, others, mod, t.loc)
    return result


def _union(ctx: SemanticContext, objset: ObjSet, fname: str, relation: list[str]) -> ChoiceT:
    names: set[str] = set()
    alts = []
    for i, o in enumerate(objset.objects):
        base = o.name or "-".join(f"{r}-{_label(o.settings.get(r), i)}" for r in relation) \
            or f"object-{i + 1}"
        name, k = base, 1
        while name in names:
            k += 1
            name = f"{base}-{k}"
        names.add(name)
        setting = o.settings[fname]
        if not isinstance(setting, (A.BuiltinType, A.IntegerType, A.EnumeratedType, A.BitStringType,
                                    A.CharStringType, A.SequenceType, A.SequenceOfType, A.ChoiceType,
                                    A.TaggedType, A.TypeRef, A.ParameterizedTypeRef, A.ClassFieldType)):
            _fail(ctx, o.loc, f"the setting of '&{fname}' must be a type")
        st = ctx.with_env(o.env, lambda: ctx.lower(setting, o.module))
        alts.append(Field(name, st, False, None, o.loc))
    return ChoiceT(alts, open_type=True)


def _value_set(ctx: SemanticContext, t: SType, objset: ObjSet, fname: str, loc: A.Loc) -> SType:
    rt = ctx.structure(t)
    if isinstance(rt, OidT):  # OBJECT IDENTIFIER ids: a single-value constraint of them
        arcs = set()
        for o in objset.objects:
            v = o.settings.get(fname)
            if v is None:
                return t
            arcs.add(tuple(ctx.with_env(o.env, lambda: eval_value(ctx, v, rt, o.module, f"'&{fname}'"))))
        allowed = frozenset(arcs) if rt.values is None else rt.values & frozenset(arcs)
        if not allowed:
            _fail(ctx, loc, "the object set admits no value of the field")
        return OidT(rt.element, rt.sizes, None, relative=rt.relative, values=allowed)
    if not isinstance(rt, IntT):
        return t  # docs/mapping.md: other kinds of ids do not narrow their type
    values = IntSet(())
    for o in objset.objects:
        v = o.settings.get(fname)
        if v is None:
            return t
        n = ctx.with_env(o.env, lambda: int_value(ctx, v, o.module, rt))
        if n is None:
            raise Unresolved
        values = values.union(IntSet.range(n, n))
    new = rt.values.intersect(values)
    if new.empty:
        _fail(ctx, loc, "the object set admits no value of the field")
    return int_type(ctx, new, rt.named_numbers, loc)


def _raw(v) -> Optional[A.RawValue]:
    """The tokens of an object definition (braces the grammar kept as tokens; an
    OBJECT IDENTIFIER-looking one keeps them as ``raw``)."""
    return v if isinstance(v, A.RawValue) else getattr(v, "raw", None)


def _flat(items: list):
    for it in items:
        if isinstance(it, list):
            yield from _flat(it)
        else:
            yield it


def _tloc(token, fallback: A.Loc) -> A.Loc:
    return A.Loc(fallback.file, token.line, token.column + 1) if token is not None else fallback


def _label(v, index: int) -> str:
    if isinstance(v, A.IntValue):
        return str(v.value) if v.value >= 0 else f"minus{-v.value}"
    if isinstance(v, A.ValueRef):
        return v.name
    if isinstance(v, A.BoolValue):
        return "TRUE" if v.value else "FALSE"
    if isinstance(v, A.StringValue) and re.fullmatch(r"[A-Za-z0-9]+", v.value):
        return v.value
    return str(index + 1)
