//! `col: D references T`: the checks a database makes for a foreign key, written as
//! the program statements that make them. After each INSERT that sets such a column,
//! the program looks the referenced row up by its key and rolls back when its snapshot
//! does not hold it:
//!
//! ```text
//! INSERT INTO Enrollment VALUES (eid = e, student = s);
//! __ref1 := SELECT sid FROM Student WHERE sid = s;
//! IF __ref1.sid = s { } ELSE { ROLLBACK; }
//! ```
//!
//! So the check reads the referenced row's existence (a dependency, as the engine's
//! check is) and every later stage (model, read-back, views, replay, the referee's
//! differential of ROLLBACK and exact IFs) sees ordinary statements. The lookup comes
//! after the INSERT, as an engine checks the key while inserting, so that under Read
//! Committed its snapshot is at least the INSERT's. The statements are parsed from text
//! appended to the program file's, so that their spans (and the text views show) are
//! real; diagnostics never point there (everything they could say is checked first).
//!
//! What is not modeled is refused: an UPDATE of a referencing column, and a DELETE
//! from a referenced table (the engine's check of the rows that still reference it).

use std::collections::BTreeMap;

use crate::diagnostic::{Diagnostic, FileId, Span};

use super::syntax::{self, App, Expr, Sql, Stmt};

/// The program file with a lookup and a ROLLBACK after each INSERT that sets a
/// referencing column, and the text those statements' spans point into (the file's
/// text, then theirs).
pub fn with_reference_checks(
    app: App,
    text: &str,
    file: FileId,
) -> Result<(App, String), Vec<Diagnostic>> {
    // (table, column) -> (referenced table, its key column)
    let mut refs: BTreeMap<(String, String), (String, String)> = BTreeMap::new();
    let mut errors = Vec::new();
    for t in &app.tables {
        for c in &t.columns {
            let Some(target) = &c.references else {
                continue;
            };
            let Some(parent) = app.tables.iter().find(|p| p.name.text == target.text) else {
                errors.push(Diagnostic::error(
                    target.span,
                    format!(
                        "`{}` references an unknown table `{}`",
                        c.name.text, target.text
                    ),
                ));
                continue;
            };
            let keys: Vec<_> = parent.columns.iter().filter(|k| k.key).collect();
            let [key] = keys[..] else {
                errors.push(
                    Diagnostic::error(
                        target.span,
                        format!(
                            "`{}` has {} key columns; a reference names a table with one",
                            parent.name.text,
                            keys.len()
                        ),
                    )
                    .with_help(
                        "a column references the whole key of a table with a one-column key",
                    ),
                );
                continue;
            };
            let ty = |c: &syntax::Column| c.ty.as_ref().map(|t| t.text.clone());
            if ty(c) != ty(key) {
                errors.push(Diagnostic::error(
                    c.name.span,
                    format!(
                        "`{}` references `{}`, whose key `{}` has another type",
                        c.name.text, parent.name.text, key.name.text
                    ),
                ));
                continue;
            }
            refs.insert(
                (t.name.text.clone(), c.name.text.clone()),
                (parent.name.text.clone(), key.name.text.clone()),
            );
        }
    }
    if refs.is_empty() && errors.is_empty() {
        return Ok((app, text.to_string()));
    }
    // What is not modeled: changing a referencing column, deleting a referenced row.
    let referenced: BTreeMap<&str, &(String, String)> =
        refs.iter().map(|(k, (p, _))| (p.as_str(), k)).collect();
    for p in &app.programs {
        walk(&p.body, &mut |s| {
            let Stmt::Sql { sql, span, .. } = s else {
                return;
            };
            match sql {
                Sql::Update { table, sets, .. } => {
                    for (c, _) in sets {
                        if refs.contains_key(&(table.text.clone(), c.text.clone())) {
                            errors.push(Diagnostic::error(
                                c.span,
                                format!(
                                    "`{}` references another table; updating it is not supported yet",
                                    c.text
                                ),
                            ).with_help("insert a new row instead, or drop `references` (the check would then be yours)"));
                        }
                    }
                }
                Sql::Delete { table, .. } => {
                    if let Some((child, col)) = referenced.get(table.text.as_str()) {
                        errors.push(Diagnostic::error(
                            *span,
                            format!(
                                "`{child}.{col}` references `{}`; deleting from it (the engine's check that no row still references the deleted one) is not supported yet",
                                table.text
                            ),
                        ).with_help("drop `references` and write the check: SELECT the referencing rows, then IF … { ROLLBACK; }"));
                    }
                }
                Sql::Insert { table, values } => {
                    for (c, e) in values {
                        let Some((parent, _)) = refs.get(&(table.text.clone(), c.text.clone()))
                        else {
                            continue;
                        };
                        match e {
                            Expr::Dot(..) => {}
                            // In the lookup's WHERE a column of the referenced table
                            // would hide the parameter.
                            Expr::Name(n) if columns_of(&app, parent).contains(&n.text.as_str()) => {
                                errors.push(Diagnostic::error(
                                    n.span,
                                    format!(
                                        "`{}` is also a column of `{parent}`, which `{}` references: the check's lookup in `{parent}` would read the column",
                                        n.text, c.text
                                    ),
                                ).with_help("rename the parameter"));
                            }
                            Expr::Name(_) => {}
                            _ => errors.push(Diagnostic::error(
                                e.span(),
                                format!(
                                    "`{}` references another table: give it a parameter or a local's column",
                                    c.text
                                ),
                            )),
                        }
                    }
                }
                Sql::Select { .. } => {}
            }
        });
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    // The checks' text, one program per INSERT, appended to the file's.
    let mut extended = format!("{text}\n");
    let mut count = 0;
    // INSERT (by where it starts and ends) -> the checks after it
    let mut checks: BTreeMap<(u32, u32), Vec<String>> = BTreeMap::new();
    for p in &app.programs {
        walk(&p.body, &mut |s| {
            let Stmt::Sql {
                sql: Sql::Insert { table, values },
                span,
                ..
            } = s
            else {
                return;
            };
            for (c, e) in values {
                let Some((parent, key)) = refs.get(&(table.text.clone(), c.text.clone())) else {
                    continue;
                };
                count += 1;
                let value = slice(text, e.span());
                let local = format!("__ref{count}");
                let program = format!("__references{count}");
                checks
                    .entry((span.start, span.end))
                    .or_default()
                    .push(program.clone());
                extended.push_str(&format!(
                    "program {program}() {{\n  {local} := SELECT {key} FROM {parent} WHERE {key} = {value};\n  IF {local}.{key} = {value} {{ }} ELSE {{ ROLLBACK; }}\n}}\n"
                ));
            }
        });
    }
    let parsed = syntax::parse(&extended, file).map_err(|mut e| {
        // Not expected: everything the checks say was checked above.
        e.truncate(1);
        e
    })?;
    let bodies: BTreeMap<String, Vec<Stmt>> = parsed
        .programs
        .into_iter()
        .filter(|p| p.name.text.starts_with("__references"))
        .map(|p| (p.name.text, p.body))
        .collect();
    let mut app = app;
    for p in &mut app.programs {
        p.body = spliced(&p.body, &checks, &bodies);
    }
    Ok((app, extended))
}

fn columns_of<'a>(app: &'a App, table: &str) -> Vec<&'a str> {
    app.tables
        .iter()
        .filter(|t| t.name.text == table)
        .flat_map(|t| t.columns.iter().map(|c| c.name.text.as_str()))
        .collect()
}

fn slice(text: &str, span: Span) -> &str {
    &text[span.start as usize..span.end as usize]
}

/// A block with each INSERT's checks after it.
fn spliced(
    body: &[Stmt],
    checks: &BTreeMap<(u32, u32), Vec<String>>,
    bodies: &BTreeMap<String, Vec<Stmt>>,
) -> Vec<Stmt> {
    let mut out = Vec::new();
    for s in body {
        match s {
            Stmt::If {
                cond,
                then,
                otherwise,
                span,
            } => out.push(Stmt::If {
                cond: cond.clone(),
                then: spliced(then, checks, bodies),
                otherwise: spliced(otherwise, checks, bodies),
                span: *span,
            }),
            Stmt::Foreach {
                var,
                over,
                body,
                span,
            } => out.push(Stmt::Foreach {
                var: var.clone(),
                over: over.clone(),
                body: spliced(body, checks, bodies),
                span: *span,
            }),
            Stmt::Sql { span, .. } => {
                out.push(s.clone());
                for program in checks.get(&(span.start, span.end)).into_iter().flatten() {
                    out.extend(bodies[program].iter().cloned());
                }
            }
            Stmt::Rollback { .. } => out.push(s.clone()),
        }
    }
    out
}

fn walk<'a>(stmts: &'a [Stmt], f: &mut dyn FnMut(&'a Stmt)) {
    for s in stmts {
        f(s);
        match s {
            Stmt::If {
                then, otherwise, ..
            } => {
                walk(then, f);
                walk(otherwise, f);
            }
            Stmt::Foreach { body, .. } => walk(body, f),
            Stmt::Sql { .. } | Stmt::Rollback { .. } => {}
        }
    }
}
