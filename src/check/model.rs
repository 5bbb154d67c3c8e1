//! The checked model: every module instance, sig, field, pred/fun, fact, assertion, macro
//! and command, with names resolved to ids. Bodies stay as syntax; they are elaborated to
//! core logic on demand (`elaborate`), once per use, because preds and funs are inlined.

use std::collections::HashMap;
use std::sync::Arc;

use crate::diagnostic::{Diagnostic, FileId, Span};
use crate::syntax::ast;

macro_rules! id_type {
    ($name:ident) => {
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub u32);
        impl $name {
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }
    };
}

id_type!(ModuleId);
id_type!(SigId);
id_type!(FieldId);
id_type!(FuncId);

/// The built-in sigs, created first so their ids are fixed.
pub const UNIV: SigId = SigId(0);
pub const NONE: SigId = SigId(1);
pub const INT: SigId = SigId(2);
pub const STRING: SigId = SigId(3);
pub const SEQ_INT: SigId = SigId(4);
pub const BUILTIN_COUNT: u32 = 5;

#[derive(Debug)]
pub struct Model {
    pub modules: Vec<ModuleInst>,
    pub sigs: Vec<Sig>,
    pub fields: Vec<Field>,
    pub funcs: Vec<Func>,
    pub asserts: Vec<Assert>,
    pub facts: Vec<Fact>,
    pub macros: Vec<Macro>,
    /// The root module's commands, in order.
    pub commands: Vec<CommandDecl>,
    /// Non-fatal findings (e.g. implicit in-line conjunction).
    pub warnings: Vec<Diagnostic>,
    /// Alloy's meta-model (`sig$`, `field$`, `A$`, `A$f`), when a file names it.
    pub meta: Option<MetaModel>,
}

/// Alloy's meta-model: an abstract `sig$` with a `one sig A$` per sig, an abstract
/// `field$` with a `one sig A$f` per field, and defined fields that tie them to the model
/// (`A$.value = A`, `A$f.value = f`, `A$.fields`, `A$.subfields`, `A$.parent`). Alloy adds
/// it only when a name with `$` appears, and so does the loader: it costs atoms.
#[derive(Debug, Clone)]
pub struct MetaModel {
    /// `sig$`
    pub sig: SigId,
    /// `field$`
    pub field: SigId,
    /// The meta sigs are the model's last ones, from this id on.
    pub first: SigId,
}

/// What a meta-model field is defined as.
#[derive(Debug, Clone)]
pub enum MetaValue {
    /// `A$.value`: the sig's atoms.
    Sig(SigId),
    /// `A$f.value`: the field's tuples.
    Field(FieldId),
    /// A union of meta atoms (`fields`, `subfields`, `parent`); empty means `none`.
    Atoms(Vec<SigId>),
}

/// One instantiation of a module file (a parametric module opened with different sig
/// arguments is instantiated once per argument list).
#[derive(Debug)]
pub struct ModuleInst {
    pub file: FileId,
    /// Identifies the file: a canonical path, or `stdlib:util/ordering`.
    pub key: String,
    /// How its names are printed: empty for the root, else the open alias path (`o`, `o/x`).
    pub prefix: String,
    pub ast: Arc<ast::Module>,
    /// Formal parameter name to actual sig.
    pub params: Vec<(String, SigId)>,
    pub opens: Vec<OpenEdge>,
    pub sigs: Vec<SigId>,
    pub funcs: Vec<FuncId>,
    pub asserts: Vec<usize>,
    pub facts: Vec<usize>,
    pub macros: Vec<usize>,
    /// The items declared here (sigs, fields, funs, macros, asserts) by name, each list
    /// in the order a scan meets them: each sig followed by its fields, then funs,
    /// macros and asserts. Lookups read this instead of scanning the module, which
    /// made loading quadratic in the number of sigs.
    pub names: HashMap<String, Vec<Item>>,
    /// Bundled modules are trusted: their bodies are not re-checked at load time.
    pub is_stdlib: bool,
}

#[derive(Debug, Clone)]
pub struct OpenEdge {
    pub alias: String,
    pub module: ModuleId,
    pub private: bool,
    pub span: Span,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Builtin {
    Univ,
    None,
    Int,
    String,
    SeqInt,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SigKind {
    Builtin(Builtin),
    /// A top-level sig (its parent is `univ`).
    Top,
    Extends(SigId),
    /// `in P1 + P2` (`equal` = false) or `= P1 + P2`.
    Subset {
        parents: Vec<SigId>,
        equal: bool,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SigMult {
    One,
    Lone,
    Some,
}

#[derive(Debug)]
pub struct Sig {
    pub name: String,
    /// As Alloy prints it, without `this/`: `Node`, `o/Ord`.
    pub label: String,
    pub module: ModuleId,
    pub kind: SigKind,
    pub is_abstract: bool,
    pub mult: Option<SigMult>,
    pub private: bool,
    pub span: Span,
    pub fields: Vec<FieldId>,
    /// `extends` children, in declaration order.
    pub children: Vec<SigId>,
    /// The appended fact, if any.
    pub fact: Option<Arc<ast::Block>>,
    /// Set for the sigs an `enum` declares (the enum and its values).
    pub enum_values: Option<Vec<SigId>>,
    /// `exactly` module parameter: every command gives this sig an exact scope.
    pub forced_exact: bool,
    /// Declared with `fact { pred/outsideScope[S] }`: this `one` sig's atom comes on top of
    /// its parent's scope (the isolation library's `T0`: `for 5` is five transactions
    /// besides the initial one, as in Isolde).
    pub outside_scope: bool,
    /// The declaration (shared by `sig A, B`); `None` for builtins, enums and root parameters.
    pub decl: Option<Arc<ast::SigDecl>>,
}

impl Sig {
    pub fn is_builtin(&self) -> bool {
        matches!(self.kind, SigKind::Builtin(_))
    }

    /// Declared `var` (Alloy 6): its atoms may change from state to state.
    pub fn is_var(&self) -> bool {
        self.decl
            .as_ref()
            .is_some_and(|d| d.qualifiers.var.is_some())
    }

    /// Top-level and `extends` sigs: the sigs that types are made of.
    pub fn is_prim(&self) -> bool {
        !matches!(self.kind, SigKind::Subset { .. })
    }
}

#[derive(Debug)]
pub struct Field {
    pub name: String,
    pub sig: SigId,
    pub private: bool,
    pub span: Span,
    /// The declaration it came from (shared by `f, g: e`).
    pub decl: Arc<ast::Decl>,
    /// Computed after all sigs are known: the sig's type -> the bound's type.
    pub ty: Type,
    /// Set for the meta-model's defined fields, whose value no syntax states.
    pub meta: Option<MetaValue>,
}

#[derive(Debug)]
pub struct Param {
    pub name: String,
    pub span: Span,
    pub bound: Arc<ast::Expr>,
    pub disj_group: Option<usize>,
}

#[derive(Debug)]
pub enum FuncBody {
    Pred(Arc<ast::Block>),
    Fun {
        result: Arc<ast::Expr>,
        body: Arc<ast::Expr>,
    },
}

/// A pred or fun. A receiver `pred S.p` is the first parameter `this: S`.
#[derive(Debug)]
pub struct Func {
    pub name: String,
    pub module: ModuleId,
    pub private: bool,
    pub params: Vec<Param>,
    pub body: FuncBody,
    pub span: Span,
    pub name_span: Span,
    /// Parameter types, computed after sigs and fields.
    pub param_types: Vec<Type>,
}

impl Func {
    pub fn is_pred(&self) -> bool {
        matches!(self.body, FuncBody::Pred(_))
    }
}

#[derive(Debug)]
pub struct Assert {
    pub name: Option<String>,
    pub module: ModuleId,
    pub body: Arc<ast::Block>,
    pub span: Span,
}

#[derive(Debug)]
pub struct Fact {
    pub name: Option<String>,
    pub module: ModuleId,
    pub body: Arc<ast::Block>,
    pub span: Span,
}

#[derive(Debug)]
pub struct Macro {
    pub name: String,
    pub module: ModuleId,
    pub private: bool,
    pub params: Vec<String>,
    pub body: Arc<ast::Expr>,
    pub span: Span,
}

#[derive(Debug, Clone)]
pub enum CommandBody {
    Pred(FuncId),
    Assert(usize),
    /// An anonymous or named block in the command itself.
    Block(Arc<ast::Block>),
}

#[derive(Debug, Clone)]
pub struct CommandDecl {
    /// `show`, `run$1`, `check$2`, or the explicit label.
    pub label: String,
    pub kind: ast::CommandKind,
    pub body: CommandBody,
    pub scope: Option<ast::Scope>,
    pub expect: Option<u32>,
    pub span: Span,
}

impl Model {
    /// Record an item declared in module `m` under `name` (see `ModuleInst::names`).
    pub fn index_name(&mut self, m: ModuleId, name: &str, item: Item) {
        let key = self.scan_order(item);
        let mut list = self.modules[m.index()]
            .names
            .remove(name)
            .unwrap_or_default();
        let at = list.partition_point(|i| self.scan_order(*i) < key);
        list.insert(at, item);
        self.modules[m.index()].names.insert(name.to_string(), list);
    }

    /// The items of module `m` named `name`, in scan order.
    pub fn named_in(&self, m: ModuleId, name: &str) -> &[Item] {
        self.module(m).names.get(name).map_or(&[], Vec::as_slice)
    }

    /// Where a scan of a module meets an item. Ids grow in declaration order within
    /// each kind, and a field's id within its sig.
    fn scan_order(&self, item: Item) -> (u8, u32, u32) {
        match item {
            Item::Sig(s) => (0, s.0, 0),
            Item::Field(f) => (0, self.field(f).sig.0, 1 + f.0),
            Item::Func(f) => (1, f.0, 0),
            Item::Macro(i) => (2, i as u32, 0),
            Item::Assert(i) => (3, i as u32, 0),
        }
    }

    /// Whether the sig belongs to the meta-model (`sig$`, `field$`, `A$`, `A$f`).
    pub fn is_meta(&self, id: SigId) -> bool {
        self.meta.as_ref().is_some_and(|m| id >= m.first)
    }

    pub fn sig(&self, id: SigId) -> &Sig {
        &self.sigs[id.index()]
    }

    pub fn field(&self, id: FieldId) -> &Field {
        &self.fields[id.index()]
    }

    pub fn func(&self, id: FuncId) -> &Func {
        &self.funcs[id.index()]
    }

    pub fn module(&self, id: ModuleId) -> &ModuleInst {
        &self.modules[id.index()]
    }

    /// The top-level ancestor of a prim sig (itself if top-level).
    pub fn top_of(&self, mut s: SigId) -> SigId {
        while let SigKind::Extends(p) = self.sig(s).kind {
            s = p;
        }
        s
    }

    /// Is `a` equal to or an `extends`-descendant of `b`? (`univ` is everyone's ancestor.)
    pub fn descends(&self, mut a: SigId, b: SigId) -> bool {
        if b == UNIV {
            return a != NONE;
        }
        loop {
            if a == b {
                return true;
            }
            match self.sig(a).kind {
                SigKind::Extends(p) => a = p,
                _ => return false,
            }
        }
    }

    /// The prim sigs a (possibly subset) sig's atoms belong to.
    pub fn prim_parents(&self, s: SigId) -> Vec<SigId> {
        match &self.sig(s).kind {
            SigKind::Subset { parents, .. } => {
                let mut out = Vec::new();
                for p in parents {
                    for q in self.prim_parents(*p) {
                        if !out.contains(&q) {
                            out.push(q);
                        }
                    }
                }
                out
            }
            _ => vec![s],
        }
    }

    /// The user-visible top-level sigs (not builtins), in creation order.
    pub fn top_sigs(&self) -> impl Iterator<Item = SigId> + '_ {
        (0..self.sigs.len() as u32)
            .map(SigId)
            .filter(|s| self.sig(*s).kind == SigKind::Top)
    }
}

/// Something a name can denote at module level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Item {
    Sig(SigId),
    Field(FieldId),
    Func(FuncId),
    Macro(usize),
    Assert(usize),
}

/// Alloy's relation type: a union of products of prim sigs (see `types.rs` for the
/// operations over the sig hierarchy).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Type {
    pub arity: usize,
    /// The union's members; empty means the empty type of this arity.
    pub products: Vec<Vec<SigId>>,
}

impl Type {
    pub fn empty(arity: usize) -> Type {
        Type {
            arity,
            products: Vec::new(),
        }
    }

    pub fn of_sig(s: SigId) -> Type {
        if s == NONE {
            return Type::empty(1);
        }
        Type {
            arity: 1,
            products: vec![vec![s]],
        }
    }

    pub fn univ(arity: usize) -> Type {
        Type {
            arity,
            products: vec![vec![UNIV; arity]],
        }
    }

    pub fn is_empty(&self) -> bool {
        self.products.is_empty()
    }

    /// Adds a product unless it is a member already.
    pub(super) fn push(&mut self, p: Vec<SigId>) {
        if !self.products.contains(&p) {
            self.products.push(p);
        }
    }

    pub fn union(&self, other: &Type) -> Type {
        let mut t = self.clone();
        for p in &other.products {
            t.push(p.clone());
        }
        t
    }

    pub fn product(&self, other: &Type) -> Type {
        let mut t = Type::empty(self.arity + other.arity);
        for a in &self.products {
            for b in &other.products {
                t.push(a.iter().chain(b).copied().collect());
            }
        }
        t
    }

    pub fn transpose(&self) -> Type {
        let mut t = Type::empty(self.arity);
        for p in &self.products {
            t.push(p.iter().rev().copied().collect());
        }
        t
    }

    /// Columns after the first (for the type of `x.f` given the type of `f`).
    pub fn first_column(&self) -> Type {
        let mut t = Type::empty(1);
        for p in &self.products {
            t.push(vec![p[0]]);
        }
        t
    }

    pub fn last_column(&self) -> Type {
        let mut t = Type::empty(1);
        for p in &self.products {
            t.push(vec![p[p.len() - 1]]);
        }
        t
    }
}
