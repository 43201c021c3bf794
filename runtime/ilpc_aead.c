/*
 * ilpc_aead.c - the record layer of the authenticated ciphers (ilpc_cipher.h;
 * docs/ilp.md, "Authenticated records"; docs/ciphers.md, "Poly1305 out of
 * order").
 *
 * A record is BE32(L) | C | T.  C and T are RFC 8439's AEAD of XDR(value)
 * with associated data BE32(L) and nonce 0^32 | BE64(n).  In the unit stage
 * the record is seen in 8-byte units at record offsets 0, 8, ...; C starts at
 * offset 4, so ciphertext byte j is record byte 4 + j.
 *
 * Keystream.  Window w covers record bytes [W*w, W*w + W).  Its keystream is
 * made at once: blocks 1 + W*w/64 ... (block 0 is the Poly1305 key) give the
 * keystream of ciphertext bytes [W*w, W*w + W), which belong to record bytes
 * 4 + W*w ...; they go to ks[4 ...], and ks[0..3] is the tail of the previous
 * window's last block (zero in window 0: the length word is not encrypted).
 * Window 0 makes block 0 in the same call (into the 60 bytes before ks), and
 * the last window's blocks when they are one or two (make_keystream).  A
 * receive's window whose units come in one bulk call from the mapped payload
 * is decrypted by the pass that makes its keystream (ilpc_aead_rx_window).
 *
 * Poly1305.  The MAC's blocks are 16 bytes of C, at record offsets 4 + 16k.
 * ct[12 + i] holds record byte W*w + i, so the blocks of a window are ct[0..W)
 * (ct[0..11] are the 12 bytes carried over from the previous window) and
 * ct[W..W+11] are carried into the next.  Window 0's first block, ct[0..16),
 * is the AD block BE32(L) | 0^12, and ct[16..32) C's first block.  Every window is
 * authenticated as it is left, in order, into mac (the vector lanes deferred
 * from one window to the next: ilpc_poly1305_blocks_defer), from the record's
 * bytes where ilpc_aead_map says they are (window_map), else from ct; the
 * last window and the lengths block at the end.  Window 0 goes in with the AD
 * block of clen and C's first 4 bytes from unit 0 (a receive's first unit; a
 * send's held unit 0, ilpc_aead_send_unit0), or zeros for them when unit 0 is
 * not there; at the end, Poly1305 being linear in each block,
 *
 *     H = H' + (AD(L) - AD(clen)) * r^N + LE32(c0) * r^(N-1)  (mod 2^130 - 5)
 *
 * adds what differs (N: the number of blocks, AD, C's, LEN), only when L !=
 * clen or unit 0 was not there.  A record within window 0 goes in at the end,
 * in order.
 */
#include "ilpc_cipher.h"
#include "ilpc_evp.h"

#include <stdlib.h>

#define W ILPC_AEAD_W

static void put_be64(uint8_t *p, uint64_t v)
{
    int i;
    for (i = 7; i >= 0; i--, v >>= 8)
        p[i] = (uint8_t)v;
}

static void put_le64(uint8_t *p, uint64_t v)
{
    int i;
    for (i = 0; i < 8; i++, v >>= 8)
        p[i] = (uint8_t)v;
}

/* The AD block BE32(x) | 0^12 as a number (little-endian), without its 2^128. */
static uint64_t ad_value(uint64_t x)
{
    return (x >> 24 & 0xffu) | (x >> 16 & 0xffu) << 8 | (x >> 8 & 0xffu) << 16 | (x & 0xffu) << 24;
}

void ilpc_aead_nonce(uint64_t n, uint8_t nonce[12])
{
    memset(nonce, 0, 4);
    put_be64(nonce + 4, n);
}

int ilpc_aead_key(ilpc_cipher *c, const uint8_t *key, size_t keylen)
{
    if (keylen == 0 || keylen > sizeof c->u.ae.key)
        return -1;
    memcpy(c->u.ae.key, key, keylen);
    ilpc_chacha20_key_words(c->u.ae.key, c->u.ae.kw);
    c->u.ae.win = UINT64_MAX;
    return 0;
}

/* The number of keystream blocks window w needs (those of C's bytes in it). */
static size_t window_blocks(const ilpc_cipher *c, uint64_t w)
{
    uint64_t first = w * W; /* ciphertext offset of ks[4] */
    uint64_t need = c->u.ae.clen > first ? c->u.ae.clen - first : 0;
    return need >= W ? W / 64u : (size_t)((need + 63u) / 64u);
}

/* The keystream of window w: ks[0..3] carried (see above), then as many
 * blocks as the record can use.  The record's first window (window 0, unless
 * the units came out of order) also makes block 0, the Poly1305 key: in the
 * same call as window 0's blocks, into the 60 bytes before ks and ks[0..3],
 * which are zero after (the length word is not encrypted).  And when the last
 * window needs only one or two blocks, window 0 makes them too, beside its
 * first vector group (ilpc_chacha20_blocks_x), for the last window to copy. */
static void make_keystream(ilpc_cipher *c, uint64_t w, int first_window)
{
    size_t nb = window_blocks(c, w);
    uint8_t *ks = ILPC_AEAD_KS(c);
    if (first_window) {
        if (w == 0) {
            uint64_t wl = c->u.ae.clen ? (c->u.ae.clen - 1u) / W : 0;
            size_t nl = window_blocks(c, wl);
            if (wl > 0 && nl <= 2) {
                ilpc_chacha20_blocks_x(c->u.ae.kw, c->u.ae.nw, 0, c->u.ae.ksb, 1u + nb,
                                       (uint32_t)(1u + wl * (W / 64u)), c->u.ae.ksl, nl);
                c->u.ae.wksl = wl;
                c->u.ae.nksl = (uint32_t)nl;
            } else {
                ilpc_chacha20_blocks(c->u.ae.kw, c->u.ae.nw, 0, c->u.ae.ksb, 1u + nb);
            }
            ilpc_poly1305_init(&c->u.ae.mac, c->u.ae.ksb);
            memset(c->u.ae.ksb, 0, 64);
            return;
        }
        ilpc_chacha20_blocks(c->u.ae.kw, c->u.ae.nw, 0, c->u.ae.ksb, 1);
        ilpc_poly1305_init(&c->u.ae.mac, c->u.ae.ksb);
        memset(c->u.ae.ksb, 0, 64);
    }
    if (c->u.ae.nksl && w == c->u.ae.wksl) {
        memcpy(ks + 4, c->u.ae.ksl, 64u * c->u.ae.nksl); /* made with window 0 */
        c->u.ae.nksl = 0;
    } else if (nb > 0) {
        ilpc_chacha20_blocks(c->u.ae.kw, c->u.ae.nw, (uint32_t)(1u + w * (W / 64u)), ks + 4, nb);
    }
}

int ilpc_aead_begin(ilpc_cipher *c, uint64_t clen)
{
    uint8_t nonce[12];
    if (c->u.ae.seq == UINT64_MAX)
        return -1;
    ilpc_aead_nonce(c->u.ae.seq, nonce);
    ilpc_chacha20_nonce_words(nonce, c->u.ae.nw);
    c->u.ae.clen = clen;
    c->u.ae.win = UINT64_MAX;
    c->u.ae.bad = 0;
    c->u.ae.w0 = 0;
    c->u.ae.mp[0] = c->u.ae.mp[1] = NULL;
    c->u.ae.mn0 = c->u.ae.mlen = 0;
    c->u.ae.wmap = NULL;
    c->u.ae.u0p = NULL;
    c->u.ae.c0in = 0;
    c->u.ae.nksl = 0;
    /* the Poly1305 key comes with the first window's keystream */
    return 0;
}

void ilpc_aead_send_unit0(ilpc_cipher *c, const uint64_t *unit0)
{
    c->u.ae.u0p = unit0;
}

void ilpc_aead_map(ilpc_cipher *c, const uint8_t *p0, size_t n0, const uint8_t *p1, size_t n1)
{
    c->u.ae.mp[0] = p0;
    c->u.ae.mp[1] = p1;
    c->u.ae.mn0 = n0;
    c->u.ae.mlen = (uint64_t)n0 + (p1 != NULL ? n1 : 0);
}

/* Where Poly1305 finds window w's input, record bytes [W*w - 12, W*w + W)
 * (its blocks and the 12 bytes carried into the next window): in the mapped
 * bytes when they hold all of them in one piece and the window is neither
 * window 0 (AD and unit 0 go in as zeros) nor the one where C ends (its last
 * block is padded, and on a send part C's ciphertext is stored after the tag
 * is made); else NULL, and the stage keeps a copy in ct. */
static const uint8_t *window_map(const ilpc_cipher *c, uint64_t w)
{
    uint64_t a = w * W - 12u, b = w * W + W;
    if (w == 0 || c->u.ae.mp[0] == NULL || b + 16u > 4u + c->u.ae.clen || b > c->u.ae.mlen)
        return NULL;
    if (b <= c->u.ae.mn0)
        return c->u.ae.mp[0] + a;
    if (a >= c->u.ae.mn0)
        return c->u.ae.mp[1] + (a - c->u.ae.mn0);
    return NULL;
}

/* Leave the current window (cur, not UINT64_MAX) for window w: its MAC, and
 * what is carried into the next window. */
static void window_leave(ilpc_cipher *c, uint64_t w, uint64_t cur)
{
    if (w != cur + 1)
        c->u.ae.bad = 1; /* out of order: the stage serves one record in order */
    if (cur == 0) {
        /* window 0 goes in with the AD block of L = clen (a receive's bound,
         * a send's length) and C's first 4 bytes: those of unit 0 when it
         * was seen (a receive) or when ilpc_aead_send_unit0 says where its
         * plain form is (a send), else zeros; ilpc_aead_tag adds what
         * differs in the field */
        uint8_t *ct = c->u.ae.ct, *ks = ILPC_AEAD_KS(c);
        memcpy(c->u.ae.ks0, ks, 8);
        if (c->u.ae.u0p != NULL) {
            uint8_t b[8];
            int j;
            memcpy(b, c->u.ae.u0p, 8);
            for (j = 4; j < 8; j++)
                ct[12 + j] = (uint8_t)(b[j] ^ ks[j]);
            c->u.ae.c0in = 1;
        } else if (!c->u.ae.c0in) {
            memset(ct + 16, 0, 4);
        }
        memset(ct, 0, 16);
        ct[0] = (uint8_t)(c->u.ae.clen >> 24);
        ct[1] = (uint8_t)(c->u.ae.clen >> 16);
        ct[2] = (uint8_t)(c->u.ae.clen >> 8);
        ct[3] = (uint8_t)c->u.ae.clen;
        c->u.ae.w0 = 1;
    }
    if (c->u.ae.wmap != NULL) {
        ilpc_poly1305_blocks_defer(&c->u.ae.mac, c->u.ae.wmap, W / 16u);
        memcpy(c->u.ae.ct, c->u.ae.wmap + W, 12);
    } else {
        ilpc_poly1305_blocks_defer(&c->u.ae.mac, c->u.ae.ct, W / 16u);
        memcpy(c->u.ae.ct, c->u.ae.ct + W, 12);
    }
    memcpy(ILPC_AEAD_KS(c), ILPC_AEAD_KS(c) + W, 4);
}

static uint32_t get_le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

int ilpc_aead_rx_window(ilpc_cipher *c, uint64_t off, uint8_t *dst, const uint8_t *src, uint64_t *acc)
{
#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t w = off >> ILPC_AEAD_WSHIFT, cur = c->u.ae.win, sum;
    const uint8_t *wm;
    uint8_t *ks = ILPC_AEAD_KS(c);
    int j;
    if ((off & (W - 1u)) != 0 || cur == UINT64_MAX || w != cur + 1)
        return 0;
    wm = window_map(c, w);
    if (wm == NULL || wm + 12 != src)
        return 0; /* not the mapped bytes: the usual way, with the copy in ct */
    window_leave(c, w, cur);
    c->u.ae.wmap = wm;
    c->u.ae.win = w;
    /* record bytes W*w + 4 .. W*w + W + 4 are the window's W/64 blocks; the
     * first 4 bytes take the carried keystream, the 4 after the window are
     * the next unit's: decrypted here too, they give its carry, and their
     * word is not this window's to sum */
    sum = ilpc_chacha20_xor_sum(c->u.ae.kw, c->u.ae.nw, (uint32_t)(1u + w * (W / 64u)), src + 4, dst + 4,
                                W / 64u);
    for (j = 0; j < 4; j++) {
        dst[j] = (uint8_t)(src[j] ^ ks[j]);
        ks[W + j] = (uint8_t)(src[W + j] ^ dst[W + j]);
    }
    *acc += sum + get_le32(src) - get_le32(src + W);
    return 1;
#else
    (void)c, (void)off, (void)dst, (void)src, (void)acc;
    return 0;
#endif
}

void ilpc_aead_window(ilpc_cipher *c, uint64_t off)
{
    uint64_t w = off >> ILPC_AEAD_WSHIFT, cur = c->u.ae.win;
    if (cur == UINT64_MAX) {
        /* the first unit of the record: window 0 (unit 0 on a receive, unit 1
         * on a send, which holds unit 0 back) */
        if (w != 0)
            c->u.ae.bad = 1;
        memset(ILPC_AEAD_KS(c), 0, 4);
        c->u.ae.c0in = off == 0; /* unit 0 first: a receive, or part A done now */
    } else {
        window_leave(c, w, cur);
    }
    c->u.ae.wmap = window_map(c, w);
    make_keystream(c, w, cur == UINT64_MAX);
    c->u.ae.win = w;
}

uint64_t ilpc_aead_unit0(ilpc_cipher *c, uint64_t plain)
{
    uint64_t k, u;
    if (c->u.ae.win == UINT64_MAX) /* no other unit: the keystream of window 0 */
        ilpc_aead_window(c, 0);
    memcpy(&k, c->u.ae.w0 ? c->u.ae.ks0 : ILPC_AEAD_KS(c), 8); /* bytes 0..3 are zero */
    u = plain ^ k;
    if (c->u.ae.w0) {
        if (!c->u.ae.c0in)
            memcpy(c->u.ae.c0, (const uint8_t *)&u + 4, 4); /* added by ilpc_aead_tag */
    } else {
        memcpy(c->u.ae.ct + 12, &u, 8);
        memset(c->u.ae.ct + 12, 0, 4); /* the length word is not ciphertext */
    }
    return u;
}

void ilpc_aead_tag(ilpc_cipher *c, uint64_t L, uint8_t tag[16])
{
    ilpc_poly1305 *mac = &c->u.ae.mac;
    uint64_t w = c->u.ae.win == UINT64_MAX ? 0 : c->u.ae.win;
    uint8_t *cur = c->u.ae.ct;
    size_t e, end;
    ilpc_p1305 h;
    if (c->u.ae.win == UINT64_MAX) {
        /* no unit at all (none was needed): window 0, for the key */
        ilpc_aead_window(c, 0);
        memset(cur, 0, W + 32);
    }
    e = (size_t)(16u + L - w * W);
    if (c->u.ae.wmap != NULL) {
        /* a window mapped for a longer C (a receive's bound): its bytes to ct */
        memcpy(cur, c->u.ae.wmap, e < W + 12u ? e : W + 12u);
        c->u.ae.wmap = NULL;
    }
    /* C ends at record byte 4 + L, which is ct[16 + L - W*w] of the last window:
     * zero from there to the end of its block (the padding of RFC 8439; on a
     * receive, the tag bytes a unit brought in) */
    end = (e + 15u) & ~(size_t)15u;
    memset(cur + e, 0, end - e);
    if (!c->u.ae.w0) {
        /* the record in one window: the AD block BE32(L) | 0^12 in its place */
        memset(cur, 0, 16);
        cur[0] = (uint8_t)(L >> 24);
        cur[1] = (uint8_t)(L >> 16);
        cur[2] = (uint8_t)(L >> 8);
        cur[3] = (uint8_t)L;
    }
    /* the last window's blocks, then the lengths block LE64(4) | LE64(L) (ct
     * has room for it: end <= W + 16) */
    put_le64(cur + end, 4);
    put_le64(cur + end + 8, L);
    ilpc_poly1305_blocks(mac, cur, end / 16u + 1u);
    h = mac->h;
    if (c->u.ae.w0 && (!c->u.ae.c0in || L != c->u.ae.clen)) {
        /* window 0 went in with the AD block of clen, not L (block 1 of N),
         * or zeros for C's first 4 bytes (block 2): add
         * (AD(L) - AD(clen))·r^N + LE32(c0)·r^(N-1), N being AD, C's blocks
         * and the lengths block.  (Branches on lengths and on how the units
         * came, never on their bytes.) */
        uint64_t nb = 2u + (L + 15u) / 16u, a = ad_value(L), b = ad_value(c->u.ae.clen);
        ilpc_p1305 d, x;
        if (a >= b) {
            d.l[0] = a - b, d.l[1] = 0, d.l[2] = 0;
        } else { /* p - (b - a) */
            d.l[0] = UINT64_C(0xfffffffffffffffb) - (b - a), d.l[1] = UINT64_MAX, d.l[2] = 3;
        }
        x.l[0] = c->u.ae.c0in ? 0 : (uint64_t)c->u.ae.c0[0] | (uint64_t)c->u.ae.c0[1] << 8 |
                                         (uint64_t)c->u.ae.c0[2] << 16 | (uint64_t)c->u.ae.c0[3] << 24;
        x.l[1] = x.l[2] = 0;
        x = ilpc_p1305_add(ilpc_p1305_mul(d, mac->r), x);
        h = ilpc_p1305_add(h, ilpc_p1305_mul(x, ilpc_p1305_pow(mac->r, nb - 1u)));
    }
    ilpc_poly1305_tag(mac, h, tag);
    memset(&h, 0, sizeof h);
    c->u.ae.win = UINT64_MAX;
    c->u.ae.u0p = NULL;
}

int ilpc_aead_verify(ilpc_cipher *c, uint64_t L, const uint8_t tag[16])
{
    uint8_t t[16];
    unsigned d = 0;
    int i;
    ilpc_aead_tag(c, L, t);
    for (i = 0; i < 16; i++)
        d |= (unsigned)(t[i] ^ tag[i]);
    d |= (unsigned)c->u.ae.bad;
    return d == 0 ? 0 : -1;
}

/* ---- through libcrypto (tiled and layered paths) -------------------------- */

int ilpc_aead_uses_lib(const ilpc_cipher *c)
{
    return c->id == ILPC_CIPHER_AES_128_GCM || (c->id == ILPC_CIPHER_CHACHA20_POLY1305 && ilpc_evp_available());
}

int ilpc_aead_lib_begin(ilpc_cipher *c, int encrypt, uint64_t L)
{
    ilpc_evp_aead *a = c->u.ae.evp;
    uint8_t nonce[12], ad[4];
    if (c->u.ae.seq == UINT64_MAX)
        return -1;
    if (a != NULL && a->encrypt != encrypt) {
        ilpc_evp_aead_free(a); /* a context serves one direction; this one changed */
        free(a);
        a = c->u.ae.evp = NULL;
    }
    if (a == NULL) {
        a = (ilpc_evp_aead *)calloc(1, sizeof *a);
        if (a == NULL)
            return -1;
        if (ilpc_evp_aead_init(a,
                               c->id == ILPC_CIPHER_AES_128_GCM ? ILPC_AEAD_AES_128_GCM : ILPC_AEAD_CHACHA20_POLY1305,
                               c->u.ae.key, encrypt) != 0) {
            ilpc_evp_aead_free(a);
            free(a);
            return -1;
        }
        c->u.ae.evp = a;
    }
    ilpc_aead_nonce(c->u.ae.seq, nonce);
    ad[0] = (uint8_t)(L >> 24);
    ad[1] = (uint8_t)(L >> 16);
    ad[2] = (uint8_t)(L >> 8);
    ad[3] = (uint8_t)L;
    return ilpc_evp_aead_start(a, nonce, ad, 4);
}

int ilpc_aead_lib_update(ilpc_cipher *c, uint8_t *out, const uint8_t *in, size_t n)
{
    return ilpc_evp_aead_update(c->u.ae.evp, out, in, n);
}

int ilpc_aead_lib_seal(ilpc_cipher *c, uint8_t tag[16])
{
    return ilpc_evp_aead_seal_final(c->u.ae.evp, tag);
}

int ilpc_aead_lib_open(ilpc_cipher *c, const uint8_t tag[16])
{
    return ilpc_evp_aead_open_final(c->u.ae.evp, tag);
}

/* ---- one shot (the layered baseline) -------------------------------------- */

int ilpc_aead_seal_record(ilpc_cipher *c, uint8_t *rec, uint64_t L)
{
    uint8_t nonce[12];
    if (c->u.ae.seq == UINT64_MAX)
        return -1;
    rec[0] = (uint8_t)(L >> 24);
    rec[1] = (uint8_t)(L >> 16);
    rec[2] = (uint8_t)(L >> 8);
    rec[3] = (uint8_t)L;
    if (c->id == ILPC_CIPHER_CHACHA20_POLY1305) {
        /* the same primitives as the fused loop, as separate passes */
        ilpc_aead_nonce(c->u.ae.seq, nonce);
        ilpc_chapoly_seal(c->u.ae.key, nonce, rec, 4, rec + 4, (size_t)L, rec + 4, rec + 4 + L);
        return 0;
    }
    if (ilpc_aead_lib_begin(c, 1, L) != 0 || ilpc_aead_lib_update(c, rec + 4, rec + 4, (size_t)L) != 0)
        return -1;
    return ilpc_aead_lib_seal(c, rec + 4 + L);
}

int ilpc_aead_open_record(ilpc_cipher *c, const uint8_t *rec, uint64_t L, uint8_t *out)
{
    uint8_t nonce[12];
    if (c->id == ILPC_CIPHER_CHACHA20_POLY1305) {
        ilpc_aead_nonce(c->u.ae.seq, nonce);
        return ilpc_chapoly_open(c->u.ae.key, nonce, rec, 4, rec + 4, (size_t)L, out, rec + 4 + L);
    }
    if (ilpc_aead_lib_begin(c, 0, L) != 0 || ilpc_aead_lib_update(c, out, rec + 4, (size_t)L) != 0 ||
        ilpc_aead_lib_open(c, rec + 4 + L) != 0) {
        memset(out, 0, (size_t)L);
        return -1;
    }
    return 0;
}
