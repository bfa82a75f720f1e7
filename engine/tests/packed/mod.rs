//! What a table kept at 2 bits an entry relative to a base must read for a state at distance `d`,
//! written out from the rule (docs/engine.md), not from the table's code: at most the base reads
//! 0, then base + 1 and base + 2 as they are, and anything further base + 3. A table not packed
//! reads the distance.

pub fn read_as(base: Option<u32>, d: u32) -> u32 {
    match base {
        None => d,
        Some(b) if d <= b => 0,
        Some(b) => d.min(b + 3),
    }
}
