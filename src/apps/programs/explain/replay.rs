//! The witness read back: each instance's program run again on the solver's execution,
//! from the syntax tree and the README's semantics, with every choice the witness made
//! (records selected, IF branches, FOREACH iterations, records inserted) checked
//! against the choices the programs allow. Nothing here reads the generated model's
//! formulas; what it shares with `model` is only the naming of the model's relations
//! (statement atoms, fields) through which it reads the witness.
//!
//! `witness` reads the solver's execution, `schema` what the program file says of
//! columns, `run` runs one instance's program on it, and `counters` checks the keys
//! taken from counters; `replay` here runs every instance in ar order. `levels` checks
//! a library level's axioms on the executions read back.

mod counters;
mod levels;
mod run;
mod schema;
mod witness;

use std::collections::{BTreeMap, BTreeSet};

use crate::apps::programs::model::AppModel;
use crate::apps::programs::syntax::Stmt;

use super::{InstanceView, Loc, Step};

use counters::counters;
pub use levels::{keys_broken, level_broken, mysql_rr_broken, postgres_rc_broken, sessions_broken};
use run::{Env, Run};
use schema::{Schema, walk_sql};
pub use witness::Witness;

/// Run every instance's program again on the witness, in ar order, and return the
/// instances with what each statement read and wrote; `Err` says where the witness
/// departs from the programs. With `locking_updates` (an engine's Read Committed or
/// MySQL's Repeatable Read) a row an UPDATE changed is found by the statements after
/// it at its newest version, where it exists, whatever their snapshots hold.
pub fn replay(
    app: &AppModel,
    w: &Witness,
    vis: &[(usize, usize)],
    exact_rows: bool,
    locking_updates: bool,
    name: &dyn Fn(u32) -> String,
    records: &BTreeMap<u32, String>,
) -> Result<Vec<InstanceView>, String> {
    let schema = Schema::new(app);
    let show = |r: u32| records.get(&r).cloned().unwrap_or_else(|| name(r));
    let visible: BTreeSet<(usize, usize)> = vis.iter().copied().collect();
    // Per instance: the records whose `Alive` it writes, and those it leaves existing.
    let mut alive_writes: Vec<BTreeSet<u32>> = Vec::new();
    let mut leaves: Vec<BTreeSet<u32>> = Vec::new();
    let mut views = Vec::new();
    for (i, &(_, prog)) in w.insts.iter().enumerate() {
        // A record exists in a snapshot when the ar-last writer of its `Alive` that the
        // snapshot holds left it existing, or there is none and it existed initially.
        let alive_in = |holds: &dyn Fn(usize) -> bool| {
            let mut snapshot = BTreeSet::new();
            for table in &schema.dynamic {
                for &r in &w.records[table] {
                    let last = (0..i)
                        .rev()
                        .find(|&j| holds(j) && alive_writes[j].contains(&r));
                    let exists = match last {
                        Some(j) => leaves[j].contains(&r),
                        None => w.initially.contains(&r),
                    };
                    if exists {
                        snapshot.insert(r);
                    }
                }
            }
            snapshot
        };
        let snapshot = alive_in(&|j| visible.contains(&(j, i)));
        let statement_snapshots: BTreeMap<usize, BTreeSet<u32>> = match &w.snapshots {
            None => BTreeMap::new(),
            Some(per) => w.ran[i]
                .iter()
                .map(|&si| {
                    let holds = per[i].get(&si).cloned().unwrap_or_default();
                    (si, alive_in(&|j| holds.contains(&j)))
                })
                .collect(),
        };
        let mut run = Run {
            app,
            w,
            schema: &schema,
            i,
            prog,
            exact_rows,
            snapshot,
            statement_snapshots,
            locking_updates,
            reached: BTreeMap::new(),
            flags_reached: BTreeMap::new(),
            branches: Vec::new(),
            show: &show,
        };
        let body = &app.app.programs[prog].body;
        run.block(body, &mut Env::default(), &[])?;
        run.settle()?;
        // What each statement read and wrote, and what the instance leaves existing.
        let mut steps = Vec::new();
        let mut writes_alive = BTreeSet::new();
        let mut left = BTreeSet::new();
        let mut sqls = BTreeMap::new();
        walk_sql(body, &mut |s, sql| {
            if let Stmt::Sql { span, .. } = s {
                sqls.insert((span.start, span.end), sql);
            }
        });
        for (&si, reach) in &run.reached {
            let info = &app.stmts[si];
            let [reads, writes, scans] = schema.effects(sqls[&(info.span.start, info.span.end)]);
            let listed = |v: &Vec<String>| v.iter().cloned().collect::<BTreeSet<String>>();
            if listed(&info.reads) != reads
                || listed(&info.writes) != writes
                || listed(&info.scans) != scans
            {
                return Err(format!(
                    "{} reads {:?}, writes {:?} and scans {:?} in the model, but {reads:?}, {writes:?} and {scans:?} by its text",
                    run.stmt_name(si),
                    info.reads,
                    info.writes,
                    info.scans
                ));
            }
            let mut r_locs: BTreeSet<Loc> = BTreeSet::new();
            for &r in &reach.sel {
                r_locs.extend(reads.iter().map(|f| (r, f.clone())));
            }
            for &r in &reach.cand {
                r_locs.extend(scans.iter().map(|f| (r, f.clone())));
            }
            // What statements settled before it (all their iterations done) wrote, it
            // reads in the instance's own version.
            let mut settled_writes: BTreeSet<Loc> = BTreeSet::new();
            for (&sj, earlier) in run.reached.range(..info.settled) {
                let e = &app.stmts[sj];
                for &r in &earlier.sel {
                    settled_writes.extend(e.writes.iter().map(|f| (r, f.clone())));
                }
            }
            let own_reads: Vec<Loc> = r_locs.intersection(&settled_writes).cloned().collect();
            r_locs.retain(|l| !settled_writes.contains(l));
            let w_locs: BTreeSet<Loc> = reach
                .sel
                .iter()
                .flat_map(|&r| writes.iter().map(move |f| (r, f.clone())))
                .collect();
            if writes.contains("Alive") {
                writes_alive.extend(&reach.sel);
                if info.insert {
                    left.extend(&reach.sel);
                } else {
                    left.retain(|r| !reach.sel.contains(r));
                }
            }
            steps.push(Step {
                stmt: si,
                selected: reach.sel.iter().copied().collect(),
                reads: r_locs.into_iter().collect(),
                own_reads,
                writes: w_locs.into_iter().collect(),
                sees: w.snapshots.as_ref().map(|per| {
                    per[i]
                        .get(&si)
                        .map(|h| h.iter().copied().collect())
                        .unwrap_or_default()
                }),
                latest: Vec::new(),
            });
        }
        if left != w.inserted[i] {
            return Err(format!(
                "T{} leaves {} existing in the witness, but its statements leave {}",
                i + 1,
                run.records(&w.inserted[i]),
                run.records(&left)
            ));
        }
        alive_writes.push(writes_alive);
        leaves.push(left);
        let prog_info = &app.programs[prog];
        views.push(InstanceView {
            name: format!("T{}", i + 1),
            program: prog_info.name.clone(),
            params: prog_info
                .params
                .iter()
                .map(|(p, _)| {
                    (
                        p.clone(),
                        w.params[i].get(p).map_or_else(String::new, |&v| name(v)),
                    )
                })
                .collect(),
            steps,
            branches: run.branches.clone(),
        });
    }
    if exact_rows {
        counters(app, w, &views, vis, &show)?;
    }
    Ok(views)
}
