//! The keys taken from counters checked on the execution read back, as the `counters`
//! pred states them.

use crate::apps::programs::model::AppModel;

use crate::apps::programs::explain::{InstanceView, Loc, Versions};

use super::witness::Witness;

/// Keys taken from counters: readers of one version of the counter take the same key, a
/// version written after another (along writers that read one another) gives a larger
/// key, and the database starts consistent (every key of the counter's group that
/// exists initially is below every key taken from it).
pub(super) fn counters(
    app: &AppModel,
    w: &Witness,
    views: &[InstanceView],
    vis: &[(usize, usize)],
    show: &dyn Fn(u32) -> String,
) -> Result<(), String> {
    let versions = Versions::new(views, vis);
    let index = |atom: &str| app.stmts.iter().position(|s| s.atom == atom);
    let selected = |i: usize, si: usize| {
        views[i]
            .steps
            .iter()
            .find(|s| s.stmt == si)
            .map(|s| s.selected.clone())
            .unwrap_or_default()
    };
    // (instance, counter insert, counter record, key taken)
    let mut taken = Vec::new();
    for (k, ci) in app.counter_inserts.iter().enumerate() {
        let (Some(insert), Some(lookup)) = (index(&ci.insert), index(&ci.lookup)) else {
            continue;
        };
        for i in 0..views.len() {
            let inserted = selected(i, insert);
            let [r] = inserted[..] else { continue };
            let [c] = selected(i, lookup)[..] else {
                return Err(format!(
                    "T{} takes a key from a counter that its lookup did not find once",
                    i + 1
                ));
            };
            let key = w
                .value(&ci.table, &ci.key, r)
                .ok_or("a key without a value")?;
            if let Some(group) = &ci.group {
                for &r0 in w.records[&ci.table].intersection(&w.initially) {
                    let same = group.iter().all(|(tcol, ccol)| {
                        w.value(&ci.table, tcol, r0) == w.value(&ci.source, ccol, c)
                    });
                    let below = w
                        .value(&ci.table, &ci.key, r0)
                        .is_some_and(|k0| w.before(&ci.sort, k0, key));
                    if same && !below {
                        return Err(format!(
                            "T{} takes key {} from a counter of {}, but {} existed initially with a key not below it",
                            i + 1,
                            show(key),
                            show(c),
                            show(r0)
                        ));
                    }
                }
            }
            taken.push((i, k, c, key));
        }
    }
    for &(i1, k1, c1, key1) in &taken {
        for &(i2, k2, c2, key2) in &taken {
            let (a, b) = (&app.counter_inserts[k1], &app.counter_inserts[k2]);
            if c1 != c2 || a.field != b.field || a.sort != b.sort {
                continue;
            }
            let loc: Loc = (c1, a.field.clone());
            // Counters are refused under Read Committed, so every statement of an
            // instance reads the same version: the lookup's stands for all.
            let (Some(l1), Some(l2)) = (index(&a.lookup), index(&b.lookup)) else {
                continue;
            };
            let s1 = versions.source(i1, l1, &loc).map(|(_, (w, _))| w);
            let s2 = versions.source(i2, l2, &loc).map(|(_, (w, _))| w);
            // Writers of the counter that read it, each from the version before.
            let reads_from = |u: usize| {
                let reader = views[u].steps.iter().find(|s| s.reads.contains(&loc))?;
                let writes = views[u].steps.iter().any(|s| s.writes.contains(&loc));
                writes
                    .then(|| versions.source(u, reader.stmt, &loc).map(|(_, (w, _))| w))
                    .flatten()
            };
            let later = |from: usize, to: usize| {
                let mut at = to;
                while let Some(prev) = reads_from(at) {
                    if prev == from {
                        return true;
                    }
                    at = prev;
                }
                false
            };
            let smaller = match (s1, s2) {
                _ if s1 == s2 => {
                    if key1 != key2 {
                        return Err(format!(
                            "T{} and T{} read one version of {}'s counter but take keys {} and {}",
                            i1 + 1,
                            i2 + 1,
                            show(c1),
                            show(key1),
                            show(key2)
                        ));
                    }
                    continue;
                }
                (None, Some(_)) => true,
                (Some(x), Some(y)) => later(x, y),
                _ => false,
            };
            if smaller && !w.before(&a.sort, key1, key2) {
                return Err(format!(
                    "T{} reads an older version of {}'s counter than T{} but takes key {} not below {}",
                    i1 + 1,
                    show(c1),
                    i2 + 1,
                    show(key1),
                    show(key2)
                ));
            }
        }
    }
    Ok(())
}
