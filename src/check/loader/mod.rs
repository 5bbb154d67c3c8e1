//! Loading: parse the root file and everything it opens, instantiate parametric modules,
//! declare every sig, field, pred, fun, fact, assertion, macro and command, and resolve
//! the sig hierarchy. Bodies are not looked at here.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use crate::diagnostic::{Diagnostic, Errors, FileId, SourceMap, Span};
use crate::syntax::ast;

use super::model::*;

mod declare;
mod meta;
mod modules;
mod resolve;

use modules::canonical_key;

pub use resolve::resolve_sig;

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

/// The model, and how long parsing its files took (part of loading).
pub fn load(sources: &mut SourceMap, root: RootSource) -> Result<(Model, Duration), Errors> {
    let mut loader = Loader {
        sources,
        parse_time: Duration::ZERO,
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
            meta: None,
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
        if loader.errors.is_empty() && loader.mentions_meta() {
            loader.add_meta_model();
        }
    }
    if loader.errors.is_empty() {
        loader.resolve_commands();
    }
    if !loader.errors.is_empty() {
        return Err(Errors(loader.errors));
    }
    Ok((loader.model, loader.parse_time))
}

struct Loader<'s> {
    sources: &'s mut SourceMap,
    /// Spent in the parser (for `--stats`).
    parse_time: Duration,
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
