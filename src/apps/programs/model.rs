//! From a parsed application to a solder model over `isolation/programs`: name
//! resolution and sorts (with spanned diagnostics), what each statement reads and
//! writes, and the model text with one sig per table and program.
//!
//! Precision. A column some UPDATE sets is *mutable*: a location (`Table_col`, an atom
//! of `Field`), with no value in the model. Every other column is *immutable*: an
//! ordinary field holding a domain atom or an abstract value (`Val`). A comparison is
//! *exact* when both sides are immutable values of one sort (parameters, immutable
//! columns, `x.col` of a local's records); anything else (mutable columns, arithmetic,
//! literals, aggregates) is unknown and may go either way. A condition becomes two
//! formulas: one implied when it holds, one implied when it fails.
//!
//! The files, from the bottom up: `info` (what the model tells the rest: the tables,
//! statements and IFs, the model text), `formula` (Alloy formulas of conditions under
//! SQL's three-valued logic, and of a program's iterations), `builder` (the state while
//! checking and writing), `typing` (names, tables and columns, the types of values),
//! `queues` (the `counters`, `queueOrder` and `queueTurns` preds), `text` (the model
//! text: sigs, facts, `seen`), and `statements` (what each statement selects, reads and
//! writes). `build` here runs them.

mod builder;
mod formula;
mod info;
mod queues;
mod statements;
mod text;
mod typing;

use std::collections::{BTreeMap, BTreeSet};

use crate::diagnostic::{Diagnostic, Errors, FileId, Span};

use super::syntax::{self, App};

use builder::Builder;
pub use info::{
    AppModel, ColumnInfo, CounterInsert, ENGINE_LEVELS, FlagInfo, LEVELS, ProgramInfo, StmtInfo,
    TableInfo, Ty, ident, qualified,
};
use typing::top_level_names;

/// Check an application and write its model.
pub fn build(app: &App, source: &str, file: FileId) -> Result<AppModel, Errors> {
    let mut b = Builder {
        source,
        errors: Vec::new(),
        tables: Vec::new(),
        domains: BTreeSet::new(),
        uses_val: false,
        stmts: Vec::new(),
        out: String::new(),
        top_names: BTreeSet::new(),
        level_bodies: Vec::new(),
        ordered: BTreeSet::new(),
        inserts: Vec::new(),
        seeing: Vec::new(),
        stmt_order: Vec::new(),
        own_fields: Vec::new(),
        lookups: BTreeMap::new(),
        counter_inserts: Vec::new(),
        extremes: BTreeMap::new(),
        top_level: BTreeSet::new(),
        group_mins: Vec::new(),
        group_deletes: Vec::new(),
        field_names: BTreeSet::new(),
        flags: Vec::new(),
        shared_columns: BTreeSet::new(),
    };
    b.check_names(app);
    b.tables(app);
    let mut owners: BTreeMap<&str, usize> = BTreeMap::new();
    for t in &b.tables {
        for c in &t.columns {
            *owners.entry(c.name.as_str()).or_default() += 1;
        }
    }
    b.shared_columns = owners
        .into_iter()
        .filter(|&(_, n)| n > 1)
        .map(|(c, _)| c.to_string())
        .collect();
    for p in &app.programs {
        b.loops_touching_changed_tables(&p.body, None);
    }
    b.field_names = app
        .tables
        .iter()
        .flat_map(|t| t.columns.iter().map(|c| ident(&c.name.text)))
        .chain(
            app.programs
                .iter()
                .flat_map(|p| p.params.iter().map(|(n, _)| ident(&n.text))),
        )
        .collect();
    // Tables, programs and levels become sigs and preds beside the columns' and
    // parameters' fields, where one name would be ambiguous.
    for (name, what) in top_level_names(app) {
        if b.field_names.contains(&ident(&name.text)) {
            let d = Diagnostic::error(
                name.span,
                format!("`{}` is also a column or parameter name", name.text),
            )
            .with_help(format!(
                "rename this {what}: tables, programs, levels, columns and parameters share one namespace in the model"
            ));
            b.errors.push(d);
        }
    }
    let programs = b.programs(app);
    let value_names = b.value_names(app);
    let mut user_levels = Vec::new();
    for level in &app.levels {
        if LEVELS.contains(&level.name.text.as_str()) {
            b.error(
                level.name.span,
                format!("`{}` is a level of the library already", level.name.text),
            );
        }
        if syntax::is_blank(&level.body) {
            b.errors.push(
                Diagnostic::error(
                    level.name.span,
                    format!("level `{}` has an empty body", level.name.text),
                )
                .with_help(
                    "write the level's axioms over vis and ar, e.g. `vis.vis in vis`; a level that allows every execution is RA",
                ),
            );
        }
        user_levels.push(level.name.text.clone());
    }
    if app.programs.is_empty() {
        // At the end of the file, where one would be added.
        let end = Span::new(file, source.len(), source.len());
        b.errors.push(
            Diagnostic::error(end, "the file declares no program: nothing to check")
                .with_help("declare one, e.g. `program P(k: K) { SELECT v FROM T WHERE id = k; }`"),
        );
    }
    if !b.errors.is_empty() {
        return Err(Errors(b.errors));
    }
    let text = b.write(app);
    Ok(AppModel {
        app: app.clone(),
        tables: b.tables,
        programs,
        stmts: b.stmts,
        flags: b.flags,
        counter_inserts: b.counter_inserts.clone(),
        ordered: b.ordered.into_iter().collect(),
        domains: b.domains.into_iter().collect(),
        uses_val: b.uses_val,
        value_names,
        user_levels,
        level_bodies: std::mem::take(&mut b.level_bodies),
        expects: app.expects.clone(),
        text,
    })
}
