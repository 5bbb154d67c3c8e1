//! The core logic shared by every stage after checking: expressions, formulas, bounds.

pub mod ast;
pub mod binders;
pub mod free;
pub mod injections;
pub mod monotone;
pub mod normalize;
pub mod overflow;
pub mod pinned;
pub mod problem;
pub mod singletons;
pub mod skolem;
pub mod temporal;
pub mod tuples;
pub mod upper;

pub use ast::{
    CardCmp, Decl, DeclMult, Expr, ExprKind, Formula, FormulaKind, IntCmp, IntExpr, IntExprKind,
    IntOp, MultTest, Quantifier, RelId, TemporalBinOp, TemporalOp, VarId,
};
pub use problem::{Bounds, Problem, Relation, RelationKind, SolveError};
pub use tuples::{Atom, IntAtoms, Tuple, TupleSet, Universe};
