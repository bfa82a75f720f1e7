//! Memory as a promise: a budget in bytes (`--memory`, default a safe share of this machine's
//! RAM) that every table is checked against before it is allocated, so that a table that does not
//! fit is refused with its size, never an allocation failure. Sizes are typed and shown by
//! [`twisty::bytes`].

/// Half the memory this machine has available now (Linux's `MemAvailable`), else 4 GiB.
pub fn default_budget() -> u64 {
    twisty::machine::memory_available().map_or(4 << 30, |b| b / 2)
}
