//! A library level's axioms checked on the execution read back.

use std::collections::BTreeSet;

use crate::apps::programs::explain::{InstanceView, Loc};

/// Whether the execution breaks the axioms of a library level, with the writes read
/// back (a level of the program file is checked by the solver's own re-check only).
pub fn level_broken(pred: &str, views: &[InstanceView], vis: &[(usize, usize)]) -> Option<String> {
    let n = views.len();
    let visible: BTreeSet<(usize, usize)> = vis.iter().copied().collect();
    let writes: Vec<BTreeSet<&Loc>> = views
        .iter()
        .map(|v| v.steps.iter().flat_map(|s| &s.writes).collect())
        .collect();
    let causal = || {
        vis.iter().find_map(|&(a, b)| {
            (0..n)
                .find(|&c| visible.contains(&(b, c)) && !visible.contains(&(a, c)))
                .map(|c| {
                    format!(
                        "T{} sees T{} and T{} sees T{}, but T{} does not see T{}",
                        b + 1,
                        a + 1,
                        c + 1,
                        b + 1,
                        c + 1,
                        a + 1
                    )
                })
        })
    };
    let prefix = || {
        vis.iter().find_map(|&(b, c)| {
            (0..b).find(|&a| !visible.contains(&(a, c))).map(|a| {
                format!(
                    "T{} sees T{} but not T{}, which is before it",
                    c + 1,
                    b + 1,
                    a + 1
                )
            })
        })
    };
    let conflicts_seen = || {
        (0..n).find_map(|a| {
            (a + 1..n).find_map(|b| {
                (!writes[a].is_disjoint(&writes[b]) && !visible.contains(&(a, b))).then(|| {
                    format!(
                        "T{} and T{} write a common location, but T{} does not see T{}",
                        a + 1,
                        b + 1,
                        b + 1,
                        a + 1
                    )
                })
            })
        })
    };
    // Read Committed: each statement's snapshot a prefix of ar before its instance,
    // growing along program order (steps are in program order), and vis their union.
    let read_committed = || {
        views.iter().enumerate().find_map(|(c, v)| {
            let mut last: Option<&BTreeSet<usize>> = None;
            let mut union = BTreeSet::new();
            let mut sets = Vec::new();
            for s in &v.steps {
                let Some(sees) = &s.sees else {
                    return Some(format!("T{} [{}] has no snapshot of its own", c + 1, s.stmt));
                };
                sets.push(sees.iter().copied().collect::<BTreeSet<usize>>());
            }
            for sees in &sets {
                let prefix = sees.iter().copied().eq(0..sees.len());
                if !prefix || sees.len() > c {
                    return Some(format!(
                        "a statement of T{} reads a snapshot that is not a prefix of the instances before it",
                        c + 1
                    ));
                }
                if let Some(before) = last
                    && !before.is_subset(sees)
                {
                    return Some(format!(
                        "a statement of T{} sees less than the one before it",
                        c + 1
                    ));
                }
                union.extend(sees.iter().copied());
                last = Some(sees);
            }
            let seen: BTreeSet<usize> = (0..n).filter(|&a| visible.contains(&(a, c))).collect();
            (seen != union).then(|| {
                format!("T{} sees more or less by vis than its statements' snapshots", c + 1)
            })
        })
    };
    // Row-level conflicts: of two writers of a record (any column), one sees the other.
    let rows_seen = || {
        let rows: Vec<BTreeSet<u32>> = writes
            .iter()
            .map(|w| w.iter().map(|l| l.0).collect())
            .collect();
        (0..n).find_map(|a| {
            (a + 1..n).find_map(|b| {
                (!rows[a].is_disjoint(&rows[b]) && !visible.contains(&(a, b))).then(|| {
                    format!(
                        "T{} and T{} write a common row, but T{} does not see T{}",
                        a + 1,
                        b + 1,
                        b + 1,
                        a + 1
                    )
                })
            })
        })
    };
    match pred {
        "ExecRC" | "ExecPostgresRC" => read_committed(),
        "ExecPostgresRR" => prefix().or_else(conflicts_seen).or_else(rows_seen),
        "ExecCC" => causal(),
        "ExecPC" => prefix(),
        "ExecPSI" => causal().or_else(conflicts_seen),
        "ExecSI" => prefix().or_else(conflicts_seen),
        "ExecSER" => (0..n).find_map(|a| {
            (a + 1..n)
                .find(|&b| !visible.contains(&(a, b)))
                .map(|b| format!("T{} does not see T{}", b + 1, a + 1))
        }),
        _ => None,
    }
}

/// Whether a session order read back breaks its rules: chains inside ar (transitive,
/// the instances before and after any one ordered among themselves), each instance
/// seeing its session's earlier ones (under Read Committed, every statement of it).
pub fn sessions_broken(
    views: &[InstanceView],
    vis: &[(usize, usize)],
    so: &[(usize, usize)],
    read_committed: bool,
) -> Option<String> {
    let order: BTreeSet<(usize, usize)> = so.iter().copied().collect();
    let visible: BTreeSet<(usize, usize)> = vis.iter().copied().collect();
    let n = views.len();
    for &(a, b) in so {
        if a >= b {
            return Some(format!(
                "T{} is before T{} in its session but not in ar",
                a + 1,
                b + 1
            ));
        }
        // Under Read Committed what counts is each statement's snapshot (an instance
        // that ran no statement saw nothing).
        if !read_committed && !visible.contains(&(a, b)) {
            return Some(format!(
                "T{} does not see T{}, before it in its session",
                b + 1,
                a + 1
            ));
        }
        for s in &views[b].steps {
            if let Some(sees) = &s.sees
                && !sees.contains(&a)
            {
                return Some(format!(
                    "a statement of T{} does not see T{}, before it in its session",
                    b + 1,
                    a + 1
                ));
            }
        }
        for c in 0..n {
            if order.contains(&(b, c)) && !order.contains(&(a, c)) {
                return Some("the session order is not transitive".into());
            }
        }
    }
    for t in 0..n {
        let before: Vec<usize> = (0..n).filter(|&a| order.contains(&(a, t))).collect();
        let after: Vec<usize> = (0..n).filter(|&b| order.contains(&(t, b))).collect();
        for group in [&before, &after] {
            for (x, &a) in group.iter().enumerate() {
                if let Some(&b) = group[x + 1..].iter().find(|&&b| !order.contains(&(a, b))) {
                    return Some(format!(
                        "T{} and T{} share a session with T{} but are not ordered",
                        a + 1,
                        b + 1,
                        t + 1
                    ));
                }
            }
        }
    }
    None
}

/// Whether an INSERT adds a record that exists when it runs (keys enforced, as the
/// engine levels state): the last instance before it in ar to insert or delete the
/// record left it existing, or none did and it existed initially. `insert` says which
/// statements are INSERTs; `initially` the records existing before any instance.
pub fn keys_broken(
    views: &[InstanceView],
    insert: &dyn Fn(usize) -> bool,
    initially: &BTreeSet<u32>,
) -> Option<String> {
    // Per instance: record -> whether its last INSERT or DELETE of it inserted.
    let leaves: Vec<std::collections::BTreeMap<u32, bool>> = views
        .iter()
        .map(|v| {
            let mut m = std::collections::BTreeMap::new();
            for s in &v.steps {
                for l in s.writes.iter().filter(|l| l.1 == "Alive") {
                    m.insert(l.0, insert(s.stmt));
                }
            }
            m
        })
        .collect();
    for (t, v) in views.iter().enumerate() {
        for (k, s) in v.steps.iter().enumerate().filter(|(_, s)| insert(s.stmt)) {
            // A record the instance inserted or deleted before is its own business.
            let own: BTreeSet<u32> = v.steps[..k]
                .iter()
                .flat_map(|s| s.writes.iter().filter(|l| l.1 == "Alive").map(|l| l.0))
                .collect();
            for &r in s.selected.iter().filter(|r| !own.contains(r)) {
                let exists = match (0..t).rev().find_map(|w| leaves[w].get(&r)) {
                    Some(&inserted) => inserted,
                    None => initially.contains(&r),
                };
                if exists {
                    return Some(format!(
                        "T{} inserts a record that exists when it runs (its key is taken)",
                        t + 1
                    ));
                }
            }
        }
    }
    None
}

/// Whether an execution read back breaks what PostgreSQL's Read Committed adds to Read
/// Committed (`ExecPostgresRC`): of two instances changing a common row, the first in ar
/// changed it with a snapshot no later than the second's; a statement that changed rows
/// is followed only by statements that see every earlier instance changing those rows;
/// and the rows it changed exist at their newest version. `insert` says which statements
/// are INSERTs.
pub fn postgres_rc_broken(
    views: &[InstanceView],
    insert: &dyn Fn(usize) -> bool,
) -> Option<String> {
    let rows = |s: &crate::apps::programs::explain::Step| -> BTreeSet<u32> {
        s.writes.iter().map(|l| l.0).collect()
    };
    let sees = |s: &crate::apps::programs::explain::Step| -> BTreeSet<usize> {
        s.sees.iter().flatten().copied().collect()
    };
    for (t, v) in views.iter().enumerate() {
        for (k, s) in v.steps.iter().enumerate() {
            let changed = rows(s);
            if changed.is_empty() {
                continue;
            }
            for (u, earlier) in views.iter().enumerate().take(t) {
                for su in &earlier.steps {
                    if !rows(su).is_disjoint(&changed) && !sees(su).is_subset(&sees(s)) {
                        return Some(format!(
                            "T{} changes a row after T{}, which commits first, with a later snapshot",
                            u + 1,
                            t + 1
                        ));
                    }
                }
            }
            if insert(s.stmt) {
                continue;
            }
            let waited: BTreeSet<usize> = (0..t)
                .filter(|&u| {
                    views[u]
                        .steps
                        .iter()
                        .any(|su| !rows(su).is_disjoint(&changed))
                })
                .collect();
            if let Some(later) = v.steps[k + 1..]
                .iter()
                .find(|s2| !waited.is_subset(&sees(s2)))
            {
                return Some(format!(
                    "statement {} of T{} does not see an instance whose row change the statement before it waited for",
                    later.stmt,
                    t + 1
                ));
            }
            for &r in &s.selected {
                let last = (0..t).rev().find_map(|u| {
                    views[u]
                        .steps
                        .iter()
                        .rev()
                        .find(|su| su.writes.iter().any(|l| l.0 == r && l.1 == "Alive"))
                        .map(|su| insert(su.stmt))
                });
                if last == Some(false) {
                    return Some(format!(
                        "T{} changes a row whose newest version is deleted",
                        t + 1
                    ));
                }
            }
        }
    }
    None
}

/// Whether an execution read back breaks MySQL's Repeatable Read (`ExecMySQLRR`): every
/// statement that writes (`locking`: UPDATE, DELETE, INSERT) reads the newest versions,
/// its snapshot holding every instance before its own; the others read one snapshot, a
/// prefix of the instances before it; and vis is what its statements saw together.
pub fn mysql_rr_broken(
    views: &[InstanceView],
    vis: &[(usize, usize)],
    locking: &dyn Fn(usize) -> bool,
) -> Option<String> {
    for (c, v) in views.iter().enumerate() {
        let mut consistent: Option<BTreeSet<usize>> = None;
        let mut union = BTreeSet::new();
        for s in &v.steps {
            let Some(sees) = &s.sees else {
                return Some(format!(
                    "T{} [{}] has no snapshot of its own",
                    c + 1,
                    s.stmt
                ));
            };
            let sees: BTreeSet<usize> = sees.iter().copied().collect();
            if locking(s.stmt) {
                if !sees.iter().copied().eq(0..c) {
                    return Some(format!(
                        "a statement of T{} that writes does not read the newest versions",
                        c + 1
                    ));
                }
            } else {
                if !sees.iter().copied().eq(0..sees.len()) || sees.len() > c {
                    return Some(format!(
                        "a statement of T{} reads a snapshot that is not a prefix of the instances before it",
                        c + 1
                    ));
                }
                if consistent.as_ref().is_some_and(|first| *first != sees) {
                    return Some(format!("two reads of T{} read different snapshots", c + 1));
                }
                consistent = Some(sees.clone());
            }
            union.extend(sees);
        }
        let seen: BTreeSet<usize> = vis.iter().filter(|p| p.1 == c).map(|p| p.0).collect();
        if seen != union {
            return Some(format!(
                "T{} sees more or less by vis than its statements' snapshots",
                c + 1
            ));
        }
    }
    None
}
