//! Numbers of states and group orders are far beyond `u128` (the 7x7x7's 1.95e160).

use std::fmt;

/// A non-negative integer of any size, enough to multiply and print.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BigUint(Vec<u32>);

impl BigUint {
    pub fn one() -> BigUint {
        BigUint(vec![1])
    }
    pub fn mul_small(&mut self, m: u32) {
        let mut carry = 0u64;
        for d in &mut self.0 {
            let v = *d as u64 * m as u64 + carry;
            *d = v as u32;
            carry = v >> 32;
        }
        if carry > 0 {
            self.0.push(carry as u32);
        }
    }
    /// Divides by `d`, which must divide the number.
    pub fn div_exact(&mut self, d: u32) {
        let rem = self.div_floor(d);
        debug_assert_eq!(rem, 0, "not a divisor");
    }

    /// Divides by `d`, rounding down; the remainder.
    pub fn div_floor(&mut self, d: u32) -> u32 {
        let mut rem = 0u64;
        for x in self.0.iter_mut().rev() {
            let v = (rem << 32) | *x as u64;
            *x = (v / d as u64) as u32;
            rem = v % d as u64;
        }
        while self.0.len() > 1 && self.0.last() == Some(&0) {
            self.0.pop();
        }
        rem as u32
    }

    /// The product, exactly (for checking that sizes multiply to an order).
    pub fn times(&self, other: &BigUint) -> BigUint {
        let mut out = vec![0u32; self.0.len() + other.0.len()];
        for (i, &a) in self.0.iter().enumerate() {
            let mut carry = 0u64;
            for (j, &b) in other.0.iter().enumerate() {
                let v = out[i + j] as u64 + a as u64 * b as u64 + carry;
                out[i + j] = v as u32;
                carry = v >> 32;
            }
            let mut k = i + other.0.len();
            while carry > 0 {
                let v = out[k] as u64 + carry;
                out[k] = v as u32;
                carry = v >> 32;
                k += 1;
            }
        }
        while out.len() > 1 && out.last() == Some(&0) {
            out.pop();
        }
        BigUint(out)
    }

    /// Approximately, as a float (`inf` past 1.8e308): for sizes compared against a budget.
    pub fn to_f64(&self) -> f64 {
        self.0
            .iter()
            .rev()
            .fold(0.0, |acc, &d| acc * 4294967296.0 + d as f64)
    }

    pub fn to_u128(&self) -> Option<u128> {
        if self.0.len() > 4 {
            return None;
        }
        Some(
            self.0
                .iter()
                .rev()
                .fold(0u128, |acc, &d| (acc << 32) | d as u128),
        )
    }
}

impl fmt::Display for BigUint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut digits = self.0.clone();
        let mut parts = Vec::new();
        while digits.iter().any(|&d| d != 0) {
            let mut rem = 0u64;
            for d in digits.iter_mut().rev() {
                let v = (rem << 32) | *d as u64;
                *d = (v / 1_000_000_000) as u32;
                rem = v % 1_000_000_000;
            }
            parts.push(rem as u32);
        }
        match parts.split_last() {
            None => write!(f, "0"),
            Some((first, rest)) => {
                write!(f, "{first}")?;
                for p in rest.iter().rev() {
                    write!(f, "{p:09}")?;
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn big_numbers_print() {
        let mut x = BigUint::one();
        for i in 1..=25u32 {
            x.mul_small(i);
        }
        assert_eq!(x.to_string(), "15511210043330985984000000"); // 25!
        assert_eq!(BigUint::one().to_u128(), Some(1));
    }
}
