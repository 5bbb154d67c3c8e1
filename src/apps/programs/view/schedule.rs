//! A violation's execution as a schedule one server could run: BEGIN, the statements
//! and COMMIT of every instance, interleaved so that commits follow ar and every
//! snapshot (the instance's, or under Read Committed each statement's) holds exactly
//! the instances committed before it was taken. That is possible when every snapshot
//! is a prefix of ar: always under PC, SI, SER and RC, sometimes under the others,
//! whose executions may need replicas that diverge.

use crate::apps::programs::explain::Violation;
use crate::apps::programs::model::AppModel;

use super::stmt_tag;

/// One step of a schedule: an instance (by position in ar) begins, runs one of its
/// steps (by position in `InstanceView::steps`), or commits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    Begin(usize),
    Step(usize, usize),
    Commit(usize),
}

/// One line per event (`T1 BEGIN`, `T1 [2] UPDATE …`, `T1 COMMIT`), or why no single
/// server runs the execution.
pub fn schedule(v: &Violation, app: &AppModel) -> Result<Vec<String>, String> {
    Ok(events(v)?
        .into_iter()
        .map(|e| match e {
            Event::Begin(i) => format!("{} BEGIN", v.instances[i].name),
            Event::Step(i, k) => {
                let info = &app.stmts[v.instances[i].steps[k].stmt];
                format!("{} {} {}", v.instances[i].name, stmt_tag(info), info.text)
            }
            Event::Commit(i) => format!("{} COMMIT", v.instances[i].name),
        })
        .collect())
}

/// The schedule's events in order, or why no single server runs the execution.
pub fn events(v: &Violation) -> Result<Vec<Event>, String> {
    let n = v.instances.len();
    // (slot, instance, order within the instance, event); slot k is the time between
    // the k-th commit and the next, and instance k's COMMIT closes slot k.
    let mut events: Vec<(usize, usize, usize, Event)> = Vec::new();
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
        // A statement runs when its snapshot is taken, or later: under MySQL's
        // Repeatable Read a plain read after an UPDATE (which reads the newest
        // versions, just before the commit) still reads the transaction's snapshot,
        // taken when it began. So the instance begins with its oldest snapshot and each
        // statement runs no earlier than the one before it.
        let mut slots = Vec::new();
        for s in &inst.steps {
            slots.push(match &s.sees {
                Some(sees) => slot(sees)?,
                None => slot(&own)?,
            });
        }
        let begin = match slots.iter().min() {
            Some(&first) => first,
            None => slot(&own)?,
        };
        events.push((begin, i, 0, Event::Begin(i)));
        let mut at = begin;
        for (k, &s) in slots.iter().enumerate() {
            at = at.max(s);
            events.push((at, i, k + 1, Event::Step(i, k)));
        }
        events.push((i, i, usize::MAX, Event::Commit(i)));
    }
    // Within a slot: instance by instance in ar order, the slot's own COMMIT last.
    events.sort_by_key(|&(slot, i, k, _)| (slot, k == usize::MAX && i == slot, i, k));
    Ok(events.into_iter().map(|(_, _, _, e)| e).collect())
}
