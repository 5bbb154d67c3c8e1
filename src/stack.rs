//! Deep input without stack overflows.
//!
//! The parser accepts expressions nested up to `syntax::parser::MAX_NESTING` levels, and
//! inlining preds and funs can nest them deeper still. Every pass over a tree (checking,
//! elaboration, normal forms, translation, evaluation) recurses, and its frames are large
//! in release builds, so a thread's default stack (2 MiB for spawned threads) did not hold
//! a chain of a few hundred joins. Each recursive pass calls [`guard`] once per level:
//! when less than [`RED_ZONE`] of the current stack is left, the rest of the recursion
//! continues on a fresh heap-allocated segment. The library is therefore safe to call from
//! any thread, whatever its stack size.

/// Room that must be left on the stack before another level runs on it. Larger than the
/// deepest stretch of frames between two guarded calls (a few KiB per level, measured).
const RED_ZONE: usize = 256 << 10;

/// The size of each new stack segment.
const SEGMENT: usize = 8 << 20;

/// Runs `f`, on a new stack segment if the current one is nearly used up.
#[inline]
pub fn guard<R>(f: impl FnOnce() -> R) -> R {
    stacker::maybe_grow(RED_ZONE, SEGMENT, f)
}
