"""ilpc's BER, CER and DER codecs (ilpc --encoding all) against asn1tools.

For every named type of the spec groups asn1tools compiles (tests/conftest.py), N_VALUES
seeded random values (tests/oracle/values.py, the XDR oracle's generator) are encoded
by asn1tools' DER codec; ``ilpc-harness roundtrip --encoding der`` (ASan+UBSan build)
must give back the same bytes, and ``--encoding ber`` the same DER from the other forms
BER allows, made by a rewriter of asn1tools' output here (indefinite lengths, long-form
lengths, strings in constructed segments, SET components and SET OF elements in another
order), decoded into an arena (``--arena``).  CER (asn1tools has no CER codec): the DER's CER, made here from X.690 9 and 11
(``cer_of``), is what ilpc's CER encoder writes for the value and what its CER decoder
takes back to the DER.

Where asn1tools is wrong the bytes are not compared and the reason is listed
(ASN1TOOLS_GAPS; tests for those cases use X.690's own rules on exact bytes below).
"""
from __future__ import annotations

import zlib
from pathlib import Path

import pytest

from conftest import (
    SHARES_HARNESS, group_harness, missing_specs, oracle_spec, run_by, run_harness, run_many, spec_paths,
)
from oracle.tlv import spans as tlv_spans

asn1tools = pytest.importorskip("asn1tools")

pytestmark = [pytest.mark.cbuild, pytest.mark.sanitizers]

N_VALUES = 6
GROUPS = ["XdrPrims", "XdrStructs", "perf-object", "filetransfer", "XdrImports", "XdrRecursion", "XdrOdd",
          *SHARES_HARNESS]

# Types whose values asn1tools encodes against X.690 / X.680: (group, type) -> why.
ASN1TOOLS_GAPS = {
    # X.690 11.6: DER sorts SET OF elements; asn1tools writes them in the value's order
    ("XdrStructs", "XdrStructs.SetOfBools"): "asn1tools does not sort SET OF in DER",
    # X.680 25.10: under AUTOMATIC TAGS root components are numbered before the extension
    # additions, also those after a second extension marker; asn1tools numbers textually
    ("XdrStructs", "XdrStructs.TwoMarkers"): "asn1tools' automatic tags after a second marker",
    ("XdrComponents", "XdrComponents.Base"): "asn1tools' automatic tags after a second marker",
    ("XdrComponents", "XdrComponents.Derived"): "asn1tools' COMPONENTS OF drops root components after a "
                                                "second marker",
    ("XdrComponents", "XdrComponents.Versioned"): "asn1tools' automatic tags after a second marker, and it "
                                                  "leaves extension addition groups out",
    ("XdrComponents", "XdrComponents.Nested"): "asn1tools leaves extension addition groups out",
    # X.690 11.5: a DEFAULT value is not encoded; asn1tools compares the value with the
    # default's name (v1) and so encodes version 0
    ("XdrCorpus", "XdrCorpus.Versioned"): "asn1tools encodes a DEFAULT given as a named number",
}
# X.680 31.2.7: an automatic (implicit) tag on a reference to a tagged CHOICE
# (CountryName ::= [APPLICATION 1] EXPLICIT CHOICE) replaces the CHOICE's tag; asn1tools
# keeps both, as if it were explicit
ASN1TOOLS_GAPS.update({("perf-object", f"PerfObject.{t}"): "asn1tools keeps a tagged CHOICE's tag under an "
                       "automatic tag" for t in (
                           "Perf-object", "MPDU", "UserMPDU", "UMPDUEnvelope", "MPDUIdentifier",
                           "GlobalDomainIdentifier", "TraceInformation", "TraceEntry", "DomainSuppliedInfo",
                           "DeliveryReportMPDU", "DeliveryReportEnvelope", "DeliveryReportContent")})
# Values the generator makes that are not values of the BER type: an ANY or open type
# holds a TLV, the generator gives random octets (hand tests below).
RANDOM_OCTETS_FOR_TLV = {"XdrAny"}


def seed_of(type_name: str) -> int:
    return zlib.crc32(b"ber:" + type_name.encode())


_ASN1TOOLS: dict = {}


def _der(group: str):
    if group not in _ASN1TOOLS:
        try:
            _ASN1TOOLS[group] = asn1tools.compile_files([str(p) for p in spec_paths(group)], "der")
        except (asn1tools.CompileError, KeyError) as e:
            _ASN1TOOLS[group] = e
    spec = _ASN1TOOLS[group]
    if isinstance(spec, Exception):
        pytest.skip(f"asn1tools' DER codec cannot compile {group}: {type(spec).__name__}: {spec}")
    return spec


def ber_harness(tmp_path_factory, group: str) -> Path:
    """The group's harness: conftest's, which has every encoding's codec."""
    return group_harness(tmp_path_factory, group)


def run_all(harness: Path, type_name: str, jobs: list[tuple[bytes, str]]):
    """Each (input, encoding) through ``roundtrip --encoding``: one roundtrip-many process
    per encoding (conftest.run_many), the results in the jobs' order.  BER's inputs (the
    rewriter's forms) are decoded into an arena (``--arena``: T_decode_ber_arena, from a
    small first block that every larger value outgrows), DER's with malloc: the two
    allocators of the same decoders, over every type."""
    return run_by(jobs, lambda j: j[1],
                  lambda enc, js: run_many(harness, type_name, [data for data, _ in js], encoding=enc,
                                           arena=enc == "ber"))


# ---------------------------------------------------------------- the BER rewriter

def _tlvs(data: bytes) -> list[tuple[int, int, bytes, bytes]]:
    """DER octets as (identifier octets' first, whole identifier, contents) per element."""
    return [(data[start], ident_end - start, data[start:ident_end], data[cs:end])
            for start, ident_end, cs, end in tlv_spans(data)]


STRING_TAGS = {0x04, 0x0C, 0x12, 0x13, 0x14, 0x15, 0x16, 0x19, 0x1A, 0x1B}  # UNIVERSAL, primitive


def rewrite(data: bytes, style: int) -> bytes:
    """An equivalent BER encoding: style 0 indefinite lengths, 1 long-form lengths
    (three octets), 2 strings in segments of 2 octets in indefinite constructed form,
    and SET and SET OF contents reversed."""
    out = bytearray()
    for first, _, ident, contents in _tlvs(data):
        constructed = bool(first & 0x20)
        if constructed:
            inner = _tlvs(contents)
            body = b"".join(rewrite(ident2 + _len(len(c2)) + c2, style) for _, _, ident2, c2 in inner)
            if style == 2 and first == 0x31 and len(inner) > 1:  # SET, SET OF: another order
                body = b"".join(rewrite(ident2 + _len(len(c2)) + c2, style) for _, _, ident2, c2 in reversed(inner))
            if style in (0, 2):
                out += ident + b"\x80" + body + b"\x00\x00"
            else:
                out += ident + _long(len(body)) + body
        elif style == 2 and first in STRING_TAGS and len(contents) > 2:
            segs = b"".join(bytes([0x04]) + _len(len(contents[k:k + 2])) + contents[k:k + 2]
                            for k in range(0, len(contents), 2))
            out += bytes([first | 0x20]) + b"\x80" + segs + b"\x00\x00"
        elif style == 1:
            out += ident + _long(len(contents)) + contents
        else:
            out += ident + _len(len(contents)) + contents
    return bytes(out)


def _long(n: int) -> bytes:
    """A length in the long form, in two octets at least (not DER's)."""
    k = max(2, (n.bit_length() + 7) // 8)
    return bytes([0x80 | k]) + n.to_bytes(k, "big")


def _len(n: int) -> bytes:
    if n < 0x80:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def test_rewriter_makes_ber_forms():
    der = bytes.fromhex("300a" "0401ff" "0403616263" "3100")
    assert rewrite(der, 0).hex() == "3080" "0401ff" "0403616263" "31800000" "0000"
    assert rewrite(der, 1).hex() == "30820010" "04820001ff" "04820003616263" "31820000"
    assert rewrite(der, 2).hex() == "3080" "0401ff" "2480" "04026162" "040163" "0000" "31800000" "0000"


def cer_of(der: bytes) -> bytes:
    """CER from DER octets, element by element (X.690 9 and 11): every constructed
    encoding with an indefinite length; a string of more than 1000 contents octets in
    constructed form, segments of 1000 contents octets each but the last (BIT STRING
    segments for a UNIVERSAL BIT STRING, else OCTET STRING ones: every other primitive
    that long under a tag of another class is a string in the generator's values, whose
    implicitly tagged BIT STRINGs are short); the elements of a SET OF (a UNIVERSAL SET
    whose elements share one identifier: a SET's components have distinct tags) sorted
    by their CER octets, which need not be their DER order.  Not for what the octets
    alone do not say: a SET OF under an implicit tag (the generator's values have
    none whose order differs)."""
    out = bytearray()
    for first, _, ident, contents in _tlvs(der):
        if first & 0x20:
            inner = [cer_of(ident2 + _len(len(c2)) + c2) for _, _, ident2, c2 in _tlvs(contents)]
            idents = {ident2 for _, _, ident2, _ in _tlvs(contents)}
            if first == 0x31 and len(idents) == 1:
                inner.sort(key=lambda e: e)  # X.690 11.6: zero padding never decides between two encodings
            out += ident + b"\x80" + b"".join(inner) + b"\x00\x00"
        elif (first in STRING_TAGS or first == 0x03 or first & 0xC0) and len(contents) > 1000:
            segs = bytearray()
            if first == 0x03:  # the unused-bits octet opens every segment: 999 octets of bits each
                bits, unused = contents[1:], contents[:1]
                for k in range(0, len(bits), 999):
                    piece = (unused if k + 999 >= len(bits) else b"\x00") + bits[k:k + 999]
                    segs += b"\x03" + _len(len(piece)) + piece
            else:
                for k in range(0, len(contents), 1000):
                    segs += b"\x04" + _len(len(contents[k:k + 1000])) + contents[k:k + 1000]
            out += bytes([first | 0x20]) + b"\x80" + segs + b"\x00\x00"
        else:
            out += ident + _len(len(contents)) + contents
    return bytes(out)


def test_cer_of_makes_cer():
    der = bytes.fromhex("3109" "3003020102" "3002" "0500") + bytes.fromhex("048203e9") + b"a" * 1001
    assert cer_of(der) == (bytes.fromhex("3180" "3080020102" "0000" "30800500" "0000" "0000")
                           + bytes.fromhex("2480048203e8") + b"a" * 1000 + bytes.fromhex("040161" "0000"))
    bits = bytes.fromhex("038203ea" "05") + b"b" * 1001
    assert cer_of(bits) == (bytes.fromhex("2380" "038203e8" "00") + b"b" * 999 + bytes.fromhex("030305")
                            + b"bb" + bytes.fromhex("0000"))


# ---------------------------------------------------------------- the oracle

def _params():
    out = []
    for g in GROUPS:
        if missing_specs(g):
            continue
        try:
            names = oracle_spec(g).type_names()
        except Exception:  # noqa: BLE001 - test_xdr_oracle reports it
            continue
        out += [pytest.param(g, n, id=f"{g}:{n}") for n in names]
    return out


@pytest.mark.parametrize("group,type_name", _params())
def test_der_and_ber_against_asn1tools(tmp_path_factory, group, type_name):
    from oracle.values import ValueGen
    spec = _der(group)
    if group in RANDOM_OCTETS_FOR_TLV:
        pytest.skip("the value generator gives an ANY random octets, not a TLV (test_ber_rules.py: Holder)")
    gap = ASN1TOOLS_GAPS.get((group, type_name))
    t = oracle_spec(group).type(type_name)
    short = type_name.split(".", 1)[1]
    cases: dict[bytes, object] = {}
    for v in ValueGen(seed_of(type_name)).values(t, N_VALUES):
        try:
            cases.setdefault(spec.encode(short, v), v)
        except Exception as e:  # noqa: BLE001 - asn1tools' codec limitation
            pytest.skip(f"asn1tools cannot encode {type_name} value {v!r}: {type(e).__name__}: {e}")
    harness = ber_harness(tmp_path_factory, group)
    datas = list(cases)
    jobs = [(d, "der") for d in datas] + [(rewrite(d, k % 3), "ber") for k, d in enumerate(datas)]
    results = run_all(harness, type_name, jobs)
    failures = [] if gap else _cer_failures(harness, type_name, datas)
    for (data, enc), r in zip(jobs, results):
        err = r.stderr.decode("utf-8", "replace").strip()
        if any(m in err for m in ("Sanitizer", "runtime error")):
            failures.append(f"{enc} {data.hex()}: sanitizer\n{err[-2000:]}")
            continue
        if gap:
            continue  # the bytes of asn1tools are not X.690's: no comparison, but no crash either
        want = datas[jobs.index((data, enc)) % len(datas)] if enc == "ber" else data
        if r.returncode != 0 or r.stdout != want:
            failures.append(f"{enc}\n  in  {data.hex()}\n  out {r.stdout.hex()}\n  want {want.hex()} "
                            f"exit {r.returncode} {err[-500:]}")
    assert not failures, f"{len(failures)} of {len(jobs)} runs of {type_name} differ:\n" + "\n".join(failures[:3])
    if gap:
        pytest.skip(f"ran clean under the sanitizers, bytes not compared: {gap}")


def _cer_failures(harness: Path, type_name: str, datas: list[bytes]) -> list[str]:
    """asn1tools' DER values (X.690 ones: not ASN1TOOLS_GAPS) in CER: ilpc's encoder
    writes what cer_of makes of the DER, its CER decoder takes that back to the DER."""
    failures = []
    cers = run_many(harness, type_name, datas, encoding="der", to="cer")
    backs = run_many(harness, type_name, [cer_of(d) for d in datas], encoding="cer", to="der")
    for d, c, b in zip(datas, cers, backs):
        if c.returncode != 0 or c.stdout != cer_of(d):
            failures.append(f"der -> cer\n  in  {d.hex()}\n  out {c.stdout.hex()}\n  want {cer_of(d).hex()} "
                            f"exit {c.returncode} {c.stderr.decode('utf-8', 'replace')[-500:]}")
        if b.returncode != 0 or b.stdout != d:
            failures.append(f"cer -> der\n  in  {cer_of(d).hex()}\n  out {b.stdout.hex()}\n  want {d.hex()} "
                            f"exit {b.returncode} {b.stderr.decode('utf-8', 'replace')[-500:]}")
    return failures


def test_harness_converts_between_encodings(tmp_path_factory):
    """``roundtrip --encoding E --to E2`` decodes in E and encodes in E2 (the same C
    value): XDR to DER and back; --to names an encoding, and only roundtrip takes it."""
    harness = ber_harness(tmp_path_factory, "XdrPrims")
    xdr, der = (-129).to_bytes(4, "big", signed=True), bytes.fromhex("0202ff7f")
    assert _der("XdrPrims").encode("Int32Full", -129) == der
    for data, args, want in ((xdr, ["--to", "der"], der), (der, ["--encoding", "der", "--to", "xdr"], xdr),
                             (der, ["--encoding", "ber", "--to", "der"], der)):
        r = run_harness(harness, "XdrPrims.Int32Full", data, extra=args)
        assert (r.returncode, r.stdout) == (0, want), r.stderr
    r = run_harness(harness, "XdrPrims.Int32Full", xdr, extra=["--to", "per"])
    assert r.returncode == 64 and b"--to needs one of: xdr ber cer der" in r.stderr, r.stderr
    r = run_harness(harness, "XdrPrims.Int32Full", xdr, mode="seal", extra=["--to", "der"])
    assert r.returncode == 64 and b"--to is an option of roundtrip" in r.stderr, r.stderr
