//! Alloy's scope rules: each sig's scope from the command (`for N`, `for N S`,
//! `exactly`, `one` sigs, the bitwidth, `seq`, strings), and the scope in words.

use std::collections::HashMap;

use crate::check::loader::resolve_sig;
use crate::check::model::*;
use crate::diagnostic::{Diagnostic, Errors, Span};

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

/// Alloy's default bitwidth.
pub const DEFAULT_BITWIDTH: u32 = 4;

/// The bitwidth a command sets (`for 5 Int`), if its scopes are well formed.
pub fn bitwidth_of(model: &Model, cmd: &CommandDecl) -> Option<u32> {
    compute_scopes(model, cmd).ok().map(|s| s.bitwidth)
}

pub(super) fn compute_scopes(model: &Model, cmd: &CommandDecl) -> Result<Scopes, Errors> {
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
            // A `var` sig's one atom may differ from state to state (as in Alloy 6).
            let var = sig.is_var();
            let bad = match sig.mult {
                Some(SigMult::One) if var && k < 1 => {
                    Some("a `one var` sig needs a scope of at least 1")
                }
                Some(SigMult::One) if !var && k != 1 => Some("a `one` sig must have scope 1"),
                Some(SigMult::Lone) if !var && k > 1 => Some("a `lone` sig can have scope 0 or 1"),
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
            // A `var` sig's multiplicity holds in every state as a formula, not by its scope.
            _ if sig.is_var() => {}
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
            let mut d = Diagnostic::error(
                cmd.span,
                format!("you must give the sig `{}` a scope", model.sig(s).label),
            );
            // The meta-model's sigs are declared by no line of the model.
            d = if model.is_meta(s) {
                d.with_note(
                    cmd.span,
                    "Alloy's meta-model is added because the model names a sig or field with `$`",
                )
            } else {
                d.with_note(model.sig(s).span, "declared here")
            };
            errors.push(d.with_help(format!(
                "add it to the command, e.g. `for 3 but 2 {}`, or give an overall scope",
                model.sig(s).label
            )));
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

/// The smallest bitwidth whose integers index a sequence of length n.
fn seq_bitwidth(n: u32) -> u32 {
    (1..=30).find(|&bw| (1u32 << (bw - 1)) > n).unwrap_or(30)
}

pub(super) fn scope_summary(model: &Model, scopes: &Scopes) -> String {
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
