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
  ilpc --explain spec.asn1              # which send/receive path T_send/T_recv take, and why
  ilpc --explain --encoding der spec.asn1   # ... and T_send_der/T_recv_der's

in a build (see README "Using ilpc in a build"):
  ilpc spec.asn1 -o gen --depfile gen.d --stamp gen.stamp   # make/ninja dependency file
  ilpc spec.asn1 -o gen --list-outputs  # the files it would write, one a line
  cmake -Dilpc_DIR="$(ilpc --cmake-dir)" ...   # find_package(ilpc) and ilpc_add_library()
  cc app.c $(ilpc --cflags --libs spec.asn1 -o out)   # after: ilpc spec.asn1 -o out && make -C out
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
    ap.add_argument("--ilp", choices=["auto", "fused", "tiled", "layered"], default="auto",
                    help="the path the generated T_send/T_recv take: auto (default): the cost model's "
                         "choice per target compiler, cipher and message length; or always one of them")
    ap.add_argument("--pdu", action="append", default=[], metavar="TYPE",
                    help="also give TYPE (Type or Module.Type) the ILP send and receive paths, which by "
                         "default only the types no other type uses (the messages) get; 'all': every type; "
                         "repeatable")
    ap.add_argument("--encoding", action="append", default=[], metavar="LIST",
                    help="the transfer syntaxes whose codecs --emit c generates, separated by commas: "
                         "xdr (default; always generated: the C types are its header's), ber, cer, der "
                         "(ITU-T X.690: T_decode_ber, T_decode_cer, T_decode_der, T_encode_der, "
                         "T_size_der, in M_ber.c), all")
    ap.add_argument("--explain", action="store_true",
                    help="print the cost model's choices (--ilp auto) for every type and cipher, and why; "
                         "writes nothing")
    ap.add_argument("-v", "--verbose", action="store_true", help="say what was read and written")
    ap.add_argument("--version", action="version", version=f"ilpc {__version__}")
    _add_build_arguments(ap)
    return ap


# --- Build-system integration (CMake, Make) ------------------------------------------

class _PrintCMakeDir(argparse.Action):
    def __call__(self, parser, namespace, values, option_string=None):
        from .resources import cmake_dir
        print(cmake_dir())
        parser.exit()


def _add_build_arguments(ap: argparse.ArgumentParser) -> None:
    g = ap.add_argument_group(
        "build-system integration",
        "For build tools; each --list-*, --cflags and --libs prints and exits without writing anything.")
    g.add_argument("--depfile", metavar="FILE",
                   help="also write a make-style dependency file: the outputs (or, with --stamp, the "
                        "stamp) depend on every spec read, imports included; rewritten only when it changes")
    g.add_argument("--stamp", metavar="FILE",
                   help="touch FILE after every successful run (outputs are only rewritten when they "
                        "change, so a build rule should produce the stamp and name the outputs as byproducts)")
    lists = g.add_mutually_exclusive_group()
    lists.add_argument("--list-outputs", action="store_true",
                       help="print the files ilpc would write for these specs and options, one a line")
    lists.add_argument("--list-inputs", action="store_true",
                       help="print every spec file ilpc would read, imports included, one a line")
    g.add_argument("--cflags", action="store_true",
                   help="print the compiler flags for using the library that `make -C OUT` builds: -IOUT")
    g.add_argument("--libs", action="store_true",
                   help="print the linker arguments for it: OUT/lib<stem>.a (the stubs and the runtime; "
                        "<stem> is the first spec's file name without .asn1), then libcrypto's when "
                        "pkg-config finds it (as the generated Makefile decides; ILPC_LIBCRYPTO=0/1 in "
                        "the environment decides instead)")
    g.add_argument("--cmake-dir", nargs=0, action=_PrintCMakeDir,
                   help="print the directory of the CMake package (ilpcConfig.cmake) and exit")


def _uses_build_options(args: argparse.Namespace) -> bool:
    return bool(args.depfile or args.stamp or args.list_outputs or args.list_inputs or args.cflags or args.libs)


def _gen_options(args: argparse.Namespace) -> dict:
    # generate()'s keyword arguments: keep in step with the compile_specs() call in main().
    return {"ilp_calls": args.ilp_calls, "ilp": args.ilp, "pdus": _pdus(args), "encodings": _encodings(args)}


def _encodings(args: argparse.Namespace) -> list[str]:
    """--encoding's list: names separated by commas, repeatable; 'all' is every one."""
    from .backend.registry import ENCODINGS
    names = [name for arg in args.encoding for name in arg.split(",") if name] or ["xdr"]
    if "all" in names:
        return list(ENCODINGS)
    bad = [n for n in names if n not in ENCODINGS]
    if bad:
        raise SystemExit(f"ilpc: unknown --encoding {', '.join(bad)} (known: {', '.join(ENCODINGS)}, all)")
    return names


def _pdus(args: argparse.Namespace) -> list[str]:
    return [name for arg in args.pdu for name in arg.split(",") if name]


def _show(d, color: bool) -> None:
    """Print one diagnostic to stderr, its severity coloured on a terminal."""
    text = str(d)
    if color:
        code = {"error": "1;31", "warning": "1;35"}.get(d.severity, "1;36")
        text = text.replace(f"{d.severity}:", f"\033[{code}m{d.severity}:\033[0m", 1)
    print(text, file=sys.stderr)


def _build_main(args: argparse.Namespace, report) -> int:
    from . import driver
    if args.cflags or args.libs:
        print(" ".join(driver.link_flags(args.specs, args.output, args.cflags, args.libs)))
        return 0
    if args.list_outputs or args.list_inputs:
        if args.list_outputs:
            lines = driver.list_outputs(args.specs, args.output, args.emit, args.include, **_gen_options(args))
        else:
            lines = driver.load(args.specs, args.include).inputs
        sys.stdout.write("".join(f"{line}\n" for line in lines))
        return 0
    comp, written = driver.compile_for_build(args.specs, args.output, args.emit, args.include,
                                             args.depfile, args.stamp, report, **_gen_options(args))
    if args.verbose:
        for spec in comp.inputs:
            print(f"read {spec}", file=sys.stderr)
        for path, changed in written:
            print(f"{'wrote' if changed else 'unchanged'} {path}", file=sys.stderr)
    return 0


def _internal_error(e: Exception) -> int:
    if os.environ.get("ILPC_DEBUG"):
        raise e
    print(f"ilpc: internal compiler error: {type(e).__name__}: {e}\n"
          f"ilpc: please report it with the spec; ILPC_DEBUG=1 shows the traceback", file=sys.stderr)
    return 70


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    from .driver import compile_specs, load  # noqa: F401  (import after argument errors)
    color = sys.stderr.isatty() and os.environ.get("NO_COLOR") is None

    def report(d) -> None:  # a warning of a spec that compiles
        _show(d, color)
    try:
        if args.explain:
            from .driver import explain
            sys.stdout.write(explain(args.specs, args.include, _pdus(args), report, _encodings(args)))
            return 0
        if _uses_build_options(args):  # build-system options; see _gen_options() when adding generate() options
            return _build_main(args, report)
        written = compile_specs(args.specs, args.output, args.emit, args.include, args.ilp_calls, args.ilp,
                                _pdus(args), report, _encodings(args))
    except CompileError as e:
        for d in e.diagnostics:
            _show(d, color)
        return 1
    except OSError as e:
        if e.strerror and e.filename:  # a file the user named or asked for
            print(f"ilpc: error: {e.strerror}: {e.filename}", file=sys.stderr)
            return 1
        return _internal_error(e)  # e.g. a template missing from a broken installation
    except Exception as e:  # a bug in ilpc, not in the spec: say so without a traceback
        return _internal_error(e)
    if args.verbose:
        for spec in args.specs:
            print(f"read {spec}", file=sys.stderr)
        for path, changed in written:
            print(f"{'wrote' if changed else 'unchanged'} {path}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
