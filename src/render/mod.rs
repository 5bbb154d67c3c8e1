//! Instances as text: tables, the history view, JSON, DOT and Alloy's XML, and the
//! naming of atoms they share. Knows the engine's instances, not any app's types.

pub mod atoms;
pub mod dot;
pub mod grid;
pub mod history;
pub mod json;
pub mod names;
pub mod table;
pub mod trace;
pub mod xml;

// What to show is the checker's (it knows sigs and fields); how to show it is ours.
pub use crate::check::presentation::{FieldView, Presentation, SigView, XmlShape, XmlSig};
use crate::instance::Instance;
use crate::logic::TupleSet;

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
