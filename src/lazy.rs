//! A value computed on first use and shared by every thread, for tables kept in a `static`.
//!
//! This is `std::sync::OnceLock` (Rust 1.70) or `LazyLock` (1.80) for the judges' older compilers:
//! the bundles must compile with Rust 1.63, so it is built on `std::sync::Once`, as `lazy_static` was.

use std::cell::UnsafeCell;
use std::sync::Once;

/// `static T: Lazy<X> = Lazy::new(build);` then `T.get()` builds on the first call, once.
pub struct Lazy<T> {
    once: Once,
    init: fn() -> T,
    value: UnsafeCell<Option<T>>,
}

// SAFETY: `value` is written exactly once, inside `call_once`, before any reader can see it (readers
// go through `call_once` too, which waits for the writer and orders its write before their reads);
// after that it is only read. Sending the built value to other threads needs `T: Send`, sharing
// references to it needs `T: Sync`.
unsafe impl<T: Send + Sync> Sync for Lazy<T> {}

impl<T> Lazy<T> {
    pub const fn new(init: fn() -> T) -> Self {
        Lazy {
            once: Once::new(),
            init,
            value: UnsafeCell::new(None),
        }
    }

    /// The value, built by the first caller; the others wait for it.
    pub fn get(&self) -> &T {
        self.once.call_once(|| {
            let v = (self.init)();
            // SAFETY: only this closure writes, and `call_once` runs it at most once, with no
            // reader before it returns (see the `Sync` impl).
            unsafe { *self.value.get() = Some(v) };
        });
        // SAFETY: `call_once` has returned, so the write above happened and no other will.
        match unsafe { &*self.value.get() } {
            Some(v) => v,
            // `call_once` returns only after the closure ran (a panic in it poisons the `Once`,
            // and every later `call_once` panics too).
            None => unreachable!("Lazy value read before it was built"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    static BUILDS: AtomicUsize = AtomicUsize::new(0);

    fn build() -> Vec<u32> {
        BUILDS.fetch_add(1, Ordering::SeqCst);
        (0..1000).collect()
    }

    static TABLE: Lazy<Vec<u32>> = Lazy::new(build);

    #[test]
    fn builds_once_for_all_threads() {
        let sums: Vec<u64> = (0..8)
            .map(|_| std::thread::spawn(|| TABLE.get().iter().map(|&x| x as u64).sum::<u64>()))
            .collect::<Vec<_>>()
            .into_iter()
            .map(|h| h.join().unwrap())
            .collect();
        assert!(sums.iter().all(|&s| s == 499_500));
        assert_eq!(BUILDS.load(Ordering::SeqCst), 1);
        assert!(std::ptr::eq(TABLE.get(), TABLE.get()));
    }
}
