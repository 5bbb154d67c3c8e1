//! Adya's dependency graphs in Rust, to name the cycle behind an Adya level's ✗.
//!
//! `classify` decides levels through the library; when an Adya level fails, its minimal
//! sub-history fails under *every* version order, so any one order shows a forbidden
//! cycle. This module fixes one (the history's own dependency order,
//! [`History::dependency_order`]), computes the edges as `histories.als` and `adya.als`
//! define them, and finds a shortest cycle of the shape the level forbids. It reads the
//! history, not the solver's answer, so a cycle it prints is one a reader can check by
//! hand; `tests/classify.rs` compares it with the brute-force referee.

use std::collections::VecDeque;

use super::history::History;

/// The kind of a dependency edge, with the object that causes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EdgeKind {
    /// Session order.
    So,
    /// Write-read: the target read the source's write of the object.
    Wr(usize),
    /// Write-write: both write the object, the source first in the version order.
    Ww(usize),
    /// Read-write (anti-dependency): the source read a version of the object older than
    /// the target's.
    Rw(usize),
}

/// One edge between transactions (indices into the history's transactions).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Edge {
    pub from: usize,
    pub to: usize,
    pub kind: EdgeKind,
}

/// The version order shown and a forbidden cycle under it.
#[derive(Clone, Debug)]
pub struct AdyaCycle {
    /// The writers in version order (T0 implicitly first).
    pub writers: Vec<usize>,
    /// The cycle, edge by edge; the last edge ends where the first starts.
    pub edges: Vec<Edge>,
}

/// The edges of `h` under the version order `vo` (every transaction, T0 implicitly
/// first), as the library defines so, WR, WW[vo] and RW[vo]. Edges from T0 are left
/// out: nothing has an edge into T0, so it is on no cycle.
pub fn edges(h: &History, vo: &[usize]) -> Vec<Edge> {
    let n = h.txns.len();
    let mut position = vec![0; n];
    for (p, &t) in vo.iter().enumerate() {
        position[t] = p;
    }
    let (abstracts, _) = h.abstraction();
    let reads_from = h.reads_from();
    let mut out = Vec::new();
    for (a, b) in h.session_pairs() {
        out.push(Edge {
            from: a,
            to: b,
            kind: EdgeKind::So,
        });
    }
    for (s, reads) in reads_from.iter().enumerate() {
        for &(x, w) in reads {
            if let Some(w) = w {
                out.push(Edge {
                    from: w,
                    to: s,
                    kind: EdgeKind::Wr(x),
                });
            }
        }
    }
    for a in 0..n {
        for b in 0..n {
            if a == b {
                continue;
            }
            let common = abstracts[a]
                .writes
                .keys()
                .find(|x| abstracts[b].writes.contains_key(x));
            if let Some(&x) = common
                && position[a] < position[b]
            {
                out.push(Edge {
                    from: a,
                    to: b,
                    kind: EdgeKind::Ww(x),
                });
            }
            // a read x from t (T0 when None); b overwrote t's version later.
            let overwritten = reads_from[a].iter().find(|&&(x, t)| {
                abstracts[b].writes.contains_key(&x)
                    && t.is_none_or(|t| t != b && position[t] < position[b])
            });
            if let Some(&(x, _)) = overwritten {
                out.push(Edge {
                    from: a,
                    to: b,
                    kind: EdgeKind::Rw(x),
                });
            }
        }
    }
    out
}

/// A step of a level's graph: one edge, or a composition such as `D ; RW`.
type Step = Vec<Edge>;

/// Steps, and for each transaction the steps that leave it.
struct Graph {
    steps: Vec<Step>,
    out: Vec<Vec<usize>>,
}

impl Graph {
    fn new(n: usize, steps: Vec<Step>) -> Graph {
        let mut out: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (i, s) in steps.iter().enumerate() {
            out[s[0].from].push(i);
        }
        Graph { steps, out }
    }
}

/// A shortest cycle (fewest steps) of the graph whose steps are `steps`.
fn shortest_cycle(n: usize, steps: Vec<Step>) -> Option<Vec<Edge>> {
    let graph = Graph::new(n, steps);
    let mut best: Option<Vec<Edge>> = None;
    for first in &graph.steps {
        let (a, b) = (first[0].from, first[first.len() - 1].to);
        let path = if a == b {
            Some(Vec::new())
        } else {
            shortest_path(&graph, b, a)
        };
        if let Some(path) = path {
            let cycle: Vec<Edge> = first.iter().copied().chain(path).collect();
            if best.as_ref().is_none_or(|c| cycle.len() < c.len()) {
                best = Some(cycle);
            }
        }
    }
    best
}

/// A shortest path of at least one step from `from` to `to`, by breadth-first search.
fn shortest_path(graph: &Graph, from: usize, to: usize) -> Option<Vec<Edge>> {
    let (steps, out, n) = (&graph.steps, &graph.out, graph.out.len());
    let mut via: Vec<Option<usize>> = vec![None; n];
    let mut queue = VecDeque::from([from]);
    let mut seen = vec![false; n];
    seen[from] = true;
    while let Some(t) = queue.pop_front() {
        for &i in &out[t] {
            let next = steps[i][steps[i].len() - 1].to;
            if next == to {
                let mut path: Vec<Edge> = steps[i].clone();
                let mut at = t;
                while at != from {
                    let j = via[at].expect("reached through a step");
                    path.splice(0..0, steps[j].iter().copied());
                    at = steps[j][0].from;
                }
                return Some(path);
            }
            if !seen[next] {
                seen[next] = true;
                via[next] = Some(i);
                queue.push_back(next);
            }
        }
    }
    None
}

/// Steps `first ; second` for every pair that meets (a step may return to its start:
/// that is a cycle by itself).
fn compose(first: &[Edge], second: &[Edge]) -> Vec<Step> {
    let mut out = Vec::new();
    for e in first {
        for f in second.iter().filter(|f| f.from == e.to) {
            out.push(vec![*e, *f]);
        }
    }
    out
}

fn single(edges: &[Edge]) -> Vec<Step> {
    edges.iter().map(|&e| vec![e]).collect()
}

/// A cycle of `path` edges closed by one `closing` edge: `path+ ; closing` through the
/// identity (the shape of G-single and of PSI's `^D . RW`).
fn closed_by(n: usize, path: &[Edge], closing: &[Edge]) -> Option<Vec<Edge>> {
    let graph = Graph::new(n, single(path));
    closing
        .iter()
        .filter_map(|c| {
            let mut cycle = shortest_path(&graph, c.to, c.from)?;
            cycle.push(*c);
            Some(cycle)
        })
        .min_by_key(Vec::len)
}

/// A cycle that `level` (an `Adya…` level of the library) forbids, under the history's
/// dependency order taken as version order; `None` when there is none under that order
/// (the level may still fail under every order only if this module is wrong, which the
/// tests check) or the level is not Adya's.
pub fn adya_cycle(h: &History, level: &str) -> Option<AdyaCycle> {
    let vo = h.dependency_order();
    let n = h.txns.len();
    let all = edges(h, &vo);
    let of = |keep: &dyn Fn(&EdgeKind) -> bool| -> Vec<Edge> {
        all.iter().copied().filter(|e| keep(&e.kind)).collect()
    };
    let so = of(&|k| matches!(k, EdgeKind::So));
    let wr = of(&|k| matches!(k, EdgeKind::Wr(_)));
    let ww = of(&|k| matches!(k, EdgeKind::Ww(_)));
    let rw = of(&|k| matches!(k, EdgeKind::Rw(_)));
    let cat = |parts: &[&Vec<Edge>]| -> Vec<Edge> {
        parts.iter().flat_map(|p| p.iter().copied()).collect()
    };
    let g1 = cat(&[&wr, &ww]);
    let d = cat(&[&so, &wr, &ww]);
    let cycle = match level {
        "AdyaPL1" => shortest_cycle(n, single(&ww)),
        "AdyaPL2" => shortest_cycle(n, single(&g1)),
        "AdyaPL2plus" => shortest_cycle(n, single(&g1)).or_else(|| closed_by(n, &g1, &rw)),
        "AdyaPL3" => shortest_cycle(n, single(&cat(&[&g1, &rw]))),
        "AdyaSER" => shortest_cycle(n, single(&cat(&[&d, &rw]))),
        "AdyaSI" => {
            let mut steps = single(&d);
            steps.extend(compose(&d, &rw));
            shortest_cycle(n, steps)
        }
        "AdyaPSI" => shortest_cycle(n, single(&d)).or_else(|| closed_by(n, &d, &rw)),
        "AdyaPC" => {
            let mut steps = single(&d);
            steps.extend(compose(&cat(&[&so, &wr]), &rw));
            shortest_cycle(n, steps)
        }
        _ => None,
    }?;
    let (abstracts, _) = h.abstraction();
    let writers = vo
        .into_iter()
        .filter(|&t| !abstracts[t].writes.is_empty())
        .collect();
    Some(AdyaCycle {
        writers,
        edges: cycle,
    })
}

impl AdyaCycle {
    /// `version order T0 < T1 < T2: T1 →ww(x) T2 →rw(x) T1`, in the history's names.
    pub fn describe(&self, h: &History) -> String {
        let name = |t: usize| h.txns[t].name.as_str();
        let order: Vec<&str> = std::iter::once("T0")
            .chain(self.writers.iter().map(|&t| name(t)))
            .collect();
        let mut cycle = name(self.edges[0].from).to_string();
        for e in &self.edges {
            let label = match e.kind {
                EdgeKind::So => "so".to_string(),
                EdgeKind::Wr(x) => format!("wr({})", h.objects[x]),
                EdgeKind::Ww(x) => format!("ww({})", h.objects[x]),
                EdgeKind::Rw(x) => format!("rw({})", h.objects[x]),
            };
            cycle.push_str(&format!(" →{label} {}", name(e.to)));
        }
        format!("cycle under version order {}: {cycle}", order.join(" < "))
    }
}
