"""bench/breakdown: the profiling driver moves FileTransfer messages correctly through the
user-level TCP in both modes, and the function -> category attribution of run.py maps what
it should and reports what it cannot map (docs/breakdown.md)."""
from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
RUN = REPO / "bench" / "breakdown" / "run.py"
CC = next((c for c in ("gcc", "cc", "clang") if shutil.which(c)), None)


def _load_run():
    spec = importlib.util.spec_from_file_location("breakdown_run", RUN)
    mod = importlib.util.module_from_spec(spec)
    sys.modules["breakdown_run"] = mod
    spec.loader.exec_module(mod)
    return mod


bd = _load_run()

needs_cc = pytest.mark.skipif(CC is None or shutil.which("make") is None, reason="no C compiler or make")


@pytest.fixture(scope="module")
def driver(tmp_path_factory) -> Path:
    if CC is None or shutil.which("make") is None:
        pytest.skip("no C compiler or make")
    return bd.build(tmp_path_factory.mktemp("breakdown"), CC, "-O2 -g", False)


def run_driver(exe: Path, *args: str) -> tuple[int, dict[str, str]]:
    p = subprocess.run([str(exe), *args], capture_output=True, text=True, timeout=60)
    return p.returncode, bd.parse_result(p.stdout)


# --------------------------------------------------------------------------- the driver

CASES = [(256, 1480), (1024, 1480), (4096, 1480), (16384, 65535), (0, 1480)]


@pytest.mark.bench
@pytest.mark.cbuild
@needs_cc
@pytest.mark.parametrize("mode", ["ilp", "layered"])
@pytest.mark.parametrize("cipher", ["none", "xor", "safer-simple"])
@pytest.mark.parametrize("size,max_seg", CASES)
def test_driver_transfers_every_message_intact(driver, mode, cipher, size, max_seg):
    key = ["--key", bd.KEYS[cipher]] if bd.KEYS[cipher] else []
    rc, r = run_driver(driver, mode, cipher, str(size), "--msgs", "12", "--warmup", "4", "--max-seg", str(max_seg), *key)
    assert rc == 0, r
    assert r["ok"] == "1" and r["bad"] == "0"
    assert r["sent"] == r["delivered"] == "16"
    assert r["meas_sent"] == r["meas_delivered"] == "12"
    assert r["retrans"] == "0" and r["bad_csum"] == "0" and r["eagain"] == "0"
    # every data segment went out with the sum the send function stored, none from the ring
    assert int(r["tx_sum_stored"]) >= 16 and r["tx_sum_ring"] == "0"
    one_segment = int(r["msg_len"]) <= int(r["seg_payload"])
    if one_segment:  # the receive hook took every message (fused or layered decode)
        assert r["hook"] == "16" and r["stream"] == "0" and r["rx_fused_consumed"] == "16"
    else:            # TCP verified and buffered them, the driver decoded from its buffer
        assert r["hook"] == "0" and r["stream"] == "16"


@pytest.mark.bench
@pytest.mark.cbuild
@needs_cc
@pytest.mark.parametrize("mode", ["ilp", "layered"])
@pytest.mark.parametrize("size", [1024, 4096])
def test_driver_detects_a_damaged_message(driver, mode, size):
    """One bit flipped in the send ring after the send function stored the segment sums:
    the receiver (fused hook, layered hook, or TCP itself) drops it, the transfer stalls and
    the driver fails."""
    rc, r = run_driver(driver, mode, "xor", str(size), "--msgs", "6", "--warmup", "4", "--key", bd.KEYS["xor"],
                       "--check-corrupt")
    assert rc == 1, r
    assert r["ok"] == "0" and r["bad"] == "0"
    assert int(r["bad_csum"]) >= 1
    assert r["delivered"] == "5"  # the warm-up and the message before the damaged one


@pytest.mark.bench
@pytest.mark.cbuild
@needs_cc
def test_driver_rejects_bad_usage(driver):
    for args in (["fast", "xor", "1024"], ["ilp", "rot13", "1024"], ["ilp", "xor", "70000"],
                 ["ilp", "xor", "1024", "--collect", "both"]):
        p = subprocess.run([str(driver), *args], capture_output=True, text=True, timeout=10)
        assert p.returncode == 2, (args, p.stdout, p.stderr)


# ------------------------------------------------------------------------ the attribution

SYNTH = """# callgrind format
version: 1
creator: callgrind-3.19.0
positions: instr
events: Ir Dr Dw
summary: 1193 327 164

ob=(1) /x/breakdown
fl=(1) /x/gen/ilpc_msg.c
fn=(1) ilpc_msg_ilp_send
0x401000 100 30 20
+4 100 10 10
cob=(2) /lib/libc.so.6
cfl=(2) memmove.S
cfn=(2) __memmove_avx_unaligned_erms
calls=1 0x500000
+4 40 10 10
fl=(3) /x/gen/ilpc_ilp.c
fn=(3) ilpc_layered_seal
0x402000 50 10 5
+8 200 50 0
cob=(2)
cfl=(2)
cfn=(2)
calls=2 0x500000
+4 60 20 20
fl=(4) /x/gen/FileTransfer.c
fn=(4) FileTransfer_Reply_put_inline
0x403000 30 10 10
cob=(2)
cfl=(2)
cfn=(2)
calls=1 0x500000
* 70 20 20
fl=(5) /x/gen/ilpc_transport_mem.c
fn=(5) mem_send
0x404000 40 20 10
cob=(2)
cfl=(6) malloc.c
cfn=(6) malloc
calls=1 0x510000
+5 90 30 10
fl=(7) /x/gen/ilpc_xdr.c
fn=(7) ilpc_xdr_alloc
0x405000 5 1 1
cob=(2)
cfl=(6)
cfn=(6)
calls=1 0x510000
+5 80 25 8
fl=(8) /x/gen/ilpc_stack.c
fn=(8) lookup.isra.0
0x406000 25 10 0
fl=(9) /x/gen/mystery.c
fn=(9) mystery_hot
0x407000 300 80 40
fn=(10) mystery_cold
0x407100 3 1 0
ob=(2)
fl=(2)
fn=(2)
0x500000 170 50 50
fl=(6)
fn=(6)
0x510000 50 15 5
cob=(2)
cfl=(6)
cfn=(11) _int_malloc.constprop.0
calls=2 0x520000
+4 120 40 13
fn=(11)
0x520000 120 40 13
"""


def fake_resolver(obj: str, fn: str, file: str, addr: int) -> list:
    """Inline chains as addr2line would give them: in ilpc_layered_seal, the instruction at
    0x402008 comes from ilpc_csum_add_bytes inlined through slot_sum_range."""
    F = bd.Frame
    if fn == "ilpc_layered_seal" and addr == 0x402008:
        return [F("ilpc_csum_add_bytes", "/x/gen/ilpc_csum.h"), F("slot_sum_range", "/x/gen/ilpc_ilp.c"),
                F("ilpc_layered_seal", "/x/gen/ilpc_ilp.c")]
    if fn == "ilpc_msg_ilp_send":  # inlined parts of the fused loop stay fused
        return [F("ilpc_csum_add_unit", "/x/gen/ilpc_csum.h"), F(fn, file)]
    return [F(fn, file)]


def test_parser_handles_compression_and_call_arcs():
    prof = bd.parse_callgrind(SYNTH)
    assert prof.events == ["Ir", "Dr", "Dw"] and prof.summary == [1193, 327, 164]
    assert prof.self_costs[("/x/breakdown", "ilpc_msg_ilp_send", "/x/gen/ilpc_msg.c", 0x401004)] \
        == [100, 10, 10]
    assert prof.calls[("/x/breakdown", "ilpc_layered_seal", "/x/gen/ilpc_ilp.c", 0x40200c,
                       "__memmove_avx_unaligned_erms")] == [60, 20, 20]
    # "* 70 ...": the call site is the previous cost line's position
    assert prof.calls[("/x/breakdown", "FileTransfer_Reply_put_inline", "/x/gen/FileTransfer.c", 0x403000,
                       "__memmove_avx_unaligned_erms")] == [70, 20, 20]
    assert ("/lib/libc.so.6", "__memmove_avx_unaligned_erms", "memmove.S", 0x500000) in prof.self_costs


def test_attribution_maps_by_inline_chain_and_call_site():
    b = bd.attribute(bd.parse_callgrind(SYNTH), fake_resolver, unmapped_threshold=0.01)
    ir = {c: b.get(c, "Ir") for c in bd.CATEGORIES}
    assert ir["fused"] == 100 + 100 + 40       # its own code, inlined checksum, its memcpy
    assert ir["checksum"] == 200               # inlined into ilpc_layered_seal
    assert ir["copies"] == 50 + 60             # ilpc_layered_seal's own code and its memcpy
    assert ir["marshalling"] == 30 + 70        # the XDR put and its memcpy of the data
    assert ir["transport"] == 40 + 90          # mem_send and the malloc of its packet
    assert ir["allocation"] == 5 + 80          # the codec's allocation and its malloc
    assert ir["protocol"] == 25                # a gcc clone, mapped by name and file
    assert ir["other"] == 300 + 3
    # every cost counted exactly once: memmove and the allocator only through the call arcs
    assert sum(ir.values()) == 1193
    assert [b.get(c, "Dr") for c in ("fused", "allocation")] == [30 + 10 + 10, 1 + 25]


def test_unmapped_hot_functions_are_reported_not_dropped():
    b = bd.attribute(bd.parse_callgrind(SYNTH), fake_resolver, unmapped_threshold=0.01)
    names = [w for w, _ in b.unmapped]
    assert names == ["mystery_hot"]            # mystery_cold is under the threshold
    assert abs(b.unmapped[0][1] - 300 / 1193) < 1e-9
    r = bd.per_msg(b, 10)
    assert r["unmapped"] == [["mystery_hot", round(300 / 1193, 4)]]
    assert r["categories"]["other"]["Ir"] == 30.3 and r["summary_check"] == 0


@pytest.mark.parametrize("frames,cat", [
    ([("FileTransfer_Reply_ilp_put_xor", "FileTransfer_ilp.c")], "fused"),
    ([("ilpc_csum_add_bytes", "ilpc_csum.h"), ("emit", "ilpc_tcp_output.c")], "checksum"),
    ([("_mm_add_epi64", "emmintrin.h"), ("ilpc__csum_sum_sse2", "ilpc_csum.h"),
      ("process_data", "ilpc_tcp_input.c")], "checksum"),
    ([("wr32", "ilpc_tcp_internal.h"), ("emit", "ilpc_tcp_output.c")], "protocol"),
    ([("ilpc_put32", "ilpc_xdr.h"), ("ilpc_layered_seal", "ilpc_ilp.c")], "marshalling"),
    ([("xor_bulk", "ilpc_cipher.c"), ("ilpc_cipher_encrypt", "ilpc_cipher.c")], "encryption"),
    ([("ilpc_ilp_tx_slow.part.0", "ilpc_ilp.c")], "fused"),
    ([("bd_stream_copy_out", "breakdown.c")], "copies"),
    ([("bd_hook", "breakdown.c")], "transport"),
    ([("ilpc_ring_write_at", "ilpc_ring.c"), ("process_data", "ilpc_tcp_input.c")], "copies"),
    ([("totally_unknown", "elsewhere.c")], "other"),
])
def test_rules(frames, cat):
    assert bd.classify([bd.Frame(f, p) for f, p in frames])[0] == cat


# --------------------------------------------------------------------- under callgrind

@pytest.mark.cbuild
@pytest.mark.valgrind
@needs_cc
@pytest.mark.skipif(shutil.which("valgrind") is None or shutil.which("addr2line") is None,
                    reason="valgrind or addr2line not installed")
@pytest.mark.bench
def test_callgrind_profile_of_a_few_messages(driver, tmp_path):
    got = {}
    for mode in ("ilp", "layered"):
        for side in ("send", "recv"):
            res, path = bd.profile_one(driver, tmp_path / f"{mode}.{side}.out", mode, "xor", 1024, 1480, side,
                                       msgs=4, warmup=2, tunables=True)
            assert res["ok"] == "1"
            b = bd.attribute(bd.parse_callgrind(path.read_text()), bd.Addr2Line(driver))
            r = bd.per_msg(b, int(res["meas_sent" if side == "send" else "meas_delivered"]))
            assert r["unmapped"] == [] and r["impure_pass"] == []
            assert r["summary_check"] == 0
            got[mode, side] = {c: v["Ir"] for c, v in r["categories"].items()}
    for side in ("send", "recv"):
        ilp, lay = got["ilp", side], got["layered", side]
        assert ilp["fused"] > 0 and lay["fused"] == 0
        assert ilp["encryption"] == 0 and ilp["copies"] == 0 and lay["encryption"] > 0
        assert ilp["protocol"] == pytest.approx(lay["protocol"], rel=0.02)  # the same TCP work
        assert ilp["checksum"] < lay["checksum"]  # only the headers' sums are left
    assert got["layered", "send"]["copies"] > 0
