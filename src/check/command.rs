//! One command to one problem: Alloy's scope rules, atoms and bounds for every sig and
//! field, and the formula (structure, field declarations, facts, the command's body).
//!
//! Here the problem is assembled: the formula (structure, field constraints, sig facts,
//! facts, the command's body) and the bounds. `scopes` computes each sig's scope from the
//! command, `bounds` gives sigs their atoms and relations their bounds, `limits` refuses
//! commands too large to solve before they are built, and `present` builds how an
//! instance is shown (views, Alloy's XML shape).

mod bounds;
mod limits;
mod present;
mod scopes;
mod temporal;

use std::collections::HashMap;

use crate::diagnostic::{Diagnostic, Errors, Span};
use crate::logic::{
    Atom, Bounds, Formula, IntAtoms, Problem, Relation, RelationKind, TupleSet, Universe, VarId,
};
use crate::syntax::ast::{self, CommandKind};

use super::elaborate::{ElabError, Elaborator, Env, SigCtx, Val};
use super::layout::Layout;
use super::model::*;
use super::presentation::Presentation;

use bounds::{BoundsBuilder, tighten_field_bounds};
use limits::{check_binder_size, check_problem_size, check_universe_size};
use present::presentation;
pub use scopes::{DEFAULT_BITWIDTH, Scopes, bitwidth_of};
use scopes::{compute_scopes, scope_summary};

/// Everything needed to solve a command and show its result.
#[derive(Clone, Debug)]
pub struct CommandProblem {
    pub problem: Problem,
    pub presentation: Presentation,
    pub label: String,
    pub kind: CommandKind,
    pub expect: Option<u32>,
    /// Prefix for skolem names (`$<prefix>_<var>`); empty for anonymous commands.
    pub skolem_prefix: String,
    /// Where each quantified variable was declared.
    pub var_spans: HashMap<VarId, Span>,
    /// The scope in words, e.g. `3 Node, exactly 2 Edge`.
    pub scope_summary: String,
    pub span: Span,
    /// For a command over traces (Alloy 6's `var` sigs and fields, temporal connectives):
    /// which relations vary and the trace lengths to try. The formula is then read at a
    /// trace's first state (`logic::temporal` unrolls it).
    pub temporal: Option<TemporalCommand>,
}

/// What makes a command temporal.
#[derive(Clone, Debug)]
pub struct TemporalCommand {
    /// The relations of `var` sigs and fields.
    pub var: Vec<crate::logic::RelId>,
    /// Trace lengths (states), tried from the shortest.
    pub min_steps: usize,
    pub max_steps: usize,
    /// The formula's conjuncts: declarations and sig facts (under `always` where they
    /// vary), facts, and last the command's own formula (negated for a `check`). What
    /// `--unbounded` reads to find the initial condition, the transitions and the
    /// invariant.
    pub parts: Vec<Formula>,
}

/// Alloy 6's trace length when a temporal command does not give one: 1 to 10 states.
pub const DEFAULT_MAX_STEPS: usize = 10;

/// The most primary variables (tuples that a relation may or may not hold) a command may
/// have unless the user raises it (`--max-vars`, `set max_vars`): at about 1 KB of memory
/// each during translation, two million take about 2 GB.
pub const DEFAULT_MAX_VARS: u64 = 2_000_000;

/// How a command becomes a problem.
#[derive(Clone, Debug)]
pub struct BuildOptions {
    /// Refuse commands with more primary variables than this.
    pub max_vars: u64,
    /// Bound each field by its declaration, not only by its type, and pin relations that
    /// facts fix to a value (off: `--no-tight-bounds`).
    pub tight_field_bounds: bool,
    /// Give the scoped children of a sig atoms of their own when their scopes fit in the
    /// parent's, instead of letting all of them range over all of its atoms (off:
    /// `--no-child-blocks`).
    pub child_blocks: bool,
}

impl Default for BuildOptions {
    fn default() -> BuildOptions {
        BuildOptions {
            max_vars: DEFAULT_MAX_VARS,
            tight_field_bounds: true,
            child_blocks: true,
        }
    }
}

pub fn build(
    model: &Model,
    layout: &Layout,
    index: usize,
    opts: &BuildOptions,
) -> Result<CommandProblem, Errors> {
    let max_vars = opts.max_vars;
    let cmd = model.commands.get(index).ok_or_else(|| {
        Errors::from(Diagnostic::global(format!(
            "there is no command number {}",
            index + 1
        )))
    })?;
    let scopes = compute_scopes(model, cmd)?;
    let mut builder = BoundsBuilder::new(model, layout, &scopes);
    builder.child_blocks = opts.child_blocks;
    // Estimate before anything of that size is allocated.
    check_universe_size(model, &builder, cmd, max_vars)?;
    // Alloy's `String` holds the literals this command reaches (its facts, declarations
    // and body, through the calls it makes): one elaboration to find them, when the model
    // has any.
    if !layout.strings.is_empty() {
        let probe = Elaborator::new(model, layout);
        let _ = elaborate_command(&probe, model, &[], cmd);
        builder.strings = probe.string_log.take();
    }
    builder.allocate();
    let elab = Elaborator::new(model, layout);
    *elab.string_atoms.borrow_mut() = builder
        .strings
        .iter()
        .enumerate()
        .map(|(k, text)| (text.clone(), builder.string_base + k as Atom))
        .collect();
    let relation_vars = check_problem_size(model, &builder, &elab, cmd, max_vars)?;
    let err = |e: ElabError| Errors::from(*e.diag);
    let var = temporal::var_relations(model, layout)?;
    let parts = elaborate_command(&elab, model, &builder.structure, cmd).map_err(err)?;
    // Structure, declarations and sig facts hold in every state; facts and the command
    // in the first.
    let everywhere = builder.structure.len()
        + model.fields.len()
        + model.sigs.iter().filter(|s| s.fact.is_some()).count();
    let (parts, is_temporal) = temporal::state_parts(parts, everywhere, &var);
    let temporal = temporal::command(cmd, var, &parts, is_temporal)?;
    let formula = Formula::and(parts);

    let universe = match builder.int_atoms.first() {
        Some(&(first, _)) => Universe::with_ints(
            builder.atom_names.clone(),
            IntAtoms {
                bitwidth: scopes.bitwidth,
                first,
            },
        ),
        None => Universe::new(builder.atom_names.clone()),
    };
    let mut bounds = Bounds {
        universe,
        relations: Vec::new(),
    };
    for (i, spec) in layout.sig_rels.iter().enumerate() {
        let (lower, upper) = builder.sig_bounds[i].clone();
        bounds.add(Relation {
            name: spec.name.clone(),
            arity: upper.arity(),
            kind: spec.kind.clone(),
            lower,
            upper,
        });
    }
    for (f, field) in model.fields.iter().enumerate() {
        let ty = elab.field_type(FieldId(f as u32)).map_err(err)?;
        let upper = builder.type_upper(&ty);
        bounds.add(Relation {
            name: format!("{}<:{}", model.sig(field.sig).label, field.name),
            arity: ty.arity,
            kind: RelationKind::Field,
            lower: TupleSet::empty(ty.arity),
            upper,
        });
    }
    if opts.tight_field_bounds {
        tighten_field_bounds(model, &elab, &mut bounds);
        // Facts hold in the first state only: they pin no varying relation.
        let varying: Vec<Relation> = match &temporal {
            Some(t) => t.var.iter().map(|r| bounds.relation(*r).clone()).collect(),
            None => Vec::new(),
        };
        crate::logic::pinned::bound_by_facts(&formula, &mut bounds);
        if let Some(t) = &temporal {
            for (r, before) in t.var.iter().zip(varying) {
                bounds.relations[r.0 as usize] = before;
            }
        }
    }
    // A `var` sig's atoms come and go: Alloy 6 refuses an exact scope on it, and so do we.
    if let Some(t) = &temporal
        && let Some(r) = t
            .var
            .iter()
            .find(|r| !bounds.relation(**r).lower.is_empty())
    {
        return Err(Errors::from(
            Diagnostic::error(
                cmd.span,
                format!(
                    "the `var` sig `{}` cannot have an exact scope: its atoms change from state to state",
                    bounds.relation(*r).name
                ),
            )
            .with_help("bound it with `N sig`, and state its size in every state with an `always` fact if it matters (Alloy 6 refuses `exactly` here too)"),
        ));
    }
    check_binder_size(&formula, &bounds, &elab, cmd, relation_vars, max_vars)?;
    let mut presentation = presentation(model, layout, &elab);
    presentation.named_atoms = builder.int_atoms.clone();
    presentation.xml.bitwidth = scopes.bitwidth;
    presentation.xml.maxseq = scopes.maxseq;
    presentation.xml.strings = builder.pool[STRING.index()].clone();
    // A witness is named by its quantifier's variable (`$co`) in every view: each
    // command's instance is shown on its own, so the command's label adds nothing.
    let skolem_prefix = String::new();
    Ok(CommandProblem {
        problem: Problem { bounds, formula },
        presentation,
        label: cmd.label.clone(),
        kind: cmd.kind,
        expect: cmd.expect,
        skolem_prefix,
        var_spans: elab.var_spans.borrow().clone(),
        scope_summary: scope_summary(model, &scopes),
        span: cmd.span,
        temporal,
    })
}

/// The sig structure a command's bounds impose as formulas (partitions, scopes that
/// bounds alone cannot express, subset sigs within their parents), for unsat cores.
pub(super) fn allocate_structure(
    model: &Model,
    layout: &Layout,
    cmd: &CommandDecl,
) -> Result<Vec<Formula>, Errors> {
    let scopes = compute_scopes(model, cmd)?;
    let mut builder = BoundsBuilder::new(model, layout, &scopes);
    // Children sharing their parent's atoms need every formula below; with blocks of
    // their own some are implied by the bounds, so these hold under either allocation.
    builder.child_blocks = false;
    check_universe_size(model, &builder, cmd, DEFAULT_MAX_VARS)?;
    builder.allocate();
    Ok(builder.structure)
}

pub(super) fn sig_fact(
    elab: &Elaborator,
    s: SigId,
    block: &ast::Block,
) -> Result<Formula, ElabError> {
    let model = elab.model;
    let sig = model.sig(s);
    let (value, ty) = elab.sig_set(s);
    let env = Env::new(sig.module).with_sig_ctx(SigCtx::Fact(s));
    if sig.mult == Some(SigMult::One) {
        // For a `one` sig, `this` is the sig itself.
        return elab.block(block, &env.bind("this", Val::Set(value, ty)));
    }
    let decl = crate::logic::Decl {
        var: elab.fresh_var(sig.span),
        name: "this".into(),
        mult: crate::logic::DeclMult::One,
        bound: value,
    };
    let env = env.bind("this", Val::Set(decl.var_expr(), ty));
    Ok(Formula::forall(vec![decl], elab.block(block, &env)?))
}

pub(super) fn command_formula(
    elab: &Elaborator,
    model: &Model,
    cmd: &CommandDecl,
) -> Result<Formula, ElabError> {
    let root = Env::new(ModuleId(0));
    let f = match &cmd.body {
        CommandBody::Block(b) => elab.block(b, &root)?,
        CommandBody::Assert(i) => {
            let a = &model.asserts[*i];
            elab.block(&a.body, &Env::new(a.module))?
        }
        CommandBody::Pred(fid) => {
            let (decls, guard, env) = elab.param_decls(*fid)?;
            let func = model.func(*fid);
            let body = match &func.body {
                FuncBody::Pred(b) => elab.block(b, &env)?,
                FuncBody::Fun { body, .. } => {
                    let v = elab.expr(body, &env)?;
                    elab.fun_result_constraint(*fid, &v, &env, func.span)?
                }
            };
            Formula::exists(decls, guard.and2(body))
        }
    };
    Ok(match cmd.kind {
        CommandKind::Run => f,
        CommandKind::Check => f.not(),
    })
}

/// The structural constraints, field constraints, sig facts, facts and body of a command.
fn elaborate_command(
    elab: &Elaborator,
    model: &Model,
    structure: &[Formula],
    cmd: &CommandDecl,
) -> Result<Vec<Formula>, ElabError> {
    let mut parts = structure.to_vec();
    for f in 0..model.fields.len() {
        parts.push(elab.field_constraints(FieldId(f as u32))?);
    }
    for (i, sig) in model.sigs.iter().enumerate() {
        if let Some(block) = &sig.fact {
            parts.push(sig_fact(elab, SigId(i as u32), block)?);
        }
    }
    for fact in &model.facts {
        parts.push(elab.block(&fact.body, &Env::new(fact.module))?);
    }
    parts.push(command_formula(elab, model, cmd)?);
    Ok(parts)
}
