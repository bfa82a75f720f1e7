//! A cache hint for searches that read big tables at random: ask for the entries of all children
//! first, then read them, and the processor overlaps the cache misses instead of waiting for each.

/// Asks the processor to bring the cache line holding `x` into cache. A hint only: it never faults
/// and changes nothing the program sees; on processors other than x86-64 it does nothing.
#[inline]
pub fn prefetch<T>(x: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch reads nothing the program sees and never faults; `x` is a valid reference.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
            x as *const T as *const i8,
        )
    };
    #[cfg(not(target_arch = "x86_64"))]
    let _ = x;
}
