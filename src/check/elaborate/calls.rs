//! Calls: parameter types and argument checks (which select an overload), inlining preds,
//! funs and macros, and errors inside the library reported at the call.

use crate::check::model::*;
use crate::check::types::{self, Type};
use crate::diagnostic::{Diagnostic, Span};
use crate::logic::Expr;
use crate::logic::normalize::expr_has_higher_order;
use crate::syntax::ast;

use super::{ElabError, Elaborator, Env, R, Val, int_as_set, val_type};

const MAX_MACRO_DEPTH: usize = 20;

const MAX_CALL_DEPTH: usize = 64;

impl Elaborator<'_> {
    /// The parameter types of a pred or fun (bounds elaborated left to right).
    pub fn param_types(&self, fid: FuncId) -> R<Vec<Type>> {
        if let Some(t) = self.param_types.borrow().get(&fid) {
            return Ok(t.clone());
        }
        let func = self.model.func(fid);
        let mut env = Env::new(func.module);
        let mut out = Vec::new();
        for p in &func.params {
            let t = self.shape_type(&p.bound, &env)?;
            env = env.bind(
                &p.name,
                Val::Set(Expr::var(self.fresh_var(p.span), t.arity), t.clone()),
            );
            out.push(t);
        }
        self.param_types.borrow_mut().insert(fid, out.clone());
        Ok(out)
    }

    /// Check argument types against parameter types (this is what selects an overload),
    /// settling overloaded arguments by the parameter's type. Alloy accepts an argument
    /// whose type cannot meet its parameter's (a parameter's bound is not a constraint at
    /// the call site), but such a call loses to one whose types meet: the warnings for
    /// it come back with the arguments, for the caller to keep if the call is chosen.
    pub(super) fn applicable(
        &self,
        fid: FuncId,
        vals: Vec<Val>,
        args: &[&ast::Expr],
        span: Span,
    ) -> R<(Vec<Val>, Vec<Diagnostic>)> {
        let pts = self.param_types(fid)?;
        let func = self.model.func(fid);
        let mut out = Vec::new();
        let mut mismatches = Vec::new();
        for (i, (v, pt)) in vals.into_iter().zip(&pts).enumerate() {
            let arg_span = args.get(i).map_or(span, |a| a.span);
            let v = match v {
                Val::Choice(_) => self.resolve(v, Some(pt), arg_span)?,
                v => v,
            };
            let Some(t) = val_type(&v) else {
                return Err(ElabError::new(
                    arg_span,
                    format!(
                        "the argument for `{}` of `{}` must be an expression, not a formula",
                        func.params[i].name, func.name
                    ),
                ));
            };
            if t.arity != pt.arity {
                return Err(ElabError::new(
                    arg_span,
                    format!(
                        "the parameter `{}` of `{}` has arity {}, but this argument has arity {}",
                        func.params[i].name, func.name, pt.arity, t.arity
                    ),
                ));
            }
            if !t.is_empty() && !types::overlaps(self.model, &t, pt) {
                mismatches.push(Diagnostic::warning(
                    arg_span,
                    format!(
                        "this argument of type {} can never be a `{}` of `{}` (type {})",
                        types::show(self.model, &t),
                        func.params[i].name,
                        func.name,
                        types::show(self.model, pt)
                    ),
                ));
            }
            out.push(v);
        }
        Ok((out, mismatches))
    }

    /// A call where a value is wanted. A fun's result is a set, as Alloy types its body:
    /// an integer body becomes its `Int` atom (`int[Int[i]]` is `i` again where a number
    /// is needed).
    pub(super) fn call_value(&self, fid: FuncId, vals: Vec<Val>, span: Span) -> R<Val> {
        self.call(fid, vals, span).map(int_as_set)
    }

    /// Inline a pred or fun with the given argument values.
    pub fn call(&self, fid: FuncId, args: Vec<Val>, span: Span) -> R<Val> {
        let func = self.model.func(fid);
        if self.call_stack.borrow().contains(&fid) {
            return Err(ElabError::new(
                span,
                format!("`{}` calls itself (recursion is not supported)", func.name),
            ));
        }
        if self.call_stack.borrow().len() >= MAX_CALL_DEPTH {
            return Err(ElabError::new(span, "calls are nested too deeply"));
        }
        if self.call_stack.borrow().is_empty()
            && let Some(log) = self.call_log.borrow_mut().as_mut()
        {
            log.push((fid, args.clone()));
        }
        if let Some(v) = self.closed_funs.borrow().get(&fid) {
            return Ok(v.clone());
        }
        let mut env = Env::new(func.module);
        for (p, v) in func.params.iter().zip(args) {
            env = env.bind(&p.name, v);
        }
        self.call_stack.borrow_mut().push(fid);
        let result = match &func.body {
            FuncBody::Pred(b) => self.block(b, &env).map(Val::Form),
            FuncBody::Fun { body, .. } => self.expr(body, &env),
        };
        self.call_stack.borrow_mut().pop();
        // Shared only when nothing in it is rewritten per occurrence: skolemization and
        // CEGIS work on quantifiers over relations (and on preds' formulas).
        if func.params.is_empty()
            && let Ok(v @ Val::Set(e, _)) = &result
            && !expr_has_higher_order(e)
        {
            self.closed_funs.borrow_mut().insert(fid, v.clone());
        }
        result.map_err(|e| self.at_call_site(fid, e, span))
    }

    /// An error inside a library fun or pred is the caller's: its arguments do not fit.
    /// It is reported at the call, with the library line as a note.
    fn at_call_site(&self, fid: FuncId, e: ElabError, span: Span) -> ElabError {
        let func = self.model.func(fid);
        let module = self.model.module(func.module);
        let inside = e.diag.span.filter(|s| s.file == module.file);
        match inside {
            Some(at) if module.is_stdlib && span.file != module.file => ElabError::from(
                Diagnostic::error(
                    span,
                    format!(
                        "the arguments of `{}` do not fit its definition: {}",
                        func.name, e.diag.message
                    ),
                )
                .with_note(at, "in the library's definition, here"),
            ),
            _ => e,
        }
    }

    pub(super) fn expand_macro(
        &self,
        m: usize,
        args: &[&ast::Expr],
        arg: &mut dyn FnMut(usize) -> R<Val>,
        span: Span,
    ) -> R<Val> {
        let mac = &self.model.macros[m];
        if args.len() < mac.params.len() {
            return Err(ElabError::new(
                span,
                format!(
                    "the macro `{}` takes {} argument{} but is given {}",
                    mac.name,
                    mac.params.len(),
                    if mac.params.len() == 1 { "" } else { "s" },
                    args.len()
                ),
            ));
        }
        if self.macro_depth.get() >= MAX_MACRO_DEPTH {
            return Err(ElabError::new(
                span,
                "macros are expanded too deeply (more than 20 levels)",
            ));
        }
        let mut menv = Env::new(mac.module);
        for (i, p) in mac.params.iter().enumerate() {
            menv = menv.bind(p, arg(i)?);
        }
        self.macro_depth.set(self.macro_depth.get() + 1);
        let v = self.expr(&mac.body, &menv);
        self.macro_depth.set(self.macro_depth.get() - 1);
        let v = v?;
        let np = mac.params.len();
        self.join_vals(v, &args[np..], &mut |i| arg(np + i), span)
    }
}

pub(super) fn param_list(f: &Func) -> String {
    f.params
        .iter()
        .map(|p| p.name.clone())
        .collect::<Vec<_>>()
        .join(", ")
}
