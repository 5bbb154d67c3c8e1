//! The model text: a sig per domain, table and program, each program's behaviour fact
//! and `P__sees` pred (exact rows), the `statements` fact, `seen`, and the levels the
//! file defines.

use crate::apps::programs::syntax::App;

use super::builder::Builder;
use super::formula::ProgramCtx;
use super::info::{ColumnInfo, ident};

impl Builder<'_> {
    pub(super) fn program_facts(&mut self, ctx: &ProgramCtx) {
        use std::fmt::Write;
        let own = self.own_reads(ctx.index);
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
        let _ = writeln!(out, "    {own}");
        let _ = writeln!(out, "  }}\n}}");
        if !ctx.seen.is_empty() {
            let _ = writeln!(out, "pred {name}__sees[vis, ar: Inst -> Inst] {{");
            let _ = writeln!(out, "  all t: {name} | let live = alive[vis, ar, t] {{");
            for (_, line) in &ctx.seen {
                let _ = writeln!(out, "    {line}");
            }
            let _ = writeln!(out, "  }}\n}}");
            // Read Committed: the same, each statement in its own snapshot.
            let _ = writeln!(
                out,
                "pred {name}__seesAt[snap: Inst -> Stmt -> Inst, ar: Inst -> Inst, po: Stmt -> Stmt, latest: set Stmt] {{"
            );
            let _ = writeln!(out, "  all t: {name} {{");
            for (atom, line) in &ctx.seen {
                let _ = writeln!(
                    out,
                    "    let live = aliveAt[snap, ar, t, {atom}, po, latest] {{ {line} }}"
                );
            }
            let _ = writeln!(out, "  }}\n}}");
            self.seeing.push(name.clone());
        }
        // Program order, for Read Committed's growing snapshots: statements in the
        // order of the text (the two branches of an IF never both run).
        for (i, a) in ctx.ran.iter().enumerate() {
            for b in &ctx.ran[i + 1..] {
                self.stmt_order.push(format!("{a} -> {b}"));
            }
        }
    }

    /// The `own` line of a program's behaviour: the locations its instances read only
    /// after writing them (a statement settled before the reader wrote them: see
    /// `StmtInfo::settled`). Per reading statement, the locations it reads that settled
    /// statements wrote are its own; `own` is those minus the ones some statement reads
    /// from others. Only columns a settled statement writes can be its own, so
    /// statements reading none of them add nothing; a program with none says
    /// `no t.own`, and `own_fields` keeps (table, field) for the bound on `own`.
    fn own_reads(&mut self, program: usize) -> String {
        let stmts: Vec<(usize, &super::info::StmtInfo)> = self
            .stmts
            .iter()
            .enumerate()
            .filter(|(_, s)| s.program == program)
            .collect();
        let readable = |s: &super::info::StmtInfo| -> Vec<String> {
            s.reads.iter().chain(&s.scans).cloned().collect()
        };
        let reads_of = |s: &super::info::StmtInfo| {
            format!(
                "({0}.(t.sel) -> {0}.reads + {0}.(t.cand) -> {0}.scans)",
                s.atom
            )
        };
        // The settled statements that write a column `s` reads, and those columns.
        let earlier = |s: &super::info::StmtInfo| -> (Vec<&str>, Vec<String>) {
            let fields = readable(s);
            let mut writers = Vec::new();
            let mut written = Vec::new();
            for &(j, w) in &stmts {
                if j >= s.settled {
                    continue;
                }
                let common: Vec<String> = w
                    .writes
                    .iter()
                    .filter(|f| fields.contains(f))
                    .cloned()
                    .collect();
                if !common.is_empty() {
                    writers.push(w.atom.as_str());
                    written.extend(common);
                }
            }
            (writers, written)
        };
        let written_by = |writers: &[&str]| {
            writers
                .iter()
                .map(|w| format!("{w}.(t.sel) -> {w}.writes"))
                .collect::<Vec<_>>()
                .join(" + ")
        };
        let mut internal = Vec::new();
        let mut fields: Vec<String> = Vec::new();
        let mut pairs: Vec<String> = Vec::new();
        for &(_, s) in &stmts {
            let (writers, written) = earlier(s);
            if writers.is_empty() {
                continue;
            }
            internal.push(format!("({} & ({}))", reads_of(s), written_by(&writers)));
            for f in written {
                let pair = format!("{} -> {f}", s.table);
                if !pairs.contains(&pair) {
                    pairs.push(pair);
                }
                if !fields.contains(&f) {
                    fields.push(f);
                }
            }
        }
        if internal.is_empty() {
            return "no t.own".into();
        }
        let external: Vec<String> = stmts
            .iter()
            .filter(|(_, s)| readable(s).iter().any(|f| fields.contains(f)))
            .map(|&(_, s)| {
                let (writers, _) = earlier(s);
                if writers.is_empty() {
                    reads_of(s)
                } else {
                    format!("({} - ({}))", reads_of(s), written_by(&writers))
                }
            })
            .collect();
        self.own_fields.extend(pairs);
        format!(
            "t.own = ({}) - ({})",
            internal.join(" + "),
            external.join(" + ")
        )
    }

    pub(super) fn write(&mut self, app: &App) -> String {
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
            if t.assumed {
                // `assume exists`: every combination of key values has a row, existing
                // before any instance runs.
                let keys: Vec<(String, &str)> = t
                    .key_names()
                    .into_iter()
                    .enumerate()
                    .map(|(i, c)| (format!("k{i}"), c))
                    .collect();
                let binders: Vec<String> = keys
                    .iter()
                    .zip(t.key_sorts())
                    .map(|((v, _), sort)| format!("{v}: {sort}"))
                    .collect();
                let equal: Vec<String> = keys
                    .iter()
                    .map(|(v, c)| format!("r.{} = {v}", ident(c)))
                    .collect();
                let initially = if t.dynamic {
                    format!(" and {} in InitiallyAlive", t.name)
                } else {
                    String::new()
                };
                let _ = writeln!(
                    out,
                    "fact {0}__exists {{ (all {1} | some r: {0} | {2}){initially} }}",
                    t.name,
                    binders.join(", "),
                    equal.join(" and ")
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
        // Which locations may be read only after the instance's own write.
        let _ = writeln!(
            out,
            "  own in Inst -> ({})",
            if self.own_fields.is_empty() {
                "none -> none".to_string()
            } else {
                self.own_fields.join(" + ")
            }
        );
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
        let sees_at: Vec<String> = self
            .seeing
            .iter()
            .map(|p| format!("{p}__seesAt[snap, ar, po, latest]"))
            .collect();
        let _ = writeln!(
            out,
            "pred seenAt[snap: Inst -> Stmt -> Inst, ar: Inst -> Inst, po: Stmt -> Stmt, latest: set Stmt] {{ {} }}",
            sees_at.join(" and ")
        );
        let _ = writeln!(
            out,
            "-- program order of each program's statements (Read Committed)\nfun stmtOrder: Stmt -> Stmt {{ {} }}",
            if self.stmt_order.is_empty() {
                "none -> none".to_string()
            } else {
                self.stmt_order.join(" + ")
            }
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

/// `S = a + b`, or `no S`.
fn in_set(set: &str, atoms: &[String]) -> String {
    if atoms.is_empty() {
        format!("no {set}")
    } else {
        format!("{set} = {}", atoms.join(" + "))
    }
}
