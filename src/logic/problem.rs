//! A problem: relations with lower and upper bounds over a universe, and one formula.

use super::ast::{Formula, RelId, VarId};
use super::tuples::{TupleSet, Universe};

/// What a relation stands for; used by rendering and by passes that treat skolems specially.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RelationKind {
    /// A signature's own relation (a top-level sig, a subsig, a remainder, a subset sig).
    Sig,
    /// A field of a signature.
    Field,
    /// A skolem constant: the witness of an outermost existential (`$show_x`).
    Skolem,
    /// Bookkeeping that users never see.
    Internal,
}

/// A relation with its bounds: its value must contain `lower` and lie within `upper`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Relation {
    pub name: String,
    pub arity: usize,
    pub kind: RelationKind,
    pub lower: TupleSet,
    pub upper: TupleSet,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Bounds {
    pub universe: Universe,
    pub relations: Vec<Relation>,
}

impl Bounds {
    pub fn relation(&self, id: RelId) -> &Relation {
        &self.relations[id.0 as usize]
    }

    pub fn add(&mut self, relation: Relation) -> RelId {
        debug_assert!(relation.lower.is_subset(&relation.upper));
        self.relations.push(relation);
        RelId(self.relations.len() as u32 - 1)
    }

    pub fn ids(&self) -> impl Iterator<Item = RelId> {
        (0..self.relations.len() as u32).map(RelId)
    }
}

/// The input of translation and solving: find values for the relations within their
/// bounds that make `formula` true.
#[derive(Clone, Debug)]
pub struct Problem {
    pub bounds: Bounds,
    pub formula: Formula,
}

/// Why a problem could not be solved. These become diagnostics in the caller, which maps
/// variables back to source spans.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// A quantifier over relations (or sets) that skolemization cannot remove.
    HigherOrder { var: VarId, name: String },
    /// The translation would exceed the resource limits.
    TooLarge(String),
}
