//! Modules: parsing files, following `open`s (found beside the opener or in the embedded
//! standard library) and instantiating parametric modules once per argument list.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::check::model::*;
use crate::check::stdlib;
use crate::diagnostic::{Diagnostic, Errors, FileId, Span, did_you_mean};
use crate::syntax::ast::{self, Paragraph};

use super::declare::SigSpec;
use super::{InstanceRequest, Loader};

/// The longest chain of modules opening one another.
const MAX_OPEN_DEPTH: usize = 500;

pub(super) fn canonical_key(path: &Path) -> String {
    std::fs::canonicalize(path)
        .unwrap_or_else(|_| path.to_path_buf())
        .display()
        .to_string()
}

impl Loader<'_> {
    pub(super) fn add_builtins(&mut self) {
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
    pub(super) fn parse(&mut self, file: FileId, key: &str) -> Result<Arc<ast::Module>, Errors> {
        if let Some((_, ast)) = self.parsed.get(key) {
            return Ok(ast.clone());
        }
        let ast = crate::syntax::parse_module(self.sources.text(file), file).map_err(Errors)?;
        let ast = Arc::new(ast);
        self.parsed.insert(key.to_string(), (file, ast.clone()));
        Ok(ast)
    }
    pub(super) fn instantiate(&mut self, req: InstanceRequest) -> Option<ModuleId> {
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
}
