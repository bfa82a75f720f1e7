//! Byte counts as people type and read them: `--memory 8G`, `--table-size 300M`, "the table needs
//! 2.6 GB". K, M, G and T are powers of 1024 both ways, so that what is shown is what may be typed.

/// Bytes from text: a number with an optional K, M, G or T (powers of 1024; a B or iB after it is
/// allowed), e.g. `512M`, `1.5G`, `4096`.
pub fn parse(text: &str) -> Result<u64, String> {
    let expected = || format!("'{text}': expected bytes, e.g. 512M or 8G");
    let t = text.trim();
    let (number, unit) = match t.find(|c: char| c.is_ascii_alphabetic()) {
        Some(i) => (&t[..i], &t[i..]),
        None => (t, ""),
    };
    let unit = unit.to_ascii_uppercase();
    let scale: u64 = match unit.trim_end_matches(['B', 'I']) {
        "" => 1,
        "K" => 1 << 10,
        "M" => 1 << 20,
        "G" => 1 << 30,
        "T" => 1 << 40,
        _ => return Err(expected()),
    };
    let value: f64 = number.trim().parse().map_err(|_| expected())?;
    if !(value >= 0.0 && value * (scale as f64) < u64::MAX as f64) {
        return Err(format!("'{text}': out of range"));
    }
    Ok((value * scale as f64) as u64)
}

/// Bytes for people: `120 MB`, `1.2 GB`, `8.6e22 bytes` (powers of 1024, as [`parse`] reads them).
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

/// The bytes a table of `ranks` entries of `bits` each takes, in whole 64-bit words.
pub fn table_bytes(ranks: u128, bits: u32) -> u128 {
    (ranks * bits as u128 + 63) / 64 * 8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_is_shown_reads_back() {
        assert_eq!(parse("4G"), Ok(4 << 30));
        assert_eq!(parse(" 1.5 GiB"), Ok(3 << 29));
        assert_eq!(parse("300m"), Ok(300 << 20));
        assert_eq!(parse("4096"), Ok(4096));
        assert!(parse("4X").is_err() && parse("").is_err() && parse("-1G").is_err());
        for b in [900u64 << 10, 83 << 20, 5 << 29] {
            assert_eq!(
                parse(&show(b as u128)).map(|r| r / (1 << 10)),
                Ok(b / (1 << 10))
            );
        }
        assert_eq!(table_bytes(3_674_160, 2), 918_544);
    }
}
