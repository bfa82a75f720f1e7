//! Memory as a promise: a budget in bytes (`--memory`, default a safe share of this machine's
//! RAM) that every table is checked against before it is allocated, so that a table that does not
//! fit is refused with its size, never an allocation failure.

/// Bytes from text: a number with an optional K, M, G or T (powers of 1024), e.g. `512M`, `1.5G`.
pub fn parse(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let (number, unit) = match t.find(|c: char| c.is_ascii_alphabetic()) {
        Some(i) => (&t[..i], &t[i..]),
        None => (t, ""),
    };
    let scale: u64 = match unit.to_ascii_uppercase().trim_end_matches(['B', 'I']) {
        "" => 1,
        "K" => 1 << 10,
        "M" => 1 << 20,
        "G" => 1 << 30,
        "T" => 1 << 40,
        _ => return Err(format!("'{text}': expected bytes, e.g. 512M or 8G")),
    };
    let value: f64 = number
        .trim()
        .parse()
        .map_err(|_| format!("'{text}': expected bytes, e.g. 512M or 8G"))?;
    if !(value >= 0.0 && value * (scale as f64) < u64::MAX as f64) {
        return Err(format!("'{text}': out of range"));
    }
    Ok((value * scale as f64) as u64)
}

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

/// The bytes a table of `ranks` entries of `bits` each takes.
pub fn table_bytes(ranks: u128, bits: u32) -> u128 {
    (ranks * bits as u128).div_ceil(64) * 8
}

/// Bytes for people: `120 MB`, `1.2 GB`, `8.6e22 bytes`.
pub fn show(bytes: u128) -> String {
    let b = bytes as f64;
    if b >= (1u64 << 50) as f64 {
        format!("{b:.1e} bytes")
    } else if b >= (1u64 << 40) as f64 {
        format!("{:.1} TB", b / (1u64 << 40) as f64)
    } else if b >= (1u64 << 30) as f64 {
        format!("{:.1} GB", b / (1u64 << 30) as f64)
    } else if b >= (1u64 << 20) as f64 {
        format!("{:.0} MB", b / (1u64 << 20) as f64)
    } else {
        format!("{:.0} KB", (b / 1024.0).ceil())
    }
}
