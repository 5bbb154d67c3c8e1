//! A command's formula cut into the parts an unsat core is made of.
//!
//! The parts are the user's own constraints, each with the span a user would point at:
//! every conjunct of every fact and sig fact, every field declaration's constraints, and
//! the command's conjuncts, with calls of parameterless preds in conjunct position opened
//! into their own conjuncts (recursively), so that a core names axioms, not whole
//! definitions. What the library's modules declare and the sig structure (scopes,
//! partitions) are background, always on.
//!
//! This is a second elaboration, used only for cores: the solve itself uses
//! [`super::command::build`]'s formula. `solve::core` checks that the parts together are
//! unsatisfiable before looking for a core.

use std::sync::Arc;

use crate::diagnostic::{Diagnostic, Errors, Span};
use crate::logic::temporal::is_dynamic;
use crate::logic::{Decl, Formula, RelId, TemporalOp};
use crate::syntax::ast::{self, BinaryOp, CommandKind, ExprKind};

use super::command::{allocate_structure, sig_fact};
use super::elaborate::{ElabError, Elaborator, Env};
use super::layout::Layout;
use super::model::*;

/// One switchable constraint of a command.
#[derive(Clone, Debug)]
pub struct CorePart {
    pub formula: Formula,
    pub span: Span,
    /// What it is, e.g. "fact `acyclic`", "field `edge` of `Node`", "the command".
    pub what: String,
    /// Existential decls the part is under, outermost first: parts from one `some` share
    /// them (one witness for all), and their variables are free in `formula`.
    pub exists: Vec<Decl>,
}

#[derive(Clone, Debug)]
pub struct CoreParts {
    pub background: Vec<Formula>,
    pub parts: Vec<CorePart>,
}

impl CoreParts {
    /// Every existential decl some part is under, each once, outer ones first.
    pub fn shared_decls(&self) -> Vec<Decl> {
        let mut out: Vec<Decl> = Vec::new();
        for p in &self.parts {
            for d in &p.exists {
                if !out.iter().any(|o| o.var == d.var) {
                    out.push(d.clone());
                }
            }
        }
        out
    }
}

/// How deep parameterless preds are opened into their conjuncts.
const MAX_OPEN: usize = 16;

/// `var`: the relations of `var` sigs and fields of a temporal command (empty for a static
/// one).
pub fn core_parts(
    model: &Model,
    layout: &Layout,
    index: usize,
    var: &[RelId],
) -> Result<CoreParts, Errors> {
    let cmd = model.commands.get(index).ok_or_else(|| {
        Errors::from(Diagnostic::global(format!(
            "there is no command number {}",
            index + 1
        )))
    })?;
    let err = |e: ElabError| Errors::from(*e.diag);
    // The sig structure, declarations and sig facts hold in every state; facts and the
    // command in the first (as the command itself states them).
    let everywhere = |f: Formula| {
        if is_dynamic(&f, var) {
            Formula::temporal(TemporalOp::Always, f)
        } else {
            f
        }
    };
    let mut background: Vec<Formula> = allocate_structure(model, layout, cmd)?
        .into_iter()
        .map(everywhere)
        .collect();
    let elab = Elaborator::new(model, layout);
    let library = |m: ModuleId| model.module(m).is_stdlib;
    let mut parts = Vec::new();
    for (f, field) in model.fields.iter().enumerate() {
        let formula = everywhere(elab.field_constraints(FieldId(f as u32)).map_err(err)?);
        if library(model.sig(field.sig).module) {
            background.push(formula);
        } else {
            parts.push(CorePart {
                formula,
                span: field.span,
                what: format!(
                    "the declaration of `{}` in `{}`",
                    field.name,
                    model.sig(field.sig).label
                ),
                exists: Vec::new(),
            });
        }
    }
    for (i, sig) in model.sigs.iter().enumerate() {
        let Some(block) = &sig.fact else { continue };
        if library(sig.module) {
            background.push(everywhere(
                sig_fact(&elab, SigId(i as u32), block).map_err(err)?,
            ));
            continue;
        }
        for e in &block.exprs {
            let one = ast::Block {
                exprs: vec![e.clone()],
                span: e.span,
            };
            parts.push(CorePart {
                formula: everywhere(sig_fact(&elab, SigId(i as u32), &one).map_err(err)?),
                span: e.span,
                what: format!("a fact of sig `{}`", sig.label),
                exists: Vec::new(),
            });
        }
    }
    for fact in &model.facts {
        let env = Env::new(fact.module);
        if library(fact.module) {
            background.push(elab.block(&fact.body, &env).map_err(err)?);
            continue;
        }
        let what = match &fact.name {
            Some(n) => format!("fact `{n}`"),
            None => "a fact".to_string(),
        };
        let mut out = Vec::new();
        conjuncts(&elab, &fact.body.exprs, &env, &[], &what, 0, &mut out).map_err(err)?;
        parts.extend(out);
    }
    let root = Env::new(ModuleId(0));
    let negate = cmd.kind == CommandKind::Check;
    match &cmd.body {
        CommandBody::Block(b) if !negate => {
            conjuncts(&elab, &b.exprs, &root, &[], "the command", 0, &mut parts).map_err(err)?;
        }
        CommandBody::Pred(fid) if !negate && model.func(*fid).is_pred() => {
            // `run p`: its parameters are one existential, shared by its conjuncts.
            let func = model.func(*fid);
            let (decls, guard, env) = elab.param_decls(*fid).map_err(err)?;
            let what = format!("pred `{}`", func.name);
            if guard != Formula::true_() {
                parts.push(CorePart {
                    formula: guard,
                    span: func.name_span,
                    what: format!("the parameters of pred `{}`", func.name),
                    exists: decls.clone(),
                });
            }
            if let FuncBody::Pred(b) = &func.body {
                conjuncts(&elab, &b.exprs, &env, &decls, &what, 0, &mut parts).map_err(err)?;
            }
        }
        _ => {
            // A check negates its assertion as a whole, and a fun's result constraint is
            // one formula: neither splits into conjuncts.
            let built = super::command::command_formula(&elab, model, cmd).map_err(err)?;
            let (span, what) = match &cmd.body {
                CommandBody::Assert(i) => {
                    let a = &model.asserts[*i];
                    let name = a.name.clone().unwrap_or_else(|| cmd.label.clone());
                    (a.span, format!("the negation of assertion `{name}`"))
                }
                CommandBody::Pred(fid) => (
                    model.func(*fid).span,
                    format!("pred `{}`", model.func(*fid).name),
                ),
                CommandBody::Block(b) => (b.span, "the negated check".to_string()),
            };
            parts.push(CorePart {
                formula: built,
                span,
                what,
                exists: Vec::new(),
            });
        }
    }
    Ok(CoreParts { background, parts })
}

/// The conjuncts of `exprs` as parts: `a and b` and nested blocks split, the body of a
/// `some` split under shared witnesses, calls of preds opened into the pred's conjuncts.
/// `exists`: the existential decls the conjuncts are under (their variables are free in
/// the parts' formulas).
#[allow(clippy::too_many_arguments)]
fn conjuncts(
    elab: &Elaborator,
    exprs: &[ast::Expr],
    env: &Env,
    exists: &[Decl],
    what: &str,
    depth: usize,
    out: &mut Vec<CorePart>,
) -> Result<(), ElabError> {
    for e in exprs {
        match &e.kind {
            ExprKind::Binary(BinaryOp::And, a, b) => {
                let both = [(**a).clone(), (**b).clone()];
                conjuncts(elab, &both, env, exists, what, depth, out)?;
            }
            ExprKind::Block(b) => conjuncts(elab, &b.exprs, env, exists, what, depth, out)?,
            ExprKind::Quant(ast::Quantifier::Some, decls, body) => {
                let (ds, guard, inner) = elab.decls(decls, env, false)?;
                let mut all = exists.to_vec();
                all.extend(ds);
                if guard != Formula::true_() {
                    out.push(CorePart {
                        formula: guard,
                        span: decls.first().map_or(e.span, |d| d.span),
                        what: what.to_string(),
                        exists: all.clone(),
                    });
                }
                conjuncts(
                    elab,
                    std::slice::from_ref(&**body),
                    &inner,
                    &all,
                    what,
                    depth,
                    out,
                )?;
            }
            ExprKind::Name(_) | ExprKind::Box(..)
                if depth < MAX_OPEN
                    && let Some((fid, args)) = elab.top_call(e, env) =>
            {
                let func = elab.model.func(fid);
                let FuncBody::Pred(body) = &func.body else {
                    unreachable!("top_call returns preds")
                };
                let mut penv = Env::new(func.module);
                for (p, v) in func.params.iter().zip(args) {
                    penv = penv.bind(&p.name, v);
                }
                let inner = format!("pred `{}`", func.name);
                let body: Arc<ast::Block> = body.clone();
                conjuncts(elab, &body.exprs, &penv, exists, &inner, depth + 1, out)?;
            }
            _ => {
                let one = ast::Block {
                    exprs: vec![e.clone()],
                    span: e.span,
                };
                out.push(CorePart {
                    formula: elab.block(&one, env)?,
                    span: e.span,
                    what: what.to_string(),
                    exists: exists.to_vec(),
                });
            }
        }
    }
    Ok(())
}
