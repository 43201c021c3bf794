"""X.509 certificates and CRLs (examples/x509) through ilpc's generated DER codecs.

x509-tool is built with the example's Makefile (ilpc --encoding der on RFC 5280's
PKIX1Explicit88 and PKIX1Implicit88 modules, the codec part of the runtime, the
program) under ASan + UBSan.  The `openssl` command line and Python's `cryptography`
make certificates with RSA-2048, EC P-256 and Ed25519 keys: a CA and leaves with
basicConstraints, keyUsage, extKeyUsage, subjectAltName, subjectKeyIdentifier and
authorityKeyIdentifier, serials of 1 to 20 octets (high bit set: a leading 00),
UTCTime and GeneralizedTime (after 2049), UTF8String, PrintableString and BMPString
names, and CRLs.  Then:
  (a) `x509-tool dump` decodes each with M_T_decode_der and re-encodes it byte for byte;
  (b) the fields it prints are those `cryptography` reads;
  (c) `x509-tool make` builds self-signed certificates that `openssl verify` and
      `openssl x509 -text` accept and `cryptography` reads back as they were given;
  (d) malformed input (truncated at many lengths, bits flipped, a length enlarged, an
      indefinite length) fails cleanly: exit 1, one line on stderr, no sanitizer
      report; BER-only forms (long-form lengths, BOOLEAN TRUE as 01, indefinite
      lengths) decode with --ber (decode_ber) to a value whose DER is the original, and
      decode_der rejects them with the DER rule's code;
  (e) asn1tools, compiling the same modules (with the RFC's INTEGER serial), decodes
      the same values.
"""

from __future__ import annotations

import datetime as dt
import os
import random
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from conftest import SANITIZE, SANITIZE_CFLAGS, SANITIZER_ENV, shared_build

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "x509"
ILPC = f"{sys.executable} -m ilpc"
SAN = " ".join(SANITIZE)
CC = next((c for c in ("gcc", "clang", "cc") if shutil.which(c)), None)
OPENSSL = shutil.which("openssl")
HAVE_LIBCRYPTO = shutil.which("pkg-config") is not None and subprocess.run(
    ["pkg-config", "--exists", "libcrypto >= 3"]).returncode == 0

try:
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec, ed25519
    from cryptography.x509.name import _ASN1Type
    from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID
    HAVE_CRYPTOGRAPHY = True
except ImportError:  # pragma: no cover - the test extra installs it
    HAVE_CRYPTOGRAPHY = False

pytestmark = [
    pytest.mark.cbuild, pytest.mark.sanitizers, pytest.mark.peers,
    pytest.mark.skipif(CC is None or not shutil.which("make"), reason="needs a C compiler and make"),
    pytest.mark.skipif(OPENSSL is None, reason="needs the openssl command line"),
    pytest.mark.skipif(not HAVE_CRYPTOGRAPHY, reason="needs Python's cryptography package (pip install cryptography)"),
    pytest.mark.skipif(not HAVE_LIBCRYPTO, reason="x509-tool make signs with libcrypto >= 3 (libssl-dev, pkg-config)"),
]

UTC = dt.timezone.utc
SANITIZER_MARKERS = ("runtime error", "AddressSanitizer", "LeakSanitizer", "UndefinedBehaviorSanitizer")


# ---- building and running the tool ----

def make(build: Path, cc: str, cflags: str, ldflags: str = "") -> None:
    cmd = ["make", "-s", "-j1", "-C", str(EXAMPLE), f"BUILD={build}", f"ILPC={ILPC}", f"CC={cc}",
           f"CFLAGS={cflags}", f"LDFLAGS={ldflags}"]
    r = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, f"{' '.join(cmd)}\n{r.stdout[-3000:]}{r.stderr[-3000:]}"


@pytest.fixture(scope="module")
def tool(tmp_path_factory) -> Path:
    """x509-tool built with ASan + UBSan (once per run, shared by the xdist workers)."""
    def build(out: Path) -> Path:
        make(out, CC, " ".join(SANITIZE_CFLAGS), SAN)
        return out / "x509-tool"
    return shared_build(tmp_path_factory, "x509-tool-asan", build)


def run(tool: Path, *args, check_clean: bool = True) -> subprocess.CompletedProcess:
    env = dict(os.environ, **SANITIZER_ENV)
    r = subprocess.run([str(tool), *map(str, args)], capture_output=True, text=True, env=env, timeout=120)
    if check_clean:
        for m in SANITIZER_MARKERS:
            assert m not in r.stderr, f"x509-tool {args}: sanitizer report\n{r.stderr[-4000:]}"
        assert r.returncode in (0, 1, 2), f"x509-tool {args}: exit {r.returncode}\n{r.stderr[-4000:]}"
    return r


def dump(tool: Path, path: Path, *opts) -> subprocess.CompletedProcess:
    return run(tool, "dump", *opts, path)


def assert_clean_failure(r: subprocess.CompletedProcess, what: str, code: str | None = None) -> None:
    """Exit 1, one line on stderr naming the tool (and CODE, an ilpc error number)."""
    assert r.returncode == 1, f"{what}: exit {r.returncode}, expected 1\n{r.stdout[-2000:]}{r.stderr[-2000:]}"
    lines = r.stderr.strip("\n").split("\n")
    assert len(lines) == 1 and lines[0].startswith("x509-tool: "), f"{what}: stderr {r.stderr!r}"
    if code is not None:
        assert f"({code})" in lines[0], f"{what}: expected error {code}, got {lines[0]!r}"


def openssl(*args, cwd: Path, input: bytes | None = None) -> subprocess.CompletedProcess:
    r = subprocess.run([OPENSSL, *map(str, args)], capture_output=True, cwd=cwd, input=input, timeout=120)
    assert r.returncode == 0, f"openssl {' '.join(map(str, args))}: {r.stderr.decode(errors='replace')[-2000:]}"
    return r


# ---- what dump prints ----

@dataclass
class Dump:
    fields: dict[str, str] = field(default_factory=dict)
    attrs: dict[str, list[tuple[str, str, str]]] = field(default_factory=dict)
    extensions: list[dict] = field(default_factory=list)
    revoked: list[dict] = field(default_factory=list)


def parse_dump(text: str) -> Dump:
    """dump's lines: "key: value" at the top; each extension's decoded value indented
    two more than its "extension:" line; a CRL entry's lines indented by two under its
    "revoked:" line."""
    d = Dump()
    exts, ext_indent = d.extensions, 0
    for line in text.split("\n"):
        if not line:
            continue
        m = re.match(r"^( *)([\w.]+): ?(.*)$", line)
        assert m, f"unexpected line {line!r}"
        indent, key, value = len(m.group(1)), m.group(2), m.group(3)
        if key == "extension":
            exts = d.extensions if indent == 0 else d.revoked[-1]["extensions"]
            ext_indent = indent
            oid, crit = value.split(" ")
            exts.append({"oid": oid, "critical": crit == "critical=true"})
        elif indent == ext_indent + 2 and exts:
            exts[-1][key] = value
        elif key.endswith(".attr"):
            oid, kind, val = (value.split(" ", 2) + [""])[:3]
            d.attrs.setdefault(key[:-5], []).append((oid, kind, val))
        elif key == "revoked":
            d.revoked.append({"serial": value, "extensions": []})
        elif indent == 2:
            d.revoked[-1][key] = value
        else:
            assert indent == 0, line
            d.fields[key] = value
            exts = []
    return d


ASN1_KIND = {}
if HAVE_CRYPTOGRAPHY:
    ASN1_KIND = {_ASN1Type.UTF8String: "utf8String", _ASN1Type.PrintableString: "printableString",
                 _ASN1Type.IA5String: "ia5String", _ASN1Type.BMPString: "bmpString",
                 _ASN1Type.UniversalString: "universalString", _ASN1Type.T61String: "teletexString"}


def iso(t: dt.datetime) -> str:
    return t.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def time_field(value: str) -> str:
    """'2026-01-01T00:00:00Z utcTime' -> the instant (the form is checked apart)."""
    return value.split(" ")[0]


def general_name(g) -> str:
    if isinstance(g, x509.DNSName):
        return "DNS:" + g.value
    if isinstance(g, x509.RFC822Name):
        return "email:" + g.value
    if isinstance(g, x509.IPAddress):
        return "IP:" + str(g.value)
    if isinstance(g, x509.UniformResourceIdentifier):
        return "URI:" + g.value
    if isinstance(g, x509.DirectoryName):
        return "DirName:" + g.value.rfc4514_string()
    if isinstance(g, x509.RegisteredID):
        return "RID:" + g.value.dotted_string
    if isinstance(g, x509.OtherName):
        return f"othername:{g.type_id.dotted_string}:#{g.value.hex()}"
    raise AssertionError(f"general name {g!r} not expected")


KEY_USAGE = ["digital_signature", "content_commitment", "key_encipherment", "data_encipherment",
             "key_agreement", "key_cert_sign", "crl_sign", "encipher_only", "decipher_only"]
KEY_USAGE_NAMES = ["digitalSignature", "nonRepudiation", "keyEncipherment", "dataEncipherment",
                   "keyAgreement", "keyCertSign", "cRLSign", "encipherOnly", "decipherOnly"]


def expected_extension(ext) -> dict[str, str]:
    """What dump prints for a cryptography Extension (besides oid and critical)."""
    v = ext.value
    if isinstance(v, x509.BasicConstraints):
        pl = "none" if v.path_length is None else str(v.path_length)
        return {"basicConstraints": f"ca={'true' if v.ca else 'false'} pathlen={pl}"}
    if isinstance(v, x509.KeyUsage):
        names = []
        for attr, name in zip(KEY_USAGE, KEY_USAGE_NAMES):
            try:
                if getattr(v, attr):
                    names.append(name)
            except ValueError:  # encipher_only/decipher_only without key_agreement
                pass
        return {"keyUsage": ",".join(names)}
    if isinstance(v, x509.ExtendedKeyUsage):
        return {"extKeyUsage": ",".join(o.dotted_string for o in v)}
    if isinstance(v, x509.SubjectAlternativeName):
        return {"subjectAltName": ",".join(general_name(g) for g in v)}
    if isinstance(v, x509.IssuerAlternativeName):
        return {"issuerAltName": ",".join(general_name(g) for g in v)}
    if isinstance(v, x509.SubjectKeyIdentifier):
        return {"subjectKeyIdentifier": v.digest.hex()}
    if isinstance(v, x509.AuthorityKeyIdentifier):
        kid = v.key_identifier.hex() if v.key_identifier is not None else "none"
        iss = ",".join(general_name(g) for g in v.authority_cert_issuer) if v.authority_cert_issuer else "none"
        ser = format(v.authority_cert_serial_number, "x") if v.authority_cert_serial_number is not None else "none"
        return {"authorityKeyIdentifier": f"keyid={kid} issuer={iss} serial={ser}"}
    if isinstance(v, x509.CRLNumber):
        return {"cRLNumber": str(v.crl_number)}
    if isinstance(v, x509.CRLReason):
        return {"reasonCode": v.reason.value}
    if isinstance(v, x509.InvalidityDate):
        return {"invalidityDate": v.invalidity_date_utc.strftime("%Y%m%d%H%M%SZ")}
    return {"value": v.public_bytes().hex()}


def check_name(d: Dump, label: str, name) -> None:
    assert d.fields[label] == name.rfc4514_string(), label
    want = [(a.oid.dotted_string, ASN1_KIND.get(a._type, "other"), a.value) for a in name]
    assert d.attrs.get(label, []) == want, label


def check_extensions(got: list[dict], exts) -> None:
    assert [(e["oid"], e["critical"]) for e in got] == [(e.oid.dotted_string, e.critical) for e in exts]
    for g, e in zip(got, exts):
        want = expected_extension(e)
        assert {k: g[k] for k in want} == want, e.oid.dotted_string


def check_certificate(d: Dump, der: bytes) -> None:
    c = x509.load_der_x509_certificate(der)
    f = d.fields
    assert f["type"] == "certificate"
    assert f["version"] == "3" and c.version == x509.Version.v3
    assert int(f["serial"], 16) == c.serial_number
    assert f["signature_algorithm"].split(" ")[0] == c.signature_algorithm_oid.dotted_string
    assert f["tbs_signature"] == f["signature_algorithm"]
    check_name(d, "issuer", c.issuer)
    check_name(d, "subject", c.subject)
    assert time_field(f["not_before"]) == iso(c.not_valid_before_utc)
    assert time_field(f["not_after"]) == iso(c.not_valid_after_utc)
    # RFC 5280 4.1.2.5: UTCTime through 2049, GeneralizedTime from 2050
    for k, t in (("not_before", c.not_valid_before_utc), ("not_after", c.not_valid_after_utc)):
        assert f[k].split(" ")[1] == ("utcTime" if t.year < 2050 else "generalTime"), k
    assert f["public_key_algorithm"].split(" ")[0] == c.public_key_algorithm_oid.dotted_string
    key = c.public_key()
    if hasattr(key, "curve"):
        assert int(f["key_size"]) == key.curve.key_size
        assert f["public_key_algorithm"].split(" ")[1] == "params=" + {
            "secp256r1": "1.2.840.10045.3.1.7", "secp384r1": "1.3.132.0.34"}[key.curve.name]
    elif hasattr(key, "key_size"):
        assert int(f["key_size"]) == key.key_size
    spki = key.public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
    assert int(f["public_key_bits"]) % 8 == 0 and int(f["public_key_bits"]) // 8 < len(spki)
    assert int(f["signature_bits"]) == 8 * len(c.signature)
    check_extensions(d.extensions, list(c.extensions))
    assert f["der"] == f"re-encoding identical ({len(der)} bytes)"


def check_crl(d: Dump, der: bytes) -> None:
    crl = x509.load_der_x509_crl(der)
    f = d.fields
    assert f["type"] == "crl" and f["version"] == "2"
    assert f["signature_algorithm"].split(" ")[0] == crl.signature_algorithm_oid.dotted_string
    check_name(d, "issuer", crl.issuer)
    assert time_field(f["this_update"]) == iso(crl.last_update_utc)
    assert time_field(f["next_update"]) == iso(crl.next_update_utc)
    assert len(d.revoked) == len(crl)
    for got, r in zip(d.revoked, crl):
        assert int(got["serial"], 16) == r.serial_number
        assert time_field(got["revocation_date"]) == iso(r.revocation_date_utc)
        check_extensions(got["extensions"], list(r.extensions))
    check_extensions(d.extensions, list(crl.extensions))
    assert f["der"] == f"re-encoding identical ({len(der)} bytes)"


# ---- the certificates ----

CA_CNF = """\
[req]
distinguished_name = dn
prompt = no
utf8 = yes
string_mask = utf8only
x509_extensions = v3_ca
[dn]
C = DE
ST = Baden-W\u00fcrttemberg
O = ilpc Test\\, Inc.
CN = ilpc Test Root CA
[v3_ca]
basicConstraints = critical,CA:TRUE,pathlen:1
keyUsage = critical,keyCertSign,cRLSign,digitalSignature
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid:always
"""

LEAF_CNF = """\
[req]
distinguished_name = dn
prompt = no
utf8 = yes
string_mask = utf8only
[dn]
C = FR
L = Paris
O = Example Leaf
OU = Servers
CN = leaf.example
[v3_leaf]
basicConstraints = critical,CA:FALSE
keyUsage = critical,digitalSignature,keyAgreement
extendedKeyUsage = serverAuth,clientAuth
subjectAltName = DNS:leaf.example,DNS:*.leaf.example,IP:192.0.2.1,IP:2001:db8::1,email:leaf@example.org,URI:https://leaf.example/x
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid,issuer:always
"""

# PrintableStrings (string_mask pkix picks them for ASCII values)
ED_CNF = """\
[req]
distinguished_name = dn
prompt = no
string_mask = pkix
[dn]
C = US
O = Printable Org
CN = ed25519 leaf
[v3_ed]
basicConstraints = CA:FALSE
keyUsage = critical,digitalSignature
extendedKeyUsage = codeSigning,emailProtection,1.3.6.1.4.1.99999.1
subjectAltName = email:ed@example.net,DNS:ed.example
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
"""

HIGH_BIT_SERIAL = 0x80C0FFEE00112233445566778899AABBCCDDEE  # 19 octets, high bit: 20 on the wire
LONG_SERIAL = (1 << 158) | 0x1234567890ABCDEF  # 159 bits: 20 octets, the most RFC 5280 allows


@dataclass
class Corpus:
    dir: Path
    certs: dict[str, Path]
    crls: dict[str, Path]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Corpus:
    d = tmp_path_factory.mktemp("x509-certs")
    certs: dict[str, Path] = {}

    def der_of(pem: str, name: str) -> Path:
        out = d / f"{name}.der"
        openssl("x509", "-in", pem, "-outform", "DER", "-out", out, cwd=d)
        certs[name] = out
        return out

    # RSA-2048 CA (openssl req -x509): UTF8String names, a non-ASCII state, a comma
    (d / "ca.cnf").write_text(CA_CNF, encoding="utf-8")
    openssl("genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", "ca.key", cwd=d)
    openssl("req", "-x509", "-new", "-key", "ca.key", "-config", "ca.cnf", "-sha256", "-days", "3650",
            "-set_serial", hex(HIGH_BIT_SERIAL), "-out", "ca.pem", cwd=d)
    der_of("ca.pem", "rsa-ca")

    # EC P-256 leaf issued by the CA: every extension above, short serial 0x80 (00 80)
    (d / "leaf.cnf").write_text(LEAF_CNF)
    openssl("genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", "leaf.key", cwd=d)
    openssl("req", "-new", "-key", "leaf.key", "-config", "leaf.cnf", "-out", "leaf.csr", cwd=d)
    openssl("x509", "-req", "-in", "leaf.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-set_serial", "128",
            "-days", "30", "-sha256", "-extfile", "leaf.cnf", "-extensions", "v3_leaf", "-out", "leaf.pem", cwd=d)
    der_of("leaf.pem", "ec-leaf")

    # Ed25519 leaf: PrintableString names, a 20-octet serial with the high bit set, and
    # 10000 days: notAfter after 2049, a GeneralizedTime
    (d / "ed.cnf").write_text(ED_CNF)
    openssl("genpkey", "-algorithm", "ED25519", "-out", "ed.key", cwd=d)
    openssl("req", "-new", "-key", "ed.key", "-config", "ed.cnf", "-out", "ed.csr", cwd=d)
    openssl("x509", "-req", "-in", "ed.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-set_serial",
            hex(HIGH_BIT_SERIAL ^ 0x1), "-days", "10000", "-sha256", "-extfile", "ed.cnf", "-extensions", "v3_ed",
            "-out", "ed.pem", cwd=d)
    der_of("ed.pem", "ed25519-leaf")

    # cryptography: GeneralizedTime on both ends, a 159-bit serial, every string type
    # X.520 names use, a directoryName, a registeredID and an otherName in the SAN,
    # decipherOnly (a 9-bit keyUsage)
    ec_key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([
        x509.NameAttribute(NameOID.COUNTRY_NAME, "JP", _type=_ASN1Type.PrintableString),
        x509.NameAttribute(NameOID.DOMAIN_COMPONENT, "example"),
        x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Zo\u00eb \u00dcn\u00efc\u00f8d\u00e9 \u2713 #1"),
        x509.NameAttribute(NameOID.ORGANIZATIONAL_UNIT_NAME, "BMP \u00c5ngstr\u00f6m", _type=_ASN1Type.BMPString),
        x509.NameAttribute(NameOID.LOCALITY_NAME, "Universal", _type=_ASN1Type.UniversalString),
        x509.NameAttribute(NameOID.EMAIL_ADDRESS, "root@example.jp"),
        x509.NameAttribute(NameOID.COMMON_NAME, " spaced + escaped; <x> "),
    ])
    ski = x509.SubjectKeyIdentifier.from_public_key(ec_key.public_key())
    cert = (x509.CertificateBuilder()
            .subject_name(name).issuer_name(name)
            .public_key(ec_key.public_key())
            .serial_number(LONG_SERIAL)
            .not_valid_before(dt.datetime(2050, 1, 1, 12, 30, 45, tzinfo=UTC))
            .not_valid_after(dt.datetime(2099, 12, 31, 23, 59, 59, tzinfo=UTC))
            .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
            .add_extension(x509.KeyUsage(digital_signature=True, content_commitment=False, key_encipherment=False,
                                         data_encipherment=False, key_agreement=True, key_cert_sign=True,
                                         crl_sign=False, encipher_only=False, decipher_only=True), critical=True)
            .add_extension(x509.SubjectAlternativeName([
                x509.DirectoryName(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "dir name")])),
                x509.UniformResourceIdentifier("urn:example:1"),
                x509.IPAddress(__import__("ipaddress").ip_address("fe80::1:2")),
                x509.RegisteredID(x509.ObjectIdentifier("1.2.3.4.5")),
                x509.OtherName(x509.ObjectIdentifier("1.3.6.1.4.1.311.20.2.3"), b"\x0c\x05a@b.c"),
            ]), critical=False)
            .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.OCSP_SIGNING, ExtendedKeyUsageOID.TIME_STAMPING]),
                           critical=True)
            .add_extension(ski, critical=False)
            .add_extension(x509.AuthorityKeyIdentifier.from_issuer_subject_key_identifier(ski), critical=False)
            .sign(ec_key, hashes.SHA256()))
    (d / "py-ec.der").write_bytes(cert.public_bytes(serialization.Encoding.DER))
    certs["py-ec-generalized"] = d / "py-ec.der"

    # short serials: 1, 0x7f, 0x80 (00 80), 0xff (00 ff), 0x100
    ed_key = ed25519.Ed25519PrivateKey.generate()
    for serial in (1, 0x7F, 0x80, 0xFF, 0x100):
        nm = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, f"serial {serial:#x}")])
        c = (x509.CertificateBuilder().subject_name(nm).issuer_name(nm).public_key(ed_key.public_key())
             .serial_number(serial)
             .not_valid_before(dt.datetime(1999, 12, 31, 23, 59, 59, tzinfo=UTC))
             .not_valid_after(dt.datetime(2049, 12, 31, 23, 59, 59, tzinfo=UTC))
             .sign(ed_key, None))
        p = d / f"serial-{serial:x}.der"
        p.write_bytes(c.public_bytes(serialization.Encoding.DER))
        certs[f"serial-{serial:#x}"] = p

    # CRLs: cryptography's, signed by the RSA CA, and openssl ca -gencrl's
    crls: dict[str, Path] = {}
    ca_key = serialization.load_pem_private_key((d / "ca.key").read_bytes(), None)
    ca_cert = x509.load_pem_x509_certificate((d / "ca.pem").read_bytes())
    now = dt.datetime(2026, 3, 4, 5, 6, 7, tzinfo=UTC)
    b = (x509.CertificateRevocationListBuilder().issuer_name(ca_cert.subject)
         .last_update(now).next_update(now + dt.timedelta(days=7))
         .add_extension(x509.CRLNumber(4242), critical=False)
         .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()), critical=False))
    for serial, reason, inval in ((HIGH_BIT_SERIAL, x509.ReasonFlags.key_compromise, dt.datetime(2026, 1, 2, tzinfo=UTC)),
                                  (1, None, None), (LONG_SERIAL, x509.ReasonFlags.superseded, None),
                                  (0x80, x509.ReasonFlags.certificate_hold, None)):
        rb = x509.RevokedCertificateBuilder().serial_number(serial).revocation_date(now - dt.timedelta(days=1))
        if reason is not None:
            rb = rb.add_extension(x509.CRLReason(reason), critical=False)
        if inval is not None:
            rb = rb.add_extension(x509.InvalidityDate(inval), critical=False)
        b = b.add_revoked_certificate(rb.build())
    crl = b.sign(ca_key, hashes.SHA256())
    (d / "py.crl.der").write_bytes(crl.public_bytes(serialization.Encoding.DER))
    crls["py-crl"] = d / "py.crl.der"

    (d / "db").mkdir()
    (d / "db" / "index.txt").write_text("")
    (d / "db" / "crlnumber").write_text("1000\n")
    (d / "ca-db.cnf").write_text(
        "[ca]\ndefault_ca = ca_default\n[ca_default]\ndatabase = db/index.txt\ncrlnumber = db/crlnumber\n"
        "default_md = sha256\ndefault_crl_days = 30\ncertificate = ca.pem\nprivate_key = ca.key\n"
        "crl_extensions = crl_ext\n[crl_ext]\nauthorityKeyIdentifier = keyid:always\n")
    openssl("ca", "-config", "ca-db.cnf", "-revoke", "leaf.pem", "-crl_reason", "keyCompromise", cwd=d)
    openssl("ca", "-config", "ca-db.cnf", "-gencrl", "-out", "ossl.crl.pem", cwd=d)
    openssl("crl", "-in", "ossl.crl.pem", "-outform", "DER", "-out", "ossl.crl.der", cwd=d)
    crls["openssl-crl"] = d / "ossl.crl.der"
    return Corpus(d, certs, crls)


CERT_NAMES = ["rsa-ca", "ec-leaf", "ed25519-leaf", "py-ec-generalized",
              "serial-0x1", "serial-0x7f", "serial-0x80", "serial-0xff", "serial-0x100"]
CRL_NAMES = ["py-crl", "openssl-crl"]


def test_corpus_covers_the_brief(corpus):
    """The generated certificates have what they are meant to: the key types, serials
    with a leading 00, GeneralizedTime, PrintableString and UTF8String names."""
    assert sorted(corpus.certs) == sorted(CERT_NAMES)
    raw = {n: p.read_bytes() for n, p in corpus.certs.items()}
    keys = {n: type(x509.load_der_x509_certificate(b).public_key()).__name__ for n, b in raw.items()}
    assert "RSA" in keys["rsa-ca"] and "EC" in keys["ec-leaf"] and "Ed25519" in keys["ed25519-leaf"]
    assert b"\x02\x14\x00\x80\xc0\xff\xee" in raw["rsa-ca"]          # 20 octets, leading 00
    assert b"\x02\x02\x00\x80" in raw["serial-0x80"] and b"\x02\x01\x7f" in raw["serial-0x7f"]
    assert b"\x18\x0f2050" in raw["py-ec-generalized"] and b"\x18\x0f20" in raw["ed25519-leaf"]
    assert b"\x13\x0dPrintable Org" in raw["ed25519-leaf"] and b"\x0c\x0cExample Leaf" in raw["ec-leaf"]
    assert b"\x1e" in raw["py-ec-generalized"] and b"\x1c\x24\x00\x00\x00U" in raw["py-ec-generalized"]


# ---- (a), (b): every certificate and CRL decodes, prints what cryptography reads, re-encodes ----

@pytest.mark.parametrize("name", CERT_NAMES)
def test_certificate_dump(tool, corpus, name):
    path = corpus.certs[name]
    r = dump(tool, path)
    assert r.returncode == 0 and r.stderr == "", f"{name}: {r.stderr}"
    check_certificate(parse_dump(r.stdout), path.read_bytes())


@pytest.mark.parametrize("name", CRL_NAMES)
def test_crl_dump(tool, corpus, name):
    path = corpus.crls[name]
    r = dump(tool, path, "--crl")
    assert r.returncode == 0 and r.stderr == "", f"{name}: {r.stderr}"
    d = parse_dump(r.stdout)
    check_crl(d, path.read_bytes())
    def entry_values(x: dict) -> dict:
        return {k: v for e in x["extensions"] for k, v in e.items() if k not in ("oid", "critical")}
    if name == "py-crl":
        first = entry_values(d.revoked[0])
        assert first == {"reasonCode": "keyCompromise", "invalidityDate": "20260102000000Z"}
        assert len(d.revoked) == 4
        assert [e["cRLNumber"] for e in d.extensions if "cRLNumber" in e] == ["4242"]
    else:
        assert [entry_values(x).get("reasonCode") for x in d.revoked] == ["keyCompromise"]


def test_dump_out_writes_the_reencoding(tool, corpus, tmp_path):
    out = tmp_path / "re.der"
    r = dump(tool, corpus.certs["ec-leaf"], "--out", out)
    assert r.returncode == 0, r.stderr
    assert out.read_bytes() == corpus.certs["ec-leaf"].read_bytes()


def test_certificate_as_crl_and_crl_as_certificate_fail(tool, corpus):
    assert_clean_failure(dump(tool, corpus.certs["rsa-ca"], "--crl"), "certificate as a CRL")
    assert_clean_failure(dump(tool, corpus.crls["py-crl"]), "CRL as a certificate")


# ---- (c): make ----

def spki_of(key_pem: Path, d: Path) -> Path:
    out = key_pem.with_suffix(".spki.der")
    openssl("pkey", "-in", key_pem, "-pubout", "-outform", "DER", "-out", out, cwd=d)
    return out


MAKE_CASES = {
    "rsa": (["-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048"],
            ["--ca", "--pathlen", "2", "--serial", "0123456789abcdef0123456789abcdef01234567",
             "--subject", "CN=ilpc RSA CA,OU=Unit \\+ Test,O=ilpc,C=NL", "--days", "5"]),
    "ec": (["-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256"],
           ["--ca", "--serial", "80ff", "--subject", "CN=ilpc EC \u00e9t\u00e9,DC=example,DC=org",
            "--not-before", "20240229120000Z", "--not-after", "20510101000000Z",
            "--dns", "ec.example", "--dns", "www.ec.example", "--ip", "10.1.2.3", "--ip", "2001:db8::42",
            "--email", "ec@example.org", "--eku", "serverAuth,clientAuth,1.3.6.1.4.1.99999.7"]),
    "ed25519": (["-algorithm", "ED25519"],
                ["--printable", "--serial", "1", "--subject", "CN=ilpc Ed25519 leaf,O=Printable (Org),C=US",
                 "--not-before", "19700101000000Z", "--not-after", "20491231235959Z", "--dns", "ed.example",
                 "--eku", "codeSigning"]),
}


@pytest.mark.parametrize("kind", sorted(MAKE_CASES))
def test_make_self_signed(tool, tmp_path, kind):
    keyargs, args = MAKE_CASES[kind]
    key = tmp_path / f"{kind}.key"
    openssl("genpkey", *keyargs, "-out", key, cwd=tmp_path)
    spki = spki_of(key, tmp_path)
    out = tmp_path / f"{kind}.der"
    r = run(tool, "make", "--key", key, "--pubkey", spki, "--out", out, *args)
    assert r.returncode == 0 and r.stderr == "", r.stderr
    pem = tmp_path / f"{kind}.pem"
    openssl("x509", "-inform", "DER", "-in", out, "-out", pem, cwd=tmp_path)
    v = openssl("verify", "-CAfile", pem, pem, cwd=tmp_path)
    assert v.stdout.decode().strip() == f"{pem}: OK"
    text = openssl("x509", "-in", pem, "-noout", "-text", cwd=tmp_path).stdout.decode()
    assert "X509v3 Subject Key Identifier" in text and "X509v3 Basic Constraints: critical" in text

    c = x509.load_der_x509_certificate(out.read_bytes())
    c.verify_directly_issued_by(c)  # the signature over the generated encoder's TBSCertificate
    opt = dict(zip(args[::1], args[1::1]))
    subject = opt["--subject"]
    assert c.subject.rfc4514_string() == subject and c.issuer == c.subject
    assert c.serial_number == int(opt["--serial"], 16)
    bc = c.extensions.get_extension_for_class(x509.BasicConstraints)
    assert bc.critical and bc.value.ca == ("--ca" in args)
    assert bc.value.path_length == (int(opt["--pathlen"]) if "--pathlen" in opt else None)
    ku = c.extensions.get_extension_for_class(x509.KeyUsage).value
    assert ku.digital_signature and ku.key_cert_sign == ("--ca" in args) and ku.crl_sign == ("--ca" in args)
    ski = c.extensions.get_extension_for_class(x509.SubjectKeyIdentifier).value
    assert ski == x509.SubjectKeyIdentifier.from_public_key(c.public_key())
    assert c.extensions.get_extension_for_class(x509.AuthorityKeyIdentifier).value.key_identifier == ski.digest
    if "--not-after" in opt:
        assert c.not_valid_before_utc == dt.datetime.strptime(opt["--not-before"], "%Y%m%d%H%M%SZ").replace(tzinfo=UTC)
        assert c.not_valid_after_utc == dt.datetime.strptime(opt["--not-after"], "%Y%m%d%H%M%SZ").replace(tzinfo=UTC)
    else:
        assert c.not_valid_after_utc - c.not_valid_before_utc == dt.timedelta(days=int(opt["--days"]))
    if "--dns" in args:
        san = c.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
        want = [a for k, a in zip(args, args[1:]) if k == "--dns"]
        assert san.get_values_for_type(x509.DNSName) == want
        assert [str(i) for i in san.get_values_for_type(x509.IPAddress)] == \
            [a for k, a in zip(args, args[1:]) if k == "--ip"]
    if "--eku" in opt:
        eku = c.extensions.get_extension_for_class(x509.ExtendedKeyUsage).value
        names = {"serverAuth": "1.3.6.1.5.5.7.3.1", "clientAuth": "1.3.6.1.5.5.7.3.2", "codeSigning": "1.3.6.1.5.5.7.3.3"}
        assert [o.dotted_string for o in eku] == [names.get(x, x) for x in opt["--eku"].split(",")]
    kinds = {a.oid.dotted_string: a._type for a in c.subject}
    if "--printable" in args:
        assert set(kinds.values()) == {_ASN1Type.PrintableString}
    else:
        ia5 = ("0.9.2342.19200300.100.1.25", "1.2.840.113549.1.9.1")
        assert all(t == (_ASN1Type.IA5String if o in ia5 else _ASN1Type.PrintableString if o == "2.5.4.6"
                         else _ASN1Type.UTF8String) for o, t in kinds.items())
    # and dump takes it back, byte for byte
    r = dump(tool, out)
    assert r.returncode == 0, r.stderr
    check_certificate(parse_dump(r.stdout), out.read_bytes())


def test_make_refuses_bad_arguments(tool, tmp_path):
    a, b = tmp_path / "a.key", tmp_path / "b.key"
    for k in (a, b):
        openssl("genpkey", "-algorithm", "ED25519", "-out", k, cwd=tmp_path)
    out = tmp_path / "x.der"
    common = ["--key", a, "--out", out]
    r = run(tool, "make", *common, "--pubkey", spki_of(b, tmp_path), "--subject", "CN=x")
    assert_clean_failure(r, "another key's SPKI")
    assert "is not the public key" in r.stderr and not out.exists()
    spki = spki_of(a, tmp_path)
    for bad, what in ((["--subject", "CN=x", "--serial", "80" + "00" * 19], "a 21-octet serial"),
                      (["--subject", "CN=x", "--serial", "xyz"], "a serial not in hex"),
                      (["--subject", "C=DEU"], "a three-letter country"),
                      (["--subject", "CN=a_b", "--printable"], "'_' in a PrintableString"),
                      (["--subject", "CN=x", "--not-after", "2049-01-01"], "a malformed time"),
                      (["--subject", "FOO=x"], "an unknown attribute type"),
                      (["--subject", "CN=x", "--ip", "300.1.1.1"], "a bad IP address")):
        assert_clean_failure(run(tool, "make", *common, "--pubkey", spki, *bad), what)
        assert not out.exists(), what
    # a pubkey file that is not DER
    junk = tmp_path / "junk.der"
    junk.write_bytes(b"\x30\x03\x02\x01")
    assert_clean_failure(run(tool, "make", *common, "--pubkey", junk, "--subject", "CN=x"), "a truncated SPKI", "-2")
    r = run(tool, "make", "--key", a)
    assert r.returncode == 2 and "usage" in r.stderr


# ---- (d): malformed input ----

class Node:
    """A TLV of a DER encoding (single-octet tags, which X.509 only uses), to rewrite."""

    def __init__(self, tag: int, content: bytes | None, children: list[Node] | None):
        self.tag, self.content, self.children = tag, content, children
        self.long_len = False
        self.indefinite = False

    @staticmethod
    def parse(b: bytes, i: int = 0) -> tuple[Node, int]:
        tag = b[i]
        assert tag & 0x1F != 0x1F
        n = b[i + 1]
        i += 2
        if n & 0x80:
            k = n & 0x7F
            n = int.from_bytes(b[i:i + k], "big")
            i += k
        end = i + n
        if tag & 0x20:
            kids = []
            while i < end:
                kid, i = Node.parse(b, i)
                kids.append(kid)
            return Node(tag, None, kids), end
        return Node(tag, b[i:end], None), end

    def encode(self) -> bytes:
        body = self.content if self.children is None else b"".join(c.encode() for c in self.children)
        if self.indefinite:
            return bytes([self.tag, 0x80]) + body + b"\x00\x00"
        n = len(body)
        if n < 0x80 and not self.long_len:
            ln = bytes([n])
        else:
            k = max(1, (n.bit_length() + 7) // 8)
            ln = bytes([0x80 | k]) + n.to_bytes(k, "big")
        return bytes([self.tag]) + ln + body


def tree(path: Path) -> Node:
    der = path.read_bytes()
    root, end = Node.parse(der)
    assert end == len(der) and root.encode() == der
    return root


def critical_boolean(root: Node) -> Node:
    """The first Extension's critical BOOLEAN (TRUE) in a certificate."""
    tbs = root.children[0]
    exts = next(c for c in tbs.children if c.tag == 0xA3).children[0]
    return next(c for e in exts.children for c in e.children if c.tag == 0x01)


SAMPLE_CERTS = ["rsa-ca", "ec-leaf", "ed25519-leaf", "py-ec-generalized", "serial-0x80"]


@pytest.mark.parametrize("name", SAMPLE_CERTS + CRL_NAMES)
def test_truncated_fails_cleanly(tool, corpus, tmp_path, name):
    src = corpus.certs.get(name) or corpus.crls[name]
    crl = ["--crl"] if name in corpus.crls else []
    der = src.read_bytes()
    rnd = random.Random(f"truncate-{name}")
    lengths = sorted({0, 1, 2, 3, 4, 5, len(der) - 1, len(der) - 2} | set(rnd.sample(range(6, len(der) - 2), 24)))
    p = tmp_path / "t.der"
    for n in lengths:
        p.write_bytes(der[:n])
        r = dump(tool, p, *crl)
        assert_clean_failure(r, f"{name} truncated to {n} bytes")
        assert "decode_der" in r.stderr


@pytest.mark.parametrize("name", SAMPLE_CERTS + CRL_NAMES)
def test_flipped_bits_fail_cleanly_or_reencode(tool, corpus, tmp_path, name):
    """A bit flipped anywhere: a clean failure, or (in a key, a signature, a string) a
    value that still decodes and whose DER is the flipped input."""
    src = corpus.certs.get(name) or corpus.crls[name]
    crl = ["--crl"] if name in corpus.crls else []
    der = src.read_bytes()
    rnd = random.Random(f"flip-{name}")
    positions = sorted({0, 1, 2, 3, 4, 5, 6, 7} | set(rnd.sample(range(8, len(der)), 32)))
    p = tmp_path / "f.der"
    failed = 0
    for pos in positions:
        bad = bytearray(der)
        bad[pos] ^= 1 << rnd.randrange(8)
        p.write_bytes(bad)
        r = dump(tool, p, *crl)
        if r.returncode == 0:
            assert "der: re-encoding identical" in r.stdout, f"{name} bit flipped at {pos}"
        else:
            assert_clean_failure(r, f"{name} bit flipped at {pos}")
            failed += 1
    assert failed >= 8, f"{name}: flips in the first 8 octets (tag and lengths) must fail"


@pytest.mark.parametrize("name", SAMPLE_CERTS)
def test_enlarged_lengths_fail(tool, corpus, tmp_path, name):
    der = corpus.certs[name].read_bytes()
    p = tmp_path / "l.der"
    # the Certificate's own length one more: past the input; then the TBSCertificate's,
    # past its SEQUENCE
    def header(i: int) -> tuple[int, int]:
        """(offset of the length's value octets, their count) of the TLV at I."""
        return (i + 2, der[i + 1] & 0x7F) if der[i + 1] & 0x80 else (i + 1, 1)
    o, k = header(0)
    t, tk = header(o + k)
    for (at, n), what, code in (((o, k), "outer length + 1", "-2"), ((t, tk), "TBSCertificate length + 1", None)):
        bad = bytearray(der)
        bad[at:at + n] = (int.from_bytes(der[at:at + n], "big") + 1).to_bytes(n, "big")
        p.write_bytes(bad)
        assert_clean_failure(dump(tool, p), f"{name}: {what}", code)
    # the length as large as the length octets can say
    p.write_bytes(b"\x30\x82\xff\xff" + der[o + k:])
    assert_clean_failure(dump(tool, p), f"{name}: outer length 65535", "-2")
    p.write_bytes(b"\x30\x88" + b"\xff" * 8 + der[o + k:])
    assert_clean_failure(dump(tool, p), f"{name}: outer length 2^64 - 1")


def ber_roundtrip(tool, src: bytes, ber: bytes, tmp: Path, what: str, der_code: str, crl: bool = False) -> None:
    """BER: decode_der refuses it with DER_CODE, decode_ber takes it, and its DER is SRC."""
    assert ber != src
    p, out = tmp / "ber.der", tmp / "re.der"
    p.write_bytes(ber)
    opt = ["--crl"] if crl else []
    assert_clean_failure(dump(tool, p, *opt), f"{what} (DER)", der_code)
    r = dump(tool, p, *opt, "--ber", "--out", out)
    assert r.returncode == 0, f"{what} (BER): {r.stderr}"
    assert "der: re-encoding differs from the BER input" in r.stdout
    assert out.read_bytes() == src, what


@pytest.mark.parametrize("name", SAMPLE_CERTS)
def test_ber_forms_der_rejects(tool, corpus, tmp_path, name):
    src = corpus.certs[name].read_bytes()
    # an indefinite length on the Certificate (DER forbids it, X.690 10.1)
    root = tree(corpus.certs[name])
    root.indefinite = True
    ber_roundtrip(tool, src, root.encode(), tmp_path, f"{name}: indefinite outer", "-23")
    # indefinite lengths on every constructed TLV of the TBSCertificate
    root = tree(corpus.certs[name])

    def all_indefinite(n: Node) -> None:
        if n.children is not None:
            n.indefinite = True
            for c in n.children:
                all_indefinite(c)
    all_indefinite(root.children[0])
    ber_roundtrip(tool, src, root.encode(), tmp_path, f"{name}: indefinite everywhere", "-23")
    # a long-form length where the short one fits: the serial number's, the version's
    root = tree(corpus.certs[name])
    root.children[0].children[1].long_len = True
    ber_roundtrip(tool, src, root.encode(), tmp_path, f"{name}: long-form serial length", "-22")
    root = tree(corpus.certs[name])
    for n in (root.children[0].children[0], root.children[0].children[0].children[0]):
        n.long_len = True
    ber_roundtrip(tool, src, root.encode(), tmp_path, f"{name}: long-form version lengths", "-22")
    # a BOOLEAN TRUE of 01 (DER: FF, X.690 11.1)
    if name != "serial-0x80":
        root = tree(corpus.certs[name])
        b = critical_boolean(root)
        assert b.content == b"\xff"
        b.content = b"\x01"
        ber_roundtrip(tool, src, root.encode(), tmp_path, f"{name}: critical TRUE as 01", "-25")


def test_ber_forms_crl(tool, corpus, tmp_path):
    src = corpus.crls["py-crl"].read_bytes()
    root = tree(corpus.crls["py-crl"])
    root.indefinite = True
    ber_roundtrip(tool, src, root.encode(), tmp_path, "CRL: indefinite outer", "-23", crl=True)
    root = tree(corpus.crls["py-crl"])
    revoked = next(c for c in root.children[0].children if c.tag == 0x30 and c.children and
                   c.children[0].tag == 0x30 and c.children[0].children[0].tag == 0x02)
    revoked.children[0].children[0].long_len = True
    ber_roundtrip(tool, src, root.encode(), tmp_path, "CRL: long-form userCertificate length", "-22", crl=True)


def test_non_minimal_integers_fail(tool, corpus, tmp_path):
    """An INTEGER with a needless leading 00 or FF is not BER either (X.690 8.3.2): the
    serial number (the INTEGER's octets in an OCTET STRING here, checked by the program)
    is refused after decode_der and decode_ber alike; so is a serial over 20 octets."""
    src = corpus.certs["ec-leaf"]
    p = tmp_path / "n.der"
    for octets in (b"\x00\x00\x80", b"\x00\x7f", b"\xff\x80", b"\xff\xff\x00", b""):
        root = tree(src)
        serial = root.children[0].children[1]
        assert serial.content == b"\x00\x80"
        serial.content = octets
        p.write_bytes(root.encode())
        for opt in ([], ["--ber"]):
            r = dump(tool, p, *opt)
            assert_clean_failure(r, f"serial {octets.hex()} {opt}")
            assert ("minimal" in r.stderr) if octets else ("(-7)" in r.stderr), r.stderr
    root = tree(src)
    root.children[0].children[1].content = b"\x01" * 21
    p.write_bytes(root.encode())
    assert_clean_failure(dump(tool, p), "a 21-octet serial", "-7")


def test_garbage_and_usage(tool, tmp_path):
    p = tmp_path / "g.der"
    for data in (b"", b"\x00", b"\x30", b"\x30\x00", b"\x30\x80\x00\x00", b"hello world", os.urandom(300)):
        p.write_bytes(data)
        assert_clean_failure(dump(tool, p), f"garbage {data[:8]!r}")
    assert_clean_failure(dump(tool, tmp_path / "missing.der"), "a missing file")
    for args in ((), ("dump",), ("dump", "--bogus", "x"), ("frobnicate",)):
        r = run(tool, *args)
        assert r.returncode == 2 and "usage" in r.stderr, args


# ---- (e): asn1tools on the same modules ----

@pytest.fixture(scope="module")
def asn1tools_spec():
    asn1tools = pytest.importorskip("asn1tools", reason="asn1tools cross-check")
    texts = [(EXAMPLE / f).read_text() for f in ("PKIX1Explicit88.asn1", "PKIX1Implicit88.asn1")]
    # asn1tools reads [UNIVERSAL 2] as a context tag: give it the RFC's own INTEGER
    texts[0], n = re.subn(r"CertificateSerialNumber\s*::=\s*\[UNIVERSAL 2\] IMPLICIT OCTET STRING \(SIZE \(1\.\.20\)\)",
                          "CertificateSerialNumber ::= INTEGER", texts[0])
    assert n == 1
    return asn1tools.compile_string("\n".join(texts), "der")


def asn1tools_time(choice) -> str:
    return choice[1].replace(tzinfo=UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


@pytest.mark.parametrize("name", CERT_NAMES)
def test_asn1tools_agrees(tool, corpus, asn1tools_spec, name):
    der = corpus.certs[name].read_bytes()
    v = asn1tools_spec.decode("Certificate", der)
    assert asn1tools_spec.encode("Certificate", v) == der
    r = dump(tool, corpus.certs[name])
    assert r.returncode == 0
    d = parse_dump(r.stdout)
    t = v["tbsCertificate"]
    assert t["serialNumber"] == int(d.fields["serial"], 16)
    assert asn1tools_time(t["validity"]["notBefore"]) == time_field(d.fields["not_before"])
    assert asn1tools_time(t["validity"]["notAfter"]) == time_field(d.fields["not_after"])
    assert t["validity"]["notAfter"][0].lower() == d.fields["not_after"].split(" ")[1].lower()
    assert v["signatureAlgorithm"]["algorithm"] == d.fields["signature_algorithm"].split(" ")[0]
    spk = t["subjectPublicKeyInfo"]["subjectPublicKey"]
    assert spk[1] == int(d.fields["public_key_bits"])
    subj = [(a["type"]) for rdn in t["subject"][1] for a in rdn]
    assert subj == [a[0] for a in d.attrs["subject"]]
    exts = t.get("extensions", [])
    assert [(e["extnID"], e.get("critical", False)) for e in exts] == \
        [(e["oid"], e["critical"]) for e in d.extensions]
    for e, mine in zip(exts, d.extensions):
        if e["extnID"] == "2.5.29.19":
            bc = asn1tools_spec.decode("BasicConstraints", e["extnValue"])
            pl = bc.get("pathLenConstraint")
            assert mine["basicConstraints"] == \
                f"ca={'true' if bc.get('cA', False) else 'false'} pathlen={'none' if pl is None else pl}"
        elif e["extnID"] == "2.5.29.14":
            assert asn1tools_spec.decode("SubjectKeyIdentifier", e["extnValue"]).hex() == mine["subjectKeyIdentifier"]
        elif e["extnID"] == "2.5.29.17":
            if "othername:" in mine["subjectAltName"]:
                # asn1tools 0.169 cannot decode AnotherName's [0] EXPLICIT ANY DEFINED BY
                # (TypeError: AnyDefinedBy.decode() missing 'values'): ours only
                with pytest.raises(TypeError):
                    asn1tools_spec.decode("GeneralNames", e["extnValue"])
                continue
            gns = asn1tools_spec.decode("GeneralNames", e["extnValue"])
            dns = [x[1] for x in gns if x[0] == "dNSName"]
            assert dns == [x[4:] for x in mine["subjectAltName"].split(",") if x.startswith("DNS:")]
        elif e["extnID"] == "2.5.29.35":
            aki = asn1tools_spec.decode("AuthorityKeyIdentifier", e["extnValue"])
            if "authorityCertSerialNumber" in aki:
                assert mine["authorityKeyIdentifier"].endswith(f"serial={aki['authorityCertSerialNumber']:x}")


@pytest.mark.parametrize("name", CRL_NAMES)
def test_asn1tools_agrees_crl(tool, corpus, asn1tools_spec, name):
    der = corpus.crls[name].read_bytes()
    v = asn1tools_spec.decode("CertificateList", der)
    assert asn1tools_spec.encode("CertificateList", v) == der
    r = dump(tool, corpus.crls[name], "--crl")
    assert r.returncode == 0
    d = parse_dump(r.stdout)
    t = v["tbsCertList"]
    assert [x["userCertificate"] for x in t.get("revokedCertificates", [])] == [int(x["serial"], 16) for x in d.revoked]
    assert asn1tools_time(t["thisUpdate"]) == time_field(d.fields["this_update"])


def test_strict_build_with_the_other_compiler(tmp_path):
    """The program and the generated codecs build warning-free (-Wall -Wextra -Werror
    -pedantic) with clang too (the fixture builds with gcc).  At -O0: clang's warnings
    all come from its front end, the same at every level, and an -O2 build of the
    codecs took 18 s of CPU."""
    other = "clang" if shutil.which("clang") and CC != "clang" else CC
    make(tmp_path / "b", other, "-O0" if other == "clang" else "-O2")
    assert (tmp_path / "b" / "x509-tool").is_file()
