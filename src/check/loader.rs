//! Loading: parse the root file and everything it opens, instantiate parametric modules,
//! declare every sig, field, pred, fun, fact, assertion, macro and command, and resolve
//! the sig hierarchy. Bodies are not looked at here.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::diagnostic::{Diagnostic, Errors, FileId, SourceMap, Span, did_you_mean};
use crate::syntax::ast::{self, Paragraph};

use super::model::*;
use super::names::Item;
use super::stdlib;
use super::types::Type;

/// Where the root module's text comes from.
pub enum RootSource {
    File(PathBuf),
    /// Text with a display name (REPL input, tests); relative `open`s resolve from `dir`.
    Text {
        name: String,
        text: String,
        dir: Option<PathBuf>,
    },
    /// An already parsed module whose spans point into texts the caller added to the
    /// source map (the REPL assembles its session this way, one text per input).
    Parsed {
        module: ast::Module,
        dir: Option<PathBuf>,
    },
}

pub fn load(sources: &mut SourceMap, root: RootSource) -> Result<Model, Errors> {
    let mut loader = Loader {
        sources,
        model: Model {
            modules: Vec::new(),
            sigs: Vec::new(),
            fields: Vec::new(),
            funcs: Vec::new(),
            asserts: Vec::new(),
            facts: Vec::new(),
            macros: Vec::new(),
            commands: Vec::new(),
            warnings: Vec::new(),
        },
        parsed: HashMap::new(),
        instances: HashMap::new(),
        loading: Vec::new(),
        command_targets: Vec::new(),
        outside_scope: Vec::new(),
        too_deep: false,
        errors: Vec::new(),
    };
    loader.add_builtins();
    let mut parsed = None;
    let (key, file, dir) = match root {
        RootSource::Parsed { module, dir } => {
            let file = loader.sources.add("<session>", None, "");
            parsed = Some(module);
            (format!("session:{}", file.0), file, dir)
        }
        RootSource::File(path) => {
            let text = crate::diagnostic::read_source(&path)
                .map_err(|e| Errors::from(Diagnostic::global(e)))?;
            let key = canonical_key(&path);
            let dir = path.parent().map(Path::to_path_buf);
            let file = loader
                .sources
                .add(path.display().to_string(), Some(path.clone()), text);
            (key, file, dir)
        }
        RootSource::Text { name, text, dir } => {
            let text = text
                .strip_prefix('\u{FEFF}')
                .map(str::to_string)
                .unwrap_or(text);
            let file = loader.sources.add(name.clone(), None, text);
            (format!("text:{name}:{}", file.0), file, dir)
        }
    };
    let ast = match parsed {
        Some(m) => Arc::new(m),
        None => loader.parse(file, &key)?,
    };
    let root = loader.instantiate(InstanceRequest {
        key,
        file,
        ast,
        dir,
        prefix: String::new(),
        args: Vec::new(),
        span: None,
        is_stdlib: false,
    });
    if root.is_some() && loader.errors.is_empty() {
        loader.resolve_hierarchy();
    }
    if loader.errors.is_empty() {
        loader.resolve_commands();
    }
    if !loader.errors.is_empty() {
        return Err(Errors(loader.errors));
    }
    Ok(loader.model)
}

struct Loader<'s> {
    sources: &'s mut SourceMap,
    model: Model,
    /// File key to its parse.
    parsed: HashMap<String, (FileId, Arc<ast::Module>)>,
    /// (file key, argument sigs) to the shared instance.
    instances: HashMap<(String, Vec<SigId>), ModuleId>,
    /// Keys of modules being instantiated (to report `open` cycles).
    loading: Vec<String>,
    /// For each root command, its named target (resolved after loading).
    command_targets: Vec<Option<ast::QualName>>,
    /// Sigs named by `pred/outsideScope[...]` facts, resolved with the hierarchy.
    outside_scope: Vec<(ModuleId, ast::QualName)>,
    errors: Vec<Diagnostic>,
    /// The `open` depth limit was reported.
    too_deep: bool,
}

struct InstanceRequest {
    key: String,
    file: FileId,
    ast: Arc<ast::Module>,
    dir: Option<PathBuf>,
    prefix: String,
    args: Vec<SigId>,
    /// The `open` that asked for it (None for the root).
    span: Option<Span>,
    is_stdlib: bool,
}

/// The longest chain of modules opening one another.
const MAX_OPEN_DEPTH: usize = 500;

fn canonical_key(path: &Path) -> String {
    std::fs::canonicalize(path)
        .unwrap_or_else(|_| path.to_path_buf())
        .display()
        .to_string()
}

impl Loader<'_> {
    fn add_builtins(&mut self) {
        let dummy = Span::default();
        for (name, b) in [
            ("univ", Builtin::Univ),
            ("none", Builtin::None),
            ("Int", Builtin::Int),
            ("String", Builtin::String),
            ("seq/Int", Builtin::SeqInt),
        ] {
            self.model.sigs.push(Sig {
                name: name.into(),
                label: name.into(),
                module: ModuleId(0),
                kind: SigKind::Builtin(b),
                is_abstract: false,
                mult: None,
                private: false,
                span: dummy,
                fields: Vec::new(),
                children: Vec::new(),
                fact: None,
                enum_values: None,
                forced_exact: false,
                outside_scope: false,
                decl: None,
            });
        }
    }

    fn parse(&mut self, file: FileId, key: &str) -> Result<Arc<ast::Module>, Errors> {
        if let Some((_, ast)) = self.parsed.get(key) {
            return Ok(ast.clone());
        }
        let ast = crate::syntax::parse_module(self.sources.text(file), file).map_err(Errors)?;
        let ast = Arc::new(ast);
        self.parsed.insert(key.to_string(), (file, ast.clone()));
        Ok(ast)
    }

    fn instantiate(&mut self, req: InstanceRequest) -> Option<ModuleId> {
        // Loading recurses along `open` chains: bound it before the stack runs out.
        if self.loading.len() >= MAX_OPEN_DEPTH {
            // Once: the implicit opens (util/integer) at that depth would say it again.
            if std::mem::replace(&mut self.too_deep, true) {
                return None;
            }
            let span = req.span.unwrap_or_default();
            self.errors.push(
                Diagnostic::error(
                    span,
                    format!(
                        "modules are opened too deeply (a chain of more than {MAX_OPEN_DEPTH} modules each opening the next)"
                    ),
                )
                .with_label("this `open` is one too many"),
            );
            return None;
        }
        if self.loading.contains(&req.key) {
            let span = req.span.unwrap_or_default();
            self.errors.push(
                Diagnostic::error(
                    span,
                    "this `open` creates a cycle of modules opening each other",
                )
                .with_label("opened again while it is still being loaded"),
            );
            return None;
        }
        let inst_key = (req.key.clone(), req.args.clone());
        if let Some(id) = self.instances.get(&inst_key) {
            return Some(*id);
        }
        let id = ModuleId(self.model.modules.len() as u32);
        let is_root = req.span.is_none();
        let formals: Vec<ast::ModuleParam> = req
            .ast
            .header
            .as_ref()
            .map(|h| h.params.clone())
            .unwrap_or_default();
        let mut params = Vec::new();
        if !is_root {
            if formals.len() != req.args.len() {
                self.errors.push(Diagnostic::error(
                    req.span.unwrap_or_default(),
                    format!(
                        "module `{}` takes {} parameter{}, but {} {} given",
                        req.ast
                            .header
                            .as_ref()
                            .map_or(req.key.clone(), |h| h.name.joined()),
                        formals.len(),
                        if formals.len() == 1 { "" } else { "s" },
                        req.args.len(),
                        if req.args.len() == 1 { "was" } else { "were" },
                    ),
                ));
                return None;
            }
            for (f, a) in formals.iter().zip(&req.args) {
                params.push((f.name.name.clone(), *a));
                if f.exact {
                    self.model.sigs[a.index()].forced_exact = true;
                }
            }
        }
        self.model.modules.push(ModuleInst {
            file: req.file,
            key: req.key.clone(),
            prefix: req.prefix.clone(),
            ast: req.ast.clone(),
            params,
            opens: Vec::new(),
            sigs: Vec::new(),
            funcs: Vec::new(),
            asserts: Vec::new(),
            facts: Vec::new(),
            macros: Vec::new(),
            names: HashMap::new(),
            is_stdlib: req.is_stdlib,
        });
        self.instances.insert(inst_key, id);
        self.loading.push(req.key.clone());

        // The root module's own parameters are ordinary sigs.
        if is_root {
            for f in &formals {
                self.declare_sig(id, &f.name, SigSpec::plain(f.name.span));
            }
        }
        self.declare_paragraphs(id, &req.ast, is_root);

        let mut implicit_opens: Vec<(SigId, Span)> = Vec::new();
        for p in &req.ast.paragraphs {
            if let Paragraph::Enum(e) = p {
                let sig = self.model.modules[id.index()]
                    .sigs
                    .iter()
                    .copied()
                    .find(|s| self.model.sig(*s).name == e.name.name);
                if let Some(s) = sig {
                    implicit_opens.push((s, e.span));
                }
            }
        }

        for open in req.ast.opens.iter() {
            self.open(id, open, req.dir.as_deref());
        }
        // `enum E {...}` opens util/ordering[E] (its order is the declaration order; the
        // elaborator pins it).
        for (sig, span) in implicit_opens {
            let alias = format!("{}$ordering", self.model.sig(sig).name);
            self.open_module(id, "util/ordering", vec![sig], alias, true, span, None);
        }
        // Like Alloy, every module sees util/integer as `integer` (its names take part in
        // overloading even though solder cannot evaluate them yet).
        let opens_integer = self.model.modules[id.index()]
            .opens
            .iter()
            .any(|e| e.alias == "integer");
        if req.key != "stdlib:util/integer" && !opens_integer {
            self.open_module(
                id,
                "util/integer",
                Vec::new(),
                "integer".into(),
                true,
                Span::default(),
                None,
            );
        }
        // Writing `seq X` opens util/sequniv as `seq`, as in Alloy: its functions
        // (`first`, `elems`, `add`, ...) take sequences.
        let opens_seq = self.model.modules[id.index()]
            .opens
            .iter()
            .any(|e| e.alias == "seq");
        if req.key != "stdlib:util/sequniv" && !opens_seq && ast::uses_seq(&req.ast) {
            self.open_module(
                id,
                "util/sequniv",
                Vec::new(),
                "seq".into(),
                false,
                Span::default(),
                None,
            );
        }
        self.loading.pop();
        Some(id)
    }

    fn open(&mut self, from: ModuleId, open: &ast::Open, dir: Option<&Path>) {
        let mut args = Vec::new();
        for a in &open.args {
            match self.resolve_sig_name(from, a) {
                Ok(s) => args.push(s),
                Err(d) => {
                    self.errors.push(d);
                    return;
                }
            }
        }
        let path = open.path.joined();
        let alias = match &open.alias {
            Some(a) => a.name.clone(),
            None => open.path.last().to_string(),
        };
        // One alias for two different modules is an error (the same module twice is fine).
        let same_key = |m: ModuleId, me: &Self| {
            let key = &me.model.modules[m.index()].key;
            key == &format!("stdlib:{path}") || key.ends_with(&format!("/{path}.als"))
        };
        if let Some(prev) = self.model.modules[from.index()]
            .opens
            .iter()
            .find(|e| e.alias == alias)
        {
            if same_key(prev.module, self)
                && self.model.modules[prev.module.index()]
                    .params
                    .iter()
                    .map(|p| p.1)
                    .eq(args.iter().copied())
            {
                return;
            }
            let prev_span = prev.span;
            self.errors.push(
                Diagnostic::error(
                    open.span,
                    format!("the alias `{alias}` is already used by another `open`"),
                )
                .with_note(prev_span, "first used here")
                .with_help("give one of them a different name with `as`"),
            );
            return;
        }
        self.open_module(from, &path, args, alias, open.private, open.span, dir);
    }

    #[allow(clippy::too_many_arguments)]
    fn open_module(
        &mut self,
        from: ModuleId,
        path: &str,
        args: Vec<SigId>,
        alias: String,
        private: bool,
        span: Span,
        dir: Option<&Path>,
    ) {
        let Some((key, file, file_dir, is_stdlib)) = self.find_module(from, path, span, dir) else {
            return;
        };
        let ast = match self.parse(file, &key) {
            Ok(a) => a,
            Err(Errors(ds)) => {
                self.errors.extend(ds);
                return;
            }
        };
        let from_prefix = self.model.modules[from.index()].prefix.clone();
        let prefix = if from_prefix.is_empty() {
            alias.clone()
        } else {
            format!("{from_prefix}/{alias}")
        };
        let target = self.instantiate(InstanceRequest {
            key,
            file,
            ast,
            dir: file_dir,
            prefix,
            args,
            span: Some(span),
            is_stdlib,
        });
        if let Some(t) = target {
            self.model.modules[from.index()].opens.push(OpenEdge {
                alias,
                module: t,
                private,
                span,
            });
        }
    }

    /// Find a module file: relative to the opener (adjusted by the depth of its `module`
    /// name, as Alloy does), then the bundled library.
    fn find_module(
        &mut self,
        from: ModuleId,
        path: &str,
        span: Span,
        dir: Option<&Path>,
    ) -> Option<(String, FileId, Option<PathBuf>, bool)> {
        if let Some(dir) = dir {
            let depth = self.model.modules[from.index()]
                .ast
                .header
                .as_ref()
                .map_or(1, |h| h.name.parts.len().max(1));
            let mut base = dir.to_path_buf();
            for _ in 1..depth {
                if let Some(p) = base.parent() {
                    base = p.to_path_buf();
                }
            }
            for candidate in [
                base.join(format!("{path}.als")),
                dir.join(format!("{path}.als")),
            ] {
                if candidate.is_file() {
                    let key = canonical_key(&candidate);
                    if let Some((file, _)) = self.parsed.get(&key) {
                        return Some((
                            key,
                            *file,
                            candidate.parent().map(Path::to_path_buf),
                            false,
                        ));
                    }
                    match crate::diagnostic::read_source(&candidate) {
                        Ok(text) => {
                            let file = self.sources.add(
                                candidate.display().to_string(),
                                Some(candidate.clone()),
                                text,
                            );
                            return Some((
                                key,
                                file,
                                candidate.parent().map(Path::to_path_buf),
                                false,
                            ));
                        }
                        Err(e) => {
                            self.errors.push(Diagnostic::error(span, e));
                            return None;
                        }
                    }
                }
            }
        }
        if let Some(text) = stdlib::source(path) {
            let key = format!("stdlib:{path}");
            if let Some((file, _)) = self.parsed.get(&key) {
                return Some((key, *file, None, true));
            }
            let file = self.sources.add(format!("<stdlib>/{path}.als"), None, text);
            return Some((key, file, None, true));
        }
        let mut d = Diagnostic::error(span, format!("cannot find module `{path}`"))
            .with_label("no such file next to this model, and no bundled module of that name");
        if let Some(s) = did_you_mean(path, stdlib::names()) {
            d = d.with_help(format!("did you mean `{s}`?"));
        }
        self.errors.push(d);
        None
    }

    fn declare_paragraphs(&mut self, id: ModuleId, ast: &ast::Module, is_root: bool) {
        let mut command_count = 0;
        for p in &ast.paragraphs {
            match p {
                Paragraph::Sig(decl) => {
                    let decl_arc = Arc::new(decl.clone());
                    for name in &decl.names {
                        let spec = SigSpec {
                            is_abstract: decl.qualifiers.abstract_.is_some(),
                            mult: if decl.qualifiers.one.is_some() {
                                Some(SigMult::One)
                            } else if decl.qualifiers.lone.is_some() {
                                Some(SigMult::Lone)
                            } else if decl.qualifiers.some.is_some() {
                                Some(SigMult::Some)
                            } else {
                                None
                            },
                            private: decl.qualifiers.private.is_some(),
                            span: name.span,
                            fact: decl.fact.clone().map(Arc::new),
                            decl: Some(decl_arc.clone()),
                        };
                        self.check_qualifiers(decl);
                        self.declare_sig(id, name, spec);
                    }
                }
                Paragraph::Enum(e) => {
                    let parent = self.declare_sig(
                        id,
                        &e.name,
                        SigSpec {
                            is_abstract: true,
                            private: e.private,
                            ..SigSpec::plain(e.name.span)
                        },
                    );
                    let mut values = Vec::new();
                    for v in &e.values {
                        if let Some(s) = self.declare_sig(
                            id,
                            v,
                            SigSpec {
                                mult: Some(SigMult::One),
                                private: e.private,
                                ..SigSpec::plain(v.span)
                            },
                        ) {
                            values.push(s);
                        }
                    }
                    if let Some(p) = parent {
                        for v in &values {
                            self.model.sigs[v.index()].kind = SigKind::Extends(p);
                        }
                        self.model.sigs[p.index()].enum_values = Some(values);
                    }
                }
                Paragraph::Fact(f) => {
                    if let Some(target) = outside_scope_target(&f.body) {
                        self.outside_scope.push((id, target));
                    }
                    self.model.modules[id.index()]
                        .facts
                        .push(self.model.facts.len());
                    self.model.facts.push(Fact {
                        name: f.name.as_ref().map(|n| n.name.clone()),
                        module: id,
                        body: Arc::new(f.body.clone()),
                        span: f.span,
                    });
                }
                Paragraph::Assert(a) => {
                    if let Some(n) = &a.name
                        && let Some(prev) = self.find_assert(id, &n.name)
                    {
                        self.errors.push(
                            Diagnostic::error(
                                n.span,
                                format!("there is already an assertion named `{}`", n.name),
                            )
                            .with_note(prev, "first defined here"),
                        );
                        continue;
                    }
                    let index = self.model.asserts.len();
                    self.model.modules[id.index()].asserts.push(index);
                    if let Some(n) = &a.name {
                        self.model.index_name(id, &n.name, Item::Assert(index));
                    }
                    self.model.asserts.push(Assert {
                        name: a.name.as_ref().map(|n| n.name.clone()),
                        module: id,
                        body: Arc::new(a.body.clone()),
                        span: a.span,
                    });
                }
                Paragraph::Pred(p) => {
                    let body = FuncBody::Pred(Arc::new(p.body.clone()));
                    self.declare_func(id, p.private, &p.receiver, &p.name, &p.params, body, p.span);
                }
                Paragraph::Fun(f) => {
                    let body = FuncBody::Fun {
                        result: Arc::new(f.result.clone()),
                        body: Arc::new(f.body.clone()),
                    };
                    self.declare_func(id, f.private, &f.receiver, &f.name, &f.params, body, f.span);
                }
                Paragraph::Macro(m) => {
                    let earlier =
                        self.model
                            .named_in(id, &m.name.name)
                            .iter()
                            .find_map(|i| match i {
                                Item::Macro(x) => Some(self.model.macros[*x].span),
                                _ => None,
                            });
                    if let Some(prev) = earlier {
                        self.errors.push(
                            Diagnostic::error(
                                m.name.span,
                                format!("there is already a macro named `{}`", m.name.name),
                            )
                            .with_note(prev, "first defined here"),
                        );
                        continue;
                    }
                    let index = self.model.macros.len();
                    self.model.modules[id.index()].macros.push(index);
                    self.model.macros.push(Macro {
                        name: m.name.name.clone(),
                        module: id,
                        private: m.private,
                        params: m.params.iter().map(|p| p.name.clone()).collect(),
                        body: Arc::new(m.body.clone()),
                        span: m.span,
                    });
                    self.model.index_name(id, &m.name.name, Item::Macro(index));
                }
                Paragraph::Command(c) => {
                    command_count += 1;
                    if is_root {
                        self.pending_command(c, command_count);
                    }
                }
            }
        }
    }

    fn check_qualifiers(&mut self, decl: &ast::SigDecl) {
        let q = &decl.qualifiers;
        let mults: Vec<Span> = [q.one, q.lone, q.some].into_iter().flatten().collect();
        if mults.len() > 1 {
            self.errors.push(Diagnostic::error(
                mults[1],
                "a sig can have at most one of `one`, `lone` and `some`",
            ));
        }
        if let (Some(a), Some(ast::SigParent::In(_) | ast::SigParent::Equal(_))) =
            (q.abstract_, &decl.parent)
        {
            self.errors.push(Diagnostic::error(
                a,
                "a subset sig (`in` or `=`) cannot be abstract",
            ));
        }
    }

    fn find_assert(&self, id: ModuleId, name: &str) -> Option<Span> {
        self.model.named_in(id, name).iter().find_map(|i| match i {
            Item::Assert(a) => Some(self.model.asserts[*a].span),
            _ => None,
        })
    }

    fn declare_sig(&mut self, id: ModuleId, name: &ast::Ident, spec: SigSpec) -> Option<SigId> {
        if name.name.contains('$') {
            self.errors.push(Diagnostic::error(
                name.span,
                "a name cannot contain the `$` symbol",
            ));
            return None;
        }
        if matches!(
            name.name.as_str(),
            "univ" | "Int" | "none" | "String" | "iden"
        ) {
            self.errors.push(Diagnostic::error(
                name.span,
                format!("`{}` is built in and cannot be declared", name.name),
            ));
            return None;
        }
        let module = &self.model.modules[id.index()];
        let clash = self
            .model
            .named_in(id, &name.name)
            .iter()
            .find_map(|i| match i {
                Item::Sig(s) => Some(self.model.sig(*s).span),
                _ => None,
            })
            .or_else(|| {
                module
                    .params
                    .iter()
                    .find(|(p, _)| *p == name.name)
                    .map(|_| module.ast.header.as_ref().map_or(name.span, |h| h.span))
            });
        if let Some(prev) = clash {
            self.errors.push(
                Diagnostic::error(
                    name.span,
                    format!(
                        "there is already a sig named `{}` in this module",
                        name.name
                    ),
                )
                .with_note(prev, "first declared here"),
            );
            return None;
        }
        let prefix = &module.prefix;
        let label = if prefix.is_empty() {
            name.name.clone()
        } else {
            format!("{prefix}/{}", name.name)
        };
        let sid = SigId(self.model.sigs.len() as u32);
        self.model.sigs.push(Sig {
            name: name.name.clone(),
            label,
            module: id,
            // Parents are resolved once every module is loaded.
            kind: SigKind::Top,
            is_abstract: spec.is_abstract,
            mult: spec.mult,
            private: spec.private,
            span: spec.span,
            fields: Vec::new(),
            children: Vec::new(),
            fact: spec.fact,
            enum_values: None,
            forced_exact: false,
            outside_scope: false,
            decl: spec.decl,
        });
        self.model.modules[id.index()].sigs.push(sid);
        self.model.index_name(id, &name.name, Item::Sig(sid));
        Some(sid)
    }
}

struct SigSpec {
    is_abstract: bool,
    mult: Option<SigMult>,
    private: bool,
    span: Span,
    fact: Option<Arc<ast::Block>>,
    decl: Option<Arc<ast::SigDecl>>,
}

impl SigSpec {
    fn plain(span: Span) -> SigSpec {
        SigSpec {
            is_abstract: false,
            mult: None,
            private: false,
            span,
            fact: None,
            decl: None,
        }
    }
}

impl Loader<'_> {
    #[allow(clippy::too_many_arguments)]
    fn declare_func(
        &mut self,
        id: ModuleId,
        private: bool,
        receiver: &Option<ast::QualName>,
        name: &ast::Ident,
        decls: &[ast::Decl],
        body: FuncBody,
        span: Span,
    ) {
        if name.name.contains('$') {
            self.errors.push(Diagnostic::error(
                name.span,
                "a name cannot contain the `$` symbol",
            ));
            return;
        }
        let mut params = Vec::new();
        if let Some(r) = receiver {
            params.push(Param {
                name: "this".into(),
                span: r.span,
                bound: Arc::new(ast::Expr::new(ast::ExprKind::Name(r.clone()), r.span)),
                disj_group: None,
            });
        }
        for (gi, d) in decls.iter().enumerate() {
            let bound = Arc::new(d.bound.clone());
            for n in &d.names {
                if let Some(prev) = params.iter().find(|p: &&Param| p.name == n.name) {
                    self.errors.push(
                        Diagnostic::error(
                            n.span,
                            format!("the parameter `{}` is declared twice", n.name),
                        )
                        .with_note(prev.span, "first declared here"),
                    );
                    continue;
                }
                params.push(Param {
                    name: n.name.clone(),
                    span: n.span,
                    bound: bound.clone(),
                    disj_group: d.disj.then_some(gi),
                });
            }
        }
        // Same name and same parameter bounds in one module: no call could choose.
        let bounds = |ps: &[Param]| -> Vec<String> {
            ps.iter()
                .map(|p| {
                    self.sources
                        .snippet(p.bound.span)
                        .split_whitespace()
                        .collect::<String>()
                })
                .collect()
        };
        let mine = bounds(&params);
        let twin = self
            .model
            .named_in(id, &name.name)
            .iter()
            .find_map(|i| match i {
                Item::Func(f) if bounds(&self.model.func(*f).params) == mine => Some(*f),
                _ => None,
            });
        if let Some(twin) = twin {
            let twin = self.model.func(twin);
            let what = |pred: bool| if pred { "pred" } else { "fun" };
            self.errors.push(
                Diagnostic::error(
                    name.span,
                    format!(
                        "`{}` is declared twice in this module with the same parameters",
                        name.name
                    ),
                )
                .with_label(format!("this {}", what(matches!(body, FuncBody::Pred(_)))))
                .with_note(
                    twin.name_span,
                    format!("the {} declared first", what(twin.is_pred())),
                )
                .with_help("rename one of them (overloads must differ in their parameters' types)"),
            );
            return;
        }
        let fid = FuncId(self.model.funcs.len() as u32);
        self.model.funcs.push(Func {
            name: name.name.clone(),
            module: id,
            private,
            params,
            body,
            span,
            name_span: name.span,
            param_types: Vec::new(),
        });
        self.model.modules[id.index()].funcs.push(fid);
        self.model.index_name(id, &name.name, Item::Func(fid));
    }

    fn pending_command(&mut self, c: &ast::Command, number: usize) {
        let kind_word = match c.kind {
            ast::CommandKind::Run => "run",
            ast::CommandKind::Check => "check",
        };
        let (label, body) = match &c.target {
            ast::CommandTarget::Name(n) => (n.last().to_string(), None),
            ast::CommandTarget::Block(name, block) => (
                name.as_ref()
                    .map_or_else(|| format!("{kind_word}${number}"), |n| n.name.clone()),
                Some(Arc::new(block.clone())),
            ),
        };
        let label = c.label.as_ref().map_or(label, |l| l.name.clone());
        self.model.commands.push(CommandDecl {
            label,
            kind: c.kind,
            // Named targets are resolved in `resolve_commands`.
            body: body.map_or(CommandBody::Assert(usize::MAX), CommandBody::Block),
            scope: c.scope.clone(),
            expect: c.expect.map(|(n, _)| n),
            span: c.span,
        });
        self.command_targets.push(match &c.target {
            ast::CommandTarget::Name(n) => Some(n.clone()),
            ast::CommandTarget::Block(..) => None,
        });
    }
}

impl Loader<'_> {
    /// A sig reference (`extends`/`in` parents, `open` arguments, scopes).
    fn resolve_sig_name(&self, from: ModuleId, name: &ast::QualName) -> Result<SigId, Diagnostic> {
        resolve_sig(&self.model, from, name)
    }

    /// Resolve `extends`/`in` parents, check the hierarchy, declare fields.
    fn resolve_hierarchy(&mut self) {
        let n = self.model.sigs.len();
        for i in BUILTIN_COUNT as usize..n {
            let sid = SigId(i as u32);
            let sig = &self.model.sigs[i];
            let Some(decl) = sig.decl.clone() else {
                continue;
            };
            let module = sig.module;
            let kind = match &decl.parent {
                None => SigKind::Top,
                Some(ast::SigParent::Extends(p)) => match self.resolve_sig_name(module, p) {
                    Ok(ps) => {
                        let parent = self.model.sig(ps);
                        if matches!(parent.kind, SigKind::Subset { .. }) {
                            self.errors.push(Diagnostic::error(
                                p.span,
                                format!("cannot extend the subset sig `{}`; `extends` needs a sig declared with `sig` or `extends`", parent.label),
                            ));
                            continue;
                        }
                        match ps {
                            UNIV => SigKind::Top,
                            NONE | INT | STRING | SEQ_INT => {
                                self.errors.push(Diagnostic::error(
                                    p.span,
                                    format!("cannot extend the built-in `{}`", parent.label),
                                ));
                                continue;
                            }
                            _ => SigKind::Extends(ps),
                        }
                    }
                    Err(d) => {
                        self.errors.push(d);
                        continue;
                    }
                },
                Some(ast::SigParent::In(ps)) | Some(ast::SigParent::Equal(ps)) => {
                    let equal = matches!(decl.parent, Some(ast::SigParent::Equal(_)));
                    let mut parents = Vec::new();
                    for p in ps {
                        match self.resolve_sig_name(module, p) {
                            Ok(s) if s == NONE => {
                                self.errors.push(Diagnostic::error(
                                    p.span,
                                    "a subset sig cannot be a subset of `none`",
                                ));
                            }
                            Ok(s) => parents.push(s),
                            Err(d) => self.errors.push(d),
                        }
                    }
                    if parents.is_empty() {
                        continue;
                    }
                    SigKind::Subset { parents, equal }
                }
            };
            self.model.sigs[sid.index()].kind = kind;
        }
        // Cycles (`sig A extends B`, `sig B extends A`, or through `in`).
        let on_cycle = self.sigs_on_cycles();
        for (i, cyclic) in on_cycle
            .into_iter()
            .enumerate()
            .skip(BUILTIN_COUNT as usize)
        {
            if cyclic {
                let s = &self.model.sigs[i];
                self.errors.push(Diagnostic::error(
                    s.span,
                    format!("the sig `{}` is its own ancestor", s.label),
                ));
            }
        }
        if !self.errors.is_empty() {
            return;
        }
        for i in BUILTIN_COUNT as usize..n {
            if let SigKind::Extends(p) = self.model.sigs[i].kind {
                self.model.sigs[p.index()].children.push(SigId(i as u32));
            }
        }
        for (module, name) in std::mem::take(&mut self.outside_scope) {
            match self.resolve_sig_name(module, &name) {
                Ok(s)
                    if self.model.sig(s).mult == Some(SigMult::One)
                        && matches!(self.model.sig(s).kind, SigKind::Extends(_)) =>
                {
                    self.model.sigs[s.index()].outside_scope = true;
                }
                Ok(_) => self.errors.push(Diagnostic::error(
                    name.span,
                    "`pred/outsideScope` applies to a `one sig` that extends another sig",
                )),
                Err(d) => self.errors.push(d),
            }
        }
        // Fields, in declaration order.
        for i in BUILTIN_COUNT as usize..n {
            let sid = SigId(i as u32);
            let Some(decl) = self.model.sigs[i].decl.clone() else {
                continue;
            };
            for d in &decl.fields {
                let d_arc = Arc::new(d.clone());
                for name in &d.names {
                    if name.name.contains('$') {
                        self.errors.push(Diagnostic::error(
                            name.span,
                            "a name cannot contain the `$` symbol",
                        ));
                        continue;
                    }
                    let module = self.model.sigs[i].module;
                    // Through the shorter list: the sig's fields, or the module's items
                    // of this name (20,000 sigs with a field `f` each, or one sig with
                    // 20,000 fields).
                    let named = self.model.named_in(module, &name.name);
                    let own = &self.model.sigs[i].fields;
                    let earlier = if own.len() <= named.len() {
                        own.iter()
                            .map(|f| self.model.field(*f))
                            .find(|f| f.name == name.name)
                            .map(|f| f.span)
                    } else {
                        named.iter().find_map(|item| match item {
                            Item::Field(f) if self.model.field(*f).sig == sid => {
                                Some(self.model.field(*f).span)
                            }
                            _ => None,
                        })
                    };
                    if let Some(prev) = earlier {
                        self.errors.push(
                            Diagnostic::error(
                                name.span,
                                format!(
                                    "the sig `{}` already has a field named `{}`",
                                    self.model.sigs[i].label, name.name
                                ),
                            )
                            .with_note(prev, "first declared here"),
                        );
                        continue;
                    }
                    let fid = FieldId(self.model.fields.len() as u32);
                    self.model.fields.push(Field {
                        name: name.name.clone(),
                        sig: sid,
                        private: d.private,
                        span: name.span,
                        decl: d_arc.clone(),
                        ty: Type::empty(0),
                    });
                    self.model.sigs[i].fields.push(fid);
                    self.model.index_name(module, &name.name, Item::Field(fid));
                }
            }
        }
        // A field name may repeat only in sigs whose atoms cannot overlap.
        for (a, b) in self.same_name_field_pairs() {
            let (fa, fb) = (self.model.field(a), self.model.field(b));
            let pa = self.model.prim_parents(fa.sig);
            let pb = self.model.prim_parents(fb.sig);
            let overlap = pa.iter().any(|x| {
                pb.iter()
                    .any(|y| self.model.descends(*x, *y) || self.model.descends(*y, *x))
            });
            if overlap {
                let (sa, sb) = (fa.span, fb.span);
                self.errors.push(
                    Diagnostic::error(
                        sb,
                        format!(
                            "the field name `{}` is already used by an overlapping sig",
                            fb.name
                        ),
                    )
                    .with_note(sa, "the other field"),
                );
            }
        }
    }

    /// The pairs of fields (in id order) with one name in one module whose sigs might
    /// overlap: those under a common top-level sig (or `univ`). Comparing every pair of
    /// fields instead was quadratic in the number of fields.
    fn same_name_field_pairs(&self) -> Vec<(FieldId, FieldId)> {
        let model = &self.model;
        let mut pairs: Vec<(FieldId, FieldId)> = Vec::new();
        for module in &model.modules {
            for items in module.names.values() {
                let mut under: HashMap<SigId, Vec<FieldId>> = HashMap::new();
                let mut everywhere: Vec<FieldId> = Vec::new();
                let mut all: Vec<FieldId> = Vec::new();
                for item in items {
                    let Item::Field(f) = *item else { continue };
                    all.push(f);
                    let mut tops: Vec<SigId> = model
                        .prim_parents(model.field(f).sig)
                        .into_iter()
                        .map(|p| model.top_of(p))
                        .collect();
                    tops.sort_unstable();
                    tops.dedup();
                    if tops.iter().any(|t| t.0 < BUILTIN_COUNT) {
                        everywhere.push(f);
                    } else {
                        for t in tops {
                            under.entry(t).or_default().push(f);
                        }
                    }
                }
                for fields in under.values() {
                    for (k, &a) in fields.iter().enumerate() {
                        for &b in &fields[k + 1..] {
                            pairs.push((a.min(b), a.max(b)));
                        }
                    }
                }
                for &a in &everywhere {
                    for &b in &all {
                        if a != b {
                            pairs.push((a.min(b), a.max(b)));
                        }
                    }
                }
            }
        }
        pairs.sort_unstable();
        pairs.dedup();
        pairs
    }

    /// Which sigs are their own ancestors: the strongly connected components of the
    /// parent relation with a cycle in them (Tarjan's algorithm, without recursion, so
    /// that a long chain of `extends` costs linear time and no native stack).
    fn sigs_on_cycles(&self) -> Vec<bool> {
        let n = self.model.sigs.len();
        let parents: Vec<Vec<SigId>> = (0..n).map(|i| self.parents_of(SigId(i as u32))).collect();
        const UNVISITED: usize = usize::MAX;
        let mut index = vec![UNVISITED; n];
        let mut low = vec![0; n];
        let mut on_stack = vec![false; n];
        let mut stack: Vec<usize> = Vec::new();
        let mut on_cycle = vec![false; n];
        let mut next = 0;
        for root in 0..n {
            if index[root] != UNVISITED {
                continue;
            }
            // (node, how many of its parents have been followed)
            let mut work: Vec<(usize, usize)> = vec![(root, 0)];
            index[root] = next;
            low[root] = next;
            next += 1;
            stack.push(root);
            on_stack[root] = true;
            while let Some(&mut (v, ref mut k)) = work.last_mut() {
                if let Some(p) = parents[v].get(*k) {
                    *k += 1;
                    let p = p.index();
                    if index[p] == UNVISITED {
                        index[p] = next;
                        low[p] = next;
                        next += 1;
                        stack.push(p);
                        on_stack[p] = true;
                        work.push((p, 0));
                    } else if on_stack[p] {
                        low[v] = low[v].min(index[p]);
                    }
                    continue;
                }
                work.pop();
                if let Some(&(u, _)) = work.last() {
                    low[u] = low[u].min(low[v]);
                }
                if low[v] == index[v] {
                    let mut component = Vec::new();
                    loop {
                        let w = stack.pop().expect("v is on the stack");
                        on_stack[w] = false;
                        component.push(w);
                        if w == v {
                            break;
                        }
                    }
                    let cyclic = component.len() > 1 || parents[v].iter().any(|p| p.index() == v);
                    for w in component {
                        on_cycle[w] = cyclic;
                    }
                }
            }
        }
        on_cycle
    }

    fn parents_of(&self, s: SigId) -> Vec<SigId> {
        match &self.model.sig(s).kind {
            SigKind::Extends(p) => vec![*p],
            SigKind::Subset { parents, .. } => parents.clone(),
            _ => Vec::new(),
        }
    }

    fn resolve_commands(&mut self) {
        let root = ModuleId(0);
        for (i, target) in std::mem::take(&mut self.command_targets)
            .into_iter()
            .enumerate()
        {
            let Some(name) = target else { continue };
            let is_check = self.model.commands[i].kind == ast::CommandKind::Check;
            // `run p` / `check a` do not overload: the root module first, then the rest.
            let mut found: Vec<super::names::Item> =
                super::names::items_in(&self.model, root, name.last(), root)
                    .into_iter()
                    .filter(|it| match it {
                        super::names::Item::Func(_) => !is_check,
                        super::names::Item::Assert(_) => is_check,
                        _ => false,
                    })
                    .collect();
            if found.is_empty() || name.parts.len() > 1 {
                found = super::names::lookup(&self.model, root, &name.parts)
                    .into_iter()
                    .filter(|it| match it {
                        super::names::Item::Func(_) => !is_check,
                        super::names::Item::Assert(_) => is_check,
                        _ => false,
                    })
                    .collect();
            }
            match found.as_slice() {
                [super::names::Item::Func(f)] => {
                    self.model.commands[i].body = CommandBody::Pred(*f)
                }
                [super::names::Item::Assert(a)] => {
                    self.model.commands[i].body = CommandBody::Assert(*a)
                }
                [] => {
                    let what = if is_check { "assertion" } else { "pred or fun" };
                    let mut d = Diagnostic::error(
                        name.span,
                        format!("there is no {what} named `{}`", name.joined()),
                    );
                    // The user's own names first: a library's `first` should not
                    // shadow their `myFirst`.
                    let candidates = |own: bool| -> Vec<String> {
                        if is_check {
                            self.model
                                .asserts
                                .iter()
                                .filter(|a| !own || a.module == root)
                                .filter_map(|a| a.name.clone())
                                .collect()
                        } else {
                            self.model
                                .funcs
                                .iter()
                                .filter(|f| !own || f.module == root)
                                .map(|f| f.name.clone())
                                .collect()
                        }
                    };
                    let suggestion = [true, false].into_iter().find_map(|own| {
                        did_you_mean(name.last(), candidates(own).iter().map(|s| s.as_str()))
                    });
                    if let Some(s) = suggestion {
                        d = d.with_help(format!("did you mean `{s}`?"));
                    }
                    self.errors.push(d);
                }
                _ => {
                    self.errors.push(Diagnostic::error(
                        name.span,
                        format!(
                            "the name `{}` is ambiguous: several preds or funs have it",
                            name.joined()
                        ),
                    ));
                }
            }
        }
    }
}

/// Resolve a name that must denote a sig (including builtins and module parameters).
pub fn resolve_sig(
    model: &Model,
    from: ModuleId,
    name: &ast::QualName,
) -> Result<SigId, Diagnostic> {
    let joined = name.joined();
    match joined.as_str() {
        "univ" => return Ok(UNIV),
        "none" => return Ok(NONE),
        "Int" => return Ok(INT),
        "String" => return Ok(STRING),
        "seq/Int" => return Ok(SEQ_INT),
        _ => {}
    }
    let sigs: Vec<SigId> = super::names::lookup(model, from, &name.parts)
        .into_iter()
        .filter_map(|it| match it {
            super::names::Item::Sig(s) => Some(s),
            _ => None,
        })
        .collect();
    match sigs.as_slice() {
        [s] => Ok(*s),
        [] => {
            let mut d = Diagnostic::error(name.span, format!("there is no sig named `{joined}`"));
            let sigs_of = |m: ModuleId| -> Vec<String> {
                model
                    .module(m)
                    .sigs
                    .iter()
                    .map(|s| model.sig(*s).name.clone())
                    .collect()
            };
            // The module's own sigs first, then the ones it opens.
            let own = sigs_of(from);
            let names: Vec<String> = super::names::nameable(model, from)
                .into_iter()
                .flat_map(sigs_of)
                .collect();
            let suggestion = did_you_mean(name.last(), own.iter().map(|s| s.as_str()))
                .or_else(|| did_you_mean(name.last(), names.iter().map(|s| s.as_str())));
            if let Some(s) = suggestion {
                d = d.with_help(format!("did you mean `{s}`?"));
            }
            Err(d)
        }
        many => {
            let labels: Vec<String> = many
                .iter()
                .map(|s| format!("`{}`", model.sig(*s).label))
                .collect();
            Err(Diagnostic::error(
                name.span,
                format!(
                    "the sig name `{joined}` is ambiguous: it could be {}",
                    labels.join(" or ")
                ),
            )
            .with_help("qualify it with the module alias, e.g. `alias/Name`"))
        }
    }
}

/// The sig of a fact that is exactly `pred/outsideScope[S]`.
fn outside_scope_target(body: &ast::Block) -> Option<ast::QualName> {
    let [e] = body.exprs.as_slice() else {
        return None;
    };
    let ast::ExprKind::Box(head, args) = &e.kind else {
        return None;
    };
    let ast::ExprKind::Name(q) = &head.kind else {
        return None;
    };
    if q.parts != ["pred", "outsideScope"] {
        return None;
    }
    match args.as_slice() {
        [a] => match &a.kind {
            ast::ExprKind::Name(s) => Some(s.clone()),
            _ => None,
        },
        _ => None,
    }
}
