//! Instances and verdicts as text: tables, the history view, JSON.

pub mod dot;
pub mod history;
pub mod isolation;
pub mod json;
pub mod names;
pub mod programs;
pub mod table;
pub mod xml;

use crate::instance::Instance;
use crate::logic::{Expr, TupleSet};

/// Which text view of an instance to print.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum View {
    /// The history view for models that open the isolation library's histories, else the
    /// tables.
    Auto,
    Tables,
    History,
}

/// The instance in `view`; `None` when the history view was asked for and the model has
/// no histories.
pub fn render_instance(
    p: &Presentation,
    inst: &Instance,
    skolems: &[(String, TupleSet)],
    view: View,
) -> Option<String> {
    // The history, then a legend of its names for objects and values.
    let history = || {
        history::render_history(p, inst, skolems)
            .map(|h| h + &history::legend(p, inst).unwrap_or_default())
    };
    match view {
        View::Tables => Some(table::render_tables(p, inst, skolems)),
        View::History => history(),
        View::Auto => history().or_else(|| Some(table::render_tables(p, inst, skolems))),
    }
}

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
    /// What Alloy's instance XML needs beyond the tables (empty for hand-made ones).
    pub xml: XmlShape,
}

/// The sig hierarchy, sig attributes and field types, for Alloy's instance XML.
#[derive(Clone, Debug, Default)]
pub struct XmlShape {
    /// Per entry of `Presentation::sigs`.
    pub sigs: Vec<XmlSig>,
    /// Per entry of `Presentation::fields`: the field's type as products of sig labels.
    pub field_types: Vec<Vec<Vec<String>>>,
    pub bitwidth: u32,
    pub maxseq: u32,
    /// The atoms of `String` (fixed by the bounds; Alloy lists them, not the integers).
    pub strings: Vec<crate::logic::Atom>,
}

#[derive(Clone, Debug, Default)]
pub struct XmlSig {
    /// The label Alloy gives it (`this/A`, `isolation/histories/Txn`).
    pub alloy_label: String,
    /// The parent's label (`univ` for a top-level sig); `None` for a subset sig.
    pub parent: Option<String>,
    /// A subset sig's parents.
    pub subset_of: Vec<String>,
    /// Alloy's flags: `abstract`, `one`, `lone`, `some`, `private`, `enum`.
    pub attrs: Vec<&'static str>,
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
