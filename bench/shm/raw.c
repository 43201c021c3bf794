/* raw.c - the shm transport alone, without TCP: a child process streams N
 * segments of SEG bytes to its parent, which reads each one with recv_ref
 * (touching its first and last byte) and acknowledges every W with a 20-byte
 * segment; the child keeps at most 2W unacknowledged.  Prints MB/s.
 *
 *   cc -O2 -std=c11 -Iruntime bench/shm/raw.c -o /tmp/shm-raw && /tmp/shm-raw [SEG [N [W]]]
 */
#include "ilpc_transport_shm.c"

#include <sys/wait.h>

static uint8_t buf[ILPC_SHM_SEG_LIMIT];

int main(int argc, char **argv)
{
    size_t seg = argc > 1 ? (size_t)atol(argv[1]) : 65535;
    unsigned n = argc > 2 ? (unsigned)atol(argv[2]) : 20000, w = argc > 3 ? (unsigned)atol(argv[3]) : 64, k = 0;
    ilpc_transport *l;
    char nm[64];
    uint64_t t0, t1, sum = 0;
    int st;
    if (seg < 20 || seg > ILPC_SHM_SEG_LIMIT || w == 0)
        return 2;
    snprintf(nm, sizeof nm, "shm-raw.%d", (int)getpid());
    if (ilpc_transport_shm_listen(nm, ILPC_SHM_SEG_LIMIT, &l) != ILPC_OK)
        return 1;
    if (fork() == 0) {
        ilpc_transport *c;
        unsigned i, acked = 0;
        ilpc_iov v;
        v.base = buf;
        v.len = seg;
        if (ilpc_transport_shm_connect(nm, ILPC_SHM_SEG_LIMIT, &c) != ILPC_OK)
            _exit(3);
        memset(buf, 1, seg);
        for (i = 0; i < n; i++) {
            while (i - acked >= 2 * w) {
                const uint8_t *p;
                uint32_t a, b;
                int r = c->ops->recv_ref(c, &a, &b, NULL, &p);
                if (r > 0)
                    acked += w;
                else if (r == 0)
                    c->ops->wait(c, ILPC_NS_PER_S);
                else
                    _exit(4);
            }
            c->ops->send(c, 1, 2, &v, 1);
            if (i % 16 == 15)
                c->ops->flush(c);
        }
        c->ops->flush(c);
        sleep(1);
        c->ops->destroy(c);
        _exit(0);
    }
    t0 = mono_ns();
    while (k < n) {
        const uint8_t *p;
        uint32_t a, b;
        int r = l->ops->recv_ref(l, &a, &b, NULL, &p);
        if (r < 0)
            return 1;
        if (r == 0) {
            l->ops->wait(l, ILPC_NS_PER_S);
            continue;
        }
        sum += p[0] + p[r - 1];
        if (++k % w == 0) {
            ilpc_iov v;
            v.base = buf;
            v.len = 20;
            l->ops->send(l, 2, 1, &v, 1);
            l->ops->flush(l);
        }
    }
    t1 = mono_ns();
    printf("%zu-byte segments: %u in %.3f s, %.0f MB/s, %.2f M segments/s (check %llu)\n", seg, n, (t1 - t0) / 1e9,
           (double)seg * n / ((t1 - t0) / 1e9) / 1e6, n / ((t1 - t0) / 1e9) / 1e6, (unsigned long long)sum);
    wait(&st);
    l->ops->destroy(l);
    return 0;
}
