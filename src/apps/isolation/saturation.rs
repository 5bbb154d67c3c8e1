//! Read Committed, Read Atomic and Causal Consistency of Biswas and Enea decided in
//! polynomial time, for large histories.
//!
//! For these three levels the commit-order edges an axiom forces do not depend on the
//! commit order: `forced[P]` with P = `so + WR` (RA) or `^(so + WR)` (CC), and
//! `forcedRC` (RC), are functions of the history. A commit order exists exactly when
//! `so + WR + forced` is acyclic (T0 first follows, since T0 precedes every transaction
//! in `so`), and any topological order of it is one. This is the library's `RAsat` and
//! `CCsat` (`stdlib/isolation/biswas.als`), computed on adjacency lists instead of
//! through a translation whose grounding of `forced` costs n³ per level.
//!
//! The forced edges are not all added: of the writers of x that a premise relates to a
//! reader, those in one session (or one chain of direct edges) are ordered by the
//! session already, so the edge from the last of them stands for the others. For CC the
//! causal past of a transaction meets each chain in a prefix, so it is a vector clock
//! over the chains (sessions, or when there are many a greedy cover of the direct edges
//! by paths), and the last writer of x in each chain below the clock is found by binary
//! search: reads × chains edges, not reads × writers.
//!
//! The library's definitions stay the reference: `tests/classify.rs` compares this
//! path with the library's and with the brute-force referee on random histories, and
//! `ClassifyOptions::saturation` (`--no-saturation`) turns it off. Every commit order it
//! reports is checked against the axiom (`check_commit_order`, which computes the
//! premises its own way) before it is shown.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

use super::history::History;

/// The levels this module decides. Adya's PL-1 and PL-2 need a version order with no
/// cycle of write-write edges (PL-1), or of write-write and write-read edges (PL-2):
/// any topological order of the recorded version orders (and of WR) is one, since every
/// such edge then goes forwards; so they hold exactly when that graph is acyclic.
pub const LEVELS: &[&str] = &["RC", "RA", "CC", "AdyaPL2", "AdyaPL1"];

/// The witness's name in a level's framework.
pub fn witness_name(level: &str) -> &'static str {
    if level.starts_with("Adya") {
        "vo"
    } else {
        "co"
    }
}

/// Sessions are the chains of CC's vector clocks up to this many; beyond, a greedy
/// path cover of the direct edges (histories without sessions have one per
/// transaction).
const MAX_SESSION_CHAINS: usize = 256;

/// The most vector-clock entries (transactions × chains) CC keeps: 800 MB.
const MAX_CLOCK_ENTRIES: usize = 200_000_000;

/// The history's dependency facts, numbered with T0 = 0.
struct Facts {
    n: usize,
    /// Direct edges: T0 before every transaction, consecutive session pairs, write-read.
    direct: Vec<Vec<usize>>,
    /// Sessions in order (T0 in none).
    sessions: Vec<Vec<usize>>,
    /// Per transaction, its reads in read order: (object, writer).
    reads: Vec<Vec<(usize, usize)>>,
    /// Per transaction, the objects it writes, sorted (T0's list is empty: it writes
    /// every object, see `writes`).
    written: Vec<Vec<usize>>,
    /// Sessions are CC's chains when there are at most this many.
    max_session_chains: usize,
    /// The recorded version orders' consecutive pairs: in every commit order, but not
    /// causal (a later version need not see the earlier one).
    known: Vec<(usize, usize)>,
}

impl Facts {
    fn new(h: &History) -> Facts {
        let n = h.txns.len() + 1;
        let (abs, _) = h.abstraction();
        let mut direct: Vec<Vec<usize>> = vec![Vec::new(); n];
        direct[0] = (1..n).collect();
        let sessions: Vec<Vec<usize>> = h
            .sessions
            .iter()
            .map(|s| s.iter().map(|t| t + 1).collect())
            .collect();
        for s in &sessions {
            for pair in s.windows(2) {
                direct[pair[0]].push(pair[1]);
            }
        }
        let mut written = vec![Vec::new(); n];
        for (i, a) in abs.iter().enumerate() {
            written[i + 1] = a.writes.keys().copied().collect();
        }
        let mut reads = vec![Vec::new(); n];
        for (i, rs) in h.reads_from().iter().enumerate() {
            for &(x, w) in rs {
                let w = w.map_or(0, |w| w + 1);
                if w != 0 {
                    direct[w].push(i + 1);
                }
                reads[i + 1].push((x, w));
            }
        }
        Facts {
            n,
            direct,
            sessions,
            reads,
            written,
            max_session_chains: MAX_SESSION_CHAINS,
            known: h
                .known_pairs()
                .iter()
                .map(|&(a, b)| (a + 1, b + 1))
                .collect(),
        }
    }

    fn writes(&self, t: usize, x: usize) -> bool {
        t == 0 || self.written[t].binary_search(&x).is_ok()
    }

    fn predecessors(&self) -> Vec<Vec<usize>> {
        let mut pred = vec![Vec::new(); self.n];
        for (a, bs) in self.direct.iter().enumerate() {
            for &b in bs {
                pred[b].push(a);
            }
        }
        pred
    }

    /// `forcedRC`: t2 -> t1 when some t3 reads x from t1 after reading some y from t2,
    /// and t2 != t1 writes x.
    fn forced_rc(&self, out: &mut [Vec<usize>]) {
        for rs in &self.reads {
            for (i, &(_, t2)) in rs.iter().enumerate() {
                for &(x, t1) in &rs[i + 1..] {
                    if t2 != t1 && self.writes(t2, x) {
                        out[t2].push(t1);
                    }
                }
            }
        }
    }

    /// `forced[so + WR]`: of the writers of x before t3 in its session, the last (the
    /// others precede it); and every writer of x that t3 reads something from.
    fn forced_ra(&self, out: &mut [Vec<usize>]) {
        for s in &self.sessions {
            let mut last: HashMap<usize, usize> = HashMap::new();
            for &t3 in s {
                for &(x, t1) in &self.reads[t3] {
                    if let Some(&t2) = last.get(&x)
                        && t2 != t1
                    {
                        out[t2].push(t1);
                    }
                }
                for &x in &self.written[t3] {
                    last.insert(x, t3);
                }
            }
        }
        for rs in &self.reads {
            for &(_, t2) in rs {
                for &(x, t1) in rs {
                    if t2 != 0 && t2 != t1 && self.writes(t2, x) {
                        out[t2].push(t1);
                    }
                }
            }
        }
    }

    /// `forced[^(so + WR)]`, through vector clocks over chains (module doc).
    fn forced_cc(&self, out: &mut [Vec<usize>]) -> Result<(), String> {
        let Some(order) = topological(&self.direct).ok() else {
            // A causal cycle: not well-formed, and cyclic whatever is added.
            return Ok(());
        };
        let chains = Chains::new(self, &order);
        let clocks = chains.clocks(self, &order)?;
        // Per object, per chain with writers of it: their (index in chain, transaction).
        let mut writers: HashMap<usize, HashMap<usize, Vec<(usize, usize)>>> = HashMap::new();
        for (c, members) in chains.members.iter().enumerate() {
            for (i, &t) in members.iter().enumerate() {
                for &x in &self.written[t] {
                    writers
                        .entry(x)
                        .or_default()
                        .entry(c)
                        .or_default()
                        .push((i, t));
                }
            }
        }
        for t3 in 1..self.n {
            let clock = &clocks[t3 * chains.count()..(t3 + 1) * chains.count()];
            for &(x, t1) in &self.reads[t3] {
                let Some(per_chain) = writers.get(&x) else {
                    continue;
                };
                for (&c, ws) in per_chain {
                    // Chain members with index < clock[c] are in t3's causal past.
                    let below = ws.partition_point(|&(i, _)| i < clock[c]);
                    if below > 0 {
                        let t2 = ws[below - 1].1;
                        if t2 != t1 {
                            out[t2].push(t1);
                        }
                    }
                }
            }
        }
        Ok(())
    }
}

/// A cover of the transactions besides T0 by chains, each ordered by direct edges (so a
/// causal past meets it in a prefix).
struct Chains {
    members: Vec<Vec<usize>>,
    /// (chain, index in it) of each transaction; T0's is unused.
    of: Vec<(usize, usize)>,
}

impl Chains {
    fn new(f: &Facts, order: &[usize]) -> Chains {
        let mut members: Vec<Vec<usize>> = Vec::new();
        if f.sessions.len() <= f.max_session_chains {
            members = f.sessions.clone();
        } else {
            // Greedy: each transaction, in topological order, extends a chain whose last
            // member is one of its direct predecessors, or starts one.
            let pred = f.predecessors();
            let mut tail_of: HashMap<usize, usize> = HashMap::new();
            for &t in order.iter().filter(|&&t| t != 0) {
                match pred[t].iter().find_map(|p| tail_of.remove(p)) {
                    Some(c) => {
                        members[c].push(t);
                        tail_of.insert(t, c);
                    }
                    None => {
                        tail_of.insert(t, members.len());
                        members.push(vec![t]);
                    }
                }
            }
        }
        let mut of = vec![(0, 0); f.n];
        for (c, ms) in members.iter().enumerate() {
            for (i, &t) in ms.iter().enumerate() {
                of[t] = (c, i);
            }
        }
        Chains { members, of }
    }

    fn count(&self) -> usize {
        self.members.len()
    }

    /// Per transaction, per chain: how many of the chain's members are in its causal
    /// past (flat, `count()` entries per transaction), computed along `order`.
    fn clocks(&self, f: &Facts, order: &[usize]) -> Result<Vec<usize>, String> {
        let k = self.count();
        if f.n.saturating_mul(k) > MAX_CLOCK_ENTRIES {
            return Err(format!(
                "the history is too wide for the saturation check: {} transactions × {k} \
                 chains of causally ordered transactions",
                f.n
            ));
        }
        let pred = f.predecessors();
        let mut clocks = vec![0usize; f.n * k];
        for &t in order.iter().filter(|&&t| t != 0) {
            for &p in pred[t].iter().filter(|&&p| p != 0) {
                for c in 0..k {
                    let v = clocks[p * k + c];
                    if v > clocks[t * k + c] {
                        clocks[t * k + c] = v;
                    }
                }
                let (c, i) = self.of[p];
                if i + 1 > clocks[t * k + c] {
                    clocks[t * k + c] = i + 1;
                }
            }
        }
        Ok(clocks)
    }
}

/// A topological order of the graph (smallest index first among the ready ones, so
/// that the order follows the input), or a cycle of it.
fn topological(succ: &[Vec<usize>]) -> Result<Vec<usize>, Vec<usize>> {
    let n = succ.len();
    let mut indegree = vec![0usize; n];
    for bs in succ {
        for &b in bs {
            indegree[b] += 1;
        }
    }
    let mut ready: BinaryHeap<Reverse<usize>> =
        (0..n).filter(|&t| indegree[t] == 0).map(Reverse).collect();
    let mut order = Vec::with_capacity(n);
    while let Some(Reverse(t)) = ready.pop() {
        order.push(t);
        for &b in &succ[t] {
            indegree[b] -= 1;
            if indegree[b] == 0 {
                ready.push(Reverse(b));
            }
        }
    }
    if order.len() == n {
        return Ok(order);
    }
    // A cycle among the transactions left: each has a predecessor left; walk back
    // until one repeats.
    let mut pred_left: Vec<Option<usize>> = vec![None; n];
    for (a, bs) in succ.iter().enumerate() {
        if indegree[a] > 0 {
            for &b in bs {
                if indegree[b] > 0 {
                    pred_left[b] = Some(a);
                }
            }
        }
    }
    let start = (0..n)
        .find(|&t| indegree[t] > 0)
        .expect("a transaction is left");
    let mut seen = vec![usize::MAX; n];
    let mut path = vec![start];
    seen[start] = 0;
    loop {
        let cur = *path.last().expect("a path");
        let prev = pred_left[cur].expect("a node on a cycle has a predecessor on it");
        if seen[prev] != usize::MAX {
            let mut cycle: Vec<usize> = path[seen[prev]..].to_vec();
            cycle.reverse();
            return Err(cycle);
        }
        seen[prev] = path.len();
        path.push(prev);
    }
}

/// The graph whose acyclicity decides `level`: `so + WR + forced`, and the recorded
/// version orders.
fn graph(f: &Facts, level: &str) -> Result<Vec<Vec<usize>>, String> {
    if level.starts_with("AdyaPL") {
        // T0 first, the recorded version orders, and for PL-2 write-read; no session
        // order (Adya's PL levels ignore it).
        let mut g: Vec<Vec<usize>> = vec![Vec::new(); f.n];
        g[0] = (1..f.n).collect();
        for &(a, b) in &f.known {
            g[a].push(b);
        }
        if level == "AdyaPL2" {
            for (t3, rs) in f.reads.iter().enumerate() {
                for &(_, t1) in rs {
                    if t1 != 0 {
                        g[t1].push(t3);
                    }
                }
            }
        }
        return Ok(g);
    }
    let mut g = f.direct.clone();
    for &(a, b) in &f.known {
        g[a].push(b);
    }
    match level {
        "RC" => f.forced_rc(&mut g),
        "RA" => f.forced_ra(&mut g),
        "CC" => f.forced_cc(&mut g)?,
        _ => unreachable!("saturation decides RC, RA, CC, PL-1 and PL-2 only"),
    }
    Ok(g)
}

/// The answer for one level: a commit order (transaction indices in order, T0 as
/// `None`) or a cycle of `so + WR + forced` edges that no commit order can contain.
pub enum Answer {
    Holds(Vec<Option<usize>>),
    Fails(Vec<Option<usize>>),
}

fn named(ts: Vec<usize>) -> Vec<Option<usize>> {
    ts.into_iter().map(|t| t.checked_sub(1)).collect()
}

/// Decide `level` (one of [`LEVELS`]) on a valid history. An error means a commit order
/// that failed its own check (a bug, reported rather than shown as a witness), or a
/// history too wide for CC's clocks.
pub fn decide(h: &History, level: &str) -> Result<Answer, String> {
    decide_with(h, level, true)
}

/// [`decide`], with CC's chains the sessions (as `decide` does when there are few) or
/// always a greedy cover by paths (the tests compare the two).
pub fn decide_with(h: &History, level: &str, session_chains: bool) -> Result<Answer, String> {
    let mut f = Facts::new(h);
    if !session_chains {
        f.max_session_chains = 0;
    }
    let g = graph(&f, level)?;
    match topological(&g) {
        Ok(order) if check_commit_order(&f, level, &order) => Ok(Answer::Holds(named(order))),
        Ok(_) => Err(format!(
            "internal error: the saturation check built a commit order that violates {level}; \
             --no-saturation decides it through the library's definitions"
        )),
        Err(cycle) => Ok(Answer::Fails(named(cycle))),
    }
}

/// Each transaction's position in `order`, if it is a strict total order of the `n`
/// transactions with T0 (0) first.
pub(super) fn positions(order: &[usize], n: usize) -> Option<Vec<usize>> {
    let mut pos = vec![usize::MAX; n];
    for (i, &t) in order.iter().enumerate() {
        if t >= n || pos[t] != usize::MAX {
            return None;
        }
        pos[t] = i;
    }
    (order.len() == n && order.first() == Some(&0)).then_some(pos)
}

/// The definition, checked on a commit order: a strict total order with T0 first that
/// contains `so + WR`, and for every read of x by t3 from t1 and every other writer t2
/// of x that the axiom's premise relates to t3, t2 commits before t1. The premises are
/// computed here from the order: the latest position of a writer of x before t3 in its
/// session, and for CC in t3's causal past (clocks over sessions, or over chains that
/// are checked to follow direct edges, built along the order given).
fn check_commit_order(f: &Facts, level: &str, order: &[usize]) -> bool {
    let Some(pos) = positions(order, f.n) else {
        return false;
    };
    if f.known.iter().any(|&(a, b)| pos[a] >= pos[b]) {
        return false;
    }
    if level.starts_with("AdyaPL") {
        // vo orders every write-write edge forwards, as it contains them; PL-2 also
        // needs every write-read edge forwards. Then neither kind closes a cycle.
        return level == "AdyaPL1"
            || f.reads
                .iter()
                .enumerate()
                .all(|(t3, rs)| rs.iter().all(|&(_, t1)| pos[t1] < pos[t3]));
    }
    if (0..f.n).any(|a| f.direct[a].iter().any(|&b| pos[a] >= pos[b])) {
        return false;
    }
    // A writer t2 at position p of x read by t3 from t1 is fine when p < pos[t1] or it
    // is t1 itself (p = pos[t1]).
    let fine = |p: usize, t1: usize| p <= pos[t1];
    match level {
        "RC" => f.reads.iter().all(|rs| {
            rs.iter().enumerate().all(|(i, &(_, t2))| {
                rs[i + 1..]
                    .iter()
                    .all(|&(x, t1)| !f.writes(t2, x) || fine(pos[t2], t1))
            })
        }),
        "RA" => {
            let sessions_fine = f.sessions.iter().all(|s| {
                let mut latest: HashMap<usize, usize> = HashMap::new();
                s.iter().all(|&t3| {
                    let ok = f.reads[t3]
                        .iter()
                        .all(|&(x, t1)| latest.get(&x).is_none_or(|&p| fine(p, t1)));
                    for &x in &f.written[t3] {
                        let p = latest.entry(x).or_insert(0);
                        *p = (*p).max(pos[t3]);
                    }
                    ok
                })
            });
            sessions_fine
                && f.reads.iter().all(|rs| {
                    rs.iter().all(|&(_, t2)| {
                        rs.iter()
                            .all(|&(x, t1)| !f.writes(t2, x) || fine(pos[t2], t1))
                    })
                })
        }
        _ => {
            let chains = Chains::new(f, order);
            // Every chain follows direct edges, so a causal past meets it in a prefix.
            let ordered = chains.members.iter().all(|ms| {
                ms.windows(2)
                    .all(|p| f.direct[p[0]].contains(&p[1]) && pos[p[0]] < pos[p[1]])
            });
            let Ok(clocks) = chains.clocks(f, order) else {
                return false;
            };
            let k = chains.count();
            // Per (object, chain): the latest position among the chain's first i writers'
            // members, as a prefix maximum over the chain's members.
            let mut prefix_max: HashMap<(usize, usize), Vec<(usize, usize)>> = HashMap::new();
            for (c, ms) in chains.members.iter().enumerate() {
                for (i, &t) in ms.iter().enumerate() {
                    for &x in &f.written[t] {
                        let v = prefix_max.entry((x, c)).or_default();
                        let best = v.last().map_or(pos[t], |&(_, p)| p.max(pos[t]));
                        v.push((i, best));
                    }
                }
            }
            ordered
                && (1..f.n).all(|t3| {
                    f.reads[t3].iter().all(|&(x, t1)| {
                        (0..k).all(|c| {
                            let below = clocks[t3 * k + c];
                            prefix_max.get(&(x, c)).is_none_or(|v| {
                                let j = v.partition_point(|&(i, _)| i < below);
                                j == 0 || fine(v[j - 1].1, t1)
                            })
                        })
                    })
                })
        }
    }
}
