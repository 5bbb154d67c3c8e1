//! What the program file's declarations and statements say of columns (their sorts,
//! which are mutable, which tables change), read from the syntax tree, and what each
//! statement reads, writes and scans by its text.

use std::collections::{BTreeMap, BTreeSet};

use crate::apps::programs::model::{AppModel, Ty};
use crate::apps::programs::syntax::{Cond, Expr, SelectItem, Sql, Stmt};

/// What the declarations and statements say of columns, read from the syntax tree.
pub(super) struct Schema {
    /// (table, column) that some UPDATE sets.
    pub(super) mutable: BTreeSet<(String, String)>,
    /// Tables that some INSERT or DELETE changes.
    pub(super) dynamic: BTreeSet<String>,
    /// (table, column) -> the sig of its values.
    pub(super) sort: BTreeMap<(String, String), String>,
    /// (program, parameter) -> the sig of its values.
    pub(super) param_sort: BTreeMap<(usize, String), String>,
}

fn sort_of(ty: Option<&str>) -> String {
    match ty.and_then(Ty::of_name) {
        Some(Ty::Domain(d)) => d,
        _ => "Val".into(),
    }
}

pub(super) fn walk_sql<'a>(stmts: &'a [Stmt], f: &mut dyn FnMut(&'a Stmt, &'a Sql)) {
    for s in stmts {
        match s {
            Stmt::Sql { sql, .. } => f(s, sql),
            Stmt::If {
                then, otherwise, ..
            } => {
                walk_sql(then, f);
                walk_sql(otherwise, f);
            }
            Stmt::Foreach { body, .. } => walk_sql(body, f),
            Stmt::Rollback { .. } => {}
        }
    }
}

impl Schema {
    pub(super) fn new(app: &AppModel) -> Schema {
        let mut mutable = BTreeSet::new();
        let mut dynamic = BTreeSet::new();
        for p in &app.app.programs {
            walk_sql(&p.body, &mut |_, sql| match sql {
                Sql::Update { table, sets, .. } => {
                    for (c, _) in sets {
                        mutable.insert((table.text.clone(), c.text.clone()));
                    }
                }
                Sql::Insert { table, .. } | Sql::Delete { table, .. } => {
                    dynamic.insert(table.text.clone());
                }
                Sql::Select { .. } => {}
            });
        }
        let sort = app
            .app
            .tables
            .iter()
            .flat_map(|t| {
                t.columns.iter().map(|c| {
                    (
                        (t.name.text.clone(), c.name.text.clone()),
                        sort_of(c.ty.as_ref().map(|n| n.text.as_str())),
                    )
                })
            })
            .collect();
        let param_sort = app
            .app
            .programs
            .iter()
            .enumerate()
            .flat_map(|(i, p)| {
                p.params
                    .iter()
                    .map(move |(n, ty)| ((i, n.text.clone()), sort_of(Some(&ty.text))))
            })
            .collect();
        Schema {
            mutable,
            dynamic,
            sort,
            param_sort,
        }
    }

    pub(super) fn is_mutable(&self, table: &str, col: &str) -> bool {
        self.mutable.contains(&(table.to_string(), col.to_string()))
    }

    fn columns(&self, table: &str) -> impl Iterator<Item = &String> {
        self.sort
            .keys()
            .filter(move |(t, _)| t == table)
            .map(|(_, c)| c)
    }

    /// The fields a statement reads of the records it selects, writes of them, and
    /// reads (in its WHERE clause) of every candidate.
    pub(super) fn effects(&self, sql: &Sql) -> [BTreeSet<String>; 3] {
        let (mut reads, mut writes, mut scans) =
            (BTreeSet::new(), BTreeSet::new(), BTreeSet::new());
        let table = match sql {
            Sql::Select { table, .. }
            | Sql::Update { table, .. }
            | Sql::Insert { table, .. }
            | Sql::Delete { table, .. } => table.text.as_str(),
        };
        let field = |c: &str| format!("{table}_{c}");
        let mutable_names = |e: &Expr, out: &mut BTreeSet<String>| {
            let mut names = Vec::new();
            bare_names(e, &mut names);
            for n in names {
                if self.is_mutable(table, &n) {
                    out.insert(field(&n));
                }
            }
        };
        let filter = match sql {
            Sql::Select { filter, .. }
            | Sql::Update { filter, .. }
            | Sql::Delete { filter, .. } => filter.as_ref(),
            Sql::Insert { .. } => None,
        };
        if let Some(f) = filter {
            let mut exprs = Vec::new();
            cond_exprs(f, &mut exprs);
            for e in exprs {
                mutable_names(e, &mut scans);
            }
        }
        if self.dynamic.contains(table) && !matches!(sql, Sql::Insert { .. }) {
            scans.insert("Alive".into());
        }
        match sql {
            Sql::Select { items, .. } => {
                for item in items {
                    match item {
                        SelectItem::Star => reads.extend(
                            self.columns(table)
                                .filter(|c| self.is_mutable(table, c))
                                .map(|c| field(c)),
                        ),
                        SelectItem::Column(c) | SelectItem::Aggregate(_, Some(c)) => {
                            if self.is_mutable(table, &c.text) {
                                reads.insert(field(&c.text));
                            }
                        }
                        SelectItem::Aggregate(_, None) => {}
                    }
                }
            }
            Sql::Update { sets, .. } => {
                for (c, e) in sets {
                    writes.insert(field(&c.text));
                    mutable_names(e, &mut reads);
                }
            }
            Sql::Insert { .. } => {
                writes.insert("Alive".into());
                writes.extend(
                    self.columns(table)
                        .filter(|c| self.is_mutable(table, c))
                        .map(|c| field(c)),
                );
            }
            Sql::Delete { .. } => {
                writes.insert("Alive".into());
            }
        }
        [reads, writes, scans]
    }
}

fn bare_names(e: &Expr, out: &mut Vec<String>) {
    match e {
        Expr::Name(n) => out.push(n.text.clone()),
        Expr::Arith(a, _, b) => {
            bare_names(a, out);
            bare_names(b, out);
        }
        Expr::Call(_, args) => args.iter().for_each(|a| bare_names(a, out)),
        Expr::Num(..) | Expr::Str(..) | Expr::Bool(..) | Expr::Dot(..) => {}
    }
}

fn cond_exprs<'a>(c: &'a Cond, out: &mut Vec<&'a Expr>) {
    match c {
        Cond::Bool(_) => {}
        Cond::Not(a) => cond_exprs(a, out),
        Cond::And(a, b) | Cond::Or(a, b) => {
            cond_exprs(a, out);
            cond_exprs(b, out);
        }
        Cond::Cmp(a, _, b) => {
            out.push(a);
            out.push(b);
        }
    }
}
