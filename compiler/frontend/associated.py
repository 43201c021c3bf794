"""The associated types of CHARACTER STRING, EMBEDDED PDV and EXTERNAL (ITU-T X.680).

X.680 defines the values of these three types through an associated SEQUENCE type
(CHARACTER STRING: 44.5, EMBEDDED PDV: 36.5, EXTERNAL: 37.5), which is also what
encoding rules encode.  The parser puts that SEQUENCE in their place, so they get the
XDR and C of a SEQUENCE (docs/mapping.md), and inner type constraints written on them
(``CHARACTER STRING (WITH COMPONENTS { identification (WITH COMPONENTS { fixed PRESENT }) })``)
apply to it.  Two simplifications, both documented: the component
``data-value-descriptor``, which X.680 constrains to be absent in the associated
types of CHARACTER STRING and EMBEDDED PDV, is left out; and EXTERNAL's
``identification`` has only the three alternatives X.680 permits there (``syntax``,
``presentation-context-id``, ``context-negotiation``).
"""
from __future__ import annotations

from typing import Optional

from . import ast

KINDS = ("CHARACTER STRING", "EMBEDDED PDV", "EXTERNAL")

# The automatic tag numbers of the components and alternatives in X.680's definitions
# (an environment of automatic tagging), which the simplifications above must not
# change: identification [0], data-value-descriptor [1], data-value / string-value [2];
# identification's alternatives [0] .. [5] in X.680's order.  The components of
# ``syntaxes`` and ``context-negotiation`` are numbered where they are made (0, 1).
NUMBERS = {"identification": 0, "data-value-descriptor": 1, "data-value": 2, "string-value": 2,
           "syntaxes": 0, "syntax": 1, "presentation-context-id": 2, "context-negotiation": 3,
           "transfer-syntax": 4, "fixed": 5}


def associated_type(kind: str, loc: ast.Loc) -> ast.SequenceType:
    """A fresh syntax tree of ``kind``'s associated type, every node located at ``loc``."""
    def comp(name: str, t, optional: bool = False, number: Optional[int] = None) -> ast.Component:
        return ast.Component(name, t, optional, None, False, loc,
                             auto_number=NUMBERS[name] if number is None else number)

    def oid() -> ast.BuiltinType:
        return ast.BuiltinType(loc, "OBJECT IDENTIFIER")

    def context_negotiation() -> ast.Component:
        return comp("context-negotiation", ast.SequenceType(loc, "SEQUENCE", [
            comp("presentation-context-id", ast.IntegerType(loc), number=0),
            comp("transfer-syntax", oid(), number=1)]))

    if kind == "EXTERNAL":
        identification = [comp("syntax", oid()),
                          comp("presentation-context-id", ast.IntegerType(loc)),
                          context_negotiation()]
    else:
        identification = [comp("syntaxes", ast.SequenceType(loc, "SEQUENCE", [
                              comp("abstract", oid(), number=0), comp("transfer", oid(), number=1)])),
                          comp("syntax", oid()),
                          comp("presentation-context-id", ast.IntegerType(loc)),
                          context_negotiation(),
                          comp("transfer-syntax", oid()),
                          comp("fixed", ast.BuiltinType(loc, "NULL"))]
    components = [comp("identification", ast.ChoiceType(loc, identification))]
    if kind == "EXTERNAL":
        components.append(comp("data-value-descriptor", object_descriptor(loc), optional=True))
    components.append(comp("string-value" if kind == "CHARACTER STRING" else "data-value",
                           ast.BuiltinType(loc, "OCTET STRING")))
    return ast.SequenceType(loc, "SEQUENCE", components, associated=kind)


def object_descriptor(loc: ast.Loc) -> ast.CharStringType:
    """ObjectDescriptor: X.680 44.1 defines it as ``[UNIVERSAL 7] IMPLICIT GraphicString``."""
    return ast.CharStringType(loc, "GraphicString", associated="ObjectDescriptor")
