"""Every name the C back ends generate: identifiers, types, members, enumeration and
choice constants, functions, files, include guards and the generated macros.

One scheme for every encoding.  A type's C name is its plan's name joined with ``_``
(``Module_Type``, ``Module_Type_component``); a function of type T is ``T_<action>``,
and for an encoding other than XDR ``T_<action>_<encoding>`` (``T_encode`` is XDR's,
``T_encode_der`` would be DER's).  What does not depend on the encoding -- the C
types, ``T_free`` -- has one name.

Collisions.  Every identifier derived from a spec starts with its module's name, and an
ASN.1 module name starts with a capital letter; the other identifiers (the runtime's,
the harness's, locals and members of generated functions and structs) start in lower
case, and the generated macros start with ``ilpc_gen_`` or ``ilpc_guard_``.
"""
from __future__ import annotations

from types import SimpleNamespace

from ..ir.plan import TypePlan

C_KEYWORDS = {
    "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else", "enum",
    "extern", "float", "for", "goto", "if", "inline", "int", "long", "register", "restrict", "return",
    "short", "signed", "sizeof", "static", "struct", "switch", "typedef", "union", "unsigned", "void",
    "volatile", "while", "bool", "true", "false", "_Bool", "_Complex", "_Imaginary", "_Alignas",
    "_Alignof", "_Atomic", "_Generic", "_Noreturn", "_Static_assert", "_Thread_local",
    # C++ keywords, so that the headers work from C++ too
    "class", "delete", "new", "private", "protected", "public", "template", "this", "throw", "try",
    "catch", "namespace", "operator", "virtual", "friend", "using", "typename", "explicit", "mutable",
    "and", "or", "not", "xor", "export", "noexcept", "nullptr",
}


def c_ident(name: str) -> str:
    """An ASN.1 name as a C identifier (``-`` is not allowed in C)."""
    return name.replace("-", "_")


def c_field(name: str) -> str:
    """The C member of a component (a keyword gets a trailing ``_``)."""
    s = c_ident(name)
    return s + "_" if s in C_KEYWORDS else s


def has_member(name: str) -> str:
    """The presence flag member of an OPTIONAL component held by value: ``has_x``."""
    return "has_" + c_ident(name)


def joined(name: tuple) -> str:
    """A plan name (``(Module, Type, component, ...)``) as one C identifier."""
    return "_".join(c_ident(x) for x in name)


def type_name(plan: TypePlan) -> str:
    """The C name of a plan's type: Module_Type, Module_Type_component, ..."""
    return joined(plan.name)


def enum_const(enum_name: tuple, item: str) -> str:
    """The constant of an enumeration's item: ``Module_Type_item``."""
    return joined(enum_name) + "_" + c_ident(item)


def choice_enum(choice_name: tuple) -> str:
    """The enumeration of a CHOICE's alternatives: ``Module_Type_PR``."""
    return joined(choice_name) + "_PR"


def choice_const(choice_name: tuple, arm: str) -> str:
    """The constant of a CHOICE alternative: ``Module_Type_PR_arm``."""
    return choice_enum(choice_name) + "_" + c_ident(arm)


# ---------------------------------------------------------------- functions

def function(T: str, action: str, encoding: str = "") -> str:
    """The function of type T for ``action`` in an encoding ("" for XDR): ``T_encode``,
    ``T_encode_der``."""
    return f"{T}_{action}_{encoding}" if encoding else f"{T}_{action}"


# The actions of a codec: whole message (encode, decode, decode_prefix), streaming (put,
# get, and their always-inline bodies), exact encoded size, CONTAINING (encode_contents,
# decode_contents).
CODEC_ACTIONS = ("encode", "decode", "decode_prefix", "put", "get", "put_inline", "get_inline", "size",
                 "encode_contents", "decode_contents")


def codec_functions(T: str, encoding: str = "") -> SimpleNamespace:
    """The names of type T's codec functions and macros in an encoding (attributes, for
    the templates):
    one per CODEC_ACTIONS, ``free`` (one for every encoding: it frees the C value),
    ``decode_arena`` (the BER family's decode into an arena, any of its rules), and
    the size macros ``min_size``/``max_size`` (``T_MIN_SIZE``; ``T_MIN_SIZE_DER``)."""
    names = {a: function(T, a, encoding) for a in CODEC_ACTIONS}
    names["free"] = function(T, "free")
    names["decode_arena"] = f"{function(T, 'decode', encoding)}_arena"  # T_decode_ber_arena
    suffix = "_" + encoding.upper() if encoding else ""
    names["min_size"] = f"{T}_MIN_SIZE{suffix}"
    names["max_size"] = f"{T}_MAX_SIZE{suffix}"
    return SimpleNamespace(**names)


def ilp_functions(T: str) -> SimpleNamespace:
    """The ILP back end's functions of type T: the fused send and receive bodies (the
    receive body of a recursive type wraps the value's, which bounds the depth) and the
    message descriptor (ilpc_msg.h composes the rest from T)."""
    return SimpleNamespace(put_body=f"{T}_ilp_put_body", get_body=f"{T}_ilp_get_body",
                           get_value=f"{T}_ilp_get_value", msg=f"{T}_msg")


# ---------------------------------------------------------------- files and macros

def module_base(module: str) -> str:
    """The stem of a module's files and of its module-wide names."""
    return c_ident(module)


def module_file(module: str, ext: str, encoding: str = "") -> str:
    """A module's generated file: ``E.h``, ``E.c`` (XDR), ``E_ilp.c``, ``E_der.c``."""
    return f"{module_base(module)}{'_' + encoding if encoding else ''}.{ext}"


def types_header(cycle_first_module: str) -> str:
    """The shared header that declares the types of the modules of an import cycle (named
    after its first module).  Lower-case start: no module's own files can have this name."""
    return f"ilpc_types_{c_ident(cycle_first_module)}.h"


def include_guard(filename: str) -> str:
    """The include-guard macro of a generated header, e.g. ``ilpc_guard_E_h`` for E.h.

    It can collide with no identifier that ilpc generates (see the module's docstring:
    none derived from a spec starts in lower case, and no other with ``ilpc_guard_``).
    Two headers get two guards because their file names differ (``E.h``, ``E_ilp.h``,
    ``ilpc_types_E.h``: '.' is the only character mapped).  A suffix such as
    ``_H_INCLUDED`` would not do: module ``ILPC-E`` with a type ``H-INCLUDED`` is named
    ``ILPC_E_H_INCLUDED``."""
    return "ilpc_guard_" + filename.replace(".", "_")


def alphabet_table(module: str, n: int) -> str:
    """The n-th permitted-alphabet table of a module's file."""
    return f"{module_base(module)}_alphabet{n}"


def rule_table(module: str, n: int) -> str:
    """The n-th table of path rules of a module's ILP file."""
    return f"{module_base(module)}_rules{n}"


def generated_macro(what: str, module: str) -> str:
    """A macro the generated code defines for a module: ``ilpc_gen_<what>_<Module>``
    (lower case: no name made from a spec can be it)."""
    return f"ilpc_gen_{what}_{module_base(module)}"


def temporary(stem: str, n: int) -> str:
    """A local of a generated function (lower case: no spec-derived name)."""
    return f"{stem}{n}"
