//! Sigs and fields: their values, types, bounds and the constraints their declarations
//! state (multiplicities, domains).

use crate::check::model::*;
use crate::check::types::{self, Type};
use crate::diagnostic::Span;
use crate::logic::{Decl, DeclMult, Expr, Formula};
use crate::syntax::ast::Multiplicity;

use super::decls::Shape;
use super::{ElabError, Elaborator, Env, R, SigCtx, Val};

impl Elaborator<'_> {
    /// A sig's value and type.
    pub fn sig_set(&self, s: SigId) -> (Expr, Type) {
        (
            self.layout.sig_value[s.index()].clone(),
            types::sig_type(self.model, s),
        )
    }
    pub(super) fn sig_val(&self, s: SigId) -> Val {
        let (e, t) = self.sig_set(s);
        Val::Set(e, t)
    }

    /// The type of a field (sig column first), computed on first use.
    pub fn field_type(&self, f: FieldId) -> R<Type> {
        if let Some(t) = &self.field_types.borrow()[f.index()] {
            return Ok(t.clone());
        }
        let field = self.model.field(f);
        if self.fields_in_progress.borrow().contains(&f) {
            return Err(ElabError::new(
                field.span,
                format!(
                    "the declaration of field `{}` depends on itself",
                    field.name
                ),
            ));
        }
        self.fields_in_progress.borrow_mut().push(f);
        let result = self
            .field_bound(f)
            .map(|(_, _, bound_ty, _)| types::sig_type(self.model, field.sig).product(&bound_ty));
        self.fields_in_progress.borrow_mut().retain(|x| *x != f);
        let t = result?;
        self.field_types.borrow_mut()[f.index()] = Some(t.clone());
        Ok(t)
    }

    pub fn field_expr(&self, f: FieldId) -> R<Expr> {
        let t = self.field_type(f)?;
        Ok(Expr::rel(self.layout.field_rel(f), t.arity))
    }

    /// Elaborate a field's bound with `this` bound to a fresh variable over its sig.
    /// Returns (this variable, the bound's shape as plain expr, its type, the constraint on `this.f`).
    #[allow(clippy::type_complexity)]
    fn field_bound(&self, f: FieldId) -> R<(Decl, Expr, Type, Shape)> {
        let field = self.model.field(f);
        let sig = self.model.sig(field.sig);
        let this = self.this_decl(field.sig, field.span)?;
        if let Some(meta) = &field.meta {
            let (e, t) = self.meta_value(meta)?;
            return Ok((this, e.clone(), t.clone(), Shape::Plain(e, t)));
        }
        let env = Env::new(sig.module)
            .bind(
                "this",
                Val::Set(this.var_expr(), types::sig_type(self.model, field.sig)),
            )
            .with_sig_ctx(SigCtx::FieldDecl(field.sig, f));
        let mut shape = self.shape(&field.decl.bound, &env)?;
        // A unary bound without a keyword means `one`.
        if let Shape::Plain(e, _) = &shape
            && e.arity() == 1
            && !field.decl.defined
        {
            shape = Shape::Mult(Multiplicity::One, Box::new(shape));
        }
        let (e, t) = shape.plain();
        Ok((this, e, t, shape))
    }

    /// The value of a meta-model field (`A$.value`, `A$f.value`, `A$.fields`, ...).
    fn meta_value(&self, meta: &MetaValue) -> R<(Expr, Type)> {
        Ok(match meta {
            MetaValue::Sig(s) => self.sig_set(*s),
            MetaValue::Field(f) => (self.field_expr(*f)?, self.field_type(*f)?),
            MetaValue::Atoms(atoms) => {
                atoms
                    .iter()
                    .fold((Expr::none(1), Type::empty(1)), |(e, t), a| {
                        let (ae, at) = self.sig_set(*a);
                        (Expr::union(e, ae), t.union(&at))
                    })
            }
        })
    }

    /// A field's declared bound as a plain expression over `this` (a variable over the
    /// field's sig): every `this.f` lies within it.
    pub fn field_plain_bound(&self, f: FieldId) -> R<(Decl, Expr)> {
        let (this, plain, _, _) = self.field_bound(f)?;
        Ok((this, plain))
    }

    fn this_decl(&self, s: SigId, span: Span) -> R<Decl> {
        let (e, _) = self.sig_set(s);
        Ok(Decl {
            var: self.fresh_var(span),
            name: "this".into(),
            mult: DeclMult::One,
            bound: e,
        })
    }

    /// The constraints a field declaration imposes (bounds, multiplicities, `disj`).
    pub fn field_constraints(&self, f: FieldId) -> R<Formula> {
        let field = self.model.field(f);
        let rel = self.field_expr(f)?;
        let (sig_e, _) = self.sig_set(field.sig);
        let (this, plain, _, shape) = self.field_bound(f)?;
        let this_e = this.var_expr();
        let this_f = Expr::join(this_e.clone(), rel.clone());
        let mut out = Vec::new();
        if field.decl.defined {
            out.push(Formula::forall(
                vec![this.clone()],
                Formula::equal(this_f.clone(), plain),
            ));
            // A defined field's first column is its sig.
            out.push(self.in_domain(&rel, &sig_e));
            return Ok(Formula::and(out));
        }
        out.push(self.in_domain(&rel, &sig_e));
        out.push(Formula::forall(
            vec![this.clone()],
            self.constraint(&this_f, &shape),
        ));
        if field.decl.disj_bound {
            let that = Decl {
                var: self.fresh_var(field.span),
                name: "that".into(),
                mult: DeclMult::One,
                bound: sig_e.clone(),
            };
            let that_f = Expr::join(that.var_expr(), rel.clone());
            out.push(Formula::forall(
                vec![this.clone(), that.clone()],
                this.var_expr()
                    .eq(&that.var_expr())
                    .not()
                    .implies(Expr::intersection(this_f.clone(), that_f).no()),
            ));
        }
        // `disj f, g: e`: per atom, the fields of one declaration are pairwise disjoint.
        // Each pair is stated once, by the field declared first.
        if field.decl.disj {
            for &g in &self.model.sig(field.sig).fields {
                let other = self.model.field(g);
                if g <= f || !std::sync::Arc::ptr_eq(&other.decl, &field.decl) {
                    continue;
                }
                let other_f = Expr::join(this_e.clone(), self.field_expr(g)?);
                out.push(Formula::forall(
                    vec![this.clone()],
                    Expr::intersection(this_f.clone(), other_f).no(),
                ));
            }
        }
        Ok(Formula::and(out))
    }

    /// The first column of `rel` lies in `sig`. Joining with the universe of atoms (not
    /// Alloy's `univ`, which a stray tuple might avoid) projects onto the first column far
    /// more cheaply than building `sig -> univ -> ...`.
    fn in_domain(&self, rel: &Expr, sig: &Expr) -> Formula {
        let mut dom = rel.clone();
        for _ in 1..rel.arity() {
            dom = Expr::join(dom, self.every_atom.clone());
        }
        dom.in_(sig)
    }
}
