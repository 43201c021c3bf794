"""What the BER, CER and DER decoders of the generated code accept and reject, on exact
bytes (X.690 8-11; docs/mapping.md, "BER, CER, DER"): each non-canonical form DER and CER
reject has its own code, BER takes every form and re-encodes in DER, and hostile input
(100,000 nested indefinite lengths, truncation, huge lengths) fails cleanly.
"""
from __future__ import annotations

import pytest

from conftest import BuildError, build_harness, check_clean_exit, run_dir, shared_build

pytestmark = [pytest.mark.cbuild, pytest.mark.sanitizers]

SPEC = """Rules DEFINITIONS IMPLICIT TAGS ::= BEGIN
Rec ::= SEQUENCE {
    a INTEGER,
    b BOOLEAN DEFAULT TRUE,
    c OCTET STRING OPTIONAL,
    d BIT STRING OPTIONAL,
    e GeneralizedTime OPTIONAL,
    f UTCTime OPTIONAL
}
Pair ::= SET { x INTEGER, y BOOLEAN }
Bag ::= SET OF INTEGER
Ext ::= SEQUENCE { a INTEGER, ... }
Deep ::= SEQUENCE { next Deep OPTIONAL }
Num ::= REAL
Holder ::= SEQUENCE { id INTEGER, v ANY DEFINED BY id }
Wrapped ::= [APPLICATION 5] EXPLICIT INTEGER
Pick ::= CHOICE { i INTEGER, s IA5String, t [0] BOOLEAN }
Name ::= BMPString
Id ::= OBJECT IDENTIFIER
Bye ::= [APPLICATION 2] NULL
Op ::= CHOICE { n INTEGER, bye Bye }
Msg ::= SEQUENCE { id INTEGER, bye Bye, op Op }
Short ::= OCTET STRING (SIZE (1..3))
Flags ::= BIT STRING (SIZE (0..4))
Tag ::= IA5String (SIZE (1..2))
Few ::= SEQUENCE SIZE (1..2) OF INTEGER
Blob ::= OCTET STRING
Bits ::= BIT STRING
Text ::= IA5String
Wide ::= BMPString
Tagged ::= [3] OCTET STRING
Seqs ::= SET OF SEQUENCE { n INTEGER, s OCTET STRING OPTIONAL }
END
"""

OK = "ok"
# (encoding, type, input hex, expected: output hex, or a piece of the one-line error)
CASES = [
    # lengths: short, long (BER only), indefinite (BER, not DER), 0xFF, past the input
    ("der", "Rec", "3003020105", "3003020105"),
    ("ber", "Rec", "30820003020105", "3003020105"),
    ("der", "Rec", "3081030201 05", "DER/CER: length not in minimal form"),
    ("cer", "Rec", "3081030201 05", "DER/CER: length not in minimal form"),
    ("ber", "Rec", "3080020105 0000", "3003020105"),
    ("der", "Rec", "3080020105 0000", "DER: indefinite length"),
    ("cer", "Rec", "3080020105 0000", "3080020105 0000"),
    ("cer", "Rec", "3003020105", "CER: constructed encoding with a definite length"),
    ("ber", "Rec", "30ff020105", "BER: malformed length"),
    ("ber", "Rec", "3005020105", "input truncated"),
    ("ber", "Rec", "3084ffffffff020105", "input truncated"),
    ("ber", "Rec", "3003020105 00", "trailing bytes"),
    ("ber", "Rec", "3103020105", "BER: unexpected tag"),
    ("ber", "Rec", "3080020105", "input truncated"),
    # INTEGER: minimal in every rule set
    ("ber", "Rec", "300402020005", "BER: integer not minimal"),
    # BOOLEAN: DER/CER only 0x00 and 0xFF; a DEFAULT value is not encoded
    ("ber", "Rec", "3006020105010101", "3003020105"),
    ("der", "Rec", "3006020105010101", "DER/CER: BOOLEAN TRUE other than 0xFF"),
    ("der", "Rec", "30060201050101ff", "DER/CER: component encoded with its DEFAULT value"),
    ("ber", "Rec", "30060201050101ff", "3003020105"),
    ("der", "Rec", "3006020105010100", "3006020105010100"),
    # strings in segments: BER yes, DER no
    ("ber", "Rec", "300b020105 2406 040161 040162", "3007020105 04026162"),
    ("der", "Rec", "300b020105 2406 040161 040162", "DER/CER: string segments"),
    ("ber", "Rec", "300d020105 2480 040161 040162 0000", "3007020105 04026162"),
    # BIT STRING: unused bits must be zero in DER; BER clears them
    ("der", "Rec", "3007020105 03020781", "DER/CER: non-zero unused bits"),
    ("ber", "Rec", "3007020105 03020781", "3007020105 03020780"),
    ("ber", "Rec", "3007020105 03020881", "BER: malformed contents"),
    # time formats (X.690 11.7, 11.8)
    ("der", "Rec", "3014020105 180f 32303139313231353139303231305a", "3014020105 180f 32303139313231353139303231305a"),
    ("der", "Rec", "3017020105 1812 32303139313231353139303231302e35305a", "DER/CER: time not in canonical form"),
    ("ber", "Rec", "3017020105 1812 32303139313231353139303231302e35305a",
     "3017020105 1812 32303139313231353139303231302e35305a"),
    ("der", "Rec", "3010020105 170b 313931323135313930325a", "DER/CER: time not in canonical form"),
    # SET: any order in BER, tag order in DER; a component twice
    ("der", "Pair", "31060101ff020105", "31060101ff020105"),
    ("der", "Pair", "31060201050101ff", "DER/CER: SET components not in tag order"),
    ("ber", "Pair", "31060201050101ff", "31060101ff020105"),
    ("ber", "Pair", "31090201050201060101ff", "BER: a SET component twice"),
    ("ber", "Pair", "31030201 05", "BER: unexpected tag"),
    # SET OF: sorted in DER
    ("der", "Bag", "3106020101020102", "3106020101020102"),
    ("der", "Bag", "3106020102020101", "DER/CER: SET OF elements not sorted"),
    ("ber", "Bag", "3106020102020101", "3106020101020102"),
    # an unknown extension addition is skipped in every rule set
    ("ber", "Ext", "3006020105040100", "3003020105"),
    ("der", "Ext", "3006020105040100", "3003020105"),
    # REAL: binary, decimal, special (X.690 8.5)
    ("der", "Num", "0903800001", "0903800001"),
    ("ber", "Num", "0905 03312e4530", "0903800001"),
    ("der", "Num", "0905 03312e4530", "0903800001"),
    ("der", "Num", "0904 01312e30", "DER/CER: REAL not in canonical form"),
    ("ber", "Num", "0903a00101", "0903800401"),
    ("der", "Num", "0903800002", "DER/CER: REAL not in canonical form"),
    ("ber", "Num", "090140", "090140"),
    ("ber", "Num", "090143", "090143"),
    ("ber", "Num", "0900", "0900"),
    ("ber", "Num", "090144", "BER: malformed contents"),
    # ANY: the value's TLV as it came; explicit tags; CHOICE by tag
    ("der", "Holder", "3008020101 0403616263", "3008020101 0403616263"),
    ("der", "Wrapped", "6503020105", "6503020105"),
    ("der", "Wrapped", "6403020105", "BER: unexpected tag"),
    ("der", "Pick", "16026869", "16026869"),
    ("der", "Pick", "8001ff", "8001ff"),
    ("der", "Pick", "0101ff", "BER: unexpected tag"),
    # BMPString: UCS-2 on the wire
    ("der", "Name", "1e0400e9006b", "1e0400e9006b"),
    ("der", "Name", "1e03006b00", "BER: malformed contents"),
    # OBJECT IDENTIFIER
    ("der", "Id", "06062a864886f70d", "06062a864886f70d"),
    ("der", "Id", "06032a8001", "BER: malformed contents"),
    ("der", "Id", "06022a86", "BER: malformed contents"),
    # a named NULL type (LDAP's UnbindRequest) as a CHOICE alternative and a component:
    # C holds no member for it, its functions are called with NULL
    ("der", "Op", "4200", "4200"),
    ("ber", "Op", "020105", "020105"),
    ("der", "Msg", "3007020101 4200 4200", "3007020101 4200 4200"),
    ("ber", "Msg", "3009020101 4200 4282 0000", "3007020101 4200 4200"),
    ("ber", "Msg", "3008020101 4200 420100", "BER: malformed contents"),
    ("ber", "Msg", "3005020101 4200", "BER: unexpected tag"),
    # a string above its SIZE's upper bound is ILPC_E_SIZE, as in XDR and as a SEQUENCE OF
    # above its bound (ILPC_E_LIMIT is the runtime limit of unbounded ones)
    ("der", "Short", "0403616263", "0403616263"),
    ("der", "Short", "040461626364", "length or count outside its SIZE constraint"),
    ("ber", "Short", "2480 04026162 04026364 0000", "length or count outside its SIZE constraint"),
    ("der", "Short", "0400", "length or count outside its SIZE constraint"),
    ("der", "Flags", "030204f0", "030204f0"),
    ("der", "Flags", "030203f8", "length or count outside its SIZE constraint"),
    ("der", "Tag", "16026869", "16026869"),
    ("der", "Tag", "1603686969", "length or count outside its SIZE constraint"),
    ("der", "Few", "3009020101020102020103", "length or count outside its SIZE constraint"),
]



def _seg(tag: str, n: int, fill: str = "61") -> str:
    """A primitive segment of n octets of fill (n < 65536)."""
    length = f"{n:02x}" if n < 0x80 else f"81{n:02x}" if n < 0x100 else f"82{n:04x}"
    return tag + length + fill * n


# CER's encodings (X.690 9, 11): (type, DER hex, CER hex).  Each DER value re-encodes in
# CER (--encoding der --to cer), the CER goes back to the same DER, and CER re-encodes
# to itself.  Constructed encodings take indefinite lengths; a string of more than 1000
# contents octets is constructed, of segments of 1000 contents octets each but the last
# (a BIT STRING's unused-bits octet counts: 999 octets of bits a segment), OCTET STRING
# segments for every string type but BIT STRING (X.690 8.23.6's example); SET OF in the
# order of the elements' CER encodings, which need not be their DER order.
CER_CASES = [
    ("Rec", "3003020105", "3080020105 0000"),
    ("Rec", "3007020105 04026162", "3080020105 04026162 0000"),
    ("Wrapped", "6503020105", "6580020105 0000"),
    ("Pick", "16026869", "16026869"),
    ("Pick", "8001ff", "8001ff"),
    ("Bag", "3100", "31800000"),
    ("Bag", "3106020101020102", "3180020101020102 0000"),
    ("Msg", "3007020101 4200 4200", "3080020101 4200 4200 0000"),
    ("Holder", "3008020101 0403616263", "3080020101 0403616263 0000"),
    ("Seqs", "310d 3003020102 3006020101040178", "3180 3080020101040178 0000 3080020102 0000 0000"),
    ("Blob", _seg("04", 1000), _seg("04", 1000)),
    ("Blob", _seg("04", 1001), "2480" + _seg("04", 1000) + _seg("04", 1) + "0000"),
    ("Blob", _seg("04", 2500), "2480" + _seg("04", 1000) * 2 + _seg("04", 500) + "0000"),
    ("Blob", _seg("04", 2000), "2480" + _seg("04", 1000) * 2 + "0000"),
    ("Tagged", _seg("83", 1200), "a380" + _seg("04", 1000) + _seg("04", 200) + "0000"),
    ("Bits", "038203e8" + "00" + "61" * 999, "038203e8" + "00" + "61" * 999),
    ("Bits", "038203e9" + "00" + "61" * 1000, "2380" + "038203e800" + "61" * 999 + "030200" + "61" + "0000"),
    ("Bits", "038207cf" + "03" + "61" * 1997 + "68",
     "2380" + "038203e800" + "61" * 999 + "038203e803" + "61" * 998 + "68" + "0000"),
    ("Text", _seg("16", 1000), _seg("16", 1000)),
    ("Text", _seg("16", 1001), "3680" + _seg("04", 1000) + _seg("04", 1) + "0000"),
    ("Wide", "1e8203ea" + "0061" * 501,
     "3e80" + "048203e8" + "0061" * 500 + "04020061" + "0000"),
]


@pytest.mark.parametrize("type_name,der,cer", CER_CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CER_CASES)])
def test_cer_encoding(harness, type_name, der, cer):
    der, cer = bytes.fromhex(der.replace(" ", "")), bytes.fromhex(cer.replace(" ", ""))
    for enc, to, data, want in (("der", "cer", der, cer), ("cer", "der", cer, der), ("cer", None, cer, cer)):
        r = _run_enc(harness, enc, type_name, data, to)
        check_clean_exit(r, f"{enc} -> {to or enc} {type_name}")
        assert r.returncode == 0 and r.stdout == want, (enc, to, r.stdout.hex(), r.stderr)


@pytest.fixture(scope="module")
def harness(tmp_path_factory):
    def make(out):
        out.mkdir(parents=True, exist_ok=True)
        spec = out / "Rules.asn1"
        spec.write_text(SPEC)
        return build_harness([spec], out / "build", "asan", run_dir(tmp_path_factory) / "runtime-objects",
                             ilpc_args=("--encoding", "all"))
    try:
        return shared_build(tmp_path_factory, "ilpc-ber-rules-asan", make)
    except BuildError as e:
        pytest.fail(str(e), pytrace=False)


def _run_enc(harness, enc, type_name, data, to=None):
    import os
    import subprocess

    from conftest import SANITIZER_ENV
    env = dict(os.environ, **SANITIZER_ENV)
    return subprocess.run([str(harness), "roundtrip", f"Rules.{type_name}", "--encoding", enc,
                           *(["--to", to] if to else [])], input=data, capture_output=True, timeout=60, env=env)


@pytest.mark.parametrize("enc,type_name,hex_in,expected", CASES, ids=[f"{c[0]}-{c[1]}-{i}" for i, c in enumerate(CASES)])
def test_rules(harness, enc, type_name, hex_in, expected):
    data = bytes.fromhex(hex_in.replace(" ", ""))
    r = _run_enc(harness, enc, type_name, data)
    check_clean_exit(r, f"{enc} {type_name} {hex_in}")
    err = r.stderr.decode()
    if all(c in "0123456789abcdef " for c in expected):
        assert r.returncode == 0 and r.stdout.hex() == expected.replace(" ", ""), err
    else:
        assert r.returncode == 2 and expected in err, err


def test_nested_indefinite_lengths_fail_cleanly(harness):
    """100,000 nested indefinite lengths of a recursive type: a depth error, no stack
    overflow, nothing leaked."""
    n = 100_000
    data = b"\x30\x80" * n + b"\x00\x00" * n
    for enc in ("ber", "cer"):
        r = _run_enc(harness, enc, "Deep", data)
        check_clean_exit(r, enc)
        assert r.returncode == 2 and b"nesting deeper" in r.stderr
    r = _run_enc(harness, "der", "Deep", data)
    assert r.returncode == 2 and b"DER: indefinite length" in r.stderr
    r = _run_enc(harness, "ber", "Deep", b"\x30\x80" * 8 + b"\x00\x00" * 8)
    assert r.returncode == 0 and r.stdout.hex() == "300e300c300a3008300630043002" "3000"
