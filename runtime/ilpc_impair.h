/* ilpc_impair.h - a transport wrapper that damages incoming traffic.
 *
 * Every segment the wrapped transport receives goes through seeded dice:
 * lost, duplicated, corrupted (one random bit flipped), tampered with (one
 * bit of the TCP payload flipped and the TCP checksum adjusted to match: what
 * an attacker on the path does, invisible to TCP), delayed, or held back so
 * that later segments overtake it (reordering); and forged segments may be
 * slipped in before it, made from it as an attacker who sees it would make
 * them (an RST at its sequence number, its data with a bit flipped, an ACK
 * above what it acknowledges), each with a correct TCP checksum.  Delays use the
 * clock given at creation, so with a virtual clock a whole run is
 * reproducible from its seed.  Impairment applies to the receive direction
 * of the wrapped end; wrap both ends of a link to damage both directions.
 */
#ifndef ILPC_IMPAIR_H
#define ILPC_IMPAIR_H

#include "ilpc_clock.h"
#include "ilpc_transport.h"

typedef struct ilpc_impair_config {
    double loss;         /* probability a segment is dropped */
    double dup;          /* ... delivered twice */
    double reorder;      /* ... held back by up to reorder_ns */
    double delay;        /* ... delayed by up to delay_ns */
    double corrupt;      /* ... has one random bit flipped */
    double tamper;       /* a segment with payload has one payload bit flipped, checksum fixed */
    double forge;        /* a forged segment made from it arrives just before it (see above) */
    uint64_t seed;
    uint64_t latency_ns; /* fixed delay added to every segment (default 0) */
    uint64_t delay_ns;   /* maximum extra delay (default 50 ms) */
    uint64_t reorder_ns; /* maximum hold for reordering (default 5 ms) */
    size_t limit;        /* segments held at most; more are dropped (default 4096) */
} ilpc_impair_config;

typedef struct ilpc_impair_stats {
    uint64_t received, delivered, lost, duplicated, reordered, delayed, corrupted, overflow, tampered, forged;
} ilpc_impair_stats;

void ilpc_impair_config_default(ilpc_impair_config *cfg);
/* Parse "loss=0.1,dup=0.05,reorder=0.1,delay=0.02,corrupt=0.01,tamper=0.01,forge=0.01,seed=42"
 * (also latency_ms, delay_ms, reorder_ms, limit) on top of *cfg.
 * 0 on success, -1 on an unknown key or a bad value. */
int ilpc_impair_parse(const char *spec, ilpc_impair_config *cfg);
/* The wrapper does not own inner; free the wrapper before inner. */
int ilpc_impair_new(ilpc_transport *inner, ilpc_clock *clk, const ilpc_impair_config *cfg, ilpc_transport **out);
int ilpc_impair_new_spec(ilpc_transport *inner, ilpc_clock *clk, const char *spec, ilpc_transport **out);
const ilpc_impair_stats *ilpc_impair_get_stats(const ilpc_transport *t);

#endif
