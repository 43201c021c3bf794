"""examples/ldap against a real LDAP peer, OpenLDAP, in both directions.

ldap-client and ldap-server (examples/ldap: RFC 4511's module compiled by ilpc with
--encoding ber; requests and replies encoded with LDAPMessage_encode_der, decoded with
LDAPMessage_decode_ber) are built with ASan and UBSan, then:

(a) ldap-client against slapd prints what `ldapsearch -LLL` prints, byte for byte, for
    several filters (one matching nothing), and reports a wrong password as
    invalidCredentials (49), a missing base as noSuchObject (32), a size limit as 4;
(b) ldapsearch against ldap-server gets the expected entries;
(c) ldap-client against ldap-server, likewise;
(d) malformed input: a fake server in Python answers ldap-client with truncated or
    garbage BER, and garbage is sent to ldap-server: a clean error exit / a dropped
    connection, never a crash or a sanitizer report;
(e) Wireshark's LDAP dissector (text2pcap + tshark) decodes the messages ldap-client sent
    and those ldap-server answered, without a malformed packet;
(f) ldap-server on ilpc's user-level TCP (--transport tun) in a network namespace, the
    kernel's ldapsearch on the other end of the TUN link: the same entries and errors as
    in (b), every reply sent on the fused DER path (its counts per connection), and a
    capture of the link, read by tshark with TCP checksum checking on, shows the LDAP
    exchange with every segment's checksum good and nothing malformed.

slapd runs as a child on a free loopback port, with a temporary slapd.conf, an mdb
database under a temporary directory filled by slapadd, and is killed at the end.
"""
from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from conftest import SANITIZE, SANITIZE_CFLAGS, SANITIZER_ENV, shared_build
from netns import make_netns, needs_tun

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "ldap"
ILPC = f"{sys.executable} -m ilpc"
SAN = " ".join(SANITIZE)
ENV = dict(os.environ, **SANITIZER_ENV)
CC = next((c for c in ("gcc", "clang", "cc") if shutil.which(c)), None)
SBIN = os.pathsep.join([os.environ.get("PATH", ""), "/usr/sbin", "/sbin", "/usr/local/sbin"])


def _which(name: str):
    return shutil.which(name, path=SBIN)


SLAPD, SLAPADD, LDAPSEARCH = _which("slapd"), _which("slapadd"), _which("ldapsearch")
TSHARK, TEXT2PCAP = _which("tshark"), _which("text2pcap")

pytestmark = [pytest.mark.cbuild, pytest.mark.sanitizers, pytest.mark.peers,
              pytest.mark.skipif(CC is None or not shutil.which("make"), reason="needs a C compiler and make")]
needs_ldapsearch = pytest.mark.skipif(LDAPSEARCH is None, reason="ldapsearch (ldap-utils) is not installed")
needs_slapd = pytest.mark.skipif(SLAPD is None or SLAPADD is None or LDAPSEARCH is None,
                                 reason="slapd, slapadd (slapd) or ldapsearch (ldap-utils) is not installed")
needs_tshark = pytest.mark.skipif(TSHARK is None or TEXT2PCAP is None,
                                  reason="tshark or text2pcap (tshark, wireshark-common) is not installed")

BASE = "dc=example,dc=com"
ROOTDN, ROOTPW = f"cn=admin,{BASE}", "secret"
TIMEOUT = 60  # seconds, for every child process

# The directory, in the LDIF that ldapsearch -LLL -o ldif-wrap=no prints back (values
# that are not safe LDIF strings already in base64), so that an entry's expected output is
# its block here.
DATA = f"""dn: {BASE}
objectClass: dcObject
objectClass: organization
dc: example
o: Example Corp

dn: ou=people,{BASE}
objectClass: organizationalUnit
ou: people
description: All people

dn: uid=alice,ou=people,{BASE}
objectClass: inetOrgPerson
objectClass: posixAccount
uid: alice
cn: Alice Liddell
sn: Liddell
givenName: Alice
mail: alice@example.com
telephoneNumber: 555-0101
description: likes rabbits
description: plays croquet
uidNumber: 1001
gidNumber: 100
homeDirectory: /home/alice

dn: uid=bob,ou=people,{BASE}
objectClass: inetOrgPerson
objectClass: posixAccount
uid: bob
cn: Bob Builder
sn: Builder
mail: bob@example.com
employeeNumber: 42
uidNumber: 1002
gidNumber: 100
homeDirectory: /home/bob

dn: uid=zoe,ou=people,{BASE}
objectClass: inetOrgPerson
objectClass: posixAccount
uid: zoe
cn:: Wm/DqyBTYWxkYW5h
sn: Saldana
description:: IGxlYWRpbmcgc3BhY2U=
uidNumber: 1010
gidNumber: 100
homeDirectory: /home/zoe

dn: ou=groups,{BASE}
objectClass: organizationalUnit
ou: groups

dn: cn=admins,ou=groups,{BASE}
objectClass: groupOfNames
cn: admins
member: uid=alice,ou=people,{BASE}
member: uid=bob,ou=people,{BASE}
"""
BLOCKS = {b.split("\n", 1)[0][4:]: b.strip("\n") + "\n" for b in DATA.split("\n\n")}
ALICE, BOB, ZOE = (f"uid={u},ou=people,{BASE}" for u in ("alice", "bob", "zoe"))
PEOPLE, GROUPS, ADMINS = f"ou=people,{BASE}", f"ou=groups,{BASE}", f"cn=admins,ou=groups,{BASE}"
ALL = list(BLOCKS)

# (filter, the DNs it selects under BASE, scope sub): equality, presence, and, or, not,
# substrings (initial, any, final), >=, <=, one matching nothing, a DN-valued equality.
FILTERS = [
    ("(objectClass=*)", ALL),
    ("(uid=alice)", [ALICE]),
    ("uid=bob", [BOB]),
    ("(mail=*)", [ALICE, BOB]),
    ("(&(objectClass=inetOrgPerson)(|(uid=bob)(sn=Sal*)))", [BOB, ZOE]),
    ("(!(objectClass=inetOrgPerson))", [BASE, PEOPLE, GROUPS, ADMINS]),
    ("(&(objectClass=inetOrgPerson)(!(description=*)))", [BOB]),
    ("(cn=*Build*)", [BOB]),
    ("(cn=al*li*ll)", [ALICE]),
    ("(|(description=*croquet)(ou=gr*ps))", [ALICE, GROUPS]),
    ("(uidNumber>=1002)", [BOB, ZOE]),
    ("(uidNumber<=1001)", [ALICE]),
    ("(employeeNumber=42)", [BOB]),
    ("(uid=nobody)", []),
    ("(&(uid=alice)(uid=bob))", []),
    (f"(member=uid=alice,ou=people,{BASE})", [ADMINS]),
]


def expected(dns: list[str]) -> str:
    return "".join(BLOCKS[d] + "\n" for d in dns)


def normalize(ldif: str) -> list[str]:
    """Entries sorted by DN, the values of each attribute sorted: a DER encoder writes a SET
    OF (an attribute's values) sorted, and slapd's one-level order is its own."""
    entries = []
    for block in ldif.strip("\n").split("\n\n"):
        if not block:
            continue
        lines = block.split("\n")
        out, group = [lines[0]], []
        for line in lines[1:] + [None]:
            if group and (line is None or line.split(":", 1)[0] != group[0].split(":", 1)[0]):
                out += sorted(group)
                group = []
            if line is not None:
                group.append(line)
        entries.append("\n".join(out))
    return sorted(entries)


def check_no_sanitizer(text: str, what: str) -> None:
    for marker in ("runtime error", "AddressSanitizer", "LeakSanitizer", "UndefinedBehaviorSanitizer"):
        assert marker not in text, f"{what}: sanitizer report\n{text[-3000:]}"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# ------------------------------------------------------------------ builds and peers


@pytest.fixture(scope="module")
def progs(tmp_path_factory) -> Path:
    """The build directory holding ldap-client and ldap-server (ASan + UBSan)."""
    def build(out: Path) -> Path:
        cmd = ["make", "-s", "-j1", "-C", str(EXAMPLE), f"BUILD={out}", f"ILPC={ILPC}", f"CC={CC}",
               f"CFLAGS={' '.join(SANITIZE_CFLAGS)}", f"LDFLAGS={SAN}"]
        r = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, timeout=900)
        assert r.returncode == 0, f"{' '.join(cmd)}\n{r.stdout[-3000:]}{r.stderr[-3000:]}"
        return out
    return shared_build(tmp_path_factory, "ldap-asan", build)


def _module_path() -> str:
    for d in ("/usr/lib/ldap", "/usr/lib/x86_64-linux-gnu/ldap", "/usr/lib64/openldap", "/usr/lib/openldap",
              "/usr/libexec/openldap"):
        if any(Path(d).glob("back_mdb*")):
            return d
    return ""


def _schema_dir() -> Path:
    for d in ("/etc/ldap/schema", "/etc/openldap/schema", "/usr/share/openldap/schema"):
        if (Path(d) / "inetorgperson.schema").exists():
            return Path(d)
    pytest.skip("slapd's schema files (inetorgperson.schema) are not installed")


@pytest.fixture(scope="module")
def slapd(tmp_path_factory):
    """A slapd on 127.0.0.1:PORT serving DATA under BASE (mdb), rootdn ROOTDN/ROOTPW; yields PORT."""
    if SLAPD is None or SLAPADD is None or LDAPSEARCH is None:
        pytest.skip("slapd, slapadd or ldapsearch is not installed")
    d = tmp_path_factory.mktemp("slapd")
    (d / "db").mkdir()
    (d / "data.ldif").write_text(DATA)
    schema = _schema_dir()
    modpath = _module_path()
    conf = "".join(f"include {schema / s}.schema\n" for s in ("core", "cosine", "inetorgperson", "nis"))
    if modpath:  # Debian builds back_mdb as a module; elsewhere it may be built in
        conf += f"modulepath {modpath}\nmoduleload back_mdb\n"
    conf += (f"pidfile {d}/slapd.pid\nargsfile {d}/slapd.args\n"
             f"database mdb\nmaxsize 10485760\nsuffix \"{BASE}\"\nrootdn \"{ROOTDN}\"\nrootpw {ROOTPW}\n"
             f"directory {d}/db\n")
    (d / "slapd.conf").write_text(conf)
    r = subprocess.run([SLAPADD, "-f", str(d / "slapd.conf"), "-l", str(d / "data.ldif")],
                       capture_output=True, text=True, timeout=TIMEOUT)
    assert r.returncode == 0, f"slapadd failed:\n{r.stdout}{r.stderr}"
    proc = None
    try:
        for attempt in range(5):  # the port may be taken between free_port() and slapd's bind
            port = free_port()
            log = open(d / f"slapd-{attempt}.log", "w")
            proc = subprocess.Popen([SLAPD, "-d", "0", "-h", f"ldap://127.0.0.1:{port}/", "-f", str(d / "slapd.conf")],
                                    stdout=log, stderr=subprocess.STDOUT)
            log.close()
            deadline = time.monotonic() + TIMEOUT
            ready = False
            while time.monotonic() < deadline and proc.poll() is None:
                q = subprocess.run([LDAPSEARCH, "-x", "-LLL", "-H", f"ldap://127.0.0.1:{port}", "-b", BASE, "-s", "base",
                                    "dn"], capture_output=True, timeout=TIMEOUT)
                if q.returncode == 0:
                    ready = True
                    break
                time.sleep(0.2)
            if ready:
                break
            proc.kill()
            proc.wait(timeout=TIMEOUT)
            proc = None
        assert proc is not None, "slapd did not start:\n" + (d / "slapd-4.log").read_text()[-3000:]
        yield port
    finally:
        if proc is not None:
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=TIMEOUT)


class Server:
    """ldap-server as a child: started on port 0, its port read from its first line."""

    def __init__(self, progs: Path, workdir: Path, *args: str):
        (workdir / "data.ldif").write_text(DATA)
        self.err = open(workdir / "server.err", "w+")
        self.proc = subprocess.Popen([str(progs / "ldap-server"), "--listen", "127.0.0.1:0",
                                      "--data", str(workdir / "data.ldif"), "--rootdn", ROOTDN,
                                      "--rootpw", ROOTPW, "--timeout", "20", *args],
                                     stdout=subprocess.PIPE, stderr=self.err, text=True, env=ENV)
        line = self.proc.stdout.readline()
        assert "listening on 127.0.0.1:" in line, f"ldap-server did not start: {line!r}\n{self.stderr()}"
        self.port = int(line.split("127.0.0.1:")[1].split()[0])

    def stderr(self) -> str:
        self.err.flush()
        self.err.seek(0)
        return self.err.read()

    def stop(self) -> tuple[int, str]:
        """SIGTERM, then its exit status (0: it left cleanly, LeakSanitizer ran) and stderr."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            rc = self.proc.wait(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            rc = self.proc.wait(timeout=TIMEOUT)
        self.proc.stdout.close()
        text = self.stderr()
        self.err.close()
        return rc, text


@pytest.fixture(scope="module")
def server(progs, tmp_path_factory):
    srv = Server(progs, tmp_path_factory.mktemp("ldap-server"))
    try:
        yield srv
    finally:
        rc, err = srv.stop()
    check_no_sanitizer(err, "ldap-server")
    assert rc == 0, f"ldap-server exit {rc}\n{err[-3000:]}"


def client(progs: Path, port: int, *args: str, base: str = BASE) -> subprocess.CompletedProcess:
    r = subprocess.run([str(progs / "ldap-client"), "--server", f"127.0.0.1:{port}", "--base", base,
                        "--timeout", "30", *args], capture_output=True, text=True, timeout=TIMEOUT, env=ENV)
    check_no_sanitizer(r.stderr, f"ldap-client {args}")
    return r


def ldapsearch(port: int, *args: str, base: str = BASE, host: str = "127.0.0.1",
               netns: str | None = None) -> subprocess.CompletedProcess:
    inside = ["ip", "netns", "exec", netns] if netns else []
    return subprocess.run([*inside, LDAPSEARCH, "-x", "-LLL", "-o", "ldif-wrap=no", "-H", f"ldap://{host}:{port}",
                           "-b", base, *args], capture_output=True, text=True, timeout=TIMEOUT)


# ------------------------------------------------------------------ (a) ldap-client vs slapd


@needs_slapd
@pytest.mark.parametrize("flt,dns", FILTERS, ids=[f[0] for f in FILTERS])
def test_client_against_slapd_equals_ldapsearch(progs, slapd, flt, dns):
    ours = client(progs, slapd, "--filter", flt)
    theirs = ldapsearch(slapd, flt)
    assert theirs.returncode == 0, theirs.stderr
    assert ours.returncode == 0, ours.stderr
    assert ours.stdout == theirs.stdout
    assert normalize(ours.stdout) == normalize(expected(dns))


@needs_slapd
@pytest.mark.parametrize("scope", ["base", "one", "sub"])
def test_client_against_slapd_bound_scopes_attributes(progs, slapd, scope):
    """A simple bind as the rootdn, each scope, a list of attributes."""
    ours = client(progs, slapd, "--bind-dn", ROOTDN, "--password", ROOTPW, "--scope", scope,
                  "--filter", "(objectClass=*)", "objectClass", "ou", "cn", base=PEOPLE)
    theirs = ldapsearch(slapd, "-D", ROOTDN, "-w", ROOTPW, "-s", scope, "(objectClass=*)", "objectClass", "ou", "cn",
                        base=PEOPLE)
    assert theirs.returncode == 0 and ours.returncode == 0, ours.stderr + theirs.stderr
    assert ours.stdout == theirs.stdout
    assert ours.stdout.count("dn: ") == {"base": 1, "one": 3, "sub": 4}[scope]


@needs_slapd
def test_client_against_slapd_types_only(progs, slapd):
    ours = client(progs, slapd, "--types-only", "--filter", "(objectClass=person)")
    theirs = ldapsearch(slapd, "-A", "(objectClass=person)")
    assert theirs.returncode == 0 and ours.returncode == 0, ours.stderr + theirs.stderr
    assert ours.stdout == theirs.stdout and "\nuidNumber:\n" in ours.stdout


@needs_slapd
def test_client_against_slapd_wrong_password(progs, slapd):
    ours = client(progs, slapd, "--bind-dn", ROOTDN, "--password", "wrong", "--filter", "(uid=alice)")
    theirs = ldapsearch(slapd, "-D", ROOTDN, "-w", "wrong", "(uid=alice)")
    assert theirs.returncode == 49 and "Invalid credentials (49)" in theirs.stderr
    assert ours.returncode == 49, ours.stderr
    assert ours.stdout == "" and "bind: invalidCredentials (49)" in ours.stderr


@needs_slapd
def test_client_against_slapd_errors(progs, slapd):
    """noSuchObject (32) for a missing base, sizeLimitExceeded (4) after the limit's entries."""
    ours = client(progs, slapd, base=f"ou=nowhere,{BASE}")
    theirs = ldapsearch(slapd, base=f"ou=nowhere,{BASE}")
    assert (ours.returncode, theirs.returncode) == (32, 32), ours.stderr + theirs.stderr
    assert ours.stdout == theirs.stdout == "" and "noSuchObject (32)" in ours.stderr
    ours = client(progs, slapd, "--size-limit", "2", "--filter", "(uid=*)")
    theirs = ldapsearch(slapd, "-z", "2", "(uid=*)")
    assert (ours.returncode, theirs.returncode) == (4, 4), ours.stderr + theirs.stderr
    assert ours.stdout == theirs.stdout and ours.stdout.count("dn: ") == 2
    assert "sizeLimitExceeded (4)" in ours.stderr


# ------------------------------------------------------------------ (b) ldapsearch vs ldap-server


@needs_ldapsearch
@pytest.mark.parametrize("flt,dns", FILTERS, ids=[f[0] for f in FILTERS])
def test_ldapsearch_against_server(server, flt, dns):
    r = ldapsearch(server.port, flt)
    assert r.returncode == 0, r.stderr
    assert normalize(r.stdout) == normalize(expected(dns))


def check_binds_scopes(search) -> int:
    """Binds, scopes, attribute selection, a wrong password, a missing base, a size limit,
    through search(*args, base=...) (ldapsearch on some server).  Returns the searches run."""
    r = search("-D", ROOTDN, "-w", ROOTPW, "-s", "one", "(objectClass=*)", "ou", base=BASE)
    assert r.returncode == 0, r.stderr
    assert normalize(r.stdout) == normalize(f"dn: {PEOPLE}\nou: people\n\ndn: {GROUPS}\nou: groups\n\n")
    r = search("-s", "base", "(objectClass=*)", "1.1", base=ALICE)
    assert r.returncode == 0 and r.stdout == f"dn: {ALICE}\n\n", r.stderr
    r = search("-D", ROOTDN, "-w", "wrong", "(uid=alice)", base=BASE)
    assert r.returncode == 49 and "Invalid credentials (49)" in r.stderr
    r = search(base=f"ou=nowhere,{BASE}")
    assert r.returncode == 32 and "No such object (32)" in r.stderr
    r = search("-z", "2", "(uid=*)", base=BASE)
    assert r.returncode == 4 and r.stdout.count("dn: ") == 2
    return 5


@needs_ldapsearch
def test_ldapsearch_against_server_binds_scopes(server):
    check_binds_scopes(lambda *a, base=BASE: ldapsearch(server.port, *a, base=base))


@needs_ldapsearch
def test_ldap_utils_other_operations_against_server(server):
    """compare (TRUE/FALSE), a delete (read-only: 53), an extended operation (2), a critical
    control the server does not know (12), typesOnly (-A)."""
    tool = {name: _which(name) for name in ("ldapcompare", "ldapmodify", "ldapwhoami")}
    if None in tool.values():
        pytest.skip(f"ldap-utils without {[n for n, p in tool.items() if p is None]}")
    url = f"ldap://127.0.0.1:{server.port}"

    def run(cmd, stdin=None):
        return subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT, input=stdin)
    r = run([tool["ldapcompare"], "-x", "-H", url, BOB, "mail:bob@example.com"])
    assert r.returncode == 6 and r.stdout.strip() == "TRUE", r.stderr
    r = run([tool["ldapcompare"], "-x", "-H", url, BOB, "mail:x@example.com"])
    assert r.returncode == 5 and r.stdout.strip() == "FALSE", r.stderr
    r = run([tool["ldapmodify"], "-x", "-H", url, "-D", ROOTDN, "-w", ROOTPW], f"dn: {BOB}\nchangetype: delete\n")
    assert r.returncode == 53 and "unwilling to perform (53)" in r.stderr, r.stderr
    r = run([tool["ldapwhoami"], "-x", "-H", url])
    assert r.returncode != 0 and "Protocol error (2)" in r.stdout + r.stderr
    r = ldapsearch(server.port, "-E", "!1.2.3.4", "(uid=bob)")
    assert r.returncode == 12, r.stderr
    r = ldapsearch(server.port, "-A", "(uid=bob)", "uid", "mail")
    assert r.returncode == 0 and r.stdout == f"dn: {BOB}\nuid:\nmail:\n\n", r.stderr


# ------------------------------------------------------------------ (c) ldap-client vs ldap-server


@pytest.mark.parametrize("flt,dns", FILTERS, ids=[f[0] for f in FILTERS])
def test_client_against_server(progs, server, flt, dns):
    r = client(progs, server.port, "--filter", flt)
    assert r.returncode == 0, r.stderr
    assert normalize(r.stdout) == normalize(expected(dns))


def test_client_against_server_errors(progs, server):
    r = client(progs, server.port, "--bind-dn", ROOTDN, "--password", "wrong")
    assert r.returncode == 49 and "bind: invalidCredentials (49)" in r.stderr
    r = client(progs, server.port, "--bind-dn", ROOTDN, "--password", ROOTPW, "--filter", "(uid=zoe)", "cn")
    assert r.returncode == 0 and r.stdout == f"dn: {ZOE}\ncn:: Wm/DqyBTYWxkYW5h\n\n", r.stderr
    r = client(progs, server.port, base=f"ou=nowhere,{BASE}")
    assert r.returncode == 32 and "noSuchObject (32)" in r.stderr
    r = client(progs, server.port, "--filter", "(&)")
    assert r.returncode == 1 and "bad filter" in r.stderr


# ------------------------------------------------------------------ (d) malformed input


def tlv(tag: int, content: bytes) -> bytes:
    n = len(content)
    if n < 0x80:
        return bytes([tag, n]) + content
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([tag, 0x80 | len(b)]) + b + content


def ldap_result(tag: int, code: int, diag: bytes = b"") -> bytes:
    return tlv(tag, tlv(0x0A, bytes([code])) + tlv(0x04, b"") + tlv(0x04, diag))


def message(mid: int, op: bytes) -> bytes:
    return tlv(0x30, tlv(0x02, bytes([mid])) + op)


BIND_OK = message(1, ldap_result(0x61, 0))
ENTRY = message(2, tlv(0x64, tlv(0x04, b"cn=x") + tlv(0x30, tlv(0x30, tlv(0x04, b"cn") + tlv(0x31, tlv(0x04, b"x"))))))

# (name, the fake server's answer, what ldap-client says)
BAD_REPLIES = [
    ("garbage", b"\xff\xfe\xfd\xfc", "not an LDAPMessage"),
    ("http", b"HTTP/1.1 400 Bad Request\r\n\r\n", "not an LDAPMessage"),
    ("truncated", BIND_OK[:7], "connection closed after 7 of the message's 14 bytes"),
    ("header-only", b"\x30", "connection closed inside a message header"),
    ("long-length-cut", b"\x30\x84\x00\x00", "connection closed inside a message header"),
    ("indefinite", b"\x30\x80\x02\x01\x01\x61\x07\x0a\x01\x00\x04\x00\x04\x00\x00\x00", "indefinite length"),
    ("huge", b"\x30\x84\x7f\xff\xff\xff", "more than the limit"),
    ("five-length-octets", b"\x30\x85\x00\x00\x00\x00\x05", "message too large"),
    ("no-protocolOp", b"\x30\x03\x02\x01\x01", "malformed LDAPMessage"),
    ("inner-length-past-end", b"\x30\x0c\x02\x01\x01\x61\x09\x0a\x01\x00\x04\x00\x04\x00", "malformed LDAPMessage"),
    ("integer-not-minimal", b"\x30\x0d\x02\x02\x00\x01\x61\x07\x0a\x01\x00\x04\x00\x04\x00", "malformed LDAPMessage"),
    ("unknown-result-code", message(1, ldap_result(0x61, 99)), "malformed LDAPMessage"),
    ("unknown-operation", message(1, tlv(0x7E, b"")), "malformed LDAPMessage"),
    # LDAPMessage is extensible (EXTENSIBILITY IMPLIED): an unknown trailing component is skipped
    ("extension-skipped", message(1, ldap_result(0x61, 0) + b"\x05\x00\x05\x00"),
     "closed the connection before SearchResultDone"),
    ("wrong-answer", message(1, ldap_result(0x65, 0)), "unexpected answer"),
    ("closed", b"", "closed the connection without answering"),
    ("entry-cut", BIND_OK + ENTRY[:-3], "connection closed after"),
    ("entry-bad-set", BIND_OK + message(2, tlv(0x64, tlv(0x04, b"cn=x") + tlv(0x30, tlv(0x30, tlv(0x04, b"cn")
                                                                                         + tlv(0x31, b"\x04\x05x"))))),
     "malformed LDAPMessage"),
    ("no-done", BIND_OK + ENTRY, "closed the connection before SearchResultDone"),
    ("disconnect-notice", message(0, tlv(0x78, tlv(0x0A, b"\x02") + tlv(0x04, b"") + tlv(0x04, b"bye")
                                         + tlv(0x8A, b"1.3.6.1.4.1.1466.20036"))), "the server disconnects"),
]


def read_tlv(conn: socket.socket) -> bytes:
    """One whole LDAPMessage from the client (short or long definite length)."""
    data = b""
    while True:
        if len(data) >= 2:
            n, h = data[1], 2
            if n & 0x80:
                k = n & 0x7F
                if len(data) >= 2 + k:
                    n, h = int.from_bytes(data[2:2 + k], "big"), 2 + k
                else:
                    n = None
            if n is not None and len(data) >= h + n:
                return data
        chunk = conn.recv(65536)
        if not chunk:
            return data
        data += chunk


def send_and_read_to_end(conn: socket.socket, data: bytes) -> bytes:
    """Send DATA, end our side of the connection, and read what the peer sends until it
    closes its side."""
    if data:
        conn.sendall(data)
    conn.shutdown(socket.SHUT_WR)
    got = b""
    while chunk := conn.recv(65536):
        got += chunk
    return got


def fake_server(answer: bytes):
    """A listening socket and a thread: read the bind request, send ANSWER, close."""
    lsock = socket.socket()
    lsock.bind(("127.0.0.1", 0))
    lsock.listen(1)
    lsock.settimeout(TIMEOUT)

    def run():
        try:
            conn, _ = lsock.accept()
        except OSError:
            return
        with conn:
            conn.settimeout(TIMEOUT)
            try:
                send_and_read_to_end(conn, answer if read_tlv(conn) else b"")
            except OSError:
                pass

    t = threading.Thread(target=run, daemon=True)
    t.start()
    return lsock, t


@pytest.mark.parametrize("name,answer,says", BAD_REPLIES, ids=[b[0] for b in BAD_REPLIES])
def test_client_bad_replies(progs, name, answer, says):
    lsock, t = fake_server(answer)
    try:
        r = client(progs, lsock.getsockname()[1], "--max-message", "4096")
    finally:
        t.join(timeout=TIMEOUT)
        lsock.close()
    assert r.returncode == 254, f"{name}: exit {r.returncode}\n{r.stderr}"
    assert says in r.stderr, r.stderr
    assert r.stderr.startswith("ldap-client: ") and len(r.stderr.strip().split("\n")) == 1, r.stderr


def test_client_silent_server_times_out(progs):
    """A peer that never answers: the read timeout, a message, a clean exit."""
    lsock = socket.socket()
    lsock.bind(("127.0.0.1", 0))
    lsock.listen(1)
    try:
        r = subprocess.run([str(progs / "ldap-client"), "--server", f"127.0.0.1:{lsock.getsockname()[1]}",
                            "--timeout", "1"], capture_output=True, text=True, timeout=TIMEOUT, env=ENV)
    finally:
        lsock.close()
    check_no_sanitizer(r.stderr, "ldap-client")
    assert r.returncode == 254 and "timed out" in r.stderr, r.stderr


def test_client_no_server(progs):
    r = client(progs, free_port())
    assert r.returncode == 255 and "connect to" in r.stderr, r.stderr


def nested_not(depth: int) -> bytes:
    f = tlv(0x87, b"objectClass")
    for _ in range(depth):
        f = tlv(0xA2, f)
    return f


def search_request(mid: int, flt: bytes) -> bytes:
    body = (tlv(0x04, BASE.encode()) + tlv(0x0A, b"\x02") + tlv(0x0A, b"\x00") + tlv(0x02, b"\x00")
            + tlv(0x02, b"\x00") + tlv(0x01, b"\x00") + flt + tlv(0x30, b""))
    return message(mid, tlv(0x63, body))


# (name, bytes sent to ldap-server, what it says on stderr)
BAD_REQUESTS = [
    ("http", b"GET / HTTP/1.0\r\n\r\n", "not an LDAPMessage"),
    ("indefinite", b"\x30\x80\x02\x01\x01\x42\x00\x00\x00", "indefinite length"),
    ("huge", b"\x30\x84\x7f\xff\xff\xff", "more than the limit"),
    ("truncated", message(1, tlv(0x60, tlv(0x02, b"\x03") + tlv(0x04, b"") + tlv(0x80, b"")))[:9],
     "connection closed after"),
    ("no-protocolOp", b"\x30\x03\x02\x01\x01", "malformed LDAPMessage"),
    ("bad-null", message(1, b"\x42\x01\x00"), "malformed LDAPMessage"),
    ("bad-bind-version", message(1, tlv(0x60, tlv(0x02, b"\x00\x03") + tlv(0x04, b"") + tlv(0x80, b""))),
     "malformed LDAPMessage"),
    ("a-response", BIND_OK, "is not a request"),
    ("filter-too-deep", search_request(2, nested_not(500)), "malformed LDAPMessage"),
    ("empty-and", search_request(2, tlv(0xA0, b"")), "malformed LDAPMessage"),
    ("nested-empty-ands", search_request(2, tlv(0xA0, b"\xa0\x00" * 3000)), "malformed LDAPMessage"),
]


def check_notice_of_disconnection(name: str, got: bytes) -> None:
    """What the server sent for a bad request: the Notice of Disconnection (messageID 0, an
    ExtendedResponse, protocolError)."""
    assert got.startswith(b"\x30") and b"\x02\x01\x00\x78" in got and b"1.3.6.1.4.1.1466.20036" in got, \
        f"{name}: {got.hex()}"


def check_drops(stderr: str) -> None:
    """The server's stderr after BAD_REQUESTS: one "dropping the connection" line each, saying why."""
    drops = [line for line in stderr.splitlines() if "dropping the connection" in line]
    assert len(drops) == len(BAD_REQUESTS), stderr[-3000:]
    for (name, _, says), line in zip(BAD_REQUESTS, drops):
        assert says in line, f"{name}: {line}"


def test_server_drops_bad_requests(progs, tmp_path):
    """Each bad request: a message on stderr, a Notice of Disconnection, the connection
    closed; the server goes on serving and leaves cleanly (LeakSanitizer) at the end."""
    srv = Server(progs, tmp_path, "--max-message", "65536")
    try:
        for name, data, _ in BAD_REQUESTS:
            with socket.create_connection(("127.0.0.1", srv.port), timeout=TIMEOUT) as s:
                check_notice_of_disconnection(name, send_and_read_to_end(s, data))
        with socket.create_connection(("127.0.0.1", srv.port), timeout=TIMEOUT):
            pass  # connected and closed at once: not an error
        r = client(progs, srv.port, "--filter", "(uid=alice)")
        assert r.returncode == 0 and normalize(r.stdout) == normalize(expected([ALICE])), r.stderr
    finally:
        rc, err = srv.stop()
    check_no_sanitizer(err, "ldap-server")
    assert rc == 0, f"exit {rc}\n{err}"
    check_drops(err)


def mutate(rng, data: bytes) -> bytes:
    """One to four random changes: a byte replaced, inserted or deleted, or the tail cut."""
    b = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        op, i = rng.randrange(4), rng.randrange(len(b) + 1)
        if op == 0 and i < len(b):
            b[i] = rng.randrange(256)
        elif op == 1:
            b.insert(i, rng.choice([0x00, 0x30, 0x80, 0x84, 0xFF, rng.randrange(256)]))
        elif op == 2 and i < len(b):
            del b[i]
        elif op == 3 and i > 0:
            del b[i:]
    return bytes(b)


GOOD_SEARCH = search_request(2, tlv(0xA0, tlv(0xA3, tlv(0x04, b"uid") + tlv(0x04, b"alice"))
                                    + tlv(0xA4, tlv(0x04, b"cn") + tlv(0x30, tlv(0x80, b"Al") + tlv(0x82, b"l")))
                                    + tlv(0xA2, tlv(0x87, b"mail"))))
GOOD_BIND = message(1, tlv(0x60, tlv(0x02, b"\x03") + tlv(0x04, ROOTDN.encode()) + tlv(0x80, ROOTPW.encode())))


def test_server_survives_mutated_requests(progs, tmp_path):
    """300 seeded mutations of a bind and a search, one connection each: whatever the
    server makes of them, it goes on, answers a good search and leaves cleanly."""
    import random
    rng = random.Random(4511)
    srv = Server(progs, tmp_path, "--max-message", "65536")
    try:
        for k in range(300):
            data = mutate(rng, GOOD_BIND) + GOOD_SEARCH if k % 2 else GOOD_BIND + mutate(rng, GOOD_SEARCH)
            with socket.create_connection(("127.0.0.1", srv.port), timeout=TIMEOUT) as s:
                try:
                    send_and_read_to_end(s, data)
                except ConnectionResetError:
                    pass
        r = client(progs, srv.port, "--filter", "(uid=alice)")
        assert r.returncode == 0 and normalize(r.stdout) == normalize(expected([ALICE])), r.stderr
    finally:
        rc, err = srv.stop()
    check_no_sanitizer(err, "ldap-server")
    assert rc == 0, f"exit {rc}\n{err[-3000:]}"


def test_client_survives_mutated_replies(progs):
    """200 seeded mutations of slapd-like replies (a bind response, two entries, the search's
    end): ldap-client exits 0, with an LDAP result code, or 254, never worse."""
    import random
    rng = random.Random(4511)
    done = message(2, ldap_result(0x65, 0))
    entry2 = message(2, tlv(0x64, tlv(0x04, ALICE.encode()) + tlv(0x30, tlv(0x30, tlv(0x04, b"cn") + tlv(
        0x31, tlv(0x04, b"Alice Liddell") + tlv(0x04, b"Al"))) + tlv(0x30, tlv(0x04, b"mail") + tlv(0x31, b"")))))
    parts = [BIND_OK, ENTRY, entry2, done]
    for _ in range(200):
        k = rng.randrange(len(parts))
        answer = b"".join(mutate(rng, p) if i == k else p for i, p in enumerate(parts))
        lsock, t = fake_server(answer)
        try:
            r = client(progs, lsock.getsockname()[1], "--max-message", "4096")
        finally:
            t.join(timeout=TIMEOUT)
            lsock.close()
        assert r.returncode in (0, 254) or 1 < r.returncode < 128, f"exit {r.returncode} on {answer.hex()}\n{r.stderr}"


# ------------------------------------------------------------------ (e) Wireshark's dissector


def split_dump(path: Path) -> list[tuple[str, bytes]]:
    """ldap-client --dump: a direction byte ('O' sent, 'I' received) and one BER TLV each."""
    data, out, i = path.read_bytes(), [], 0
    while i < len(data):
        d = chr(data[i])
        n, h = data[i + 2], 2
        if n & 0x80:
            k = n & 0x7F
            n, h = int.from_bytes(data[i + 3:i + 3 + k], "big"), 2 + k
        out.append((d, data[i + 1:i + 1 + h + n]))
        i += 1 + h + n
    return out


def dissect(messages: list[tuple[str, bytes]], workdir: Path) -> tuple[list[tuple[str, str, str]], str]:
    """text2pcap builds a capture of MESSAGES, one TCP segment each, the client on port 40000,
    the server on 389 (LDAP's port, so tshark's LDAP dissector takes them); tshark decodes it.
    Returns (srcport, dstport, protocolOp) per packet and tshark's -V text."""
    text = "".join(f"{d} 2026-01-01T00:00:0{k % 10}Z\n"
                   + "".join(f"{o:06x} " + " ".join(f"{b:02x}" for b in pkt[o:o + 16]) + "\n"
                             for o in range(0, len(pkt), 16)) + "\n"
                   for k, (d, pkt) in enumerate(messages))
    (workdir / "ldap.txt").write_text(text)
    pcap = workdir / "ldap.pcapng"
    # with -D, text2pcap gives an outbound ('O') packet the ports of -T in reverse order
    r = subprocess.run([TEXT2PCAP, "-q", "-D", "-t", "ISO", "-T", "389,40000", str(workdir / "ldap.txt"), str(pcap)],
                       capture_output=True, text=True, timeout=TIMEOUT)
    assert r.returncode == 0, r.stderr
    f = subprocess.run([TSHARK, "-n", "-r", str(pcap), "-d", "tcp.port==389,ldap", "-T", "fields",
                        "-e", "tcp.srcport", "-e", "tcp.dstport", "-e", "ldap.protocolOp"],
                       capture_output=True, text=True, timeout=TIMEOUT)
    assert f.returncode == 0, f.stderr
    v = subprocess.run([TSHARK, "-n", "-r", str(pcap), "-d", "tcp.port==389,ldap", "-V"],
                       capture_output=True, text=True, timeout=TIMEOUT)
    assert v.returncode == 0, v.stderr
    rows = [tuple(line.split("\t")) for line in f.stdout.splitlines() if line.strip()]
    return rows, v.stdout


def check_dissection(rows, verbose: str, want: list[tuple[str, str, str]], names: list[str]) -> None:
    assert "Malformed" not in verbose and "malformed" not in verbose, verbose[-3000:]
    assert "[Expert Info (Error" not in verbose, verbose[-3000:]
    assert rows == want, rows
    for name in names:
        assert name in verbose, f"{name} not in tshark's output"


@needs_tshark
@needs_slapd
def test_tshark_decodes_client_messages(progs, slapd, tmp_path):
    """What ldap-client sent to slapd (and slapd's answers, as a reference) through
    Wireshark's LDAP dissector."""
    dump = tmp_path / "client.dump"
    r = client(progs, slapd, "--bind-dn", ROOTDN, "--password", ROOTPW, "--dump", str(dump), "--filter",
               "(&(objectClass=inetOrgPerson)(|(uid=alice)(cn=*Build*)(uidNumber<=1001))(!(mail=x*y*z)))",
               "cn", "mail")
    assert r.returncode == 0, r.stderr
    msgs = split_dump(dump)
    rows, verbose = dissect(msgs, tmp_path)
    C, S = ("40000", "389"), ("389", "40000")
    want = [(*C, "0"), (*S, "1"), (*C, "3"), (*S, "4"), (*S, "4"), (*S, "5"), (*C, "2")]
    check_dissection(rows, verbose, want, ["bindRequest", "searchRequest", "unbindRequest", "and", "or", "not",
                                           "substrings", "lessOrEqual", "equalityMatch", "simple",
                                           f"baseObject: {BASE}", "wholeSubtree", "(uid=alice)", "(cn=*Build*)",
                                           "(uidNumber<=1001)", "(!(mail=x*y*z))"])
    assert verbose.count("searchResEntry") >= 2


@needs_tshark
def test_tshark_decodes_server_messages(progs, server, tmp_path):
    """What ldap-server answered (and ldap-client asked) through Wireshark's LDAP dissector."""
    dump = tmp_path / "server.dump"
    r = client(progs, server.port, "--dump", str(dump), "--filter", "(|(uid=alice)(uid=zoe))")
    assert r.returncode == 0, r.stderr
    rows, verbose = dissect(split_dump(dump), tmp_path)
    C, S = ("40000", "389"), ("389", "40000")
    want = [(*C, "0"), (*S, "1"), (*C, "3"), (*S, "4"), (*S, "4"), (*S, "5"), (*C, "2")]
    check_dissection(rows, verbose, want, ["bindResponse", "searchResEntry", "searchResDone", "success",
                                           f"objectName: {ALICE}", "plays croquet"])


# ------------------------------------------------------------------ (f) on the user-level TCP

TUN_KERNEL_IP, TUN_SERVER_IP, TUN_PORT = "10.211.0.1", "10.211.0.2", 389


@pytest.fixture
def tun_server(progs, tmp_path):
    """A namespace with tun0 (the kernel at TUN_KERNEL_IP) and ldap-server --transport tun at
    TUN_SERVER_IP:TUN_PORT on it; yields (namespace, server).  The server must leave cleanly."""
    with make_netns("ilpc-ldap", TUN_KERNEL_IP) as ns:
        (tmp_path / "data.ldif").write_text(DATA)
        err = open(tmp_path / "server.err", "w+")
        proc = subprocess.Popen(["ip", "netns", "exec", ns, str(progs / "ldap-server"), "--transport", "tun",
                                 "--tun-dev", "tun0", "--listen", f"{TUN_SERVER_IP}:{TUN_PORT}",
                                 "--data", str(tmp_path / "data.ldif"), "--rootdn", ROOTDN, "--rootpw", ROOTPW,
                                 "--timeout", "20", "-v"],
                                stdout=subprocess.PIPE, stderr=err, text=True, env=ENV)
        line = proc.stdout.readline()
        assert f"listening on {TUN_SERVER_IP}:{TUN_PORT}" in line, f"{line!r}\n{(tmp_path / 'server.err').read_text()}"
        box = {"ns": ns, "stderr": lambda: (err.flush(), (tmp_path / "server.err").read_text())[1]}
        try:
            yield box
        finally:
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
            try:
                rc = proc.wait(timeout=TIMEOUT)
            except subprocess.TimeoutExpired:
                proc.kill()
                rc = proc.wait(timeout=TIMEOUT)
            proc.stdout.close()
            text = box["stderr"]()
            err.close()
            check_no_sanitizer(text, "ldap-server --transport tun")
            assert rc == 0, f"ldap-server --transport tun: exit {rc}\n{text[-3000:]}"


def fused_counts(stderr: str) -> list[tuple[int, int]]:
    """(requests decoded in the ring, replies sent fused) of each connection ldap-server -v reported."""
    out = []
    for line in stderr.splitlines():
        if "connection done:" in line:
            words = line.split()
            out.append((int(words[words.index("requests") - 1]), int(words[words.index("replies") - 1])))
    return out


@needs_tun
@needs_ldapsearch
def test_ldapsearch_against_server_on_user_level_tcp(tun_server):
    ns = tun_server["ns"]

    def search(*args, base=BASE):
        return ldapsearch(TUN_PORT, *args, base=base, host=TUN_SERVER_IP, netns=ns)
    for flt, dns in FILTERS:
        r = search(flt)
        assert r.returncode == 0, f"{flt}: {r.stderr}"
        assert normalize(r.stdout) == normalize(expected(dns)), flt
    runs = len(FILTERS) + check_binds_scopes(search)
    deadline = time.monotonic() + 10  # the last connection's line comes after its close
    while len(fused_counts(tun_server["stderr"]())) < runs and time.monotonic() < deadline:
        time.sleep(0.05)
    counts = fused_counts(tun_server["stderr"]())
    assert len(counts) == runs, tun_server["stderr"]()[-3000:]
    # every connection: bind, search(es), unbind in the ring; bind response, the entries and
    # the search done all written by the fused DER send
    for flt_dns, (got_in, got_out) in zip(FILTERS, counts):
        assert got_in == 3 and got_out == 2 + len(flt_dns[1]), (flt_dns, got_in, got_out)
    assert all(i >= 2 and o >= 1 for i, o in counts), counts


@needs_tun
@needs_tshark
@needs_ldapsearch
def test_tshark_checks_a_capture_of_the_user_level_tcp(tun_server, tmp_path):
    """The TUN link captured while ldapsearch queries the server: tshark, verifying TCP
    checksums, finds the exchange, every checksum good (the fused send's included), no
    malformed packet, no warning or error."""
    ns, pcap, log = tun_server["ns"], tmp_path / "tun.pcap", tmp_path / "tshark.err"
    seen = tmp_path / "tshark.out"
    # tshark says "Capturing on" before dumpcap has the interface open, so that line proves
    # nothing: UDP probes go out on tun0 until tshark prints one (-P -l, a line per packet).
    probe = ("import socket, sys\n"
             "socket.socket(socket.AF_INET, socket.SOCK_DGRAM).sendto(b'probe', (sys.argv[1], 9))\n")
    with open(log, "w") as lf, open(seen, "w") as sf:
        cap = subprocess.Popen(["ip", "netns", "exec", ns, TSHARK, "-n", "-l", "-P", "-i", "tun0", "-w", str(pcap)],
                               stdout=sf, stderr=lf)
    try:
        deadline = time.monotonic() + TIMEOUT
        while not seen.read_text().strip() and time.monotonic() < deadline and cap.poll() is None:
            subprocess.run(["ip", "netns", "exec", ns, sys.executable, "-c", probe, TUN_SERVER_IP], check=True)
            time.sleep(0.2)
        assert seen.read_text().strip(), f"tshark saw no probe on tun0:\n{log.read_text()}"
        r = ldapsearch(TUN_PORT, "(|(uid=alice)(uid=zoe))", base=BASE, host=TUN_SERVER_IP, netns=ns)
        assert r.returncode == 0, r.stderr
        time.sleep(0.5)  # the close's last segments
    finally:
        cap.send_signal(signal.SIGINT)
        try:
            cap.wait(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            cap.kill()
            cap.wait(timeout=TIMEOUT)
    f = subprocess.run([TSHARK, "-n", "-r", str(pcap), "-o", "tcp.check_checksum:TRUE", "-Y", "tcp", "-T", "fields",
                        "-e", "ip.src", "-e", "tcp.checksum.status", "-e", "ldap.protocolOp", "-e", "_ws.malformed",
                        "-e", "_ws.expert.severity"], capture_output=True, text=True, timeout=TIMEOUT)
    assert f.returncode == 0, f.stderr
    rows = [line.split("\t") for line in f.stdout.splitlines() if line.strip()]
    assert rows and all(row[1] == "1" for row in rows), f"a TCP checksum that is not good:\n{f.stdout}"
    assert not any(row[3] for row in rows), f.stdout
    severities = [int(x) for row in rows for x in row[4].split(",") if x]
    assert all(x < 6291456 for x in severities), f"an expert warning or error:\n{f.stdout}"  # < PI_WARN
    ops = [(row[0], row[2]) for row in rows if row[2]]
    server = [op for src, op in ops if src == TUN_SERVER_IP]
    assert [op for src, op in ops if src == TUN_KERNEL_IP] == ["0", "3", "2"], ops  # bind, search, unbind
    assert server == ["1", "4", "4", "5"], ops  # bindResponse, two entries, searchResDone


@needs_tun
@needs_ldapsearch
def test_server_on_user_level_tcp_drops_bad_requests(tun_server):
    """BAD_REQUESTS from the kernel's side, checked in the receive ring: each gets a Notice
    of Disconnection, the connection closed and its line on stderr; the server goes on."""
    code = ("import socket, sys\n"
            f"s = socket.create_connection(({TUN_SERVER_IP!r}, {TUN_PORT}), timeout=20)\n"
            "s.sendall(sys.stdin.buffer.read())\n"
            "s.shutdown(socket.SHUT_WR)\n"
            "out = b''\n"
            "while chunk := s.recv(65536):\n"
            "    out += chunk\n"
            "sys.stdout.buffer.write(out)\n")
    for name, data, _ in BAD_REQUESTS:
        r = subprocess.run(["ip", "netns", "exec", tun_server["ns"], sys.executable, "-c", code], input=data,
                           capture_output=True, timeout=TIMEOUT)
        assert r.returncode == 0, f"{name}: {r.stderr}"
        check_notice_of_disconnection(name, r.stdout)
    r = ldapsearch(TUN_PORT, "(uid=alice)", base=BASE, host=TUN_SERVER_IP, netns=tun_server["ns"])
    assert r.returncode == 0 and normalize(r.stdout) == normalize(expected([ALICE])), r.stderr
    check_drops(tun_server["stderr"]())
