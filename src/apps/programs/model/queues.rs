//! Facts of every execution that exact rows imply across instances: keys taken from
//! counters (`counters`), and queues whose records MIN finds (`queueOrder`,
//! `queueTurns`), which give the abstraction back what it would lose there.

use super::builder::{Builder, GroupMin};
use super::info::{CounterInsert, StmtInfo, qualified};

impl Builder<'_> {
    /// The `counters` pred: keys taken from counters are ordered as the counter's
    /// values are. A value read is the version of the ar-last visible writer; each
    /// writer adds a positive number to the version it read, so a version read from a
    /// writer that (through writers reading one another) precedes another's is smaller,
    /// two readers of one version take the same key, and every version exceeds the
    /// initial value, which (the database starting consistent) exceeds the keys of the
    /// counter's group that exist initially.
    pub(super) fn counters_pred(&self) -> String {
        use std::fmt::Write;
        let mut out = String::new();
        let _ = writeln!(out, "\n-- keys taken from counters (d_next_o_id-style)");
        let _ = writeln!(out, "pred counters[vis, ar: Inst -> Inst] {{");
        // One record per lookup and per INSERT outside loops: joins, not quantifiers
        // over records, keep the translation small.
        for ci in &self.counter_inserts {
            if let Some(group) = &ci.group {
                let q = |table: &str, col: &str| qualified(table, col, &self.shared_columns);
                let same: Vec<String> = group
                    .iter()
                    .map(|(tcol, ccol)| {
                        format!(
                            "r0.{} = {}.(t.sel).{}",
                            q(&ci.table, tcol),
                            ci.lookup,
                            q(&ci.source, ccol)
                        )
                    })
                    .collect();
                let _ = writeln!(
                    out,
                    "  all t: {}, r0: {} & InitiallyAlive | ({}) implies r0.{k} -> {}.(t.sel).{k} in {}__lt",
                    ci.program,
                    ci.table,
                    same.join(" and "),
                    ci.insert,
                    ci.sort,
                    k = q(&ci.table, &ci.key)
                );
            }
        }
        for (i, a) in self.counter_inserts.iter().enumerate() {
            for b in &self.counter_inserts[i..] {
                if a.field != b.field || a.sort != b.sort {
                    continue;
                }
                let _ = writeln!(
                    out,
                    "  all t1: {}, t2: {} | let c = {}.(t1.sel), k1 = {}.(t1.sel).{}, k2 = {}.(t2.sel).{} |",
                    a.program,
                    b.program,
                    a.lookup,
                    a.insert,
                    qualified(&a.table, &a.key, &self.shared_columns),
                    b.insert,
                    qualified(&b.table, &b.key, &self.shared_columns)
                );
                let _ = writeln!(
                    out,
                    "    c = {}.(t2.sel) implies let s1 = source[vis, ar, t1, c, {f}], s2 = source[vis, ar, t2, c, {f}], up = ^(readsFrom[vis, ar, c, {f}]) {{",
                    b.lookup,
                    f = a.field
                );
                let lt = format!("{}__lt", a.sort);
                let _ = writeln!(out, "      s1 = s2 implies k1 = k2");
                let _ = writeln!(
                    out,
                    "      ((no s1 and some s2) or some (s1 -> s2 & up)) implies k1 -> k2 in {lt}"
                );
                let _ = writeln!(
                    out,
                    "      ((no s2 and some s1) or some (s2 -> s1 & up)) implies k2 -> k1 in {lt}"
                );
                let _ = writeln!(out, "    }}");
            }
        }
        let _ = writeln!(out, "}}");
        out
    }

    /// Queues: a table T whose records are found by MIN of their key over a group
    /// (`GroupMin`), every INSERT into T taking the key from one counter F of the
    /// group's record (`CounterInsert`), and every program that takes a key from F also
    /// incrementing F on that record, each of these statements at the top level. Two
    /// preds then hold in every execution of the programs, and of any sub-execution,
    /// since each relates two instances only (the database starting consistent, as
    /// `counters` assumes):
    ///
    /// - `queueOrder`, under PSI, SI and SER: an instance n that takes a key from F of
    ///   the group and is invisible to an instance t whose MIN found o takes a larger
    ///   key. o is in t's snapshot, inserted by some N visible to t (or initially there,
    ///   below every counter value). N and n both write F, so one sees the other; had N
    ///   seen n, t would see n too (vis transitive, or ar;vis in vis). So n sees N, and
    ///   read a version of F at or after N's increment: every writer of F sees the
    ///   earlier ones, so the versions grow along ar.
    /// - `queueTurns`, under SI and SER: two instances whose MIN found records o1, o2 of
    ///   one group and that delete them are never concurrent. With prefix snapshots
    ///   S1 in S2 (say), o1 is still there in S2 (a deleter of it in S2 - S1 would
    ///   conflict with t1 and be seen by t1 or see t1), so o2 <= o1; o2 < o1 would need
    ///   o2's inserter in S2 - S1, which saw o1's inserter (both write F), hence o2 >
    ///   o1. So o1 = o2, and both delete it: a conflict, so one sees the other.
    ///
    /// The completeness checks run on an abstraction in which statements select any
    /// candidates; these preds give it back what MIN and the counter imply.
    pub(super) fn queue_preds(&self) -> String {
        let mut order = Vec::new();
        let mut turns = Vec::new();
        let top = |a: &str| self.top_level.contains(a);
        // Every program taking a key from `field` increments it on the record it read.
        let increments = |field: &str| {
            self.counter_inserts
                .iter()
                .filter(|ci| ci.field == field)
                .all(|ci| {
                    top(&ci.insert)
                        && top(&ci.lookup)
                        && self.stmts.iter().any(|u| {
                            u.program == ci.program_index
                                && !u.insert
                                && top(&u.atom)
                                && u.writes.iter().any(|w| w == field)
                                && self.lookups.contains_key(&u.atom)
                                && self.lookups.get(&u.atom) == self.lookups.get(&ci.lookup)
                        })
                })
        };
        for (i, m) in self.group_mins.iter().enumerate() {
            let inserts: Vec<&StmtInfo> = self
                .stmts
                .iter()
                .filter(|s| s.insert && s.table == m.table)
                .collect();
            let keyed: Vec<&CounterInsert> = inserts
                .iter()
                .filter_map(|s| self.counter_inserts.iter().find(|ci| ci.insert == s.atom))
                .collect();
            let Some(first) = keyed.first() else { continue };
            let Some(group) = &first.group else { continue };
            let mut group = group.clone();
            group.sort();
            let columns: Vec<&String> = group.iter().map(|(t, _)| t).collect();
            let min_columns: Vec<&String> = m.group.iter().map(|(c, _)| c).collect();
            let queue = keyed.len() == inserts.len()
                && columns == min_columns
                && keyed.iter().all(|ci| {
                    let mut g = ci.group.clone().unwrap_or_default();
                    g.sort();
                    ci.field == first.field && ci.key == m.key && g == group
                })
                && increments(&first.field);
            if !queue {
                continue;
            }
            let q = |table: &str, col: &str| qualified(table, col, &self.shared_columns);
            let key = q(&m.table, &m.key);
            for ci in self
                .counter_inserts
                .iter()
                .filter(|ci| ci.field == first.field && ci.sort == m.sort)
            {
                let same: Vec<String> = group
                    .iter()
                    .map(|(tcol, ccol)| {
                        format!("o.{} = c.{}", q(&m.table, tcol), q(&ci.source, ccol))
                    })
                    .collect();
                order.push(format!(
                    "  all t: {}, n: {} | let o = {}.(t.sel), c = {}.(n.sel) |\n    (t != n and some o and {} and n not in vis.t) implies o.{key} -> {}.(n.sel).{} in {}__lt",
                    m.program,
                    ci.program,
                    m.atom,
                    ci.lookup,
                    same.join(" and "),
                    ci.insert,
                    q(&ci.table, &ci.key),
                    m.sort
                ));
            }
            let deletes = |m: &GroupMin| {
                self.group_deletes.iter().any(|d| {
                    d.min == m.atom && d.table == m.table && d.group == m.group && d.key == m.key
                })
            };
            if !deletes(m) {
                continue;
            }
            for m2 in &self.group_mins[i..] {
                if m2.table != m.table
                    || m2.group.iter().map(|(c, _)| c).ne(columns.iter().copied())
                    || !deletes(m2)
                {
                    continue;
                }
                let same: Vec<String> = columns
                    .iter()
                    .map(|c| format!("o1.{c} = o2.{c}", c = q(&m.table, c)))
                    .collect();
                turns.push(format!(
                    "  all t1: {}, t2: {} | let o1 = {}.(t1.sel), o2 = {}.(t2.sel) |\n    (t1 != t2 and some o1 and some o2 and {}) implies t1 -> t2 in vis + ~vis",
                    m.program,
                    m2.program,
                    m.atom,
                    m2.atom,
                    same.join(" and ")
                ));
            }
        }
        let pred = |comment: &str, name: &str, lines: &[String]| {
            let body: String = lines.iter().map(|l| format!("{l}\n")).collect();
            format!("{comment}\npred {name}[vis: Inst -> Inst] {{\n{body}}}\n")
        };
        pred(
            "\n-- queues (MIN over a group whose keys come from a counter): under PSI, SI and SER\n\
             -- a key taken after an instance's MIN, unseen by it, is larger than what it found",
            "queueOrder",
            &order,
        ) + &pred(
            "-- under SI and SER, two instances that find and delete a group's oldest record see one another",
            "queueTurns",
            &turns,
        )
    }
}
