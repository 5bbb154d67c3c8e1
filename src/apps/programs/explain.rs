//! A violation in the program's own terms: the instances (program, parameters, what
//! each statement read and wrote), the execution (ar, vis) and the dependency cycle
//! named edge by edge with the statements that cause each edge.
//!
//! Before it is reported, the solver's execution is read back independently of the
//! model's formulas (`replay`): every instance's program runs again from the syntax
//! tree, statement by statement and FOREACH iteration by iteration, on the witness's
//! records (their values, which existed initially, and which of them each snapshot
//! holds), following the semantics the README states: the records each WHERE clause
//! may and must select and those it reads, the branch each IF may take, the records
//! each FOREACH runs over, what each INSERT adds, MIN and MAX, keys taken from
//! counters. Every selection, branch and iteration of the witness must be one the
//! programs allow. The locations each statement reads and writes, the dependency
//! graph, and the level's axioms (for the library's levels) are computed here again
//! too. A witness that fails any of this is an internal error, never a violation.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use crate::diagnostic::{Diagnostic, Errors};
use crate::logic::TupleSet;
use crate::render::names::alloy_atom_names;
use crate::session::CommandRun;

use super::model::AppModel;

mod replay;

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
    /// The IFs outside loops it reached (indexes into `AppModel::flags`), each with
    /// whether it took the first branch, in the order run.
    pub branches: Vec<(usize, bool)>,
}

#[derive(Clone, Debug)]
pub struct Step {
    pub stmt: usize,
    /// The records it selected (for an INSERT, those it added), over all iterations.
    pub selected: Vec<u32>,
    /// What it read of other instances' writes (or the initial values).
    pub reads: Vec<Loc>,
    /// What it read of its own instance's writes: locations a statement that ran
    /// before it (all its iterations done) wrote. No dependency edge comes of them.
    pub own_reads: Vec<Loc>,
    pub writes: Vec<Loc>,
    /// Under Read Committed, the instances whose writes this statement's snapshot
    /// holds; `None`: the instance's (`vis`).
    pub sees: Option<Vec<usize>>,
    /// The records it reads at their newest version, that of every instance before its
    /// own, not from its snapshot: under an engine's row locks (PostgreSQL's Read
    /// Committed, MySQL's Repeatable Read), those an UPDATE or DELETE changes — it waits
    /// for the row's lock and reads the row again — and those its instance's UPDATEs
    /// and DELETEs changed before it, which it reads in its own version of the row.
    pub latest: Vec<u32>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum EdgeKind {
    Wr,
    Ww,
    Rw,
    /// Session order (`--sessions`): no location.
    So,
}

impl EdgeKind {
    pub fn name(self) -> &'static str {
        match self {
            EdgeKind::Wr => "wr",
            EdgeKind::Ww => "ww",
            EdgeKind::Rw => "rw",
            EdgeKind::So => "so",
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
    /// Session order (`--sessions`) as pairs of instance indexes; empty without
    /// sessions.
    pub so: Vec<(usize, usize)>,
    pub cycle: Vec<Edge>,
    /// Record atoms as shown (`Saving[custid=Cust$0]`).
    pub records: BTreeMap<u32, String>,
    /// Every record of the witness with its table, whether it exists before any
    /// instance runs, and its immutable columns' values: what a real database needs
    /// to start from the same state (`postgres`).
    pub rows: Vec<RowView>,
    /// The values of ordered domains (`<` compares them), by atom name: their rank.
    pub ranks: BTreeMap<String, usize>,
}

#[derive(Clone, Debug)]
pub struct RowView {
    pub table: String,
    pub record: u32,
    pub initially: bool,
    /// (column, value as an atom name), immutable columns only.
    pub values: Vec<(String, String)>,
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

/// `values D = alice, bob;`: D's atoms take the names in turn — those the instances'
/// parameters hold first, then those of the records' columns, then by their numbering
/// (an ordered domain's by its order). Display only.
fn name_values(app: &AppModel, run: &CommandRun, names: &mut [String]) -> Result<(), Errors> {
    if app.value_names.is_empty() {
        return Ok(());
    }
    let Some(inst) = run.instance() else {
        return Ok(());
    };
    let rel =
        |n: &str| relation(run, n).ok_or_else(|| internal(format!("relation `{n}` is missing")));
    let params: BTreeSet<String> = app
        .app
        .programs
        .iter()
        .flat_map(|p| p.params.iter().map(|(n, _)| super::model::ident(&n.text)))
        .collect();
    let columns: BTreeSet<String> = app
        .app
        .tables
        .iter()
        .flat_map(|t| t.columns.iter().map(|c| super::model::ident(&c.name.text)))
        .collect();
    let mut held: BTreeMap<u32, u8> = BTreeMap::new();
    for (r, value) in run.bounds().relations.iter().zip(&inst.values) {
        let bare = r
            .name
            .rsplit(['/', '.', '<', ':'])
            .next()
            .unwrap_or(&r.name);
        let tier = if params.contains(bare) {
            0
        } else if columns.contains(bare) {
            1
        } else {
            continue;
        };
        for t in value.iter() {
            if let Some(&a) = t.last() {
                let e = held.entry(a).or_insert(tier);
                *e = (*e).min(tier);
            }
        }
    }
    for (sort, given) in &app.value_names {
        let mut atoms: Vec<(usize, usize)> = names
            .iter()
            .enumerate()
            .filter_map(|(a, n)| {
                let k = n
                    .strip_prefix(sort.as_str())?
                    .strip_prefix('$')?
                    .parse()
                    .ok()?;
                Some((k, a))
            })
            .collect();
        if app.ordered.contains(sort) {
            let lt = rel(&format!("{sort}<:{sort}__lt"))?;
            for (k, a) in &mut atoms {
                *k = lt.iter().filter(|t| t[1] as usize == *a).count();
            }
        }
        // An ordered domain keeps its order: the names are listed least first.
        let ordered = app.ordered.contains(sort);
        atoms.sort_by_key(|&(k, a)| {
            let tier = held.get(&(a as u32)).copied().unwrap_or(2);
            (if ordered { 0 } else { tier }, k)
        });
        // Numbers name `int` values (the replay's SQL stores them): the atoms past the
        // list take the numbers after the greatest, so that no two values coincide.
        let mut next = given
            .iter()
            .filter_map(|g| g.parse::<i64>().ok())
            .max()
            .map(|m| m + 1);
        for (i, (_, a)) in atoms.into_iter().enumerate() {
            match (given.get(i), next.as_mut()) {
                (Some(g), _) => names[a] = g.clone(),
                (None, Some(n)) if sort == "Val" => {
                    names[a] = n.to_string();
                    *n += 1;
                }
                (None, _) => {}
            }
        }
    }
    Ok(())
}

fn internal(message: String) -> Errors {
    Errors::from(Diagnostic::global(format!("internal error: {message}")))
}

/// Read the violation of a satisfied bounded-search command of the level `pred`, and
/// check it against the programs' semantics (`replay`); with `exact_rows`, statements
/// also select only records their snapshot holds (rows abstracted: any candidates, on
/// tables with INSERT or DELETE).
pub fn read(
    app: &AppModel,
    run: &CommandRun,
    pred: &str,
    exact_rows: bool,
    sessions: bool,
) -> Result<Violation, Errors> {
    let inst = run
        .instance()
        .ok_or_else(|| internal("no instance to explain".into()))?;
    let mut names = alloy_atom_names(&run.command.presentation, inst);
    let rel =
        |n: &str| relation(run, n).ok_or_else(|| internal(format!("relation `{n}` is missing")));
    name_values(app, run, &mut names)?;
    let name = |a: u32| {
        names
            .get(a as usize)
            .cloned()
            .unwrap_or_else(|| format!("#{a}"))
    };
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
    for (i, &(a, _)) in atoms.iter().enumerate() {
        if before(a) != i {
            return Err(internal(format!(
                "ar is not a total order of the instances: {ar:?}"
            )));
        }
    }
    // Records shown by their key columns.
    let mut records: BTreeMap<u32, String> = BTreeMap::new();
    for t in &app.tables {
        let keys = t.key_names();
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
    let vis_pairs: Vec<(usize, usize)> = vis
        .iter()
        .filter_map(|t| Some((*index.get(&t[0])?, *index.get(&t[1])?)))
        .collect();
    let snap = if super::statement_snapshots(pred) {
        Some(skolem("snap")?)
    } else {
        None
    };
    let witness = replay::Witness::read(app, run, &atoms, snap.as_ref())?;
    let locking = matches!(pred, "ExecPostgresRC" | "ExecMySQLRR");
    let mut instances =
        replay::replay(app, &witness, &vis_pairs, exact_rows, locking, &name, &records).map_err(|m| {
            internal(format!(
                "the solver's execution does not follow the programs: {m}; please report this program file"
            ))
        })?;
    if locking {
        for inst in &mut instances {
            let mut changed = BTreeSet::new();
            for s in &mut inst.steps {
                let info = &app.stmts[s.stmt];
                let mut newest = changed.clone();
                if !info.insert && !info.writes.is_empty() {
                    newest.extend(s.selected.iter().copied());
                    changed.extend(s.selected.iter().copied());
                }
                s.latest = newest.into_iter().collect();
            }
        }
    }
    if pred == "ExecMySQLRR"
        && let Some(m) =
            replay::mysql_rr_broken(&instances, &vis_pairs, &|s| !app.stmts[s].writes.is_empty())
    {
        return Err(internal(format!(
            "the solver's execution breaks {pred} when read back: {m}; please report this program file"
        )));
    }
    if pred == "ExecPostgresRC"
        && let Some(m) = replay::postgres_rc_broken(&instances, &|s| app.stmts[s].insert)
    {
        return Err(internal(format!(
            "the solver's execution breaks {pred} when read back: {m}; please report this program file"
        )));
    }
    if let Some(m) = replay::level_broken(pred, &instances, &vis_pairs) {
        return Err(internal(format!(
            "the solver's execution breaks {pred} when read back: {m}; please report this program file"
        )));
    }
    if matches!(pred, "ExecPostgresRR" | "ExecPostgresRC" | "ExecMySQLRR") && exact_rows {
        let initially: BTreeSet<u32> = witness
            .rows(app, &name)
            .iter()
            .filter(|r| r.initially)
            .map(|r| r.record)
            .collect();
        if let Some(m) = replay::keys_broken(&instances, &|s| app.stmts[s].insert, &initially) {
            return Err(internal(format!(
                "the solver's execution breaks {pred} when read back: {m}; please report this program file"
            )));
        }
    }
    let so_pairs: Vec<(usize, usize)> = if sessions {
        skolem("so")?
            .iter()
            .filter_map(|t| Some((*index.get(&t[0])?, *index.get(&t[1])?)))
            .collect()
    } else {
        Vec::new()
    };
    if let Some(m) = replay::sessions_broken(
        &instances,
        &vis_pairs,
        &so_pairs,
        super::statement_snapshots(pred),
    ) {
        return Err(internal(format!(
            "the solver's sessions break their rules when read back: {m}; please report this program file"
        )));
    }
    let cycle = shortest_cycle(&instances, &vis_pairs, &so_pairs).ok_or_else(|| {
        internal(
            "the solver reported a dependency cycle that the independent reading of its \
             execution does not find; please report this program file"
                .into(),
        )
    })?;
    let rows = witness.rows(app, &name);
    let ranks = witness.ranks(&name);
    Ok(Violation {
        instances,
        vis: vis_pairs,
        so: so_pairs,
        cycle,
        records,
        rows,
        ranks,
    })
}

/// Who writes what and which version each read sees, in an execution whose ar is
/// instance order. Versions are numbered as the history notation writes values: a
/// location's initial value is 0 and its k-th writer in ar order writes k. A read's
/// version depends only on the reading statement and the location (it sees the ar-last
/// writer visible to it: to its instance, or under Read Committed to the statement), so
/// both are looked up by (instance, statement, location).
pub struct Versions<'a> {
    /// location -> [(instance, statement)] of its writers, in ar order.
    writers: BTreeMap<&'a Loc, Vec<(usize, usize)>>,
    visible: BTreeSet<(usize, usize)>,
    /// (instance, statement) -> the instances its own snapshot holds (Read Committed).
    statement_visible: BTreeMap<(usize, usize), BTreeSet<usize>>,
    /// (instance, statement) -> the records it reads at their newest version
    /// (`Step::latest`).
    latest: BTreeMap<(usize, usize), BTreeSet<u32>>,
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
        let statement_visible = instances
            .iter()
            .enumerate()
            .flat_map(|(i, inst)| {
                inst.steps.iter().filter_map(move |s| {
                    Some(((i, s.stmt), s.sees.as_ref()?.iter().copied().collect()))
                })
            })
            .collect();
        let latest = instances
            .iter()
            .enumerate()
            .flat_map(|(i, inst)| {
                inst.steps
                    .iter()
                    .filter(|s| !s.latest.is_empty())
                    .map(move |s| ((i, s.stmt), s.latest.iter().copied().collect()))
            })
            .collect();
        Versions {
            writers,
            visible: vis.iter().copied().collect(),
            statement_visible,
            latest,
        }
    }

    fn sees(&self, reader: usize, stmt: usize, writer: usize, record: u32) -> bool {
        if self
            .latest
            .get(&(reader, stmt))
            .is_some_and(|rs| rs.contains(&record))
        {
            return writer < reader;
        }
        match self.statement_visible.get(&(reader, stmt)) {
            Some(sees) => sees.contains(&writer),
            None => self.visible.contains(&(writer, reader)),
        }
    }

    fn writers_of(&self, loc: &Loc) -> &[(usize, usize)] {
        self.writers.get(loc).map_or(&[], |w| w.as_slice())
    }

    /// The writer (instance, statement) whose version statement `stmt` of `reader`
    /// reads, with its position among the location's writers; `None`: the initial value.
    pub(crate) fn source(
        &self,
        reader: usize,
        stmt: usize,
        loc: &Loc,
    ) -> Option<(usize, (usize, usize))> {
        self.writers_of(loc)
            .iter()
            .enumerate()
            .rev()
            .find(|(_, (w, _))| self.sees(reader, stmt, *w, loc.0))
            .map(|(k, &w)| (k, w))
    }

    /// The version of `loc` that statement `stmt` of instance `reader` reads.
    pub fn read(&self, reader: usize, stmt: usize, loc: &Loc) -> usize {
        self.source(reader, stmt, loc).map_or(0, |(k, _)| k + 1)
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
                let source = versions.source(i, s.stmt, l).map(|(_, w)| w);
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

/// A shortest cycle of the dependency graph with the session order (breadth-first from
/// each instance).
fn shortest_cycle(
    instances: &[InstanceView],
    vis: &[(usize, usize)],
    so: &[(usize, usize)],
) -> Option<Vec<Edge>> {
    let mut edges = dependency_edges(instances, vis);
    // A session edge has no location or statements of its own: its instances' first.
    let first = |i: usize| instances[i].steps.first().map_or(0, |s| s.stmt);
    edges.extend(so.iter().map(|&(a, b)| Edge {
        from: a,
        to: b,
        kind: EdgeKind::So,
        loc: (u32::MAX, String::new()),
        from_stmt: first(a),
        to_stmt: first(b),
    }));
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
