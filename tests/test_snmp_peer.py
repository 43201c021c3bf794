"""SNMP against net-snmp: ilpc's generated BER/DER code in a real SNMPv1/SNMPv2c exchange,
both ways (examples/snmp).

examples/snmp holds the ASN.1 modules of RFC 1155, RFC 1157, RFC 2578, RFC 3416 and
RFC 1901, compiled by ilpc --encoding ber, and a client (snmp-client) and an agent
(snmp-agent) that encode and decode every message with the generated
M_T_encode_der / M_T_decode_ber.  Built here with ASan + UBSan, they are checked:

(a) our client against net-snmp's snmpd: its get/getnext/walk/bulkwalk output equals
    snmpget/snmpgetnext/snmpwalk/snmpbulkwalk's (-On -Oe) on the same agent, for v1 and
    v2c, with a missing object (noSuchObject in v2c, noSuchName in v1) and a wrong
    community (timeout), stdout, stderr and exit status alike (sysUpTime.0's value,
    which moves, is the one thing blanked);
(b) net-snmp's tools against our agent: the values expected, exactly;
(c) our client against our agent: what net-snmp's tools print against it;
(d) malformed datagrams to our agent (truncated, garbage, huge lengths, deep nesting,
    values out of range): it drops them, says so, keeps answering, exits cleanly with
    no sanitizer report; a fake agent in Python answering our client with garbage: a
    clean error;
(e) Wireshark's SNMP dissector (tshark) on the datagrams our client sent and our agent
    answered (text2pcap): no malformed packet, the PDU types and bindings expected.

snmpd runs in the foreground on a free loopback port with a configuration of its own
(-C -c), no MIB files (numeric OIDs, -On) and its state in a temporary directory.
"""
from __future__ import annotations

import os
import random
import re
import select
import shutil
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from conftest import SANITIZE, SANITIZE_CFLAGS, SANITIZER_ENV

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "snmp"
ILPC = f"{sys.executable} -m ilpc"
SAN = " ".join(SANITIZE)
CC = next((c for c in ("gcc", "clang", "cc") if shutil.which(c)), None)
SNMPD = shutil.which("snmpd") or shutil.which("snmpd", path="/usr/sbin:/usr/local/sbin")
TOOLS = ("snmpget", "snmpgetnext", "snmpwalk", "snmpbulkwalk", "snmpbulkget", "snmpset")
MISSING = [t for t in TOOLS if not shutil.which(t)] + ([] if SNMPD else ["snmpd"])

pytestmark = [
    pytest.mark.cbuild, pytest.mark.sanitizers, pytest.mark.peers,
    pytest.mark.skipif(CC is None or not shutil.which("make"), reason="needs a C compiler and make"),
    pytest.mark.skipif(bool(MISSING), reason=f"net-snmp's {', '.join(MISSING)} not installed "
                                             "(Debian: apt-get install snmpd snmp)"),
]

SYSTEM = ".1.3.6.1.2.1.1"
SYS_LOCATION = "ilpc test lab, rack 7"
SYS_CONTACT = "ilpc tests <snmp-tests@example.org>"
RUN_ENV = dict(os.environ, **SANITIZER_ENV)
SANITIZER_MARKS = ("AddressSanitizer", "LeakSanitizer", "UndefinedBehaviorSanitizer", "runtime error")


def no_sanitizer_report(text: str, what: str) -> None:
    for m in SANITIZER_MARKS:
        assert m not in text, f"{what}: sanitizer report\n{text[-4000:]}"


# ---- building and running

@pytest.fixture(scope="module")
def build(tmp_path_factory) -> Path:
    """snmp-client and snmp-agent, built by examples/snmp/Makefile with ASan + UBSan."""
    out = tmp_path_factory.mktemp("snmp-build")
    cmd = ["make", "-s", "-j1", "-C", str(EXAMPLE), f"BUILD={out}", f"ILPC={ILPC}", f"CC={CC}",
           f"CFLAGS={' '.join(SANITIZE_CFLAGS)}", f"LDFLAGS={SAN}"]
    r = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, f"{' '.join(cmd)}\n{r.stdout[-3000:]}{r.stderr[-3000:]}"
    return out


@pytest.fixture(scope="module")
def netsnmp_env(tmp_path_factory) -> dict:
    """net-snmp's tools without MIB files, user configuration or persistent state of
    the machine's."""
    d = tmp_path_factory.mktemp("netsnmp")
    (d / "mibs").mkdir()
    (d / "state").mkdir()
    return dict(os.environ, MIBS="", MIBDIRS=str(d / "mibs"), SNMP_PERSISTENT_DIR=str(d / "state"),
                SNMPCONFPATH=str(d / "state"), HOME=str(d))


def free_udp_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def netsnmp(env, tool, port, version, *args, community="public", timeout=2, retries=3):
    cmd = [tool, "-On", "-Oe", f"-v{version}", "-c", community, "-t", str(timeout), "-r", str(retries),
           f"127.0.0.1:{port}", *args]
    return subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=120)


def client(build, port, version, *args, community="public", timeout=2, retries=3, extra=()):
    cmd = [str(build / "snmp-client"), "--agent", f"127.0.0.1:{port}", "--community", community,
           "--version", version, "--timeout", str(timeout), "--retries", str(retries), *extra, *args]
    r = subprocess.run(cmd, capture_output=True, text=True, env=RUN_ENV, timeout=120)
    no_sanitizer_report(r.stderr, " ".join(cmd))
    return r


@pytest.fixture(scope="module")
def snmpd(tmp_path_factory, netsnmp_env):
    """net-snmp's snmpd on a free loopback port; yields the port."""
    d = tmp_path_factory.mktemp("snmpd")
    conf = d / "snmpd.conf"
    conf.write_text(f"rocommunity public 127.0.0.1\nsysLocation {SYS_LOCATION}\nsysContact {SYS_CONTACT}\n")
    log = open(d / "snmpd.log", "w")
    for _ in range(5):   # another process may take the port between its probe and snmpd's bind
        port = free_udp_port()
        p = subprocess.Popen(["timeout", "900", SNMPD, "-f", "-Lo", "-C", "-c", str(conf), "-r",
                              f"udp:127.0.0.1:{port}"], stdout=log, stderr=subprocess.STDOUT,
                             env=netsnmp_env, start_new_session=True)
        try:
            deadline = time.monotonic() + 60
            while p.poll() is None and time.monotonic() < deadline:
                r = netsnmp(netsnmp_env, "snmpget", port, "2c", SYSTEM + ".5.0", timeout=1, retries=0)
                if r.returncode == 0:
                    break
            else:
                p.kill()
                p.wait()
                continue
            yield port
            return
        finally:
            if p.poll() is None:
                p.terminate()
                try:
                    p.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    p.kill()
                    p.wait()
    log.close()
    pytest.fail(f"snmpd did not start:\n{(d / 'snmpd.log').read_text()[-3000:]}")


class Agent:
    """Our snmp-agent (ASan + UBSan) on a free port; stop() ends it with SIGTERM and
    returns its stderr, after checking the exit status and the sanitizers."""

    def __init__(self, build: Path, *args: str):
        self.p = subprocess.Popen([str(build / "snmp-agent"), "--listen", "127.0.0.1:0", "--lifetime", "900",
                                   *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                  env=RUN_ENV)
        line = self.p.stdout.readline()
        m = re.search(r"listening on 127\.0\.0\.1:(\d+)", line)
        if not m:
            self.p.kill()
            raise AssertionError(f"snmp-agent did not start: {line!r} {self.p.stderr.read()[-3000:]}")
        self.port = int(m.group(1))
        self.stderr = ""

    def stop(self) -> str:
        if self.p.poll() is None:
            self.p.terminate()
        try:
            _, self.stderr = self.p.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            self.p.kill()
            _, self.stderr = self.p.communicate()
            raise AssertionError("snmp-agent did not end on SIGTERM")
        no_sanitizer_report(self.stderr, "snmp-agent")
        assert self.p.returncode == 0, f"snmp-agent: exit status {self.p.returncode}\n{self.stderr[-3000:]}"
        return self.stderr


UPTIME = "8640123"   # 1 day, 0:00:01.23


@pytest.fixture(scope="module")
def agent(build):
    a = Agent(build, "--uptime", UPTIME)
    try:
        yield a
    finally:
        a.stop()


# ---- (a) our client against snmpd

def blank_uptime(text: str) -> str:
    return re.sub(r"^(\.1\.3\.6\.1\.2\.1\.1\.3\.0 = Timeticks: )\(\d+\) .*$", r"\1(N)", text, flags=re.M)


CASES = [
    ("get", [SYSTEM + ".1.0", SYSTEM + ".2.0", SYSTEM + ".4.0", SYSTEM + ".5.0", SYSTEM + ".6.0"]),
    ("get", [SYSTEM + ".3.0"]),
    ("get", [SYSTEM + ".99.0"]),                       # no such object / noSuchName
    ("get", [SYSTEM + ".99.0", SYSTEM + ".5.0"]),      # v1: the error, then the rest again
    ("get", [SYSTEM + ".5.0.7"]),
    ("getnext", [SYSTEM, SYSTEM + ".6.0"]),
    ("getnext", [SYSTEM + ".9.1.4.10", ".1.3.6.1.99"]),
    ("walk", [SYSTEM]),
    ("walk", [SYSTEM + ".9.1.3"]),
    ("walk", [SYSTEM + ".99"]),                        # nothing below: then a get of it
    ("walk", [SYSTEM + ".1.0"]),
    ("walk", [".1.3.6.1.99"]),                         # past the end of the MIB
    ("bulkwalk", [SYSTEM]),
]
TOOL = {"get": "snmpget", "getnext": "snmpgetnext", "walk": "snmpwalk", "bulkwalk": "snmpbulkwalk"}


def case_params():
    for v in ("1", "2c"):
        for i, (cmd, oids) in enumerate(CASES):
            if not (cmd == "bulkwalk" and v == "1"):
                yield pytest.param(v, cmd, oids, id=f"v{v}-{i}-{cmd}")


def same_as_netsnmp(env, build, port, version, cmd, oids, normalize=lambda s: s):
    ours = client(build, port, version, cmd, *oids)
    theirs = netsnmp(env, TOOL[cmd], port, version, *oids)
    what = f"v{version} {cmd} {' '.join(oids)}"
    assert normalize(ours.stdout) == normalize(theirs.stdout), what
    assert ours.stderr == theirs.stderr, what
    assert ours.returncode == theirs.returncode, f"{what}: {ours.stderr}"
    return ours


@pytest.mark.parametrize("version,cmd,oids", list(case_params()))
def test_client_matches_netsnmp_against_snmpd(build, snmpd, netsnmp_env, version, cmd, oids):
    r = same_as_netsnmp(netsnmp_env, build, snmpd, version, cmd, oids, blank_uptime)
    if cmd == "walk" and oids == [SYSTEM]:
        assert f'{SYSTEM}.6.0 = STRING: "{SYS_LOCATION}"\n' in r.stdout
        assert f'{SYSTEM}.4.0 = STRING: "{SYS_CONTACT}"\n' in r.stdout
        assert len(r.stdout.splitlines()) > 10
    if oids == [SYSTEM + ".99.0"]:
        if version == "1":
            assert r.returncode == 2 and "(noSuchName)" in r.stderr and r.stdout == ""
        else:
            assert r.stdout == f"{SYSTEM}.99.0 = No Such Object available on this agent at this OID\n"


@pytest.mark.parametrize("version", ["1", "2c"])
@pytest.mark.parametrize("cmd", ["get", "walk"])
def test_wrong_community_times_out_like_netsnmp(build, snmpd, netsnmp_env, version, cmd):
    ours = client(build, snmpd, version, cmd, SYSTEM + ".1.0", community="not-public", timeout=0.3, retries=1)
    theirs = netsnmp(netsnmp_env, TOOL[cmd], snmpd, version, SYSTEM + ".1.0", community="not-public",
                     timeout=0.3, retries=1)
    assert ours.returncode == theirs.returncode == 1
    assert ours.stdout == theirs.stdout == ""
    assert ours.stderr == theirs.stderr == f"Timeout: No Response from 127.0.0.1:{snmpd}" + (
        "." if cmd == "get" else "") + "\n"


# ---- (b) net-snmp's tools against our agent

WALK_V2C = f"""\
.1.3.6.1.2.1.1.1.0 = STRING: "ilpc SNMP agent (examples/snmp): BER by ilpc-generated code"
.1.3.6.1.2.1.1.2.0 = OID: .1.3.6.1.4.1.32473.1
.1.3.6.1.2.1.1.3.0 = Timeticks: ({UPTIME}) 1 day, 0:00:01.23
.1.3.6.1.2.1.1.4.0 = STRING: "ilpc examples <snmp@example.org>"
.1.3.6.1.2.1.1.5.0 = STRING: "ilpc-snmp-agent"
.1.3.6.1.2.1.1.6.0 = STRING: "examples/snmp, ilpc"
.1.3.6.1.2.1.1.7.0 = INTEGER: 72
.1.3.6.1.2.1.2.1.0 = INTEGER: 1
.1.3.6.1.2.1.2.2.1.5.1 = Gauge32: 1000000000
.1.3.6.1.2.1.2.2.1.6.1 = Hex-STRING: 02 00 5E 10 00 01 
.1.3.6.1.2.1.2.2.1.10.1 = Counter32: 4294967295
.1.3.6.1.2.1.4.20.1.1.127.0.0.1 = IpAddress: 127.0.0.1
.1.3.6.1.2.1.31.1.1.1.6.1 = Counter64: 18446744073709551615
.1.3.6.1.4.1.32473.1.1.0 = INTEGER: -2147483648
.1.3.6.1.4.1.32473.1.2.0 = ""
.1.3.6.1.4.1.32473.1.3.0 = STRING: "quote \\" and backslash \\\\"
.1.3.6.1.4.1.32473.1.4.0 = OPAQUE: 04 02 68 69 
.1.3.6.1.4.1.32473.1.5.0 = Counter64: 1234567890123
.1.3.6.1.4.1.32473.1.6.0 = INTEGER: 2147483647
.1.3.6.1.4.1.32473.1.7.0 = Opaque: Float: 1.500000
"""
END_OF_VIEW = "No more variables left in this MIB View (It is past the end of the MIB tree)"
# SNMPv1 has no Counter64: such objects are not there for it (RFC 2576 4.1.2.1)
WALK_V1 = "".join(line + "\n" for line in WALK_V2C.splitlines() if "Counter64" not in line)


def test_netsnmp_walks_our_agent(agent, netsnmp_env):
    r = netsnmp(netsnmp_env, "snmpwalk", agent.port, "2c", ".1")
    assert (r.returncode, r.stderr) == (0, "")
    assert r.stdout == WALK_V2C + f".1.3.6.1.4.1.32473.1.7.0 = {END_OF_VIEW}\n"
    r = netsnmp(netsnmp_env, "snmpwalk", agent.port, "1", ".1")
    assert (r.returncode, r.stderr) == (0, "")
    assert r.stdout == WALK_V1 + "End of MIB\n"
    for reps in ("1", "3", "10", "50"):
        r = netsnmp(netsnmp_env, "snmpbulkwalk", agent.port, "2c", f"-Cr{reps}", ".1")
        assert (r.returncode, r.stderr) == (0, ""), reps
        assert r.stdout == WALK_V2C + f".1.3.6.1.4.1.32473.1.7.0 = {END_OF_VIEW}\n", reps
    r = netsnmp(netsnmp_env, "snmpwalk", agent.port, "2c", SYSTEM)
    assert r.stdout == "".join(line + "\n" for line in WALK_V2C.splitlines()[:7])


def test_netsnmp_bulkget_our_agent(agent, netsnmp_env):
    """GetBulk's non-repeaters and repetitions (RFC 3416 4.2.3), past the end of the MIB."""
    r = netsnmp(netsnmp_env, "snmpbulkget", agent.port, "2c", "-Cn1", "-Cr3", SYSTEM + ".1.0", SYSTEM + ".7.0",
                ".1.3.6.1.4.1.32473.1.5.0")
    assert (r.returncode, r.stderr) == (0, "")
    assert r.stdout == f"""\
.1.3.6.1.2.1.1.2.0 = OID: .1.3.6.1.4.1.32473.1
.1.3.6.1.2.1.2.1.0 = INTEGER: 1
.1.3.6.1.4.1.32473.1.6.0 = INTEGER: 2147483647
.1.3.6.1.2.1.2.2.1.5.1 = Gauge32: 1000000000
.1.3.6.1.4.1.32473.1.7.0 = Opaque: Float: 1.500000
.1.3.6.1.2.1.2.2.1.6.1 = Hex-STRING: 02 00 5E 10 00 01 
.1.3.6.1.4.1.32473.1.7.0 = {END_OF_VIEW}
"""


def test_netsnmp_gets_from_our_agent(agent, netsnmp_env):
    port = agent.port
    r = netsnmp(netsnmp_env, "snmpget", port, "2c", SYSTEM + ".5.0", ".1.3.6.1.2.1.31.1.1.1.6.1", SYSTEM + ".5.1",
                SYSTEM + ".99", ".1.3.6.1.2.1.4.20.1.1.127.0.0.1")
    assert (r.returncode, r.stderr) == (0, "")
    assert r.stdout == f"""\
.1.3.6.1.2.1.1.5.0 = STRING: "ilpc-snmp-agent"
.1.3.6.1.2.1.31.1.1.1.6.1 = Counter64: 18446744073709551615
.1.3.6.1.2.1.1.5.1 = No Such Instance currently exists at this OID
.1.3.6.1.2.1.1.99 = No Such Object available on this agent at this OID
.1.3.6.1.2.1.4.20.1.1.127.0.0.1 = IpAddress: 127.0.0.1
"""
    # v1: the Counter64 object is not there: noSuchName; snmpget asks again without it
    r = netsnmp(netsnmp_env, "snmpget", port, "1", ".1.3.6.1.2.1.31.1.1.1.6.1", SYSTEM + ".5.0")
    assert r.returncode == 2
    assert r.stdout == '.1.3.6.1.2.1.1.5.0 = STRING: "ilpc-snmp-agent"\n'
    assert r.stderr == ("Error in packet\nReason: (noSuchName) There is no such variable name in this MIB.\n"
                        "Failed object: .1.3.6.1.2.1.31.1.1.1.6.1\n\n")
    r = netsnmp(netsnmp_env, "snmpgetnext", port, "1", ".1.3.6.1.2.1.2.2.1.10.1")   # skips the Counter64
    assert r.stdout == ".1.3.6.1.2.1.4.20.1.1.127.0.0.1 = IpAddress: 127.0.0.1\n"
    for v, reason in (("2c", "notWritable (That object does not support modification)"),
                      ("1", "(noSuchName) There is no such variable name in this MIB.")):
        r = netsnmp(netsnmp_env, "snmpset", port, v, SYSTEM + ".5.0", "s", "renamed")
        assert r.returncode == 2 and r.stdout == ""
        assert r.stderr == f"Error in packet.\nReason: {reason}\nFailed object: {SYSTEM}.5.0\n\n"
    r = netsnmp(netsnmp_env, "snmpget", port, "2c", SYSTEM + ".5.0", community="wrong", timeout=0.3, retries=0)
    assert r.returncode == 1 and r.stderr == f"Timeout: No Response from 127.0.0.1:{port}.\n"


# ---- (c) our client against our agent

AGENT_CASES = [
    ("walk", [".1"]), ("walk", [SYSTEM]), ("walk", [".1.3.6.1.4.1.32473"]), ("walk", [".1.3.6.1.4.1.32473.1.7.0"]),
    ("walk", [".1.3.6.1.99"]), ("walk", [SYSTEM + ".99"]), ("bulkwalk", [".1"]), ("bulkwalk", [".1.3.6.1.2.1.2"]),
    ("get", [SYSTEM + ".1.0", ".1.3.6.1.2.1.31.1.1.1.6.1", SYSTEM + ".5.1", SYSTEM + ".99", SYSTEM + ".3.0"]),
    ("get", [".1.3.6.1.4.1.32473.1.1.0", ".1.3.6.1.4.1.32473.1.2.0", ".1.3.6.1.4.1.32473.1.3.0",
             ".1.3.6.1.4.1.32473.1.4.0", ".1.3.6.1.2.1.2.2.1.6.1"]),
    ("getnext", [SYSTEM, ".1.3.6.1.2.1.2.2.1.10.1", ".1.3.6.1.4.1.32473.1.6.0", ".1.3.6.1.4.1.32473.1.7.0"]),
]


@pytest.mark.parametrize("version", ["1", "2c"])
def test_client_against_our_agent(build, agent, netsnmp_env, version):
    for cmd, oids in AGENT_CASES:
        if cmd == "bulkwalk" and version == "1":
            continue
        same_as_netsnmp(netsnmp_env, build, agent.port, version, cmd, oids)
    r = client(build, agent.port, version, "walk", ".1")
    assert r.stdout == (WALK_V2C + f".1.3.6.1.4.1.32473.1.7.0 = {END_OF_VIEW}\n" if version == "2c"
                        else WALK_V1 + "End of MIB\n")


def test_client_bulkwalk_repetitions(build, agent):
    for reps in ("1", "2", "7", "100"):
        r = client(build, agent.port, "2c", "bulkwalk", ".1", extra=("--max-repetitions", reps))
        assert (r.returncode, r.stderr) == (0, ""), reps
        assert r.stdout == WALK_V2C + f".1.3.6.1.4.1.32473.1.7.0 = {END_OF_VIEW}\n", reps


def test_client_wrong_community_against_our_agent(build):
    a = Agent(build)
    try:
        r = client(build, a.port, "2c", "get", SYSTEM + ".1.0", community="nope", timeout=0.3, retries=2)
        assert r.returncode == 1 and r.stdout == ""
        assert r.stderr == f"Timeout: No Response from 127.0.0.1:{a.port}.\n"
        peer = Peer(a.port)
        peer.sysname_works()   # the agent has read every datagram before it
        peer.close()
    finally:
        err = a.stop()
    assert err.count("wrong community") == 4   # three tries: three lines, and the counter
    assert "3 with a wrong community" in err


# ---- a little BER, to build requests and read responses

def tlv(tag: int, content: bytes) -> bytes:
    n = len(content)
    if n < 0x80:
        length = bytes([n])
    else:
        b = n.to_bytes((n.bit_length() + 7) // 8, "big")
        length = bytes([0x80 | len(b)]) + b
    return bytes([tag]) + length + content


def ber_int(v: int, tag: int = 0x02) -> bytes:
    n = max(1, (v + (v < 0)).bit_length() // 8 + 1)
    return tlv(tag, v.to_bytes(n, "big", signed=True))


def ber_oid(text: str) -> bytes:
    arcs = [int(a) for a in text.strip(".").split(".")]
    subids = [arcs[0] * 40 + arcs[1]] + arcs[2:]
    out = b""
    for s in subids:
        chunk = [s & 0x7F]
        s >>= 7
        while s:
            chunk.append(0x80 | (s & 0x7F))
            s >>= 7
        out += bytes(reversed(chunk))
    return tlv(0x06, out)


NULL = b"\x05\x00"


def request(version: int, pdu_tag: int, request_id: int, oids, community=b"public", a=0, b=0, values=None) -> bytes:
    vbs = b"".join(tlv(0x30, ber_oid(o) + (values[i] if values else NULL)) for i, o in enumerate(oids))
    pdu = tlv(0xA0 | pdu_tag, ber_int(request_id) + ber_int(a) + ber_int(b) + tlv(0x30, vbs))
    return tlv(0x30, ber_int(version) + tlv(0x04, community) + pdu)


def parse(buf: bytes):
    """Definite-length BER into [(tag, value)]: constructed values as lists, the rest as bytes."""
    out, i = [], 0
    while i < len(buf):
        tag, n = buf[i], buf[i + 1]
        i += 2
        if n & 0x80:
            k = n & 0x7F
            n = int.from_bytes(buf[i:i + k], "big")
            i += k
        body = buf[i:i + n]
        if len(body) != n:
            raise ValueError("truncated")
        i += n
        out.append((tag, parse(body) if tag & 0x20 else body))
    return out


def response_fields(datagram: bytes):
    """(version, pdu tag, request-id, error-status, error-index, [(oid bytes, value tag)])."""
    [(_, [(_, ver), (_, _community), (pdu_tag, [(_, rid), (_, es), (_, ei), (_, vbs)])])] = parse(datagram)
    num = lambda b: int.from_bytes(b, "big", signed=True)  # noqa: E731
    return num(ver), pdu_tag, num(rid), num(es), num(ei), [(vb[0][1], vb[1][0]) for _, vb in vbs]


class Peer:
    """A UDP socket of the test's that talks to an agent."""

    def __init__(self, port: int):
        self.s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.s.bind(("127.0.0.1", 0))
        self.addr = ("127.0.0.1", port)
        self.next_id = 1000

    def send(self, data: bytes) -> None:
        self.s.sendto(data, self.addr)

    def ask(self, req_builder, tries: int = 20, wait: float = 3.0) -> bytes:
        """Send REQ_BUILDER(request_id) until a response with that request-id comes back
        (responses to earlier requests are drained)."""
        self.next_id += 1
        rid = self.next_id
        req = req_builder(rid)
        for _ in range(tries):
            self.send(req)
            deadline = time.monotonic() + wait
            while time.monotonic() < deadline:
                ready, _, _ = select.select([self.s], [], [], max(0.0, deadline - time.monotonic()))
                if not ready:
                    break
                data, _ = self.s.recvfrom(70000)
                try:
                    if response_fields(data)[2] == rid:
                        return data
                except (ValueError, IndexError):
                    pass
        raise AssertionError(f"no response to request {rid}")

    def sysname_works(self, version: int = 1) -> None:
        data = self.ask(lambda rid: request(version, 0, rid, [SYSTEM + ".5.0"]))
        ver, tag, _, es, ei, vbs = response_fields(data)
        assert (ver, tag, es, ei) == (version, 0xA2, 0, 0)
        assert vbs == [(ber_oid(SYSTEM + ".5.0")[2:], 0x04)]

    def close(self):
        self.s.close()


# ---- (d) malformed datagrams to our agent, garbage to our client

def malformed_datagrams() -> list[bytes]:
    good = request(1, 0, 0x1234567, [SYSTEM + ".1.0", SYSTEM + ".5.0"])
    rnd = random.Random(1157)
    out = [b"", b"\x00", b"\x30", b"\x30\x00", b"\xff" * 8]
    out += [good[:n] for n in range(1, len(good))]                       # every truncation
    out += [good + b"\x00", good + good]                                  # trailing octets
    out += [bytes(rnd.randrange(256) for _ in range(rnd.randrange(1, 300))) for _ in range(200)]
    out += [b"\x30" + bytes([rnd.randrange(256)]) + bytes(rnd.randrange(256) for _ in range(rnd.randrange(0, 64)))
            for _ in range(200)]
    for _ in range(200):                                                  # one octet changed
        b = bytearray(good)
        b[rnd.randrange(len(b))] = rnd.randrange(256)
        out.append(bytes(b))
    # lengths far past the datagram, and malformed ones
    out += [b"\x30\x84\xff\xff\xff\xff" + good[2:], b"\x30\x88\xff\xff\xff\xff\xff\xff\xff\xff" + good[2:],
            b"\x30\x89\x01" + b"\x00" * 8 + good[2:], b"\x30\xff" + good[2:], b"\x30\x80" + good[2:],
            good[:5] + b"\x04\x84\x7f\xff\xff\xff" + b"public",
            tlv(0x30, ber_int(1) + tlv(0x04, b"public") + b"\xa0\x84\x7f\xff\xff\xf0" + b"\x02\x01\x01"),
            tlv(0x30, ber_int(1) + tlv(0x04, b"public") + tlv(0xA0, b"\x02\x01\x01\x02\x01\x00\x02\x01\x00"
                                                                   + b"\x30\x84\x7f\xff\xff\xff"))]
    # deep nesting: indefinite and definite, in the Message and in a value
    out.append(b"\x30\x80" * 30000)
    inner = NULL
    for _ in range(2000):
        inner = tlv(0x30, inner)
    out.append(tlv(0x30, ber_int(1) + tlv(0x04, b"public") + inner))
    out.append(request(1, 0, 7, [SYSTEM + ".1.0"], values=[inner]))
    # values the modules' types do not allow
    out += [request(3, 0, 7, [SYSTEM + ".1.0"]), request(-1, 0, 7, [SYSTEM + ".1.0"]),  # versions
            request(1 << 70, 0, 7, [SYSTEM + ".1.0"]),
            request(1, 0, 1 << 40, [SYSTEM + ".1.0"]),                    # request-id beyond Integer32
            request(1, 0, 7, [SYSTEM + ".1.0"], a=-1),                     # v2c error-status: fine; index:
            request(1, 0, 7, [SYSTEM + ".1.0"], b=-1),
            request(0, 5, 7, [SYSTEM + ".1.0"]),                           # GetBulk in SNMPv1
            request(1, 4, 7, [SYSTEM + ".1.0"]),                           # [4] in SNMPv2c
            request(1, 9, 7, [SYSTEM + ".1.0"]),                           # no such PDU
            request(1, 0, 7, [SYSTEM + ".1.0"], community=b"x" * 300),     # community > 255
            request(0, 0, 7, [SYSTEM + ".1.0"], values=[tlv(0x46, b"\x01")]),   # Counter64 in v1
            request(1, 0, 7, [SYSTEM + ".1.0"], values=[tlv(0x46, b"\x01" * 10)]),  # Counter64 > 64 bits
            request(1, 0, 7, [SYSTEM + ".1.0"], values=[tlv(0x40, b"\x7f\x00\x00")]),  # IpAddress of 3
            request(1, 0, 7, [SYSTEM + ".1.0"], values=[b"\x05\x01\x00"]),  # NULL of length 1
            request(1, 0, 7, [SYSTEM + ".1.0"], values=[b"\x02\x02\x00\x01"]),  # INTEGER not minimal
            request(1, 0, 7, [".1.3." + ".".join(["1"] * 200)]),           # 202 arcs
            request(1, 0, 7, [".1.3.6.1.99999999999999999999999"]),       # an arc past 64 bits
            request(1, 0, 7, [".1.3.6.1.4294967296"]),                     # past 32 bits
            tlv(0x30, ber_int(1) + tlv(0x04, b"public") + tlv(0xA0, ber_int(7) + ber_int(0) + ber_int(0) + tlv(
                0x30, tlv(0x30, b"\x06\x03\x2b\x80\x01" + NULL)))),       # subidentifier padded with 80
            tlv(0x30, ber_int(1) + tlv(0x04, b"public") + tlv(0xA0, ber_int(7) + ber_int(0) + ber_int(0) + tlv(
                0x30, tlv(0x30, b"\x06\x02\x2b\x86" + NULL)))),           # unterminated subidentifier
            request(1, 2, 7, [SYSTEM + ".1.0"]),                           # a Response: not answered
            request(1, 7, 7, [SYSTEM + ".1.0"]),                           # a trap: not answered
            ]
    return out


def test_agent_survives_malformed_datagrams(build):
    a = Agent(build, "--uptime", UPTIME)
    peer = Peer(a.port)
    try:
        peer.sysname_works(0)
        datagrams = malformed_datagrams()
        for i in range(0, len(datagrams), 40):
            for d in datagrams[i:i + 40]:
                peer.send(d)
            peer.sysname_works(1)   # answered after all of these: they were read and dropped
        # valid but large: 1000 bindings (tooBig, no bindings: RFC 3416 4.2.1) ...
        many = [SYSTEM + ".1.0"] * 1000
        ver, tag, _, es, ei, vbs = response_fields(peer.ask(lambda rid: request(1, 0, rid, many)))
        assert (tag, es, ei, vbs) == (0xA2, 1, 0, [])
        # ... in v1, tooBig with the request's bindings (RFC 1157 4.1.2) -- too big again:
        # nothing fits, so nothing comes back but the agent goes on
        peer.send(request(0, 0, 99, many))
        # GetBulk asking for 10 x 2^31-1 bindings: as many as fit (RFC 3416 4.2.3)
        data = peer.ask(lambda rid: request(1, 5, rid, [SYSTEM] * 10, a=0, b=2147483647))
        assert len(data) <= 1472
        ver, tag, _, es, ei, vbs = response_fields(data)
        assert (tag, es, ei) == (0xA2, 0, 0) and 10 <= len(vbs)
        peer.sysname_works(0)
        peer.sysname_works(1)
    finally:
        peer.close()
        err = a.stop()
    dropped = int(re.search(r"(\d+) dropped as malformed", err).group(1))
    versions = int(re.search(r"(\d+) with a bad version", err).group(1))
    assert dropped + versions >= 600, err[-2000:]
    assert "dropped a datagram of" in err


class FakeAgent:
    """A UDP 'agent' in Python that answers every request with REPLY(request)."""

    def __init__(self, reply):
        self.s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.s.bind(("127.0.0.1", 0))
        self.port = self.s.getsockname()[1]
        self.reply = reply
        self.stop = threading.Event()
        self.t = threading.Thread(target=self.run, daemon=True)
        self.t.start()

    def run(self):
        while not self.stop.is_set():
            ready, _, _ = select.select([self.s], [], [], 0.1)
            if ready:
                data, addr = self.s.recvfrom(70000)
                for out in self.reply(data):
                    self.s.sendto(out, addr)

    def close(self):
        self.stop.set()
        self.t.join(10)
        self.s.close()


def request_id(datagram: bytes) -> int:
    return response_fields(datagram)[2]


def response(version, rid, vbs, es=0, ei=0) -> bytes:
    body = b"".join(tlv(0x30, o + v) for o, v in vbs)
    return tlv(0x30, ber_int(version) + tlv(0x04, b"public") + tlv(0xA2, ber_int(rid) + ber_int(es) + ber_int(ei)
                                                                    + tlv(0x30, body)))


SYSDESCR = ber_oid(SYSTEM + ".1.0")
GARBAGE_REPLIES = {
    "garbage": lambda q: [bytes(random.Random(5).randrange(256) for _ in range(100))],
    "truncated": lambda q: [response(1, request_id(q), [(SYSDESCR, tlv(0x04, b"hello"))])[:-3]],
    "huge-length": lambda q: [b"\x30\x84\x7f\xff\xff\xff" + response(1, request_id(q), [])[2:]],
    "deep": lambda q: [b"\x30\x80" * 30000],
    "deep-value": lambda q: [response(1, request_id(q), [(SYSDESCR, tlv(0x30, tlv(0x30, tlv(0x30, NULL))))])],
    "counter64-in-v1": lambda q: [response(0, request_id(q), [(SYSDESCR, tlv(0x46, b"\x01"))])],
    "129-arcs": lambda q: [response(1, request_id(q), [(ber_oid(".1.3" + ".1" * 127), NULL)])],
    "integer-beyond-32-bits": lambda q: [response(1, request_id(q), [(SYSDESCR, ber_int(1 << 40))])],
    "empty": lambda q: [b""],
}


@pytest.mark.parametrize("kind", sorted(GARBAGE_REPLIES))
def test_client_rejects_garbage_replies(build, kind):
    fake = FakeAgent(GARBAGE_REPLIES[kind])
    try:
        r = client(build, fake.port, "2c", "get", SYSTEM + ".1.0", timeout=1, retries=1)
    finally:
        fake.close()
    assert r.returncode == 1 and r.stdout == "", r.stderr
    *ignored, last = r.stderr.strip().splitlines()
    assert re.fullmatch(rf"snmp-client: no valid response from 127\.0\.0\.1:{fake.port}: (1 datagram|2 datagrams) "
                        r"did not decode \(the last: .+\)", last), r.stderr
    assert ignored and all(line.startswith("snmp-client: ignored a datagram of ") for line in ignored), r.stderr


def test_client_ignores_other_replies_and_stray_answers(build):
    """Responses with another request-id, another version or another PDU type are not
    the answer: the client waits on, and times out; errors with an error-index out of
    range and OIDs that do not increase end cleanly."""
    def wrong(q):
        rid = request_id(q)
        return [response(1, rid + 1, [(SYSDESCR, tlv(0x04, b"x"))]), response(0, rid, [(SYSDESCR, tlv(0x04, b"x"))]),
                tlv(0x30, ber_int(1) + tlv(0x04, b"public") + tlv(0xA0, ber_int(rid) + ber_int(0) + ber_int(0)
                                                                   + tlv(0x30, b"")))]
    fake = FakeAgent(wrong)
    try:
        r = client(build, fake.port, "2c", "get", SYSTEM + ".1.0", timeout=0.3, retries=1)
    finally:
        fake.close()
    assert (r.returncode, r.stdout, r.stderr) == (1, "", f"Timeout: No Response from 127.0.0.1:{fake.port}.\n")

    fake = FakeAgent(lambda q: [response(1, request_id(q), [(SYSDESCR, NULL)], es=5, ei=99)])
    try:
        r = client(build, fake.port, "2c", "get", SYSTEM + ".1.0")
    finally:
        fake.close()
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr == "Error in packet\nReason: (genError) A general failure occured\nFailed object: \n"

    fake = FakeAgent(lambda q: [response(1, request_id(q), [(ber_oid(SYSTEM + ".1.0"), tlv(0x04, b"again"))])])
    try:
        r = client(build, fake.port, "2c", "walk", SYSTEM)
    finally:
        fake.close()
    assert r.returncode == 1
    assert r.stdout == '.1.3.6.1.2.1.1.1.0 = STRING: "again"\n.1.3.6.1.2.1.1.1.0 = STRING: "again"\n'
    assert r.stderr == f"Error: OID not increasing: {SYSTEM}.1.0\n >= {SYSTEM}.1.0\n\n"


# ---- (e) Wireshark's dissector on the datagrams

class Recorder:
    """A UDP relay between our client and our agent that keeps every datagram."""

    def __init__(self, agent_port: int):
        self.front = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.front.bind(("127.0.0.1", 0))
        self.port = self.front.getsockname()[1]
        self.back = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.back.connect(("127.0.0.1", agent_port))
        self.requests, self.responses = [], []
        self.stop = threading.Event()
        self.t = threading.Thread(target=self.run, daemon=True)
        self.t.start()

    def run(self):
        peer = None
        while not self.stop.is_set():
            ready, _, _ = select.select([self.front, self.back], [], [], 0.1)
            if self.front in ready:
                data, peer = self.front.recvfrom(70000)
                self.requests.append(data)
                self.back.send(data)
            if self.back in ready:
                data = self.back.recv(70000)
                self.responses.append(data)
                if peer:
                    self.front.sendto(data, peer)

    def close(self):
        self.stop.set()
        self.t.join(10)
        self.front.close()
        self.back.close()


def tshark_text(tmp_path: Path, name: str, datagrams: list[bytes], ports: str) -> str:
    dump = "".join("".join(f"{off:06x} " + " ".join(f"{b:02x}" for b in d[off:off + 16]) + "\n"
                           for off in range(0, len(d), 16)) for d in datagrams)
    (tmp_path / f"{name}.txt").write_text(dump)
    pcap = tmp_path / f"{name}.pcap"
    r = subprocess.run(["text2pcap", "-q", "-u", ports, str(tmp_path / f"{name}.txt"), str(pcap)],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    r = subprocess.run(["tshark", "-n", "-r", str(pcap), "-V"], capture_output=True, text=True, timeout=300,
                       env=dict(os.environ, HOME=str(tmp_path)))
    assert r.returncode == 0, r.stderr
    return r.stdout


@pytest.mark.skipif(not (shutil.which("tshark") and shutil.which("text2pcap")),
                    reason="Wireshark's tshark and text2pcap not installed (Debian: apt-get install tshark)")
def test_wireshark_dissects_our_datagrams(build, agent, tmp_path):
    rec = Recorder(agent.port)
    try:
        for version in ("1", "2c"):
            assert client(build, rec.port, version, "get", SYSTEM + ".1.0", SYSTEM + ".99.0").returncode in (0, 2)
            assert client(build, rec.port, version, "getnext", SYSTEM + ".3.0").returncode == 0
            assert client(build, rec.port, version, "walk", ".1.3.6.1.2.1.2").returncode == 0
        assert client(build, rec.port, "2c", "bulkwalk", ".1", extra=("--max-repetitions", "5")).returncode == 0
    finally:
        rec.close()
    assert len(rec.requests) == len(rec.responses) >= 14
    req = tshark_text(tmp_path, "requests", rec.requests, "40000,161")
    resp = tshark_text(tmp_path, "responses", rec.responses, "161,40000")
    for text, n in ((req, len(rec.requests)), (resp, len(rec.responses))):
        assert "Malformed" not in text and "Expert Info (Error" not in text, text[-3000:]
        assert text.count("Simple Network Management Protocol") == n
        assert "community: public" in text
    assert "version: version-1 (0)" in req and "version: v2c (1)" in req
    for pdu in ("get-request", "get-next-request", "getBulkRequest"):
        assert f"data: {pdu} (" in req, pdu
    assert "Object Name: 1.3.6.1.2.1.1.1.0" in req and "Object Name: 1.3.6.1.2.1.1.99.0" in req
    assert "non-repeaters: 0" in req and "max-repetitions: 5" in req
    assert "data: get-response (2)" in resp
    assert "error-status: noSuchName (2)" in resp
    for value in ("Value (OctetString)", "Value (Counter32): 4294967295", "Value (Gauge32): 1000000000",
                  "Value (IpAddress): 127.0.0.1", "Value (Counter64): 18446744073709551615",
                  "Value (Timeticks): 8640123", "Value (OID): 1.3.6.1.4.1.32473.1", "noSuchObject",
                  "endOfMibView", "Value (Integer32): -2147483648", "Value (Opaque)"):
        assert value in resp, value


def test_sources_compile_with_clang(build):
    """The example's C, clean with clang too (the test's build is CC's)."""
    if not shutil.which("clang"):
        pytest.skip("clang not installed")
    for src in ("snmp_common.c", "snmp_client.c", "snmp_agent.c"):
        r = subprocess.run(["clang", "-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic", "-fsyntax-only",
                            f"-I{build}", str(EXAMPLE / src)], capture_output=True, text=True, timeout=120)
        assert r.returncode == 0, f"{src}\n{r.stderr[-3000:]}"
