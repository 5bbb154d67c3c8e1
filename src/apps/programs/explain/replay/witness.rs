//! The witness's relations that the replay looks at, read from the solver's instance by
//! the model's names (statement atoms, fields of the programs' sigs).

use std::collections::{BTreeMap, BTreeSet};

use crate::apps::programs::model::{AppModel, ident};
use crate::diagnostic::Errors;
use crate::session::CommandRun;

use super::schema::Schema;

use crate::apps::programs::explain::{internal, relation};

type Tuples = BTreeSet<Vec<u32>>;

/// The witness's relations that the replay looks at, by atom.
pub struct Witness {
    /// (instance atom, program), in ar order.
    pub(super) insts: Vec<(u32, usize)>,
    /// Per instance: parameter -> value.
    pub(super) params: Vec<BTreeMap<String, u32>>,
    /// Table -> its records.
    pub(super) records: BTreeMap<String, BTreeSet<u32>>,
    /// (table, immutable column) -> record -> value.
    values: BTreeMap<(String, String), BTreeMap<u32, u32>>,
    pub(super) initially: BTreeSet<u32>,
    /// Domain -> (a, b) with a before b.
    order: BTreeMap<String, BTreeSet<(u32, u32)>>,
    /// Per instance: the statements that ran, and each one's `sel` and `cand`.
    pub(super) ran: Vec<BTreeSet<usize>>,
    pub(super) sel: Vec<BTreeMap<usize, BTreeSet<u32>>>,
    pub(super) cand: Vec<BTreeMap<usize, BTreeSet<u32>>>,
    /// Per instance: the records it leaves existing (`inserted`).
    pub(super) inserted: Vec<BTreeSet<u32>>,
    /// Per instance: fields of its program's sig (per-iteration selections, filtered
    /// records, IFs inside FOREACH) -> their tuples after the instance.
    pub(super) fields: Vec<BTreeMap<String, Tuples>>,
    /// IFs outside FOREACH: the instances that took the first branch.
    pub(super) flags: BTreeMap<String, BTreeSet<u32>>,
    /// Under Read Committed, per instance: statement -> the instances (by position in
    /// ar) its snapshot holds.
    pub(super) snapshots: Option<Vec<BTreeMap<usize, BTreeSet<usize>>>>,
}

impl Witness {
    /// `snap`: Read Committed's per-statement snapshots (instance, statement, instance).
    pub fn read(
        app: &AppModel,
        run: &CommandRun,
        insts: &[(u32, usize)],
        snap: Option<&crate::logic::TupleSet>,
    ) -> Result<Witness, Errors> {
        let rel = |n: &str| {
            relation(run, n).ok_or_else(|| internal(format!("relation `{n}` is missing")))
        };
        let schema = Schema::new(app);
        let mut records = BTreeMap::new();
        let mut values = BTreeMap::new();
        for t in &app.app.tables {
            let table = &t.name.text;
            records.insert(
                table.clone(),
                rel(table)?.iter().map(|x| x[0]).collect::<BTreeSet<u32>>(),
            );
            for c in &t.columns {
                let col = &c.name.text;
                if schema.mutable.contains(&(table.clone(), col.clone())) {
                    continue;
                }
                let pairs = rel(&format!("{table}<:{}", ident(col)))?
                    .iter()
                    .map(|x| (x[0], x[1]))
                    .collect();
                values.insert((table.clone(), col.clone()), pairs);
            }
        }
        let initially = rel("InitiallyAlive")?.iter().map(|x| x[0]).collect();
        let mut order = BTreeMap::new();
        for d in &app.ordered {
            let pairs = rel(&format!("{d}<:{d}__lt"))?
                .iter()
                .map(|x| (x[0], x[1]))
                .collect();
            order.insert(d.clone(), pairs);
        }
        let stmt_of: BTreeMap<u32, usize> = app
            .stmts
            .iter()
            .enumerate()
            .filter_map(|(i, s)| Some((rel(&s.atom).ok()?.iter().next()?[0], i)))
            .collect();
        let ran_rel = rel("Inst<:ran")?;
        let sel_rel = rel("Inst<:sel")?;
        let cand_rel = rel("Inst<:cand")?;
        let inserted_rel = rel("Inst<:inserted")?;
        let by_stmt = |set: &crate::logic::TupleSet, t: u32| {
            let mut out: BTreeMap<usize, BTreeSet<u32>> = BTreeMap::new();
            for x in set.iter().filter(|x| x[0] == t) {
                if let Some(&s) = stmt_of.get(&x[1]) {
                    out.entry(s).or_default().insert(x[2]);
                }
            }
            out
        };
        let mut w = Witness {
            insts: insts.to_vec(),
            params: Vec::new(),
            records,
            values,
            initially,
            order,
            ran: Vec::new(),
            sel: Vec::new(),
            cand: Vec::new(),
            inserted: Vec::new(),
            fields: Vec::new(),
            flags: BTreeMap::new(),
            snapshots: None,
        };
        if let Some(snap) = snap {
            let position: BTreeMap<u32, usize> = insts
                .iter()
                .enumerate()
                .map(|(i, &(a, _))| (a, i))
                .collect();
            let mut per: Vec<BTreeMap<usize, BTreeSet<usize>>> = vec![BTreeMap::new(); insts.len()];
            for x in snap.iter() {
                let (Some(&t), Some(&s), Some(&v)) =
                    (position.get(&x[0]), stmt_of.get(&x[1]), position.get(&x[2]))
                else {
                    return Err(internal(format!(
                        "a snapshot tuple {x:?} names no instance and statement"
                    )));
                };
                per[t].entry(s).or_default().insert(v);
            }
            w.snapshots = Some(per);
        }
        for f in app.flags.iter().filter(|f| f.depth == 0) {
            w.flags
                .insert(f.name.clone(), rel(&f.name)?.iter().map(|x| x[0]).collect());
        }
        for &(t, p) in insts {
            let prog = &app.programs[p];
            let mut params = BTreeMap::new();
            for (param, _) in &prog.params {
                if let Some(x) = rel(&format!("{}<:{}", prog.name, ident(param)))?
                    .iter()
                    .find(|x| x[0] == t)
                {
                    params.insert(param.clone(), x[1]);
                }
            }
            w.params.push(params);
            w.ran.push(
                ran_rel
                    .iter()
                    .filter(|x| x[0] == t)
                    .filter_map(|x| stmt_of.get(&x[1]).copied())
                    .collect(),
            );
            w.sel.push(by_stmt(sel_rel, t));
            w.cand.push(by_stmt(cand_rel, t));
            w.inserted.push(
                inserted_rel
                    .iter()
                    .filter(|x| x[0] == t)
                    .map(|x| x[1])
                    .collect(),
            );
            let mut fields = BTreeMap::new();
            let names = app
                .stmts
                .iter()
                .filter(|s| s.program == p)
                .flat_map(|s| s.iterations.iter().chain(&s.filtered))
                .chain(
                    app.flags
                        .iter()
                        .filter(|f| f.program == p && f.depth > 0)
                        .map(|f| &f.name),
                );
            for f in names {
                let tuples = rel(&format!("{}<:{f}", prog.name))?
                    .iter()
                    .filter(|x| x[0] == t)
                    .map(|x| x[1..].to_vec())
                    .collect();
                fields.insert(f.clone(), tuples);
            }
            w.fields.push(fields);
        }
        for t in app.tables.iter().filter(|t| t.assumed) {
            w.assumption_holds(t, &rel)?;
        }
        Ok(w)
    }

    /// `assume exists T`: every combination of the key sorts' values is the key of a
    /// record of T that exists initially. Read from the witness, not the model's fact.
    fn assumption_holds<'r>(
        &self,
        t: &crate::apps::programs::model::TableInfo,
        rel: &dyn Fn(&str) -> Result<&'r crate::logic::TupleSet, Errors>,
    ) -> Result<(), Errors> {
        let keys = t.key_names();
        let mut combos: Vec<Vec<u32>> = vec![Vec::new()];
        for sort in t.key_sorts() {
            let atoms: Vec<u32> = rel(sort)?.iter().map(|x| x[0]).collect();
            combos = combos
                .into_iter()
                .flat_map(|c| {
                    atoms.iter().map(move |&a| {
                        let mut c = c.clone();
                        c.push(a);
                        c
                    })
                })
                .collect();
        }
        let present: BTreeSet<Vec<u32>> = self
            .records
            .get(&t.name)
            .into_iter()
            .flatten()
            .filter(|&&r| !t.dynamic || self.initially.contains(&r))
            .filter_map(|&r| keys.iter().map(|k| self.value(&t.name, k, r)).collect())
            .collect();
        match combos.into_iter().find(|c| !present.contains(c)) {
            None => Ok(()),
            Some(c) => Err(internal(format!(
                "the solver's initial database lacks a row of `{}` (assumed to exist for every key) for key atoms {c:?}; please report this program file",
                t.name
            ))),
        }
    }

    pub(super) fn value(&self, table: &str, col: &str, r: u32) -> Option<u32> {
        self.values
            .get(&(table.to_string(), col.to_string()))?
            .get(&r)
            .copied()
    }

    /// Every record with its table, initial existence and immutable values.
    pub(crate) fn rows(
        &self,
        app: &AppModel,
        name: &dyn Fn(u32) -> String,
    ) -> Vec<crate::apps::programs::explain::RowView> {
        let mut out = Vec::new();
        for t in &app.tables {
            for &r in self.records.get(&t.name).into_iter().flatten() {
                let values = t
                    .columns
                    .iter()
                    .filter_map(|c| Some((c.name.clone(), name(self.value(&t.name, &c.name, r)?))))
                    .collect();
                out.push(crate::apps::programs::explain::RowView {
                    table: t.name.clone(),
                    record: r,
                    initially: !t.dynamic || self.initially.contains(&r),
                    values,
                });
            }
        }
        out
    }

    /// The values of ordered domains by atom name: how many values come before them.
    pub(crate) fn ranks(&self, name: &dyn Fn(u32) -> String) -> BTreeMap<String, usize> {
        let mut out = BTreeMap::new();
        for pairs in self.order.values() {
            for &(a, b) in pairs {
                out.entry(name(a)).or_insert(0);
                *out.entry(name(b)).or_insert(0) += 1;
            }
        }
        out
    }

    /// `a` before `b` in the order of domain `d`.
    pub(super) fn before(&self, d: &str, a: u32, b: u32) -> bool {
        self.order.get(d).is_some_and(|o| o.contains(&(a, b)))
    }
}
