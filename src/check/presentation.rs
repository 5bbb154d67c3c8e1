//! How to show an instance of a checked model, as plain data: the sigs and fields to
//! list, their values as expressions over the problem's relations, and what Alloy's
//! instance XML needs. The checker builds it (it knows the sig hierarchy); `render`
//! reads it and knows nothing of Alloy.

use crate::logic::Expr;

/// How to show an instance of an elaborated model.
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
    /// Per entry of `Presentation::fields`: declared `var` (Alloy 6 writes `var="yes"`).
    pub var_fields: Vec<bool>,
}

#[derive(Clone, Debug, Default)]
pub struct XmlSig {
    /// The label Alloy gives it (`this/A`, `isolation/histories/Txn`).
    pub alloy_label: String,
    /// The parent's label (`univ` for a top-level sig); `None` for a subset sig.
    pub parent: Option<String>,
    /// A subset sig's parents.
    pub subset_of: Vec<String>,
    /// Alloy's flags: `abstract`, `one`, `lone`, `some`, `private`, `enum`, `meta`, `var`.
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
