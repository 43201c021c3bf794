/*
 * ilpc_arena.c - the arena of decoded values (ilpc_arena.h).
 */
#include "ilpc_arena.h"

#include <stdlib.h>

struct ilpc_arena_block {
    ilpc_arena_block *next;
    size_t size;          /* octets after the header */
    max_align_t data[];
};

void ilpc_arena_init(ilpc_arena *a, void *buf, size_t cap, bool grow)
{
    a->buf = buf;
    a->cap = buf != NULL ? cap : 0;
    a->grow = grow;
    a->blocks = NULL;
    a->p = a->buf;
    a->end = a->buf != NULL ? a->buf + a->cap : NULL;
}

static void free_blocks(ilpc_arena_block *b, const ilpc_arena_block *until)
{
    while (b != until) {
        ilpc_arena_block *next = b->next;
        free(b);
        b = next;
    }
}

void ilpc_arena_reset(ilpc_arena *a)
{
    ilpc_arena_block *keep = a->blocks;   /* the newest block is the largest */
    if (keep != NULL && keep->size > a->cap) {
        free_blocks(keep->next, NULL);
        keep->next = NULL;
        a->p = (uint8_t *)keep->data;
        a->end = a->p + keep->size;
        return;
    }
    free_blocks(a->blocks, NULL);
    a->blocks = NULL;
    a->p = a->buf;
    a->end = a->buf != NULL ? a->buf + a->cap : NULL;
}

void ilpc_arena_release(ilpc_arena *a)
{
    free_blocks(a->blocks, NULL);
    ilpc_arena_init(a, a->buf, a->cap, a->grow);
}

ilpc_arena_mark ilpc_arena_save(const ilpc_arena *a)
{
    ilpc_arena_mark m = {a->p, a->end, a->blocks};
    return m;
}

void ilpc_arena_rollback(ilpc_arena *a, ilpc_arena_mark m)
{
    free_blocks(a->blocks, m.blocks);
    a->blocks = m.blocks;
    a->p = m.p;
    a->end = m.end;
}

void *ilpc_arena_alloc_block(ilpc_arena *a, size_t n, size_t align)
{
    if (!a->grow || n > SIZE_MAX / 4)
        return NULL;
    size_t last = a->blocks != NULL ? a->blocks->size : a->cap;
    size_t size = last > SIZE_MAX / 4 ? SIZE_MAX / 4 : 2 * last;
    if (size < 4096)
        size = 4096;
    if (size < n + align)
        size = n + align;
    ilpc_arena_block *b = malloc(sizeof *b + size);
    if (b == NULL)
        return NULL;
    b->next = a->blocks;
    b->size = size;
    a->blocks = b;
    a->p = (uint8_t *)b->data;           /* aligned for anything */
    a->end = a->p + size;
    return ilpc_arena_alloc(a, n, align);
}
