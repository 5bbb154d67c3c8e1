//! The brute-force referee for the isolation library: whether a concrete history satisfies
//! each isolation level, decided by enumerating every witness (commit orders, visibility
//! and arbitration pairs, per-object version orders) and checking the level's definition
//! as stated in the literature (`shared/reference/isolation.md`), in plain Rust.
//!
//! It shares nothing with solder: no relational formulas, no solver. The definitions are
//! written in the papers' quantified forms, not the library's relational ones, so that an
//! encoding slip on either side shows up as a disagreement. Include it together with
//! `isolation_history.rs` (it uses `super::isolation_history::History`).
#![allow(dead_code)]
// each test binary uses a different part of this module
// Relations are matrices indexed by transaction numbers, as in the definitions.
#![allow(clippy::needless_range_loop)]

use super::isolation_history::History;

/// Every level of the library that the referee decides, by the library's pred name.
pub const LEVELS: &[&str] = &[
    // Biswas & Enea
    "RC",
    "RA",
    "CC",
    "PC",
    "SI",
    "SER",
    "UpdateSer",
    "RAsat",
    "CCsat",
    // Cerone et al.
    "CeroneRA",
    "CeroneUA",
    "CeroneCC",
    "CeronePSI",
    "CeronePC",
    "CeroneSI",
    "CeroneSER",
    "CeroneNLU",
    // Plume
    "TapRC",
    "TapRA",
    "TapRAop",
    "TapCC",
    // Adya
    "AdyaPL1",
    "AdyaPL2",
    "AdyaPL2plus",
    "AdyaPL3",
    "AdyaSER",
    "AdyaSI",
    "AdyaPSI",
    "AdyaPC",
    // Crooks et al.
    "CrooksRC",
    "CrooksSER",
    "CrooksSI",
    "CrooksSessionSER",
    "CrooksSessionSI",
];

/// Whether `h` satisfies the level named `level` (one of [`LEVELS`]).
pub fn satisfies(h: &History, level: &str) -> bool {
    let d = Derived::new(h);
    match level {
        "RC" => biswas(&d, Biswas::ReadCommitted),
        "RA" | "RAsat" => biswas(&d, Biswas::ReadAtomic),
        "CC" | "CCsat" => biswas(&d, Biswas::Causal),
        "PC" => biswas(&d, Biswas::Prefix),
        "SI" => biswas(&d, Biswas::Snapshot),
        "SER" => biswas(&d, Biswas::Serializable),
        "UpdateSer" => biswas(&d, Biswas::UpdateSerializable),
        "CeroneRA" => cerone(&d, &[]),
        "CeroneUA" => cerone(&d, &[Axiom::NoConflict]),
        "CeroneCC" => cerone(&d, &[Axiom::TransVis]),
        "CeronePSI" => cerone(&d, &[Axiom::TransVis, Axiom::NoConflict]),
        "CeronePC" => cerone(&d, &[Axiom::Prefix]),
        "CeroneSI" => cerone(&d, &[Axiom::Prefix, Axiom::NoConflict]),
        "CeroneSER" => cerone(&d, &[Axiom::TotalVis]),
        "CeroneNLU" => cerone(&d, &[Axiom::NoLostUpdate]),
        "TapRC" => plume(&d, &[Tap::H, Tap::I]),
        "TapRA" => plume(&d, &[Tap::K, Tap::L]),
        "TapRAop" => plume(&d, &[Tap::K, Tap::L, Tap::O, Tap::P]),
        "TapCC" => plume(&d, &[Tap::K, Tap::L, Tap::M, Tap::N]),
        "AdyaPL1" => adya(&d, Adya::PL1),
        "AdyaPL2" => adya(&d, Adya::PL2),
        "AdyaPL2plus" => adya(&d, Adya::PL2plus),
        "AdyaPL3" => adya(&d, Adya::PL3),
        "AdyaSER" => adya(&d, Adya::Ser),
        "AdyaSI" => adya(&d, Adya::Si),
        "AdyaPSI" => adya(&d, Adya::Psi),
        "AdyaPC" => adya(&d, Adya::Pc),
        "CrooksRC" => crooks(&d, Crooks::ReadCommitted, false),
        "CrooksSER" => crooks(&d, Crooks::Serializable, false),
        "CrooksSI" => crooks(&d, Crooks::Snapshot, false),
        "CrooksSessionSER" => crooks(&d, Crooks::Serializable, true),
        "CrooksSessionSI" => crooks(&d, Crooks::Snapshot, true),
        _ => panic!("the referee does not know the level {level}"),
    }
}

/// Well-formedness as the library states it (W1–W5, W8 with chains, W9, and the read
/// order), decided directly. Histories built by `History` always have T0's writes and
/// at most one read and write per object and transaction.
pub fn well_formed(h: &History) -> bool {
    let n = h.txns;
    let objects = 0..h.objects;
    // W1: T0 writes the initial value everywhere and reads nothing; nobody else writes it.
    let w1 = objects
        .clone()
        .all(|x| h.writes[0][x] == Some(0) && h.reads[0][x].is_none())
        && (1..n).all(|t| objects.clone().all(|x| h.writes[t][x] != Some(0)));
    // W2: a value of an object has at most one writer.
    let w2 = objects.clone().all(|x| {
        (0..n).all(|a| {
            (0..n).all(|b| a == b || h.writes[a][x].is_none() || h.writes[a][x] != h.writes[b][x])
        })
    });
    // W4/W5: every read has a writer other than the reader.
    let w4 = (1..n).all(|s| {
        objects
            .clone()
            .all(|x| h.reads[s][x].is_none() || (0..n).any(|t| h.wr(t, x, s)))
    });
    // W8: a strict partial order with T0 first whose sessions are disjoint chains.
    let so = |a: usize, b: usize| h.so[a][b];
    let partial = (0..n).all(|a| !so(a, a))
        && (0..n).all(|a| (0..n).all(|b| (0..n).all(|c| !(so(a, b) && so(b, c)) || so(a, c))))
        && (1..n).all(|t| so(0, t));
    let chains = (1..n).all(|t| {
        let comparable = |a: usize, b: usize| a == b || so(a, b) || so(b, a);
        (1..n).all(|a| {
            (1..n).all(|b| {
                let both_before = so(a, t) && so(b, t);
                let both_after = so(t, a) && so(t, b);
                !(both_before || both_after) || comparable(a, b)
            })
        })
    });
    // W9: session order and write-read are acyclic together.
    let mut edge = vec![vec![false; n]; n];
    for a in 0..n {
        for b in 0..n {
            edge[a][b] = so(a, b) || h.wr_any(a, b);
        }
    }
    let w9 = acyclic(&edge);
    // The read order lists exactly the objects read, each once.
    let ro = (0..n).all(|t| {
        let mut listed = h.read_order[t].clone();
        listed.sort_unstable();
        listed.dedup();
        listed.len() == h.read_order[t].len()
            && listed
                == objects
                    .clone()
                    .filter(|&x| h.reads_obj(t, x))
                    .collect::<Vec<_>>()
    });
    w1 && w2 && w4 && partial && chains && w9 && ro
}

/// Relations every framework uses, computed once per history.
struct Derived<'a> {
    h: &'a History,
    n: usize,
    /// (so ∪ WR)⁺, Plume's causal order.
    causal: Vec<Vec<bool>>,
}

impl<'a> Derived<'a> {
    fn new(h: &'a History) -> Derived<'a> {
        let n = h.txns;
        let mut causal = vec![vec![false; n]; n];
        for a in 0..n {
            for b in 0..n {
                causal[a][b] = h.so[a][b] || h.wr_any(a, b);
            }
        }
        close(&mut causal);
        Derived { h, n, causal }
    }

    fn so(&self, a: usize, b: usize) -> bool {
        self.h.so[a][b]
    }

    fn wr_any(&self, a: usize, b: usize) -> bool {
        self.h.wr_any(a, b)
    }
}

/// Transitive closure, in place (Warshall).
fn close(r: &mut [Vec<bool>]) {
    let n = r.len();
    for k in 0..n {
        for a in 0..n {
            if r[a][k] {
                for b in 0..n {
                    if r[k][b] {
                        r[a][b] = true;
                    }
                }
            }
        }
    }
}

fn acyclic(r: &[Vec<bool>]) -> bool {
    let mut c = r.to_vec();
    close(&mut c);
    (0..c.len()).all(|a| !c[a][a])
}

/// A total order on the transactions with T0 first, as positions: `pos[t]`.
struct Order {
    pos: Vec<usize>,
}

impl Order {
    fn before(&self, a: usize, b: usize) -> bool {
        self.pos[a] < self.pos[b]
    }

    /// The transactions in order.
    fn sequence(&self) -> Vec<usize> {
        let mut seq = vec![0; self.pos.len()];
        for (t, &p) in self.pos.iter().enumerate() {
            seq[p] = t;
        }
        seq
    }
}

/// Every total order of `items` (distinct), each as a sequence.
fn permutations(items: &[usize]) -> Vec<Vec<usize>> {
    if items.is_empty() {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for (i, &first) in items.iter().enumerate() {
        let mut rest = items.to_vec();
        rest.remove(i);
        for mut tail in permutations(&rest) {
            tail.insert(0, first);
            out.push(tail);
        }
    }
    out
}

/// Every total order of the transactions with T0 first.
fn total_orders(n: usize) -> Vec<Order> {
    let normal: Vec<usize> = (1..n).collect();
    permutations(&normal)
        .into_iter()
        .map(|seq| {
            let mut pos = vec![0; n];
            for (i, &t) in seq.iter().enumerate() {
                pos[t] = i + 1;
            }
            Order { pos }
        })
        .collect()
}

// ---------------------------------------------------------------------------------------
// Biswas & Enea: some commit order co ⊇ so ∪ WR satisfies the level's axiom.

#[derive(Clone, Copy, PartialEq, Eq)]
enum Biswas {
    ReadCommitted,
    ReadAtomic,
    Causal,
    Prefix,
    Snapshot,
    Serializable,
    UpdateSerializable,
}

fn commit_orders(d: &Derived) -> Vec<Order> {
    total_orders(d.n)
        .into_iter()
        .filter(|co| {
            (0..d.n).all(|a| (0..d.n).all(|b| !(d.so(a, b) || d.wr_any(a, b)) || co.before(a, b)))
        })
        .collect()
}

fn biswas(d: &Derived, level: Biswas) -> bool {
    commit_orders(d)
        .iter()
        .any(|co| biswas_axioms(d, co, level))
}

fn biswas_axioms(d: &Derived, co: &Order, level: Biswas) -> bool {
    let h = d.h;
    let n = d.n;
    // The premise φ(t2, t3) of the axiom "t1 ≠ t2 ∧ wr_x(t1,t3) ∧ t2 ∈ W(x) ∧ φ(t2,t3)
    // ⇒ co(t2,t1)", for the reading transaction t3 and the object x it reads.
    let premise = |x: usize, t2: usize, t3: usize| -> bool {
        match level {
            Biswas::ReadCommitted => {
                // an earlier read of t3, of some object y, read from t2
                let px = h.read_position(t3, x).expect("t3 reads x");
                (0..h.objects)
                    .any(|y| h.wr(t2, y, t3) && h.read_position(t3, y).is_some_and(|py| py < px))
            }
            Biswas::ReadAtomic => d.so(t2, t3) || d.wr_any(t2, t3),
            Biswas::Causal => d.causal[t2][t3],
            Biswas::Prefix | Biswas::Snapshot => (0..n)
                .any(|t4| (t4 == t2 || co.before(t2, t4)) && (d.so(t4, t3) || d.wr_any(t4, t3))),
            Biswas::Serializable => co.before(t2, t3),
            Biswas::UpdateSerializable => h.is_update(t3) && co.before(t2, t3),
        }
    };
    for x in 0..h.objects {
        for t1 in 0..n {
            for t3 in 0..n {
                if !h.wr(t1, x, t3) {
                    continue;
                }
                for t2 in 0..n {
                    if t2 != t1 && h.writes_to(t2, x) && premise(x, t2, t3) && !co.before(t2, t1) {
                        return false;
                    }
                }
            }
        }
    }
    if level == Biswas::Snapshot {
        // Conflict: wr_x(t1,t3), t2 ∈ W(x), t3 and t4 write a common y, t2 = t4 or
        // co(t2,t4), co(t4,t3) ⇒ co(t2,t1).
        for x in 0..h.objects {
            for t1 in 0..n {
                for t3 in 0..n {
                    if !h.wr(t1, x, t3) {
                        continue;
                    }
                    for t2 in (0..n).filter(|&t2| t2 != t1 && h.writes_to(t2, x)) {
                        for y in 0..h.objects {
                            for t4 in 0..n {
                                if h.writes_to(t3, y)
                                    && h.writes_to(t4, y)
                                    && (t2 == t4 || co.before(t2, t4))
                                    && co.before(t4, t3)
                                    && !co.before(t2, t1)
                                {
                                    return false;
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    true
}

// ---------------------------------------------------------------------------------------
// Cerone et al.: some abstract execution (vis ⊆ ar, ar total, T0 first and visible to
// all) satisfies EXT, SESSION and the level's further axioms.

#[derive(Clone, Copy, PartialEq, Eq)]
enum Axiom {
    Prefix,
    NoConflict,
    TransVis,
    TotalVis,
    NoLostUpdate,
}

fn cerone(d: &Derived, axioms: &[Axiom]) -> bool {
    let n = d.n;
    for ar in total_orders(n) {
        // The pairs of normal transactions that may be visible: ar-ordered ones.
        let pairs: Vec<(usize, usize)> = (1..n)
            .flat_map(|a| (1..n).map(move |b| (a, b)))
            .filter(|&(a, b)| ar.before(a, b))
            .collect();
        for mask in 0u32..(1 << pairs.len()) {
            let mut vis = vec![vec![false; n]; n];
            for t in 1..n {
                vis[0][t] = true;
            }
            for (i, &(a, b)) in pairs.iter().enumerate() {
                vis[a][b] = mask & (1 << i) != 0;
            }
            if cerone_axioms(d, &vis, &ar, axioms) {
                return true;
            }
        }
    }
    false
}

fn cerone_axioms(d: &Derived, vis: &[Vec<bool>], ar: &Order, axioms: &[Axiom]) -> bool {
    let h = d.h;
    let n = d.n;
    // The ar-last transaction among `candidates`.
    let ar_last = |candidates: &mut dyn Iterator<Item = usize>| -> Option<usize> {
        candidates.max_by_key(|&t| ar.pos[t])
    };
    // EXT: a read returns the value of the ar-last visible writer.
    for t in 1..n {
        for x in 0..h.objects {
            if let Some(v) = h.reads[t][x] {
                let last = ar_last(&mut (0..n).filter(|&u| vis[u][t] && h.writes_to(u, x)));
                if last.map(|u| h.writes[u][x]) != Some(Some(v)) {
                    return false;
                }
            }
        }
    }
    // SESSION
    if !(0..n).all(|a| (0..n).all(|b| !d.so(a, b) || vis[a][b])) {
        return false;
    }
    for axiom in axioms {
        let holds = match axiom {
            // ar ; vis ⊆ vis
            Axiom::Prefix => (0..n).all(|a| {
                (0..n).all(|c| !(0..n).any(|b| ar.before(a, b) && vis[b][c]) || vis[a][c])
            }),
            Axiom::NoConflict => {
                (0..n).all(|a| (0..n).all(|b| !h.conflict(a, b) || vis[a][b] || vis[b][a]))
            }
            Axiom::TransVis => {
                (0..n).all(|a| (0..n).all(|c| !(0..n).any(|b| vis[a][b] && vis[b][c]) || vis[a][c]))
            }
            Axiom::TotalVis => (0..n).all(|a| (0..n).all(|b| a == b || vis[a][b] || vis[b][a])),
            // not LU: every writer of x sees the ar-last writer of x before it
            Axiom::NoLostUpdate => (1..n).all(|t| {
                (0..h.objects).filter(|&x| h.writes_to(t, x)).all(|x| {
                    let previous =
                        ar_last(&mut (0..n).filter(|&u| ar.before(u, t) && h.writes_to(u, x)));
                    previous.is_some_and(|u| vis[u][t])
                })
            }),
        };
        if !holds {
            return false;
        }
    }
    true
}

// ---------------------------------------------------------------------------------------
// Plume: some commit order avoids the level's anomalous patterns.

#[derive(Clone, Copy, PartialEq, Eq)]
enum Tap {
    H,
    I,
    K,
    L,
    M,
    N,
    O,
    P,
}

fn plume(d: &Derived, forbidden: &[Tap]) -> bool {
    commit_orders(d)
        .iter()
        .any(|co| forbidden.iter().all(|&tap| !tap_occurs(d, co, tap)))
}

fn tap_occurs(d: &Derived, co: &Order, tap: Tap) -> bool {
    let h = d.h;
    let n = d.n;
    let objects = h.objects;
    for x in 0..objects {
        for t1 in 0..n {
            for t3 in 0..n {
                if !h.wr(t1, x, t3) {
                    continue;
                }
                for t2 in (0..n).filter(|&t2| t2 != t1 && h.writes_to(t2, x)) {
                    let found = match tap {
                        // fractured reads: t3 also reads some y ≠ x from t2
                        Tap::H | Tap::I | Tap::K | Tap::L => (0..objects).any(|y| {
                            let before = match tap {
                                Tap::H | Tap::K => d.causal[t1][t2],
                                _ => co.before(t1, t2),
                            };
                            let read_order_ok = match tap {
                                Tap::H | Tap::I => h.read_position(t3, y) < h.read_position(t3, x),
                                _ => true,
                            };
                            y != x && h.wr(t2, y, t3) && before && read_order_ok
                        }),
                        Tap::M => t3 != t2 && d.causal[t1][t2] && d.causal[t2][t3],
                        Tap::N => t3 != t2 && co.before(t1, t2) && d.causal[t2][t3],
                        Tap::O => t3 != t2 && d.causal[t1][t2] && d.so(t2, t3),
                        Tap::P => t3 != t2 && co.before(t1, t2) && d.so(t2, t3),
                    };
                    if found {
                        return true;
                    }
                }
            }
        }
    }
    false
}

// ---------------------------------------------------------------------------------------
// Adya: some version order (one total order per object on its writers, T0 first) keeps
// the direct serialization graph free of the level's phenomena.

#[derive(Clone, Copy, PartialEq, Eq)]
enum Adya {
    PL1,
    PL2,
    PL2plus,
    PL3,
    Ser,
    Si,
    Psi,
    Pc,
}

fn adya(d: &Derived, level: Adya) -> bool {
    let h = d.h;
    let n = d.n;
    // The version orders of each object: sequences of its writers, T0 first.
    let per_object: Vec<Vec<Vec<usize>>> = (0..h.objects)
        .map(|x| {
            let writers: Vec<usize> = (1..n).filter(|&t| h.writes_to(t, x)).collect();
            permutations(&writers)
                .into_iter()
                .map(|mut seq| {
                    seq.insert(0, 0);
                    seq
                })
                .collect()
        })
        .collect();
    let mut choice = vec![0usize; h.objects];
    loop {
        let orders: Vec<&Vec<usize>> = (0..h.objects).map(|x| &per_object[x][choice[x]]).collect();
        if adya_graph_ok(d, &orders, level) {
            return true;
        }
        // the next combination of per-object orders
        let mut x = 0;
        loop {
            if x == h.objects {
                return false;
            }
            choice[x] += 1;
            if choice[x] < per_object[x].len() {
                break;
            }
            choice[x] = 0;
            x += 1;
        }
    }
}

/// Adya's relations under one version order, given as a sequence of every transaction
/// (T0 first): `[so, wr, ww, rw]`, and whether `level` holds under that order. For
/// naming the cycle behind a ✗ (`solder::apps::isolation::dsg`).
pub fn adya_under(h: &History, vo: &[usize], level: &str) -> (bool, [Vec<Vec<bool>>; 4]) {
    let d = Derived::new(h);
    let per_object: Vec<Vec<usize>> = (0..h.objects)
        .map(|x| {
            std::iter::once(0)
                .chain(vo.iter().copied().filter(|&t| t != 0 && h.writes_to(t, x)))
                .collect()
        })
        .collect();
    let orders: Vec<&Vec<usize>> = per_object.iter().collect();
    let level = match level {
        "AdyaPL1" => Adya::PL1,
        "AdyaPL2" => Adya::PL2,
        "AdyaPL2plus" => Adya::PL2plus,
        "AdyaPL3" => Adya::PL3,
        "AdyaSER" => Adya::Ser,
        "AdyaSI" => Adya::Si,
        "AdyaPSI" => Adya::Psi,
        "AdyaPC" => Adya::Pc,
        other => panic!("{other} is not an Adya level"),
    };
    let (so, wr, ww, rw) = adya_edges(&d, &orders);
    (adya_graph_ok(&d, &orders, level), [so, wr, ww, rw])
}

type Matrix = Vec<Vec<bool>>;

/// so, WR, WW and RW for per-object version orders.
fn adya_edges(d: &Derived, orders: &[&Vec<usize>]) -> (Matrix, Matrix, Matrix, Matrix) {
    let h = d.h;
    let n = d.n;
    let version_before = |x: usize, a: usize, b: usize| -> bool {
        let pa = orders[x].iter().position(|&t| t == a);
        let pb = orders[x].iter().position(|&t| t == b);
        matches!((pa, pb), (Some(pa), Some(pb)) if pa < pb)
    };
    let mut ww = vec![vec![false; n]; n];
    let mut wr = vec![vec![false; n]; n];
    let mut rw = vec![vec![false; n]; n];
    for a in 0..n {
        for b in 0..n {
            ww[a][b] = (0..h.objects).any(|x| version_before(x, a, b));
            wr[a][b] = h.wr_any(a, b);
            // a read x from some t that b overwrote later
            rw[a][b] = a != b
                && (0..h.objects).any(|x| {
                    (0..n).any(|t| h.wr(t, x, a) && h.writes_to(b, x) && version_before(x, t, b))
                });
        }
    }
    let so: Vec<Vec<bool>> = (0..n)
        .map(|a| (0..n).map(|b| d.so(a, b)).collect())
        .collect();
    (so, wr, ww, rw)
}

fn adya_graph_ok(d: &Derived, orders: &[&Vec<usize>], level: Adya) -> bool {
    let n = d.n;
    let (so, wr, ww, rw) = adya_edges(d, orders);
    let union = |rs: &[&Vec<Vec<bool>>]| -> Vec<Vec<bool>> {
        (0..n)
            .map(|a| (0..n).map(|b| rs.iter().any(|r| r[a][b])).collect())
            .collect()
    };
    let reflexive_closure = |r: &Vec<Vec<bool>>| -> Vec<Vec<bool>> {
        let mut c = r.clone();
        close(&mut c);
        for (a, row) in c.iter_mut().enumerate() {
            row[a] = true;
        }
        c
    };
    // some anti-dependency a -> b closes a cycle through `back` (reflexive-transitive)
    let rw_cycle = |back: &Vec<Vec<bool>>| -> bool {
        let reach = reflexive_closure(back);
        (0..n).any(|a| (0..n).any(|b| rw[a][b] && reach[b][a]))
    };
    let g0 = !acyclic(&ww);
    let g1c = !acyclic(&union(&[&ww, &wr]));
    let g_single = rw_cycle(&union(&[&ww, &wr]));
    let g2 = rw_cycle(&union(&[&ww, &wr, &rw]));
    let dep = union(&[&so, &wr, &ww]);
    let compose = |r: &Vec<Vec<bool>>, s: &Vec<Vec<bool>>| -> Vec<Vec<bool>> {
        (0..n)
            .map(|a| (0..n).map(|c| (0..n).any(|b| r[a][b] && s[b][c])).collect())
            .collect()
    };
    match level {
        Adya::PL1 => !g0,
        Adya::PL2 => !g0 && !g1c,
        Adya::PL2plus => !g0 && !g1c && !g_single,
        Adya::PL3 => !g0 && !g1c && !g2,
        Adya::Ser => acyclic(&union(&[&dep, &rw])),
        // every cycle has two adjacent anti-dependencies
        Adya::Si => acyclic(&union(&[&dep, &compose(&dep, &rw)])),
        // every cycle has at least two anti-dependencies
        Adya::Psi => {
            let mut plus = dep.clone();
            close(&mut plus);
            acyclic(&dep) && !(0..n).any(|a| (0..n).any(|b| rw[a][b] && plus[b][a]))
        }
        Adya::Pc => {
            let so_wr = union(&[&so, &wr]);
            acyclic(&union(&[&dep, &compose(&so_wr, &rw)]))
        }
    }
}

// ---------------------------------------------------------------------------------------
// Crooks et al.: some execution (a total order, T0 first) passes the commit test of
// every transaction. States are the database states after each transaction.

#[derive(Clone, Copy, PartialEq, Eq)]
enum Crooks {
    ReadCommitted,
    Serializable,
    Snapshot,
}

fn crooks(d: &Derived, level: Crooks, sessions: bool) -> bool {
    let h = d.h;
    let n = d.n;
    total_orders(n).iter().any(|e| {
        if sessions && !(0..n).all(|a| (0..n).all(|b| !d.so(a, b) || e.before(a, b))) {
            return false;
        }
        let seq = e.sequence();
        // states[p][x]: the value of x after the transaction at position p
        let mut states: Vec<Vec<u32>> = Vec::with_capacity(n);
        let mut current = vec![0u32; h.objects];
        for &t in &seq {
            for (x, value) in current.iter_mut().enumerate() {
                if let Some(v) = h.writes[t][x] {
                    *value = v;
                }
            }
            states.push(current.clone());
        }
        (1..n).all(|t| {
            let parent = e.pos[t] - 1;
            let complete = |s: usize| -> bool {
                (0..h.objects).all(|x| h.reads[t][x].is_none_or(|v| states[s][x] == v))
            };
            match level {
                Crooks::ReadCommitted => (0..h.objects)
                    .all(|x| h.reads[t][x].is_none_or(|v| (0..=parent).any(|s| states[s][x] == v))),
                Crooks::Serializable => complete(parent),
                Crooks::Snapshot => (0..=parent).any(|s| {
                    let no_conf = (s..=parent).all(|later| {
                        (0..h.objects)
                            .filter(|&x| h.writes_to(t, x))
                            .all(|x| states[later][x] == states[s][x])
                    });
                    // with sessions, the read state follows every session predecessor
                    let after_session = !sessions || (0..n).all(|u| !d.so(u, t) || e.pos[u] <= s);
                    complete(s) && no_conf && after_session
                }),
            }
        })
    })
}
