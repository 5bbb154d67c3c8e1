//! The state while a program file is checked and its model written (`Builder`), with
//! what the analysis knows of the values and locals in a statement's scope.

use std::collections::{BTreeMap, BTreeSet};

use crate::diagnostic::{Diagnostic, Span};

use super::formula::Known;
use super::info::{CounterInsert, FlagInfo, StmtInfo, TableInfo, Ty};

pub(super) struct Builder<'s> {
    pub(super) source: &'s str,
    pub(super) errors: Vec<Diagnostic>,
    pub(super) tables: Vec<TableInfo>,
    pub(super) domains: BTreeSet<String>,
    pub(super) uses_val: bool,
    pub(super) stmts: Vec<StmtInfo>,
    /// Per-program facts, written while the programs are analysed.
    pub(super) out: String,
    /// Tables, programs and levels: not types of values.
    pub(super) top_names: BTreeSet<String>,
    pub(super) level_bodies: Vec<(std::ops::Range<usize>, Span)>,
    /// Domains that MIN or MAX compare: each gets a total order `D__lt`.
    pub(super) ordered: BTreeSet<String>,
    /// Statements that insert.
    pub(super) inserts: Vec<String>,
    /// Programs with a `P__sees` pred (exact rows).
    pub(super) seeing: Vec<String>,
    /// `a -> b` for statements a before b in one program (`stmtOrder`).
    pub(super) stmt_order: Vec<String>,
    /// `Table -> Field` pairs some statement may read only after its instance wrote
    /// them (the bound on `own`).
    pub(super) own_fields: Vec<String>,
    /// Statements (outside FOREACH) whose WHERE clause is `key = value AND …` over every
    /// key column, a value being a parameter or `x.col` of one record: they select at
    /// most one record. atom -> (column, parameter or `x.col`).
    pub(super) lookups: BTreeMap<String, Vec<(String, String)>>,
    /// INSERTs that take a key from a counter.
    pub(super) counter_inserts: Vec<CounterInsert>,
    /// SELECTs of MIN or MAX of a column, exact: atom -> column (one value of it).
    pub(super) extremes: BTreeMap<String, String>,
    /// Statements at the top level of their program (outside IF and FOREACH): they run
    /// in every instance of it.
    pub(super) top_level: BTreeSet<String>,
    /// MIN over a group of a table, and DELETEs of the record it found (`queue_preds`).
    pub(super) group_mins: Vec<GroupMin>,
    pub(super) group_deletes: Vec<GroupDelete>,
    /// Columns and parameters: a domain of the same name cannot be named in a formula
    /// (it would be ambiguous), so it gets no order.
    pub(super) field_names: BTreeSet<String>,
    pub(super) flags: Vec<FlagInfo>,
    /// Column names of more than one table: the model names their fields with the
    /// table (`Saving <: custid`) where the record's table is not known from its type.
    pub(super) shared_columns: BTreeSet<String>,
}

/// `x := SELECT MIN(K) FROM T WHERE g1 = p1 AND …`, at the top level of its program
/// and before any INSERT or DELETE in it: the least key of one group of T's records in
/// the instance's snapshot (the WHERE clause is equalities of columns to parameters).
#[derive(Clone, Debug)]
pub(super) struct GroupMin {
    pub(super) program: String,
    pub(super) atom: String,
    pub(super) table: String,
    pub(super) key: String,
    pub(super) sort: String,
    /// (column of T, parameter), sorted.
    pub(super) group: Vec<(String, String)>,
}

/// `DELETE FROM T WHERE g1 = p1 AND … AND K = x.K`, at the top level, with `x` a
/// [`GroupMin`]'s local and the same group: it deletes the record the MIN found.
#[derive(Clone, Debug)]
pub(super) struct GroupDelete {
    pub(super) min: String,
    pub(super) table: String,
    pub(super) group: Vec<(String, String)>,
    pub(super) key: String,
}

/// What an expression stands for: its type, and its value when the analysis knows it.
#[derive(Clone, Debug)]
pub(super) struct Value {
    pub(super) ty: Ty,
    pub(super) known: Option<Known>,
}

impl Value {
    pub(super) fn unknown(ty: Ty) -> Value {
        Value { ty, known: None }
    }
}

/// A local (the records a SELECT returned) or a FOREACH variable (one of them), as the
/// statements in its scope see it.
#[derive(Clone, Debug)]
pub(super) struct Local {
    /// Its records in the current iteration: `P__1.(t.sel)`, `l1.(t.P__3__it)`, or the
    /// loop variable itself (`l1`).
    pub(super) rows: String,
    pub(super) table: usize,
    /// The SELECT that assigned it (none for a loop variable).
    pub(super) atom: Option<String>,
    /// A FOREACH variable: one record.
    pub(super) row_var: bool,
    /// Its type as a value (a count, a sum): that of the one item it selected.
    pub(super) ty: Ty,
    /// A COUNT: a number even when it selected no record (any other local is NULL
    /// then).
    pub(super) count: bool,
}

pub(super) type Locals = BTreeMap<String, Local>;

impl Builder<'_> {
    pub(super) fn error(&mut self, span: Span, message: impl Into<String>) {
        self.errors.push(Diagnostic::error(span, message));
    }
}
