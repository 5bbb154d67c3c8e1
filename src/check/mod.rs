//! Names, types and elaboration: from syntax trees to a core-logic problem with bounds.
//!
//! - `loader`: files, `open`s and module instances; declares every item; sig hierarchy.
//! - `names`: name lookup across modules (aliases, visibility).
//! - `types`: Alloy's relation types, for overloading and arity errors.
//! - `elaborate`: expressions and formulas to core logic, inlining preds/funs/macros.
//! - `command`: scopes, atoms and bounds for one command; the problem and how to show it.

pub mod command;
pub mod core_parts;
pub mod elaborate;
pub mod layout;
pub mod loader;
pub mod model;
pub mod names;
pub mod presentation;
pub mod stdlib;
pub mod types;

use std::time::{Duration, Instant};

use crate::diagnostic::{Diagnostic, Errors, SourceMap};

use elaborate::{ElabError, Elaborator, Env};
use layout::Layout;
use model::{FieldId, FuncBody, FuncId, Model, ModuleId};

pub use command::CommandProblem;
pub use loader::RootSource;

/// A loaded and checked model, ready to build commands from.
#[derive(Debug)]
pub struct Checked {
    pub model: Model,
    pub layout: Layout,
    pub times: LoadTimes,
}

/// Where loading a model spent its time (for `--stats`).
#[derive(Clone, Copy, Debug, Default)]
pub struct LoadTimes {
    /// Parsing every file, the opened library modules included.
    pub parse: Duration,
    /// Instantiating modules, declaring names, the sig hierarchy and commands' targets.
    pub resolve: Duration,
    /// Checking every declaration and body (types, arities, elaboration).
    pub elaborate: Duration,
}

/// Load a model with everything it opens and check every declaration and body.
pub fn load(sources: &mut SourceMap, root: RootSource) -> Result<Checked, Errors> {
    let started = Instant::now();
    let (mut model, parse) = loader::load(sources, root)?;
    let resolve = started.elapsed().saturating_sub(parse);
    let started = Instant::now();
    let layout = Layout::new(&model);
    let mut errors: Vec<Diagnostic> = Vec::new();
    let (field_types, warnings) = {
        let elab = Elaborator::new(&model, &layout);
        // Literals are warned about against the widest bitwidth any command uses.
        let widest = model
            .commands
            .iter()
            .filter_map(|c| command::bitwidth_of(&model, c))
            .max()
            .unwrap_or(command::DEFAULT_BITWIDTH);
        elab.literal_bitwidth.set((widest > 0).then_some(widest));
        check_bodies(&elab, &mut errors);
        let types = (0..model.fields.len())
            .map(|f| elab.field_type(FieldId(f as u32)).ok())
            .collect::<Vec<_>>();
        (types, elab.warnings.take())
    };
    for w in warnings {
        if !model.warnings.contains(&w) {
            model.warnings.push(w);
        }
    }
    if !errors.is_empty() {
        return Err(Errors(errors));
    }
    for (f, t) in field_types.into_iter().enumerate() {
        if let Some(t) = t {
            model.fields[f].ty = t;
        }
    }
    let times = LoadTimes {
        parse,
        resolve,
        elaborate: started.elapsed(),
    };
    Ok(Checked {
        model,
        layout,
        times,
    })
}

/// Elaborate everything once to report errors early, each once.
fn check_bodies(elab: &Elaborator, errors: &mut Vec<Diagnostic>) {
    let model = elab.model;
    let mut report = |r: Result<(), ElabError>| {
        if let Err(e) = r
            && !errors.contains(&e.diag)
        {
            errors.push(*e.diag);
        }
    };
    for f in 0..model.fields.len() {
        report(elab.field_constraints(FieldId(f as u32)).map(|_| ()));
    }
    for (i, sig) in model.sigs.iter().enumerate() {
        if let Some(block) = &sig.fact {
            let s = model::SigId(i as u32);
            let r = command::sig_fact(elab, s, block).map(|_| ());
            report(r);
        }
    }
    for fact in &model.facts {
        report(elab.block(&fact.body, &Env::new(fact.module)).map(|_| ()));
    }
    for (i, func) in model.funcs.iter().enumerate() {
        if model.module(func.module).is_stdlib {
            continue;
        }
        let fid = FuncId(i as u32);
        let r = elab
            .param_decls(fid)
            .and_then(|(_, _, env)| match &func.body {
                FuncBody::Pred(b) => elab.block(b, &env).map(|_| ()),
                FuncBody::Fun { body, .. } => elab
                    .expr(body, &env)
                    .and_then(|v| elab.fun_result_constraint(fid, &v, &env, func.span))
                    .map(|_| ()),
            });
        report(r);
    }
    for a in &model.asserts {
        if model.module(a.module).is_stdlib {
            continue;
        }
        report(elab.block(&a.body, &Env::new(a.module)).map(|_| ()));
    }
    for c in &model.commands {
        if let model::CommandBody::Block(b) = &c.body {
            report(elab.block(b, &Env::new(ModuleId(0))).map(|_| ()));
        }
    }
}

impl Checked {
    pub fn build_command(&self, index: usize) -> Result<CommandProblem, Errors> {
        command::build(
            &self.model,
            &self.layout,
            index,
            &command::BuildOptions::default(),
        )
    }

    /// `build_command` with explicit options (a cap on primary variables, bounds).
    pub fn build_command_with(
        &self,
        index: usize,
        opts: &command::BuildOptions,
    ) -> Result<CommandProblem, Errors> {
        command::build(&self.model, &self.layout, index, opts)
    }

    /// Find a command by label or 1-based number.
    pub fn find_command(&self, key: &str) -> Option<usize> {
        if let Ok(n) = key.parse::<usize>() {
            return (n >= 1 && n <= self.model.commands.len()).then(|| n - 1);
        }
        self.model.commands.iter().position(|c| c.label == key)
    }
}
