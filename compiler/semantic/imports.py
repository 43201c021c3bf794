"""Which module an IMPORTS ... FROM clause names (ITU-T X.680 clause 13).

A module is named by its reference and, optionally, its OID.  ilpc looks the name up
first; when no module has that name and the clause gives an OID, the module with the
same OID is taken whatever its name (modules are renamed between versions of a
specification, their OIDs are not).  ``WITH SUCCESSORS`` also accepts a module whose
OID differs only by a larger last arc (a later version), ``WITH DESCENDANTS`` any
module under the OID.
"""
from __future__ import annotations

import re
from typing import Iterable, Optional, Union

from ..frontend import ast as A

# X.680 annex: the names a top arc and the arcs under it may be given by alone.
_TOP = {"itu-t": 0, "ccitt": 0, "iso": 1, "joint-iso-itu-t": 2, "joint-iso-ccitt": 2}
_SECOND = {
    0: {"recommendation": 0, "question": 1, "administration": 2, "network-operator": 3,
        "identified-organization": 4},
    1: {"standard": 0, "registration-authority": 1, "member-body": 2, "identified-organization": 3},
}

Arc = Union[int, str]


def oid_arcs(text: Optional[str]) -> Optional[tuple[Arc, ...]]:
    """``iso(1) member-body(2) 840`` -> (1, 2, 840).  An arc given by a name alone that
    X.680 does not fix (a value reference) stays its name."""
    if not text:
        return None
    arcs: list[Arc] = []
    for comp in text.split():
        m = re.fullmatch(r"[a-z][\w-]*\((\d+)\)", comp)
        if m:
            arcs.append(int(m.group(1)))
        elif comp.isdigit():
            arcs.append(int(comp))
        elif len(arcs) == 0 and comp in _TOP:
            arcs.append(_TOP[comp])
        elif len(arcs) == 1 and isinstance(arcs[0], int) and comp in _SECOND.get(arcs[0], {}):
            arcs.append(_SECOND[arcs[0]][comp])
        else:
            arcs.append(comp)
    return tuple(arcs)


def _matches(want: tuple[Arc, ...], have: tuple[Arc, ...], selection: Optional[str]) -> bool:
    if have == want:
        return True
    if selection == "SUCCESSORS":
        return (len(have) == len(want) and have[:-1] == want[:-1] and isinstance(have[-1], int)
                and isinstance(want[-1], int) and have[-1] > want[-1])
    if selection == "DESCENDANTS":
        return len(have) > len(want) and have[:len(want)] == want
    return False


def find_module(imp: A.Import, modules: Iterable[A.Module]) -> tuple[Optional[str], list[str]]:
    """(the name of the module IMP names, or None; the names of every module its OID
    matches when that is more than one)."""
    modules = list(modules)
    for m in modules:
        if m.name == imp.module:
            return m.name, []
    want = oid_arcs(imp.oid)
    if want is None:
        return None, []
    hits = [m for m in modules if (have := oid_arcs(m.oid)) is not None and _matches(want, have, imp.selection)]
    if imp.selection == "SUCCESSORS" and len(hits) > 1:
        exact = [m for m in hits if oid_arcs(m.oid) == want]
        # the latest version: the largest last arc
        hits = exact or [max(hits, key=lambda m: oid_arcs(m.oid)[-1])]  # type: ignore[index]
    if len(hits) == 1:
        return hits[0].name, []
    return None, [m.name for m in hits]
