//! What a table kept at 2 bits an entry relative to a base must read for an entry at distance `d`,
//! written out from the rule (docs/engine.md, "Tables at 2 bits an entry"), not from the table's
//! code: above the base the distance, up to base + 3 (anything further reads base + 3); at or below
//! it the least distance among the entries of its line (254 entries a line, by index), which the
//! caller gives as `least` where it knows every entry, else only "at most the distance" is
//! checked. A table not packed reads the distance.

#[allow(dead_code)] // (Not every test that shares the rule reads whole lines.)
pub const PER_LINE: usize = 254;

pub fn reads_right(base: Option<u32>, d: u32, least: Option<u32>, read: u32) -> bool {
    match base {
        None => read == d,
        Some(b) if d > b => read == d.min(b + 3),
        Some(_) => match least {
            Some(l) => read == l,
            None => read <= d,
        },
    }
}
