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

use std::collections::{BTreeMap, BTreeSet};

use crate::diagnostic::{Diagnostic, Errors, FileId, Span, did_you_mean};

use super::syntax::{self, App, CmpOp, Cond, Expr, Name, SelectItem, Sql, Stmt};

/// The aggregates a SELECT may compute.
const AGGREGATES: &[&str] = &["count", "sum", "avg", "min", "max"];

/// Names the library or Alloy reserve, which an application may not reuse.
const RESERVED: &[&str] = &[
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
    "t",
    "r",
    "r2",
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
pub const LEVELS: &[&str] = &["RA", "CC", "PC", "PSI", "SI", "SER"];

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

    fn describe(&self) -> String {
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
    fn compatible(&self, other: &Ty) -> bool {
        match (self, other) {
            (Ty::Any, _) | (_, Ty::Any) => true,
            (Ty::Domain(a), Ty::Domain(b)) => a == b,
            // Dates are written as strings.
            (Ty::Str, Ty::Date) | (Ty::Date, Ty::Str) => true,
            (a, b) => a == b,
        }
    }

    /// The model's sig for values of this type.
    fn sort(&self) -> String {
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
}

impl TableInfo {
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
    /// User-defined levels (`level NAME { … }`).
    pub user_levels: Vec<String>,
    /// Each level body's byte range in `text` and its span in the program file, so that
    /// an error in it points at the file.
    pub level_bodies: Vec<(std::ops::Range<usize>, Span)>,
    pub expects: Vec<syntax::Expect>,
    pub text: String,
}

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
        user_levels,
        level_bodies: std::mem::take(&mut b.level_bodies),
        expects: app.expects.clone(),
        text,
    })
}

struct Builder<'s> {
    source: &'s str,
    errors: Vec<Diagnostic>,
    tables: Vec<TableInfo>,
    domains: BTreeSet<String>,
    uses_val: bool,
    stmts: Vec<StmtInfo>,
    /// Per-program facts, written while the programs are analysed.
    out: String,
    /// Tables, programs and levels: not types of values.
    top_names: BTreeSet<String>,
    level_bodies: Vec<(std::ops::Range<usize>, Span)>,
    /// Domains that MIN or MAX compare: each gets a total order `D__lt`.
    ordered: BTreeSet<String>,
    /// Statements that insert.
    inserts: Vec<String>,
    /// Programs with a `P__sees` pred (exact rows).
    seeing: Vec<String>,
    /// Statements (outside FOREACH) whose WHERE clause is `key = value AND …` over every
    /// key column, a value being a parameter or `x.col` of one record: they select at
    /// most one record. atom -> (column, parameter or `x.col`).
    lookups: BTreeMap<String, Vec<(String, String)>>,
    /// INSERTs that take a key from a counter.
    counter_inserts: Vec<CounterInsert>,
    /// SELECTs of MIN or MAX of a column, exact: atom -> column (one value of it).
    extremes: BTreeMap<String, String>,
    /// Statements at the top level of their program (outside IF and FOREACH): they run
    /// in every instance of it.
    top_level: BTreeSet<String>,
    /// MIN over a group of a table, and DELETEs of the record it found (`queue_preds`).
    group_mins: Vec<GroupMin>,
    group_deletes: Vec<GroupDelete>,
    /// Columns and parameters: a domain of the same name cannot be named in a formula
    /// (it would be ambiguous), so it gets no order.
    field_names: BTreeSet<String>,
    flags: Vec<FlagInfo>,
    /// Column names of more than one table: the model names their fields with the
    /// table (`Saving <: custid`) where the record's table is not known from its type.
    shared_columns: BTreeSet<String>,
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

/// `x := SELECT MIN(K) FROM T WHERE g1 = p1 AND …`, at the top level of its program
/// and before any INSERT or DELETE in it: the least key of one group of T's records in
/// the instance's snapshot (the WHERE clause is equalities of columns to parameters).
#[derive(Clone, Debug)]
struct GroupMin {
    program: String,
    atom: String,
    table: String,
    key: String,
    sort: String,
    /// (column of T, parameter), sorted.
    group: Vec<(String, String)>,
}

/// `DELETE FROM T WHERE g1 = p1 AND … AND K = x.K`, at the top level, with `x` a
/// [`GroupMin`]'s local and the same group: it deletes the record the MIN found.
#[derive(Clone, Debug)]
struct GroupDelete {
    min: String,
    table: String,
    group: Vec<(String, String)>,
    key: String,
}

/// What an expression stands for: its type, and its value when the analysis knows it.
#[derive(Clone, Debug)]
struct Value {
    ty: Ty,
    known: Option<Known>,
}

impl Value {
    fn unknown(ty: Ty) -> Value {
        Value { ty, known: None }
    }
}

/// A value the analysis knows: its Alloy expression, its sort, and whether it is one
/// atom (a parameter, a column of the record at hand or of a loop's record) or the set
/// of values of a local's column over its records (none when it holds no record: SQL's
/// NULL).
#[derive(Clone, Debug)]
struct Known {
    alloy: String,
    sort: String,
    scalar: bool,
}

/// A local (the records a SELECT returned) or a FOREACH variable (one of them), as the
/// statements in its scope see it.
#[derive(Clone, Debug)]
struct Local {
    /// Its records in the current iteration: `P__1.(t.sel)`, `l1.(t.P__3__it)`, or the
    /// loop variable itself (`l1`).
    rows: String,
    table: usize,
    /// The SELECT that assigned it (none for a loop variable).
    atom: Option<String>,
    /// A FOREACH variable: one record.
    row_var: bool,
    /// Its type as a value (a count, a sum): that of the one item it selected.
    ty: Ty,
}

type Locals = BTreeMap<String, Local>;

/// `true` and `false` in Alloy.
const TRUE: &str = "(no none)";
const FALSE: &str = "(some none)";

fn and(a: String, b: String) -> String {
    match (a.as_str(), b.as_str()) {
        (FALSE, _) | (_, FALSE) => FALSE.into(),
        (TRUE, _) => b,
        (_, TRUE) => a,
        _ => format!("({a} and {b})"),
    }
}

fn or(a: String, b: String) -> String {
    match (a.as_str(), b.as_str()) {
        (TRUE, _) | (_, TRUE) => TRUE.into(),
        (FALSE, _) => b,
        (_, FALSE) => a,
        _ => format!("({a} or {b})"),
    }
}

fn neg(a: String) -> String {
    match a.as_str() {
        TRUE => FALSE.into(),
        FALSE => TRUE.into(),
        _ => format!("(not {a})"),
    }
}

/// A condition's possible outcomes under SQL's three-valued logic, one formula each: it
/// may be true, false, or NULL (a comparison with a local that holds no record). A
/// comparison the analysis does not know may be true or false, independently of every
/// other one, so the three are exact for each combination of AND, OR and NOT. `exact`:
/// no unknown comparison is involved, so exactly one of the three holds.
#[derive(Clone, Debug)]
struct Tri {
    t: String,
    f: String,
    n: String,
    exact: bool,
}

impl Tri {
    fn constant(b: bool) -> Tri {
        let (t, f) = if b { (TRUE, FALSE) } else { (FALSE, TRUE) };
        Tri {
            t: t.into(),
            f: f.into(),
            n: FALSE.into(),
            exact: true,
        }
    }

    fn unknown() -> Tri {
        Tri {
            t: TRUE.into(),
            f: TRUE.into(),
            n: FALSE.into(),
            exact: false,
        }
    }

    fn not(self) -> Tri {
        Tri {
            t: self.f,
            f: self.t,
            ..self
        }
    }

    fn and(self, b: Tri) -> Tri {
        // NULL: NULL and (true or NULL), or true and NULL.
        let n = or(
            and(self.n.clone(), or(b.t.clone(), b.n.clone())),
            and(self.t.clone(), b.n.clone()),
        );
        Tri {
            t: and(self.t, b.t),
            f: or(self.f, b.f),
            n,
            exact: self.exact && b.exact,
        }
    }

    fn or(self, b: Tri) -> Tri {
        let n = or(
            and(self.n.clone(), or(b.f.clone(), b.n.clone())),
            and(self.f.clone(), b.n.clone()),
        );
        Tri {
            t: or(self.t, b.t),
            f: and(self.f, b.f),
            n,
            exact: self.exact && b.exact,
        }
    }

    /// May be other than true (WHERE and IF treat NULL as false).
    fn not_true(&self) -> String {
        or(self.f.clone(), self.n.clone())
    }
}

/// `a = b` between known values of one sort. A local's column is the set of its values:
/// equal when one of them is (SQL's `IN`), NULL when the local holds no record.
fn equality(a: &Known, b: &Known) -> Tri {
    let (x, y) = (&a.alloy, &b.alloy);
    match (a.scalar, b.scalar) {
        (true, true) => {
            let e = format!("{x} = {y}");
            Tri {
                t: e.clone(),
                f: neg(e),
                n: FALSE.into(),
                exact: true,
            }
        }
        (true, false) | (false, true) => {
            let (v, s) = if a.scalar { (x, y) } else { (y, x) };
            Tri {
                t: format!("{v} in {s}"),
                f: format!("(some {s} and {v} not in {s})"),
                n: format!("no {s}"),
                exact: true,
            }
        }
        (false, false) => Tri {
            t: format!("some ({x} & {y})"),
            f: format!("(some {x} and some {y} and no ({x} & {y}))"),
            n: format!("(no {x} or no {y})"),
            exact: true,
        },
    }
}

/// An enclosing FOREACH: its variable in the model (`l1`, `l2`, … outermost first), the
/// table of its records and the Alloy expression of the records it runs over.
#[derive(Clone, Debug)]
struct Loop {
    var: String,
    table: String,
    rows: String,
}

/// A program being analysed.
struct ProgramCtx {
    index: usize,
    name: String,
    params: Vec<(String, Ty)>,
    flags: usize,
    numbered: usize,
    /// FOREACH loops around the statement being analysed, outermost first.
    loops: Vec<Loop>,
    /// Lines of the program's behaviour fact (inside `all t: P { … }`).
    lines: Vec<String>,
    ran: Vec<String>,
    /// IFs outside FOREACH: subset sigs of the program's instances.
    subsets: Vec<String>,
    /// Fields of the program's sig (name, type): per-iteration selections and IFs
    /// inside FOREACH, and MIN/MAX's filtered records.
    fields: Vec<(String, String)>,
    /// Exact rows: what each statement selects given the records its snapshot holds
    /// (`live`), as lines of the program's `P__sees` pred.
    seen: Vec<String>,
    /// INSERT and DELETE statements so far, in program order: (atom, table, insert).
    alive_writers: Vec<(String, usize, bool)>,
}

impl ProgramCtx {
    /// `body` in every iteration of the enclosing loops.
    fn all_iters(&self, body: String) -> String {
        if body == TRUE {
            return body;
        }
        self.loops.iter().rev().fold(body, |acc, l| {
            format!("(all {}: {} | {acc})", l.var, l.rows)
        })
    }

    /// `body` in some iteration of the enclosing loops.
    fn some_iters(&self, body: String) -> String {
        if body == FALSE {
            return body;
        }
        self.loops.iter().rev().fold(body, |acc, l| {
            format!("(some {}: {} | {acc})", l.var, l.rows)
        })
    }

    /// Field `f` of the instance at the current iteration (`l2.(l1.(t.f))`).
    fn at_iter(&self, f: &str) -> String {
        self.loops
            .iter()
            .fold(format!("t.{f}"), |acc, l| format!("{}.({acc})", l.var))
    }

    /// The current iteration as a tuple (`l1 -> l2`).
    fn tuple(&self) -> String {
        let vars: Vec<&str> = self.loops.iter().map(|l| l.var.as_str()).collect();
        vars.join(" -> ")
    }

    /// The iterations in which `reach` holds, as a set of tuples.
    fn iter_set(&self, reach: &str) -> String {
        let decls: Vec<String> = self
            .loops
            .iter()
            .map(|l| format!("{}: {}", l.var, l.table))
            .collect();
        let within = self
            .loops
            .iter()
            .map(|l| format!("{} in {}", l.var, l.rows))
            .fold(reach.to_string(), |acc, w| and(w, acc));
        format!("{{ {} | {within} }}", decls.join(", "))
    }

    /// The type of a field of the program's sig that holds, per iteration, records of
    /// `last` (or, without it, the iterations themselves).
    fn iter_type(&self, last: Option<&str>) -> String {
        let mut parts: Vec<&str> = self.loops.iter().map(|l| l.table.as_str()).collect();
        parts.extend(last);
        match parts.as_slice() {
            [one] => format!("set {one}"),
            many => many.join(" -> "),
        }
    }
}

impl Builder<'_> {
    fn error(&mut self, span: Span, message: impl Into<String>) {
        self.errors.push(Diagnostic::error(span, message));
    }

    fn check_names(&mut self, app: &App) {
        let mut seen: BTreeMap<String, Span> = BTreeMap::new();
        for (name, what) in top_level_names(app) {
            if RESERVED.contains(&name.text.as_str()) || name.text.contains("__") {
                self.error(
                    name.span,
                    format!(
                        "`{}` is reserved by the programs library; rename this {what}",
                        name.text
                    ),
                );
            } else if let Some(first) = seen.get(&name.text) {
                let d = Diagnostic::error(name.span, format!("`{}` is declared twice", name.text))
                    .with_note(*first, "first declared here");
                self.errors.push(d);
            } else {
                seen.insert(name.text.clone(), name.span);
                self.top_names.insert(name.text.clone());
            }
        }
    }

    /// A column's or parameter's type, from its declaration (none: any value).
    fn ty_of(&mut self, ty: Option<&Name>) -> Ty {
        let Some(t) = ty else {
            self.uses_val = true;
            return Ty::Any;
        };
        match Ty::of_name(&t.text) {
            None => {
                self.errors.push(
                    Diagnostic::error(t.span, format!("unknown type `{}`", t.text))
                        .with_label("not a value type, and a domain's name starts with a capital letter")
                        .with_help(
                            "the value types are int, real, float, str, text, bool and date; a domain (a sort of identities such as `Cust`) is any name that starts with a capital letter",
                        ),
                );
                self.uses_val = true;
                Ty::Any
            }
            Some(Ty::Domain(d)) => {
                if self.top_names.contains(&d) {
                    self.error(
                        t.span,
                        format!("`{d}` names a table or a program, not a type of values; give the key column a domain of its own (`id: {d}Id key`)"),
                    );
                } else if RESERVED.contains(&d.as_str()) || d.contains("__") {
                    self.error(t.span, format!("`{d}` is reserved by the programs library"));
                }
                self.domains.insert(d.clone());
                Ty::Domain(d)
            }
            Some(ty) => {
                self.uses_val = true;
                ty
            }
        }
    }

    fn tables(&mut self, app: &App) {
        // Mutable columns and dynamic tables come from the statements that change them.
        let mut updated: BTreeSet<(String, String)> = BTreeSet::new();
        // Columns some UPDATE sets to anything but itself plus a positive number.
        let mut not_counter: BTreeSet<(String, String)> = BTreeSet::new();
        let mut dynamic: BTreeSet<String> = BTreeSet::new();
        for p in &app.programs {
            walk_sql(&p.body, &mut |sql| match sql {
                Sql::Update { table, sets, .. } => {
                    for (c, e) in sets {
                        updated.insert((table.text.clone(), c.text.clone()));
                        if !increments(e, &c.text) {
                            not_counter.insert((table.text.clone(), c.text.clone()));
                        }
                    }
                }
                Sql::Insert { table, .. } | Sql::Delete { table, .. } => {
                    dynamic.insert(table.text.clone());
                }
                Sql::Select { .. } => {}
            });
        }
        for t in &app.tables {
            let mut columns: Vec<ColumnInfo> = Vec::new();
            for c in &t.columns {
                if columns.iter().any(|k| k.name == c.name.text) {
                    self.error(
                        c.name.span,
                        format!("column `{}` is declared twice", c.name.text),
                    );
                    continue;
                }
                if c.name.text.contains("__") {
                    self.error(
                        c.name.span,
                        format!(
                            "`{}`: names with `__` are reserved by the programs library",
                            c.name.text
                        ),
                    );
                }
                let ty = self.ty_of(c.ty.as_ref());
                let this = (t.name.text.clone(), c.name.text.clone());
                let mutable = updated.contains(&this);
                let counter = mutable && !not_counter.contains(&this);
                columns.push(ColumnInfo {
                    name: c.name.text.clone(),
                    sort: ty.sort(),
                    ty,
                    key: c.key,
                    mutable,
                    counter,
                });
            }
            if !t.columns.iter().any(|c| c.key) {
                self.errors.push(
                    Diagnostic::error(t.name.span, format!("table `{}` has no key", t.name.text))
                        .with_help("mark its primary key column(s) with `key`, e.g. `id: Id key`: records are told apart by their keys"),
                );
            }
            self.tables.push(TableInfo {
                name: t.name.text.clone(),
                columns,
                dynamic: dynamic.contains(&t.name.text),
            });
        }
    }

    fn table(&mut self, name: &Name) -> Option<usize> {
        let found = self.tables.iter().position(|t| t.name == name.text);
        if found.is_none() {
            let names: Vec<&str> = self.tables.iter().map(|t| t.name.as_str()).collect();
            let mut d = Diagnostic::error(name.span, format!("unknown table `{}`", name.text));
            if let Some(s) = did_you_mean(&name.text, names.iter().copied()) {
                d = d.with_help(format!("did you mean `{s}`?"));
            }
            self.errors.push(d);
        }
        found
    }

    fn column(&mut self, table: usize, name: &Name) -> Option<ColumnInfo> {
        let found = self.tables[table].column(&name.text).cloned();
        if found.is_none() {
            let t = &self.tables[table];
            let names: Vec<&str> = t.columns.iter().map(|c| c.name.as_str()).collect();
            let mut d = Diagnostic::error(
                name.span,
                format!("table `{}` has no column `{}`", t.name, name.text),
            );
            if let Some(s) = did_you_mean(&name.text, names.iter().copied()) {
                d = d.with_help(format!("did you mean `{s}`?"));
            }
            self.errors.push(d);
        }
        found
    }

    /// A column's field in the model, joined to a record whose table its type may not
    /// tell: qualified with the table when another table has a column of that name.
    fn colref(&self, table: usize, col: &str) -> String {
        qualified(&self.tables[table].name, col, &self.shared_columns)
    }

    /// Inside a FOREACH, a table that the body inserts into or deletes from may not be
    /// touched by another statement of the body: what each iteration then sees would
    /// depend on the order of the iterations, which the model does not keep. Checked
    /// for each outermost FOREACH (nested ones are inside its body).
    fn loops_touching_changed_tables(&mut self, stmts: &[Stmt], outer: Option<Span>) {
        for s in stmts {
            match s {
                Stmt::Sql { .. } => {}
                Stmt::If {
                    then, otherwise, ..
                } => {
                    self.loops_touching_changed_tables(then, outer);
                    self.loops_touching_changed_tables(otherwise, outer);
                }
                Stmt::Foreach { body, span, .. } if outer.is_none() => {
                    let mut touched: Vec<(&str, bool, Span)> = Vec::new();
                    walk_stmts(body, &mut |s| {
                        if let Stmt::Sql { sql, span, .. } = s {
                            let (table, writes_alive) = match sql {
                                Sql::Insert { table, .. } | Sql::Delete { table, .. } => {
                                    (table, true)
                                }
                                Sql::Select { table, .. } | Sql::Update { table, .. } => {
                                    (table, false)
                                }
                            };
                            touched.push((table.text.as_str(), writes_alive, *span));
                        }
                    });
                    let mut reported = BTreeSet::new();
                    for &(table, _, writer) in touched.iter().filter(|t| t.1) {
                        let others: Vec<Span> = touched
                            .iter()
                            .filter(|o| o.0 == table && o.2 != writer)
                            .map(|o| o.2)
                            .collect();
                        if let Some(&other) = others.first()
                            && reported.insert(table)
                        {
                            self.errors.push(
                                Diagnostic::error(
                                    other,
                                    format!("inside this FOREACH, `{table}` is changed by an INSERT or DELETE and touched by another statement"),
                                )
                                .with_note(writer, "changed here")
                                .with_note(*span, "the loop")
                                .with_help("what each iteration sees would depend on the order of the iterations, which the analysis does not model: change the table in a loop of its own, after the statements that read it"),
                            );
                        }
                    }
                }
                Stmt::Foreach { .. } => {}
            }
        }
    }

    fn programs(&mut self, app: &App) -> Vec<ProgramInfo> {
        let mut infos = Vec::new();
        for (index, p) in app.programs.iter().enumerate() {
            let mut params: Vec<(String, Ty)> = Vec::new();
            for (name, ty) in &p.params {
                if params.iter().any(|(n, _)| *n == name.text) {
                    self.error(
                        name.span,
                        format!("parameter `{}` is declared twice", name.text),
                    );
                }
                let ty = self.ty_of(Some(ty));
                params.push((name.text.clone(), ty));
            }
            infos.push(ProgramInfo {
                name: p.name.text.clone(),
                params: params.iter().map(|(n, t)| (n.clone(), t.sort())).collect(),
            });
            let mut ctx = ProgramCtx {
                index,
                name: p.name.text.clone(),
                params,
                flags: 0,
                numbered: 0,
                loops: Vec::new(),
                lines: Vec::new(),
                ran: Vec::new(),
                subsets: Vec::new(),
                fields: Vec::new(),
                seen: Vec::new(),
                alive_writers: Vec::new(),
            };
            let mut locals = Locals::new();
            self.block(&p.body, &mut ctx, &mut locals, TRUE.into());
            self.program_facts(&ctx);
        }
        infos
    }

    /// The type of a local used as a value: that of the one item it selected.
    fn local_ty(&self, table: usize, items: &[SelectItem]) -> Ty {
        let column = |c: &Name| {
            self.tables[table]
                .column(&c.text)
                .map_or(Ty::Any, |c| c.ty.clone())
        };
        match items {
            [SelectItem::Column(c)] => column(c),
            [SelectItem::Aggregate(f, c)] => match f.text.to_ascii_lowercase().as_str() {
                "count" | "sum" | "avg" => Ty::Num,
                "min" | "max" => c.as_ref().map_or(Ty::Any, column),
                _ => Ty::Any,
            },
            _ => Ty::Any,
        }
    }

    fn block(&mut self, stmts: &[Stmt], ctx: &mut ProgramCtx, locals: &mut Locals, path: String) {
        for s in stmts {
            match s {
                Stmt::Sql {
                    label,
                    assign,
                    sql,
                    span,
                } => {
                    let atom = self.sql(sql, *span, label.as_ref(), ctx, locals, &path);
                    if let (Some(local), false) = (assign, matches!(sql, Sql::Select { .. })) {
                        self.error(local.span, format!("`{} :=` takes the rows of a SELECT; other statements assign nothing", local.text));
                    }
                    if let (Some(atom), Some(local), Sql::Select { table, items, .. }) =
                        (atom, assign, sql)
                        && let Some(t) = self.tables.iter().position(|x| x.name == table.text)
                    {
                        let rows = if ctx.loops.is_empty() {
                            format!("{atom}.(t.sel)")
                        } else {
                            ctx.at_iter(&format!("{atom}__it"))
                        };
                        let ty = self.local_ty(t, items);
                        locals.insert(
                            local.text.clone(),
                            Local {
                                rows,
                                table: t,
                                atom: Some(atom),
                                row_var: false,
                                ty,
                            },
                        );
                    }
                }
                Stmt::If {
                    cond,
                    then,
                    otherwise,
                    span,
                } => {
                    ctx.flags += 1;
                    let flag = format!("{}__if{}", ctx.name, ctx.flags);
                    let tri = self.cond(cond, None, ctx, locals);
                    let depth = ctx.loops.len();
                    self.flags.push(FlagInfo {
                        program: ctx.index,
                        span: *span,
                        name: flag.clone(),
                        depth,
                    });
                    // The instances (iterations) that reach the IF and take its first
                    // branch.
                    let taken = if depth == 0 {
                        ctx.subsets.push(flag.clone());
                        if path != TRUE {
                            ctx.lines.push(format!("t in {flag} => {path}"));
                        }
                        format!("t in {flag}")
                    } else {
                        ctx.fields.push((flag.clone(), ctx.iter_type(None)));
                        ctx.lines
                            .push(format!("t.{flag} in {}", ctx.iter_set(&path)));
                        format!("{} in t.{flag}", ctx.tuple())
                    };
                    let branches = format!(
                        "(({taken} => {}) and (not ({taken}) => {}))",
                        tri.t,
                        tri.not_true()
                    );
                    let line = ctx.all_iters(if path == TRUE {
                        branches
                    } else {
                        format!("{path} => {branches}")
                    });
                    ctx.lines.push(line);
                    let mut inner = locals.clone();
                    self.block(then, ctx, &mut inner, and(path.clone(), taken.clone()));
                    let mut inner = locals.clone();
                    self.block(
                        otherwise,
                        ctx,
                        &mut inner,
                        and(path.clone(), format!("not ({taken})")),
                    );
                }
                Stmt::Foreach {
                    var, over, body, ..
                } => {
                    let Some(bound) = locals.get(&over.text).cloned() else {
                        self.error(
                            over.span,
                            format!(
                                "`{}` is not a local assigned by a SELECT before this loop",
                                over.text
                            ),
                        );
                        continue;
                    };
                    let v = format!("l{}", ctx.loops.len() + 1);
                    ctx.loops.push(Loop {
                        var: v.clone(),
                        table: self.tables[bound.table].name.clone(),
                        rows: bound.rows.clone(),
                    });
                    let mut inner = locals.clone();
                    inner.insert(
                        var.text.clone(),
                        Local {
                            rows: v,
                            table: bound.table,
                            atom: None,
                            row_var: true,
                            ty: Ty::Any,
                        },
                    );
                    self.block(body, ctx, &mut inner, path.clone());
                    ctx.loops.pop();
                }
            }
        }
    }

    /// A name or `x.col` inside statement context `row` (the candidate record `r` of
    /// table `row`, or none outside WHERE/SET).
    fn value(&mut self, e: &Expr, row: Option<usize>, ctx: &ProgramCtx, locals: &Locals) -> Value {
        match e {
            Expr::Name(n) => {
                if let Some(t) = row
                    && let Some(c) = self.tables[t].column(&n.text).cloned()
                {
                    let known = (!c.mutable).then(|| Known {
                        alloy: format!("r.{}", self.colref(t, &c.name)),
                        sort: c.sort.clone(),
                        scalar: true,
                    });
                    return Value { ty: c.ty, known };
                }
                if let Some(l) = locals.get(&n.text) {
                    if l.row_var {
                        self.errors.push(
                            Diagnostic::error(
                                n.span,
                                format!("`{}` is a record, not a value", n.text),
                            )
                            .with_help(format!("name one of its columns: `{}.col`", n.text)),
                        );
                        return Value::unknown(Ty::Any);
                    }
                    // A local as a value (a count, a sum): opaque.
                    return Value::unknown(l.ty.clone());
                }
                if let Some((_, ty)) = ctx.params.iter().find(|(p, _)| *p == n.text) {
                    return Value {
                        ty: ty.clone(),
                        known: Some(Known {
                            alloy: format!("t.{}", ident(&n.text)),
                            sort: ty.sort(),
                            scalar: true,
                        }),
                    };
                }
                let mut names: Vec<String> = ctx.params.iter().map(|(p, _)| p.clone()).collect();
                names.extend(locals.keys().cloned());
                if let Some(t) = row {
                    names.extend(self.tables[t].columns.iter().map(|c| c.name.clone()));
                }
                let mut d = Diagnostic::error(n.span, format!("unknown name `{}`", n.text))
                    .with_label("not a parameter, a local, or a column of the statement's table");
                if let Some(s) = did_you_mean(&n.text, names.iter().map(|s| s.as_str())) {
                    d = d.with_help(format!("did you mean `{s}`?"));
                }
                self.errors.push(d);
                Value::unknown(Ty::Any)
            }
            Expr::Dot(x, col) => {
                let Some(l) = locals.get(&x.text).cloned() else {
                    self.error(
                        x.span,
                        format!(
                            "`{}` is not a local assigned by a SELECT nor a FOREACH variable",
                            x.text
                        ),
                    );
                    return Value::unknown(Ty::Any);
                };
                match self.column(l.table, col) {
                    Some(c) => {
                        let known = (!c.mutable).then(|| Known {
                            alloy: format!("({}).{}", l.rows, self.colref(l.table, &c.name)),
                            sort: c.sort.clone(),
                            scalar: l.row_var,
                        });
                        Value { ty: c.ty, known }
                    }
                    None => Value::unknown(Ty::Any),
                }
            }
            Expr::Arith(a, _, b) => {
                for side in [a, b] {
                    let v = self.value(side, row, ctx, locals);
                    if !v.ty.compatible(&Ty::Num) {
                        self.errors.push(
                            Diagnostic::error(
                                side.span(),
                                format!("arithmetic on {}", v.ty.describe()),
                            )
                            .with_label("only numbers add, subtract, multiply and divide"),
                        );
                    }
                }
                Value::unknown(Ty::Num)
            }
            Expr::Call(_, args) => {
                for a in args {
                    self.value(a, row, ctx, locals);
                }
                Value::unknown(Ty::Any)
            }
            Expr::Num(..) => Value::unknown(Ty::Num),
            Expr::Str(..) => Value::unknown(Ty::Str),
            Expr::Bool(..) => Value::unknown(Ty::Bool),
        }
    }

    /// The possible outcomes of `c` (see [`Tri`]); `row` as for [`Builder::value`].
    fn cond(&mut self, c: &Cond, row: Option<usize>, ctx: &ProgramCtx, locals: &Locals) -> Tri {
        match c {
            Cond::Bool(b) => Tri::constant(*b),
            Cond::Not(inner) => self.cond(inner, row, ctx, locals).not(),
            Cond::And(a, b) => {
                let a = self.cond(a, row, ctx, locals);
                a.and(self.cond(b, row, ctx, locals))
            }
            Cond::Or(a, b) => {
                let a = self.cond(a, row, ctx, locals);
                a.or(self.cond(b, row, ctx, locals))
            }
            Cond::Cmp(a, op, b) => {
                let va = self.value(a, row, ctx, locals);
                let vb = self.value(b, row, ctx, locals);
                if !va.ty.compatible(&vb.ty) {
                    self.errors.push(
                        Diagnostic::error(
                            a.span().to(b.span()),
                            format!(
                                "this compares {} with {}",
                                va.ty.describe(),
                                vb.ty.describe()
                            ),
                        )
                        .with_help("values of a domain compare only with values of the same domain, numbers with numbers, strings with strings"),
                    );
                    return Tri::unknown();
                }
                match (va.known, vb.known, op) {
                    (Some(ka), Some(kb), CmpOp::Eq | CmpOp::Ne) if ka.sort == kb.sort => {
                        let eq = equality(&ka, &kb);
                        if *op == CmpOp::Ne { eq.not() } else { eq }
                    }
                    _ => Tri::unknown(),
                }
            }
        }
    }

    /// A value stored in a column (SET, INSERT): its type must be the column's.
    fn check_stored(&mut self, col: &ColumnInfo, e: &Expr, v: &Value) {
        if !v.ty.compatible(&col.ty) {
            self.errors.push(
                Diagnostic::error(
                    e.span(),
                    format!(
                        "{} stored in `{}`, which holds {}",
                        v.ty.describe(),
                        col.name,
                        col.ty.describe()
                    ),
                )
                .with_label(format!("this is {}", v.ty.describe()))
                .with_help(match (&col.ty, &v.ty) {
                    (Ty::Domain(d), Ty::Num) if matches!(e, Expr::Dot(..)) => format!(
                        "a counter that hands out keys of `{d}` (`SET n = n + 1`) is declared with that domain: `n: {d}`"
                    ),
                    _ => "store values of the column's own type".into(),
                }),
            );
        }
    }

    fn sql(
        &mut self,
        sql: &Sql,
        span: Span,
        label: Option<&Name>,
        ctx: &mut ProgramCtx,
        locals: &Locals,
        path: &str,
    ) -> Option<String> {
        ctx.numbered += 1;
        let number = ctx.numbered;
        let atom = match label {
            Some(l) => format!("{}__{}", ctx.name, l.text),
            None => format!("{}__{}", ctx.name, number),
        };
        if self.stmts.iter().any(|s| s.atom == atom)
            && let Some(l) = label
        {
            self.error(
                l.span,
                format!(
                    "statement label `{}` is used twice in program `{}`",
                    l.text, ctx.name
                ),
            );
        }
        let table_name = match sql {
            Sql::Select { table, .. }
            | Sql::Update { table, .. }
            | Sql::Insert { table, .. }
            | Sql::Delete { table, .. } => table,
        };
        let table = self.table(table_name)?;
        let info = self.tables[table].clone();
        let tname = info.name.clone();
        let field = |c: &str| format!("{}_{}", info.name, c);
        let depth = ctx.loops.len();
        let top = path == TRUE && depth == 0;
        if top {
            self.top_level.insert(atom.clone());
        }
        let mut reads: BTreeSet<String> = BTreeSet::new();
        let mut writes: BTreeSet<String> = BTreeSet::new();
        let mut scans: BTreeSet<String> = BTreeSet::new();
        let filter = match sql {
            Sql::Select { filter, .. }
            | Sql::Update { filter, .. }
            | Sql::Delete { filter, .. } => filter.as_ref(),
            Sql::Insert { .. } => None,
        };
        let mut tri = Tri::constant(true);
        if let Some(f) = filter {
            let mut cols = BTreeSet::new();
            cond_columns(f, &mut cols);
            for c in &cols {
                if let Some(col) = info.column(c)
                    && col.mutable
                {
                    scans.insert(field(c));
                }
            }
            tri = self.cond(f, Some(table), ctx, locals);
            let mut pairs = Vec::new();
            let single = |x: &Name, c: &Name| {
                locals
                    .get(&x.text)
                    .and_then(|l| l.atom.as_ref())
                    .is_some_and(|a| {
                        self.lookups.contains_key(a) || self.extremes.get(a) == Some(&c.text)
                    })
            };
            // Inside FOREACH a statement runs once per iteration: not one record.
            let names: Vec<String> = ctx.params.iter().map(|(p, _)| p.clone()).collect();
            if depth == 0
                && tri.exact
                && key_equalities(f, &names, &single, &mut pairs)
                && info
                    .columns
                    .iter()
                    .filter(|c| c.key)
                    .all(|c| pairs.iter().any(|(k, _)| *k == c.name))
            {
                self.lookups.insert(atom.clone(), pairs);
            }
        }
        let where_exact = tri.exact;
        if info.dynamic && !matches!(sql, Sql::Insert { .. }) {
            scans.insert("Alive".into());
        }
        let mut insert_values: Vec<String> = Vec::new();
        match sql {
            Sql::Select { items, .. } => {
                for item in items {
                    match item {
                        SelectItem::Star => {
                            reads.extend(
                                info.columns
                                    .iter()
                                    .filter(|c| c.mutable)
                                    .map(|c| field(&c.name)),
                            );
                        }
                        SelectItem::Column(c) => {
                            if let Some(col) = self.column(table, c)
                                && col.mutable
                            {
                                reads.insert(field(&col.name));
                            }
                        }
                        SelectItem::Aggregate(f, c) => {
                            let name = f.text.to_ascii_lowercase();
                            if !AGGREGATES.contains(&name.as_str()) {
                                let mut d = Diagnostic::error(
                                    f.span,
                                    format!("unknown aggregate `{}`", f.text),
                                )
                                .with_label("the aggregates are COUNT, SUM, AVG, MIN and MAX");
                                if let Some(s) = did_you_mean(&name, AGGREGATES.iter().copied()) {
                                    d = d.with_help(format!(
                                        "did you mean `{}`?",
                                        s.to_ascii_uppercase()
                                    ));
                                }
                                self.errors.push(d);
                            }
                            match c {
                                None if name != "count" => self.error(
                                    f.span,
                                    format!("`{}(*)`: only COUNT takes `*`", f.text),
                                ),
                                None => {}
                                Some(c) => {
                                    if let Some(col) = self.column(table, c) {
                                        if matches!(name.as_str(), "sum" | "avg")
                                            && !col.ty.compatible(&Ty::Num)
                                        {
                                            self.error(
                                                c.span,
                                                format!(
                                                    "{} of `{}`, which holds {}",
                                                    f.text.to_ascii_uppercase(),
                                                    col.name,
                                                    col.ty.describe()
                                                ),
                                            );
                                        }
                                        if col.mutable {
                                            reads.insert(field(&col.name));
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
            Sql::Update { sets, .. } => {
                for (c, e) in sets {
                    let col = self.column(table, c);
                    if let Some(col) = &col {
                        if col.key {
                            self.error(
                                c.span,
                                format!(
                                    "`{}` is a key column of `{}`; keys cannot be updated",
                                    c.text, info.name
                                ),
                            );
                        }
                        writes.insert(field(&col.name));
                    }
                    let mut cols = BTreeSet::new();
                    expr_columns(e, &mut cols);
                    for name in cols {
                        if let Some(col) = info.column(&name)
                            && col.mutable
                        {
                            reads.insert(field(&col.name));
                        }
                    }
                    // `c = c + 1` on a counter of a domain: the domain's next value.
                    let next = col.as_ref().is_some_and(|col| {
                        matches!(col.ty, Ty::Domain(_)) && increments(e, &c.text)
                    });
                    if !next {
                        let v = self.value(e, Some(table), ctx, locals);
                        if let Some(col) = &col {
                            self.check_stored(col, e, &v);
                        }
                    }
                }
            }
            Sql::Insert { values, .. } => {
                writes.insert("Alive".into());
                writes.extend(
                    info.columns
                        .iter()
                        .filter(|c| c.mutable)
                        .map(|c| field(&c.name)),
                );
                for (c, e) in values {
                    let Some(col) = self.column(table, c) else {
                        continue;
                    };
                    // Values are computed before the row exists: no columns of it.
                    let v = self.value(e, None, ctx, locals);
                    self.check_stored(&col, e, &v);
                    if let Some(ci) =
                        self.counter_insert(&atom, &info, &col, e, values, ctx, locals)
                    {
                        ctx.lines
                            .push(format!("{atom} in t.ran => one {}.(t.sel)", ci.lookup));
                        self.ordered.insert(ci.sort.clone());
                        self.counter_inserts.push(ci);
                        continue;
                    }
                    if let Some(k) = v.known
                        && !col.mutable
                        && k.sort == col.sort
                    {
                        let c = self.colref(table, &col.name);
                        insert_values.push(if k.scalar {
                            format!("r.{c} = {}", k.alloy)
                        } else {
                            format!("r.{c} in {}", k.alloy)
                        });
                    }
                }
            }
            Sql::Delete { .. } => {
                writes.insert("Alive".into());
            }
        }
        // MIN or MAX of a column of a domain, alone in the SELECT: the selected records
        // with the least (greatest) value.
        let extreme = match sql {
            Sql::Select { items, .. } => match items.as_slice() {
                [SelectItem::Aggregate(f, Some(c))] => {
                    let least = f.text.eq_ignore_ascii_case("min");
                    match info.column(&c.text) {
                        Some(col)
                            if (least || f.text.eq_ignore_ascii_case("max"))
                                && !col.mutable
                                && self.orderable(&col.sort) =>
                        {
                            Some((least, col.clone()))
                        }
                        _ => None,
                    }
                }
                _ => None,
            },
            _ => None,
        };
        let argmin = |pool: &str| {
            extreme.as_ref().map(|(least, col)| {
                let c = qualified(&tname, &col.name, &self.shared_columns);
                let (lo, hi) = if *least { ("r2", "r") } else { ("r", "r2") };
                format!(
                    "{{ r: {pool} | no r2: {pool} | {lo}.{c} -> {hi}.{c} in {}__lt }}",
                    col.sort
                )
            })
        };
        if let Some((least, col)) = &extreme {
            self.ordered.insert(col.sort.clone());
            self.extremes.insert(atom.clone(), col.name.clone());
            let mut group = Vec::new();
            let names: Vec<String> = ctx.params.iter().map(|(p, _)| p.clone()).collect();
            if *least
                && top
                && where_exact
                && ctx.alive_writers.is_empty()
                && let Some(f) = filter
                && key_equalities(f, &names, &|_, _| false, &mut group)
            {
                group.sort();
                self.group_mins.push(GroupMin {
                    program: ctx.name.clone(),
                    atom: atom.clone(),
                    table: info.name.clone(),
                    key: col.name.clone(),
                    sort: col.sort.clone(),
                    group,
                });
            }
        }
        if let (
            Sql::Delete {
                filter: Some(f), ..
            },
            true,
        ) = (sql, top)
        {
            let mins: BTreeMap<&str, &GroupMin> = self
                .group_mins
                .iter()
                .map(|m| (m.atom.as_str(), m))
                .collect();
            let found = |x: &Name| {
                locals
                    .get(&x.text)
                    .and_then(|l| l.atom.as_ref())
                    .and_then(|a| mins.get(a.as_str()))
            };
            let mut pairs = Vec::new();
            let single = |x: &Name, c: &Name| found(x).is_some_and(|m| m.key == c.text);
            let names: Vec<String> = ctx.params.iter().map(|(p, _)| p.clone()).collect();
            if key_equalities(f, &names, &single, &mut pairs) {
                // One `K = x.K`; the rest the group's parameters.
                let (by_min, mut group): (Vec<_>, Vec<_>) =
                    pairs.into_iter().partition(|(_, v)| v.contains('.'));
                group.sort();
                if let [(key, value)] = by_min.as_slice()
                    && let Some((local, _)) = value.split_once('.')
                    && let Some(min) = locals.get(local).and_then(|l| l.atom.clone())
                {
                    self.group_deletes.push(GroupDelete {
                        min,
                        table: info.name.clone(),
                        group,
                        key: key.clone(),
                    });
                }
            }
        }
        // What the statement does in one iteration (or, outside FOREACH, in the
        // instance): `cur`, the records it selects there.
        let iterations = (depth > 0).then(|| format!("{atom}__it"));
        let cur = match &iterations {
            None => format!("{atom}.(t.sel)"),
            Some(f) => ctx.at_iter(f),
        };
        let filtered = (extreme.is_some() && !where_exact).then(|| format!("{atom}__f"));
        let filt = filtered.as_ref().map(|f| ctx.at_iter(f));
        let mut lines = Vec::new();
        if let Some(f) = &filtered {
            ctx.fields.push((f.clone(), ctx.iter_type(Some(&tname))));
            // Empty where the statement does not run.
            if depth > 0 {
                lines.push(format!("t.{f} in {} -> {tname}", ctx.iter_set(path)));
            } else if path != TRUE {
                lines.push(format!("not ({path}) => no t.{f}"));
            }
        }
        lines.push(format!(
            "({atom} in t.ran) <=> {}",
            ctx.some_iters(path.to_string())
        ));
        if let Some(f) = &iterations {
            ctx.fields.push((f.clone(), ctx.iter_type(Some(&tname))));
            lines.push(format!("t.{f} in {} -> {tname}", ctx.iter_set(path)));
            lines.push(format!(
                "{atom}.(t.sel) = {{ r: {tname} | {} }}",
                ctx.some_iters(format!("r in {cur}"))
            ));
        }
        // A constraint on every iteration that reaches the statement.
        let each = |ctx: &ProgramCtx, c: String| {
            if path == TRUE {
                ctx.all_iters(c)
            } else {
                ctx.all_iters(format!("{path} => ({c})"))
            }
        };
        // The records its snapshot holds when it runs: the instance's own INSERTs and
        // DELETEs before it, in program order, applied to those of the snapshot.
        let live = ctx
            .alive_writers
            .iter()
            .filter(|(_, t, _)| *t == table)
            .fold("live".to_string(), |l, (w, _, insert)| {
                format!("({l} {} {w}.(t.sel))", if *insert { "+" } else { "-" })
            });
        let poss = format!("{{ r: {tname} | {} }}", tri.t);
        let def = format!("{{ r: {tname} | {} }}", neg(tri.not_true()));
        match sql {
            Sql::Insert { .. } => {
                let values = insert_values
                    .iter()
                    .fold(TRUE.to_string(), |a, b| and(a, b.clone()));
                lines.push(format!("{atom}.(t.cand) = {atom}.(t.sel)"));
                lines.push(each(
                    ctx,
                    format!("one {cur} and (all r: {cur} | {values})"),
                ));
                if let Some(f) = &iterations {
                    // One record per iteration: a second insert of a key fails.
                    lines.push(format!("all r: {tname} | lone (t.{f}).r"));
                }
                if info.dynamic {
                    ctx.seen.push(each(ctx, format!("no ({cur} & {live})")));
                }
            }
            _ => {
                // MIN (MAX) depends only on the records up to (from) the one it finds:
                // inserting or deleting a later (earlier) record does not change it, so
                // its WHERE clause reads only those. With none found, it read them all.
                let limit = match &extreme {
                    Some((least, col)) => {
                        let (k, lt) = (
                            qualified(&tname, &col.name, &self.shared_columns),
                            format!("{}__lt", col.sort),
                        );
                        let m = format!("{cur}.{k}");
                        let beyond = if *least {
                            format!("{lt}.({m})")
                        } else {
                            format!("({m}).{lt}")
                        };
                        format!("(no {cur} or r.{k} in {m} + {beyond})")
                    }
                    None => TRUE.into(),
                };
                let candidate = and(tri.t.clone(), limit);
                lines.push(if depth == 0 {
                    // `path` holds wherever it ran.
                    format!("{atom} in t.ran => {atom}.(t.cand) = {{ r: {tname} | {candidate} }}")
                } else {
                    format!(
                        "{atom}.(t.cand) = {{ r: {tname} | {} }}",
                        ctx.some_iters(and(path.to_string(), candidate))
                    )
                });
                // Which of the candidates it selects, from a pool of existing records.
                let choose = |pool: String| -> String {
                    match (&filt, where_exact) {
                        (None, true) => match argmin(&pool) {
                            Some(m) => format!("{cur} = {m}"),
                            None => format!("{cur} = {pool}"),
                        },
                        (None, false) => {
                            format!("({def} & {pool}) in {cur} and {cur} in {pool}")
                        }
                        (Some(f), _) => format!(
                            "({def} & {pool}) in {f} and {f} in {pool} and {cur} = {}",
                            argmin(f).unwrap_or_default()
                        ),
                    }
                };
                if info.dynamic {
                    // The abstraction: any candidates; exact rows choose among the
                    // existing ones.
                    lines.push(each(ctx, format!("{cur} in {poss}")));
                    if let Some(f) = &filt {
                        lines.push(each(ctx, format!("{f} in {poss}")));
                    }
                    ctx.seen
                        .push(each(ctx, choose(format!("({poss} & {live})"))));
                } else {
                    lines.push(each(ctx, choose(poss.clone())));
                }
            }
        }
        if matches!(sql, Sql::Insert { .. } | Sql::Delete { .. }) {
            ctx.alive_writers
                .push((atom.clone(), table, matches!(sql, Sql::Insert { .. })));
        }
        if matches!(sql, Sql::Insert { .. }) {
            self.inserts.push(atom.clone());
        }
        ctx.lines.extend(lines);
        ctx.ran.push(atom.clone());
        let text = self.source[span.start as usize..span.end as usize]
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        self.stmts.push(StmtInfo {
            atom: atom.clone(),
            program: ctx.index,
            number,
            label: label.map(|l| l.text.clone()),
            text,
            span,
            table: info.name.clone(),
            reads: reads.into_iter().collect(),
            writes: writes.into_iter().collect(),
            scans: scans.into_iter().collect(),
            insert: matches!(sql, Sql::Insert { .. }),
            depth,
            iterations,
            filtered,
        });
        Some(atom)
    }

    /// Whether values of `sort` can be ordered (MIN/MAX, counters): a domain whose name
    /// no column or parameter shares.
    fn orderable(&self, sort: &str) -> bool {
        sort != "Val" && !self.field_names.contains(sort)
    }

    /// A key value taken from a counter (see `CounterInsert`), if `e` is one.
    #[allow(clippy::too_many_arguments)]
    fn counter_insert(
        &self,
        insert: &str,
        table: &TableInfo,
        col: &ColumnInfo,
        e: &Expr,
        values: &[(Name, Expr)],
        ctx: &ProgramCtx,
        locals: &Locals,
    ) -> Option<CounterInsert> {
        let Expr::Dot(x, f) = e else { return None };
        let local = locals.get(&x.text)?;
        let lookup = local.atom.as_ref()?;
        let source = &self.tables[local.table];
        let counter = source.column(&f.text)?;
        // A counter of a table with INSERT or DELETE could restart at any value.
        if !counter.counter
            || source.dynamic
            || col.mutable
            || !self.orderable(&col.sort)
            || !ctx.loops.is_empty()
        {
            return None;
        }
        // In SQL a missing record gives NULL, and inserting a NULL key fails: so the
        // lookup found its record. It must find one record, hence a full-key lookup.
        let pairs = self.lookups.get(lookup)?;
        let group: Vec<(String, String)> = pairs
            .iter()
            .filter_map(|(ccol, param)| {
                values.iter().find_map(|(tcol, v)| match v {
                    Expr::Name(n) if n.text == *param => Some((tcol.text.clone(), ccol.clone())),
                    _ => None,
                })
            })
            .collect();
        let covered = pairs
            .iter()
            .all(|(ccol, _)| group.iter().any(|(_, c)| c == ccol));
        Some(CounterInsert {
            program: ctx.name.clone(),
            program_index: ctx.index,
            insert: insert.to_string(),
            lookup: lookup.clone(),
            field: format!("{}_{}", source.name, counter.name),
            source: source.name.clone(),
            key: col.name.clone(),
            sort: col.sort.clone(),
            group: covered.then_some(group),
            table: table.name.clone(),
        })
    }

    /// The `counters` pred: keys taken from counters are ordered as the counter's
    /// values are. A value read is the version of the ar-last visible writer; each
    /// writer adds a positive number to the version it read, so a version read from a
    /// writer that (through writers reading one another) precedes another's is smaller,
    /// two readers of one version take the same key, and every version exceeds the
    /// initial value, which (the database starting consistent) exceeds the keys of the
    /// counter's group that exist initially.
    fn counters_pred(&self) -> String {
        use std::fmt::Write;
        let mut out = String::new();
        let _ = writeln!(out, "\n-- keys taken from counters (d_next_o_id-style)");
        let _ = writeln!(out, "pred counters[vis, ar: Inst -> Inst] {{");
        // One record per lookup and per INSERT outside loops: joins, not quantifiers
        // over records, keep the translation small.
        for ci in &self.counter_inserts {
            if let Some(group) = &ci.group {
                let q = |table: &str, col: &str| qualified(table, col, &self.shared_columns);
                let same: Vec<String> = group
                    .iter()
                    .map(|(tcol, ccol)| {
                        format!(
                            "r0.{} = {}.(t.sel).{}",
                            q(&ci.table, tcol),
                            ci.lookup,
                            q(&ci.source, ccol)
                        )
                    })
                    .collect();
                let _ = writeln!(
                    out,
                    "  all t: {}, r0: {} & InitiallyAlive | ({}) implies r0.{k} -> {}.(t.sel).{k} in {}__lt",
                    ci.program,
                    ci.table,
                    same.join(" and "),
                    ci.insert,
                    ci.sort,
                    k = q(&ci.table, &ci.key)
                );
            }
        }
        for (i, a) in self.counter_inserts.iter().enumerate() {
            for b in &self.counter_inserts[i..] {
                if a.field != b.field || a.sort != b.sort {
                    continue;
                }
                let _ = writeln!(
                    out,
                    "  all t1: {}, t2: {} | let c = {}.(t1.sel), k1 = {}.(t1.sel).{}, k2 = {}.(t2.sel).{} |",
                    a.program,
                    b.program,
                    a.lookup,
                    a.insert,
                    qualified(&a.table, &a.key, &self.shared_columns),
                    b.insert,
                    qualified(&b.table, &b.key, &self.shared_columns)
                );
                let _ = writeln!(
                    out,
                    "    c = {}.(t2.sel) implies let s1 = source[vis, ar, t1, c, {f}], s2 = source[vis, ar, t2, c, {f}], up = ^(readsFrom[vis, ar, c, {f}]) {{",
                    b.lookup,
                    f = a.field
                );
                let lt = format!("{}__lt", a.sort);
                let _ = writeln!(out, "      s1 = s2 implies k1 = k2");
                let _ = writeln!(
                    out,
                    "      ((no s1 and some s2) or some (s1 -> s2 & up)) implies k1 -> k2 in {lt}"
                );
                let _ = writeln!(
                    out,
                    "      ((no s2 and some s1) or some (s2 -> s1 & up)) implies k2 -> k1 in {lt}"
                );
                let _ = writeln!(out, "    }}");
            }
        }
        let _ = writeln!(out, "}}");
        out
    }

    /// Queues: a table T whose records are found by MIN of their key over a group
    /// (`GroupMin`), every INSERT into T taking the key from one counter F of the
    /// group's record (`CounterInsert`), and every program that takes a key from F also
    /// incrementing F on that record, each of these statements at the top level. Two
    /// preds then hold in every execution of the programs, and of any sub-execution,
    /// since each relates two instances only (the database starting consistent, as
    /// `counters` assumes):
    ///
    /// - `queueOrder`, under PSI, SI and SER: an instance n that takes a key from F of
    ///   the group and is invisible to an instance t whose MIN found o takes a larger
    ///   key. o is in t's snapshot, inserted by some N visible to t (or initially there,
    ///   below every counter value). N and n both write F, so one sees the other; had N
    ///   seen n, t would see n too (vis transitive, or ar;vis in vis). So n sees N, and
    ///   read a version of F at or after N's increment: every writer of F sees the
    ///   earlier ones, so the versions grow along ar.
    /// - `queueTurns`, under SI and SER: two instances whose MIN found records o1, o2 of
    ///   one group and that delete them are never concurrent. With prefix snapshots
    ///   S1 in S2 (say), o1 is still there in S2 (a deleter of it in S2 - S1 would
    ///   conflict with t1 and be seen by t1 or see t1), so o2 <= o1; o2 < o1 would need
    ///   o2's inserter in S2 - S1, which saw o1's inserter (both write F), hence o2 >
    ///   o1. So o1 = o2, and both delete it: a conflict, so one sees the other.
    ///
    /// The completeness checks run on an abstraction in which statements select any
    /// candidates; these preds give it back what MIN and the counter imply.
    fn queue_preds(&self) -> String {
        let mut order = Vec::new();
        let mut turns = Vec::new();
        let top = |a: &str| self.top_level.contains(a);
        // Every program taking a key from `field` increments it on the record it read.
        let increments = |field: &str| {
            self.counter_inserts
                .iter()
                .filter(|ci| ci.field == field)
                .all(|ci| {
                    top(&ci.insert)
                        && top(&ci.lookup)
                        && self.stmts.iter().any(|u| {
                            u.program == ci.program_index
                                && !u.insert
                                && top(&u.atom)
                                && u.writes.iter().any(|w| w == field)
                                && self.lookups.contains_key(&u.atom)
                                && self.lookups.get(&u.atom) == self.lookups.get(&ci.lookup)
                        })
                })
        };
        for (i, m) in self.group_mins.iter().enumerate() {
            let inserts: Vec<&StmtInfo> = self
                .stmts
                .iter()
                .filter(|s| s.insert && s.table == m.table)
                .collect();
            let keyed: Vec<&CounterInsert> = inserts
                .iter()
                .filter_map(|s| self.counter_inserts.iter().find(|ci| ci.insert == s.atom))
                .collect();
            let Some(first) = keyed.first() else { continue };
            let Some(group) = &first.group else { continue };
            let mut group = group.clone();
            group.sort();
            let columns: Vec<&String> = group.iter().map(|(t, _)| t).collect();
            let min_columns: Vec<&String> = m.group.iter().map(|(c, _)| c).collect();
            let queue = keyed.len() == inserts.len()
                && columns == min_columns
                && keyed.iter().all(|ci| {
                    let mut g = ci.group.clone().unwrap_or_default();
                    g.sort();
                    ci.field == first.field && ci.key == m.key && g == group
                })
                && increments(&first.field);
            if !queue {
                continue;
            }
            let q = |table: &str, col: &str| qualified(table, col, &self.shared_columns);
            let key = q(&m.table, &m.key);
            for ci in self
                .counter_inserts
                .iter()
                .filter(|ci| ci.field == first.field && ci.sort == m.sort)
            {
                let same: Vec<String> = group
                    .iter()
                    .map(|(tcol, ccol)| {
                        format!("o.{} = c.{}", q(&m.table, tcol), q(&ci.source, ccol))
                    })
                    .collect();
                order.push(format!(
                    "  all t: {}, n: {} | let o = {}.(t.sel), c = {}.(n.sel) |\n    (t != n and some o and {} and n not in vis.t) implies o.{key} -> {}.(n.sel).{} in {}__lt",
                    m.program,
                    ci.program,
                    m.atom,
                    ci.lookup,
                    same.join(" and "),
                    ci.insert,
                    q(&ci.table, &ci.key),
                    m.sort
                ));
            }
            let deletes = |m: &GroupMin| {
                self.group_deletes.iter().any(|d| {
                    d.min == m.atom && d.table == m.table && d.group == m.group && d.key == m.key
                })
            };
            if !deletes(m) {
                continue;
            }
            for m2 in &self.group_mins[i..] {
                if m2.table != m.table
                    || m2.group.iter().map(|(c, _)| c).ne(columns.iter().copied())
                    || !deletes(m2)
                {
                    continue;
                }
                let same: Vec<String> = columns
                    .iter()
                    .map(|c| format!("o1.{c} = o2.{c}", c = q(&m.table, c)))
                    .collect();
                turns.push(format!(
                    "  all t1: {}, t2: {} | let o1 = {}.(t1.sel), o2 = {}.(t2.sel) |\n    (t1 != t2 and some o1 and some o2 and {}) implies t1 -> t2 in vis + ~vis",
                    m.program,
                    m2.program,
                    m.atom,
                    m2.atom,
                    same.join(" and ")
                ));
            }
        }
        let pred = |comment: &str, name: &str, lines: &[String]| {
            let body: String = lines.iter().map(|l| format!("{l}\n")).collect();
            format!("{comment}\npred {name}[vis: Inst -> Inst] {{\n{body}}}\n")
        };
        pred(
            "\n-- queues (MIN over a group whose keys come from a counter): under PSI, SI and SER\n\
             -- a key taken after an instance's MIN, unseen by it, is larger than what it found",
            "queueOrder",
            &order,
        ) + &pred(
            "-- under SI and SER, two instances that find and delete a group's oldest record see one another",
            "queueTurns",
            &turns,
        )
    }

    fn program_facts(&mut self, ctx: &ProgramCtx) {
        use std::fmt::Write;
        let name = &ctx.name;
        let out = &mut self.out;
        let mut fields: Vec<String> = ctx
            .params
            .iter()
            .map(|(p, ty)| format!("{}: one {}", ident(p), ty.sort()))
            .collect();
        fields.extend(ctx.fields.iter().map(|(f, ty)| format!("{f}: {ty}")));
        let _ = writeln!(out, "\n-- program {name}");
        let _ = writeln!(out, "sig {name} extends Inst {{ {} }}", fields.join(", "));
        for flag in &ctx.subsets {
            let _ = writeln!(out, "sig {flag} in {name} {{}}");
        }
        if !ctx.ran.is_empty() {
            let _ = writeln!(out, "one sig {} extends Stmt {{}}", ctx.ran.join(", "));
        }
        let _ = writeln!(out, "fact {name}__behaviour {{");
        let _ = writeln!(out, "  all t: {name} {{");
        let _ = writeln!(
            out,
            "    t.ran in {}",
            if ctx.ran.is_empty() {
                "none".to_string()
            } else {
                ctx.ran.join(" + ")
            }
        );
        for line in &ctx.lines {
            let _ = writeln!(out, "    {line}");
        }
        // What its INSERTs and DELETEs leave, in program order.
        let inserted = ctx
            .alive_writers
            .iter()
            .fold(String::new(), |acc, (w, _, insert)| {
                match (acc.is_empty(), insert) {
                    (true, true) => format!("{w}.(t.sel)"),
                    (true, false) => acc,
                    (false, true) => format!("({acc} + {w}.(t.sel))"),
                    (false, false) => format!("({acc} - {w}.(t.sel))"),
                }
            });
        if inserted.is_empty() {
            let _ = writeln!(out, "    no t.inserted");
        } else {
            let _ = writeln!(out, "    t.inserted = {inserted}");
        }
        let _ = writeln!(out, "  }}\n}}");
        if !ctx.seen.is_empty() {
            let _ = writeln!(out, "pred {name}__sees[vis, ar: Inst -> Inst] {{");
            let _ = writeln!(out, "  all t: {name} | let live = alive[vis, ar, t] {{");
            for line in &ctx.seen {
                let _ = writeln!(out, "    {line}");
            }
            let _ = writeln!(out, "  }}\n}}");
            self.seeing.push(name.clone());
        }
    }

    fn write(&mut self, app: &App) -> String {
        use std::fmt::Write;
        let mut out = String::new();
        let _ = writeln!(
            out,
            "-- generated by `solder programs` from the application's program file"
        );
        let _ = writeln!(out, "open isolation/programs\n");
        for d in &self.domains {
            if self.ordered.contains(d) {
                // MIN and MAX compare its values: any total order of them
                let _ = writeln!(out, "sig {d} {{ {d}__lt: set {d} }}");
                let _ = writeln!(
                    out,
                    "fact {d}__order {{ pred/strictTotalOrder[{d}__lt, {d}] }}"
                );
            } else {
                let _ = writeln!(out, "sig {d} {{}}");
            }
        }
        if self.uses_val {
            let _ = writeln!(
                out,
                "-- abstract values: only equality between them is meaningful"
            );
            let _ = writeln!(out, "sig Val {{}}");
        }
        for t in &self.tables {
            let fields: Vec<String> = t
                .columns
                .iter()
                .filter(|c| !c.mutable)
                .map(|c| format!("{}: one {}", ident(&c.name), c.sort))
                .collect();
            let _ = writeln!(out, "\n-- table {}", t.name);
            let _ = writeln!(
                out,
                "sig {} extends Rec {{ {} }}",
                t.name,
                fields.join(", ")
            );
            let keys: Vec<&ColumnInfo> = t.columns.iter().filter(|c| c.key).collect();
            if !keys.is_empty() {
                let differ: Vec<String> = keys
                    .iter()
                    .map(|c| format!("a.{0} != b.{0}", ident(&c.name)))
                    .collect();
                let _ = writeln!(
                    out,
                    "fact {}__key {{ all disj a, b: {} | {} }}",
                    t.name,
                    t.name,
                    differ.join(" or ")
                );
            }
            let mutable: Vec<String> = t
                .columns
                .iter()
                .filter(|c| c.mutable)
                .map(|c| format!("{}_{}", t.name, c.name))
                .collect();
            if !mutable.is_empty() {
                let _ = writeln!(out, "one sig {} extends Field {{}}", mutable.join(", "));
            }
        }
        let _ = writeln!(
            out,
            "\n-- what each statement reads and writes of the records it selects, and what"
        );
        let _ = writeln!(
            out,
            "-- its WHERE clause reads of each record it is evaluated on"
        );
        let _ = writeln!(out, "fact statements {{");
        let set = |v: &[String]| {
            if v.is_empty() {
                "none".to_string()
            } else {
                v.join(" + ")
            }
        };
        for s in &self.stmts {
            let _ = writeln!(
                out,
                "  {0}.reads = {1} and {0}.writes = {2} and {0}.scans = {3}  -- {4}",
                s.atom,
                set(&s.reads),
                set(&s.writes),
                set(&s.scans),
                s.text
            );
        }
        let _ = writeln!(out, "  {}", in_set("Inserts", &self.inserts));
        // Which table each statement selects from, as a bound: a record of another table
        // gets no variable in `cand` and `sel` (and none in `rd` and `wt` after them).
        let tables: Vec<String> = self
            .stmts
            .iter()
            .map(|s| format!("{} -> {}", s.atom, s.table))
            .collect();
        if !tables.is_empty() {
            let tables = tables.join(" + ");
            let _ = writeln!(out, "  cand in Inst -> ({tables})");
            let _ = writeln!(out, "  sel in Inst -> ({tables})");
        }
        let _ = writeln!(out, "}}");
        out.push_str(&self.out);
        let _ = writeln!(
            out,
            "\n-- exact rows: every statement selects only the records its snapshot holds"
        );
        let sees: Vec<String> = self
            .seeing
            .iter()
            .map(|p| format!("{p}__sees[vis, ar]"))
            .collect();
        out.push_str(&self.counters_pred());
        out.push_str(&self.queue_preds());
        let mut sees = sees;
        sees.push("counters[vis, ar]".into());
        let _ = writeln!(
            out,
            "pred seen[vis, ar: Inst -> Inst] {{ {} }}",
            sees.join(" and ")
        );
        for level in &app.levels {
            let _ = writeln!(out, "\n-- level {}", level.name.text);
            let _ = write!(out, "pred {}[vis, ar: Inst -> Inst] {{", level.name.text);
            let start = out.len();
            out.push_str(&level.body);
            self.level_bodies.push((start..out.len(), level.body_span));
            let _ = writeln!(out, "}}");
        }
        out
    }
}

/// The names of tables, programs and levels, with what each names.
fn top_level_names(app: &App) -> impl Iterator<Item = (&Name, &'static str)> {
    app.tables
        .iter()
        .map(|t| (&t.name, "table"))
        .chain(app.programs.iter().map(|p| (&p.name, "program")))
        .chain(app.levels.iter().map(|l| (&l.name, "level")))
}

/// Whether `e` is `col + n` or `n + col` with n > 0.
fn increments(e: &Expr, col: &str) -> bool {
    let Expr::Arith(a, '+', b) = e else {
        return false;
    };
    match (a.as_ref(), b.as_ref()) {
        (Expr::Name(n), Expr::Num(k, _)) | (Expr::Num(k, _), Expr::Name(n)) => {
            n.text == col && *k > 0
        }
        _ => false,
    }
}

/// Collect the equalities of a conjunction between a column and one value (a parameter,
/// or `x.col` with `single(x, col)`) into `out` as (column, value); false when the
/// condition is anything else.
fn key_equalities(
    c: &Cond,
    params: &[String],
    single: &dyn Fn(&Name, &Name) -> bool,
    out: &mut Vec<(String, String)>,
) -> bool {
    let is_param = |n: &Name| params.contains(&n.text);
    match c {
        Cond::And(a, b) => {
            key_equalities(a, params, single, out) && key_equalities(b, params, single, out)
        }
        Cond::Cmp(Expr::Name(x), CmpOp::Eq, Expr::Name(y)) => {
            match (is_param(x), is_param(y)) {
                (false, true) => out.push((x.text.clone(), y.text.clone())),
                (true, false) => out.push((y.text.clone(), x.text.clone())),
                _ => return false,
            }
            true
        }
        Cond::Cmp(Expr::Name(x), CmpOp::Eq, Expr::Dot(v, col))
        | Cond::Cmp(Expr::Dot(v, col), CmpOp::Eq, Expr::Name(x))
            if !is_param(x) && single(v, col) =>
        {
            out.push((x.text.clone(), format!("{}.{}", v.text, col.text)));
            true
        }
        _ => false,
    }
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

/// Every SQL statement of a block, nested ones included, in source order.
fn walk_sql<'a>(stmts: &'a [Stmt], f: &mut dyn FnMut(&'a Sql)) {
    walk_stmts(stmts, &mut |s| {
        if let Stmt::Sql { sql, .. } = s {
            f(sql)
        }
    });
}

/// Every statement of a block, nested ones included (after their IF or FOREACH).
fn walk_stmts<'a>(stmts: &'a [Stmt], f: &mut dyn FnMut(&'a Stmt)) {
    for s in stmts {
        f(s);
        match s {
            Stmt::Sql { .. } => {}
            Stmt::If {
                then, otherwise, ..
            } => {
                walk_stmts(then, f);
                walk_stmts(otherwise, f);
            }
            Stmt::Foreach { body, .. } => walk_stmts(body, f),
        }
    }
}

/// `S = a + b`, or `no S`.
fn in_set(set: &str, atoms: &[String]) -> String {
    if atoms.is_empty() {
        format!("no {set}")
    } else {
        format!("{set} = {}", atoms.join(" + "))
    }
}

fn cond_columns(c: &Cond, out: &mut BTreeSet<String>) {
    match c {
        Cond::Bool(_) => {}
        Cond::Not(a) => cond_columns(a, out),
        Cond::And(a, b) | Cond::Or(a, b) => {
            cond_columns(a, out);
            cond_columns(b, out);
        }
        Cond::Cmp(a, _, b) => {
            expr_columns(a, out);
            expr_columns(b, out);
        }
    }
}

/// Bare names in an expression (candidates for columns of the statement's table).
fn expr_columns(e: &Expr, out: &mut BTreeSet<String>) {
    match e {
        Expr::Name(n) => {
            out.insert(n.text.clone());
        }
        Expr::Arith(a, _, b) => {
            expr_columns(a, out);
            expr_columns(b, out);
        }
        Expr::Call(_, args) => args.iter().for_each(|a| expr_columns(a, out)),
        _ => {}
    }
}
