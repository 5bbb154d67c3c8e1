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

/// Sorts of values that carry no identity of their own: one abstract `Val`.
const VALUE_TYPES: &[&str] = &["int", "str", "bool", "real", "text", "date", "float"];

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
];

/// A column's or parameter's field name in the model: the name itself unless Alloy or
/// the library uses it (`open` becomes `open_`).
pub fn ident(name: &str) -> String {
    if RESERVED.contains(&name) {
        format!("{name}_")
    } else {
        name.to_string()
    }
}

/// The level names `--level` accepts for the library's consistency models.
pub const LEVELS: &[&str] = &["RA", "CC", "PC", "PSI", "SI", "SER"];

#[derive(Clone, Debug)]
pub struct ColumnInfo {
    pub name: String,
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
    fn column(&self, name: &str) -> Option<&ColumnInfo> {
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
    /// Inside FOREACH.
    pub in_loop: bool,
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
    pub tables: Vec<TableInfo>,
    pub programs: Vec<ProgramInfo>,
    pub stmts: Vec<StmtInfo>,
    pub domains: Vec<String>,
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
    };
    b.check_names(app);
    b.tables(app);
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
        tables: b.tables,
        programs,
        stmts: b.stmts,
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
}

/// `INSERT INTO T VALUES (…, k = x.F, …)` where `x` holds the one record of a lookup by
/// full key in table C and `F` is a counter of C: the key is the counter's value in
/// the inserting instance's snapshot.
#[derive(Clone, Debug)]
struct CounterInsert {
    program: String,
    /// The program's position (`StmtInfo::program`).
    program_index: usize,
    /// The INSERT and the lookup that found the counter's record.
    insert: String,
    lookup: String,
    /// The counter's location (`C_F`) and the key column of T it gives, with its domain.
    field: String,
    key: String,
    sort: String,
    /// Columns of T set from the parameters that find the counter's record: (column of
    /// T, key column of C). Present when they cover C's key: then T's records with
    /// those values belong to this counter.
    group: Option<Vec<(String, String)>>,
    table: String,
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

/// What a name in an expression stands for.
#[derive(Clone, Debug)]
enum Value {
    /// An exact value: its Alloy expression, its sort, whether it is one atom, and
    /// whether it is at most one (`x.col` of a local that holds at most one value of
    /// the column; none is SQL's NULL).
    Known {
        alloy: String,
        sort: String,
        scalar: bool,
        single: bool,
    },
    Unknown,
}

/// The locals and loop variables in scope: name -> (statement atom, table).
type Locals = BTreeMap<String, (String, usize)>;

/// `true` and `false` in Alloy.
const TRUE: &str = "(no none)";
const FALSE: &str = "(some none)";

fn and(a: String, b: String) -> String {
    match (a.as_str(), b.as_str()) {
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

    fn sort_of(&mut self, ty: Option<&Name>) -> String {
        match ty {
            None => {
                self.uses_val = true;
                "Val".into()
            }
            Some(t) if VALUE_TYPES.iter().any(|v| v.eq_ignore_ascii_case(&t.text)) => {
                self.uses_val = true;
                "Val".into()
            }
            Some(t) => {
                if self.top_names.contains(&t.text) {
                    self.error(
                        t.span,
                        format!("`{}` names a table or a program, not a type of values; give the key column a domain of its own (`id: {}Id key`)", t.text, t.text),
                    );
                } else if RESERVED.contains(&t.text.as_str()) {
                    self.error(
                        t.span,
                        format!("`{}` is reserved by the programs library", t.text),
                    );
                }
                self.domains.insert(t.text.clone());
                t.text.clone()
            }
        }
    }

    fn tables(&mut self, app: &App) {
        // Mutable columns and dynamic tables come from the statements that change them.
        let mut updated: BTreeSet<(String, String)> = BTreeSet::new();
        // Columns some UPDATE sets to anything but itself plus a positive number.
        let mut not_counter: BTreeSet<(String, String)> = BTreeSet::new();
        let mut dynamic: BTreeSet<String> = BTreeSet::new();
        fn walk(stmts: &[Stmt], f: &mut dyn FnMut(&Sql)) {
            for s in stmts {
                match s {
                    Stmt::Sql { sql, .. } => f(sql),
                    Stmt::If {
                        then, otherwise, ..
                    } => {
                        walk(then, f);
                        walk(otherwise, f);
                    }
                    Stmt::Foreach { body, .. } => walk(body, f),
                }
            }
        }
        for p in &app.programs {
            walk(&p.body, &mut |sql| match sql {
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
                let sort = self.sort_of(c.ty.as_ref());
                let this = (t.name.text.clone(), c.name.text.clone());
                let mutable = updated.contains(&this);
                let counter = mutable && !not_counter.contains(&this);
                columns.push(ColumnInfo {
                    name: c.name.text.clone(),
                    sort,
                    key: c.key,
                    mutable,
                    counter,
                });
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

    fn programs(&mut self, app: &App) -> Vec<ProgramInfo> {
        let mut infos = Vec::new();
        for (index, p) in app.programs.iter().enumerate() {
            let mut params = Vec::new();
            for (name, ty) in &p.params {
                if params
                    .iter()
                    .any(|(n, _): &(String, String)| *n == name.text)
                {
                    self.error(
                        name.span,
                        format!("parameter `{}` is declared twice", name.text),
                    );
                }
                let sort = self.sort_of(Some(ty));
                params.push((name.text.clone(), sort));
            }
            infos.push(ProgramInfo {
                name: p.name.text.clone(),
                params: params.clone(),
            });
            let mut ctx = ProgramCtx {
                index,
                name: p.name.text.clone(),
                params,
                flags: 0,
                numbered: 0,
                loops: 0,
                lines: Vec::new(),
                ran: Vec::new(),
                subsets: Vec::new(),
                seen: Vec::new(),
                alive_writers: Vec::new(),
                uses_own: false,
            };
            let mut locals = Locals::new();
            self.block(&p.body, &mut ctx, &mut locals, TRUE.into());
            self.program_facts(&ctx);
        }
        infos
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
                    if let (Some(atom), Some(local)) = (atom, assign) {
                        let table = match sql {
                            Sql::Select { table, .. }
                            | Sql::Update { table, .. }
                            | Sql::Insert { table, .. }
                            | Sql::Delete { table, .. } => {
                                self.tables.iter().position(|t| t.name == table.text)
                            }
                        };
                        if let Some(t) = table {
                            locals.insert(local.text.clone(), (atom, t));
                        }
                    }
                }
                Stmt::If {
                    cond,
                    then,
                    otherwise,
                } => {
                    ctx.flags += 1;
                    let flag = format!("{}__if{}", ctx.name, ctx.flags);
                    let (holds, fails, _, _) = self.cond(cond, None, ctx, locals);
                    ctx.subsets.push((flag.clone(), holds, fails));
                    let mut inner = locals.clone();
                    self.block(
                        then,
                        ctx,
                        &mut inner,
                        and(path.clone(), format!("t in {flag}")),
                    );
                    let mut inner = locals.clone();
                    self.block(
                        otherwise,
                        ctx,
                        &mut inner,
                        and(path.clone(), format!("t not in {flag}")),
                    );
                }
                Stmt::Foreach { var, over, body } => {
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
                    let mut inner = locals.clone();
                    inner.insert(var.text.clone(), bound);
                    ctx.loops += 1;
                    self.block(body, ctx, &mut inner, path.clone());
                    ctx.loops -= 1;
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
                    return if c.mutable {
                        Value::Unknown
                    } else {
                        Value::Known {
                            alloy: format!("r.{}", ident(&c.name)),
                            sort: c.sort,
                            scalar: true,
                            single: true,
                        }
                    };
                }
                if locals.contains_key(&n.text) {
                    // A local as a value (a count, a sum): opaque.
                    return Value::Unknown;
                }
                if let Some((_, sort)) = ctx.params.iter().find(|(p, _)| *p == n.text) {
                    return Value::Known {
                        alloy: format!("t.{}", ident(&n.text)),
                        sort: sort.clone(),
                        scalar: true,
                        single: true,
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
                Value::Unknown
            }
            Expr::Dot(x, col) => {
                let Some((atom, table)) = locals.get(&x.text).cloned() else {
                    self.error(
                        x.span,
                        format!("`{}` is not a local assigned by a SELECT", x.text),
                    );
                    return Value::Unknown;
                };
                match self.column(table, col) {
                    Some(c) if !c.mutable => Value::Known {
                        alloy: format!("{atom}.(t.sel).{}", ident(&c.name)),
                        single: self.lookups.contains_key(&atom)
                            || self.extremes.get(&atom) == Some(&c.name),
                        sort: c.sort,
                        scalar: false,
                    },
                    _ => Value::Unknown,
                }
            }
            Expr::Arith(a, _, b) => {
                self.value(a, row, ctx, locals);
                self.value(b, row, ctx, locals);
                Value::Unknown
            }
            Expr::Call(_, args) => {
                for a in args {
                    self.value(a, row, ctx, locals);
                }
                Value::Unknown
            }
            Expr::Num(..) | Expr::Str(..) | Expr::Bool(..) => Value::Unknown,
        }
    }

    /// (formula implied when `c` is true, formula implied when it is false or NULL,
    /// whether the first is equivalent to `c` being true, whether `c` can be NULL).
    /// SQL's NULL comes from a local with no record: WHERE and IF treat it as not true.
    fn cond(
        &mut self,
        c: &Cond,
        row: Option<usize>,
        ctx: &ProgramCtx,
        locals: &Locals,
    ) -> (String, String, bool, bool) {
        match c {
            Cond::Bool(true) => (TRUE.into(), FALSE.into(), true, false),
            Cond::Bool(false) => (FALSE.into(), TRUE.into(), true, false),
            Cond::Not(inner) => {
                let (h, f, exact, null) = self.cond(inner, row, ctx, locals);
                if null {
                    // NOT NULL is NULL: true only when the inner is false, which `f`
                    // (false or NULL) over-approximates.
                    (f, TRUE.into(), false, true)
                } else {
                    (f, h, exact, false)
                }
            }
            Cond::And(a, b) => {
                let (ha, fa, ea, na) = self.cond(a, row, ctx, locals);
                let (hb, fb, eb, nb) = self.cond(b, row, ctx, locals);
                (and(ha, hb), or(fa, fb), ea && eb, na || nb)
            }
            Cond::Or(a, b) => {
                let (ha, fa, ea, na) = self.cond(a, row, ctx, locals);
                let (hb, fb, eb, nb) = self.cond(b, row, ctx, locals);
                (or(ha, hb), and(fa, fb), ea && eb, na || nb)
            }
            Cond::Cmp(a, op, b) => {
                let va = self.value(a, row, ctx, locals);
                let vb = self.value(b, row, ctx, locals);
                let (
                    Value::Known {
                        alloy: xa,
                        sort: sa,
                        scalar: ka,
                        single: oa,
                    },
                    Value::Known {
                        alloy: xb,
                        sort: sb,
                        scalar: kb,
                        single: ob,
                    },
                ) = (va, vb)
                else {
                    return (TRUE.into(), TRUE.into(), false, false);
                };
                if sa != sb {
                    return (TRUE.into(), TRUE.into(), false, false);
                }
                let eq = match (ka, kb) {
                    (true, true) => Some(format!("{xa} = {xb}")),
                    (true, false) => Some(format!("{xa} in {xb}")),
                    (false, true) => Some(format!("{xb} in {xa}")),
                    (false, false) => Some(format!("some ({xa} & {xb})")),
                };
                let both_scalar = ka && kb;
                // At most one value on each side: exact, but NULL when a side is none.
                let both_single = oa && ob;
                let present = |x: &str, scalar: bool| (!scalar).then(|| format!("some {x}"));
                match (op, eq) {
                    (CmpOp::Eq, Some(eq)) if both_scalar => {
                        (eq.clone(), format!("not ({eq})"), true, false)
                    }
                    (CmpOp::Ne, Some(eq)) if both_scalar => {
                        (format!("not ({eq})"), eq, true, false)
                    }
                    (CmpOp::Eq, Some(eq)) if both_single => {
                        (eq.clone(), format!("not ({eq})"), true, true)
                    }
                    (CmpOp::Ne, Some(eq)) if both_single => {
                        let h = [present(&xa, ka), present(&xb, kb)]
                            .into_iter()
                            .flatten()
                            .fold(format!("not ({eq})"), |a, b| and(b, a));
                        (h, eq, true, true)
                    }
                    // Over the union of a local's records: implied when it holds only.
                    (CmpOp::Eq, Some(eq)) => (eq, TRUE.into(), false, true),
                    _ => (TRUE.into(), TRUE.into(), false, true),
                }
            }
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
        let field = |c: &str| format!("{}_{}", info.name, c);
        let top = path == TRUE && ctx.loops == 0;
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
        let mut where_exact = true;
        let mut holds = TRUE.to_string();
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
            let (h, _, exact, _) = self.cond(f, Some(table), ctx, locals);
            holds = h;
            where_exact = exact;
            let mut pairs = Vec::new();
            let single = |x: &Name, c: &Name| {
                locals.get(&x.text).is_some_and(|(a, _)| {
                    self.lookups.contains_key(a) || self.extremes.get(a) == Some(&c.text)
                })
            };
            // Inside FOREACH a statement runs once per iteration, and its local holds
            // the records of every run: not one record.
            if ctx.loops == 0
                && key_equalities(f, &ctx.params, &single, &mut pairs)
                && info
                    .columns
                    .iter()
                    .filter(|c| c.key)
                    .all(|c| pairs.iter().any(|(k, _)| *k == c.name))
            {
                self.lookups.insert(atom.clone(), pairs);
            }
        }
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
                        SelectItem::Column(c) | SelectItem::Aggregate(_, Some(c)) => {
                            if let Some(col) = self.column(table, c)
                                && col.mutable
                            {
                                reads.insert(field(&col.name));
                            }
                        }
                        SelectItem::Aggregate(f, None) => {
                            if !f.text.eq_ignore_ascii_case("count") {
                                self.error(
                                    f.span,
                                    format!("`{}(*)`: only COUNT takes `*`", f.text),
                                );
                            }
                        }
                    }
                }
            }
            Sql::Update { sets, .. } => {
                for (c, e) in sets {
                    if let Some(col) = self.column(table, c) {
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
                    self.value(e, Some(table), ctx, locals);
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
                    if let Some(ci) =
                        self.counter_insert(&atom, &info, &col, e, values, ctx, locals)
                    {
                        ctx.lines
                            .push(format!("{atom} in t.ran => one {}.(t.sel)", ci.lookup));
                        self.ordered.insert(ci.sort.clone());
                        self.counter_inserts.push(ci);
                        continue;
                    }
                    // Values are computed before the row exists: no columns of it.
                    if let Value::Known {
                        alloy,
                        sort,
                        scalar,
                        ..
                    } = self.value(e, None, ctx, locals)
                        && !col.mutable
                        && sort == col.sort
                    {
                        insert_values.push(if scalar {
                            format!("r.{} = {alloy}", ident(&col.name))
                        } else {
                            format!("r.{} in {alloy}", ident(&col.name))
                        });
                    }
                }
            }
            Sql::Delete { .. } => {
                writes.insert("Alive".into());
            }
        }
        // MIN or MAX of a column of a domain, alone in the SELECT: exactly the candidates
        // with the least (greatest) value, when the WHERE clause is exact.
        let extreme = match sql {
            Sql::Select { items, .. } if where_exact && ctx.loops == 0 => match items.as_slice() {
                [SelectItem::Aggregate(f, Some(c))] => {
                    let least = f.text.eq_ignore_ascii_case("min");
                    let col = info.column(&c.text);
                    match col {
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
        let extreme_of = |pool: &str| {
            extreme.as_ref().map(|(least, col)| {
                let c = ident(&col.name);
                let (lo, hi) = if *least { ("r2", "r") } else { ("r", "r2") };
                format!(
                    "{atom}.(t.sel) = {{ r: {pool} | no r2: {pool} | {lo}.{c} -> {hi}.{c} in {}__lt }}",
                    col.sort
                )
            })
        };
        if let Some((least, col)) = &extreme {
            self.ordered.insert(col.sort.clone());
            self.extremes.insert(atom.clone(), col.name.clone());
            let mut group = Vec::new();
            if *least
                && top
                && ctx.alive_writers.is_empty()
                && let Some(f) = filter
                && key_equalities(f, &ctx.params, &|_, _| false, &mut group)
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
            let found = |x: &Name| locals.get(&x.text).and_then(|(a, _)| mins.get(a.as_str()));
            let mut pairs = Vec::new();
            let single = |x: &Name, c: &Name| found(x).is_some_and(|m| m.key == c.text);
            if key_equalities(f, &ctx.params, &single, &mut pairs) {
                // One `K = x.K`; the rest the group's parameters.
                let (by_min, mut group): (Vec<_>, Vec<_>) =
                    pairs.into_iter().partition(|(_, v)| v.contains('.'));
                group.sort();
                if let [(key, value)] = by_min.as_slice()
                    && let Some((local, _)) = value.split_once('.')
                    && let Some((min, _)) = locals.get(local)
                {
                    self.group_deletes.push(GroupDelete {
                        min: min.clone(),
                        table: info.name.clone(),
                        group,
                        key: key.clone(),
                    });
                }
            }
        }
        // Exact rows (the `seen` pred): a statement selects only records its snapshot
        // holds, all of them when the WHERE clause is exact; an INSERT adds a record the
        // snapshot lacks (its key is new). Records the instance inserted or deleted in
        // an earlier statement (`own`; inside FOREACH, in any of its statements, since a
        // later one may have run in an earlier iteration) are left free: the model does
        // not say which of its own writes came last.
        if info.dynamic {
            let own = if ctx.loops > 0 {
                ctx.uses_own = true;
                "own".to_string()
            } else if ctx.alive_writers.is_empty() {
                String::new()
            } else {
                format!("({}).(t.sel)", ctx.alive_writers.join(" + "))
            };
            let pool = format!("({atom}.(t.cand) & live)");
            let sel = format!("{atom}.(t.sel)");
            // Records outside `own`, when there is one.
            let minus = |x: &str| {
                if own.is_empty() {
                    x.to_string()
                } else {
                    format!("{x} - {own}")
                }
            };
            let line = match sql {
                Sql::Insert { .. } => format!("no {}", minus(&format!("({sel} & live)"))),
                _ => match extreme_of(&pool) {
                    Some(line) if own.is_empty() => line,
                    Some(line) => format!("no {atom}.(t.cand) & {own} implies {line}"),
                    None if where_exact => format!("{} = {}", minus(&sel), minus(&pool)),
                    None => format!("{} in {pool}", minus(&sel)),
                },
            };
            ctx.seen.push(line);
            if !matches!(sql, Sql::Select { .. } | Sql::Update { .. }) {
                ctx.alive_writers.push(atom.clone());
            }
        }
        if matches!(sql, Sql::Insert { .. }) {
            self.inserts.push(atom.clone());
        }
        // Records are selected from the candidates, all of them when the WHERE clause is
        // exact and every row of the table exists.
        let exact = where_exact && !info.dynamic;
        let mut lines = Vec::new();
        match sql {
            Sql::Insert { .. } => {
                let cond = insert_values
                    .iter()
                    .fold(TRUE.to_string(), |a, b| and(a, b.clone()));
                lines.push(format!("{atom}.(t.cand) = {atom}.(t.sel)"));
                lines.push(format!("all r: {atom}.(t.sel) | {cond}"));
                // Once per loop iteration inside FOREACH.
                lines.push(format!(
                    "{atom} in t.ran => {} {atom}.(t.sel)",
                    if ctx.loops > 0 { "some" } else { "one" }
                ));
            }
            _ => {
                // MIN (MAX) depends only on the records up to (from) the one it finds:
                // inserting or deleting a later (earlier) record does not change it, so
                // its WHERE clause reads only those. With none found, it read them all.
                let holds = match &extreme {
                    Some((least, col)) => {
                        let (k, lt) = (ident(&col.name), format!("{}__lt", col.sort));
                        let m = format!("{atom}.(t.sel).{k}");
                        let beyond = if *least {
                            format!("{lt}.({m})")
                        } else {
                            format!("({m}).{lt}")
                        };
                        and(
                            holds.clone(),
                            format!("(no {atom}.(t.sel) or r.{k} in {m} + {beyond})"),
                        )
                    }
                    None => holds.clone(),
                };
                lines.push(format!(
                    "{atom} in t.ran => {atom}.(t.cand) = {{ r: {} | {holds} }}",
                    info.name
                ));
                if exact {
                    lines.push(
                        extreme_of(&format!("{atom}.(t.cand)"))
                            .unwrap_or_else(|| format!("{atom}.(t.sel) = {atom}.(t.cand)")),
                    );
                }
            }
        }
        lines.push(format!("({atom} in t.ran) <=> {path}"));
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
            in_loop: ctx.loops > 0,
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
        let (lookup, source) = locals.get(&x.text)?;
        let source = &self.tables[*source];
        let counter = source.column(&f.text)?;
        // A counter of a table with INSERT or DELETE could restart at any value.
        if !counter.counter
            || source.dynamic
            || col.mutable
            || !self.orderable(&col.sort)
            || ctx.loops > 0
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
                let same: Vec<String> = group
                    .iter()
                    .map(|(tcol, ccol)| {
                        format!("r0.{} = {}.(t.sel).{}", ident(tcol), ci.lookup, ident(ccol))
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
                    k = ident(&ci.key)
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
                    ident(&a.key),
                    b.insert,
                    ident(&b.key)
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
            let key = ident(&m.key);
            for ci in self
                .counter_inserts
                .iter()
                .filter(|ci| ci.field == first.field && ci.sort == m.sort)
            {
                let same: Vec<String> = group
                    .iter()
                    .map(|(tcol, ccol)| format!("o.{} = c.{}", ident(tcol), ident(ccol)))
                    .collect();
                order.push(format!(
                    "  all t: {}, n: {} | let o = {}.(t.sel), c = {}.(n.sel) |\n    (t != n and some o and {} and n not in vis.t) implies o.{key} -> {}.(n.sel).{} in {}__lt",
                    m.program,
                    ci.program,
                    m.atom,
                    ci.lookup,
                    same.join(" and "),
                    ci.insert,
                    ident(&ci.key),
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
                    .map(|c| format!("o1.{c} = o2.{c}", c = ident(c)))
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
        let params: Vec<String> = ctx
            .params
            .iter()
            .map(|(p, s)| format!("{}: one {s}", ident(p)))
            .collect();
        let _ = writeln!(out, "\n-- program {name}");
        let _ = writeln!(out, "sig {name} extends Inst {{ {} }}", params.join(", "));
        for (flag, _, _) in &ctx.subsets {
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
        for (flag, holds, fails) in &ctx.subsets {
            let _ = writeln!(out, "    t in {flag} => {holds}");
            let _ = writeln!(out, "    t not in {flag} => {fails}");
        }
        for line in &ctx.lines {
            let _ = writeln!(out, "    {line}");
        }
        let _ = writeln!(out, "  }}\n}}");
        if !ctx.seen.is_empty() {
            let _ = writeln!(out, "pred {name}__sees[vis, ar: Inst -> Inst] {{");
            let own = if ctx.uses_own {
                ", own = wt[t].Alive"
            } else {
                ""
            };
            let _ = writeln!(
                out,
                "  all t: {name} | let live = alive[vis, ar, t]{own} {{"
            );
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

struct ProgramCtx {
    index: usize,
    name: String,
    params: Vec<(String, String)>,
    flags: usize,
    numbered: usize,
    /// FOREACH loops around the statement being analysed.
    loops: usize,
    lines: Vec<String>,
    ran: Vec<String>,
    /// (subset sig, implied when in it, implied when not)
    subsets: Vec<(String, String, String)>,
    /// Exact rows: what each statement selects given the records its snapshot holds
    /// (`live`), as lines of the program's `P__sees` pred.
    seen: Vec<String>,
    /// INSERT and DELETE statements so far, in program order.
    alive_writers: Vec<String>,
    /// Whether a line of `seen` names `own` (every record the instance inserts or
    /// deletes), so that the pred binds it only then.
    uses_own: bool,
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
    params: &[(String, String)],
    single: &dyn Fn(&Name, &Name) -> bool,
    out: &mut Vec<(String, String)>,
) -> bool {
    let is_param = |n: &Name| params.iter().any(|(p, _)| *p == n.text);
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
