//! The library API the CLI and the REPL share: load a model, solve a command, verify and
//! render the answer. Nothing here prints; callers decide what to show.

use std::time::{Duration, Instant};

use crate::check::{self, Checked, CommandProblem, RootSource};
use crate::diagnostic::{Diagnostic, Errors, SourceMap};
use crate::instance::evaluate::{Oracle, Search, eval_formula_hinted, eval_formula_on_trace};
use crate::instance::{Instance, Trace};
use crate::logic::skolem::skolemize_with_witnesses;
use crate::logic::temporal::{Unrolled, unroll};
use crate::logic::{Bounds, Expr, Formula, Problem, RelId, RelationKind, TupleSet};
use crate::solve::{Outcome, SolveError, SolveOptions, SolveStats, Solver, cegis};
use crate::syntax::ast::CommandKind;

/// Options for solving commands.
#[derive(Clone, Debug)]
pub struct RunOptions {
    pub solve: SolveOptions,
    /// Re-check every instance with the independent evaluator before reporting it.
    pub verify: bool,
    /// Refuse commands with more primary variables than this (`--max-vars`).
    pub max_vars: u64,
    /// Alloy's "prevent overflows": exclude instances in which arithmetic overflows
    /// (`--no-overflow`); otherwise integers wrap around.
    pub prevent_overflow: bool,
    /// Bound fields by their declarations, not only their types (`--no-tight-bounds`).
    pub tight_field_bounds: bool,
    /// Give scoped children of a sig atoms of their own when they fit
    /// (`--no-child-blocks`).
    pub child_blocks: bool,
}

impl Default for RunOptions {
    fn default() -> RunOptions {
        RunOptions {
            solve: SolveOptions::default(),
            verify: true,
            max_vars: check::command::DEFAULT_MAX_VARS,
            prevent_overflow: false,
            tight_field_bounds: true,
            child_blocks: true,
        }
    }
}

/// The problem of a command under the run's options.
fn build_command(
    checked: &Checked,
    index: usize,
    opts: &RunOptions,
) -> Result<CommandProblem, Errors> {
    let build = check::command::BuildOptions {
        max_vars: opts.max_vars,
        tight_field_bounds: opts.tight_field_bounds,
        child_blocks: opts.child_blocks,
    };
    let mut command = checked.build_command_with(index, &build)?;
    if opts.prevent_overflow {
        let ints = checked.layout.sig_value[check::model::INT.index()].clone();
        command.problem.formula =
            crate::logic::overflow::prevent_overflow(&command.problem.formula, &ints);
    }
    Ok(command)
}

pub fn load_file(sources: &mut SourceMap, path: &std::path::Path) -> Result<Checked, Errors> {
    check::load(sources, RootSource::File(path.to_path_buf()))
}

/// The answer to one command, with the means to ask for more instances.
pub struct CommandRun {
    pub command: CommandProblem,
    solver: Solver,
    opts: SolveOptions,
    pub outcome: Outcome,
    /// How many instances have been produced so far.
    pub instances_seen: usize,
    pub elapsed: Duration,
    /// How the model was loaded (parse, resolve, elaborate), for `--stats`.
    pub load: check::LoadTimes,
    /// Time spent building the problem: the command's formula and bounds (part of
    /// `elapsed`).
    pub build: Duration,
    /// Time spent re-checking instances with the evaluator (part of `elapsed`).
    pub recheck: Duration,
    verify: bool,
    /// The instance was shrunk: the solver can give no further ones.
    pub shrunk: bool,
    /// For a temporal command: the problem unrolled to the trace length being solved.
    unrolled: Option<Unrolled>,
    /// For a temporal command's instance: its states and loop.
    pub trace: Option<Trace>,
    /// Traces shown before the current one, of its configuration (`next trace` leaves
    /// them out).
    shown_traces: Vec<Trace>,
}

impl CommandRun {
    /// Translate and solve a command.
    pub fn start(checked: &Checked, index: usize, opts: &RunOptions) -> Result<CommandRun, Errors> {
        let started = Instant::now();
        let command = build_command(checked, index, opts)?;
        let build = started.elapsed();
        let mut solve_opts = opts.solve.clone();
        solve_opts.skolem_prefix = command.skolem_prefix.clone();
        if command.temporal.is_some() {
            return CommandRun::start_temporal(checked, command, solve_opts, opts, started, build);
        }
        let solver =
            Solver::new(&command.problem, &solve_opts).map_err(|e| solve_error(&command, e))?;
        let mut run = CommandRun {
            command,
            solver,
            opts: solve_opts,
            outcome: Outcome::Unsat,
            instances_seen: 0,
            elapsed: Duration::ZERO,
            load: checked.times,
            build,
            recheck: Duration::ZERO,
            verify: opts.verify,
            shrunk: false,
            unrolled: None,
            trace: None,
            shown_traces: Vec::new(),
        };
        run.advance()?;
        run.elapsed = started.elapsed();
        Ok(run)
    }

    /// A temporal command: traces of each length from the shortest, until one has an
    /// instance (as Alloy 6 does, so the first trace found is a shortest one). A lasso of
    /// `n` states is also one of `n + 1` (its loop unrolled once more), so "none within
    /// the longest" is the verdict for every length.
    fn start_temporal(
        checked: &Checked,
        command: CommandProblem,
        solve_opts: SolveOptions,
        opts: &RunOptions,
        started: Instant,
        build: Duration,
    ) -> Result<CommandRun, Errors> {
        let t = command.temporal.clone().expect("a temporal command");
        let mut run: Option<CommandRun> = None;
        for steps in t.min_steps..=t.max_steps {
            let unrolled = unroll(&command.problem, &t.var, steps);
            let solver = Solver::new(&unrolled.problem, &solve_opts)
                .map_err(|e| solve_error(&command, e))?;
            let mut attempt = CommandRun {
                command: command.clone(),
                solver,
                opts: solve_opts.clone(),
                outcome: Outcome::Unsat,
                instances_seen: 0,
                elapsed: Duration::ZERO,
                load: checked.times,
                build,
                recheck: run.as_ref().map_or(Duration::ZERO, |r| r.recheck),
                verify: opts.verify,
                shrunk: false,
                unrolled: Some(unrolled),
                trace: None,
                shown_traces: Vec::new(),
            };
            attempt.advance()?;
            let done = !matches!(attempt.outcome, Outcome::Unsat);
            run = Some(attempt);
            if done {
                break;
            }
        }
        let mut run = run.expect("a trace has at least one step");
        run.elapsed = started.elapsed();
        Ok(run)
    }

    /// Look for another instance (a different one than all before).
    pub fn advance(&mut self) -> Result<&Outcome, Errors> {
        if self.shrunk {
            return Err(Errors::from(
                Diagnostic::error(self.command.span, "a shrunk instance has no successors")
                    .with_help("run the command again without shrinking to enumerate instances"),
            ));
        }
        self.outcome = self
            .solver
            .next()
            .map_err(|e| solve_error(&self.command, e))?;
        self.trace = None;
        if let (Outcome::Sat(inst), Some(unrolled)) = (&self.outcome, &self.unrolled) {
            self.trace = Some(trace_of(unrolled, inst));
        }
        if let Outcome::Sat(inst) = &self.outcome {
            self.instances_seen += 1;
            if let (true, Some(trace)) = (self.verify, &self.trace) {
                let started = Instant::now();
                let checked = verify_trace(&self.command, self.solver.bounds(), inst, trace);
                self.recheck += started.elapsed();
                checked.map_err(|msg| self.verification_failed(msg))?;
            } else if self.verify {
                let started = Instant::now();
                let checked = verify(&self.command, self.solver.bounds(), inst, &self.opts);
                self.recheck += started.elapsed();
                checked.map_err(|msg| self.verification_failed(msg))?;
            }
        }
        Ok(&self.outcome)
    }

    /// Replace the current instance by a subset-minimal one within it (fewest tuples in
    /// the model's own relations, witnesses aside); returns how much smaller it is, in
    /// tuples. No further instances can be asked for afterwards.
    pub fn shrink(&mut self) -> Result<usize, Errors> {
        let Some(before) = self.own_size() else {
            return Ok(0);
        };
        let started = Instant::now();
        let smaller = self
            .solver
            .shrink()
            .map_err(|e| solve_error(&self.command, e))?;
        self.elapsed += started.elapsed();
        self.shrunk = true;
        let Some(inst) = smaller else { return Ok(0) };
        if let Some(unrolled) = &self.unrolled {
            let trace = trace_of(unrolled, &inst);
            if self.verify {
                let started = Instant::now();
                let checked = verify_trace(&self.command, self.solver.bounds(), &inst, &trace);
                self.recheck += started.elapsed();
                self.elapsed += started.elapsed();
                checked.map_err(|msg| self.verification_failed(msg))?;
            }
            self.trace = Some(trace);
        } else if self.verify {
            let started = Instant::now();
            let checked = verify(&self.command, self.solver.bounds(), &inst, &self.opts);
            self.recheck += started.elapsed();
            self.elapsed += started.elapsed();
            checked.map_err(|msg| self.verification_failed(msg))?;
        }
        self.outcome = Outcome::Sat(inst);
        Ok(before - self.own_size().unwrap_or(before))
    }

    /// Tuples in the problem's own relations (not skolems) of the current instance.
    fn own_size(&self) -> Option<usize> {
        let inst = self.instance()?;
        Some(
            self.bounds()
                .relations
                .iter()
                .zip(&inst.values)
                .filter(|(r, _)| r.kind != RelationKind::Skolem)
                .map(|(_, v)| v.len())
                .sum(),
        )
    }

    fn verification_failed(&self, msg: String) -> Errors {
        Errors::from(
            Diagnostic::error(self.command.span, "internal error: the solver's answer failed verification")
                .with_label(msg)
                .with_help("please report this model; rerun with `--solver varisat` or `--symmetry 0` to work around it"),
        )
    }

    /// Another trace of a temporal command, as Alloy 6's "new config", "new trace" and
    /// "new fork" ask: see [`Alternative`]. `state` is where a fork branches off. On
    /// success (`true`) the run's current instance is the new trace; with none (`false`)
    /// the current one stays. `next trace` leaves out every trace it has shown of this
    /// configuration.
    pub fn alternative(&mut self, kind: Alternative, state: usize) -> Result<bool, Errors> {
        let (Some(current), Some(t)) = (self.trace.clone(), self.command.temporal.clone()) else {
            return Err(Errors::from(Diagnostic::error(
                self.command.span,
                "only the trace of a temporal command has alternatives",
            )));
        };
        let n = current.states.len();
        if kind == Alternative::Fork && state >= n {
            return Err(Errors::from(Diagnostic::error(
                self.command.span,
                format!(
                    "the trace has states 0 to {}; there is no state {state}",
                    n - 1
                ),
            )));
        }
        let fixed = |r: &crate::logic::Relation| r.lower == r.upper;
        let statics: Vec<usize> = (0..self.command.problem.bounds.relations.len())
            .filter(|k| !t.var.iter().any(|v| v.0 as usize == *k))
            .filter(|k| !fixed(&self.command.problem.bounds.relations[*k]))
            .collect();
        let same = |rel: RelId, value: &TupleSet| {
            Formula::equal(Expr::rel(rel, value.arity()), Expr::constant(value.clone()))
        };
        let same_config = Formula::and(
            statics
                .iter()
                .map(|k| same(RelId(*k as u32), &current.states[0].values[*k])),
        );
        let lengths: Vec<usize> = match kind {
            Alternative::Config => (t.min_steps..=t.max_steps).collect(),
            // Lassos of another length may stand for the same infinite trace.
            Alternative::Trace => vec![n],
            Alternative::Fork => (t.min_steps.max(state + 2)..=t.max_steps).collect(),
        };
        let started = Instant::now();
        for steps in lengths {
            let unrolled = unroll(&self.command.problem, &t.var, steps);
            let state_is = |s: usize, from: usize| {
                Formula::and(t.var.iter().map(|r| {
                    same(
                        unrolled.state_rels[s][r.0 as usize],
                        &current.states[from].values[r.0 as usize],
                    )
                }))
            };
            let extra = match kind {
                Alternative::Config => same_config.clone().not(),
                Alternative::Trace => {
                    // This trace, and every one shown before of this configuration.
                    let trace_is = |other: &Trace| {
                        let looped = match unrolled.loop_rels.get(other.loop_to) {
                            Some(r) => Expr::rel(*r, 1).some(),
                            None => Formula::true_(),
                        };
                        let states = (0..n).map(|s| {
                            Formula::and(t.var.iter().map(|r| {
                                same(
                                    unrolled.state_rels[s][r.0 as usize],
                                    &other.states[s].values[r.0 as usize],
                                )
                            }))
                        });
                        Formula::and(states.chain([looped]))
                    };
                    let shown = std::iter::once(&current)
                        .chain(&self.shown_traces)
                        .filter(|other| other.states.len() == n)
                        .map(|other| trace_is(other).not());
                    Formula::and(std::iter::once(same_config.clone()).chain(shown))
                }
                Alternative::Fork => {
                    let next = if state + 1 < n {
                        state + 1
                    } else {
                        current.loop_to
                    };
                    let prefix = Formula::and((0..=state).map(|s| state_is(s, s)));
                    Formula::and([same_config.clone(), prefix, state_is(state + 1, next).not()])
                }
            };
            let problem = Problem {
                bounds: unrolled.problem.bounds.clone(),
                formula: unrolled.problem.formula.clone().and2(extra),
            };
            let mut solver =
                Solver::new(&problem, &self.opts).map_err(|e| solve_error(&self.command, e))?;
            let outcome = solver.next().map_err(|e| solve_error(&self.command, e))?;
            if let Outcome::Sat(inst) = &outcome {
                let trace = trace_of(&unrolled, inst);
                if self.verify {
                    let checked = verify_trace(&self.command, solver.bounds(), inst, &trace);
                    checked.map_err(|msg| self.verification_failed(msg))?;
                }
                if kind == Alternative::Config {
                    self.shown_traces.clear();
                } else {
                    self.shown_traces.push(current);
                }
                self.solver = solver;
                self.unrolled = Some(unrolled);
                self.outcome = outcome;
                self.trace = Some(trace);
                self.instances_seen += 1;
                self.elapsed += started.elapsed();
                return Ok(true);
            }
        }
        self.elapsed += started.elapsed();
        Ok(false)
    }

    /// The trace lengths a temporal command tries (`(0, 0)` for a static one).
    pub fn steps(&self) -> (usize, usize) {
        self.command
            .temporal
            .as_ref()
            .map_or((0, 0), |t| (t.min_steps, t.max_steps))
    }

    pub fn stats(&self) -> &SolveStats {
        self.solver.stats()
    }

    /// The bounds that were solved (the problem's relations and the skolem constants).
    pub fn bounds(&self) -> &Bounds {
        self.solver.bounds()
    }

    pub fn instance(&self) -> Option<&Instance> {
        match &self.outcome {
            Outcome::Sat(i) => Some(i),
            _ => None,
        }
    }

    /// Skolem constants and their values in the current instance. A trace has none
    /// shown: an existential under a temporal operator has a witness per state it is
    /// read in, which the views have no place for yet.
    pub fn skolems(&self) -> Vec<(String, TupleSet)> {
        let Some(inst) = self.instance() else {
            return Vec::new();
        };
        if self.trace.is_some() {
            return Vec::new();
        }
        self.bounds()
            .relations
            .iter()
            .enumerate()
            .filter(|(_, r)| r.kind == RelationKind::Skolem)
            .map(|(i, r)| (r.name.clone(), inst.values[i].clone()))
            .collect()
    }

    /// 1 if an instance (or counterexample) was found, 0 if not — Alloy's `expect` values.
    pub fn found(&self) -> Option<u32> {
        match self.outcome {
            Outcome::Sat(_) => Some(1),
            Outcome::Unsat => Some(0),
            Outcome::Interrupted => None,
        }
    }

    /// A one-line verdict in words.
    pub fn verdict(&self) -> &'static str {
        match (&self.outcome, self.command.kind, self.instances_seen > 1) {
            (Outcome::Sat(_), CommandKind::Run, false) => "instance found",
            (Outcome::Sat(_), CommandKind::Run, true) => "another instance found",
            (Outcome::Sat(_), CommandKind::Check, false) => "counterexample found",
            (Outcome::Sat(_), CommandKind::Check, true) => "another counterexample found",
            (Outcome::Unsat, CommandKind::Run, false) => "no instance found within the scope",
            (Outcome::Unsat, CommandKind::Check, false) => {
                "no counterexample found within the scope"
            }
            (Outcome::Unsat, _, true) => "no more instances",
            (Outcome::Interrupted, _, _) => "interrupted",
        }
    }
}

fn solve_error(command: &CommandProblem, e: SolveError) -> Errors {
    match e {
        SolveError::HigherOrder { var, name } => {
            let span = command.var_spans.get(&var).copied().unwrap_or(command.span);
            Errors::from(
                Diagnostic::error(
                    span,
                    format!("the quantifier over `{name}` ranges over relations in a place solder cannot solve"),
                )
                .with_label("quantifier over relations")
                .with_help(
                    "quantifiers over relations are solved in formulas, not inside expressions \
                     (an if-then-else condition or a comprehension); move it out of the expression",
                ),
            )
        }
        SolveError::TooLarge(what) => Errors::from(
            Diagnostic::error(
                command.span,
                format!("this command is too large to solve: {what}"),
            )
            .with_help("try a smaller scope"),
        ),
    }
}

/// Most values of quantifiers over relations the re-check enumerates before it hands the
/// instance to a SAT check instead: about the cost of that check on the benchmarks'
/// problems, so that re-checking stays a small part of solving.
const RECHECK_BUDGET: u64 = 1 << 8;

/// Check an instance against the bounds it was solved in and the command's formula, with
/// the evaluator (which shares no code with the translation). Quantifiers over relations
/// too large to enumerate are checked instead by a fresh solve with every relation fixed
/// to its value (each universal part then is a fresh SAT check of its negation).
pub fn verify(
    command: &CommandProblem,
    bounds: &Bounds,
    inst: &Instance,
    opts: &SolveOptions,
) -> Result<(), String> {
    within_bounds(bounds, inst)?;
    // The instance's witnesses are tried first for their variables: quantifiers over
    // relations are then decided without a search (the answer does not depend on it).
    let problem = &command.problem;
    let (sk, witnesses) = skolemize_with_witnesses(problem, &command.skolem_prefix);
    let hints = witnesses
        .into_iter()
        .filter_map(|(var, rel)| Some((var, inst.values.get(rel.0 as usize)?.clone())))
        .collect();
    if sk.bounds.relations.len() != inst.values.len() {
        return Err("the instance's witnesses do not match the problem".into());
    }
    // A part too large to enumerate goes to a SAT check of that part alone; past a few,
    // or if one fails, the whole formula's (below).
    let oracle: Oracle =
        Box::new(|f: &Formula| cegis::decide_on_instance(problem, inst, f, opts).ok());
    match eval_formula_hinted(
        inst,
        &problem.formula,
        hints,
        Search {
            budget: RECHECK_BUDGET,
            count_injections: opts.count_injections,
            orders_only: opts.recheck_orders,
            saturate_orders: opts.recheck_saturate,
        },
        Some(oracle),
    ) {
        Ok(true) => Ok(()),
        Ok(false) => Err("the instance does not satisfy the formula".into()),
        Err(e) if e.message.contains("too large") => {
            // A quantifier over relations that the witnesses do not decide (a universal
            // that holds) and that is too large to enumerate: a fresh solve with every
            // relation fixed, where each universal part is a fresh SAT check of its
            // negation on this instance.
            match cegis::confirm(problem, inst, opts) {
                Ok(true) => Ok(()),
                Ok(false) => Err("a fresh check finds the instance violates the formula".into()),
                Err(e) => Err(format!("the fresh check failed: {e:?}")),
            }
        }
        Err(e) => Err(format!("the evaluator failed: {}", e.message)),
    }
}

/// Which other trace [`CommandRun::alternative`] looks for (Alloy 6's visualizer buttons).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Alternative {
    /// Other values of the static sigs and fields ("new config").
    Config,
    /// The same static values, another lasso of the same length ("new trace").
    Trace,
    /// The same static values and states up to a given one, another next state ("new
    /// fork").
    Fork,
}

/// The trace a solution of an unrolled problem stands for.
fn trace_of(unrolled: &Unrolled, inst: &Instance) -> Trace {
    let (states, loop_to) = unrolled.split(&inst.values);
    Trace {
        states: states
            .into_iter()
            .map(|values| Instance {
                universe: inst.universe.clone(),
                values,
            })
            .collect(),
        loop_to,
    }
}

/// Every relation's value lies within its bounds.
fn within_bounds(bounds: &Bounds, inst: &Instance) -> Result<(), String> {
    for (i, r) in bounds.relations.iter().enumerate() {
        let v = &inst.values[i];
        if !r.lower.is_subset(v) || !v.is_subset(&r.upper) {
            return Err(format!("the value of `{}` is outside its bounds", r.name));
        }
    }
    Ok(())
}

/// Check a trace against the bounds it was solved in and the command's temporal formula
/// with the evaluator, which reads the connectives on the trace itself and shares no code
/// with the unrolling.
fn verify_trace(
    command: &CommandProblem,
    bounds: &Bounds,
    inst: &Instance,
    trace: &Trace,
) -> Result<(), String> {
    within_bounds(bounds, inst)?;
    match eval_formula_on_trace(trace, &command.problem.formula) {
        Ok(true) => Ok(()),
        Ok(false) => Err("the trace does not satisfy the formula".into()),
        Err(e) => Err(format!("the evaluator failed on the trace: {}", e.message)),
    }
}

/// The answer to `--core` / `core`.
pub enum CoreAnswer {
    /// A minimal set of the command's parts that is already unsatisfiable (empty: the
    /// declarations and scopes alone are).
    Core(Vec<check::core_parts::CorePart>),
    /// The command has an instance: there is no core.
    Satisfiable,
    Interrupted,
}

/// A minimal unsat core of command `index` ([`crate::solve::core`]). `assumptions: false`
/// minimizes by whole solves even for first-order problems (the method's off switch).
pub fn unsat_core(
    checked: &Checked,
    index: usize,
    opts: &RunOptions,
    assumptions: bool,
) -> Result<CoreAnswer, Errors> {
    // Bounds narrowed by facts (pinned relations, `rel in e`) would keep a fact's effect
    // after the core drops it: build with declarations' and types' bounds only.
    let opts = &RunOptions {
        tight_field_bounds: false,
        ..opts.clone()
    };
    let command = build_command(checked, index, opts)?;
    // A temporal command's core is found over lassos of its longest length: every
    // shorter lasso is one of that length too (repeat the loop's first state at the end
    // and loop one state later), so parts with no lasso of that length have none at all.
    let unroll = command.temporal.as_ref().map(|t| (&t.var[..], t.max_steps));
    let var = unroll.map_or(&[][..], |(v, _)| v);
    let split = check::core_parts::core_parts(&checked.model, &checked.layout, index, var)?;
    let mut solve_opts = opts.solve.clone();
    solve_opts.skolem_prefix = command.skolem_prefix.clone();
    let formulas: Vec<_> = split.parts.iter().map(|p| p.formula.clone()).collect();
    let shared = split.shared_decls();
    let outcome = crate::solve::core::unsat_core(
        &command.problem.bounds,
        &split.background,
        &shared,
        &formulas,
        &solve_opts,
        assumptions,
        unroll,
    )
    .map_err(|e| solve_error(&command, e))?;
    Ok(match outcome {
        crate::solve::core::CoreOutcome::Sat => CoreAnswer::Satisfiable,
        crate::solve::core::CoreOutcome::Interrupted => CoreAnswer::Interrupted,
        crate::solve::core::CoreOutcome::Core(indices) => CoreAnswer::Core(
            indices
                .into_iter()
                .map(|i| split.parts[i].clone())
                .collect(),
        ),
    })
}

/// The members of a core as notes on their spans, numbered, for rendering.
pub fn core_diagnostics(parts: &[check::core_parts::CorePart]) -> Vec<Diagnostic> {
    parts
        .iter()
        .enumerate()
        .map(|(i, p)| {
            Diagnostic::note(
                p.span,
                format!("core {}/{}: {}", i + 1, parts.len(), p.what),
            )
            .with_label("needed for \"no instance\"")
        })
        .collect()
}

/// The answer of [`unbounded_check`].
pub enum Unbounded {
    /// No trace of any length breaks the assertion: k-induction closed at `k`.
    Holds { k: usize },
    /// A counterexample trace (the bounded check of the command found it).
    Counterexample(Box<CommandRun>),
    /// Neither, up to `k`: why.
    Unknown { k: usize, why: String },
    /// The check is not a safety property over a transition system; only the bounded
    /// check applies.
    Bounded { why: String },
    /// A static command: its bounded answer is exact.
    Static,
}

/// Proves a temporal `check` of a safety property (`always P`) for traces of every
/// length by k-induction, for `k` = 0, 1, … up to `max_k`: no path from an initial state
/// reaches a state breaking P within `k` transitions (base), and no path of `k`
/// transitions through distinct states keeps P and then breaks it (step). A reachable
/// bad state is reported only if the command's bounded check finds a trace through one
/// (traces are infinite: a state with no way on is not a counterexample).
pub fn unbounded_check(
    checked: &Checked,
    index: usize,
    opts: &RunOptions,
    max_k: usize,
) -> Result<Unbounded, Errors> {
    use crate::logic::temporal::{Obligation, induction_problem, safety};
    let command = build_command(checked, index, opts)?;
    let Some(temporal) = &command.temporal else {
        return Ok(Unbounded::Static);
    };
    if command.kind != CommandKind::Check {
        return Err(Errors::from(Diagnostic::error(
            command.span,
            "`--unbounded` proves `check` commands; a `run` looks for a trace",
        )));
    }
    let system = match safety(&temporal.parts, &temporal.var) {
        Ok(s) => s,
        Err(why) => return Ok(Unbounded::Bounded { why }),
    };
    let mut solve_opts = opts.solve.clone();
    solve_opts.skolem_prefix = command.skolem_prefix.clone();
    let exists = |obligation, k| -> Result<Option<bool>, Errors> {
        let unrolled = induction_problem(&command.problem, &temporal.var, &system, k, obligation);
        let mut solver =
            Solver::new(&unrolled.problem, &solve_opts).map_err(|e| solve_error(&command, e))?;
        Ok(match solver.next().map_err(|e| solve_error(&command, e))? {
            Outcome::Sat(_) => Some(true),
            Outcome::Unsat => Some(false),
            Outcome::Interrupted => None,
        })
    };
    for k in 0..=max_k {
        match exists(Obligation::Base, k)? {
            None => {
                return Ok(Unbounded::Unknown {
                    k,
                    why: "interrupted".into(),
                });
            }
            Some(true) => {
                let run = CommandRun::start(checked, index, opts)?;
                return Ok(match run.outcome {
                    Outcome::Sat(_) => Unbounded::Counterexample(Box::new(run)),
                    _ => Unbounded::Unknown {
                        k,
                        why: format!(
                            "a state breaking the assertion is reachable in {k} transition(s), but no trace through one was found within the command's steps; raise them"
                        ),
                    },
                });
            }
            Some(false) => {}
        }
        match exists(Obligation::Step, k)? {
            None => {
                return Ok(Unbounded::Unknown {
                    k,
                    why: "interrupted".into(),
                });
            }
            Some(false) => return Ok(Unbounded::Holds { k }),
            Some(true) => {}
        }
    }
    Ok(Unbounded::Unknown {
        k: max_k,
        why: format!(
            "the induction did not close within {max_k} steps (the assertion may need a stronger invariant, or more steps: --max-k)"
        ),
    })
}
