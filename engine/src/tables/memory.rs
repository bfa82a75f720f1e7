//! Memory as a promise: a budget in bytes (`--memory`, default a safe share of this machine's
//! RAM) that every table is checked against before it is allocated, so that a table that does not
//! fit is refused with its size, never an allocation failure. Sizes are typed and shown by
//! [`twisty::bytes`].

/// Half the memory this machine has available now (Linux's `MemAvailable`), else 4 GiB.
pub fn default_budget() -> u64 {
    let available = std::fs::read_to_string("/proc/meminfo").ok().and_then(|m| {
        m.lines()
            .find(|l| l.starts_with("MemAvailable:"))
            .and_then(|l| l.split_whitespace().nth(1)?.parse::<u64>().ok())
    });
    match available {
        Some(kb) => kb * 1024 / 2,
        None => 4 << 30,
    }
}
