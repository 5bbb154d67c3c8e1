//! Instances (a value for every relation) and the independent evaluator.

pub mod brute;
pub mod evaluate;
pub mod ints;

use crate::logic::{RelId, TupleSet, Universe};

/// A concrete value for every relation of a problem, indexed by [`RelId`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instance {
    pub universe: Universe,
    pub values: Vec<TupleSet>,
}

impl Instance {
    pub fn value(&self, r: RelId) -> &TupleSet {
        &self.values[r.0 as usize]
    }
}
