//! What makes a command temporal (Alloy 6): its `var` sigs and fields, which parts hold in
//! every state, and the trace lengths to try.

use crate::diagnostic::{Diagnostic, Errors};
use crate::logic::temporal::is_dynamic;
use crate::logic::{Formula, RelId, TemporalOp};

use super::super::layout::Layout;
use super::super::model::*;
use super::{DEFAULT_MAX_STEPS, TemporalCommand};

/// The relations of `var` sigs and fields. A `var` sig under a static parent keeps its
/// atoms from state to state, as in Alloy 6 (its parent's atoms do not change, and Alloy
/// does not let them move between the parent's children either), so only sigs whose
/// ancestors are all `var` change; a child declared without `var` never does. Refuses
/// the forms not solved yet, saying so.
pub(super) fn var_relations(model: &Model, layout: &Layout) -> Result<Vec<RelId>, Errors> {
    let changes = |mut s: SigId| loop {
        if !model.sig(s).is_var() {
            return false;
        }
        match model.sig(s).kind {
            SigKind::Extends(p) => s = p,
            _ => return true,
        }
    };
    let mut var = Vec::new();
    for (i, sig) in model.sigs.iter().enumerate() {
        let Some(decl) = &sig.decl else { continue };
        let Some(span) = decl.qualifiers.var else {
            continue;
        };
        if matches!(sig.kind, SigKind::Subset { equal: true, .. }) {
            return Err(Errors::from(
                Diagnostic::error(
                    span,
                    "a `var` sig defined as a union (`=`) is not supported yet",
                )
                .with_help("declare it `var sig S in T` and state the union as an `always` fact"),
            ));
        }
        if !changes(SigId(i as u32)) {
            continue;
        }
        // A leaf's own relation, or the atoms a parent holds beyond its children's; an
        // abstract parent is the union of its children.
        if let Some(r) = layout.sig_rel[i].or(layout.remainder_rel[i]) {
            var.push(r);
        }
    }
    for (f, field) in model.fields.iter().enumerate() {
        if field.decl.var.is_some() {
            var.push(RelId(layout.field_base + f as u32));
        }
    }
    Ok(var)
}

/// The command's formula: the first `everywhere` parts (the sig structure, declarations
/// and sig facts) under `always` when their value can change, the rest (facts and the
/// command) as they are; and whether the command is temporal at all.
pub(super) fn state_parts(
    parts: Vec<Formula>,
    everywhere: usize,
    var: &[RelId],
) -> (Vec<Formula>, bool) {
    let mut temporal = !var.is_empty();
    let parts: Vec<Formula> = parts
        .into_iter()
        .enumerate()
        .map(|(k, part)| {
            if !is_dynamic(&part, var) {
                return part;
            }
            temporal = true;
            if k < everywhere {
                Formula::temporal(TemporalOp::Always, part)
            } else {
                part
            }
        })
        .collect();
    (parts, temporal)
}

/// The trace lengths of a temporal command (Alloy's default: 1 to 10 states); a `steps`
/// scope on a static command is an error, as in Alloy.
pub(super) fn command(
    cmd: &CommandDecl,
    var: Vec<RelId>,
    parts: &[Formula],
    is_temporal: bool,
) -> Result<Option<TemporalCommand>, Errors> {
    let steps = cmd.scope.as_ref().and_then(|s| s.steps);
    if !is_temporal {
        if let Some(steps) = steps {
            return Err(Errors::from(
                Diagnostic::error(
                    steps.span,
                    "a `steps` scope bounds traces, but this command is static (no `var` sig or field, no temporal operator)",
                )
                .with_help("remove the `steps` scope"),
            ));
        }
        return Ok(None);
    }
    let (min_steps, max_steps) = match steps {
        None => (1, DEFAULT_MAX_STEPS),
        Some(s) => match s.max {
            Some(max) => (s.min as usize, max as usize),
            None => {
                return Err(Errors::from(
                    Diagnostic::error(
                        s.span,
                        "unbounded `steps` (`1..`) asks for a complete model checker; solder looks for traces of bounded length",
                    )
                    .with_help("give an upper bound, as in `1..20 steps`"),
                ));
            }
        },
    };
    Ok(Some(TemporalCommand {
        var,
        min_steps,
        max_steps,
        parts: parts.to_vec(),
    }))
}
