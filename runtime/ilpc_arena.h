/*
 * ilpc_arena.h - a bump allocator for decoded values, released all at once: the "static
 * memory" of Dabbous et al.'s MAVROS, as a receiver that handles one message at a time
 * wants it (no malloc and free per string).  A leaf of the runtime (docs/architecture.md).
 */
#ifndef ILPC_ARENA_H
#define ILPC_ARENA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Memory for decoded values that is released all at once (docs/mapping.md, "Memory"):
 * what the BER family's decoders allocate from with T_decode_ber_arena.
 * Allocation moves a pointer through the current block; a block that is full is
 * followed, when grow is set, by a malloc'd one at least twice as large, else the
 * allocation fails (the decode then says ILPC_E_NOMEM).  Nothing in it is freed one by
 * one: ilpc_arena_reset empties it for the next message (keeping its largest block, so
 * that a steady stream of messages mallocs nothing), ilpc_arena_release returns its own
 * blocks (not the caller's) to malloc. */
typedef struct ilpc_arena_block ilpc_arena_block;
typedef struct ilpc_arena {
    uint8_t *p, *end;           /* the free part of the current block */
    ilpc_arena_block *blocks;   /* the blocks it malloc'd, the current one first */
    uint8_t *buf;               /* the caller's block (NULL: none) and its size */
    size_t cap;
    bool grow;
} ilpc_arena;

/* buf/cap: the first block, the caller's (NULL, 0: none); grow: may malloc more. */
void ilpc_arena_init(ilpc_arena *a, void *buf, size_t cap, bool grow);
void ilpc_arena_reset(ilpc_arena *a);
void ilpc_arena_release(ilpc_arena *a);
/* The arena's state, and a return to it that drops everything allocated since (a failed
 * decode leaves the arena as it found it). */
typedef struct ilpc_arena_mark {
    uint8_t *p, *end;
    ilpc_arena_block *blocks;
} ilpc_arena_mark;
ilpc_arena_mark ilpc_arena_save(const ilpc_arena *a);
void ilpc_arena_rollback(ilpc_arena *a, ilpc_arena_mark m);
/* ilpc_arena_alloc's slow path: the next block. */
void *ilpc_arena_alloc_block(ilpc_arena *a, size_t n, size_t align);

#ifdef __cplusplus
#define ILPC_MAX_ALIGN alignof(max_align_t)
#else
#define ILPC_MAX_ALIGN _Alignof(max_align_t)
#endif

/* n octets aligned to align (a power of two, at most alignof(max_align_t)); NULL when
 * the arena is full and may not grow. */
static inline void *ilpc_arena_alloc(ilpc_arena *a, size_t n, size_t align)
{
    uintptr_t at = ((uintptr_t)a->p + (align - 1)) & ~(uintptr_t)(align - 1);
    if (a->p != NULL && at <= (uintptr_t)a->end && n <= (uintptr_t)a->end - at) {
        a->p = (uint8_t *)at + n;
        return (void *)at;
    }
    return ilpc_arena_alloc_block(a, n, align);
}

#ifdef __cplusplus
}
#endif

#endif
