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
    };
    b.check_names(app);
    b.tables(app);
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
}

/// What a name in an expression stands for.
#[derive(Clone, Debug)]
enum Value {
    /// An exact value: its Alloy expression, its sort, and whether it is one atom.
    Known {
        alloy: String,
        sort: String,
        scalar: bool,
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
        let tops = app
            .tables
            .iter()
            .map(|t| (&t.name, "table"))
            .chain(app.programs.iter().map(|p| (&p.name, "program")))
            .chain(app.levels.iter().map(|l| (&l.name, "level")));
        for (name, what) in tops {
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
                    for (c, _) in sets {
                        updated.insert((table.text.clone(), c.text.clone()));
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
                let mutable = updated.contains(&(t.name.text.clone(), c.name.text.clone()));
                columns.push(ColumnInfo {
                    name: c.name.text.clone(),
                    sort,
                    key: c.key,
                    mutable,
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
                    let (holds, fails, _) = self.cond(cond, None, ctx, locals);
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
                        sort: c.sort,
                        scalar: false,
                    },
                    _ => Value::Unknown,
                }
            }
            Expr::Arith(a, b) => {
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

    /// (formula implied when `c` holds, formula implied when it fails, exact)
    fn cond(
        &mut self,
        c: &Cond,
        row: Option<usize>,
        ctx: &ProgramCtx,
        locals: &Locals,
    ) -> (String, String, bool) {
        match c {
            Cond::Bool(true) => (TRUE.into(), FALSE.into(), true),
            Cond::Bool(false) => (FALSE.into(), TRUE.into(), true),
            Cond::Not(inner) => {
                let (h, f, exact) = self.cond(inner, row, ctx, locals);
                (f, h, exact)
            }
            Cond::And(a, b) => {
                let (ha, fa, ea) = self.cond(a, row, ctx, locals);
                let (hb, fb, eb) = self.cond(b, row, ctx, locals);
                (and(ha, hb), or(fa, fb), ea && eb)
            }
            Cond::Or(a, b) => {
                let (ha, fa, ea) = self.cond(a, row, ctx, locals);
                let (hb, fb, eb) = self.cond(b, row, ctx, locals);
                (or(ha, hb), and(fa, fb), ea && eb)
            }
            Cond::Cmp(a, op, b) => {
                let va = self.value(a, row, ctx, locals);
                let vb = self.value(b, row, ctx, locals);
                let (
                    Value::Known {
                        alloy: xa,
                        sort: sa,
                        scalar: ka,
                    },
                    Value::Known {
                        alloy: xb,
                        sort: sb,
                        scalar: kb,
                    },
                ) = (va, vb)
                else {
                    return (TRUE.into(), TRUE.into(), false);
                };
                if sa != sb {
                    return (TRUE.into(), TRUE.into(), false);
                }
                let eq = match (ka, kb) {
                    (true, true) => Some(format!("{xa} = {xb}")),
                    (true, false) => Some(format!("{xa} in {xb}")),
                    (false, true) => Some(format!("{xb} in {xa}")),
                    (false, false) => Some(format!("some ({xa} & {xb})")),
                };
                let both_scalar = ka && kb;
                match (op, eq) {
                    (CmpOp::Eq, Some(eq)) if both_scalar => {
                        (eq.clone(), format!("not ({eq})"), true)
                    }
                    // Over the union of a local's records: implied when it holds only.
                    (CmpOp::Eq, Some(eq)) => (eq, TRUE.into(), false),
                    (CmpOp::Ne, Some(eq)) if both_scalar => (format!("not ({eq})"), eq, true),
                    _ => (TRUE.into(), TRUE.into(), false),
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
            let (h, _, exact) = self.cond(f, Some(table), ctx, locals);
            holds = h;
            where_exact = exact;
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
                    // Values are computed before the row exists: no columns of it.
                    if let Value::Known {
                        alloy,
                        sort,
                        scalar,
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
                lines.push(format!(
                    "{atom} in t.ran => {atom}.(t.cand) = {{ r: {} | {holds} }}",
                    info.name
                ));
                if exact {
                    lines.push(format!("{atom}.(t.sel) = {atom}.(t.cand)"));
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
        });
        Some(atom)
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
            let _ = writeln!(out, "sig {d} {{}}");
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
        let _ = writeln!(out, "}}");
        out.push_str(&self.out);
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
        Expr::Arith(a, b) => {
            expr_columns(a, out);
            expr_columns(b, out);
        }
        Expr::Call(_, args) => args.iter().for_each(|a| expr_columns(a, out)),
        _ => {}
    }
}
