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

/// A lasso trace (Alloy 6's instances): states `0..n`, each a value for every relation
/// of the problem, and after the last state, state `loop_to` again, forever.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    pub states: Vec<Instance>,
    pub loop_to: usize,
}

impl Instance {
    pub fn value(&self, r: RelId) -> &TupleSet {
        &self.values[r.0 as usize]
    }
}
