//! One command to one problem: Alloy's scope rules, atoms and bounds for every sig and
//! field, and the formula (structure, field declarations, facts, the command's body).

use std::collections::HashMap;

use super::presentation::{FieldView, Presentation, SigView, XmlShape, XmlSig};
use crate::diagnostic::{Diagnostic, Errors, Span};
use crate::logic::{
    Atom, Bounds, CardCmp, Expr, Formula, IntAtoms, Problem, Relation, RelationKind, TupleSet,
    Universe, VarId,
};
use crate::syntax::ast::{self, CommandKind};

use super::elaborate::{ElabError, Elaborator, Env, SigCtx, Val};
use super::layout::{Layout, RelOwner};
use super::loader::resolve_sig;
use super::model::*;
use super::types::Type;

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
}

/// The scope of each sig: at most (or exactly) this many atoms.
#[derive(Clone, Debug)]
pub struct Scopes {
    pub count: Vec<Option<usize>>,
    pub exact: Vec<bool>,
    /// The integer bitwidth (Alloy's default is 4).
    pub bitwidth: u32,
    /// The longest sequence: `seq/Int` is the integers `0..maxseq-1`.
    pub maxseq: u32,
    /// `exactly N String`: at least N strings, the literals and fresh ones.
    pub strings: usize,
}

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
    let parts = elaborate_command(&elab, model, &builder.structure, cmd).map_err(err)?;
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
        crate::logic::pinned::bound_by_facts(&formula, &mut bounds);
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
    })
}

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
fn check_universe_size(
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
fn check_problem_size(
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
fn check_binder_size(
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

// ----- scopes --------------------------------------------------------------------------

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

/// Alloy's default bitwidth.
pub const DEFAULT_BITWIDTH: u32 = 4;

/// The bitwidth a command sets (`for 5 Int`), if its scopes are well formed.
pub fn bitwidth_of(model: &Model, cmd: &CommandDecl) -> Option<u32> {
    compute_scopes(model, cmd).ok().map(|s| s.bitwidth)
}

fn compute_scopes(model: &Model, cmd: &CommandDecl) -> Result<Scopes, Errors> {
    let n = model.sigs.len();
    let mut count: Vec<Option<usize>> = vec![None; n];
    let mut exact = vec![false; n];
    let mut given: Vec<Option<Span>> = vec![None; n];
    let mut errors = Vec::new();
    let mut overall: Option<usize> = None;
    let mut any_sig_scope = false;
    let mut bitwidth = DEFAULT_BITWIDTH;
    let mut seq_scope: Option<(u32, Span)> = None;
    let mut strings = 0;
    if let Some(scope) = &cmd.scope {
        overall = scope.overall.map(|(n, _)| n as usize);
        for ts in &scope.types {
            let target = ts.target.joined();
            match target.as_str() {
                "int" | "Int" => {
                    if ts.exactly {
                        errors.push(Diagnostic::error(
                            ts.span,
                            "the bitwidth cannot be `exactly`",
                        ));
                    } else if ts.count > 30 {
                        errors.push(Diagnostic::error(
                            ts.span,
                            "the bitwidth must be between 0 and 30",
                        ));
                    } else if ts.count > 8 {
                        // Every integer is an atom of the universe (and of `univ`), so the
                        // universe grows as 2^bitwidth.
                        errors.push(Diagnostic::error(
                            ts.span,
                            "a bitwidth above 8 is not supported: every integer of the range is an atom (2^bitwidth of them)",
                        ));
                    }
                    bitwidth = ts.count;
                    continue;
                }
                "seq" => {
                    if ts.exactly {
                        errors.push(Diagnostic::error(
                            ts.span,
                            "the sequence length cannot be `exactly`",
                        ));
                    }
                    seq_scope = Some((ts.count, ts.span));
                    continue;
                }
                "String" => {
                    if ts.exactly {
                        strings = ts.count as usize;
                    } else {
                        errors.push(
                            Diagnostic::error(ts.span, "`String` must have an exact scope")
                                .with_help(format!(
                                    "`exactly {} String`: the literals, and fresh strings up to that many",
                                    ts.count
                                )),
                        );
                    }
                    continue;
                }
                "univ" | "none" | "seq/Int" => {
                    errors.push(Diagnostic::error(
                        ts.span,
                        format!("`{target}` cannot be given a scope"),
                    ));
                    continue;
                }
                _ => {}
            }
            let s = match resolve_sig(model, ModuleId(0), &ts.target) {
                Ok(s) => s,
                Err(d) => {
                    errors.push(d);
                    continue;
                }
            };
            let sig = model.sig(s);
            if matches!(sig.kind, SigKind::Subset { .. }) {
                errors.push(Diagnostic::error(
                    ts.span,
                    format!("`{}` is a subset sig (`in`); only sigs declared with `sig` or `extends` can have a scope", sig.label),
                ));
                continue;
            }
            if sig.enum_values.is_some() {
                errors.push(Diagnostic::error(
                    ts.span,
                    format!("the enum `{}` cannot be given a scope", sig.label),
                ));
                continue;
            }
            if let Some(prev) = given[s.index()] {
                errors.push(
                    Diagnostic::error(
                        ts.span,
                        format!("the sig `{}` is given a scope twice", sig.label),
                    )
                    .with_note(prev, "first given here"),
                );
                continue;
            }
            let k = ts.count as usize;
            let bad = match sig.mult {
                Some(SigMult::One) if k != 1 => Some("a `one` sig must have scope 1"),
                Some(SigMult::Lone) if k > 1 => Some("a `lone` sig can have scope 0 or 1"),
                Some(SigMult::Some) if k < 1 => Some("a `some` sig needs a scope of at least 1"),
                _ => None,
            };
            if let Some(msg) = bad {
                errors.push(Diagnostic::error(
                    ts.span,
                    format!("{msg}, not {k} (sig `{}`)", sig.label),
                ));
                continue;
            }
            given[s.index()] = Some(ts.span);
            count[s.index()] = Some(k);
            exact[s.index()] = ts.exactly;
            any_sig_scope = true;
        }
    }
    if !errors.is_empty() {
        return Err(Errors(errors));
    }
    if overall.is_none() && !any_sig_scope {
        overall = Some(3);
    }
    let prims: Vec<SigId> = (BUILTIN_COUNT..n as u32)
        .map(SigId)
        .filter(|s| model.sig(*s).is_prim())
        .collect();
    for &s in &prims {
        let sig = model.sig(s);
        match sig.mult {
            Some(SigMult::One) => {
                count[s.index()] = Some(1);
                exact[s.index()] = true;
            }
            Some(SigMult::Lone) if count[s.index()].is_none() => count[s.index()] = Some(1),
            _ => {}
        }
        if sig.forced_exact {
            exact[s.index()] = true;
        }
    }
    // Alloy's order matters: the abstract-sig rule runs to a fixpoint first, then the
    // overall scope for top-level sigs, and only when neither applies does a subsig take
    // its parent's scope. Otherwise the one unscoped child of an abstract sig would get
    // the whole parent scope instead of what its scoped siblings leave.
    let derive_abstract = |count: &mut Vec<Option<usize>>| {
        let mut changed = false;
        for &s in &prims {
            let sig = model.sig(s);
            if !sig.is_abstract || sig.children.is_empty() {
                continue;
            }
            let sum: usize = sig.children.iter().filter_map(|c| count[c.index()]).sum();
            let unscoped: Vec<SigId> = sig
                .children
                .iter()
                .copied()
                .filter(|c| count[c.index()].is_none())
                .collect();
            match (count[s.index()], unscoped.as_slice()) {
                (None, []) => {
                    count[s.index()] = Some(sum);
                    changed = true;
                }
                (Some(total), [only]) => {
                    count[only.index()] = Some(total.saturating_sub(sum));
                    changed = true;
                }
                _ => {}
            }
        }
        changed
    };
    let derive_overall = |count: &mut Vec<Option<usize>>| {
        let mut changed = false;
        if let Some(o) = overall {
            for &s in &prims {
                if count[s.index()].is_none() && model.sig(s).kind == SigKind::Top {
                    count[s.index()] = Some(o);
                    changed = true;
                }
            }
        }
        changed
    };
    let derive_from_parent = |count: &mut Vec<Option<usize>>| {
        let mut changed = false;
        for &s in &prims {
            if let SigKind::Extends(p) = model.sig(s).kind
                && count[s.index()].is_none()
                && let Some(pc) = count[p.index()]
            {
                count[s.index()] = Some(pc);
                changed = true;
            }
        }
        changed
    };
    loop {
        if derive_abstract(&mut count) {
            while derive_abstract(&mut count) {}
        } else if derive_overall(&mut count) {
            continue;
        } else if derive_from_parent(&mut count) {
            // A whole chain of subsigs takes its parents' scopes before the abstract rule
            // may run again, as in Alloy.
            while derive_from_parent(&mut count) {}
        } else {
            break;
        }
    }
    // `one` sigs declared outside their parent's scope add their atom on top of it.
    for &s in &prims {
        if model.sig(s).outside_scope
            && let SigKind::Extends(p) = model.sig(s).kind
            && let Some(c) = count[p.index()]
        {
            count[p.index()] = Some(c + 1);
        }
    }
    for &s in &prims {
        if count[s.index()].is_none() {
            errors.push(
                Diagnostic::error(
                    cmd.span,
                    format!("you must give the sig `{}` a scope", model.sig(s).label),
                )
                .with_note(model.sig(s).span, "declared here")
                .with_help(format!(
                    "add it to the command, e.g. `for 3 but 2 {}`, or give an overall scope",
                    model.sig(s).label
                )),
            );
        }
    }
    // Alloy's sequence length: as given, else the overall scope, else 4; the indices are
    // integers, so never more than the largest one.
    let largest = if bitwidth == 0 {
        0
    } else {
        (1u32 << (bitwidth - 1)) - 1
    };
    let maxseq = match seq_scope {
        Some((n, span)) => {
            if n > largest {
                errors.push(
                    Diagnostic::error(
                        span,
                        format!("with a bitwidth of {bitwidth}, a sequence cannot be longer than {largest}: its indices are integers"),
                    )
                    .with_help(format!("raise the bitwidth, e.g. `{} Int`", seq_bitwidth(n))),
                );
            }
            n
        }
        None => cmd
            .scope
            .as_ref()
            .and_then(|s| s.overall)
            .map_or(4, |(n, _)| n)
            .min(largest),
    };
    if !errors.is_empty() {
        return Err(Errors(errors));
    }
    Ok(Scopes {
        count,
        exact,
        bitwidth,
        maxseq,
        strings,
    })
}

/// Narrow each field's upper bound from its type to what its declaration allows, as
/// Alloy bounds a field by its declared expression: `items: seq Job` then has a variable
/// per index of `seq/Int`, not per integer. The declaration constraints still hold the
/// field within its bound; this only leaves out tuples they would force false.
fn tighten_field_bounds(model: &Model, elab: &Elaborator, bounds: &mut Bounds) {
    let mut narrowed = Vec::new();
    for f in 0..model.fields.len() {
        let fid = FieldId(f as u32);
        let Ok((this, plain)) = elab.field_plain_bound(fid) else {
            continue;
        };
        let rel = elab.layout.field_rel(fid);
        let sig_upper = crate::logic::upper::upper_bound(&this.bound, bounds, &HashMap::new());
        let env = HashMap::from([(this.var, sig_upper.clone())]);
        let allowed = crate::logic::upper::product(
            &sig_upper,
            &crate::logic::upper::upper_bound(&plain, bounds, &env),
        );
        let upper = bounds.relation(rel).upper.intersection(&allowed);
        narrowed.push((rel, upper));
    }
    for (rel, upper) in narrowed {
        bounds.relations[rel.0 as usize].upper = upper;
    }
}

/// The smallest bitwidth whose integers index a sequence of length n.
fn seq_bitwidth(n: u32) -> u32 {
    (1..=30).find(|&bw| (1u32 << (bw - 1)) > n).unwrap_or(30)
}

fn scope_summary(model: &Model, scopes: &Scopes) -> String {
    let mut name_counts: HashMap<&str, usize> = HashMap::new();
    for sig in &model.sigs {
        *name_counts.entry(sig.name.as_str()).or_default() += 1;
    }
    let mut parts = Vec::new();
    for s in model.top_sigs() {
        let sig = model.sig(s);
        // Private library sigs and `one` sigs say nothing about the scope.
        if (model.module(sig.module).is_stdlib && sig.private) || sig.mult == Some(SigMult::One) {
            continue;
        }
        if let Some(c) = scopes.count[s.index()] {
            let ex = if scopes.exact[s.index()] {
                "exactly "
            } else {
                ""
            };
            // The short name, unless another sig has it too.
            let name = if name_counts[sig.name.as_str()] == 1 {
                &sig.name
            } else {
                &sig.label
            };
            // Sigs on top of their parent's scope are named, not counted (`4 Txn + T0`).
            let extra: Vec<&str> = sig
                .children
                .iter()
                .filter(|c| model.sig(**c).outside_scope)
                .map(|c| model.sig(*c).name.as_str())
                .collect();
            let c = c - extra.len();
            let extra: String = extra.iter().map(|e| format!(" + {e}")).collect();
            parts.push(format!("{ex}{c} {name}{extra}"));
        }
    }
    parts.join(", ")
}

// ----- atoms and bounds ------------------------------------------------------------------

/// Siblings sharing atoms are stated disjoint pair by pair up to this many of them;
/// beyond, by halves (`disjoint_halves`), since 2,000 children sharing their parent's
/// atoms made two million formulas (26 s, 1.6 GB).
const MAX_PAIRWISE_DISJOINT: usize = 64;

/// Of atom lists, the indices of those that share an atom with another (in order) and,
/// when there are at most `MAX_PAIRWISE_DISJOINT` of them, the pairs `(i, j)`, `i < j`,
/// in order, that share an atom. Through each atom's lists, so that 10,000 children
/// with atoms of their own cost linear time.
fn meeting_parts<'x>(lists: impl Iterator<Item = &'x [Atom]>) -> (Vec<usize>, Vec<(usize, usize)>) {
    let mut holders: HashMap<Atom, Vec<usize>> = HashMap::new();
    for (i, atoms) in lists.enumerate() {
        for &a in atoms {
            let h = holders.entry(a).or_default();
            if h.last() != Some(&i) {
                h.push(i);
            }
        }
    }
    let mut sharing: Vec<usize> = holders
        .values()
        .filter(|h| h.len() > 1)
        .flatten()
        .copied()
        .collect();
    sharing.sort_unstable();
    sharing.dedup();
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    if sharing.len() <= MAX_PAIRWISE_DISJOINT {
        for h in holders.values() {
            for (k, &i) in h.iter().enumerate() {
                pairs.extend(h[k + 1..].iter().map(|&j| (i, j)));
            }
        }
        pairs.sort_unstable();
        pairs.dedup();
    }
    (sharing, pairs)
}

/// `parts` pairwise disjoint, stated as: each half pairwise disjoint, and the union of
/// one half disjoint from the union of the other. Exact (two parts in different halves
/// meet only if the halves' unions do), linear in the parts, and of logarithmic depth.
/// Returns the union of the parts.
fn disjoint_halves(parts: &[Expr], out: &mut Vec<Formula>) -> Expr {
    if parts.len() == 1 {
        return parts[0].clone();
    }
    let (left, right) = parts.split_at(parts.len() / 2);
    let left = disjoint_halves(left, out);
    let right = disjoint_halves(right, out);
    out.push(Expr::intersection(left.clone(), right.clone()).no());
    Expr::union(left, right)
}

/// `BoundsBuilder::need` of every sig: children before parents, without recursion (a
/// long chain of `extends` is deep).
fn needs(model: &Model, scopes: &Scopes) -> Vec<usize> {
    let mut needs = vec![0usize; model.sigs.len()];
    let mut done = vec![false; model.sigs.len()];
    for root in 0..model.sigs.len() {
        let mut work: Vec<(SigId, bool)> = vec![(SigId(root as u32), false)];
        while let Some((s, children_done)) = work.pop() {
            if done[s.index()] {
                continue;
            }
            let children = &model.sig(s).children;
            if !children_done {
                work.push((s, true));
                work.extend(children.iter().map(|c| (*c, false)));
                continue;
            }
            let below: usize = children.iter().map(|c| needs[c.index()]).sum();
            needs[s.index()] = if scopes.exact[s.index()] {
                scopes.count[s.index()].unwrap_or(0).max(below)
            } else {
                below
            };
            done[s.index()] = true;
        }
    }
    needs
}

struct BoundsBuilder<'a> {
    model: &'a Model,
    layout: &'a Layout,
    scopes: &'a Scopes,
    atom_names: Vec<String>,
    /// The atoms each prim sig may hold.
    pool: Vec<Vec<Atom>>,
    /// (lower, upper) per sig relation of the layout.
    sig_bounds: Vec<(TupleSet, TupleSet)>,
    /// Hierarchy and scope constraints.
    structure: Vec<Formula>,
    /// Integer atoms with their names.
    /// Atoms named by their value (integers, strings), with those names.
    int_atoms: Vec<(Atom, String)>,
    /// The string literals the command reaches, and the atom of the first.
    strings: Vec<String>,
    string_base: Atom,
    /// Give scoped children of a sig atoms of their own when they fit (`alloc`).
    child_blocks: bool,
    /// `need` of each sig, computed once for the whole hierarchy.
    needs: Vec<usize>,
}

impl<'a> BoundsBuilder<'a> {
    fn new(model: &'a Model, layout: &'a Layout, scopes: &'a Scopes) -> BoundsBuilder<'a> {
        BoundsBuilder {
            child_blocks: true,
            model,
            layout,
            scopes,
            atom_names: Vec::new(),
            pool: vec![Vec::new(); model.sigs.len()],
            sig_bounds: vec![(TupleSet::empty(1), TupleSet::empty(1)); layout.sig_rels.len()],
            structure: Vec::new(),
            int_atoms: Vec::new(),
            strings: Vec::new(),
            string_base: 0,
            needs: needs(model, scopes),
        }
    }

    /// How many atoms a sig needs at least: exact sigs their scope, others what their
    /// exact descendants need (this is Alloy's "scope raised").
    fn need(&self, s: SigId) -> usize {
        self.needs[s.index()]
    }

    /// A sig's scope, raised to what its exact descendants need (as in Alloy).
    fn scope(&self, s: SigId) -> usize {
        self.scopes.count[s.index()].unwrap_or(0).max(self.need(s))
    }

    fn allocate(&mut self) {
        for t in self.model.top_sigs().collect::<Vec<_>>() {
            let size = self.scope(t);
            let label = self.model.sig(t).label.clone();
            let pool: Vec<Atom> = (0..size)
                .map(|i| {
                    self.atom_names.push(format!("{label}${i}"));
                    (self.atom_names.len() - 1) as Atom
                })
                .collect();
            self.alloc(t, pool);
        }
        // The integers are atoms of the universe and members of `univ`, as in Alloy.
        let bw = self.scopes.bitwidth;
        let ints: Vec<Atom> = if bw == 0 {
            Vec::new()
        } else {
            let lo = -(1i64 << (bw - 1));
            let hi = (1i64 << (bw - 1)) - 1;
            (lo..=hi)
                .map(|v| {
                    self.atom_names.push(v.to_string());
                    self.int_atoms
                        .push(((self.atom_names.len() - 1) as Atom, v.to_string()));
                    (self.atom_names.len() - 1) as Atom
                })
                .collect()
        };
        for (i, spec) in self.layout.sig_rels.iter().enumerate() {
            match spec.owner {
                RelOwner::Ints => {
                    let all = TupleSet::of_atoms(ints.iter().copied());
                    self.sig_bounds[i] = (all.clone(), all);
                }
                RelOwner::IntNext => {
                    let pairs = TupleSet::from_tuples(2, ints.windows(2).map(|w| w.to_vec()));
                    self.sig_bounds[i] = (pairs.clone(), pairs);
                }
                RelOwner::SeqIndices => {
                    // The integers 0, 1, ..., maxseq-1 (0 sits in the middle of the range).
                    let zero = ints.len() / 2;
                    let n = self.scopes.maxseq as usize;
                    let indices: Vec<Atom> = ints.iter().skip(zero).take(n).copied().collect();
                    let all = TupleSet::of_atoms(indices.iter().copied());
                    self.sig_bounds[i] = (all.clone(), all);
                    self.pool[SEQ_INT.index()] = indices;
                }
                _ => {}
            }
        }
        self.pool[INT.index()] = ints;
        // One atom per string literal, named as Alloy prints it (quoted), after the integers.
        self.string_base = self.atom_names.len() as Atom;
        // `exactly N String` adds fresh strings ("String0", ...) up to N, as Alloy does.
        let mut names: Vec<String> = self.strings.iter().map(|t| format!("{t:?}")).collect();
        let mut k = 0;
        while names.len() < self.scopes.strings {
            let fresh = format!("\"String{k}\"");
            k += 1;
            if !names.contains(&fresh) {
                names.push(fresh);
            }
        }
        let strings: Vec<Atom> = names
            .into_iter()
            .map(|name| {
                self.atom_names.push(name.clone());
                let atom = (self.atom_names.len() - 1) as Atom;
                self.int_atoms.push((atom, name));
                atom
            })
            .collect();
        for (i, spec) in self.layout.sig_rels.iter().enumerate() {
            if let RelOwner::Strings = spec.owner {
                let all = TupleSet::of_atoms(strings.iter().copied());
                self.sig_bounds[i] = (all.clone(), all);
            }
        }
        self.pool[STRING.index()] = strings;
        // Subset sigs: within the union of their parents.
        for (i, spec) in self.layout.sig_rels.iter().enumerate() {
            if let RelOwner::Sig(s) = spec.owner
                && let SigKind::Subset { parents, .. } = &self.model.sig(s).kind
            {
                let mut upper = TupleSet::empty(1);
                for p in parents {
                    for q in self.model.prim_parents(*p) {
                        upper = upper.union(&self.upper_of_sig(q));
                    }
                }
                self.sig_bounds[i] = (TupleSet::empty(1), upper);
                let parent_union = super::layout::union_all(
                    parents
                        .iter()
                        .map(|p| self.layout.sig_value[p.index()].clone())
                        .collect(),
                    1,
                );
                self.structure
                    .push(self.layout.sig_value[s.index()].in_(&parent_union));
            }
        }
        // Multiplicities of subset sigs (`in` and `=`) cannot be scopes: they constrain
        // the sig's value directly.
        for s in (BUILTIN_COUNT..self.model.sigs.len() as u32).map(SigId) {
            let sig = self.model.sig(s);
            if !matches!(sig.kind, SigKind::Subset { .. }) {
                continue;
            }
            let value = &self.layout.sig_value[s.index()];
            match sig.mult {
                Some(SigMult::One) => self.structure.push(value.one()),
                Some(SigMult::Lone) => self.structure.push(value.lone()),
                Some(SigMult::Some) => self.structure.push(value.some()),
                None => {}
            }
        }
    }

    /// `upper_of_sig(s).len()`, without building the set.
    fn upper_of_sig_len(&self, s: SigId) -> usize {
        if s == UNIV {
            return self.atom_names.len();
        }
        self.pool[s.index()].len()
    }

    fn upper_of_sig(&self, s: SigId) -> TupleSet {
        if s == UNIV {
            return TupleSet::of_atoms(0..self.atom_names.len() as Atom);
        }
        TupleSet::of_atoms(self.pool[s.index()].iter().copied())
    }

    fn alloc(&mut self, s: SigId, pool: Vec<Atom>) {
        crate::stack::guard(|| self.alloc_unguarded(s, pool))
    }

    fn alloc_unguarded(&mut self, s: SigId, pool: Vec<Atom>) {
        let sig = self.model.sig(s);
        let value = self.layout.sig_value[s.index()].clone();
        let exact = self.scopes.exact[s.index()];
        let scope = self.scope(s);
        self.pool[s.index()] = pool.clone();
        // Every child first reserves atoms for its exact part (an exact child its whole
        // scope, any other child what its exact descendants need), so that exact sigs get
        // atoms of their own and exact bounds; the remaining atoms are shared by the
        // non-exact children and the remainder. `pool` lists reserved atoms first.
        let children = sig.children.clone();
        let mut free: Vec<Atom> = pool.clone();
        let mut reservations: Vec<Vec<Atom>> = Vec::new();
        for c in &children {
            let k = self.need(*c).min(free.len());
            reservations.push(free.drain(..k).collect());
        }
        let rest = free;
        // What each non-exact child may take of the shared atoms beyond its reservation.
        let extra: Vec<usize> = children
            .iter()
            .zip(&reservations)
            .map(|(c, reserved)| {
                if self.scopes.exact[c.index()] {
                    0
                } else {
                    self.scope(*c).saturating_sub(reserved.len())
                }
            })
            .collect();
        // When those fit side by side in the shared atoms, each child gets a block of its
        // own instead of all of them: the shared atoms are interchangeable, so every
        // instance is a renaming of one whose children lie in their blocks, and the
        // children's disjointness and scopes are then bounds rather than formulas (nine
        // tables of 3 records under `27 Rec` otherwise share 27 atoms each).
        let blocks = self.child_blocks && extra.iter().sum::<usize>() <= rest.len();
        let mut next_block = 0;
        for ((c, reserved), extra) in children.iter().zip(reservations).zip(extra) {
            let mut child_pool = reserved;
            if blocks {
                child_pool.extend_from_slice(&rest[next_block..next_block + extra]);
                next_block += extra;
            } else if !self.scopes.exact[c.index()] {
                child_pool.extend(rest.iter().copied());
            }
            self.alloc(*c, child_pool);
        }
        // This sig's own relation (a leaf) or remainder relation.
        if let Some(rel) = self.layout.sig_rel[s.index()] {
            let upper = TupleSet::of_atoms(pool.iter().copied());
            let lower = if exact && pool.len() == scope {
                upper.clone()
            } else {
                TupleSet::empty(1)
            };
            self.sig_bounds[rel.0 as usize] = (lower, upper);
        }
        if let Some(rel) = self.layout.remainder_rel[s.index()] {
            let upper = TupleSet::of_atoms(rest.iter().copied());
            // An exact sig whose children are all exact: the remainder holds exactly the
            // atoms the children leave (`exactly 5 Txn` with `one sig T0 extends Txn`),
            // which symmetry breaking and order fixing need to see in the bounds.
            let fixed = exact
                && pool.len() == scope
                && children.iter().all(|c| self.scopes.exact[c.index()]);
            let lower = if fixed {
                upper.clone()
            } else {
                TupleSet::empty(1)
            };
            self.sig_bounds[rel.0 as usize] = (lower, upper);
        }
        // Parts of a parent are disjoint (skip pairs whose pools cannot meet).
        if !children.is_empty() {
            let mut parts: Vec<(Expr, &[Atom])> = Vec::new();
            if let Some(rel) = self.layout.remainder_rel[s.index()] {
                parts.push((Expr::rel(rel, 1), &rest));
            }
            for c in &children {
                parts.push((
                    self.layout.sig_value[c.index()].clone(),
                    &self.pool[c.index()],
                ));
            }
            let (sharing, pairs) = meeting_parts(parts.iter().map(|(_, atoms)| *atoms));
            if sharing.len() <= MAX_PAIRWISE_DISJOINT {
                for (i, j) in pairs {
                    self.structure
                        .push(Expr::intersection(parts[i].0.clone(), parts[j].0.clone()).no());
                }
            } else {
                let sharing: Vec<Expr> = sharing.iter().map(|&i| parts[i].0.clone()).collect();
                disjoint_halves(&sharing, &mut self.structure);
            }
        }
        // Scope and multiplicity of the sig.
        let is_fixed_leaf = children.is_empty() && exact && pool.len() == scope;
        if exact && !is_fixed_leaf {
            self.structure
                .push(Formula::cardinality(CardCmp::Exactly, value.clone(), scope));
        } else if !exact && pool.len() > scope {
            self.structure
                .push(Formula::cardinality(CardCmp::AtMost, value.clone(), scope));
        }
        // Exact descendants can raise the scope of a `one`/`lone` sig past 1; its
        // multiplicity still holds (Alloy adds it as a formula), so say it.
        match sig.mult {
            Some(SigMult::One) if scope != 1 => self.structure.push(value.one()),
            Some(SigMult::Lone) if scope > 1 => self.structure.push(value.lone()),
            Some(SigMult::Some) => self.structure.push(value.some()),
            _ => {}
        }
    }

    /// The upper bound of a field: the union, over the type's products, of the products
    /// of the sigs' atoms.
    fn type_upper(&self, ty: &Type) -> TupleSet {
        let mut out = TupleSet::empty(ty.arity);
        for p in &ty.products {
            let cols: Vec<Vec<Atom>> = p
                .iter()
                .map(|s| self.upper_of_sig(*s).iter().map(|t| t[0]).collect())
                .collect();
            let mut tuples: Vec<Vec<Atom>> = vec![Vec::new()];
            for col in &cols {
                let mut next = Vec::new();
                for t in &tuples {
                    for a in col {
                        let mut u = t.clone();
                        u.push(*a);
                        next.push(u);
                    }
                }
                tuples = next;
            }
            for t in tuples {
                out.insert(t);
            }
        }
        out
    }
}

// ----- presentation ----------------------------------------------------------------------

/// How a sig is shown: library sigs by their own name (`Txn`, not
/// `isolation/histories/Txn`) unless another sig has that name or they are private
/// internals (util/ordering's `Ord`); the model's own sigs as declared.
fn display_labels(model: &Model) -> Vec<String> {
    let last = |l: &str| l.rsplit('/').next().unwrap_or(l).to_string();
    let mut count: HashMap<String, usize> = HashMap::new();
    for sig in &model.sigs {
        *count.entry(last(&sig.label)).or_default() += 1;
    }
    model
        .sigs
        .iter()
        .map(|sig| {
            let short = last(&sig.label);
            if sig.label.contains('/') && !sig.private && count[&short] == 1 {
                short
            } else {
                sig.label.clone()
            }
        })
        .collect()
}

fn presentation(model: &Model, layout: &Layout, elab: &Elaborator) -> Presentation {
    let display = display_labels(model);
    let mut sigs = Vec::new();
    let hidden = |s: SigId| {
        let sig = model.sig(s);
        sig.private && model.module(sig.module).is_stdlib
    };
    fn walk(
        model: &Model,
        layout: &Layout,
        s: SigId,
        out: &mut Vec<(SigId, SigView)>,
        hidden: &dyn Fn(SigId) -> bool,
        display: &[String],
    ) {
        for c in &model.sig(s).children {
            walk(model, layout, *c, out, hidden, display);
        }
        out.push((
            s,
            SigView {
                label: display[s.index()].clone(),
                value: layout.sig_value[s.index()].clone(),
                names_atoms: true,
                hidden: hidden(s),
            },
        ));
    }
    for s in model.top_sigs().collect::<Vec<_>>() {
        walk(model, layout, s, &mut sigs, &hidden, &display);
    }
    for (i, sig) in model.sigs.iter().enumerate() {
        if matches!(sig.kind, SigKind::Subset { .. }) {
            sigs.push((
                SigId(i as u32),
                SigView {
                    label: display[i].clone(),
                    value: layout.sig_value[i].clone(),
                    names_atoms: false,
                    hidden: hidden(SigId(i as u32)),
                },
            ));
        }
    }
    let mut fields = Vec::new();
    let mut shown_fields = Vec::new();
    for (f, field) in model.fields.iter().enumerate() {
        let Ok(value) = elab.field_expr(FieldId(f as u32)) else {
            continue;
        };
        shown_fields.push(field);
        fields.push(FieldView {
            sig: display[field.sig.index()].clone(),
            name: field.name.clone(),
            value,
            hidden: field.private
                && model.module(model.sig(field.sig).module).is_stdlib
                && field.name != "Next",
        });
    }
    let label_of = |s: SigId| -> String {
        match s {
            UNIV => "univ".to_string(),
            _ => display[s.index()].clone(),
        }
    };
    let xml_sigs = sigs
        .iter()
        .map(|(id, _)| {
            let sig = model.sig(*id);
            let mut attrs = Vec::new();
            if sig.is_abstract {
                attrs.push("abstract");
            }
            match sig.mult {
                Some(SigMult::One) => attrs.push("one"),
                Some(SigMult::Lone) => attrs.push("lone"),
                Some(SigMult::Some) => attrs.push("some"),
                None => {}
            }
            if sig.private {
                attrs.push("private");
            }
            if sig.enum_values.is_some() {
                attrs.push("enum");
            }
            let (parent, subset_of) = match &sig.kind {
                SigKind::Top | SigKind::Builtin(_) => (Some("univ".to_string()), Vec::new()),
                SigKind::Extends(p) => (Some(label_of(*p)), Vec::new()),
                SigKind::Subset { parents, .. } => {
                    (None, parents.iter().map(|p| label_of(*p)).collect())
                }
            };
            XmlSig {
                alloy_label: if sig.label.contains('/') {
                    sig.label.clone()
                } else {
                    format!("this/{}", sig.label)
                },
                parent,
                subset_of,
                attrs,
            }
        })
        .collect();
    let sigs: Vec<SigView> = sigs.into_iter().map(|(_, v)| v).collect();
    let field_types = shown_fields
        .iter()
        .map(|f| {
            f.ty.products
                .iter()
                .map(|prod| prod.iter().map(|s| label_of(*s)).collect())
                .collect()
        })
        .collect();
    Presentation {
        sigs,
        fields,
        named_atoms: Vec::new(),
        xml: XmlShape {
            sigs: xml_sigs,
            field_types,
            bitwidth: 0,
            maxseq: 0,
            strings: Vec::new(),
        },
    }
}
