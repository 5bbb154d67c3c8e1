//! What the model tells the rest of `programs`: the tables and their columns, the
//! statements with what they read and write, the IFs, counters, and the model text; the
//! types of values, and the names the model gives columns and parameters.

use std::collections::{BTreeMap, BTreeSet};

use crate::diagnostic::Span;

use crate::apps::programs::syntax::{self, App};

/// Names the library or Alloy reserve, which an application may not reuse.
pub(super) const RESERVED: &[&str] = &[
    "Rec",
    "Field",
    "Alive",
    "Stmt",
    "Inst",
    "Val",
    "ran",
    "cand",
    "sel",
    "reads",
    "writes",
    "scans",
    "rd",
    "wt",
    "conflicts",
    "readsWrites",
    "readsFrom",
    "counters",
    "execution",
    "source",
    "WR",
    "WW",
    "RW",
    "dep",
    "cycle",
    "possibleDeps",
    "chordlessPath",
    "inductive",
    "serializableBetween",
    "Inserts",
    "inserted",
    "own",
    "InitiallyAlive",
    "alive",
    "seen",
    "live",
    "ExecRA",
    "ExecCC",
    "ExecPC",
    "ExecPSI",
    "ExecSI",
    "ExecSER",
    "ExecRC",
    "ExecPostgresRR",
    "ExecPostgresRC",
    "ExecMySQLRR",
    "changedBefore",
    "newestSource",
    "rdLatest",
    "rowConflicts",
    "keysEnforced",
    "snap",
    "po",
    "rdAt",
    "sourceAt",
    "aliveAt",
    "WRat",
    "RWat",
    "cycleAt",
    "seenAt",
    "stmtOrder",
    "vis",
    "ar",
    "univ",
    "iden",
    "none",
    "Int",
    "String",
    "seq",
    "this",
    "all",
    "some",
    "no",
    "one",
    "lone",
    "set",
    "sig",
    "fun",
    "pred",
    "fact",
    "run",
    "check",
    "let",
    "in",
    "and",
    "or",
    "not",
    "else",
    "disj",
    "sum",
    "open",
    "module",
    "as",
    "but",
    "for",
    "exactly",
    "abstract",
    "extends",
    "assert",
    "iff",
    "implies",
    "int",
    "enum",
    "private",
    "expect",
    // Variables of the generated model's quantifiers, lets and commands: a column or
    // parameter of the same name would be shadowed by them.
    "t",
    "r",
    "r2",
    "a",
    "b",
    "c",
    "t1",
    "t2",
    "k1",
    "k2",
    "s1",
    "s2",
    "o1",
    "o2",
    "up",
    "wr",
    "ww",
    "rw",
    "path",
];

/// A column's or parameter's field name in the model: the name itself unless Alloy or
/// the library uses it (`open` becomes `open_`).
pub fn ident(name: &str) -> String {
    // `l1`, `l2`, …: the model's FOREACH variables.
    let loop_var = name
        .strip_prefix('l')
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
    if RESERVED.contains(&name) || loop_var {
        format!("{name}_")
    } else {
        name.to_string()
    }
}

/// The level names `--level` accepts for the library's consistency models.
pub const LEVELS: &[&str] = &["RA", "RC", "CC", "PC", "PSI", "SI", "SER"];

/// Levels named after an engine's isolation level, with the library pred that models
/// it: row-level write conflicts and enforced keys, as the engine runs them.
pub const ENGINE_LEVELS: &[(&str, &str)] = &[
    ("postgres-rc", "ExecPostgresRC"),
    ("postgres-rr", "ExecPostgresRR"),
    ("postgres-ser", "ExecSER"),
    ("mysql-rr", "ExecMySQLRR"),
];

/// The type of a value, for the checks that refuse comparing or storing unlike values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ty {
    /// A domain: a sort of identities (`Cust`), compared only with itself.
    Domain(String),
    /// `int`, `real`, `float`.
    Num,
    /// `str`, `text`.
    Str,
    Bool,
    Date,
    /// A column declared without a type, a function's result, a local of several
    /// columns: not checked.
    Any,
}

impl Ty {
    /// A column's or parameter's declared type: `None` for a name that is neither a value
    /// type nor a domain (whose names start with a capital letter).
    pub fn of_name(name: &str) -> Option<Ty> {
        match name.to_ascii_lowercase().as_str() {
            "int" | "real" | "float" => Some(Ty::Num),
            "str" | "text" => Some(Ty::Str),
            "bool" => Some(Ty::Bool),
            "date" => Some(Ty::Date),
            _ if name.starts_with(|c: char| c.is_ascii_uppercase()) => {
                Some(Ty::Domain(name.to_string()))
            }
            _ => None,
        }
    }

    pub(super) fn describe(&self) -> String {
        match self {
            Ty::Domain(d) => format!("a value of domain `{d}`"),
            Ty::Num => "a number".into(),
            Ty::Str => "a string".into(),
            Ty::Bool => "a boolean".into(),
            Ty::Date => "a date".into(),
            Ty::Any => "a value".into(),
        }
    }

    /// Whether values of the two types can be compared or stored one in the other.
    pub(super) fn compatible(&self, other: &Ty) -> bool {
        match (self, other) {
            (Ty::Any, _) | (_, Ty::Any) => true,
            (Ty::Domain(a), Ty::Domain(b)) => a == b,
            // Dates are written as strings.
            (Ty::Str, Ty::Date) | (Ty::Date, Ty::Str) => true,
            (a, b) => a == b,
        }
    }

    /// The model's sig for values of this type.
    pub(super) fn sort(&self) -> String {
        match self {
            Ty::Domain(d) => d.clone(),
            _ => "Val".into(),
        }
    }
}

#[derive(Clone, Debug)]
pub struct ColumnInfo {
    pub name: String,
    pub ty: Ty,
    /// The sig of its values: a domain or `Val`.
    pub sort: String,
    pub key: bool,
    /// `not null`, or a key column: storing NULL in it fails.
    pub not_null: bool,
    pub mutable: bool,
    /// Only ever increased (every UPDATE of it adds a positive number to it), so its
    /// versions' values grow along each chain of writers that read one another.
    pub counter: bool,
}

#[derive(Clone, Debug)]
pub struct TableInfo {
    pub name: String,
    pub columns: Vec<ColumnInfo>,
    /// Rows are inserted or deleted: `Alive` is a location of its records.
    pub dynamic: bool,
    /// `assume exists`: a row for every combination of key values exists initially.
    pub assumed: bool,
}

impl TableInfo {
    /// The names of its key columns, in order.
    pub fn key_names(&self) -> Vec<&str> {
        self.columns
            .iter()
            .filter(|c| c.key)
            .map(|c| c.name.as_str())
            .collect()
    }

    /// The sorts of its key columns, in order.
    pub fn key_sorts(&self) -> Vec<&str> {
        self.columns
            .iter()
            .filter(|c| c.key)
            .map(|c| c.sort.as_str())
            .collect()
    }

    /// Records per table in a search with `n` values per sort: `n`, or one per
    /// combination of key values where a row for every key is assumed.
    pub fn scope(&self, n: usize) -> usize {
        if self.assumed {
            n.saturating_pow(self.key_sorts().len() as u32)
        } else {
            n
        }
    }

    pub fn column(&self, name: &str) -> Option<&ColumnInfo> {
        self.columns.iter().find(|c| c.name == name)
    }
}

/// One statement of one program, as the model and the explanation see it.
#[derive(Clone, Debug)]
pub struct StmtInfo {
    /// Its `Stmt` atom's sig.
    pub atom: String,
    pub program: usize,
    /// 1-based position in its program, in source order.
    pub number: usize,
    pub label: Option<String>,
    /// The statement as written (one line).
    pub text: String,
    pub span: Span,
    pub table: String,
    /// Field atoms (`Table_col`, `Alive`).
    pub reads: Vec<String>,
    pub writes: Vec<String>,
    pub scans: Vec<String>,
    /// An INSERT (the other writers of `Alive` delete).
    pub insert: bool,
    /// FOREACH loops around it.
    pub depth: usize,
    /// The statements of its program that run before it, all their iterations done:
    /// those with an index (in `AppModel::stmts`) below this one. It is its own index,
    /// or inside FOREACH the first statement's of its outermost loop (a statement
    /// sharing a loop with it may run again after it). A read of a location one of them
    /// wrote sees the instance's own version.
    pub settled: usize,
    /// Inside FOREACH: the field of its program's sig that holds, per iteration (a
    /// record of each enclosing loop's table, outermost first), the records it selected.
    pub iterations: Option<String>,
    /// MIN or MAX over a WHERE clause that tests abstract values: the field that holds
    /// the records the WHERE clause let through (per iteration inside FOREACH), of which
    /// the statement selects the least (greatest).
    pub filtered: Option<String>,
}

/// An IF of a program: the model's name for the instances (or, inside FOREACH, the
/// iterations: a field of the program's sig) in which it took its first branch.
#[derive(Clone, Debug)]
pub struct FlagInfo {
    pub program: usize,
    /// The IF's span (`IF` and its condition).
    pub span: Span,
    /// `IF` and its condition as written (blanks collapsed).
    pub text: String,
    pub name: String,
    /// Enclosing FOREACH loops.
    pub depth: usize,
}

#[derive(Clone, Debug)]
pub struct ProgramInfo {
    pub name: String,
    /// (parameter, sort)
    pub params: Vec<(String, String)>,
}

/// A checked application and its model text (declarations only; commands are added by
/// `commands`).
#[derive(Clone, Debug)]
pub struct AppModel {
    /// The program file's syntax tree, which the explanation reads again.
    pub app: App,
    pub tables: Vec<TableInfo>,
    pub programs: Vec<ProgramInfo>,
    pub stmts: Vec<StmtInfo>,
    pub flags: Vec<FlagInfo>,
    /// INSERTs that take a key from a counter.
    pub counter_inserts: Vec<CounterInsert>,
    pub domains: Vec<String>,
    /// Domains with a total order (`D__lt`), which MIN and MAX compare.
    pub ordered: Vec<String>,
    pub uses_val: bool,
    /// `values D = …;`: per sort (a domain, or `Val` for `int`), the names violations
    /// show for its values, in order.
    pub value_names: BTreeMap<String, Vec<String>>,
    /// User-defined levels (`level NAME { … }`).
    pub user_levels: Vec<String>,
    /// Each level body's byte range in `text` and its span in the program file, so that
    /// an error in it points at the file.
    pub level_bodies: Vec<(std::ops::Range<usize>, Span)>,
    pub expects: Vec<syntax::Expect>,
    pub text: String,
}

/// `INSERT INTO T VALUES (…, k = x.F, …)` where `x` holds the one record of a lookup by
/// full key in table C and `F` is a counter of C: the key is the counter's value in
/// the inserting instance's snapshot.
#[derive(Clone, Debug)]
pub struct CounterInsert {
    pub program: String,
    /// The program's position (`StmtInfo::program`).
    pub program_index: usize,
    /// The INSERT and the lookup that found the counter's record.
    pub insert: String,
    pub lookup: String,
    /// The counter's location (`C_F`) and the key column of T it gives, with its domain.
    pub field: String,
    /// The counter's table.
    pub source: String,
    pub key: String,
    pub sort: String,
    /// Columns of T set from the parameters that find the counter's record: (column of
    /// T, key column of C). Present when they cover C's key: then T's records with
    /// those values belong to this counter.
    pub group: Option<Vec<(String, String)>>,
    pub table: String,
}

/// A column's field joined to a record whose table the model's types may not tell:
/// `(T <: col)` when another table has a column of that name, else the field's name.
pub fn qualified(table: &str, col: &str, shared: &BTreeSet<String>) -> String {
    if shared.contains(col) {
        format!("({table} <: {})", ident(col))
    } else {
        ident(col)
    }
}
