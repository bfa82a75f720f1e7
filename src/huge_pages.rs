//! Memory for big tables, asked of the kernel in 2 MB pages: below the tables' storage
//! ([`crate::dist_table::fields`]) and their files ([`crate::mapped_words`]), which both use it.

/// An empty vector with room for `n` values, in memory the kernel is asked to back with 2 MB pages.
/// Searches read big tables at random, one cache miss per look-up; with 4 KB pages nearly every
/// miss is also a TLB miss (a 35 MB table spans 9,000 pages), with 2 MB pages the whole table fits
/// in the TLB. The advice must come before the memory is first written (the kernel picks the page
/// size when it maps a page), so the caller fills the vector after. Where the advice is not
/// available (or refused) this is a plain vector.
pub fn with_huge_pages<T>(n: usize) -> Vec<T> {
    let mut v = Vec::with_capacity(n);
    #[cfg(target_os = "linux")]
    {
        extern "C" {
            fn madvise(addr: *mut u8, len: usize, advice: i32) -> i32;
        }
        const MADV_HUGEPAGE: i32 = 14;
        const HUGE: usize = 2 << 20;
        let start = v.as_mut_ptr() as usize;
        let end = start + n * std::mem::size_of::<T>();
        let (lo, hi) = ((start + HUGE - 1) & !(HUGE - 1), end & !(HUGE - 1));
        if hi > lo {
            // SAFETY: [lo, hi) lies inside the vector's allocation and is page-aligned; the advice
            // changes no contents, only how the kernel backs the pages. A failure leaves 4 KB pages.
            unsafe { madvise(lo as *mut u8, hi - lo, MADV_HUGEPAGE) };
        }
    }
    v
}
