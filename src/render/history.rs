//! The history view: an instance of a model that opens the isolation library's
//! `isolation/histories` module, shown the way papers write histories.
//!
//! ```text
//! T0: w(x,0) w(y,0)
//! session 1: T1 → T2
//!   T1: r(x,0) w(x,1)
//!   T2: r(x,0)
//! co: T0 < T1 < T2
//! ```
//!
//! Transactions are listed by session, in session order; reads in the transaction's read
//! order, then writes. Objects are called `x`, `y`, `z`, … and values are numbered per
//! object (`0` is the initial value, then `1`, `2`, … in the order the transactions are
//! listed), unless the model names every transaction or every object by a one-atom sig of
//! its own (`one sig T1 extends Txn {}`), whose names are used instead. The witnesses
//! (skolem constants) follow: a total order as a chain, other binary relations on
//! transactions as edges grouped by source, anything else as tuples.
//!
//! The relations are found by the names the library gives them (`Txn`, `T0`, `Obj`,
//! `Val`, `v0`, fields `reads`, `writes`, `so`, `ro`), under whatever module prefix.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use super::atoms::{alloy_atom_names, atom_name, value_or_empty};
use super::{FieldView, Presentation, SigView};
use crate::instance::Instance;
use crate::logic::{Atom, TupleSet};

/// The instance as a history, or `None` if the presentation lacks the history relations.
pub fn render_history(
    p: &Presentation,
    inst: &Instance,
    skolems: &[(String, TupleSet)],
) -> Option<String> {
    let relations = HistoryRelations::find(p, inst)?;
    let view = HistoryView::new(p, inst, relations);
    let mut out = String::new();
    view.write_transactions(&mut out);
    // Two levels in one command each have a witness `co`: the second is shown as `co'`.
    let mut shown = BTreeSet::new();
    for (name, value) in skolems {
        let mut name = name.trim_start_matches('$').to_string();
        while !shown.insert(name.clone()) {
            name.push('\'');
        }
        view.write_witness(&mut out, &name, value);
    }
    view.write_own_relations(&mut out, p, inst);
    Some(out)
}

/// The history alone, in the view's notation (what `classify` reads back): its
/// transactions by session, without witnesses or the tables of the model's own sigs and
/// fields, which the notation has no place for.
pub fn history_notation(p: &Presentation, inst: &Instance) -> Option<String> {
    let relations = HistoryRelations::find(p, inst)?;
    let view = HistoryView::new(p, inst, relations);
    let mut out = String::new();
    view.write_transactions(&mut out);
    Some(out)
}

/// Where the history's names differ from the atoms' names elsewhere (tables, `eval`,
/// JSON): objects and their values, e.g. `legend: x = Obj$0 (0 = v0$0, 1 = Val$0)`.
/// Transactions need none: every view calls them `T0`, `T1`, ….
pub fn legend(p: &Presentation, inst: &Instance) -> Option<String> {
    let relations = HistoryRelations::find(p, inst)?;
    let view = HistoryView::new(p, inst, relations);
    // Objects and values keep Alloy's names in every view (only transactions are renamed).
    let names = &view.atom_names;
    let mut entries = Vec::new();
    for &x in &view.objects {
        let mut values: Vec<(String, Atom)> = view
            .value_names
            .iter()
            .filter(|((o, _), _)| *o == x)
            .map(|((_, v), n)| (n.clone(), *v))
            .collect();
        values.sort_by_cached_key(|(n, _)| natural_key(n));
        let values: Vec<String> = values
            .iter()
            .map(|(n, v)| format!("{n} = {}", atom_name(names, *v)))
            .collect();
        let values = if values.is_empty() {
            String::new()
        } else {
            format!(" ({})", values.join(", "))
        };
        entries.push(format!(
            "{} = {}{values}",
            view.object_name(x),
            atom_name(names, x)
        ));
    }
    (!entries.is_empty()).then(|| format!("legend: {}\n", entries.join("; ")))
}

/// The history view's names for objects and their values (transactions are named alike
/// in every view, see `txn_names`).
#[derive(Clone, Debug, Default)]
pub struct HistoryNames {
    /// `x`, `y`, … or the model's own one-atom sigs' names.
    pub objects: BTreeMap<Atom, String>,
    /// The object names are the model's own sigs (which name the objects already).
    pub objects_are_sigs: bool,
    /// Per `(object, value)`: `0` for the initial value, then `1`, `2`, ….
    pub values: BTreeMap<(Atom, Atom), String>,
}

/// The history view's names for objects and values, for a model of histories.
pub fn history_names(p: &Presentation, inst: &Instance) -> Option<HistoryNames> {
    let relations = HistoryRelations::find(p, inst)?;
    let view = HistoryView::new(p, inst, relations);
    Some(HistoryNames {
        objects: view.object_names,
        objects_are_sigs: view.objects_are_sigs,
        values: view.value_names,
    })
}

/// The history view's names of the transactions, for a model of histories.
pub fn txn_names(p: &Presentation, inst: &Instance) -> Option<BTreeMap<Atom, String>> {
    let relations = HistoryRelations::find(p, inst)?;
    Some(HistoryView::new(p, inst, relations).txn_names)
}

/// Whether the instance comes from a model of histories (one that opens
/// `isolation/histories`).
pub fn is_history(p: &Presentation, inst: &Instance) -> bool {
    HistoryRelations::find(p, inst).is_some()
}

/// The history's relations, evaluated in the instance.
struct HistoryRelations {
    /// The full labels of the library's sigs, to tell them from the model's own.
    library_labels: BTreeSet<String>,
    txns: BTreeSet<Atom>,
    t0: Atom,
    objects: BTreeSet<Atom>,
    values: BTreeSet<Atom>,
    v0: Atom,
    /// `(t, x, v)`
    reads: TupleSet,
    writes: TupleSet,
    /// `(t, s)`
    so: TupleSet,
    /// `(t, x, y)`, when the model has a read order.
    ro: Option<TupleSet>,
}

fn last_segment(label: &str) -> &str {
    label.rsplit('/').next().unwrap_or(label)
}

impl HistoryRelations {
    fn find(p: &Presentation, inst: &Instance) -> Option<HistoryRelations> {
        p.sigs
            .iter()
            .filter(|s| last_segment(&s.label) == "Txn")
            .find_map(|txn| Self::find_for(p, inst, txn))
    }

    /// The relations that belong with the sig `txn` (same module prefix).
    fn find_for(p: &Presentation, inst: &Instance, txn: &SigView) -> Option<HistoryRelations> {
        let prefix = &txn.label[..txn.label.len() - "Txn".len()];
        let sig = |name: &str| -> Option<(String, TupleSet)> {
            let label = format!("{prefix}{name}");
            let view = p.sigs.iter().find(|s| s.label == label)?;
            let value = value_or_empty(inst, &view.value);
            (value.arity() == 1).then_some((label, value))
        };
        let field = |name: &str, arity: usize| -> Option<TupleSet> {
            let view: &FieldView = p
                .fields
                .iter()
                .find(|f| f.sig == txn.label && f.name == name)?;
            let value = value_or_empty(inst, &view.value);
            (value.arity() == arity).then_some(value)
        };
        let txns = value_or_empty(inst, &txn.value);
        if txns.arity() != 1 {
            return None;
        }
        let (t0_label, t0) = sig("T0")?;
        let (obj_label, objects) = sig("Obj")?;
        let (val_label, values) = sig("Val")?;
        let (v0_label, v0) = sig("v0")?;
        let single = |ts: &TupleSet| (ts.len() == 1).then(|| ts.atoms().into_iter().next())?;
        Some(HistoryRelations {
            library_labels: [txn.label.clone(), t0_label, obj_label, val_label, v0_label]
                .into_iter()
                .collect(),
            txns: txns.atoms(),
            t0: single(&t0)?,
            objects: objects.atoms(),
            values: values.atoms(),
            v0: single(&v0)?,
            reads: field("reads", 3)?,
            writes: field("writes", 3)?,
            so: field("so", 2)?,
            ro: field("ro", 3),
        })
    }
}

/// Names and order for everything the view shows.
struct HistoryView {
    r: HistoryRelations,
    /// Sessions in display order, each in session order.
    sessions: Vec<Vec<Atom>>,
    txn_names: BTreeMap<Atom, String>,
    /// Objects in display order.
    objects: Vec<Atom>,
    object_names: BTreeMap<Atom, String>,
    /// The object names are the model's own one-atom sigs (`one sig checking extends Obj`).
    objects_are_sigs: bool,
    /// Per `(object, value)`.
    value_names: BTreeMap<(Atom, Atom), String>,
    /// Alloy's atom names, for atoms the history does not name.
    atom_names: Vec<String>,
}

impl HistoryView {
    /// The model's own sigs and fields (beyond the library's), as tables beneath the
    /// history, with transactions and objects in the history's names. Sigs that only name
    /// transactions, objects or values (`one sig T1 extends Txn`) are the history itself.
    fn write_own_relations(&self, out: &mut String, p: &Presentation, inst: &Instance) {
        let own = |label: &str| !label.contains('/') && !self.r.library_labels.contains(label);
        let history_atoms: BTreeSet<Atom> = self
            .r
            .txns
            .iter()
            .chain(&self.r.objects)
            .chain(&self.r.values)
            .copied()
            .collect();
        let sigs: Vec<&SigView> = p
            .sigs
            .iter()
            .filter(|s| !s.hidden && own(&s.label))
            .filter(|s| {
                !value_or_empty(inst, &s.value)
                    .atoms()
                    .iter()
                    .all(|a| history_atoms.contains(a))
            })
            .collect();
        let fields: Vec<&FieldView> = p
            .fields
            .iter()
            .filter(|f| !f.hidden && own(&f.sig))
            .collect();
        if sigs.is_empty() && fields.is_empty() {
            return;
        }
        let mut names = self.atom_names.clone();
        for (atom, name) in self.txn_names.iter().chain(&self.object_names) {
            if let Some(slot) = names.get_mut(*atom as usize) {
                *slot = name.clone();
            }
        }
        out.push('\n');
        out.push_str(&super::grid::render_some(&sigs, &fields, inst, &names));
        out.push('\n');
    }

    fn new(p: &Presentation, inst: &Instance, r: HistoryRelations) -> HistoryView {
        let own_names = own_sig_names(p, inst, &r.library_labels);
        let normal: Vec<Atom> = r.txns.iter().copied().filter(|&t| t != r.t0).collect();
        let user_txn_names = names_for(&normal, &own_names);
        let mut sessions = sessions(&r, &normal);
        let mut txn_names = BTreeMap::new();
        txn_names.insert(r.t0, "T0".to_string());
        match user_txn_names {
            Some(names) => {
                sessions.sort_by_cached_key(|s| natural_key(&names[&s[0]]));
                txn_names.extend(names);
            }
            None => {
                let rank = causal_rank(&r);
                sessions.sort_by_key(|s| s.iter().map(|t| rank[t]).min());
                for (i, &t) in sessions.iter().flatten().enumerate() {
                    txn_names.insert(t, format!("T{}", i + 1));
                }
            }
        }
        let mut objects: Vec<Atom> = r.objects.iter().copied().collect();
        let own_object_names = names_for(&objects, &own_names);
        let objects_are_sigs = own_object_names.is_some();
        let object_names = match own_object_names {
            Some(names) => {
                objects.sort_by_cached_key(|x| natural_key(&names[x]));
                names
            }
            None => objects
                .iter()
                .enumerate()
                .map(|(i, &x)| (x, letter_name(i)))
                .collect(),
        };
        let mut view = HistoryView {
            r,
            sessions,
            txn_names,
            objects,
            object_names,
            objects_are_sigs,
            value_names: BTreeMap::new(),
            atom_names: alloy_atom_names(p, inst),
        };
        view.number_values();
        view
    }

    /// Values per object: the initial value is 0, then written values in the order the
    /// transactions are listed, then values read but never written (only in histories
    /// that break well-formedness).
    fn number_values(&mut self) {
        let mut next: BTreeMap<Atom, usize> = BTreeMap::new();
        let mut names = BTreeMap::new();
        for &x in &self.objects {
            names.insert((x, self.r.v0), "0".to_string());
        }
        let order: Vec<Atom> = std::iter::once(self.r.t0)
            .chain(self.sessions.iter().flatten().copied())
            .collect();
        for relation in [&self.r.writes, &self.r.reads] {
            for &t in &order {
                for (x, v) in ops(relation, t) {
                    names.entry((x, v)).or_insert_with(|| {
                        let n = next.entry(x).or_insert(0);
                        *n += 1;
                        n.to_string()
                    });
                }
            }
        }
        self.value_names = names;
    }

    fn txn_name(&self, t: Atom) -> String {
        self.txn_names
            .get(&t)
            .cloned()
            .unwrap_or_else(|| atom_name(&self.atom_names, t))
    }

    fn object_name(&self, x: Atom) -> String {
        self.object_names
            .get(&x)
            .cloned()
            .unwrap_or_else(|| atom_name(&self.atom_names, x))
    }

    fn value_name(&self, x: Atom, v: Atom) -> String {
        self.value_names
            .get(&(x, v))
            .cloned()
            .unwrap_or_else(|| atom_name(&self.atom_names, v))
    }

    fn object_position(&self, x: Atom) -> usize {
        self.objects
            .iter()
            .position(|&o| o == x)
            .unwrap_or(usize::MAX)
    }

    /// `T1: r(x,0) w(x,1)`
    fn transaction_line(&self, t: Atom) -> String {
        let mut reads = ops(&self.r.reads, t);
        let by_object = |(x, _): &(Atom, Atom)| self.object_position(*x);
        reads.sort_by_key(by_object);
        if let Some(order) = self.read_order(t, &reads) {
            reads = order;
        }
        let mut writes = ops(&self.r.writes, t);
        writes.sort_by_key(by_object);
        let mut parts: Vec<String> = Vec::new();
        for (x, v) in reads {
            parts.push(format!(
                "r({},{})",
                self.object_name(x),
                self.value_name(x, v)
            ));
        }
        for (x, v) in writes {
            parts.push(format!(
                "w({},{})",
                self.object_name(x),
                self.value_name(x, v)
            ));
        }
        if parts.is_empty() {
            parts.push("(no reads or writes)".into());
        }
        format!("{}: {}", self.txn_name(t), parts.join(" "))
    }

    /// The reads of `t` in its read order, when `ro` orders them totally.
    fn read_order(&self, t: Atom, reads: &[(Atom, Atom)]) -> Option<Vec<(Atom, Atom)>> {
        let ro = self.r.ro.as_ref()?;
        let before = |a: Atom, b: Atom| ro.contains(&[t, a, b]);
        let objects: Vec<Atom> = reads.iter().map(|&(x, _)| x).collect();
        let total = objects.iter().all(|&a| {
            objects
                .iter()
                .all(|&b| (a == b) != (before(a, b) || before(b, a)))
        });
        if !total {
            return None;
        }
        let mut ordered = reads.to_vec();
        ordered.sort_by_key(|&(x, _)| objects.iter().filter(|&&y| before(y, x)).count());
        Some(ordered)
    }

    fn write_transactions(&self, out: &mut String) {
        let _ = writeln!(out, "{}", self.transaction_line(self.r.t0));
        for (i, session) in self.sessions.iter().enumerate() {
            let names: Vec<String> = session.iter().map(|&t| self.txn_name(t)).collect();
            if is_chain(&self.r.so, session) {
                let _ = writeln!(out, "session {}: {}", i + 1, names.join(" → "));
            } else {
                // Only an instance that breaks the library's well-formedness gets here.
                let edges: Vec<String> = session
                    .iter()
                    .flat_map(|&a| session.iter().map(move |&b| (a, b)))
                    .filter(|&(a, b)| self.r.so.contains(&[a, b]))
                    .map(|(a, b)| format!("{} → {}", self.txn_name(a), self.txn_name(b)))
                    .collect();
                let _ = writeln!(
                    out,
                    "session {}: {} (so: {})",
                    i + 1,
                    names.join(", "),
                    edges.join(", ")
                );
            }
            for &t in session {
                let _ = writeln!(out, "  {}", self.transaction_line(t));
            }
        }
    }

    /// Transactions in display order: T0, then session by session.
    fn txn_position(&self, t: Atom) -> usize {
        if t == self.r.t0 {
            return 0;
        }
        self.sessions
            .iter()
            .flatten()
            .position(|&s| s == t)
            .map_or(usize::MAX, |i| i + 1)
    }

    fn write_witness(&self, out: &mut String, name: &str, value: &TupleSet) {
        let over_txns = value.atoms().iter().all(|a| self.r.txns.contains(a));
        if value.arity() == 2 && over_txns {
            let pairs: Vec<(Atom, Atom)> = value.iter().map(|t| (t[0], t[1])).collect();
            if !pairs.is_empty()
                && let Some(chain) = total_order(&pairs)
                && chain.len() == self.r.txns.len()
            {
                let names: Vec<String> = chain.iter().map(|&t| self.txn_name(t)).collect();
                let _ = writeln!(out, "{name}: {}", names.join(" < "));
                return;
            }
            let mut sources: BTreeMap<usize, (Atom, Vec<Atom>)> = BTreeMap::new();
            for (a, b) in pairs {
                sources
                    .entry(self.txn_position(a))
                    .or_insert((a, Vec::new()))
                    .1
                    .push(b);
            }
            let groups: Vec<String> = sources
                .into_values()
                .map(|(a, mut targets)| {
                    targets.sort_by_key(|&b| self.txn_position(b));
                    let targets: Vec<String> = targets.iter().map(|&b| self.txn_name(b)).collect();
                    format!("{} → {}", self.txn_name(a), targets.join(" "))
                })
                .collect();
            let shown = if groups.is_empty() {
                "(empty)".to_string()
            } else {
                groups.join("; ")
            };
            let _ = writeln!(out, "{name}: {shown}");
            return;
        }
        let tuples: Vec<String> = value
            .iter()
            .map(|t| {
                t.iter()
                    .map(|&a| self.atom_display(a))
                    .collect::<Vec<_>>()
                    .join("->")
            })
            .collect();
        let shown = if tuples.is_empty() {
            "(empty)".to_string()
        } else {
            tuples.join(", ")
        };
        let _ = writeln!(out, "{name}: {shown}");
    }

    fn atom_display(&self, a: Atom) -> String {
        if self.r.txns.contains(&a) {
            return self.txn_name(a);
        }
        if self.r.objects.contains(&a) {
            return self.object_name(a);
        }
        if self.r.values.contains(&a) {
            // a value has one name if every object that has it numbers it alike
            let names: BTreeSet<&String> = self
                .value_names
                .iter()
                .filter(|((_, v), _)| *v == a)
                .map(|(_, name)| name)
                .collect();
            if let [name] = names.into_iter().collect::<Vec<_>>()[..] {
                return name.clone();
            }
        }
        // Alloy's name without the module path: `Val$1`
        last_segment(&atom_name(&self.atom_names, a)).to_string()
    }
}

/// `(object, value)` pairs of transaction `t` in a ternary relation `t -> x -> v`.
fn ops(relation: &TupleSet, t: Atom) -> Vec<(Atom, Atom)> {
    relation
        .iter()
        .filter(|tuple| tuple[0] == t)
        .map(|tuple| (tuple[1], tuple[2]))
        .collect()
}

/// Names from sigs of the model (not the library) that hold exactly one atom, the most
/// specific sig first (the presentation lists children before parents).
fn own_sig_names(
    p: &Presentation,
    inst: &Instance,
    library_labels: &BTreeSet<String>,
) -> BTreeMap<Atom, String> {
    let mut names = BTreeMap::new();
    for sig in p
        .sigs
        .iter()
        .filter(|s| s.names_atoms && !s.hidden && !library_labels.contains(&s.label))
    {
        let value = value_or_empty(inst, &sig.value);
        if value.arity() == 1 && value.len() == 1 {
            let atom = value.iter().next().map(|t| t[0]);
            if let Some(atom) = atom {
                names
                    .entry(atom)
                    .or_insert_with(|| last_segment(&sig.label).to_string());
            }
        }
    }
    names
}

/// The model's own names for all of `atoms`, if each has a distinct one.
fn names_for(atoms: &[Atom], own: &BTreeMap<Atom, String>) -> Option<BTreeMap<Atom, String>> {
    let names: BTreeMap<Atom, String> = atoms
        .iter()
        .map(|a| own.get(a).map(|n| (*a, n.clone())))
        .collect::<Option<_>>()?;
    let distinct: BTreeSet<&String> = names.values().collect();
    (distinct.len() == names.len() && !distinct.iter().any(|n| *n == "T0")).then_some(names)
}

/// The sessions: connected parts of the session order among the normal transactions,
/// each listed by the number of its members before it (session order for a chain).
fn sessions(r: &HistoryRelations, normal: &[Atom]) -> Vec<Vec<Atom>> {
    let members: BTreeSet<Atom> = normal.iter().copied().collect();
    let linked = |a: Atom, b: Atom| r.so.contains(&[a, b]) || r.so.contains(&[b, a]);
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for &start in normal {
        if !seen.insert(start) {
            continue;
        }
        let mut part = vec![start];
        let mut i = 0;
        while i < part.len() {
            let a = part[i];
            for &b in &members {
                if !seen.contains(&b) && linked(a, b) {
                    seen.insert(b);
                    part.push(b);
                }
            }
            i += 1;
        }
        let before = |t: Atom| part.iter().filter(|&&a| r.so.contains(&[a, t])).count();
        let mut ordered = part.clone();
        ordered.sort_by_key(|&t| (before(t), t));
        out.push(ordered);
    }
    out
}

/// Whether `so` orders the session totally, in the listed order.
fn is_chain(so: &TupleSet, session: &[Atom]) -> bool {
    session.iter().enumerate().all(|(i, &a)| {
        session[i + 1..]
            .iter()
            .all(|&b| so.contains(&[a, b]) && !so.contains(&[b, a]))
    })
}

/// A position for every transaction in an order compatible with session order and
/// write-read (smallest atom first among the ready ones), so that numbering follows
/// the flow of information; transactions on a cycle come last, by atom.
fn causal_rank(r: &HistoryRelations) -> BTreeMap<Atom, usize> {
    let mut edges: BTreeSet<(Atom, Atom)> = r.so.iter().map(|t| (t[0], t[1])).collect();
    for w in r.writes.iter() {
        for rd in r.reads.iter() {
            if w[0] != rd[0] && w[1] == rd[1] && w[2] == rd[2] {
                edges.insert((w[0], rd[0]));
            }
        }
    }
    let mut remaining: BTreeSet<Atom> = r.txns.clone();
    let mut rank = BTreeMap::new();
    while let Some(&next) = remaining
        .iter()
        .find(|&&t| {
            !edges
                .iter()
                .any(|&(a, b)| b == t && a != t && remaining.contains(&a))
        })
        .or_else(|| remaining.iter().next())
    {
        remaining.remove(&next);
        rank.insert(next, rank.len());
    }
    rank
}

/// The elements of a strict total order given by its pairs, least first; `None` if the
/// pairs are not a strict total order on the atoms they mention.
fn total_order(pairs: &[(Atom, Atom)]) -> Option<Vec<Atom>> {
    let set: BTreeSet<(Atom, Atom)> = pairs.iter().copied().collect();
    let atoms: BTreeSet<Atom> = pairs.iter().flat_map(|&(a, b)| [a, b]).collect();
    for &a in &atoms {
        if set.contains(&(a, a)) {
            return None;
        }
        for &b in &atoms {
            if a != b && set.contains(&(a, b)) == set.contains(&(b, a)) {
                return None;
            }
            for &c in &atoms {
                if set.contains(&(a, b)) && set.contains(&(b, c)) && !set.contains(&(a, c)) {
                    return None;
                }
            }
        }
    }
    let mut chain: Vec<Atom> = atoms.into_iter().collect();
    chain.sort_by_key(|&a| set.iter().filter(|&&(_, b)| b == a).count());
    Some(chain)
}

/// `x`, `y`, `z`, `u`, `v`, `s`, then `x7`, `x8`, … (not `w` or `r`, which name writes and reads)
fn letter_name(i: usize) -> String {
    const LETTERS: [&str; 6] = ["x", "y", "z", "u", "v", "s"];
    LETTERS
        .get(i)
        .map(|s| s.to_string())
        .unwrap_or_else(|| format!("x{}", i + 1))
}

/// A name split into its text and trailing number, so that `T2` sorts before `T10`.
fn natural_key(name: &str) -> (String, u64) {
    let text = name.trim_end_matches(|c: char| c.is_ascii_digit());
    let number = name[text.len()..].parse().unwrap_or(0);
    (text.to_string(), number)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::{Expr, RelId, Universe};

    // Atoms of the hand-made instances.
    const T0: Atom = 0;
    const TA: Atom = 1;
    const TB: Atom = 2;
    const TC: Atom = 3;
    const X: Atom = 4;
    const Y: Atom = 5;
    const V0: Atom = 6;
    const V1: Atom = 7;
    const V2: Atom = 8;

    /// A history instance: the library's sigs and fields under `prefix`, plus the
    /// model's own one-atom sigs `own` (label, atom).
    struct Fixture {
        prefix: &'static str,
        txns: Vec<Atom>,
        objects: Vec<Atom>,
        values: Vec<Atom>,
        reads: Vec<[Atom; 3]>,
        writes: Vec<[Atom; 3]>,
        so: Vec<[Atom; 2]>,
        ro: Option<Vec<[Atom; 3]>>,
        own: Vec<(&'static str, Atom)>,
    }

    impl Fixture {
        /// T0 and `txns`, objects x and y, values v0, v1, v2; T0 writes v0 everywhere and
        /// precedes everything in session order.
        fn new(txns: &[Atom]) -> Fixture {
            let mut all = vec![T0];
            all.extend_from_slice(txns);
            Fixture {
                prefix: "isolation/histories/",
                so: txns.iter().map(|&t| [T0, t]).collect(),
                txns: all,
                objects: vec![X, Y],
                values: vec![V0, V1, V2],
                reads: Vec::new(),
                writes: vec![[T0, X, V0], [T0, Y, V0]],
                ro: Some(Vec::new()),
                own: Vec::new(),
            }
        }

        fn build(&self) -> (Presentation, Instance) {
            let mut values: Vec<TupleSet> = Vec::new();
            let mut sigs = Vec::new();
            let mut fields = Vec::new();
            let mut add_sig = |label: String, atoms: &[Atom], values: &mut Vec<TupleSet>| {
                sigs.push(SigView {
                    label,
                    value: Expr::rel(RelId(values.len() as u32), 1),
                    names_atoms: true,
                    hidden: false,
                });
                values.push(TupleSet::of_atoms(atoms.iter().copied()));
            };
            // children before parents, as the checker lists them
            for &(label, atom) in &self.own {
                add_sig(label.to_string(), &[atom], &mut values);
            }
            let p = self.prefix;
            add_sig(format!("{p}T0"), &[T0], &mut values);
            add_sig(format!("{p}Txn"), &self.txns, &mut values);
            add_sig(format!("{p}Obj"), &self.objects, &mut values);
            add_sig(format!("{p}v0"), &[V0], &mut values);
            add_sig(format!("{p}Val"), &self.values, &mut values);
            let mut add_field = |name: &str, tuples: Vec<Vec<Atom>>, arity: usize| {
                fields.push(FieldView {
                    sig: format!("{p}Txn"),
                    name: name.into(),
                    value: Expr::rel(RelId(values.len() as u32), arity),
                    hidden: false,
                });
                values.push(TupleSet::from_tuples(arity, tuples));
            };
            add_field("reads", self.reads.iter().map(|t| t.to_vec()).collect(), 3);
            add_field(
                "writes",
                self.writes.iter().map(|t| t.to_vec()).collect(),
                3,
            );
            add_field("so", self.so.iter().map(|t| t.to_vec()).collect(), 2);
            if let Some(ro) = &self.ro {
                add_field("ro", ro.iter().map(|t| t.to_vec()).collect(), 3);
            }
            let names = [
                "T0$0", "Txn$0", "Txn$1", "Txn$2", "Obj$0", "Obj$1", "v0$0", "Val$0", "Val$1",
            ];
            let inst = Instance {
                universe: Universe::new(names.iter().map(|s| s.to_string()).collect()),
                values,
            };
            let presentation = Presentation {
                sigs,
                fields,
                ..Default::default()
            };
            (presentation, inst)
        }

        fn render(&self, skolems: &[(String, TupleSet)]) -> Option<String> {
            let (p, inst) = self.build();
            render_history(&p, &inst, skolems)
        }
    }

    fn order(chain: &[Atom]) -> TupleSet {
        TupleSet::from_tuples(
            2,
            chain
                .iter()
                .enumerate()
                .flat_map(|(i, &a)| chain[i + 1..].iter().map(move |&b| vec![a, b])),
        )
    }

    fn pairs(ps: &[(Atom, Atom)]) -> TupleSet {
        TupleSet::from_tuples(2, ps.iter().map(|&(a, b)| vec![a, b]))
    }

    #[test]
    fn isolde_tapra_gap_reads_as_in_the_paper() {
        // One session: TB reads x and writes 1, then TA reads the initial x. The atoms are
        // numbered against session order, so the view must renumber them.
        let mut f = Fixture::new(&[TA, TB]);
        f.objects = vec![X];
        f.writes = vec![[T0, X, V0], [TB, X, V2]];
        f.reads = vec![[TB, X, V0], [TA, X, V0]];
        f.so.push([TB, TA]);
        let co = ("$co".to_string(), order(&[T0, TB, TA]));
        assert_eq!(
            f.render(&[co]).unwrap(),
            "T0: w(x,0)\n\
             session 1: T1 → T2\n  \
               T1: r(x,0) w(x,1)\n  \
               T2: r(x,0)\n\
             co: T0 < T1 < T2\n"
        );
    }

    #[test]
    fn sessions_are_ordered_by_information_flow_and_values_numbered_per_object() {
        // Long fork: two writers (TC writes x, TB writes y), two readers seeing one each.
        let mut f = Fixture::new(&[TA, TB, TC]);
        f.txns.push(9);
        f.so.push([T0, 9]);
        f.writes = vec![[T0, X, V0], [T0, Y, V0], [TC, X, V2], [TB, Y, V1]];
        f.reads = vec![
            [TC, X, V0],
            [TB, Y, V0],
            [TA, X, V2],
            [TA, Y, V0],
            [9, X, V0],
            [9, Y, V1],
        ];
        f.ro = Some(vec![[TA, Y, X], [9, X, Y]]);
        let text = f.render(&[]).unwrap();
        assert_eq!(
            text,
            "T0: w(x,0) w(y,0)\n\
             session 1: T1\n  T1: r(y,0) w(y,1)\n\
             session 2: T2\n  T2: r(x,0) w(x,1)\n\
             session 3: T3\n  T3: r(y,0) r(x,1)\n\
             session 4: T4\n  T4: r(x,0) r(y,1)\n"
        );
    }

    #[test]
    fn the_models_own_one_sigs_name_transactions_and_objects() {
        let mut f = Fixture::new(&[TA, TB]);
        f.own = vec![
            ("this/T2", TA),
            ("this/T1", TB),
            ("savings", Y),
            ("checking", X),
        ];
        f.writes = vec![[T0, X, V0], [T0, Y, V0], [TB, X, V1]];
        f.reads = vec![[TB, X, V0], [TA, X, V1], [TA, Y, V0]];
        f.ro = None; // no read order: reads in object order
        let text = f.render(&[]).unwrap();
        assert_eq!(
            text,
            "T0: w(checking,0) w(savings,0)\n\
             session 1: T1\n  T1: r(checking,0) w(checking,1)\n\
             session 2: T2\n  T2: r(checking,1) r(savings,0)\n"
        );
    }

    #[test]
    fn witnesses_show_orders_as_chains_and_relations_as_edges() {
        let mut f = Fixture::new(&[TA, TB]);
        f.prefix = "h/";
        f.writes = vec![[T0, X, V0], [T0, Y, V0], [TA, X, V1]];
        f.reads = vec![[TB, X, V1]];
        let skolems = vec![
            ("$SI_ar".to_string(), order(&[T0, TA, TB])),
            ("$SI_ar".to_string(), order(&[T0, TB, TA])),
            ("$SI_vis".to_string(), pairs(&[(T0, TB), (T0, TA)])),
            ("$SI_wr".to_string(), pairs(&[(TA, TB)])),
            ("$none".to_string(), TupleSet::empty(2)),
            ("$x".to_string(), TupleSet::of_atoms([Y])),
            ("$v".to_string(), TupleSet::of_atoms([V1])),
            ("$unused".to_string(), TupleSet::of_atoms([V2])),
        ];
        let text = f.render(&skolems).unwrap();
        assert!(
            text.ends_with(
                "SI_ar: T0 < T1 < T2\n\
             SI_ar': T0 < T2 < T1\n\
             SI_vis: T0 → T1 T2\n\
             SI_wr: T1 → T2\n\
             none: (empty)\n\
             x: y\n\
             v: 1\n\
             unused: Val$1\n"
            ),
            "{text}"
        );
    }

    #[test]
    fn the_vocabulary_names_objects_and_values_as_the_view_does() {
        use crate::render::names::Vocabulary;
        // V1 is the `1` of x (TA writes it) and the `1` of y (TB writes it).
        let mut f = Fixture::new(&[TA, TB]);
        f.prefix = "";
        f.writes = vec![[T0, X, V0], [T0, Y, V0], [TA, X, V1], [TB, Y, V1]];
        f.reads = vec![[TB, X, V1]];
        let (p, inst) = f.build();
        let v = Vocabulary::new(&p, &inst, &|_| false);
        let names = |t: &[Atom]| v.tuple(t).join(" ");
        assert_eq!(names(&[TB, X, V1]), "T2 x x$1");
        assert_eq!(names(&[Y, V1]), "y y$1");
        // Alone, a value shared by two objects keeps Alloy's name.
        assert_eq!(names(&[V1]), "Val$0");
        let bound = v.bindings();
        for (name, atom) in [("x", X), ("y", Y), ("x$0", V0), ("y$1", V1), ("Val$0", V1)] {
            assert!(
                bound.contains(&(name.to_string(), atom)),
                "{name}: {bound:?}"
            );
        }
        // A name the model has keeps the model's meaning.
        let v = Vocabulary::new(&p, &inst, &|n| n == "y");
        assert_eq!(v.tuple(&[Y, V1]).join(" "), "Obj$1 Val$0");
        assert!(!v.bindings().iter().any(|(n, _)| n == "y" || n == "y$1"));
        // Objects named by the model's own one-atom sigs print by those names (which
        // resolve by themselves); a value name that is an atom's name is left out.
        f.own = vec![("checking", X), ("savings", Y)];
        let (p, inst) = f.build();
        let v = Vocabulary::new(&p, &inst, &|_| false);
        assert_eq!(v.tuple(&[X, V1]).join(" "), "checking checking$1");
        assert_eq!(v.tuple(&[X, V0]).join(" "), "checking v0$0");
        let bound = v.bindings();
        assert!(!bound.iter().any(|(n, _)| n == "checking"), "{bound:?}");
        assert!(bound.contains(&("checking$0".to_string(), X)), "{bound:?}");
        assert!(bound.contains(&("checking$1".to_string(), V1)), "{bound:?}");
    }

    #[test]
    fn the_notation_leaves_out_the_witnesses() {
        let mut f = Fixture::new(&[TA]);
        f.writes = vec![[T0, X, V0], [T0, Y, V0], [TA, X, V1]];
        let (p, inst) = f.build();
        let full = render_history(&p, &inst, &[("$co".into(), order(&[T0, TA]))]).unwrap();
        assert!(full.contains("co: T0 < T1"), "{full}");
        assert_eq!(
            history_notation(&p, &inst).unwrap(),
            "T0: w(x,0) w(y,0)\nsession 1: T1\n  T1: w(x,1)\n"
        );
    }

    #[test]
    fn no_view_without_the_history_relations() {
        let f = Fixture::new(&[TA]);
        let (mut p, inst) = f.build();
        assert!(render_history(&p, &inst, &[]).is_some());
        p.fields.retain(|field| field.name != "so");
        assert_eq!(render_history(&p, &inst, &[]), None);
        let (mut p, inst) = f.build();
        p.sigs.retain(|s| !s.label.ends_with("/v0"));
        assert_eq!(render_history(&p, &inst, &[]), None);
        assert_eq!(render_history(&Presentation::default(), &inst, &[]), None);
    }

    #[test]
    fn malformed_histories_still_render() {
        // Session order that is not a chain, a write-read cycle, a value nobody wrote,
        // a read order that is not total, and a witness mentioning unknown atoms.
        let mut f = Fixture::new(&[TA, TB, TC]);
        f.so.extend([[TA, TC], [TB, TC]]);
        f.writes = vec![[T0, X, V0], [TA, X, V1], [TB, Y, V1]];
        f.reads = vec![[TA, Y, V1], [TB, X, V1], [TC, X, V2]];
        f.ro = Some(vec![[TC, X, X]]);
        let text = f
            .render(&[("$r".into(), TupleSet::from_tuples(2, [vec![TA, 42]]))])
            .unwrap();
        assert!(text.contains("(so: "), "{text}");
        assert!(text.contains("r(x,2)"), "{text}");
        assert!(text.contains("r: "), "{text}");
    }
}
