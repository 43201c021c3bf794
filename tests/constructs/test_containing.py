"""CONTAINING (containing.asn1): the helpers that put a value into an OCTET STRING or
BIT STRING and take it out, in XDR and in the BER family (whose contents are DER out,
BER or DER in: X.682's default, the enclosing value's rules), from C under ASan + UBSan,
linked with the shared harness's library; ENCODED BY other rules gets none.  Moved from
tests/test_asn1_types.py."""
from __future__ import annotations

import subprocess

import pytest

from conftest import SANITIZE_CFLAGS, constructs_harness, ilpc_command, libcrypto_flags

CONTAINING_SPEC = """Contents DEFINITIONS AUTOMATIC TAGS ::= BEGIN
Inner ::= SEQUENCE { a INTEGER (0..10), b IA5String OPTIONAL }
Outer ::= SEQUENCE {
    octets OCTET STRING (CONTAINING Inner),
    other  OCTET STRING (CONTAINING Inner ENCODED BY { joint-iso-itu-t asn1(1) basic-encoding(1) }),
    point  OCTET STRING (CONTAINING SEQUENCE { x INTEGER (0..9), y BOOLEAN })
}
END
"""


def test_containing_helpers_are_declared_but_not_for_other_encodings(tmp_path):
    """(asn1tools cannot read ENCODED BY, so containing.asn1 has none: this spec is
    generated on its own, and only its header is read.)"""
    spec = tmp_path / "Contents.asn1"
    spec.write_text(CONTAINING_SPEC)
    out = tmp_path / "out"
    r = subprocess.run(ilpc_command() + [str(spec), "-o", str(out)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    header = (out / "Contents.h").read_text()
    assert "Contents_Outer_other_encode_contents" not in header  # ENCODED BY: other rules, no helpers
    assert "int Contents_Outer_octets_encode_contents(Contents_Outer_octets *dst, const Contents_Inner *v);" in header
    assert "int Contents_Outer_point_encode_contents(Contents_Outer_point *dst, " \
           "const Contents_Outer_point_contents *v);" in header


CONTAINING_APP = r"""#include "ConsContaining.h"
#include <stdio.h>
#include <string.h>
int main(void) {
    ConsContaining_Inner in; memset(&in, 0, sizeof in);
    in.a = 7; in.has_b = true; in.b.data = "hello"; in.b.len = 5;
    ConsContaining_Outer o; memset(&o, 0, sizeof o);
    /* a contained type that is not named gets the name of its place, then contents */
    ConsContaining_Outer_point_contents pt = { 3, true }, pb;
    if (ConsContaining_Outer_point_encode_contents(&o.point, &pt) != ILPC_OK || o.point.len != 8) return 13;
    if (ConsContaining_Outer_point_decode_contents(&o.point, &pb) != ILPC_OK || pb.x != 3 || !pb.y) return 14;
    pt.x = 10;  /* checked by the contained type's encoder */
    ConsContaining_Outer_point pbad; memset(&pbad, 0, sizeof pbad);
    if (ConsContaining_Outer_point_encode_contents(&pbad, &pt) != ILPC_E_RANGE || pbad.data != NULL) return 15;
    ConsContaining_PackedFlag pf; memset(&pf, 0, sizeof pf);
    ConsContaining_PackedFlag_contents flag = true, back_flag = false;
    if (ConsContaining_PackedFlag_encode_contents(&pf, &flag) != ILPC_OK || pf.len != 4) return 16;
    if (ConsContaining_PackedFlag_decode_contents(&pf, &back_flag) != ILPC_OK || !back_flag) return 17;
    ConsContaining_PackedFlag_free(&pf);
    if (ConsContaining_Outer_octets_encode_contents(&o.octets, &in) != ILPC_OK) return 1;
    if (o.octets.len != ConsContaining_Inner_size(&in)) return 2;
    if (ConsContaining_Outer_bits_encode_contents(&o.bits, &in) != ILPC_OK) return 3;
    if (o.bits.bits != 8 * o.octets.len || memcmp(o.bits.data, o.octets.data, o.octets.len)) return 4;
    uint8_t buf[512]; size_t len = 0;
    if (ConsContaining_Outer_encode(&o, buf, sizeof buf, &len) != ILPC_OK) return 5;
    ConsContaining_Outer back;
    if (ConsContaining_Outer_decode(&back, buf, len) != ILPC_OK) return 6;
    ConsContaining_Inner x, y;
    if (ConsContaining_Outer_octets_decode_contents(&back.octets, &x) != ILPC_OK) return 7;
    if (ConsContaining_Outer_bits_decode_contents(&back.bits, &y) != ILPC_OK) return 8;
    if (x.a != 7 || !x.has_b || x.b.len != 5 || memcmp(x.b.data, "hello", 5) || y.a != 7 || !y.has_b) return 9;
    ConsContaining_Inner_free(&x); ConsContaining_Inner_free(&y);
    back.bits.bits -= 1;  /* not a whole number of bytes */
    if (ConsContaining_Outer_bits_decode_contents(&back.bits, &y) != ILPC_E_SIZE) return 10;
    back.bits.bits += 1;
    back.octets.len -= 4;  /* a truncated Inner */
    if (ConsContaining_Outer_octets_decode_contents(&back.octets, &x) == ILPC_OK) return 11;
    back.octets.len += 4;
    ConsContaining_Outer_free(&back);
    in.a = 11;  /* the contained value is checked by its encoder */
    ConsContaining_Wrapper w; memset(&w, 0, sizeof w);
    if (ConsContaining_Wrapper_encode_contents(&w, &in) != ILPC_E_RANGE || w.data != NULL) return 12;
    ConsContaining_Outer_free(&o);
    puts("ok");
    return 0;
}
"""


BER_CONTAINING_APP = r"""#include "ConsContaining_ber.h"
#include <stdio.h>
#include <string.h>
int main(void) {
    ConsContaining_Inner in; memset(&in, 0, sizeof in);
    in.a = 7; in.has_b = true; in.b.data = "hi"; in.b.len = 2;
    uint8_t der[64]; size_t n = 0;
    if (ConsContaining_Inner_encode_der(&in, der, sizeof der, &n) != ILPC_OK) return 1;
    ConsContaining_Outer o; memset(&o, 0, sizeof o);
    /* the contents are the contained value's DER, in an OCTET STRING and a BIT STRING */
    if (ConsContaining_Outer_octets_encode_contents_der(&o.octets, &in) != ILPC_OK) return 2;
    if (o.octets.len != n || memcmp(o.octets.data, der, n)) return 3;
    if (ConsContaining_Outer_bits_encode_contents_der(&o.bits, &in) != ILPC_OK || o.bits.bits != 8 * n) return 4;
    ConsContaining_Outer_point_contents pt = { 3, true }, pb;
    if (ConsContaining_Outer_point_encode_contents_der(&o.point, &pt) != ILPC_OK) return 5;
    uint8_t buf[256]; size_t len = 0;
    if (ConsContaining_Outer_encode_der(&o, buf, sizeof buf, &len) != ILPC_OK) return 6;
    ConsContaining_Outer back;
    if (ConsContaining_Outer_decode_der(&back, buf, len) != ILPC_OK) return 7;
    ConsContaining_Inner x, y;
    if (ConsContaining_Outer_octets_decode_contents_der(&back.octets, &x) != ILPC_OK) return 8;
    if (ConsContaining_Outer_bits_decode_contents_ber(&back.bits, &y) != ILPC_OK) return 9;
    if (ConsContaining_Outer_point_decode_contents_der(&back.point, &pb) != ILPC_OK || pb.x != 3 || !pb.y) return 10;
    if (x.a != 7 || !x.has_b || x.b.len != 2 || memcmp(x.b.data, "hi", 2) || y.a != 7 || !y.has_b) return 11;
    ConsContaining_Inner_free(&x); ConsContaining_Inner_free(&y);
    /* contents in a BER form DER forbids (a long-form length): BER takes it, DER does not */
    uint8_t ber[66] = {0x30, 0x81, (uint8_t)(n - 2)};
    memcpy(ber + 3, der + 2, n - 2);
    ConsContaining_Wrapper w = { (uint32_t)(n + 1), ber };
    if (ConsContaining_Wrapper_decode_contents_ber(&w, &x) != ILPC_OK || x.a != 7) return 12;
    ConsContaining_Inner_free(&x);
    if (ConsContaining_Wrapper_decode_contents_der(&w, &x) != ILPC_E_DER_LENGTH) return 13;
    w.len -= 1;  /* cut short */
    if (ConsContaining_Wrapper_decode_contents_ber(&w, &x) == ILPC_OK) return 14;
    back.bits.bits -= 1;  /* not a whole number of bytes */
    if (ConsContaining_Outer_bits_decode_contents_ber(&back.bits, &y) != ILPC_E_SIZE) return 15;
    back.bits.bits += 1;
    ConsContaining_Outer_free(&back);
    in.a = 11;  /* the contained value is checked by its encoder */
    ConsContaining_Wrapper bad; memset(&bad, 0, sizeof bad);
    if (ConsContaining_Wrapper_encode_contents_der(&bad, &in) != ILPC_E_RANGE || bad.data != NULL) return 16;
    ConsContaining_Outer_free(&o);
    puts("ok");
    return 0;
}
"""


@pytest.mark.cbuild
@pytest.mark.sanitizers
@pytest.mark.parametrize("encoding", ["xdr", "ber"])
def test_containing_helpers_put_a_value_in_and_take_it_out(tmp_path, tmp_path_factory, encoding):
    out = constructs_harness(tmp_path_factory).parent
    header = (out / "ConsContaining.h").read_text()
    assert "int ConsContaining_Outer_point_encode_contents(ConsContaining_Outer_point *dst, " \
           "const ConsContaining_Outer_point_contents *v);" in header
    assert "int ConsContaining_Outer_point_encode_contents_der(ConsContaining_Outer_point *dst, " \
           "const ConsContaining_Outer_point_contents *v);" in (out / "ConsContaining_ber.h").read_text()
    san = " ".join(SANITIZE_CFLAGS)  # the shared build's (conftest)
    lib, = out.glob("lib*.a")
    app = tmp_path / "app.c"
    app.write_text(CONTAINING_APP if encoding == "xdr" else BER_CONTAINING_APP)
    exe = tmp_path / "app"
    r = subprocess.run(["gcc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic", *san.split(), f"-I{out}",
                        "-DILPC_ILP_COMPACT=1", str(app), str(lib), *libcrypto_flags()[1], "-o", str(exe)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    r = subprocess.run([str(exe)], capture_output=True, text=True)
    assert r.returncode == 0 and r.stdout.strip() == "ok", (r.returncode, r.stdout, r.stderr)
