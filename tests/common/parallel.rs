//! Spreading independent test cases over the machine's two cores.

use std::sync::atomic::{AtomicUsize, Ordering};

/// Worker threads: CI has two cores.
pub const WORKERS: usize = 2;

/// Run `work(i)` for `i` in `0..count` on [`WORKERS`] threads.
pub fn parallel(count: usize, work: impl Fn(usize) + Sync) {
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..WORKERS {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= count {
                        break;
                    }
                    work(i);
                }
            });
        }
    });
}
