"""The ``ilpc`` command line.  It holds no compiler logic: see ``ilpc.driver``."""
from __future__ import annotations

import argparse
import os
import sys

from . import __version__
from .diagnostics import CompileError

EPILOG = """\
examples:
  ilpc examples/filetransfer/filetransfer.asn1 -o out && make -C out
  ilpc --emit x spec.asn1 -o out        # an RFC 4506 .x file for rpcgen
  ilpc --emit ir spec.asn1 -o out       # the marshalling plans, as text
  ilpc -I specs/common app.asn1 -o out  # imported modules are found in specs/common
"""


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(
        prog="ilpc", description="Compile ASN.1 message specifications to XDR stubs in C.",
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("specs", nargs="+", metavar="SPEC", help="ASN.1 files (.asn1)")
    ap.add_argument("-o", "--output", default="out", metavar="OUT",
                    help="output directory (default: out)")
    ap.add_argument("--emit", choices=["c", "x", "ir"], default="c",
                    help="c: C stubs, runtime, harness and Makefile (default); "
                         "x: RFC 4506 XDR language; ir: marshalling plans as text")
    ap.add_argument("-I", dest="include", action="append", default=[], metavar="DIR",
                    help="directory searched for imported modules (Module.asn1)")
    ap.add_argument("--ilp-calls", action="store_true",
                    help="ILP back end: call the cipher, checksum and store stages through function "
                         "pointers instead of inlining them (to measure what inlining gains)")
    ap.add_argument("-v", "--verbose", action="store_true", help="say what was read and written")
    ap.add_argument("--version", action="version", version=f"ilpc {__version__}")
    return ap


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    from .driver import compile_specs, load  # noqa: F401  (import after argument errors)
    color = sys.stderr.isatty() and os.environ.get("NO_COLOR") is None
    try:
        written = compile_specs(args.specs, args.output, args.emit, args.include, args.ilp_calls)
    except CompileError as e:
        for d in e.diagnostics:
            text = str(d)
            if color:
                text = text.replace(f"{d.severity}:", f"\033[1;31m{d.severity}:\033[0m" if d.severity == "error"
                                    else f"\033[1;36m{d.severity}:\033[0m", 1)
            print(text, file=sys.stderr)
        return 1
    except OSError as e:
        print(f"ilpc: error: {e.strerror}: {e.filename}", file=sys.stderr)
        return 1
    except Exception as e:  # a bug in ilpc, not in the spec: say so without a traceback
        if os.environ.get("ILPC_DEBUG"):
            raise
        print(f"ilpc: internal compiler error: {type(e).__name__}: {e}\n"
              f"ilpc: please report it with the spec; ILPC_DEBUG=1 shows the traceback", file=sys.stderr)
        return 70
    if args.verbose:
        for spec in args.specs:
            print(f"read {spec}", file=sys.stderr)
        for path, changed in written:
            print(f"{'wrote' if changed else 'unchanged'} {path}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
