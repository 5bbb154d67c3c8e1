//! A lasso trace (Alloy 6's instances) as text: a line on its shape, then each state in
//! the chosen view, the last one marked with the state it loops back to.

use super::{Presentation, View, render_instance};
use crate::instance::Trace;
use crate::logic::TupleSet;

/// `trace: 3 states, then state 1 again (a loop of 2), forever`.
pub fn summary(trace: &Trace) -> String {
    let n = trace.states.len();
    format!(
        "trace: {n} state{}, then state {} again (a loop of {}), forever",
        if n == 1 { "" } else { "s" },
        trace.loop_to,
        n - trace.loop_to
    )
}

/// `State 2 ⟲ then state 1` for the last state, `State 0` for the others.
pub fn state_heading(trace: &Trace, s: usize) -> String {
    if s + 1 == trace.states.len() {
        format!("State {s} ⟲ then state {}", trace.loop_to)
    } else {
        format!("State {s}")
    }
}

/// The summary and every state, indented headings between them.
pub fn render_trace(
    p: &Presentation,
    trace: &Trace,
    skolems: &[(String, TupleSet)],
    view: View,
) -> String {
    let mut out = format!("  {}\n", summary(trace));
    for (s, state) in trace.states.iter().enumerate() {
        out.push_str(&format!("  {}\n", state_heading(trace, s)));
        out.push_str(&render_instance(p, state, skolems, view).unwrap_or_default());
        out.push('\n');
    }
    out
}
