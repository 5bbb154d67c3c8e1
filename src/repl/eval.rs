//! `eval EXPR`: an expression or formula, elaborated against the session's model and
//! computed on the current instance by the independent evaluator. As in Alloy's
//! evaluator, atoms (`Node$0`) and witnesses (`$show_n`) are names; so are the names the
//! history view prints (objects `x`, values `x$1`, witnesses `co`), in which results of
//! a model of histories are printed too ([`Vocabulary`]).

use comfy_table::{ContentArrangement, Table, presets};

use std::collections::BTreeSet;

use crate::check::Checked;
use crate::check::elaborate::{Elaborator, Env, Val};
use crate::check::model::{BUILTIN_COUNT, ModuleId, SigId};
use crate::check::names::visible_names;
use crate::check::types::Type;
use crate::diagnostic::Diagnostic;
use crate::instance::Instance;
use crate::instance::evaluate::{
    Env as EvalEnv, eval_expr, eval_expr_on_trace_at, eval_formula, eval_formula_on_trace_at,
    eval_int,
};
use crate::logic::{Expr, TupleSet};
use crate::render::names::Vocabulary;
use crate::syntax;

use super::session::Session;

/// `at N ` before the expression: the state of a trace to evaluate in, and where the
/// expression starts.
fn state_prefix(text: &str, offset: usize) -> Option<(usize, usize)> {
    let rest = &text[offset..];
    let trimmed = rest.trim_start();
    let after_at = trimmed.strip_prefix("at ")?;
    let digits = after_at.trim_start();
    let len = digits.bytes().take_while(u8::is_ascii_digit).count();
    let state = digits[..len].parse().ok()?;
    let start = offset + (rest.len() - digits.len()) + len;
    Some((state, start))
}

/// Evaluate the expression that starts at byte `expr_offset` of the input `text`.
pub fn eval(session: &mut Session, text: &str, expr_offset: usize) {
    let (state, expr_offset) = match state_prefix(text, expr_offset) {
        Some((state, start)) => (Some(state), start),
        None => (None, expr_offset),
    };
    if text[expr_offset..].trim().is_empty() {
        session.error("usage: eval EXPR (for example `eval Node` or `eval some next`)");
        return;
    }
    // The whole input is the source text, the command word blanked out, so that spans
    // point into what was typed.
    let file = session.add_typed_source(text);
    let padded = format!("{}{}", " ".repeat(expr_offset), &text[expr_offset..]);
    let expr = match syntax::parse_expr(&padded, file) {
        Ok(e) => e,
        Err(d) => {
            session.report(&d);
            return;
        }
    };
    let Some(checked) = session.checked.clone() else {
        session.error("the session does not check; fix it first");
        return;
    };
    let Some(last) = &session.last else {
        session.error_with_help(
            "no instance to evaluate on",
            "run a command that finds an instance first",
        );
        return;
    };
    let Some(inst) = last.run.instance() else {
        session.error("the last command has no current instance");
        return;
    };
    let trace = last.run.trace.as_ref();
    let (inst, state) = match (trace, state) {
        (None, Some(_)) => {
            session.error_with_help(
                "`eval at N` picks a state of a trace, but the current instance is not a trace",
                "write `eval EXPR`",
            );
            return;
        }
        (Some(t), Some(s)) if s >= t.states.len() => {
            session.error(format!(
                "the trace has states 0 to {}; there is no state {s}",
                t.states.len() - 1
            ));
            return;
        }
        (Some(t), s) => {
            let s = s.unwrap_or(session.trace_state).min(t.states.len() - 1);
            (&t.states[s], s)
        }
        (None, None) => (inst, 0),
    };
    if !session.run_matches_model(&last.run, &checked) {
        session.error_with_help(
            "the sigs or fields changed since the instance was found",
            "run the command again to evaluate on the new model",
        );
        return;
    }
    // The model's names keep their meaning; the views' names for atoms and witnesses
    // come on top where they are free.
    let model_names: BTreeSet<String> = visible_names(&checked.model, ModuleId(0))
        .into_iter()
        .collect();
    let taken = |name: &str| model_names.contains(name);
    let vocabulary = Vocabulary::new(&last.run.command.presentation, inst, &taken);
    let skolems = last.run.skolems();
    let types = atom_types(&checked, inst);
    let mut env = Env::new(ModuleId(0));
    for (name, atom) in vocabulary.bindings() {
        let ty = types
            .get(atom as usize)
            .cloned()
            .unwrap_or_else(|| Type::univ(1));
        env = env.bind(
            &name,
            Val::Set(Expr::constant(TupleSet::of_atoms([atom])), ty),
        );
    }
    // A witness is `$co` as in Alloy's evaluator, and `co` as the history view prints it
    // (the first of several with one name, as the view shows the others primed).
    let mut bare_names = BTreeSet::new();
    for (name, value) in &skolems {
        let value = Val::Set(Expr::constant(value.clone()), value_type(value, &types));
        env = env.bind(name, value.clone());
        let bare = name.trim_start_matches('$');
        let free = !taken(bare)
            && !vocabulary.atoms.iter().any(|a| a == bare)
            && !vocabulary.is_history_name(bare);
        if free && bare_names.insert(bare.to_string()) {
            env = env.bind(bare, value);
        }
    }
    let elab = Elaborator::new(&checked.model, &checked.layout);
    let value = elab
        .expr(&expr, &env)
        .and_then(|v| elab.resolve(v, None, expr.span));
    let result = match value {
        Err(e) => {
            session.report(&[*e.diag]);
            return;
        }
        Ok(Val::Form(f)) => match trace {
            Some(t) => eval_formula_on_trace_at(t, state, &EvalEnv::new(), &f),
            None => eval_formula(inst, &f),
        }
        .map(|b| b.to_string()),
        Ok(Val::Set(e, _)) => match trace {
            Some(t) => eval_expr_on_trace_at(t, state, &EvalEnv::new(), &e),
            None => eval_expr(inst, &e),
        }
        .map(|ts| set_table(&ts, &vocabulary)),
        Ok(Val::Int(i)) => eval_int(inst, &i).map(|(v, overflowed)| {
            if overflowed {
                format!("{v} (overflowed: the exact result does not fit the bitwidth)")
            } else {
                v.to_string()
            }
        }),
        Ok(_) => {
            session.report(&[Diagnostic::error(
                expr.span,
                "this expression has no single meaning here",
            )]);
            return;
        }
    };
    match result {
        Ok(text) => session.say(text),
        Err(e) => {
            session.report(&[
                Diagnostic::error(expr.span, format!("cannot evaluate this: {e}"))
                    .with_label("on the current instance"),
            ])
        }
    }
}

/// A set's tuples as a table without a header, in the views' names; `{}` when empty.
fn set_table(value: &TupleSet, vocabulary: &Vocabulary) -> String {
    if value.is_empty() {
        return "{}".into();
    }
    let mut table = Table::new();
    table
        .load_style(presets::UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Disabled)
        .force_no_tty();
    table.add_rows(vocabulary.tuples(value));
    table.to_string()
}

/// Each atom's type: its most specific prim sig in the instance (`univ` if none).
fn atom_types(checked: &Checked, inst: &Instance) -> Vec<Type> {
    let model = &checked.model;
    let mut holders: Vec<Vec<SigId>> = vec![Vec::new(); inst.universe.len()];
    for s in BUILTIN_COUNT as usize..model.sigs.len() {
        let sig = SigId(s as u32);
        if !model.sig(sig).is_prim() {
            continue;
        }
        let Some(value) = checked.layout.sig_value.get(s) else {
            continue;
        };
        if let Ok(ts) = eval_expr(inst, value) {
            for t in ts.iter() {
                if let Some(h) = holders.get_mut(t[0] as usize) {
                    h.push(sig);
                }
            }
        }
    }
    holders
        .into_iter()
        .map(|sigs| {
            let most_specific = sigs
                .iter()
                .copied()
                .find(|&s| !sigs.iter().any(|&c| c != s && model.descends(c, s)));
            most_specific.map_or_else(|| Type::univ(1), Type::of_sig)
        })
        .collect()
}

/// The type of a witness: the union of the products of its tuples' atom types.
fn value_type(value: &TupleSet, types: &[Type]) -> Type {
    let mut ty = Type::empty(value.arity());
    for t in value.iter() {
        let mut product = Type::univ(0);
        for a in t {
            let at = types
                .get(*a as usize)
                .cloned()
                .unwrap_or_else(|| Type::univ(1));
            product = product.product(&at);
        }
        ty = ty.union(&product);
    }
    ty
}
