//! Which slice of the work a shard decides: `--shard i/n` of `classify` keeps every
//! n-th level and of `compare` every n-th ordered pair of levels, from the i-th.
//! Writing and merging the parts is `super::parts`.

use std::fmt;

/// The i-th of n shards, 1-based as test runners number them (`--shard 2/4`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

impl Shard {
    /// `i/n` with 1 ≤ i ≤ n.
    pub fn parse(text: &str) -> Result<Shard, String> {
        let bad = || format!("`{text}` is not a shard: write i/n with 1 <= i <= n, e.g. 2/4");
        let (i, n) = text.trim().split_once('/').ok_or_else(bad)?;
        let index: usize = i.trim().parse().map_err(|_| bad())?;
        let count: usize = n.trim().parse().map_err(|_| bad())?;
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }

    /// Whether the k-th unit of work (0-based, in a fixed order) is this shard's. Round
    /// robin: neighbouring levels are often alike in cost, so they go to different shards.
    pub fn owns(&self, k: usize) -> bool {
        k % self.count == self.index - 1
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// The ordered pairs of distinct levels among `n`, row by row: `compare`'s units of work.
pub fn pairs(n: usize) -> impl Iterator<Item = (usize, usize)> {
    (0..n).flat_map(move |a| (0..n).filter(move |&b| b != a).map(move |b| (a, b)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_are_written_i_of_n() {
        assert_eq!(Shard::parse("2/4"), Ok(Shard { index: 2, count: 4 }));
        assert_eq!(Shard::parse(" 1 / 1 "), Ok(Shard { index: 1, count: 1 }));
        for bad in ["0/3", "4/3", "3", "a/b", "1/0", "-1/2", ""] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn every_unit_has_exactly_one_shard() {
        for count in 1..6 {
            for k in 0..20 {
                let owners = (1..=count)
                    .filter(|&index| Shard { index, count }.owns(k))
                    .count();
                assert_eq!(owners, 1, "unit {k} of {count} shards");
            }
        }
        let all: Vec<_> = pairs(3).collect();
        assert_eq!(all, [(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)]);
    }
}
