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
        let started = std::time::Instant::now();
        let reuse = REUSE_BUNDLED_PARSES.load(std::sync::atomic::Ordering::Relaxed);
        let ast = if reuse && self.sources.is_bundled(file) {
            bundled_parse(
                self.sources.get(file).name.as_str(),
                self.sources.text(file),
                file,
            )
        } else {
            crate::syntax::parse_module(self.sources.text(file), file).map(Arc::new)
        };
        self.parse_time += started.elapsed();
        let ast = ast.map_err(Errors)?;
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
            let module_name = self.model.modules[from.index()]
                .ast
                .header
                .as_ref()
                .map(|h| h.name.joined())
                .unwrap_or_default();
            let depth = module_name.split('/').count().max(1);
            let mut base = dir.to_path_buf();
            for _ in 1..depth {
                if let Some(p) = base.parent() {
                    base = p.to_path_buf();
                }
            }
            for candidate in [
                module_relative_path(&module_name, dir, path),
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
            let file = self
                .sources
                .add_bundled(format!("<stdlib>/{path}.als"), text);
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

/// Where Alloy looks first for module `target` opened by module `opener` (its `module`
/// name; empty without a header) whose file lies in `dir`: the leading path segments the
/// two names share are dropped, and the rest of `target` is taken from the folder that
/// the rest of `opener`'s name implies. So `examples/algorithms/ringlead` opening
/// `examples/algorithms/messaging` finds `messaging.als` beside itself, and `main`
/// opening `sub/test` finds `sub/test.als` below its folder.
fn module_relative_path(opener: &str, dir: &Path, target: &str) -> PathBuf {
    let mut opener: Vec<&str> = if opener.is_empty() {
        vec!["anything"]
    } else {
        opener.split('/').collect()
    };
    let mut target: Vec<&str> = target.split('/').collect();
    while opener.len() > 1 && target.len() > 1 && opener[0] == target[0] {
        opener.remove(0);
        target.remove(0);
    }
    let mut base = dir.to_path_buf();
    for _ in 1..opener.len() {
        if let Some(p) = base.parent() {
            base = p.to_path_buf();
        }
    }
    base.join(format!("{}.als", target.join("/")))
}

/// Whether bundled modules' parses are shared across loads (`bundled_parse`); off,
/// every load parses them again (the tests compare the two).
pub static REUSE_BUNDLED_PARSES: std::sync::atomic::AtomicBool =
    std::sync::atomic::AtomicBool::new(true);

/// The parse of a bundled module (the standard library), shared by every load in the
/// process that gave it the same file id: the REPL checks its whole session on every
/// input and would parse `open isolation`'s ~900 lines each time. Keyed by the file id
/// too, because the tree's spans name it.
fn bundled_parse(
    name: &str,
    text: &str,
    file: FileId,
) -> Result<Arc<ast::Module>, Vec<Diagnostic>> {
    use std::sync::{Mutex, OnceLock};
    type Cache = Mutex<HashMap<(String, FileId), Arc<ast::Module>>>;
    static PARSED: OnceLock<Cache> = OnceLock::new();
    let cache = PARSED.get_or_init(Default::default);
    let key = (name.to_string(), file);
    if let Some(ast) = cache.lock().ok().and_then(|c| c.get(&key).cloned()) {
        return Ok(ast);
    }
    let ast = Arc::new(crate::syntax::parse_module(text, file)?);
    if let Ok(mut c) = cache.lock() {
        // Ids differ between source maps that open modules in different orders; a
        // bounded cache keeps a long fuzzing run from collecting every combination.
        if c.len() >= 256 {
            c.clear();
        }
        c.insert(key, ast.clone());
    }
    Ok(ast)
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::Ordering;

    use crate::check::{self, Checked, RootSource};
    use crate::diagnostic::SourceMap;

    const MODEL: &str = "open isolation\nopen util/ordering[Txn] as txnOrder\n\
        run { some t: Txn | t != txnOrder/first } for 3\n";

    fn load(sources: &mut SourceMap) -> Checked {
        let root = RootSource::Text {
            name: "m.als".into(),
            text: MODEL.into(),
            dir: None,
        };
        check::load(sources, root).unwrap_or_else(|e| panic!("{}", sources.render(&e.0, false)))
    }

    /// What a load produced, without the name tables (hash maps print in any order).
    fn shape(c: &Checked) -> String {
        let m = &c.model;
        format!(
            "{:?}{:?}{:?}{:?}{:?}{:?}",
            m.sigs, m.fields, m.funcs, m.facts, m.asserts, m.commands
        )
    }

    #[test]
    fn shared_library_parses_load_what_fresh_ones_do() {
        super::REUSE_BUNDLED_PARSES.store(false, Ordering::Relaxed);
        let fresh = shape(&load(&mut SourceMap::new()));
        super::REUSE_BUNDLED_PARSES.store(true, Ordering::Relaxed);
        let first = shape(&load(&mut SourceMap::new()));
        let again = shape(&load(&mut SourceMap::new()));
        assert_eq!(fresh, first);
        assert_eq!(fresh, again);
        // A map that numbers the library's texts differently gets spans into its own.
        let shifted = |reuse: bool| {
            super::REUSE_BUNDLED_PARSES.store(reuse, Ordering::Relaxed);
            let mut sources = SourceMap::new();
            sources.add("another.als", None, "sig A {}");
            let s = shape(&load(&mut sources));
            super::REUSE_BUNDLED_PARSES.store(true, Ordering::Relaxed);
            s
        };
        assert_eq!(shifted(false), shifted(true));
        // One map loading again (as the REPL does on every input) keeps the library's
        // texts once, and the library's definitions come out the same, spans and all.
        let library = |c: &Checked| {
            let m = &c.model;
            let funcs: Vec<String> = m
                .funcs
                .iter()
                .filter(|f| m.module(f.module).is_stdlib)
                .map(|f| format!("{f:?}"))
                .collect();
            assert!(funcs.len() > 20, "the isolation library's preds");
            funcs
        };
        let mut sources = SourceMap::new();
        let once = library(&load(&mut sources));
        let files = sources.file_count();
        let twice = library(&load(&mut sources));
        assert_eq!(once, twice);
        assert_eq!(
            sources.file_count(),
            files + 1,
            "only the root text is added again"
        );
    }
}
