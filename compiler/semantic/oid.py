"""OBJECT IDENTIFIER and RELATIVE-OID: the model type, the arc rules and the name forms.

ITU-T X.680 (clause 32 and Annex A) names the top arcs of the international OID tree;
a value in braces may use those names without numbers (``{ iso member-body 840 }``).
"""
from __future__ import annotations

from typing import Optional

from .model import OID_MAX_ARCS, UINT64_MAX, IntSet, IntT, OidT

# Name forms with a fixed number, by the arcs above them (X.680 Annex A).
_TOP = {"itu-t": 0, "ccitt": 0, "iso": 1, "joint-iso-itu-t": 2, "joint-iso-ccitt": 2}
_UNDER = {
    (0,): {"recommendation": 0, "question": 1, "administration": 2, "network-operator": 3,
           "identified-organization": 4},
    (1,): {"standard": 0, "registration-authority": 1, "member-body": 2,
           "identified-organization": 3},
    (0, 0): {chr(ord("a") + i): i + 1 for i in range(26)},
}


def oid_type(relative: bool) -> OidT:
    arc = IntT(IntSet.range(0, UINT64_MAX))
    return OidT(arc, IntSet.range(1 if relative else 2, OID_MAX_ARCS), None, relative=relative)


def name_form(name: str, above: tuple[int, ...]) -> Optional[int]:
    """The number of the arc called ``name`` below ``above``, when X.680 fixes it."""
    if not above:
        return _TOP.get(name)
    return _UNDER.get(above, {}).get(name)


def arc_problem(arcs: tuple[int, ...], t: OidT) -> Optional[str]:
    """Why ``arcs`` is not a value of ``t`` (None when it is)."""
    kind = "a RELATIVE-OID" if t.relative else "an OBJECT IDENTIFIER"
    for a in arcs:
        if not 0 <= a <= UINT64_MAX:
            return f"arc {a} is outside 0..2^64-1"
    if len(arcs) not in t.sizes:
        return f"{kind} has {t.sizes.lower}..{t.sizes.upper} arcs, this value {len(arcs)}"
    if not t.relative:
        if arcs[0] > 2:
            return f"the first arc of an OBJECT IDENTIFIER is 0, 1 or 2, not {arcs[0]}"
        if arcs[0] < 2 and arcs[1] > 39:
            return f"the second arc under {arcs[0]} is at most 39, not {arcs[1]}"
    if t.values is not None and arcs not in t.values:
        return "the value is not one the constraint admits"
    return None


def oid_text(arcs: tuple[int, ...]) -> str:
    return "{ " + " ".join(str(a) for a in arcs) + " }"
