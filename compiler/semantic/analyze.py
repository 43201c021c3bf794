"""Semantic analysis: from syntax trees of one or more files to a checked :class:`Model`.

The analysis resolves names (within a module, through IMPORTS, and ``Module.Type``
references), evaluates constraints to exact value and size sets, checks DEFAULT
values against their types, and analyses recursion (types with no finite value are
errors; recursive types are marked).  Which XDR item an INTEGER becomes and which
components C holds through a pointer are the IR's business (``ilpc.ir``).  Errors are
reported to a :class:`Diagnostics` sink and analysis continues where it can, so one
run reports as many as possible.

It is a sequence of passes over one :class:`SemanticContext` (context.py), in this order:

1. scope.collect, scope.classify, scope.check_imports_exports: the names of every module;
2. instantiate.claim_instances: ``U ::= T{X}`` names the instance T{X} (X.683);
3. lower.lower_all: every named type gets its model type (applying constraints,
   constraints.py / element_sets.py / inner.py; making instances, instantiate.py;
   class field types, objects.py; evaluating the values they need, values.py);
4. values.evaluate_all: every value assignment;
5. recursion.check_alias_cycles, tags.resolve_pending (tags on references to CHOICE
   types are explicit), tags.check_distinct (X.680's distinct tags), recursion.check_finite;
6. missing.warn_missing_modules: a warning per module imported but not given;
7. recursion.mark_recursive (when there was no error), then the Model is assembled.

docs/architecture.md describes the passes and how to add a construct.
"""
from __future__ import annotations

from ..diagnostics import Diagnostics
from ..frontend import ast as A
from . import instantiate, lower, missing, recursion, scope, tags, values
from .constraints import apply_one
from .context import SemanticContext
from .model import Model, ModuleModel


def analyze(specs: list[A.SpecFile], diags: Diagnostics) -> Model:
    """Resolve and check ``specs``; raises CompileError (via ``diags.check()``) on errors."""
    model = run(new_context(diags), specs)
    diags.check()
    return model


def new_context(diags: Diagnostics) -> SemanticContext:
    """A context whose calls back up the pass order go to lower.py and constraints.py."""
    return SemanticContext(diags, lower=lower.lower, named_type=lower.named_type, apply_constraint=apply_one)


def run(ctx: SemanticContext, specs: list[A.SpecFile]) -> Model:
    """The passes in order (module docstring); the model of every module given."""
    scope.collect(ctx, specs)
    scope.classify(ctx)
    scope.check_imports_exports(ctx)
    instantiate.claim_instances(ctx)
    lower.lower_all(ctx)
    values.evaluate_all(ctx)
    recursion.check_alias_cycles(ctx)
    tags.resolve_pending(ctx)
    tags.check_distinct(ctx)
    recursion.check_finite(ctx)
    missing.warn_missing_modules(ctx)
    if not ctx.d.has_errors:
        recursion.mark_recursive(ctx)
    return build_model(ctx)


def build_model(ctx: SemanticContext) -> Model:
    """Each module's named types and values in the order of its assignments, then the
    instances and contents types made in it, and where each import comes from."""
    models = []
    for mname, sc in ctx.scopes.items():
        mm = ModuleModel(mname, sc.path, sc.module.loc)
        for a in sc.module.assignments:
            if isinstance(a, (A.TypeAssignment, A.SetAssignment)) and (mname, a.name) in ctx.typedefs:
                td = ctx.typedefs[(mname, a.name)]
                if td.type is not None and td not in mm.typedefs:
                    mm.typedefs.append(td)
            elif isinstance(a, A.ValueAssignment) and (mname, a.name) in ctx.values:
                mm.values.append(ctx.values[(mname, a.name)])
        for td in ctx.created_instances + ctx.contents:
            if td.module == mname and td.type is not None:
                mm.typedefs.append(td)
        mm.imports = {s: scope.origin(ctx, mname, s) or m for s, (m, _) in sc.imports.items()}
        models.append(mm)
    return Model(models)
