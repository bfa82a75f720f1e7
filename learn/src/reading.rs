//! Reading a network's output, a probability for each distance, as one distance: the mode (the
//! paper's reading) or a low quantile. Std only, so that it is tested without the network crates.

/// Appends `1 + qs.len()` readings of one distribution `p` (probabilities of distances 0, 1, ...):
/// the mode (the first most likely distance), then for each `q` the smallest distance whose
/// cumulative probability reaches `q` (0.5 is the median). Rounding can leave the sum a little
/// short of 1: a quantile the sum never reaches reads as the last distance.
pub fn readings_of(p: &[f32], qs: &[f32], out: &mut Vec<u8>) {
    let mode = p
        .iter()
        .enumerate()
        .fold(0, |best, (i, &x)| if x > p[best] { i } else { best });
    out.push(mode as u8);
    for &q in qs {
        let mut sum = 0.0;
        let at = p
            .iter()
            .position(|&x| {
                sum += x;
                sum >= q
            })
            .unwrap_or(p.len().saturating_sub(1));
        out.push(at as u8);
    }
}

#[cfg(test)]
mod tests {
    use super::readings_of;

    fn read(p: &[f32], qs: &[f32]) -> Vec<u8> {
        let mut out = Vec::new();
        readings_of(p, qs, &mut out);
        out
    }

    /// A distribution worked by hand, in 64ths so that every sum is exact in f32: probabilities
    /// 0, 1, 3, 12, 26, 19, 3 (/64) for distances 0..6, cumulative 0, 1, 4, 16, 42, 61, 64. The
    /// mode is 4 (26/64). Each quantile is the first distance whose cumulative sum reaches it:
    /// 0.01 -> 1, 1/64 -> 1 (reached exactly), 0.03 -> 2, 0.05 -> 2, 4/64 -> 2 (exactly),
    /// 0.25 = 16/64 -> 3 (exactly), 0.5 -> 4, 61/64 -> 5 (exactly), 0.99 -> 6.
    ///
    /// Teeth: reading "reaches" as "passes" (`sed -i 's/sum >= q/sum > q/'
    /// engine/src/learn/reading.rs`) moves every exactly-reached quantile one distance up, and the
    /// README's test command fails here.
    #[test]
    fn readings_of_a_hand_worked_distribution() {
        let p = [0, 1, 3, 12, 26, 19, 3].map(|n| n as f32 / 64.0);
        let qs = [
            0.01,
            1.0 / 64.0,
            0.03,
            0.05,
            4.0 / 64.0,
            0.25,
            0.5,
            61.0 / 64.0,
            0.99,
        ];
        assert_eq!(read(&p, &qs), [4, 1, 1, 2, 2, 2, 3, 4, 5, 6]);
    }

    /// Ties go to the shorter distance; a sum that falls short of q reads as the last distance.
    #[test]
    fn ties_and_rounding() {
        assert_eq!(read(&[0.25, 0.25, 0.25, 0.25], &[0.25, 0.5]), [0, 0, 1]);
        assert_eq!(read(&[0.1, 0.1, 0.1], &[0.5]), [0, 2]);
        assert_eq!(read(&[1.0], &[0.01, 0.99]), [0, 0, 0]);
    }
}
