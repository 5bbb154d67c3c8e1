//! Concrete histories for the isolation tests: the history type, a seeded random
//! generator of well-formed histories, and the solder model that fixes a history by facts.
//!
//! Include it with `#[path = "common/isolation_history.rs"] mod isolation_history;`. The
//! brute-force referee (`isolation_brute.rs`) works on the same [`History`].
#![allow(dead_code)]
// each test binary uses a different part of this module
// Relations are matrices indexed by transaction numbers, as in the definitions.
#![allow(clippy::needless_range_loop)]

use std::collections::BTreeSet;
use std::fmt::Write as _;

/// A history in the external-read / final-write abstraction. Transaction 0 is T0, which
/// writes value 0 to every object; values are numbered per object (value `v` of object `x`
/// is the atom `v{v}`, shared by all objects, as in the library's `Val`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct History {
    /// Transactions, T0 included.
    pub txns: usize,
    pub objects: usize,
    /// `reads[t][x]`: the value of t's external read of x.
    pub reads: Vec<Vec<Option<u32>>>,
    /// `writes[t][x]`: the value of t's final write of x.
    pub writes: Vec<Vec<Option<u32>>>,
    /// `so[a][b]`: a precedes b in a session (T0 precedes everything).
    pub so: Vec<Vec<bool>>,
    /// The objects each transaction reads, in program order.
    pub read_order: Vec<Vec<usize>>,
}

impl History {
    /// A history of `txns - 1` empty transactions in one session each.
    pub fn empty(txns: usize, objects: usize) -> History {
        let mut h = History {
            txns,
            objects,
            reads: vec![vec![None; objects]; txns],
            writes: vec![vec![None; objects]; txns],
            so: vec![vec![false; txns]; txns],
            read_order: vec![Vec::new(); txns],
        };
        for x in 0..objects {
            h.writes[0][x] = Some(0);
        }
        for t in 1..txns {
            h.so[0][t] = true;
        }
        h
    }

    /// Build a history from sessions of transactions, each written `r(x,0) w(x,1)` with
    /// objects `x y z`. The transactions are numbered T1, T2, ... in the order given.
    pub fn parse(sessions: &[&[&str]]) -> History {
        let txns = 1 + sessions.iter().map(|s| s.len()).sum::<usize>();
        let mut h = History::empty(txns, 3);
        let mut t = 0;
        for session in sessions {
            let first = t + 1;
            for text in *session {
                t += 1;
                for earlier in first..t {
                    h.so[earlier][t] = true;
                }
                for op in text.split_whitespace() {
                    let (kind, rest) = op.split_at(1);
                    let inner = rest.trim_start_matches('(').trim_end_matches(')');
                    let (obj, val) = inner.split_once(',').expect("op(obj,val)");
                    let x = "xyz".find(obj).expect("object x, y or z");
                    let v: u32 = val.parse().expect("a value");
                    match kind {
                        "r" if h.reads[t][x].is_none() && h.writes[t][x].is_none() => {
                            h.reads[t][x] = Some(v);
                            h.read_order[t].push(x);
                        }
                        "r" => {} // an internal read: not part of the abstraction
                        "w" => h.writes[t][x] = Some(v),
                        _ => panic!("unknown operation {op}"),
                    }
                }
            }
        }
        h
    }

    pub fn writes_to(&self, t: usize, x: usize) -> bool {
        self.writes[t][x].is_some()
    }

    pub fn reads_obj(&self, t: usize, x: usize) -> bool {
        self.reads[t][x].is_some()
    }

    /// s reads x from t.
    pub fn wr(&self, t: usize, x: usize, s: usize) -> bool {
        t != s && self.writes[t][x].is_some() && self.writes[t][x] == self.reads[s][x]
    }

    /// s reads some object from t.
    pub fn wr_any(&self, t: usize, s: usize) -> bool {
        (0..self.objects).any(|x| self.wr(t, x, s))
    }

    /// Distinct transactions that write a common object.
    pub fn conflict(&self, t: usize, s: usize) -> bool {
        t != s && (0..self.objects).any(|x| self.writes_to(t, x) && self.writes_to(s, x))
    }

    pub fn is_update(&self, t: usize) -> bool {
        (0..self.objects).any(|x| self.writes_to(t, x))
    }

    /// The position of x in t's read order, if t reads x.
    pub fn read_position(&self, t: usize, x: usize) -> Option<usize> {
        self.read_order[t].iter().position(|&y| y == x)
    }

    /// How many objects the transactions besides T0 read or write.
    pub fn used_objects(&self) -> usize {
        (0..self.objects)
            .filter(|&x| (1..self.txns).any(|t| self.reads_obj(t, x) || self.writes_to(t, x)))
            .count()
    }

    /// The largest value written to any object (the values besides v0 the model needs).
    pub fn max_value(&self) -> u32 {
        self.writes
            .iter()
            .chain(&self.reads)
            .flatten()
            .flatten()
            .copied()
            .max()
            .unwrap_or(0)
    }

    /// The same history with transaction `t` renamed `perm[t]` (`perm[0]` must be 0).
    pub fn relabel(&self, perm: &[usize]) -> History {
        let mut h = History::empty(self.txns, self.objects);
        for t in 0..self.txns {
            let p = perm[t];
            h.reads[p] = self.reads[t].clone();
            h.writes[p] = self.writes[t].clone();
            h.read_order[p] = self.read_order[t].clone();
            for s in 0..self.txns {
                h.so[p][perm[s]] = self.so[t][s];
            }
        }
        h
    }

    /// The history in the notation of the reference: sessions in brackets, `→` between
    /// transactions of one session (for failure messages).
    pub fn describe(&self) -> String {
        let mut out = String::new();
        for t in 1..self.txns {
            let _ = write!(out, "T{t}:");
            for &x in &self.read_order[t] {
                let _ = write!(
                    out,
                    " r({},{})",
                    object_name(x),
                    self.reads[t][x].unwrap_or(0)
                );
            }
            for x in 0..self.objects {
                if let Some(v) = self.writes[t][x] {
                    let _ = write!(out, " w({},{v})", object_name(x));
                }
            }
            let after: Vec<String> = (1..self.txns)
                .filter(|&s| self.so[t][s])
                .map(|s| format!("T{s}"))
                .collect();
            if !after.is_empty() {
                let _ = write!(out, " (so before {})", after.join(" "));
            }
            out.push_str("; ");
        }
        out
    }
}

/// A referee history in the notation: sessions as chains, reads in read order, then
/// writes.
pub fn notation(h: &History) -> String {
    let mut out = String::new();
    let mut placed = BTreeSet::new();
    let mut k = 0;
    for head in 1..h.txns {
        if placed.contains(&head) || (1..h.txns).any(|p| h.so[p][head]) {
            continue;
        }
        let mut chain: Vec<usize> = (1..h.txns).filter(|&t| h.so[head][t]).collect();
        chain.push(head);
        chain.sort_by_key(|&t| (1..h.txns).filter(|&p| h.so[p][t]).count());
        k += 1;
        let names: Vec<String> = chain.iter().map(|t| format!("T{t}")).collect();
        let _ = writeln!(out, "session {k}: {}", names.join(" -> "));
        for &t in &chain {
            placed.insert(t);
            let _ = write!(out, "  T{t}:");
            for &x in &h.read_order[t] {
                let _ = write!(out, " r({},{})", object_name(x), h.reads[t][x].unwrap());
            }
            for x in 0..h.objects {
                if let Some(v) = h.writes[t][x] {
                    let _ = write!(out, " w({},{v})", object_name(x));
                }
            }
            out.push('\n');
        }
    }
    out
}

pub fn object_name(x: usize) -> String {
    ["x", "y", "z"]
        .get(x)
        .map(|s| s.to_string())
        .unwrap_or_else(|| format!("o{x}"))
}

/// SplitMix64: tiny, seedable, and good enough for test generation.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n`; `n` must be positive.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    pub fn chance(&mut self, percent: u64) -> bool {
        self.next_u64() % 100 < percent
    }

    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

/// A random well-formed history: 1 to `max_txns` transactions besides T0, 1 to
/// `max_objects` objects, random sessions (disjoint chains), every read returning the
/// value of an earlier writer or the initial value, no write cycles by construction. The
/// transactions are generated in an order compatible with session order and write-read,
/// then renamed at random, so that the numbering carries no information.
pub fn random_history(rng: &mut Rng, max_txns: usize, max_objects: usize) -> History {
    let txns = 2 + rng.below(max_txns);
    let objects = 1 + rng.below(max_objects);
    // A style per history, so that both session-heavy and concurrent histories, and both
    // fresh and stale reads, are common.
    let new_session = [100, 60, 30][rng.below(3)];
    let latest = [15, 50, 85][rng.below(3)];
    let mut h = History::empty(txns, objects);
    // Sessions: each transaction starts a new one or continues an earlier one.
    let mut sessions: Vec<Vec<usize>> = Vec::new();
    for t in 1..txns {
        if sessions.is_empty() || rng.chance(new_session) {
            sessions.push(vec![t]);
        } else {
            let s = rng.below(sessions.len());
            for &earlier in &sessions[s] {
                h.so[earlier][t] = true;
            }
            sessions[s].push(t);
        }
    }
    let mut next_value = vec![1u32; objects];
    for t in 1..txns {
        for x in 0..objects {
            if rng.chance(65) {
                let writers: Vec<usize> = (0..t).filter(|&w| h.writes_to(w, x)).collect();
                let w = if rng.chance(latest) {
                    writers[writers.len() - 1]
                } else {
                    writers[rng.below(writers.len())]
                };
                h.reads[t][x] = h.writes[w][x];
                h.read_order[t].push(x);
            }
        }
        rng.shuffle(&mut h.read_order[t]);
        for x in 0..objects {
            // Mostly read-modify-write, sometimes a blind write.
            let p = if h.reads_obj(t, x) { 65 } else { 25 };
            if rng.chance(p) {
                h.writes[t][x] = Some(next_value[x]);
                next_value[x] += 1;
            }
        }
    }
    let mut perm: Vec<usize> = (0..txns).collect();
    rng.shuffle(&mut perm[1..]);
    h.relabel(&perm)
}

/// A solder model that opens the isolation library, fixes `h` by facts and exact scopes,
/// and has one command `run L for ...` per level `L`.
pub fn history_model(h: &History, levels: &[&str]) -> String {
    let mut m = String::from("open isolation\n\n");
    let txn_names: Vec<String> = (0..h.txns).map(|t| format!("T{t}")).collect();
    let values = h.max_value();
    if h.txns > 1 {
        let _ = writeln!(m, "one sig {} extends Txn {{}}", txn_names[1..].join(", "));
    }
    let objs: Vec<String> = (0..h.objects).map(object_name).collect();
    let _ = writeln!(m, "one sig {} extends Obj {{}}", objs.join(", "));
    if values > 0 {
        let vals: Vec<String> = (1..=values).map(|v| format!("v{v}")).collect();
        let _ = writeln!(m, "one sig {} extends Val {{}}", vals.join(", "));
    }
    let mut reads = Vec::new();
    let mut writes = Vec::new();
    let mut so = Vec::new();
    let mut ro = Vec::new();
    for t in 0..h.txns {
        for x in 0..h.objects {
            if let Some(v) = h.reads[t][x] {
                reads.push(format!("{} -> {} -> v{v}", txn_names[t], objs[x]));
            }
            if let Some(v) = h.writes[t][x] {
                writes.push(format!("{} -> {} -> v{v}", txn_names[t], objs[x]));
            }
        }
        for s in 0..h.txns {
            if h.so[t][s] {
                so.push(format!("{} -> {}", txn_names[t], txn_names[s]));
            }
        }
        let order = &h.read_order[t];
        for (i, &a) in order.iter().enumerate() {
            for &b in &order[i + 1..] {
                ro.push(format!("{} -> {} -> {}", txn_names[t], objs[a], objs[b]));
            }
        }
    }
    let union = |parts: Vec<String>, arity: usize| {
        if parts.is_empty() {
            vec!["none"; arity].join(" -> ")
        } else {
            parts.join(" + ")
        }
    };
    let _ = writeln!(m, "\nfact history {{");
    let _ = writeln!(m, "  reads = {}", union(reads, 3));
    let _ = writeln!(m, "  writes = {}", union(writes, 3));
    let _ = writeln!(m, "  so = {}", union(so, 2));
    let _ = writeln!(m, "  ro = {}", union(ro, 3));
    let _ = writeln!(m, "}}\n");
    let scope = format!(
        "for exactly {} Txn, exactly {} Obj, exactly {} Val",
        h.txns - 1,
        h.objects,
        values + 1
    );
    for level in levels {
        let _ = writeln!(m, "run {level} {scope}");
    }
    m
}

/// Every well-formed history with 1 to `max_txns` transactions besides T0 and exactly
/// `objects` objects (an object nobody touches changes no verdict), whose objects take
/// at most `values` values each, the initial one included. Up to renaming: transactions
/// are numbered in an order compatible with session order and write-read, which every
/// well-formed history has.
pub fn all_histories(max_txns: usize, objects: usize, values: u32) -> Vec<History> {
    let mut out = Vec::new();
    for normal in 1..=max_txns {
        let h = History::empty(normal + 1, objects);
        extend_histories(h, 1, values, &mut out);
    }
    out
}

/// Choose the operations, read order and session of transaction `t`, then go on.
fn extend_histories(h: History, t: usize, values: u32, out: &mut Vec<History>) {
    if t == h.txns {
        out.push(h);
        return;
    }
    // per object: the possible (read, write) pairs
    let choices: Vec<Vec<(Option<u32>, Option<u32>)>> = (0..h.objects)
        .map(|x| {
            let written: Vec<u32> = (0..t).filter_map(|w| h.writes[w][x]).collect();
            let next = written.iter().max().map_or(0, |v| v + 1);
            let reads = std::iter::once(None).chain(written.iter().map(|&v| Some(v)));
            let writes: Vec<Option<u32>> = if next < values {
                vec![None, Some(next)]
            } else {
                vec![None]
            };
            reads
                .flat_map(|r| writes.iter().map(move |&w| (r, w)))
                .collect()
        })
        .collect();
    let mut pick = vec![0usize; h.objects];
    loop {
        let mut with_ops = h.clone();
        for x in 0..h.objects {
            let (r, w) = choices[x][pick[x]];
            with_ops.reads[t][x] = r;
            with_ops.writes[t][x] = w;
        }
        let read: Vec<usize> = (0..h.objects)
            .filter(|&x| with_ops.reads[t][x].is_some())
            .collect();
        for order in orders(&read) {
            let mut ordered = with_ops.clone();
            ordered.read_order[t] = order;
            // a new session, or after the last transaction of an earlier one
            let lasts: Vec<usize> = (1..t)
                .filter(|&s| !(s + 1..t).any(|u| ordered.so[s][u]))
                .collect();
            let mut sessions = vec![ordered.clone()];
            for last in lasts {
                let mut joined = ordered.clone();
                for s in 1..t {
                    if s == last || ordered.so[s][last] {
                        joined.so[s][t] = true;
                    }
                }
                sessions.push(joined);
            }
            for next in sessions {
                extend_histories(next, t + 1, values, out);
            }
        }
        // the next combination of per-object choices
        let mut x = 0;
        loop {
            if x == h.objects {
                return;
            }
            pick[x] += 1;
            if pick[x] < choices[x].len() {
                break;
            }
            pick[x] = 0;
            x += 1;
        }
    }
}

/// Every order of `items`.
fn orders(items: &[usize]) -> Vec<Vec<usize>> {
    if items.is_empty() {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for (i, &first) in items.iter().enumerate() {
        let mut rest = items.to_vec();
        rest.remove(i);
        for mut tail in orders(&rest) {
            tail.insert(0, first);
            out.push(tail);
        }
    }
    out
}
