//! Read Committed, Read Atomic and Causal Consistency of Biswas and Enea decided in
//! polynomial time, for large histories.
//!
//! For these three levels the commit-order edges an axiom forces do not depend on the
//! commit order: `forced[P]` with P = `so + WR` (RA) or `^(so + WR)` (CC), and
//! `forcedRC` (RC), are functions of the history. A commit order exists exactly when
//! `so + WR + forced` is acyclic (T0 first follows, since T0 precedes every transaction
//! in `so`), and any topological order of it is one. This is the library's `RAsat` and
//! `CCsat` (`stdlib/isolation/biswas.als`), computed over bitsets instead of through a
//! translation whose grounding of `forced` costs n³ per level.
//!
//! The library's definitions stay the reference: `tests/classify.rs` compares this
//! path with the library's and with the brute-force referee on random histories, and
//! `ClassifyOptions::saturation` (`--no-saturation`) turns it off. Every commit order it
//! reports is checked against the axiom's definition (`check_commit_order`) before it
//! is shown.

use super::history::History;

/// The levels this module decides.
pub const LEVELS: &[&str] = &["RC", "RA", "CC"];

/// A square bit matrix over the transactions (T0 is 0, the history's transaction i is
/// i + 1).
#[derive(Clone)]
pub(super) struct Bits {
    n: usize,
    words: usize,
    data: Vec<u64>,
}

impl Bits {
    pub(super) fn new(n: usize) -> Bits {
        let words = n.div_ceil(64);
        Bits {
            n,
            words,
            data: vec![0; n * words],
        }
    }

    pub(super) fn get(&self, a: usize, b: usize) -> bool {
        self.data[a * self.words + b / 64] >> (b % 64) & 1 == 1
    }

    pub(super) fn set(&mut self, a: usize, b: usize) {
        self.data[a * self.words + b / 64] |= 1 << (b % 64);
    }

    fn successors(&self, a: usize) -> impl Iterator<Item = usize> + '_ {
        (0..self.n).filter(move |&b| self.get(a, b))
    }

    /// Row `a` |= row `b`.
    pub(super) fn or_row(&mut self, a: usize, b: usize) {
        for w in 0..self.words {
            let v = self.data[b * self.words + w];
            self.data[a * self.words + w] |= v;
        }
    }
}

/// The history's dependency facts, numbered with T0 = 0.
struct Facts {
    n: usize,
    so: Bits,
    wr_rel: Bits,
    /// (writer, object, reader) for every external read.
    wr: Vec<(usize, usize, usize)>,
    /// Writers of each object (T0 writes every object).
    writers: Vec<Vec<usize>>,
    /// Per transaction, its reads in read order: (object, writer).
    reads: Vec<Vec<(usize, usize)>>,
    writes: Vec<Vec<bool>>,
}

impl Facts {
    fn new(h: &History) -> Facts {
        let n = h.txns.len() + 1;
        let (abs, _) = h.abstraction();
        let mut so = Bits::new(n);
        for t in 1..n {
            so.set(0, t);
        }
        for (a, b) in h.session_pairs() {
            so.set(a + 1, b + 1);
        }
        let mut writers = vec![vec![0]; h.objects.len()];
        let mut writes = vec![vec![true; h.objects.len()]; n];
        for (i, a) in abs.iter().enumerate() {
            writes[i + 1] = vec![false; h.objects.len()];
            for x in a.writes.keys() {
                writers[*x].push(i + 1);
                writes[i + 1][*x] = true;
            }
        }
        let mut wr = Vec::new();
        let mut wr_rel = Bits::new(n);
        let mut reads = vec![Vec::new(); n];
        for (i, rs) in h.reads_from().iter().enumerate() {
            for &(x, w) in rs {
                let w = w.map_or(0, |w| w + 1);
                wr.push((w, x, i + 1));
                wr_rel.set(w, i + 1);
                reads[i + 1].push((x, w));
            }
        }
        Facts {
            n,
            so,
            wr_rel,
            wr,
            writers,
            reads,
            writes,
        }
    }

    /// `so + WR`.
    fn direct(&self) -> Bits {
        let mut p = self.so.clone();
        for (a, b) in p.data.iter_mut().zip(&self.wr_rel.data) {
            *a |= b;
        }
        p
    }

    /// `forced[P]`: t2 -> t1 when some t3 reads x from t1, t2 != t1 writes x, and
    /// t2 -> t3 in P.
    fn forced(&self, p: &Bits, out: &mut Bits) {
        for &(t1, x, t3) in &self.wr {
            for &t2 in &self.writers[x] {
                if t2 != t1 && p.get(t2, t3) {
                    out.set(t2, t1);
                }
            }
        }
    }

    /// `forcedRC`: t2 -> t1 when some t3 reads x from t1 after reading some y from t2,
    /// and t2 != t1 writes x.
    fn forced_rc(&self, out: &mut Bits) {
        for rs in &self.reads {
            for (i, &(_, t2)) in rs.iter().enumerate() {
                for &(x, t1) in &rs[i + 1..] {
                    if t2 != t1 && self.writes[t2][x] {
                        out.set(t2, t1);
                    }
                }
            }
        }
    }
}

/// A topological order of `g` with T0 first, or a cycle of it.
fn topological(g: &Bits) -> Result<Vec<usize>, Vec<usize>> {
    let n = g.n;
    let mut indegree = vec![0usize; n];
    for a in 0..n {
        for b in g.successors(a) {
            indegree[b] += 1;
        }
    }
    // Smallest index first, so that the order is stable and follows the input.
    let mut ready: std::collections::BTreeSet<usize> =
        (0..n).filter(|&t| indegree[t] == 0).collect();
    let mut order = Vec::with_capacity(n);
    while let Some(t) = ready.pop_first() {
        order.push(t);
        for b in g.successors(t) {
            indegree[b] -= 1;
            if indegree[b] == 0 {
                ready.insert(b);
            }
        }
    }
    if order.len() == n {
        return Ok(order);
    }
    // A cycle among the transactions left: walk predecessors until one repeats.
    let left: Vec<usize> = (0..n).filter(|&t| indegree[t] > 0).collect();
    let mut path = vec![left[0]];
    loop {
        let cur = *path.last().unwrap();
        let prev = (0..n)
            .find(|&a| indegree[a] > 0 && g.get(a, cur))
            .expect("a node on a cycle has a predecessor on it");
        if let Some(k) = path.iter().position(|&t| t == prev) {
            let mut cycle: Vec<usize> = path[k..].to_vec();
            cycle.reverse();
            return Err(cycle);
        }
        path.push(prev);
    }
}

/// The graph whose acyclicity decides `level`: `so + WR + forced`.
fn graph(f: &Facts, level: &str) -> Bits {
    let direct = f.direct();
    let mut g = direct.clone();
    match level {
        "RC" => f.forced_rc(&mut g),
        "RA" => f.forced(&direct, &mut g),
        "CC" => {
            let Ok(order) = topological(&direct) else {
                // A causal cycle: not well-formed; `forced` of anything keeps it cyclic.
                return g;
            };
            // ^(so + WR): successors' rows in reverse topological order.
            let mut closure = direct.clone();
            for &t in order.iter().rev() {
                for s in direct.successors(t).collect::<Vec<_>>() {
                    closure.or_row(t, s);
                }
            }
            f.forced(&closure, &mut g);
        }
        _ => unreachable!("saturation decides RC, RA and CC only"),
    }
    g
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
/// that failed its own check: a bug, reported rather than shown as a witness.
pub fn decide(h: &History, level: &str) -> Result<Answer, String> {
    let f = Facts::new(h);
    let g = graph(&f, level);
    match topological(&g) {
        Ok(order) if check_commit_order(&f, level, &order) => Ok(Answer::Holds(named(order))),
        Ok(_) => Err(format!(
            "internal error: the saturation check built a commit order that violates {level}; \
             --no-saturation decides it through the library's definitions"
        )),
        Err(cycle) => Ok(Answer::Fails(named(cycle))),
    }
}

/// The definition, checked on a commit order: a strict total order with T0 first that
/// contains `so + WR`, and for every read of x by t3 from t1 and every other writer t2
/// of x that the axiom's premise relates to t3, t2 commits before t1.
fn check_commit_order(f: &Facts, level: &str, order: &[usize]) -> bool {
    let mut pos = vec![usize::MAX; f.n];
    for (i, &t) in order.iter().enumerate() {
        pos[t] = i;
    }
    if order.len() != f.n || pos.contains(&usize::MAX) || order[0] != 0 {
        return false;
    }
    let direct = f.direct();
    for a in 0..f.n {
        if direct.successors(a).any(|b| pos[a] >= pos[b]) {
            return false;
        }
    }
    let mut premise_edges = Bits::new(f.n);
    match level {
        "RC" => f.forced_rc(&mut premise_edges),
        "RA" => f.forced(&direct, &mut premise_edges),
        _ => {
            // Reachability in so + WR by a search back from each reader, independent of
            // the closure `graph` computes.
            let preds: Vec<Vec<usize>> = (0..f.n)
                .map(|b| (0..f.n).filter(|&a| direct.get(a, b)).collect())
                .collect();
            let mut before: Vec<Option<Vec<bool>>> = vec![None; f.n];
            for &(t1, x, t3) in &f.wr {
                let seen = before[t3].get_or_insert_with(|| {
                    let mut seen = vec![false; f.n];
                    let mut stack = preds[t3].clone();
                    while let Some(a) = stack.pop() {
                        if !std::mem::replace(&mut seen[a], true) {
                            stack.extend(&preds[a]);
                        }
                    }
                    seen
                });
                for &t2 in &f.writers[x] {
                    if t2 != t1 && seen[t2] && pos[t2] >= pos[t1] {
                        return false;
                    }
                }
            }
        }
    }
    (0..f.n).all(|a| premise_edges.successors(a).all(|b| pos[a] < pos[b]))
}
