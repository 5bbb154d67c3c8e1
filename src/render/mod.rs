//! Instances and verdicts as text: tables, JSON.

pub mod history;
pub mod json;
pub mod names;
pub mod table;

use crate::logic::Expr;

/// How to show an instance of an elaborated model: the checker builds it from the sigs and
/// fields, so that rendering needs no knowledge of Alloy.
#[derive(Clone, Debug, Default)]
pub struct Presentation {
    /// Sigs in Alloy's print order: each subtree lists children before the parent, then
    /// subset sigs.
    pub sigs: Vec<SigView>,
    /// Fields in declaration order.
    pub fields: Vec<FieldView>,
    /// Atoms with a fixed name (the integers, named by their value).
    pub named_atoms: Vec<(crate::logic::Atom, String)>,
}

#[derive(Clone, Debug)]
pub struct SigView {
    /// As Alloy prints it without `this/`: `Node`, `o/Ord`.
    pub label: String,
    /// The sig's value in terms of the problem's relations.
    pub value: Expr,
    /// Top-level and `extends` sigs name the atoms they hold (`Node$0`); subset sigs do not.
    pub names_atoms: bool,
    /// Hidden from tables (e.g. the private `Ord` sig of util/ordering).
    pub hidden: bool,
}

#[derive(Clone, Debug)]
pub struct FieldView {
    /// The label of the sig that declares the field.
    pub sig: String,
    pub name: String,
    /// The whole relation, first column the sig's atoms.
    pub value: Expr,
    pub hidden: bool,
}
