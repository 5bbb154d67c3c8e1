//! Commands too large to solve, refused before they are built: the universe, every
//! relation's free tuples, and quantifiers over relations, against `--max-vars`.

use crate::check::elaborate::Elaborator;
use crate::check::model::*;
use crate::diagnostic::{Diagnostic, Errors, Span};
use crate::logic::{Bounds, Formula};

use super::bounds::BoundsBuilder;

/// `1234567` as `1,234,567`.
fn thousands(n: u128) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn too_large(span: Span, message: String, cmd: &CommandDecl, total: u128, max_vars: u64) -> Errors {
    too_large_at(span, "this relation", message, cmd, total, max_vars)
}

fn too_large_at(
    span: Span,
    label: &str,
    message: String,
    cmd: &CommandDecl,
    total: u128,
    max_vars: u64,
) -> Errors {
    Errors::from(
        Diagnostic::error(span, message)
            .with_label(label)
            .with_note(
                cmd.span,
                format!(
                    "the command would have at least {} primary variables, over the limit of {}",
                    thousands(total),
                    thousands(max_vars as u128)
                ),
            )
            .with_help(format!(
                "lower the scope, or raise the limit with `--max-vars {}` (`set max_vars` in the REPL) if the machine has the memory (about 1 KB per variable)",
                thousands(total).replace(',', "")
            )),
    )
}

/// The universe alone: each atom of a top-level sig is at least one primary variable.
pub(super) fn check_universe_size(
    model: &Model,
    builder: &BoundsBuilder,
    cmd: &CommandDecl,
    max_vars: u64,
) -> Result<(), Errors> {
    let mut total: u128 = 0;
    let mut largest: Option<(SigId, usize)> = None;
    for t in model.top_sigs() {
        let size = builder.scopes.count[t.index()]
            .unwrap_or(0)
            .max(builder.need(t));
        total = total.saturating_add(size as u128);
        if largest.is_none_or(|(_, n)| size > n) {
            largest = Some((t, size));
        }
    }
    if total <= max_vars as u128 {
        return Ok(());
    }
    let (sig, size) = largest.expect("some sig has atoms");
    let sig = model.sig(sig);
    Err(too_large(
        sig.span,
        format!(
            "`{}` would have {} atoms in this scope: too large to solve",
            sig.label,
            thousands(size as u128)
        ),
        cmd,
        total,
        max_vars,
    ))
}

/// Every relation's free tuples, from the atoms the bounds will give each sig, before the
/// fields' bounds are built (an arity-3 field at scope 1000 has a billion tuples).
pub(super) fn check_problem_size(
    model: &Model,
    builder: &BoundsBuilder,
    elab: &Elaborator,
    cmd: &CommandDecl,
    max_vars: u64,
) -> Result<u128, Errors> {
    let mut total: u128 = builder
        .sig_bounds
        .iter()
        .map(|(lower, upper)| (upper.len() - lower.len()) as u128)
        .sum();
    let mut largest: Option<(usize, u128, String)> = None;
    for f in 0..model.fields.len() {
        let Ok(ty) = elab.field_type(FieldId(f as u32)) else {
            continue; // reported with its span when the bounds are built
        };
        let mut tuples: u128 = 0;
        let mut shape = String::new();
        for p in &ty.products {
            let sizes: Vec<u128> = p
                .iter()
                .map(|s| builder.upper_of_sig_len(*s) as u128)
                .collect();
            let product = sizes.iter().fold(1u128, |acc, &n| acc.saturating_mul(n));
            if shape.is_empty() || product > 0 {
                shape = sizes
                    .iter()
                    .map(|n| thousands(*n))
                    .collect::<Vec<_>>()
                    .join(" × ");
            }
            tuples = tuples.saturating_add(product);
        }
        total = total.saturating_add(tuples);
        if largest.as_ref().is_none_or(|(_, n, _)| tuples > *n) {
            largest = Some((f, tuples, shape));
        }
    }
    if total <= max_vars as u128 {
        return Ok(total);
    }
    match largest {
        Some((f, tuples, shape)) if tuples > 0 => {
            let field = &model.fields[f];
            Err(too_large(
                field.span,
                format!(
                    "field `{}` of `{}` may hold {} tuples in this scope ({shape}): too large to solve",
                    field.name,
                    model.sig(field.sig).label,
                    thousands(tuples)
                ),
                cmd,
                total,
                max_vars,
            ))
        }
        _ => Err(Errors::from(
            Diagnostic::error(
                cmd.span,
                format!(
                    "the command would have {} primary variables, over the limit of {}",
                    thousands(total),
                    thousands(max_vars as u128)
                ),
            )
            .with_help("lower the scope, or raise the limit with `--max-vars`"),
        )),
    }
}

/// Quantifiers over relations, before any of them is allocated: each is variables of
/// its own (a skolem relation, a witness, a verifier's unknowns) and, if not skolemized,
/// a parameter of every verifier inside it (`logic::binders`). 400 nested `all r: univ
/// -> univ` ran out of memory; they count against the same limit as relations.
pub(super) fn check_binder_size(
    formula: &Formula,
    bounds: &Bounds,
    elab: &Elaborator,
    cmd: &CommandDecl,
    relation_vars: u128,
    max_vars: u64,
) -> Result<(), Errors> {
    let cost = crate::logic::binders::binder_cost(formula, bounds);
    let total = relation_vars.saturating_add(cost.total);
    if total <= max_vars as u128 {
        return Ok(());
    }
    let (var, nest) = cost
        .heaviest
        .expect("a quantifier over relations costs something");
    let span = elab
        .var_spans
        .borrow()
        .get(&var)
        .copied()
        .unwrap_or(cmd.span);
    Err(too_large_at(
        span,
        "this quantifier",
        format!(
            "this quantifier over relations and those inside it would need {} primary variables (the solver for each holds its relation and those of the quantifiers around it): too large to solve",
            thousands(nest)
        ),
        cmd,
        total,
        max_vars,
    ))
}
