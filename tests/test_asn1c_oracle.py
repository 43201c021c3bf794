"""ilpc's DER against asn1c's: Lev Walkin's ASN.1 compiler (Debian's asn1c 0.9.28), an
implementation written independently of ilpc and of asn1tools, on the specs it compiles.

For each spec (SPECS: the files and the message type), asn1c's generated code and its
converter (asn1c -pdu=auto, converter-sample.c, -DPDU=the type) are built once per run
(-O0: the oracle's speed does not matter).  N_VALUES seeded random values of the type
(tests/oracle/values.py, the XDR oracle's generator) go

    XDR --ilpc--> DER --asn1c (BER decoder, DER encoder)--> DER' --ilpc (BER to DER)--> DER''

and DER' must be DER byte for byte (asn1c reads ilpc's DER and encodes the same value
the same way), and DER'' too (ilpc reads asn1c's output as the value it sent).  asn1c covers what
asn1tools gets wrong: perf-object's tagged CHOICEs under automatic tags
(test_ber_oracle.py's ASN1TOOLS_GAPS).

Where asn1c is wrong (ASN1C_GAPS) its bytes may differ from DER, and then only in the
way named there: asn1c 0.9.28 encodes a component whose value is its DEFAULT (X.690
11.5 says DER leaves it out), which ilpc's DER decoder rejects with its own error and
its BER decoder reads as the same value.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import zlib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from conftest import (
    ROOT, BuildError, build_harness, group_harness, run_dir, run_many, shared_build,
)
from oracle.tlv import spans as tlv_spans

pytestmark = [pytest.mark.cbuild, pytest.mark.peers, pytest.mark.sanitizers,
              pytest.mark.skipif(shutil.which("asn1c") is None, reason="asn1c is not installed (Debian: asn1c)")]

N_VALUES = 12

# name -> (spec files, the message type, the spec group whose shared harness has its DER
# codec, or None: a harness of its own, built here)
SPECS = {
    "perf-object": (["examples/perf-object/perf-object.asn1"], "PerfObject.Perf-object", "perf-object"),
    # PDUs, not Message: Message's data is an ANY, which the value generator fills with
    # random octets, not a TLV
    "snmpv1": (["examples/snmp/RFC1155-SMI.asn1", "examples/snmp/RFC1157-SNMP.asn1"], "RFC1157-SNMP.PDUs", None),
    "ldap": (["examples/ldap/ldap.asn1"], "Lightweight-Directory-Access-Protocol-V3.LDAPMessage", None),
}


# spec -> how asn1c's DER may differ from X.690's, and the error ilpc's DER decoder then gives
DEFAULT_ENCODED = ("asn1c 0.9.28 encodes components that hold their DEFAULT value",
                   "DER/CER: component encoded with its DEFAULT value")
ASN1C_GAPS = {"perf-object": DEFAULT_ENCODED, "ldap": DEFAULT_ENCODED}


def _run(cmd: list[str], **kw) -> subprocess.CompletedProcess:
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if r.returncode != 0:
        raise BuildError(f"{' '.join(cmd[:4])} ... failed (exit {r.returncode}):\n{r.stdout[-2000:]}{r.stderr[-4000:]}")
    return r


def build_asn1c(files: list[str], type_name: str, out: Path) -> Path:
    """asn1c's code for FILES and its converter for TYPE_NAME's type, in OUT."""
    out.mkdir(parents=True)
    _run(["asn1c", "-fcompound-names", "-fno-include-deps", "-pdu=auto", *[str(ROOT / f) for f in files]], cwd=out)
    pdu = type_name.split(".")[1].replace("-", "_")  # asn1c's C name of the type
    srcs = sorted(out.glob("*.c"))
    cc = shutil.which("gcc") or "cc"

    def compile_one(src: Path) -> Path:
        obj = src.with_suffix(".o")
        # asn1c's own code is not held to ilpc's warning flags
        pdu_flag = [f"-DPDU={pdu}"] if src.name == "converter-sample.c" else []
        _run([cc, "-O0", "-w", *pdu_flag, "-I", str(out), "-c", str(src), "-o", str(obj)])
        return obj

    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        objs = list(pool.map(compile_one, srcs))
    exe = out / "asn1c-convert"
    _run([cc, *map(str, objs), "-o", str(exe), "-lm"])
    return exe


def ilpc_harness(tmp_path_factory, name: str) -> Path:
    files, type_name, group = SPECS[name]
    if group is not None:
        return group_harness(tmp_path_factory, group)
    return shared_build(tmp_path_factory, f"asn1c-oracle-ilpc-{name}",
                        lambda out: build_harness([ROOT / f for f in files], out, "plain",
                                                  run_dir(tmp_path_factory) / "runtime-objects",
                                                  ilpc_args=("--encoding", "der", "--pdu", type_name)))


def asn1c_der(exe: Path, ders: list[bytes], tmp: Path) -> list[tuple[int, bytes, str]]:
    """Each DER through asn1c's converter (BER decoder, DER encoder): (exit status,
    output, standard error) per input.  One process for all of them, one each if that
    one fails (to say which input did it)."""
    paths = []
    for i, d in enumerate(ders):
        p = tmp / f"v{i}.der"
        p.write_bytes(d)
        paths.append(str(p))
    r = subprocess.run([str(exe), "-iber", "-oder", *paths], capture_output=True, timeout=120)
    if r.returncode == 0:
        parts = [r.stdout[start:end] for start, _, _, end in tlv_spans(r.stdout)]
        if len(parts) == len(ders):
            return [(0, part, "") for part in parts]
    out = []
    for p in paths:
        r = subprocess.run([str(exe), "-iber", "-oder", p], capture_output=True, timeout=60)
        out.append((r.returncode, r.stdout, r.stderr.decode("utf-8", "replace")))
    return out


@pytest.mark.parametrize("name", sorted(SPECS))
def test_asn1c_reads_ilpc_der_and_ilpc_reads_asn1c(tmp_path_factory, tmp_path, name):
    files, type_name, _ = SPECS[name]
    try:
        harness = ilpc_harness(tmp_path_factory, name)
        exe = shared_build(tmp_path_factory, f"asn1c-oracle-{name}",
                           lambda out: build_asn1c(files, type_name, out))
    except BuildError as e:
        pytest.fail(str(e), pytrace=False)
    from oracle.asn1_xdr import XdrSpec
    from oracle.values import ValueGen
    t = XdrSpec([str(ROOT / f) for f in files]).type(type_name)
    xdrs = list(dict.fromkeys(t.encode(v) for v in
                              ValueGen(zlib.crc32(name.encode()), cap=4, max_depth=5).values(t, N_VALUES)))
    ders = []
    for x, r in zip(xdrs, run_many(harness, type_name, xdrs, to="der")):
        assert r.returncode == 0, f"ilpc rejects the oracle's value {x.hex()}: {r.stderr!r}"
        ders.append(r.stdout)
    problems, theirs, differ = [], [], []
    for der, (code, out, err) in zip(ders, asn1c_der(exe, ders, tmp_path)):
        if code != 0:
            problems.append(f"asn1c cannot decode ilpc's DER {der.hex()}: exit {code}: {err[-500:]}")
        elif out != der:
            differ.append((der, out))
        theirs.append(out if code == 0 else der)
    gap = ASN1C_GAPS.get(name)
    if differ and gap is None:
        der, out = differ[0]
        problems.append(f"asn1c re-encodes ilpc's DER {der.hex()}\n  as {out.hex()}")
    elif differ:
        for (der, out), r in zip(differ, run_many(harness, type_name, [o for _, o in differ], encoding="der")):
            if gap[1] not in r.stderr.decode("utf-8", "replace"):
                problems.append(f"asn1c's DER {out.hex()} differs from ilpc's {der.hex()} otherwise than "
                                f"'{gap[0]}': ilpc's DER decoder says {r.stderr!r}")
    # ilpc reads asn1c's output as the value it sent: its BER decoder, its DER encoder
    for der, out, r in zip(ders, theirs, run_many(harness, type_name, theirs, encoding="ber", to="der")):
        if r.returncode != 0 or r.stdout != der:
            problems.append(f"ilpc reads asn1c's DER {out.hex()} as {r.stdout.hex()} (exit {r.returncode}: "
                            f"{r.stderr!r}), not the value of {der.hex()}")
    assert not problems, f"{len(problems)} problems in {len(xdrs)} values of {type_name}:\n" + "\n".join(problems[:6])
    assert len(xdrs) >= N_VALUES // 2
    # the values asn1c re-encodes as DER are the rule, its gap the exception
    assert len(differ) < len(xdrs), f"asn1c's DER differs from ilpc's for every value of {type_name}"
