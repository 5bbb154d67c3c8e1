//! A concrete history as a user writes it (named transactions of reads and writes, in
//! sessions), its transaction abstraction, sub-histories, and the solder model that pins
//! it over the isolation library.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use crate::diagnostic::{Diagnostic, Errors, Severity, Span};

/// A history: transactions besides the initial one, grouped into sessions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct History {
    /// The transactions, in the order the input lists them.
    pub txns: Vec<Txn>,
    /// Sessions as indices into `txns`, each in session order; every transaction is in
    /// exactly one.
    pub sessions: Vec<Vec<usize>>,
    /// Object names, in order of first mention.
    pub objects: Vec<String>,
    /// The value the initial transaction T0 writes to each object.
    pub initial: Vec<String>,
    /// Reads that every level forbids whatever else the history holds — of a value only
    /// a failed transaction wrote (Jepsen's `:fail`: Adya's G1a), of a value its writer
    /// overwrote (G1b), of a value nobody wrote in a recorded history — kept beside the
    /// transactions rather than among their reads, so that the rest is a valid history.
    pub forbidden_reads: Vec<ForbiddenRead>,
    /// Version orders the history records beyond its reads: per object, writers of it
    /// in the order of their versions (Jepsen's list-append reads show the order of a
    /// key's appends). Every level's witness order must contain them. Empty for
    /// histories of registers.
    pub version_orders: Vec<(usize, Vec<usize>)>,
}

/// A committed transaction's read that no level allows, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForbiddenRead {
    /// Index into `History::txns`.
    pub txn: usize,
    /// Index into `History::objects`.
    pub obj: usize,
    pub value: String,
    /// The read.
    pub span: Option<Span>,
    /// What is wrong with it, naming the transactions: "T2 reads x = 2, which …".
    pub message: String,
}

/// Why one transaction comes after another in a history (`History::causal_cycle`).
#[derive(Clone, Debug)]
enum After {
    /// It follows the other in its session.
    InSession,
    /// It reads (object, value) that the other wrote.
    ReadsFrom(usize, String),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Txn {
    pub name: String,
    pub ops: Vec<Op>,
    pub span: Option<Span>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpKind {
    Read,
    Write,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Op {
    pub kind: OpKind,
    /// Index into `History::objects`.
    pub obj: usize,
    pub value: String,
    pub span: Option<Span>,
}

/// A transaction reduced to what the library's model keeps: its external reads (the
/// first read of each object before any write of its own, in program order) and its
/// final writes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Abstract {
    pub reads: Vec<(usize, String)>,
    pub writes: BTreeMap<usize, String>,
}

/// A read that no level allows, whatever the other transactions did: it contradicts
/// the transaction's own earlier read or write of the object (Cerone et al.'s INT
/// axiom, which the library builds into its model).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InternalViolation {
    pub txn: usize,
    pub message: String,
}

impl History {
    pub fn txn_index(&self, name: &str) -> Option<usize> {
        self.txns.iter().position(|t| t.name == name)
    }

    /// The pairs (earlier, later) of consecutive writers in the recorded version orders.
    pub fn known_pairs(&self) -> Vec<(usize, usize)> {
        self.version_orders
            .iter()
            .flat_map(|(_, chain)| chain.windows(2).map(|p| (p[0], p[1])))
            .collect()
    }

    /// Each transaction's external reads and final writes, and the reads that contradict
    /// the transaction's own earlier operations.
    pub fn abstraction(&self) -> (Vec<Abstract>, Vec<InternalViolation>) {
        let mut out = Vec::new();
        let mut bad = Vec::new();
        for (i, t) in self.txns.iter().enumerate() {
            let mut a = Abstract::default();
            // What the transaction last saw of each object: read or written.
            let mut seen: BTreeMap<usize, (OpKind, &str)> = BTreeMap::new();
            for op in &t.ops {
                match op.kind {
                    OpKind::Read => match seen.get(&op.obj) {
                        None => {
                            a.reads.push((op.obj, op.value.clone()));
                            seen.insert(op.obj, (OpKind::Read, &op.value));
                        }
                        Some((kind, v)) if *v != op.value => bad.push(InternalViolation {
                            txn: i,
                            message: format!(
                                "{} reads {} = {} after it {} {}",
                                t.name,
                                self.objects[op.obj],
                                op.value,
                                if *kind == OpKind::Read {
                                    "read"
                                } else {
                                    "wrote"
                                },
                                v
                            ),
                        }),
                        Some(_) => {}
                    },
                    OpKind::Write => {
                        a.writes.insert(op.obj, op.value.clone());
                        seen.insert(op.obj, (OpKind::Write, &op.value));
                    }
                }
            }
            out.push(a);
        }
        (out, bad)
    }

    /// Sets aside the external reads that no level allows, so that validation sees a
    /// history whose every read has a writer: a read of a value that another transaction
    /// writes but overwrites (an intermediate read, G1b), and with `thin_air` (a history
    /// a database produced, where it is the database's fault rather than a typo) a read
    /// of a value nobody writes.
    pub fn set_aside_forbidden_reads(&mut self, thin_air: bool) {
        let (abs, _) = self.abstraction();
        let writers = self.writers(&abs);
        let mut found = Vec::new();
        for (i, a) in abs.iter().enumerate() {
            for (x, v) in &a.reads {
                let finally = writers.get(&(*x, v.clone()));
                if finally.is_some_and(|ws| ws.iter().any(|w| *w != Some(i))) {
                    continue;
                }
                let overwriter = self.txns.iter().enumerate().find(|(j, t)| {
                    *j != i
                        && t.ops
                            .iter()
                            .any(|o| o.kind == OpKind::Write && o.obj == *x && o.value == *v)
                });
                let what = format!("{} reads {} = {v}", self.txns[i].name, self.objects[*x]);
                let message = match overwriter {
                    Some((_, t)) => format!(
                        "{what}, which {} writes and then overwrites (an intermediate read, G1b)",
                        t.name
                    ),
                    None if thin_air && finally.is_none() => {
                        format!("{what}, a value no transaction writes (a thin-air read)")
                    }
                    None => continue,
                };
                found.push(ForbiddenRead {
                    txn: i,
                    obj: *x,
                    value: v.clone(),
                    span: self.read_span(i, *x),
                    message,
                });
            }
        }
        for f in &found {
            self.txns[f.txn]
                .ops
                .retain(|o| !(o.kind == OpKind::Read && o.obj == f.obj && o.value == f.value));
        }
        self.forbidden_reads.extend(found);
    }

    /// The history's consistency as input: every read returns the initial value or the
    /// final write of exactly one other transaction. Errors name the reads at fault.
    pub fn validate(&self) -> Result<(), Errors> {
        let (abs, _) = self.abstraction();
        let writers = self.writers(&abs);
        let mut errors = Vec::new();
        for (i, a) in abs.iter().enumerate() {
            for (x, v) in &a.reads {
                let span = self.read_span(i, *x);
                let ws = writers.get(&(*x, v.clone())).cloned().unwrap_or_default();
                let others: Vec<&Option<usize>> = ws.iter().filter(|w| **w != Some(i)).collect();
                let what = format!("{} reads {} = {}", self.txns[i].name, self.objects[*x], v);
                let diag = |message: String| match span {
                    Some(s) => Diagnostic::error(s, message),
                    None => Diagnostic::global(message),
                };
                if others.is_empty() {
                    let mut d = diag(format!(
                        "{what}, a value no other transaction writes (a thin-air read)"
                    ));
                    if ws.contains(&Some(i)) {
                        d = d.with_help("a transaction's reads of its own writes come after them; an earlier read sees another transaction's write");
                    }
                    errors.push(d);
                } else if others.len() > 1 {
                    let names: Vec<String> = others.iter().map(|w| self.writer_name(**w)).collect();
                    errors.push(
                        diag(format!(
                            "{what}, which {} all write: the read is ambiguous",
                            names.join(", ")
                        ))
                        .with_help("every level of the library needs to know which write a read returns (Adya's \"differentiated\" histories): give each write to an object its own value"),
                    );
                }
            }
        }
        if errors.is_empty() {
            // Reads in a circle contradict every level; a circle that needs the session
            // order only those levels that read it (`session_cycle`).
            if let Some(cycle) = self.causal_cycle(&abs, &writers, false) {
                let d = self.cycle_diagnostic(&cycle, "not a valid history: its reads");
                errors.push(d.with_help("a transaction can read only from transactions before it: committed before it began; check the values read"));
            }
        }
        if errors.is_empty() {
            Ok(())
        } else {
            Err(Errors(errors))
        }
    }

    /// A cycle of session order and reads in a history that [`History::validate`]
    /// accepted (whose reads alone are acyclic), as a warning: the levels that read the
    /// session order cannot be decided on it, the others can, on the history without
    /// its sessions ([`History::without_sessions`]).
    pub fn session_cycle(&self) -> Option<Diagnostic> {
        let (abs, _) = self.abstraction();
        let writers = self.writers(&abs);
        let cycle = self.causal_cycle(&abs, &writers, true)?;
        let d = self.cycle_diagnostic(&cycle, "the history's sessions and reads");
        Some(Diagnostic {
            severity: Severity::Warning,
            ..d.with_help("the levels that use the session order are left undecided, the others are decided on the history without its sessions; a transaction can read only from transactions before it: earlier in its session, or committed before it began")
        })
    }

    /// The same transactions, each a session of its own.
    pub fn without_sessions(&self) -> History {
        History {
            sessions: (0..self.txns.len()).map(|t| vec![t]).collect(),
            ..self.clone()
        }
    }

    /// Session order (when `sessions`) and reads together must be acyclic (the
    /// library's `noCausalCycle`): a transaction cannot read from its own future.
    /// Otherwise a level's model has no execution at all, which would read as
    /// "violated". The error names each step of one cycle and points at a read on it.
    fn causal_cycle(
        &self,
        abs: &[Abstract],
        writers: &BTreeMap<(usize, String), Vec<Option<usize>>>,
        sessions: bool,
    ) -> Option<Vec<(usize, usize, After)>> {
        // Edges a -> b with why b comes after a.
        let mut edges: Vec<Vec<(usize, After)>> = vec![Vec::new(); abs.len()];
        for session in self.sessions.iter().filter(|_| sessions) {
            for pair in session.windows(2) {
                edges[pair[0]].push((pair[1], After::InSession));
            }
        }
        for (t, a) in abs.iter().enumerate() {
            for (x, v) in &a.reads {
                let ws = writers.get(&(*x, v.clone())).map_or(&[][..], Vec::as_slice);
                if let Some(Some(w)) = ws.iter().find(|w| **w != Some(t)) {
                    edges[*w].push((t, After::ReadsFrom(*x, v.clone())));
                }
            }
        }
        // Depth-first search, iteratively (histories can be long); `on_path` holds the
        // edges taken from each transaction on the current path.
        let mut state = vec![0u8; abs.len()]; // 0 new, 1 on the path, 2 done
        for root in 0..abs.len() {
            if state[root] != 0 {
                continue;
            }
            let mut path: Vec<(usize, usize)> = vec![(root, 0)];
            state[root] = 1;
            while let Some(&mut (node, ref mut next)) = path.last_mut() {
                let Some((to, _)) = edges[node].get(*next).cloned() else {
                    state[node] = 2;
                    path.pop();
                    continue;
                };
                *next += 1;
                match state[to] {
                    0 => {
                        state[to] = 1;
                        path.push((to, 0));
                    }
                    1 => {
                        let start = path.iter().position(|(n, _)| *n == to)?;
                        let cycle: Vec<(usize, usize, After)> = path[start..]
                            .iter()
                            .map(|(n, taken)| {
                                let (m, why) = edges[*n][taken - 1].clone();
                                (*n, m, why)
                            })
                            .collect();
                        return Some(cycle);
                    }
                    _ => {}
                }
            }
        }
        None
    }

    /// `lead` "form a cycle: " and each step, at a read on the cycle.
    fn cycle_diagnostic(&self, cycle: &[(usize, usize, After)], lead: &str) -> Diagnostic {
        let name = |t: usize| self.txns[t].name.as_str();
        let steps: Vec<String> = cycle
            .iter()
            .map(|(a, b, why)| match why {
                After::InSession => format!("{} follows {} in its session", name(*b), name(*a)),
                After::ReadsFrom(x, v) => format!(
                    "{} reads {} = {}, which {} writes",
                    name(*b),
                    self.objects[*x],
                    v,
                    name(*a)
                ),
            })
            .collect();
        let message = format!("{lead} form a cycle: {}", steps.join("; "));
        let read = cycle.iter().find_map(|(_, b, why)| match why {
            After::ReadsFrom(x, _) => self.read_span(*b, *x),
            After::InSession => None,
        });
        match read {
            Some(span) => Diagnostic::error(span, message),
            None => Diagnostic::global(message),
        }
    }

    fn writer_name(&self, w: Option<usize>) -> String {
        match w {
            None => "T0 (the initial value)".into(),
            Some(t) => self.txns[t].name.clone(),
        }
    }

    /// The writers of each (object, value): `None` is T0.
    fn writers(&self, abs: &[Abstract]) -> BTreeMap<(usize, String), Vec<Option<usize>>> {
        let mut writers: BTreeMap<(usize, String), Vec<Option<usize>>> = BTreeMap::new();
        for (x, v) in self.initial.iter().enumerate() {
            writers.entry((x, v.clone())).or_default().push(None);
        }
        for (i, a) in abs.iter().enumerate() {
            for (x, v) in &a.writes {
                writers.entry((*x, v.clone())).or_default().push(Some(i));
            }
        }
        writers
    }

    fn read_span(&self, t: usize, x: usize) -> Option<Span> {
        self.txns[t]
            .ops
            .iter()
            .find(|o| o.kind == OpKind::Read && o.obj == x)
            .and_then(|o| o.span)
            .or(self.txns[t].span)
    }

    /// The transaction each transaction reads from (besides T0, `None`), per object read.
    /// Assumes a validated history.
    pub fn reads_from(&self) -> Vec<Vec<(usize, Option<usize>)>> {
        let (abs, _) = self.abstraction();
        let writers = self.writers(&abs);
        abs.iter()
            .enumerate()
            .map(|(i, a)| {
                a.reads
                    .iter()
                    .map(|(x, v)| {
                        let w = writers
                            .get(&(*x, v.clone()))
                            .and_then(|ws| ws.iter().find(|w| **w != Some(i)).copied())
                            .flatten();
                        (*x, w)
                    })
                    .collect()
            })
            .collect()
    }

    /// The sub-history of the transactions in `keep`: their operations, except reads of
    /// values that a transaction outside `keep` wrote (those readers would have nothing
    /// to read from); sessions restricted to `keep`. It is again a valid history.
    pub fn restrict(&self, keep: &BTreeSet<usize>) -> History {
        let from = self.reads_from();
        let mut index = BTreeMap::new();
        let mut txns = Vec::new();
        for (i, t) in self.txns.iter().enumerate() {
            if !keep.contains(&i) {
                continue;
            }
            let dropped: BTreeSet<usize> = from[i]
                .iter()
                .filter(|(_, w)| w.is_some_and(|w| !keep.contains(&w)))
                .map(|(x, _)| *x)
                .collect();
            let ops = t
                .ops
                .iter()
                .filter(|o| !(o.kind == OpKind::Read && dropped.contains(&o.obj)))
                .cloned()
                .collect();
            index.insert(i, txns.len());
            txns.push(Txn {
                name: t.name.clone(),
                ops,
                span: t.span,
            });
        }
        let sessions = self
            .sessions
            .iter()
            .map(|s| {
                s.iter()
                    .filter_map(|t| index.get(t).copied())
                    .collect::<Vec<_>>()
            })
            .filter(|s| !s.is_empty())
            .collect();
        let forbidden_reads = self
            .forbidden_reads
            .iter()
            .filter_map(|a| {
                Some(ForbiddenRead {
                    txn: *index.get(&a.txn)?,
                    ..a.clone()
                })
            })
            .collect();
        let version_orders = self
            .version_orders
            .iter()
            .map(|(x, chain)| {
                let kept = chain.iter().filter_map(|t| index.get(t).copied());
                (*x, kept.collect::<Vec<_>>())
            })
            .filter(|(_, chain)| !chain.is_empty())
            .collect();
        History {
            txns,
            sessions,
            objects: self.objects.clone(),
            initial: self.initial.clone(),
            forbidden_reads,
            version_orders,
        }
    }

    /// The history in the notation `solder classify` reads (the history view's):
    /// sessions of several transactions as `session k: T1 → T2` with the transactions
    /// indented under it, the others alone on a line; the T0 line only when an initial
    /// value is not `0`.
    pub fn notation(&self) -> String {
        let mut out = String::new();
        if self.initial.iter().any(|v| v != "0") {
            let init: Vec<String> = self
                .objects
                .iter()
                .zip(&self.initial)
                .map(|(x, v)| format!("w({x},{v})"))
                .collect();
            let _ = writeln!(out, "T0: {}", init.join(" "));
        }
        let mut k = 0;
        for s in &self.sessions {
            if s.len() == 1 {
                let _ = writeln!(out, "{}", self.txn_line(s[0]));
                continue;
            }
            k += 1;
            let names: Vec<&str> = s.iter().map(|&t| self.txns[t].name.as_str()).collect();
            let _ = writeln!(out, "session {k}: {}", names.join(" → "));
            for &t in s {
                let _ = writeln!(out, "  {}", self.txn_line(t));
            }
        }
        for (x, chain) in &self.version_orders {
            let names: Vec<&str> = chain.iter().map(|&t| self.txns[t].name.as_str()).collect();
            let _ = writeln!(out, "order {}: {}", self.objects[*x], names.join(" < "));
        }
        out
    }

    /// `T1: r(x,0) w(x,1)`: the transaction's operations as the input gave them.
    pub fn txn_line(&self, t: usize) -> String {
        let txn = &self.txns[t];
        let ops: Vec<String> = txn
            .ops
            .iter()
            .map(|o| {
                let k = if o.kind == OpKind::Read { 'r' } else { 'w' };
                format!("{k}({},{})", self.objects[o.obj], o.value)
            })
            .collect();
        if ops.is_empty() {
            format!("{}:", txn.name)
        } else {
            format!("{}: {}", txn.name, ops.join(" "))
        }
    }

    /// The transactions in an order that follows session order and write-read wherever
    /// those have no cycle (Kahn's algorithm, earliest listed first among the ready ones).
    pub fn dependency_order(&self) -> Vec<usize> {
        let n = self.txns.len();
        let mut successors = vec![Vec::new(); n];
        for s in &self.sessions {
            for pair in s.windows(2) {
                successors[pair[0]].push(pair[1]);
            }
        }
        for (reader, reads) in self.reads_from().iter().enumerate() {
            for (_, writer) in reads {
                if let Some(w) = writer {
                    successors[*w].push(reader);
                }
            }
        }
        for (a, b) in self.known_pairs() {
            successors[a].push(b);
        }
        let mut indegree = vec![0usize; n];
        for &b in successors.iter().flatten() {
            indegree[b] += 1;
        }
        let mut ready: BTreeSet<usize> = (0..n).filter(|&t| indegree[t] == 0).collect();
        let mut order = Vec::with_capacity(n);
        let mut placed = vec![false; n];
        while order.len() < n {
            // On a cycle nothing is ready: take the earliest transaction not yet placed.
            let t = match ready.pop_first() {
                Some(t) => t,
                None => (0..n).find(|&t| !placed[t]).expect("a transaction left"),
            };
            if placed[t] {
                continue;
            }
            placed[t] = true;
            order.push(t);
            for &b in &successors[t] {
                indegree[b] = indegree[b].saturating_sub(1);
                if indegree[b] == 0 && !placed[b] {
                    ready.insert(b);
                }
            }
        }
        order
    }

    /// The session-order pairs (earlier, later) among the transactions.
    pub fn session_pairs(&self) -> Vec<(usize, usize)> {
        let mut pairs = Vec::new();
        for s in &self.sessions {
            for (k, &a) in s.iter().enumerate() {
                for &b in &s[k + 1..] {
                    pairs.push((a, b));
                }
            }
        }
        pairs
    }
}

/// Names the model gives the history's transactions, objects and values, and the atoms
/// they become (`T1` is the one-atom sig `T1`, atom `T1$0`).
#[derive(Clone, Debug)]
pub struct ModelNames {
    pub txns: Vec<String>,
    pub objects: Vec<String>,
    /// Per object: the model's name of each value the history uses.
    pub values: Vec<BTreeMap<String, String>>,
}

/// Alloy keywords and the library names a generated model refers to: a user's name that
/// is one of these gets a generated name in the model.
const RESERVED: &[&str] = &[
    "abstract",
    "all",
    "and",
    "as",
    "assert",
    "but",
    "check",
    "disj",
    "else",
    "exactly",
    "extends",
    "fact",
    "for",
    "fun",
    "iden",
    "iff",
    "implies",
    "in",
    "Int",
    "int",
    "let",
    "lone",
    "module",
    "no",
    "none",
    "not",
    "one",
    "open",
    "or",
    "pred",
    "run",
    "set",
    "sig",
    "some",
    "sum",
    "univ",
    "expect",
    "seq",
    "String",
    "this",
    "enum",
    "private",
    "Txn",
    "Obj",
    "Val",
    "T0",
    "v0",
    "reads",
    "writes",
    "so",
    "ro",
    "isolation",
    "knownOrder",
];

fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The user's names when each is an identifier that clashes with nothing (keywords,
/// library names, level names, the other names); otherwise `prefix1`, `prefix2`, ….
fn model_names(names: &[&str], taken: &BTreeSet<String>, prefix: &str) -> Vec<String> {
    let unique: BTreeSet<&&str> = names.iter().collect();
    let usable = unique.len() == names.len()
        && names
            .iter()
            .all(|n| is_identifier(n) && !RESERVED.contains(n) && !taken.contains(*n));
    if usable {
        names.iter().map(|s| s.to_string()).collect()
    } else {
        (1..=names.len()).map(|k| format!("{prefix}{k}")).collect()
    }
}

/// A solder model that opens the isolation library, pins the history with one-atom sigs
/// and one fact, and has one command `run L` per level, in order. Level names are
/// library preds (or a user's own, with `extra` opening more modules).
/// Terms per parenthesized group of a long union in the generated model.
const UNION_GROUP: usize = 100;

pub fn history_model(h: &History, levels: &[&str]) -> (String, ModelNames) {
    let taken: BTreeSet<String> = levels.iter().map(|s| s.to_string()).collect();
    let tnames: Vec<&str> = h.txns.iter().map(|t| t.name.as_str()).collect();
    let txns = model_names(&tnames, &taken, "Tx");
    let mut taken2 = taken.clone();
    taken2.extend(txns.iter().cloned());
    let onames: Vec<&str> = h.objects.iter().map(String::as_str).collect();
    let objects = model_names(&onames, &taken2, "obj");
    let (abs, _) = h.abstraction();
    // Values: the initial value of each object is v0; the others are numbered per object
    // in order of appearance and shared across objects, as the library's `Val` is. A
    // value that two transactions write (and nobody reads: `History::validate` refuses
    // the rest) gets an atom per write, since the library's histories write each value
    // once.
    let mut values: Vec<BTreeMap<String, String>> = h
        .initial
        .iter()
        .map(|v| BTreeMap::from([(v.clone(), "v0".to_string())]))
        .collect();
    let mut next = vec![1usize; h.objects.len()];
    let mut write_atoms: Vec<BTreeMap<usize, String>> = vec![BTreeMap::new(); abs.len()];
    for (t, a) in abs.iter().enumerate() {
        for (x, v) in &a.writes {
            let atom = if values[*x].contains_key(v) {
                format!("v{}", next[*x])
            } else {
                let atom = format!("v{}", next[*x]);
                values[*x].insert(v.clone(), atom.clone());
                atom
            };
            next[*x] += 1;
            write_atoms[t].insert(*x, atom);
        }
    }
    let most = next.iter().max().map_or(0, |n| n - 1);
    let mut m = String::from(
        "-- generated by solder classify: the history, pinned by facts\nopen isolation\n\n",
    );
    if txns != tnames {
        m.push_str("-- transactions:");
        for (t, n) in tnames.iter().zip(&txns) {
            let _ = write!(m, " {n} = {t}");
        }
        m.push('\n');
    }
    if objects != onames {
        m.push_str("-- objects:");
        for (o, n) in onames.iter().zip(&objects) {
            let _ = write!(m, " {n} = {o}");
        }
        m.push('\n');
    }
    if !txns.is_empty() {
        // Atoms are numbered in declaration order, and witness orders start from atom
        // order (`solve::lazy_orders`): declared along the dependencies, a consistent
        // history's commit order is found with few corrections.
        let declared: Vec<&str> = h
            .dependency_order()
            .into_iter()
            .map(|t| txns[t].as_str())
            .collect();
        let _ = writeln!(m, "one sig {} extends Txn {{}}", declared.join(", "));
    }
    if !objects.is_empty() {
        let _ = writeln!(m, "one sig {} extends Obj {{}}", objects.join(", "));
    }
    if most > 0 {
        let vals: Vec<String> = (1..=most).map(|v| format!("v{v}")).collect();
        let _ = writeln!(m, "one sig {} extends Val {{}}", vals.join(", "));
    }
    let mut reads = Vec::new();
    let mut writes: Vec<String> = objects.iter().map(|x| format!("T0 -> {x} -> v0")).collect();
    let mut ro = Vec::new();
    for (t, a) in abs.iter().enumerate() {
        for (x, v) in &a.reads {
            reads.push(format!(
                "{} -> {} -> {}",
                txns[t], objects[*x], values[*x][v]
            ));
        }
        for (x, atom) in &write_atoms[t] {
            writes.push(format!("{} -> {} -> {atom}", txns[t], objects[*x]));
        }
        for (k, (x, _)) in a.reads.iter().enumerate() {
            for (y, _) in &a.reads[k + 1..] {
                ro.push(format!("{} -> {} -> {}", txns[t], objects[*x], objects[*y]));
            }
        }
    }
    let mut so: Vec<String> = if txns.is_empty() {
        Vec::new()
    } else {
        vec!["T0 -> (Txn - T0)".into()]
    };
    for (a, b) in h.session_pairs() {
        so.push(format!("{} -> {}", txns[a], txns[b]));
    }
    let union = |parts: Vec<String>, arity: usize| {
        if parts.is_empty() {
            vec!["none"; arity].join(" -> ")
        } else if parts.len() <= UNION_GROUP {
            parts.join("\n    + ")
        } else {
            // `a + b + c + …` nests one level per term, and the parser refuses
            // expressions nested more than 1000 deep: group the terms in parentheses.
            parts
                .chunks(UNION_GROUP)
                .map(|group| format!("({})", group.join("\n    + ")))
                .collect::<Vec<_>>()
                .join("\n    + ")
        }
    };
    let _ = writeln!(m, "\nfact history {{");
    let _ = writeln!(m, "  reads = {}", union(reads, 3));
    let _ = writeln!(m, "  writes = {}", union(writes, 3));
    let _ = writeln!(m, "  so = {}", union(so, 2));
    let _ = writeln!(m, "  ro = {}", union(ro, 3));
    let _ = writeln!(m, "}}\n");
    let n = h.txns.len();
    let scope = format!(
        "for {} but exactly {n} Txn, exactly {} Obj, exactly {} Val",
        n.max(1),
        objects.len(),
        most + 1
    );
    if h.version_orders.is_empty() {
        for l in levels {
            let _ = writeln!(m, "run {l} {scope}");
        }
    } else {
        // The recorded version orders go inside each level's witness order: the
        // level's axioms, restated with `knownOrder in` its order (`levels.rs`).
        let pairs: Vec<String> = h
            .known_pairs()
            .iter()
            .map(|&(a, b)| format!("{} -> {}", txns[a], txns[b]))
            .collect();
        let _ = writeln!(
            m,
            "-- the version orders the history records
fun knownOrder: Txn -> Txn {{
  {}
}}
",
            union(pairs, 2)
        );
        for l in levels {
            match super::levels::with_known_order(l, "knownOrder") {
                Some(formula) => {
                    let _ = writeln!(m, "{l}: run {{ {formula} }} {scope}");
                }
                None => {
                    let _ = writeln!(m, "run {l} {scope}");
                }
            }
        }
    }
    (
        m,
        ModelNames {
            txns,
            objects,
            values,
        },
    )
}
