#!/usr/bin/env python3
"""ilpc's DER codec of RFC 5280's Certificate against OpenSSL's d2i_X509/i2d_X509 on the
CA bundle (docs/benchmarks-ber.md, "X.509").

    python bench/ber/x509.py [--bundle /etc/ssl/certs/ca-certificates.crt] [--cc gcc]
                             [--cflags -O2] [--runs 9] [--quick] [--no-doc]

Builds, with one compiler and flags, `ilpc --encoding der` of examples/x509's two
PKIX modules (the generated Makefile) and src/bench_x509.c against it and libcrypto;
turns every certificate of the bundle (Debian's ca-certificates) into DER; then runs
the program RUNS times for each implementation, interleaved: ilpc (T_decode_der and
T_free per certificate), ilpc-arena (T_decode_ber_arena into one arena, reset per
certificate) and openssl (d2i_X509 and X509_free), each run the median of its
repetitions of decoding the whole bundle and of encoding it again from decoded values
(T_encode_der, i2d_X509).  Every implementation first checks that each certificate
re-encodes to its own bytes.  Ratios: medians of per-run ratios (the same run of both).
Writes the table into docs/benchmarks-ber.md between its x509 markers (not with
--quick or --no-doc) and bench/ber/results-x509.md.
"""
from __future__ import annotations

import argparse
import os
import shlex
import ssl
import statistics
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from benchlib import (BenchError, compiler_version, config_label, cpu_model, ilpc_generate, libcrypto_libs,  # noqa: E402
                      log, make, raise_priority, replace_section, run, slug, STRICT_C)

REPO = HERE.parent.parent
SPECS = [REPO / "examples/x509/PKIX1Explicit88.asn1", REPO / "examples/x509/PKIX1Implicit88.asn1"]
IMPLS = ("ilpc", "ilpc-arena", "openssl", "openssl-parts")
DOC = REPO / "docs" / "benchmarks-ber.md"
BEGIN, END = "<!-- x509: begin (bench/ber/x509.py) -->", "<!-- x509: end -->"


def bundle_records(bundle: Path) -> bytes:
    """The bundle's certificates as records: a 4-byte big-endian length and the DER."""
    text = bundle.read_text()
    marker = "-----END CERTIFICATE-----"
    pems = [p + marker for p in text.split(marker) if "-----BEGIN CERTIFICATE-----" in p]
    ders = [ssl.PEM_cert_to_DER_cert(p[p.index("-----BEGIN CERTIFICATE-----"):]) for p in pems]
    if not ders:
        raise BenchError(f"no certificate in {bundle}")
    return b"".join(len(d).to_bytes(4, "big") + d for d in ders)


def build(bdir: Path, cc: str, cflags: str) -> Path:
    out = bdir / "ilpc"
    ilpc_generate(SPECS[0], out, "--encoding", "der", str(SPECS[1]))
    make(out, cc=cc, cflags=cflags)
    libs = sorted(out.glob("lib*.a"))
    exe = bdir / "bench_x509"
    crypto = libcrypto_libs() or ["-lcrypto"]
    run([cc, *STRICT_C, *shlex.split(cflags), "-I", str(HERE / "src"), "-I", str(out), str(HERE / "src" / "bench_x509.c"), *map(str, libs),
         *crypto, "-lm", "-o", str(exe)])
    return exe


def parse(line: str) -> dict:
    f = dict(kv.split("=", 1) for kv in line.split())
    return {"certs": int(f["certs"]), "bytes": int(f["bytes"]), "decode": float(f["decode_ns"]),
            "encode": float(f["encode_ns"])}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bundle", type=Path, default=Path("/etc/ssl/certs/ca-certificates.crt"))
    ap.add_argument("--cc", default="gcc")
    ap.add_argument("--cflags", default="-O2")
    ap.add_argument("--runs", type=int, default=9)
    ap.add_argument("--reps", type=int, default=21)
    ap.add_argument("--quick", action="store_true", help="one short run; results into the build directory only")
    ap.add_argument("--no-doc", action="store_true", help="leave docs/benchmarks-ber.md alone")
    ap.add_argument("--build-dir", type=Path)
    args = ap.parse_args()
    if not args.bundle.is_file():
        raise BenchError(f"{args.bundle}: no CA bundle (Debian: apt-get install ca-certificates)")
    if args.quick:
        args.runs, args.reps = 1, 3
    bdir = args.build_dir or HERE / "build" / "x509" / slug(config_label(args.cc, args.cflags))
    bdir.mkdir(parents=True, exist_ok=True)
    log(f"building in {bdir}")
    exe = build(bdir, args.cc, args.cflags)
    records = bdir / "bundle.records"
    records.write_bytes(bundle_records(args.bundle))

    results: dict[str, list[dict]] = {i: [] for i in IMPLS}
    for k in range(args.runs):
        for impl in (IMPLS if k % 2 == 0 else IMPLS[::-1]):
            r = run([exe, impl, records, str(args.reps)], preexec_fn=raise_priority)
            if "VERIFY FAILED" in r.stdout or r.returncode != 0:
                raise BenchError(r.stdout + r.stderr)
            results[impl].append(parse(r.stdout))
        log(f"run {k + 1}/{args.runs} done")

    first = results["openssl"][0]
    n, size = first["certs"], first["bytes"]

    def med(impl: str, op: str) -> float:
        return statistics.median(x[op] for x in results[impl])

    def ratio(impl: str, op: str) -> str:
        rs = sorted(o[op] / m[op] for m, o in zip(results[impl], results["openssl"]))
        return f"**{statistics.median(rs):.2f}x** [{rs[0]:.2f}-{rs[-1]:.2f}]"
    lines = [f"{n} certificates ({size} bytes of DER) of {args.bundle}; {cpu_model()}, {os.cpu_count()} CPUs; "
             f"{compiler_version(args.cc)} {args.cflags}; {args.runs} runs of each implementation, interleaved, each the "
             f"median of {args.reps} repetitions; ratios: OpenSSL's time over ilpc's, the median of per-run ratios "
             f"(range in brackets).", "",
             "| | decode the bundle | per certificate | OpenSSL/ilpc | encode the bundle | per certificate | OpenSSL/ilpc |",
             "|---|--:|--:|--:|--:|--:|--:|"]
    for impl, label in (("openssl", "OpenSSL: d2i_X509 + X509_free; i2d_X509 (from the kept encoding)"),
                        ("ilpc", "ilpc: T_decode_der + T_free; T_encode_der"),
                        ("ilpc-arena", "ilpc: T_decode_ber_arena, reset per certificate; T_encode_der")):
        cells = [label]
        for op in ("decode", "encode"):
            t = med(impl, op)
            cells += [f"{t / 1e3:.1f} us", f"{t / n:.0f} ns", "" if impl == "openssl" else ratio(impl, op)]
        lines.append("| " + " | ".join(cells) + " |")
    # OpenSSL's parts: what of d2i_X509 is the key's decoding, and the TBSCertificate's
    # encoding done again (i2d_re_X509_tbs), against ilpc's whole certificate
    key, tbs = med("openssl-parts", "decode"), med("openssl-parts", "encode")
    rest = (med("openssl", "decode") - key) / med("ilpc", "decode")  # medians: a difference of noisy times
    again = sorted(p["encode"] / m["encode"] for m, p in zip(results["ilpc"], results["openssl-parts"]))
    lines += ["", f"Of OpenSSL's d2i_X509, decoding the SubjectPublicKeyInfo into an EVP_PKEY (d2i_X509_PUBKEY + "
              f"X509_PUBKEY_free alone) takes {key / 1e3:.1f} us for the bundle ({key / n:.0f} ns a certificate), "
              f"which ilpc's codec does not do: without it OpenSSL takes about {(med('openssl', 'decode') - key) / 1e3:.1f} us, "
              f"**{rest:.1f}x** ilpc's T_decode_der (from the medians).  i2d_X509 copies the "
              f"TBSCertificate's encoding that d2i_X509 kept; encoding it again from the structure "
              f"(i2d_re_X509_tbs, the TBSCertificate only) takes {tbs / 1e3:.1f} us ({tbs / n:.0f} ns a certificate): "
              f"**{statistics.median(again):.2f}x** [{again[0]:.2f}-{again[-1]:.2f}] ilpc's T_encode_der of the whole "
              f"certificate."]
    table = "\n".join(lines) + "\n"
    print(table)
    if args.quick:
        (bdir / "results-quick.md").write_text(table)
        return 0
    (HERE / "results-x509.md").write_text(f"# bench/ber/x509.py results\n\n`python bench/ber/x509.py --runs {args.runs}`"
                                          f"\n\n{table}")
    if not args.no_doc and not replace_section(DOC, BEGIN, END, table):
        raise BenchError(f"{DOC}: the markers {BEGIN} / {END} are missing")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BenchError as e:
        print(f"bench/ber/x509: {e}", file=sys.stderr)
        sys.exit(1)
