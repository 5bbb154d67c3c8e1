//! A violation's execution as a schedule one server could run: BEGIN, the statements
//! and COMMIT of every instance, interleaved so that commits follow ar and every
//! snapshot (the instance's, or under Read Committed each statement's) holds exactly
//! the instances committed before it was taken. That is possible when every snapshot
//! is a prefix of ar: always under PC, SI, SER and RC, sometimes under the others,
//! whose executions may need replicas that diverge.

use crate::apps::programs::explain::Violation;
use crate::apps::programs::model::AppModel;

use super::stmt_tag;

/// One line per event (`T1 BEGIN`, `T1 [2] UPDATE …`, `T1 COMMIT`), or why no single
/// server runs the execution.
pub fn schedule(v: &Violation, app: &AppModel) -> Result<Vec<String>, String> {
    let n = v.instances.len();
    // (slot, instance, order within the instance, text); slot k is the time between
    // the k-th commit and the next, and instance k's COMMIT closes slot k.
    let mut events: Vec<(usize, usize, usize, String)> = Vec::new();
    for (i, inst) in v.instances.iter().enumerate() {
        let name = &inst.name;
        // A snapshot holding instances `sees` is taken in slot |sees| when they are the
        // first |sees| instances of ar.
        let slot = |sees: &[usize]| -> Result<usize, String> {
            match (0..sees.len()).find(|k| !sees.contains(k)) {
                None => Ok(sees.len()),
                Some(missing) => {
                    let seen = sees
                        .iter()
                        .copied()
                        .filter(|&j| j > missing)
                        .min()
                        .unwrap_or(missing);
                    Err(format!(
                        "{name} sees {} but not {}, which commits before it: no single server runs this execution (the level lets replicas diverge)",
                        v.instances[seen].name, v.instances[missing].name
                    ))
                }
            }
        };
        let own: Vec<usize> = (0..n).filter(|&a| v.vis.contains(&(a, i))).collect();
        let begin = match inst.steps.first().and_then(|s| s.sees.as_deref()) {
            Some(first) => slot(first)?,
            None => slot(&own)?,
        };
        events.push((begin, i, 0, format!("{name} BEGIN")));
        for (k, s) in inst.steps.iter().enumerate() {
            let at = match &s.sees {
                Some(sees) => slot(sees)?,
                None => begin,
            };
            let info = &app.stmts[s.stmt];
            events.push((
                at,
                i,
                k + 1,
                format!("{name} {} {}", stmt_tag(info), info.text),
            ));
        }
        events.push((i, i, usize::MAX, format!("{name} COMMIT")));
    }
    // Within a slot: instance by instance in ar order, the slot's own COMMIT last.
    events.sort_by_key(|&(slot, i, k, _)| (slot, k == usize::MAX && i == slot, i, k));
    Ok(events.into_iter().map(|(_, _, _, text)| text).collect())
}
