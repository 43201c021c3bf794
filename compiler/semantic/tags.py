"""Tags (ITU-T X.680 31, and 25, 27, 29 for SEQUENCE, SET and CHOICE): the tags on
each type occurrence of the model (model.py says what back ends read), and the checks
X.680 makes of them.

Lowering (lower.py) puts the tags on the types it makes with ``attach_tag``: a written
tag, or an automatic one (X.680 25.3, 25.10: the decision and the numbering are
lower.py's).  Whether a tag is explicit follows the module's TagDefault (absent:
EXPLICIT; AUTOMATIC tags as IMPLICIT), except that a tag on an untagged CHOICE, open
type, ANY or dummy type parameter is always explicit, and IMPLICIT on them is an error
(X.680 31.2.7, 31.2.9).  When the tagged type is a reference, whether its named type is
such a type is known only once every type is lowered: ``resolve_pending`` decides.
``with_tags`` gives a type occurrence other tags (a copy when they change: a model type
may be shared, as a constraint that changes nothing returns the named type's own).

``check_distinct`` (after lowering) checks the types lower.py recorded with
``record_distinct``: the components of a SET and the alternatives of a CHOICE have
distinct tags (X.680 27.3, 29.3), so do the OPTIONAL or DEFAULT components of a
SEQUENCE and the component after them (25.6), and the extension additions of a SEQUENCE
and the root components after them (25.7); an untagged CHOICE brings its alternatives'
tags, an untagged open type or ANY an indeterminate tag that matches every tag (X.681
14.2), and an extensible type a conceptual extension addition whose tag matches only
those (X.680 52.7).

Writes ``ctx.pending_tags``, ``ctx.distinct`` and ``ctx.inner_origin`` (for the copies
``with_tags`` makes); imports nothing above context.py.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Optional

from ..frontend import ast as A
from .context import SemanticContext
from .model import (
    TAG_CLASSES, UNIVERSAL_NUMBERS, AnyT, ChoiceT, Field, OpenT, RefT, SType, StructT, Tag, TagUse, chain_tags,
    first_tags,
)


def tag_default(ctx: SemanticContext, mod: str) -> str:
    """The TagDefault of module ``mod``: EXPLICIT, IMPLICIT or AUTOMATIC (X.680 13.3:
    EXPLICIT when the module says none); AUTOMATIC inside the associated type of EXTERNAL,
    EMBEDDED PDV or CHARACTER STRING (X.680 36.5, 37.5, 44.5)."""
    if ctx.automatic_env:
        return "AUTOMATIC"
    return ctx.scopes[mod].module.tag_default or "EXPLICIT"


def universal(ctx: SemanticContext, t: SType, name: str) -> SType:
    """``t``, the type X.680 defines ``name`` (ObjectDescriptor, EXTERNAL, EMBEDDED PDV,
    CHARACTER STRING) by, with the UNIVERSAL tag of ``name`` as an implicit tag: X.680
    48.1 (ObjectDescriptor ::= [UNIVERSAL 7] IMPLICIT GraphicString), X.690 8.17, 8.18,
    8.24 (the others are encoded as their associated type, so tagged)."""
    return with_tags(ctx, t, (TagUse(Tag("UNIVERSAL", UNIVERSAL_NUMBERS[name]), False),) + t.tags)


def with_tags(ctx: SemanticContext, t: SType, tags: tuple[TagUse, ...]) -> SType:
    """``t`` with ``tags`` as its own: ``t`` itself when they are its tags, else a copy
    (the inner type constraints' record of where a type comes from follows it)."""
    if len(t.tags) == len(tags) and all(a is b for a, b in zip(t.tags, tags)):
        return t
    c = copy.copy(t)
    c.tags = tuple(tags)
    if isinstance(t, (StructT, ChoiceT)):
        ctx.inner_origin[c] = ctx.inner_origin.get(t, t)
    return c


def constrained(ctx: SemanticContext, parent: SType, result: SType) -> SType:
    """``result``, the type ``parent`` under a constraint, with the tags of ``parent``
    (X.680: a subtype has its parent type's tags), those of the named types it refers
    to included when ``result`` is the structure they denote."""
    if result is parent or isinstance(result, RefT):
        return result
    return with_tags(ctx, result, chain_tags(parent))


def _explicit_only(t: SType) -> Optional[str]:
    """What an untagged ``t`` is when a tag on it must be explicit (X.680 31.2.7): an
    untagged CHOICE, an open type or ANY; None otherwise (a tagged type, or any other)."""
    if t.tags:
        return None
    if isinstance(t, ChoiceT):
        return "an open type" if t.open_type else "an untagged CHOICE type"
    if isinstance(t, AnyT):
        return "ANY"
    if isinstance(t, OpenT):
        return "an open type"
    return None


def attach_tag(ctx: SemanticContext, inner: SType, tag: Tag, mode: Optional[str], mod: str, loc: A.Loc,
               dummy: Optional[str] = None) -> SType:
    """``inner`` (a type occurrence) tagged with ``tag`` outside its own tags, as written
    in module ``mod`` with ``mode`` ("IMPLICIT", "EXPLICIT", or None for the module's
    default, as an automatic tag); ``dummy`` names the dummy type parameter when the
    tagged type is one, untagged (X.683)."""
    default = tag_default(ctx, mod)
    use = TagUse(tag, mode == "EXPLICIT" or (mode is None and default == "EXPLICIT"))
    what = f"the dummy parameter '{dummy}'" if dummy is not None else _explicit_only(inner)
    if what is not None:
        if mode == "IMPLICIT":
            ctx.d.error(loc, f"IMPLICIT cannot tag {what}: the tag must be explicit (X.680 31.2.9)")
        use.explicit = True
    elif not use.explicit and isinstance(inner, RefT) and not inner.tags:
        ctx.pending_tags.append((use, inner, mode, loc))
    return with_tags(ctx, inner, (use,) + inner.tags)


def resolve_pending(ctx: SemanticContext) -> None:
    """The tags on references that would be implicit: explicit when the named type is
    an untagged CHOICE, open type or ANY (X.680 31.2.7), and IMPLICIT written on one an
    error.  Run once every type is lowered (and alias cycles are broken)."""
    for use, ref, mode, loc in ctx.pending_tags:
        t: Optional[SType] = ref
        hops = 0
        while isinstance(t, RefT) and not t.tags and hops <= len(ctx.typedefs):
            name, t, hops = t.target.name, t.target.type, hops + 1
        if t is None or isinstance(t, RefT):
            continue  # a type that failed, reported
        what = _explicit_only(t)
        if what is not None:
            if mode == "IMPLICIT":
                ctx.d.error(loc, f"IMPLICIT cannot tag '{name}', {what}: the tag must be explicit "
                                 f"(X.680 31.2.9)")
            use.explicit = True
    ctx.pending_tags.clear()


# ------------------------------------------------------------------ distinct tags

@dataclass
class Member:
    """A component of a SEQUENCE or SET (those of an extension addition group one by
    one), or an alternative of a CHOICE, for the checks of distinct tags."""
    field: Field
    marked: bool  # OPTIONAL or DEFAULT is written on it (X.680 25.6.1)
    part: int  # 0: root, before any extension addition; 1: extension addition; 2: root, after them


@dataclass
class Distinct:
    """A SEQUENCE, SET or CHOICE whose tags must be distinct (``record_distinct``)."""
    kind: str  # "SEQUENCE", "SET" or "CHOICE"
    name: str  # for messages: the named type and the components down to it
    members: list[Member]
    extensible: bool  # an extension marker, or EXTENSIBILITY IMPLIED (X.680 52.7)


def record_distinct(ctx: SemanticContext, kind: str, members: list[Member], extensible: bool) -> None:
    """Check the tags of this SEQUENCE, SET or CHOICE once every type is lowered."""
    ctx.distinct.append(Distinct(kind, ".".join(ctx.naming) or "?", members, extensible))


# The conceptual extension addition of X.680 52.7: its tag matches only the
# indeterminate one of an untagged open type (and ANY).
_ADDED = object()


def _tags_of(m, memo: dict) -> Optional[frozenset]:
    if m is _ADDED:
        return frozenset()
    if id(m) not in memo:
        memo[id(m)] = first_tags(m.field.type)
    return memo[id(m)]


def _clash(a, b, memo: dict) -> Optional[str]:
    """Why ``a`` and ``b`` (Members or _ADDED) may begin with the same tag, or None."""
    if a is _ADDED and b is _ADDED:
        return None
    ta, tb = _tags_of(a, memo), _tags_of(b, memo)
    if a is _ADDED or b is _ADDED:
        return "open" if (tb if a is _ADDED else ta) is None else None
    if ta is None or tb is None:
        return "indeterminate" if (ta is None and tb is None) or (ta or tb) else None
    common = ta & tb
    if not common:
        return None
    return str(min(common, key=lambda t: (TAG_CLASSES.index(t.cls), t.number)))


def _pairs(d: Distinct) -> list[tuple[object, object, str]]:
    """The pairs of members (or the conceptual addition) X.680 requires distinct tags
    of, each with the clause."""
    ms = list(d.members)
    if d.kind != "SEQUENCE":
        if d.extensible:
            ms.append(_ADDED)
        clause = "27.3" if d.kind == "SET" else "29.3"
        return [(ms[i], ms[j], clause) for i in range(len(ms)) for j in range(i + 1, len(ms))]
    # the complete series in textual order, the conceptual addition where the next
    # addition would go: after the extension additions (X.680 52.7.1)
    series = list(ms)
    if d.extensible:
        after = [i for i, m in enumerate(series) if m.part <= 1]
        series.insert(after[-1] + 1 if after else 0, _ADDED)

    def part(m) -> int:
        return 1 if m is _ADDED else m.part

    def marked(m) -> bool:
        return m is not _ADDED and m.marked

    out = []

    def runs(s: list) -> None:  # X.680 25.6.1
        for i, m in enumerate(s):
            if marked(m):
                for n in s[i + 1:]:
                    out.append((m, n, "25.6"))
                    if not marked(n):
                        break
    runs([m for m in series if part(m) != 1])  # the root (25.6.2)
    runs(series)  # root and extension additions (25.6.3)
    if any(part(m) == 2 for m in series):  # X.680 25.7
        for i, m in enumerate(series):
            if part(m) == 1:
                for n in series[i + 1:]:
                    out.append((m, n, "25.7"))
                    if part(n) == 2 and not marked(n):
                        break
    return out


def check_distinct(ctx: SemanticContext) -> None:
    """The checks of distinct tags (module docstring) of every type recorded."""
    reported: set = set()
    for d in ctx.distinct:
        what = "alternatives" if d.kind == "CHOICE" else "components"
        memo: dict = {}
        for a, b, clause in _pairs(d):
            why = _clash(a, b, memo)
            if why is None:
                continue
            if a is _ADDED or b is _ADDED:
                m = b if a is _ADDED else a
                key = (m.field.loc, None)
                msg = (f"{what[:-1]} '{m.field.name}' of {d.kind} '{d.name}' is an untagged open type, whose "
                       f"tag is indeterminate, next to where extension additions go: a decoder could not "
                       f"tell an unknown addition from it (X.680 52.7)")
                loc = m.field.loc
            else:
                key = (a.field.loc, b.field.loc)
                names = f"{what} '{a.field.name}' and '{b.field.name}' of {d.kind} '{d.name}'"
                if why == "indeterminate":
                    x = a if _tags_of(a, memo) is None else b
                    msg = f"{names} may have the same tag: '{x.field.name}' is an untagged open type, " \
                          f"whose tag is indeterminate (X.680 {clause}, X.681 14.2)"
                elif d.kind == "SEQUENCE":
                    msg = f"{names} have the same tag {why}, and '{a.field.name}' may be absent: a " \
                          f"decoder cannot tell them apart (X.680 {clause})"
                else:
                    msg = f"{names} have the same tag {why} (X.680 {clause})"
                loc = b.field.loc
            if key in reported:
                continue
            reported.add(key)
            ctx.d.error(loc, msg)
    ctx.distinct.clear()
