//! Serializability (Biswas and Enea's SER, and Isolde's UpdateSer) decided on the
//! history itself, for histories of thousands of transactions.
//!
//! Through the library's model a commit order over n transactions is n² variables with
//! transitivity among them. Here the only choices are those the history leaves open.
//! SER's axiom says: for every read of x by t3 from t1 and every other writer t2 of x,
//! t2 commits before t1 or after t3 (UpdateSer: only for readers that write). The edges
//! the history fixes (session order and write-read) settle most of these choices by
//! reachability, as in Cobra (Tan et al., OSDI 2020): one side already holds, or one
//! side is impossible and the other becomes a fixed edge, to a fixpoint. What is left is
//! a two-literal clause per choice over variables "a before b" for unordered pairs, and
//! acyclicity of the fixed edges with the chosen ones is checked lazily: each cycle of a
//! solver model is forbidden by a clause over the chosen edges on it (the fewest such
//! edges, by a 0-1 breadth-first search), until a model is acyclic — any topological
//! order of it is a commit order — or the clauses are unsatisfiable: no commit order.
//!
//! The library's definitions stay the specification: `tests/classify.rs` compares this
//! path with them and with the brute-force referee on random histories,
//! `ClassifyOptions::native` (`--no-native`) turns it off, and every commit order it
//! reports is checked against the axiom (`check_commit_order`) before it is shown.
//!
//! Memory: the reachability of the fixed edges is an n × n bit matrix (12.5 MB at
//! 10,000 transactions, 1.25 GB at 100,000).

use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::sat::{BackendKind, Lit, SatResult, new_backend};

use super::history::History;

/// The levels this module decides. Besides Biswas and Enea's SER and UpdateSer, the
/// levels that are SER by a theorem, whose witness the same commit order gives
/// (`../shared/reference/isolation.md` §7.1; the tests compare each with its own
/// definition in the library): Cerone's SER (vis = ar = co), Adya's SER with sessions
/// (vo = co: then so, WR, WW and RW all go forwards), Crooks's session SER (the
/// execution order co); and without the session order, Adya's PL-3 and Crooks's SER,
/// which are SER of the history without its sessions.
pub const LEVELS: &[&str] = &[
    "SER",
    "UpdateSer",
    "CeroneSER",
    "AdyaSER",
    "CrooksSessionSER",
    "AdyaPL3",
    "CrooksSER",
];

/// The axiom a level is decided by (`SER` or `UpdateSer`), and whether the session
/// order counts.
fn axiom_of(level: &str) -> (&'static str, bool) {
    match level {
        "UpdateSer" => ("UpdateSer", true),
        "AdyaPL3" | "CrooksSER" => ("SER", false),
        _ => ("SER", true),
    }
}

/// A level's witness, by the level's own names, from the commit order (transaction
/// names in order).
pub fn witness(level: &str, order: &str) -> Vec<(String, String)> {
    match level {
        "CeroneSER" => vec![
            ("ar".into(), order.to_string()),
            (
                "vis".into(),
                "ar (each transaction sees every earlier one)".into(),
            ),
        ],
        "AdyaSER" | "AdyaPL3" => vec![("vo".into(), order.to_string())],
        _ => vec![("co".into(), order.to_string())],
    }
}

/// A square bit matrix over the transactions (T0 is 0, the history's transaction i is
/// i + 1).
struct Bits {
    words: usize,
    data: Vec<u64>,
}

impl Bits {
    fn new(n: usize) -> Bits {
        let words = n.div_ceil(64);
        Bits {
            words,
            data: vec![0; n * words],
        }
    }

    fn get(&self, a: usize, b: usize) -> bool {
        self.data[a * self.words + b / 64] >> (b % 64) & 1 == 1
    }

    fn set(&mut self, a: usize, b: usize) {
        self.data[a * self.words + b / 64] |= 1 << (b % 64);
    }

    /// Row `a` |= row `b`.
    fn or_row(&mut self, a: usize, b: usize) {
        for w in 0..self.words {
            let v = self.data[b * self.words + w];
            self.data[a * self.words + w] |= v;
        }
    }
}

/// The answer for one level.
pub enum Answer {
    /// A commit order: transaction indices in order, T0 as `None`.
    Holds(Vec<Option<usize>>),
    Fails,
    /// The stop flag was raised first.
    Stopped,
}

/// Cycles forbidden per solver model: enough that a round settles many choices, few
/// enough that a round stays cheap.
const CYCLES_PER_ROUND: usize = 256;

/// The history's facts, numbered with T0 = 0.
struct Facts {
    n: usize,
    /// Fixed edges: T0 before all, each session's consecutive pairs, write-read, the
    /// recorded version orders.
    fixed: Vec<Vec<usize>>,
    /// (writer, object, reader) for every external read.
    wr: Vec<(usize, usize, usize)>,
    /// Writers of each object besides T0.
    writers: Vec<Vec<usize>>,
    /// Whether each transaction writes something (T0 does).
    updates: Vec<bool>,
}

impl Facts {
    fn new(h: &History) -> Facts {
        let n = h.txns.len() + 1;
        let (abs, _) = h.abstraction();
        let mut fixed: Vec<Vec<usize>> = vec![Vec::new(); n];
        fixed[0] = (1..n).collect();
        for s in &h.sessions {
            for pair in s.windows(2) {
                fixed[pair[0] + 1].push(pair[1] + 1);
            }
        }
        let mut writers = vec![Vec::new(); h.objects.len()];
        let mut updates = vec![true; n];
        for (i, a) in abs.iter().enumerate() {
            updates[i + 1] = !a.writes.is_empty();
            for x in a.writes.keys() {
                writers[*x].push(i + 1);
            }
        }
        // The recorded version orders: every witness order contains them.
        for (a, b) in h.known_pairs() {
            fixed[a + 1].push(b + 1);
        }
        let mut wr = Vec::new();
        for (i, rs) in h.reads_from().iter().enumerate() {
            for &(x, w) in rs {
                let w = w.map_or(0, |w| w + 1);
                wr.push((w, x, i + 1));
                if w != 0 {
                    fixed[w].push(i + 1);
                }
            }
        }
        Facts {
            n,
            fixed,
            wr,
            writers,
            updates,
        }
    }
}

/// A topological order of the graph, or `None` when it has a cycle.
fn topological(n: usize, succ: &[Vec<usize>]) -> Option<Vec<usize>> {
    let mut indegree = vec![0usize; n];
    for bs in succ {
        for &b in bs {
            indegree[b] += 1;
        }
    }
    let mut ready: Vec<usize> = (0..n).rev().filter(|&t| indegree[t] == 0).collect();
    let mut order = Vec::with_capacity(n);
    while let Some(t) = ready.pop() {
        order.push(t);
        for &b in succ[t].iter().rev() {
            indegree[b] -= 1;
            if indegree[b] == 0 {
                ready.push(b);
            }
        }
    }
    (order.len() == n).then_some(order)
}

/// Reachability (one or more edges) of an acyclic graph, `None` when it has a cycle.
fn reachability(n: usize, succ: &[Vec<usize>]) -> Option<Bits> {
    let order = topological(n, succ)?;
    let mut reach = Bits::new(n);
    for &a in order.iter().rev() {
        for &b in &succ[a] {
            reach.set(a, b);
            reach.or_row(a, b);
        }
    }
    Some(reach)
}

/// "a commits before b" or "c commits before d".
#[derive(Clone, Copy)]
struct Choice {
    a: usize,
    b: usize,
    c: usize,
    d: usize,
}

/// The choices the axiom of `level` makes, except those the fixed edges already satisfy.
fn choices(f: &Facts, level: &str, reach: &Bits) -> Vec<Choice> {
    let mut out = Vec::new();
    for &(t1, x, t3) in &f.wr {
        if level == "UpdateSer" && !f.updates[t3] {
            continue;
        }
        for &t2 in &f.writers[x] {
            if t2 == t1 || t2 == t3 || reach.get(t2, t1) || reach.get(t3, t2) {
                continue;
            }
            out.push(Choice {
                a: t2,
                b: t1,
                c: t3,
                d: t2,
            });
        }
    }
    out
}

/// Settle the choices that reachability decides, adding the edges they force to
/// `fixed`, to a fixpoint. `None` when the fixed edges close a cycle or a choice has
/// no side left.
fn prune(f: &mut Facts, mut open: Vec<Choice>) -> Option<(Vec<Choice>, Bits)> {
    loop {
        let reach = reachability(f.n, &f.fixed)?;
        let mut added = false;
        let mut left = Vec::with_capacity(open.len());
        for ch in open {
            if reach.get(ch.a, ch.b) || reach.get(ch.c, ch.d) {
                continue;
            }
            match (reach.get(ch.b, ch.a), reach.get(ch.d, ch.c)) {
                (true, true) => return None,
                (true, false) => {
                    f.fixed[ch.c].push(ch.d);
                    added = true;
                }
                (false, true) => {
                    f.fixed[ch.a].push(ch.b);
                    added = true;
                }
                (false, false) => left.push(ch),
            }
        }
        open = left;
        if !added {
            return Some((open, reach));
        }
    }
}

/// Decide `level` (one of [`LEVELS`]) on a valid history. An error means a commit order
/// that failed its own check: a bug, reported rather than shown as a witness.
pub fn decide(h: &History, level: &str, stop: Option<&Arc<AtomicBool>>) -> Result<Answer, String> {
    decide_with(h, level, stop, true).map(|(answer, _)| answer)
}

/// [`decide`], with pruning by reachability on or off (off, every choice the fixed
/// edges do not already satisfy goes to the solver: the tests compare the two), and the
/// number of choices left to the solver.
pub fn decide_with(
    h: &History,
    level: &str,
    stop: Option<&Arc<AtomicBool>>,
    prune_choices: bool,
) -> Result<(Answer, usize), String> {
    let (axiom, sessions) = axiom_of(level);
    let without;
    let h = if sessions {
        h
    } else {
        without = h.without_sessions();
        &without
    };
    let level = axiom;
    let mut f = Facts::new(h);
    let Some(reach) = reachability(f.n, &f.fixed) else {
        return Ok((Answer::Fails, 0));
    };
    let mut open = choices(&f, level, &reach);
    drop(reach);
    if prune_choices {
        let Some((left, _)) = prune(&mut f, open) else {
            return Ok((Answer::Fails, 0));
        };
        open = left;
    }
    let order = match solve(&f, &open, stop) {
        Solved::Order(order) => order,
        Solved::Unsat => return Ok((Answer::Fails, open.len())),
        Solved::Stopped => return Ok((Answer::Stopped, open.len())),
    };
    let f = Facts::new(h);
    if !check_commit_order(&f, level, &order) {
        return Err(format!(
            "internal error: the native check built a commit order that violates {level}; \
             --no-native decides it through the library's definitions"
        ));
    }
    Ok((
        Answer::Holds(order.into_iter().map(|t| t.checked_sub(1)).collect()),
        open.len(),
    ))
}

enum Solved {
    Order(Vec<usize>),
    Unsat,
    Stopped,
}

/// The open choices as clauses, with acyclicity enforced lazily (module doc).
fn solve(f: &Facts, open: &[Choice], stop: Option<&Arc<AtomicBool>>) -> Solved {
    let mut vars: HashMap<(usize, usize), Lit> = HashMap::new();
    // The pairs in variable order, smaller index first: variable v + 1 true means
    // pairs[v].0 commits before pairs[v].1.
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    let mut before = |a: usize, b: usize| -> Lit {
        let key = (a.min(b), a.max(b));
        let v = *vars.entry(key).or_insert_with(|| {
            pairs.push(key);
            pairs.len() as Lit
        });
        if a < b { v } else { -v }
    };
    let mut sat = new_backend(BackendKind::Cadical);
    if let Some(stop) = stop {
        sat.set_stop_flag(stop.clone());
    }
    for ch in open {
        let clause = [before(ch.a, ch.b), before(ch.c, ch.d)];
        sat.add_clause(&clause);
    }
    loop {
        if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            return Solved::Stopped;
        }
        match sat.solve(&[]) {
            SatResult::Unsat => return Solved::Unsat,
            SatResult::Interrupted => return Solved::Stopped,
            SatResult::Sat => {}
        }
        // The graph of this model: fixed edges (weight 0) and chosen ones (weight 1,
        // with the literal that chose them).
        let mut succ: Vec<Vec<(usize, Lit)>> = f
            .fixed
            .iter()
            .map(|bs| bs.iter().map(|&b| (b, 0)).collect())
            .collect();
        for (v, &(a, b)) in pairs.iter().enumerate() {
            let lit = v as Lit + 1;
            if sat.value(lit) {
                succ[a].push((b, lit));
            } else {
                succ[b].push((a, -lit));
            }
        }
        let plain: Vec<Vec<usize>> = succ
            .iter()
            .map(|bs| bs.iter().map(|&(b, _)| b).collect())
            .collect();
        if let Some(order) = topological(f.n, &plain) {
            return Solved::Order(order);
        }
        let cyclic = cyclic_part(f.n, &plain);
        let mut added = 0;
        'edges: for a in 0..f.n {
            if !cyclic[a] {
                continue;
            }
            for &(b, lit) in &succ[a] {
                if lit == 0 || !cyclic[b] {
                    continue;
                }
                if let Some(mut cycle) = fewest_chosen_path(&succ, &cyclic, b, a) {
                    cycle.push(lit);
                    let clause: Vec<Lit> = cycle.iter().map(|l| -l).collect();
                    sat.add_clause(&clause);
                    added += 1;
                    if added == CYCLES_PER_ROUND {
                        break 'edges;
                    }
                }
            }
        }
        debug_assert!(
            added > 0,
            "a cyclic graph has a cycle through a chosen edge"
        );
        if added == 0 {
            // Cannot happen (the fixed edges alone are acyclic); never loop forever.
            return Solved::Unsat;
        }
    }
}

/// The nodes that lie on a cycle or lead only into one: what Kahn's algorithm, run
/// forwards and backwards, leaves.
fn cyclic_part(n: usize, succ: &[Vec<usize>]) -> Vec<bool> {
    let peel = |succ: &[Vec<usize>], pred: &[Vec<usize>]| -> Vec<bool> {
        let mut degree: Vec<usize> = pred.iter().map(Vec::len).collect();
        let mut left = vec![true; n];
        let mut ready: Vec<usize> = (0..n).filter(|&t| degree[t] == 0).collect();
        while let Some(t) = ready.pop() {
            left[t] = false;
            for &b in &succ[t] {
                degree[b] -= 1;
                if degree[b] == 0 {
                    ready.push(b);
                }
            }
        }
        left
    };
    let mut pred: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (a, bs) in succ.iter().enumerate() {
        for &b in bs {
            pred[b].push(a);
        }
    }
    let forward = peel(succ, &pred);
    let backward = peel(&pred, succ);
    (0..n).map(|t| forward[t] && backward[t]).collect()
}

/// A path from `from` to `to` within `inside` with the fewest chosen edges (0-1
/// breadth-first search): the literals of its chosen edges.
fn fewest_chosen_path(
    succ: &[Vec<(usize, Lit)>],
    inside: &[bool],
    from: usize,
    to: usize,
) -> Option<Vec<Lit>> {
    let n = succ.len();
    let mut dist = vec![usize::MAX; n];
    let mut via: Vec<(usize, Lit)> = vec![(usize::MAX, 0); n];
    let mut queue = VecDeque::from([from]);
    dist[from] = 0;
    while let Some(a) = queue.pop_front() {
        if a == to {
            break;
        }
        for &(b, lit) in &succ[a] {
            if !inside[b] {
                continue;
            }
            let d = dist[a] + usize::from(lit != 0);
            if d < dist[b] {
                dist[b] = d;
                via[b] = (a, lit);
                if lit == 0 {
                    queue.push_front(b);
                } else {
                    queue.push_back(b);
                }
            }
        }
    }
    if dist[to] == usize::MAX {
        return None;
    }
    let mut lits = Vec::new();
    let mut at = to;
    while at != from {
        let (prev, lit) = via[at];
        if lit != 0 {
            lits.push(lit);
        }
        at = prev;
    }
    Some(lits)
}

/// The definition, checked on a commit order independently of how it was found: T0
/// first, every session and write-read edge forwards, and no writer of x strictly
/// between a read of x and the writer it reads from (for UpdateSer, when the reader
/// writes something).
fn check_commit_order(f: &Facts, level: &str, order: &[usize]) -> bool {
    let Some(pos) = super::saturation::positions(order, f.n) else {
        return false;
    };
    for (a, bs) in f.fixed.iter().enumerate() {
        if bs.iter().any(|&b| pos[a] >= pos[b]) {
            return false;
        }
    }
    let sorted: Vec<Vec<usize>> = f
        .writers
        .iter()
        .map(|ws| {
            let mut ps: Vec<usize> = ws.iter().map(|&w| pos[w]).collect();
            ps.sort_unstable();
            ps
        })
        .collect();
    f.wr.iter().all(|&(t1, x, t3)| {
        if level == "UpdateSer" && !f.updates[t3] {
            return true;
        }
        // Writers of x with positions in (pos t1, pos t3).
        let ps = &sorted[x];
        let from = ps.partition_point(|&p| p <= pos[t1]);
        let to = ps.partition_point(|&p| p < pos[t3]);
        from >= to
    })
}
