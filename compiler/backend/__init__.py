"""The back ends: from marshalling plans (compiler/ir) to files (docs/architecture.md).

``interface.py``  what a back end receives and returns (Backend, Options, Compilation)
``registry.py``   the back ends, and what each ``--emit`` generates: the table the driver reads
``xdr_c.py``      XDR C stubs (templates/C/xdr)         ``ilp.py``  the ILP paths (templates/C/ilp),
``xdr_lang.py``   the ``.x`` file for rpcgen             with ilp_lower.py and ilp_rules.py
``cbuild.py``     runtime, harness, fuzz target and Makefile of ``--emit c``
shared by the C back ends:
``naming.py``     every generated name                   ``cexpr.py``  lvalues, literals, conditions
``checks.py``     the checks of values (templates/C/checks.j2)
``ctype.py``      the C types (templates/C/types.j2)     ``render.py``  the Jinja2 environment
"""
