#!/usr/bin/env python3
"""Evidence for the fixes suggested in docs/benchmarks-xdr.md: applies them by hand
to a COPY of ilpc's generated code in a benchmark build directory, rebuilds the
drivers and re-measures ilpc (ns/message, and callgrind instructions/message unless
-march=native, which valgrind 3.19 cannot run).  It edits generated text with
regular expressions, so it is tied to the generated code of the day; it changes
nothing in compiler/, templates/ or runtime/.

    python bench/xdr/run.py --cc gcc --cflags -O2          # makes bench/xdr/build/gcc_O2
    python bench/xdr/experiments/suggested_fixes.py bench/xdr/build/gcc_O2 gcc -O2

Fixes applied (see the doc for why):
  A  IA5String alphabet check: OR the bytes 8 at a time and test the top bits,
     instead of a table lookup and a branch per character;
  B  padding on encode: one zero word stored at the last word before the copy,
     instead of ilpc_put_pad's loop (which compilers turn into a memset call);
     on decode one masked 32-bit load instead of ilpc_pad_is_zero's loop;
  C  ilpc_put32/ilpc_get32 as memcpy + __builtin_bswap32 instead of byte shifts;
  D  fixed-size Int20: encode/decode bodies always inlined, the 20-item repeat
     fully unrolled, no memset and no ilpc_xdr_reader_init for a type that
     allocates nothing, and decode checks len == 80 directly.
"""
import json
import os
import re
import shutil
import subprocess
import sys

ASCII_HELPERS = '''
static inline bool x_all_ascii(const void *p, size_t n)
{
    const uint8_t *s = (const uint8_t *)p;
    uint64_t acc = 0;
    size_t k = 0;
    for (; k + 8 <= n; k += 8) { uint64_t w; memcpy(&w, s + k, 8); acc |= w; }
    for (; k < n; k++) acc |= s[k];
    return (acc & UINT64_C(0x8080808080808080)) == 0;
}
static inline bool x_pad_is_zero(const uint8_t *p, size_t n)
{
    size_t r = n & 3;
    if (r == 0) return true;
    return (ilpc_get32(p + n - r) & ((UINT32_C(1) << (8 * (4 - r))) - 1)) == 0;
}
'''

BSWAP = '''static inline void ilpc_put32(uint8_t *p, uint32_t v)
{
    v = __builtin_bswap32(v);
    memcpy(p, &v, 4);
}

static inline uint32_t ilpc_get32(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return __builtin_bswap32(v);
}

'''

INT20 = '''#if defined(__clang__)
#define X_UNROLL _Pragma("clang loop unroll(full)")
#else
#define X_UNROLL _Pragma("GCC unroll 32")
#endif
static inline __attribute__((always_inline)) int x_int20_put(ilpc_xdr_writer *w, const BenchInt_Int20 *v)
{
    if (ilpc_xdr_room(w) < 80)
        return ILPC_E_SHORT_BUFFER;
    uint8_t *p = w->p;
    X_UNROLL
    for (size_t i0 = 0; i0 < 20; i0++)
        ilpc_put32(p + i0 * 4, (uint32_t)v->values.items[i0]);
    w->p += 80;
    return ILPC_OK;
}

static inline __attribute__((always_inline)) int x_int20_get(ilpc_xdr_reader *r, BenchInt_Int20 *v)
{
    if (ilpc_xdr_left(r) < 80)
        return ILPC_E_TRUNCATED;
    const uint8_t *p = r->p;
    X_UNROLL
    for (size_t i0 = 0; i0 < 20; i0++)
        v->values.items[i0] = ilpc_u32_to_i32(ilpc_get32(p + i0 * 4));
    r->p += 80;
    return ILPC_OK;
}

int BenchInt_Int20_encode(const BenchInt_Int20 *v, uint8_t *buf, size_t cap, size_t *len)
{
    ilpc_xdr_writer w = { buf, buf + cap };
    int rc = x_int20_put(&w, v);
    if (rc == ILPC_OK && len != NULL)
        *len = (size_t)(w.p - buf);
    return rc;
}

int BenchInt_Int20_decode_prefix(BenchInt_Int20 *v, const uint8_t *buf, size_t len, size_t *used)
{
    ilpc_xdr_reader r = { buf, buf + len, 0, 0, 0 };  /* nothing allocated: no memset, no limits */
    int rc = x_int20_get(&r, v);
    if (rc == ILPC_OK && used != NULL)
        *used = (size_t)(r.p - buf);
    return rc;
}

int BenchInt_Int20_decode(BenchInt_Int20 *v, const uint8_t *buf, size_t len)
{
    if (len != 80)
        return len < 80 ? ILPC_E_TRUNCATED : ILPC_E_TRAILING;
    ilpc_xdr_reader r = { buf, buf + len, 0, 0, 0 };
    return x_int20_get(&r, v);
}

'''


def sub(pattern, repl, text, what):
    new, n = re.subn(pattern, repl, text)
    if n == 0:
        sys.exit(f"suggested_fixes: pattern for {what} not found: the generated code changed")
    return new


def patch(d, stem):
    h = open(f"{d}/ilpc_xdr.h").read()
    a, b = h.index("static inline void ilpc_put32"), h.index("static inline void ilpc_put64")
    open(f"{d}/ilpc_xdr.h", "w").write(h[:a] + BSWAP + h[b:])                        # C
    c = open(f"{d}/{stem}.c").read()
    if stem == "BenchMixed":
        c = c.replace(f'#include "{stem}.h"\n', f'#include "{stem}.h"\n' + ASCII_HELPERS, 1)
        c = sub(r'for \(size_t k = 0; k < nb; k\+\+\)\n\s*if \(!BenchMixed_alphabet0\[\(uint8_t\)(.*?)\.data\[k\]\]\)\n(\s*)return ILPC_E_ALPHABET;',
                lambda m: f'if (!x_all_ascii({m.group(1)}.data, nb))\n{m.group(2)}return ILPC_E_ALPHABET;', c, "A")
        c = sub(r'(\n\s*)if \(nb != 0\)\n\s*memcpy\(w->p, (.*?), nb\);\n\s*ilpc_put_pad\(w->p, nb\);',
                lambda m: (f'{m.group(1)}if (nb & 3) memset(w->p + ilpc_pad4(nb) - 4, 0, 4);'
                           f'{m.group(1)}if (nb != 0) memcpy(w->p, {m.group(2)}, nb);'), c, "B (encode)")
        c = sub(r'ilpc_pad_is_zero\(', 'x_pad_is_zero(', c, "B (decode)")
    else:
        a, b = c.index("int BenchInt_Int20_encode("), c.index("int BenchInt_Int20Arr_put(")
        c = c[:a] + INT20 + c[b:]                                                       # D
    open(f"{d}/{stem}.c", "w").write(c)


def raise_priority():
    try:
        os.setsid()
        with open("/proc/self/autogroup", "w") as f:
            f.write("-20")
        os.setpriority(os.PRIO_PROCESS, 0, -20)
    except OSError:
        pass


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    bdir, cc, cflags = sys.argv[1].rstrip("/"), sys.argv[2], " ".join(sys.argv[3:])
    exp = bdir + "_fixed"
    shutil.rmtree(exp, ignore_errors=True)
    shutil.copytree(bdir, exp, ignore=shutil.ignore_patterns("callgrind"))
    for stem in ("BenchInt", "BenchMixed"):
        d = f"{exp}/ilpc/{stem}"
        patch(d, stem)
        for src in (f"{stem}.c", "ilpc_xdr.c"):
            subprocess.run([cc, "-std=c11", "-Wall", "-Wextra", "-Werror", *cflags.split(), "-c", src,
                            "-o", src[:-2] + ".o"], cwd=d, check=True)
        subprocess.run(["ar", "rcs", f"lib{stem}.a", f"{stem}.o", "ilpc_xdr.o"], cwd=d, check=True)
    o = f"{exp}/obj"
    links = {"bench_int20": ("BenchInt", "bench_common bench_int20 int20_ilpc int20_rpcgen int20_hand hand_int20 BenchInt_xdr"),
             "bench_mixed": ("BenchMixed", "bench_common bench_mixed mixed_ilpc mixed_rpcgen mixed_hand hand_mixed BenchMixed_xdr")}
    print(f"{cc} {cflags}, ilpc with fixes A-D (ns/message: median of 41 x 2 ms)\n")
    print("| message | op | ilpc fixed | rpcgen | hand | rpcgen/ilpc | ilpc/hand | ilpc Ir/msg |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    for drv, (stem, objs) in links.items():
        exe = f"{exp}/{drv}"
        subprocess.run([cc, *cflags.split(), *[f"{o}/{x}.o" for x in objs.split()],
                        f"{exp}/ilpc/{stem}/lib{stem}.a", "-ltirpc", "-o", exe], check=True)
        p = subprocess.run([exe, "--reps", "41", "--target-ms", "2"], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True, preexec_fn=raise_priority)
        if p.returncode != 0:
            sys.exit(p.stderr)  # includes VERIFY FAILED if a fix broke the encoding
        rows = [json.loads(l) for l in p.stdout.splitlines()]
        for r in (r for r in rows if r["impl"] == "ilpc"):
            other = {x["impl"]: x["median_ns"] for x in rows if (x["msg"], x["op"]) == (r["msg"], r["op"])}
            ir = ""
            if "march=native" not in cflags and shutil.which("valgrind"):
                fn = f"ilpc_{r['msg'].lower()}_{r['op'][:3]}_loop"
                out = f"{exp}/{fn}.callgrind"
                subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                                f"--toggle-collect={fn}", exe, "--no-pin", "--only",
                                f"{r['msg']}/{r['op']}/ilpc", "--iters", "20000"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
                total = int(re.search(r"^summary:\s*(\d+)", open(out).read(), re.M).group(1))
                ir = f"{total / 20000:.0f}"
            i = r["median_ns"]
            print(f"| {r['msg']} | {r['op']} | {i:.1f} | {other['rpcgen']:.1f} | {other['hand']:.1f} | "
                  f"{other['rpcgen'] / i:.2f}x | {i / other['hand']:.2f}x | {ir} |")


if __name__ == "__main__":
    main()
