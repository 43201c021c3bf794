"""How the C back ends render: one Jinja2 environment, whose templates hold macros that
Python calls with plain values.

A back end walks a plan in Python, children first, and calls the macro of each op and
role (``C/<encoding>/<op>.j2``, macro ``<role>``) with plain values -- names, lvalues,
conditions, and the text of the children and of the shared checks (``C/checks.j2``) --
never with an emitter.  The filters below are the only Python the templates call.
"""
from __future__ import annotations

import functools
import hashlib
import os
import re

import jinja2

from ..resources import templates_dir
from .cexpr import member, negate


def indent_c(s: str, n: int = 4) -> str:
    """Every non-empty line indented by n spaces (empty lines stay empty)."""
    return "\n".join((" " * n + l) if l.strip() else "" for l in s.split("\n"))


def uses(text: str, name: str) -> bool:
    """Whether C text uses the identifier ``name``."""
    return re.search(rf"\b{name}\b", text) is not None


OPTIONS = dict(trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True,
               undefined=jinja2.StrictUndefined, autoescape=False, auto_reload=False)


class TemplateCache(jinja2.FileSystemBytecodeCache):
    """Jinja's cache of compiled templates, in Jinja's own directory for the user (under
    the temporary directory; Jinja makes it private and checks that it is the user's):
    each template is parsed and compiled once per change of its text, not in every run
    (that was most of ilpc's time on a small spec).  A cached template is keyed by its
    name and checked against its text and Jinja's and Python's versions; the file
    names carry the environment's options too.  A cache file that cannot be read or
    written is no cache: the template is compiled as without one."""

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        try:
            super().load_bytecode(bucket)
        except Exception:  # unreadable, or cut short (Jinja checks the rest)
            bucket.reset()

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        try:
            super().dump_bytecode(bucket)
        except OSError:
            pass


def template_cache() -> "TemplateCache | None":
    """The cache, or None (ILPC_TEMPLATE_CACHE=0, or no private directory for it)."""
    if os.environ.get("ILPC_TEMPLATE_CACHE", "1") == "0":
        return None
    tag = hashlib.sha256(repr(sorted((k, str(v)) for k, v in OPTIONS.items())).encode()).hexdigest()[:8]
    try:
        return TemplateCache(pattern=f"ilpc-{tag}-%s.cache")
    except (OSError, RuntimeError):  # Jinja refuses a directory that is not private
        return None


@functools.cache
def environment() -> jinja2.Environment:
    """The environment of every C back end, made once per process (templates do not
    change during a run: no reload checks)."""
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(templates_dir())),
                             bytecode_cache=template_cache(), **OPTIONS)
    env.filters["indent_c"] = indent_c
    env.filters["negate"] = negate
    env.filters["m"] = member
    env.filters["uses"] = uses
    return env


@functools.cache
def macros(path: str):
    """The macros of a template file, as callables: ``macros("C/xdr/block.j2").encode(...)``."""
    return environment().get_template(path).module


def render(template: str, **values) -> str:
    """A whole template (a file's header or source, the Makefile), with plain values."""
    return environment().get_template(template).render(**values)


def strip(text: str) -> str:
    """A macro's text without its last newline: what a caller puts on lines of its own."""
    return text.rstrip("\n")
