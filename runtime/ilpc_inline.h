/*
 * ilpc_inline.h - ILPC_ALWAYS_INLINE, for the functions of the runtime and of the
 * generated code that must be put in line where they are called (the hot paths): static
 * inline with GCC's and Clang's always_inline, plain static inline elsewhere.  A program
 * may define it first.
 */
#ifndef ILPC_INLINE_H
#define ILPC_INLINE_H

#ifndef ILPC_ALWAYS_INLINE
#if defined(__GNUC__) || defined(__clang__)
#define ILPC_ALWAYS_INLINE static inline __attribute__((always_inline))
#else
#define ILPC_ALWAYS_INLINE static inline
#endif
#endif

#endif
