"""Off-path and on-path attackers against running file transfers over the udp transport
(tests/hostile.py has the attacker and the scenarios), with and without TCP-AO.

What must hold whatever the scheduling: every transfer arrives intact, no connection is
reset, and the attacker receives no data segment and learns no sequence number (all it
may get back are RSTs echoing its own numbers, and SYN-ACKs opening connections of its
own).  Each scenario runs once per cipher here; ``python tests/hostile.py --ft DIR --root
DIR`` runs them 20 times each against 8 MiB transfers (scan-reset there scans all 16384
ephemeral ports, here the 1024 around the pair's) (docs/tcp.md has its figures), and
``--clients 200 --runs 10`` the many-clients run.
"""
from __future__ import annotations

import os
import shutil

import pytest

from hostile import OBSERVER, OFF_PATH, many_clients, run
from test_filetransfer import ENV, HAVE_LIBCRYPTO, ft, root  # noqa: F401  (fixtures)

pytestmark = [pytest.mark.cbuild, pytest.mark.sanitizers]

needs_libcrypto = pytest.mark.skipif(not HAVE_LIBCRYPTO, reason="TCP-AO and the AEADs need libcrypto >= 3")
needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="the observer reads loopback with a packet socket (root)")


def check(o):
    assert o.intact, o.log
    assert o.resets == 0, o.log
    assert not o.leaks, (o.leaks, o.log)


@pytest.mark.parametrize("scenario", OFF_PATH)
@pytest.mark.parametrize("cipher", ["none", pytest.param("chacha20-poly1305", marks=needs_libcrypto),
                                    pytest.param("aes-128-gcm", marks=needs_libcrypto)])
def test_off_path_attacker(ft, root, scenario, cipher):
    """Without TCP-AO: blind attacks change nothing (paths move only when validated;
    RFC 5961 rejects what is blind)."""
    for copies in (8, 64, 512):    # scan-reset: until the transfer outlasts the scan
        o = run(ft, root, scenario, cipher, tcp_ao=False, env=ENV, scan_span=1024, copies=copies)
        check(o)
        if scenario != "scan-reset" or o.found_pair is not None:
            break
    if scenario == "scan-reset":
        assert o.found_pair     # the scan finds the port (no RST from it): all it learns


@needs_libcrypto
@pytest.mark.parametrize("scenario", OFF_PATH + [pytest.param(s, marks=needs_root) for s in OBSERVER])
def test_attacker_with_tcp_ao(ft, root, scenario):
    """With TCP-AO, an attacker that even sees every datagram (the observer scenarios:
    data at exactly RCV.NXT, an RST at exactly RCV.NXT, ACKs above SND.NXT) gets nothing
    through: every forged segment is dropped by its MAC."""
    o = run(ft, root, scenario, "chacha20-poly1305", tcp_ao=True, env=ENV, scan_span=1024)
    check(o)
    assert o.client.get("tcp_ao") == "1" and o.server.get("tcp_ao") == "1"
    if scenario in OBSERVER:
        assert int(o.client.get("ao_bad", 0)) + int(o.server.get("ao_bad", 0)) > 0, o.log


@needs_root
def test_observer_ack_above_without_tcp_ao(ft, root):
    """RFC 5961 alone: ACKs above SND.NXT, even on the connection's own path, are
    dropped (data at RCV.NXT or an RST there would get through: only TCP-AO stops
    those, above)."""
    check(run(ft, root, "ack-above", "none", tcp_ao=False, env=ENV))


@needs_libcrypto
@needs_root
@pytest.mark.parametrize("scenario", OBSERVER)
def test_observer_tcp_ao_none(ft, root, scenario):
    """TCP-AO without encryption (--cipher none and a key): the same protection."""
    o = run(ft, root, scenario, "none", tcp_ao=True, env=ENV)
    check(o)


def test_many_clients_one_host(ft, root):
    """40 clients at once on one host (each its own UDP socket; some may draw the same
    ephemeral TCP port): a connection is its ports and its path, so every transfer
    arrives intact.  (200 clients, 10 runs: tests/hostile.py --clients 200.)"""
    ok, log = many_clients(ft, root, 40, file="medium.bin", env=ENV)
    assert ok == 40, log


@needs_libcrypto
@pytest.mark.parametrize("transport", ["shm", "udp"])
def test_forged_segments_on_the_path_tcp_ao(ft, root, tmp_path, transport):
    """Forgeries slipped into the client's input by the impairment layer, as an attacker
    who sees each segment would make them (an RST at its sequence number, its data with a
    bit flipped, an ACK above what it acknowledges; correct TCP checksums), on shm and udp:
    with TCP-AO every one fails its MAC, and the transfer arrives intact."""
    from test_filetransfer import PSK, check_intact, shm_name, transfer
    cli, srv, out = transfer(ft, root, tmp_path, "medium.bin", cipher="chacha20-poly1305", transport=transport,
                             max_reply=3000, copies=3, timeout=40,
                             client_extra=["--impair", "forge=0.05,seed=9"],
                             server_extra=["--impair", "forge=0.05,seed=10"],
                             listen=shm_name(tmp_path) if transport == "shm" else None,
                             env=dict(ENV, ILPC_PSK=PSK))
    r, s = check_intact(cli, srv, out, root / "medium.bin", copies=3)
    assert int(r["ao_bad"]) > 0 and int(s["ao_bad"]) > 0, (r, s)
