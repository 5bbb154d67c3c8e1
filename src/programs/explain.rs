//! A violation in the program's own terms: the instances (program, parameters, what
//! each statement read and wrote), the execution (ar, vis) and the dependency cycle
//! named edge by edge with the statements that cause each edge.
//!
//! The dependency graph is computed here again, from the instance's statements,
//! selections and (vis, ar), straight from the semantics: a second reading that does
//! not share the library's formulas. A solver answer whose graph has no cycle here is
//! reported as an internal error, never as a violation.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use crate::diagnostic::{Diagnostic, Errors};
use crate::logic::TupleSet;
use crate::render::names::alloy_atom_names;
use crate::session::CommandRun;

use super::model::AppModel;

/// A location: (record atom, field atom name).
pub type Loc = (u32, String);

#[derive(Clone, Debug)]
pub struct InstanceView {
    /// `T1`, `T2`, … in ar order.
    pub name: String,
    pub program: String,
    /// (parameter, value as an atom name)
    pub params: Vec<(String, String)>,
    /// Statements that ran (indexes into `AppModel::stmts`) with what each read and
    /// wrote.
    pub steps: Vec<Step>,
}

#[derive(Clone, Debug)]
pub struct Step {
    pub stmt: usize,
    /// The records it selected (for an INSERT, the one it added).
    pub selected: Vec<u32>,
    pub reads: Vec<Loc>,
    pub writes: Vec<Loc>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum EdgeKind {
    Wr,
    Ww,
    Rw,
}

impl EdgeKind {
    pub fn name(self) -> &'static str {
        match self {
            EdgeKind::Wr => "wr",
            EdgeKind::Ww => "ww",
            EdgeKind::Rw => "rw",
        }
    }
}

/// One edge of the cycle: from, to (instance indexes), why.
#[derive(Clone, Debug)]
pub struct Edge {
    pub from: usize,
    pub to: usize,
    pub kind: EdgeKind,
    pub loc: Loc,
    /// The statements of `from` and `to` that touch `loc`.
    pub from_stmt: usize,
    pub to_stmt: usize,
}

#[derive(Clone, Debug)]
pub struct Violation {
    pub instances: Vec<InstanceView>,
    /// vis as pairs of instance indexes.
    pub vis: Vec<(usize, usize)>,
    pub cycle: Vec<Edge>,
    /// Record atoms as shown (`Saving[custid=Cust$0]`).
    pub records: BTreeMap<u32, String>,
}

fn relation<'a>(run: &'a CommandRun, name: &str) -> Option<&'a TupleSet> {
    let inst = run.instance()?;
    let bounds = run.bounds();
    bounds
        .relations
        .iter()
        .position(|r| r.name == name || r.name.rsplit('/').next() == Some(name))
        .map(|i| &inst.values[i])
}

fn internal(message: String) -> Errors {
    Errors::from(Diagnostic::global(format!("internal error: {message}")))
}

/// Read the violation of a satisfied bounded-search command; with `exact_rows`, also
/// check that every statement selected only records its snapshot holds (and every
/// INSERT one it lacks), computed here from the versions each instance reads.
pub fn read(app: &AppModel, run: &CommandRun, exact_rows: bool) -> Result<Violation, Errors> {
    let inst = run
        .instance()
        .ok_or_else(|| internal("no instance to explain".into()))?;
    let names = alloy_atom_names(&run.command.presentation, inst);
    let name = |a: u32| {
        names
            .get(a as usize)
            .cloned()
            .unwrap_or_else(|| format!("#{a}"))
    };
    let rel =
        |n: &str| relation(run, n).ok_or_else(|| internal(format!("relation `{n}` is missing")));
    let skolem = |var: &str| {
        run.skolems()
            .into_iter()
            .find(|(n, _)| n.trim_start_matches('$').rsplit('_').next() == Some(var))
            .map(|(_, v)| v)
            .ok_or_else(|| {
                let names: Vec<String> = run.skolems().into_iter().map(|(n, _)| n).collect();
                internal(format!("witness `{var}` is missing among {names:?}"))
            })
    };
    let ar = skolem("ar")?;
    let vis = skolem("vis")?;
    // Instances, in ar order.
    let mut atoms: Vec<(u32, usize)> = Vec::new();
    for (p, prog) in app.programs.iter().enumerate() {
        for t in rel(&prog.name)?.iter() {
            atoms.push((t[0], p));
        }
    }
    let before = |a: u32| ar.iter().filter(|t| t[1] == a).count();
    atoms.sort_by_key(|&(a, _)| before(a));
    let index: BTreeMap<u32, usize> = atoms
        .iter()
        .enumerate()
        .map(|(i, &(a, _))| (a, i))
        .collect();
    // Records shown by their key columns.
    let mut records: BTreeMap<u32, String> = BTreeMap::new();
    for t in &app.tables {
        let keys: Vec<&str> = t
            .columns
            .iter()
            .filter(|c| c.key)
            .map(|c| c.name.as_str())
            .collect();
        let mut key_values: BTreeMap<u32, Vec<String>> = BTreeMap::new();
        for k in &keys {
            for tuple in rel(&format!("{}<:{}", t.name, super::model::ident(k)))?.iter() {
                key_values
                    .entry(tuple[0])
                    .or_default()
                    .push(format!("{k}={}", name(tuple[1])));
            }
        }
        for r in rel(&t.name)?.iter() {
            let shown = match key_values.get(&r[0]) {
                Some(kv) => format!("{}[{}]", t.name, kv.join(",")),
                None => name(r[0]),
            };
            records.insert(r[0], shown);
        }
    }
    let stmt_atom: BTreeMap<u32, usize> = app
        .stmts
        .iter()
        .enumerate()
        .filter_map(|(i, s)| {
            rel(&s.atom)
                .ok()
                .and_then(|v| v.iter().next().map(|t| (t[0], i)))
        })
        .collect();
    let ran = rel("Inst<:ran")?;
    let sel = rel("Inst<:sel")?;
    let cand = rel("Inst<:cand")?;
    let mut instances = Vec::new();
    for (i, &(atom, p)) in atoms.iter().enumerate() {
        let prog = &app.programs[p];
        let mut params = Vec::new();
        for (param, _) in &prog.params {
            let value = rel(&format!("{}<:{}", prog.name, super::model::ident(param)))?
                .iter()
                .find(|t| t[0] == atom)
                .map(|t| name(t[1]))
                .unwrap_or_default();
            params.push((param.clone(), value));
        }
        let mut steps = Vec::new();
        let ran_stmts: BTreeSet<usize> = ran
            .iter()
            .filter(|t| t[0] == atom)
            .filter_map(|t| stmt_atom.get(&t[1]).copied())
            .collect();
        for s in ran_stmts {
            let info = &app.stmts[s];
            let atom_of_stmt = stmt_atom.iter().find(|(_, v)| **v == s).map(|(a, _)| *a);
            let pick = |set: &TupleSet| -> Vec<u32> {
                set.iter()
                    .filter(|t| t[0] == atom && Some(t[1]) == atom_of_stmt)
                    .map(|t| t[2])
                    .collect()
            };
            let selected = pick(sel);
            let candidates = pick(cand);
            let mut reads: BTreeSet<Loc> = BTreeSet::new();
            for &r in &selected {
                reads.extend(info.reads.iter().map(|f| (r, f.clone())));
            }
            for &r in &candidates {
                reads.extend(info.scans.iter().map(|f| (r, f.clone())));
            }
            let writes: BTreeSet<Loc> = selected
                .iter()
                .flat_map(|&r| info.writes.iter().map(move |f| (r, f.clone())))
                .collect();
            steps.push(Step {
                stmt: s,
                selected: selected.clone(),
                reads: reads.into_iter().collect(),
                writes: writes.into_iter().collect(),
            });
        }
        instances.push(InstanceView {
            name: format!("T{}", i + 1),
            program: prog.name.clone(),
            params,
            steps,
        });
    }
    let vis_pairs: Vec<(usize, usize)> = vis
        .iter()
        .filter_map(|t| Some((*index.get(&t[0])?, *index.get(&t[1])?)))
        .collect();
    if exact_rows {
        let initially: BTreeSet<u32> = rel("InitiallyAlive")?.iter().map(|t| t[0]).collect();
        check_rows(app, &instances, &vis_pairs, &initially)
            .map_err(|m| internal(format!("{m}; please report this model")))?;
    }
    let cycle = shortest_cycle(&instances, &vis_pairs).ok_or_else(|| {
        internal(
            "the solver reported a dependency cycle that the independent reading of its \
             execution does not find; please report this model"
                .into(),
        )
    })?;
    Ok(Violation {
        instances,
        vis: vis_pairs,
        cycle,
        records,
    })
}

/// Exact rows, read again: a record exists in an instance's snapshot when the writer of
/// its `Alive` the instance reads inserted it, or when none is visible and it existed
/// initially. Statements on tables with INSERT or DELETE select only existing records;
/// an INSERT adds a missing one. Records the instance inserted or deleted itself before
/// are not checked.
fn check_rows(
    app: &AppModel,
    instances: &[InstanceView],
    vis: &[(usize, usize)],
    initially: &BTreeSet<u32>,
) -> Result<(), String> {
    let versions = Versions::new(instances, vis);
    for (i, inst) in instances.iter().enumerate() {
        for step in &inst.steps {
            // Records it inserted or deleted in an earlier statement (inside FOREACH:
            // in any) may exist or not, as the model does not keep the order.
            let own: BTreeSet<u32> = inst
                .steps
                .iter()
                .filter(|s| app.stmts[step.stmt].in_loop || s.stmt < step.stmt)
                .flat_map(|s| s.writes.iter())
                .filter(|(_, f)| f == "Alive")
                .map(|(r, _)| *r)
                .collect();
            let info = &app.stmts[step.stmt];
            if !app.tables.iter().any(|t| t.name == info.table && t.dynamic) {
                continue;
            }
            for &r in step.selected.iter().filter(|r| !own.contains(r)) {
                let exists = match versions.source(i, &(r, "Alive".to_string())) {
                    Some((_, (_, writer))) => app.stmts[writer].insert,
                    None => initially.contains(&r),
                };
                if exists == info.insert {
                    return Err(format!(
                        "{} of {} {} a record {} its snapshot",
                        info.text,
                        inst.name,
                        if info.insert { "inserts" } else { "selects" },
                        if info.insert {
                            "already in"
                        } else {
                            "missing from"
                        }
                    ));
                }
            }
        }
    }
    Ok(())
}

/// Who writes what and which version each read sees, in an execution whose ar is
/// instance order. Versions are numbered as the history notation writes values: a
/// location's initial value is 0 and its k-th writer in ar order writes k. A read's
/// version depends only on the reader and the location (it sees the ar-last writer
/// visible to it), so both are looked up by (instance, location).
pub struct Versions<'a> {
    /// location -> [(instance, statement)] of its writers, in ar order.
    writers: BTreeMap<&'a Loc, Vec<(usize, usize)>>,
    visible: BTreeSet<(usize, usize)>,
}

impl<'a> Versions<'a> {
    pub fn new(instances: &'a [InstanceView], vis: &[(usize, usize)]) -> Versions<'a> {
        let mut writers: BTreeMap<&Loc, Vec<(usize, usize)>> = BTreeMap::new();
        for (i, inst) in instances.iter().enumerate() {
            for s in &inst.steps {
                for l in &s.writes {
                    let w = writers.entry(l).or_default();
                    if w.last().map(|&(j, _)| j) != Some(i) {
                        w.push((i, s.stmt));
                    }
                }
            }
        }
        Versions {
            writers,
            visible: vis.iter().copied().collect(),
        }
    }

    fn writers_of(&self, loc: &Loc) -> &[(usize, usize)] {
        self.writers.get(loc).map_or(&[], |w| w.as_slice())
    }

    /// The writer (instance, statement) whose version `reader` reads, with its position
    /// among the location's writers; `None`: the initial value.
    fn source(&self, reader: usize, loc: &Loc) -> Option<(usize, (usize, usize))> {
        self.writers_of(loc)
            .iter()
            .enumerate()
            .rev()
            .find(|(_, (w, _))| self.visible.contains(&(*w, reader)))
            .map(|(k, &w)| (k, w))
    }

    /// The version of `loc` that instance `reader` reads.
    pub fn read(&self, reader: usize, loc: &Loc) -> usize {
        self.source(reader, loc).map_or(0, |(k, _)| k + 1)
    }

    /// The version of `loc` that instance `writer` writes, if it writes it.
    pub fn written(&self, writer: usize, loc: &Loc) -> Option<usize> {
        self.writers_of(loc)
            .iter()
            .position(|&(w, _)| w == writer)
            .map(|k| k + 1)
    }
}

/// Every dependency edge of an execution whose ar is instance order, straight from
/// the semantics.
pub fn dependency_edges(instances: &[InstanceView], vis: &[(usize, usize)]) -> Vec<Edge> {
    let versions = Versions::new(instances, vis);
    let mut edges = Vec::new();
    for (i, inst) in instances.iter().enumerate() {
        for s in &inst.steps {
            for l in &s.reads {
                let ws = versions.writers_of(l);
                let source = versions.source(i, l).map(|(_, w)| w);
                if let Some((w, ws_stmt)) = source {
                    edges.push(Edge {
                        from: w,
                        to: i,
                        kind: EdgeKind::Wr,
                        loc: l.clone(),
                        from_stmt: ws_stmt,
                        to_stmt: s.stmt,
                    });
                }
                for &(w, w_stmt) in ws {
                    let overwrites = match source {
                        None => true,
                        Some((src, _)) => w > src,
                    };
                    if w != i && overwrites {
                        edges.push(Edge {
                            from: i,
                            to: w,
                            kind: EdgeKind::Rw,
                            loc: l.clone(),
                            from_stmt: s.stmt,
                            to_stmt: w_stmt,
                        });
                    }
                }
            }
        }
    }
    for (l, ws) in &versions.writers {
        for (x, &(a, sa)) in ws.iter().enumerate() {
            for &(b, sb) in &ws[x + 1..] {
                edges.push(Edge {
                    from: a,
                    to: b,
                    kind: EdgeKind::Ww,
                    loc: (*l).clone(),
                    from_stmt: sa,
                    to_stmt: sb,
                });
            }
        }
    }
    edges
}

/// A shortest cycle of the dependency graph (breadth-first from each instance).
fn shortest_cycle(instances: &[InstanceView], vis: &[(usize, usize)]) -> Option<Vec<Edge>> {
    let edges = dependency_edges(instances, vis);
    let n = instances.len();
    let mut best: Option<Vec<Edge>> = None;
    for start in 0..n {
        let mut came: Vec<Option<usize>> = vec![None; n];
        let mut queue = VecDeque::from([start]);
        let mut seen = vec![false; n];
        seen[start] = true;
        let mut closing = None;
        'bfs: while let Some(u) = queue.pop_front() {
            for (e, edge) in edges.iter().enumerate().filter(|(_, e)| e.from == u) {
                if edge.to == start {
                    closing = Some(e);
                    break 'bfs;
                }
                if !seen[edge.to] {
                    seen[edge.to] = true;
                    came[edge.to] = Some(e);
                    queue.push_back(edge.to);
                }
            }
        }
        let Some(last) = closing else { continue };
        let mut path = vec![edges[last].clone()];
        let mut at = edges[last].from;
        while at != start {
            let e = came[at].expect("BFS tree reaches every queued node");
            path.push(edges[e].clone());
            at = edges[e].from;
        }
        path.reverse();
        if best.as_ref().is_none_or(|b| path.len() < b.len()) {
            best = Some(path);
        }
    }
    best
}
