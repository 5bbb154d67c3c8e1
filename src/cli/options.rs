//! The solver options every subcommand shares (`--solver`, `--symmetry`, `--timeout`, …).

use clap::{Args, ValueEnum};

use crate::session::RunOptions;
use crate::solve::BackendKind;

#[derive(Args, Clone)]
pub(super) struct SolverArgs {
    /// SAT solver backend for every SAT problem [default: CaDiCaL, except varisat for
    /// CEGIS verifiers].
    #[arg(long, value_enum)]
    pub(super) solver: Option<Solver>,
    /// Length of lex-leader symmetry-breaking predicates (0 disables symmetry breaking).
    #[arg(long, default_value_t = 20)]
    pub(super) symmetry: usize,
    /// Do not fix `util/ordering` orders to atom order (solve for them instead).
    #[arg(long)]
    pub(super) no_fix_order: bool,
    /// Re-check every instance with the independent evaluator (the default).
    #[arg(long, conflicts_with = "no_verify")]
    pub(super) verify: bool,
    /// Skip re-checking instances with the independent evaluator.
    #[arg(long)]
    pub(super) no_verify: bool,
    /// CEGIS: do not instantiate universal relation variables with existential witnesses.
    #[arg(long)]
    pub(super) no_instantiate: bool,
    /// CEGIS: do not refute candidates with terms over their own relations.
    #[arg(long)]
    pub(super) no_terms: bool,
    /// Do not read quantifiers over total injective maps as comparisons of counts (solve
    /// them by CEGIS, re-check them by search)
    #[arg(long)]
    pub(super) no_count_injections: bool,
    /// Re-check quantifiers over orders by enumerating every relation in their range, not
    /// only the orders their guards allow (a SAT check takes over when there are too many)
    #[arg(long)]
    pub(super) no_recheck_orders: bool,
    /// Re-check quantifiers over orders without first adding the pairs that guards
    /// growing with the order force
    #[arg(long)]
    pub(super) no_recheck_saturate: bool,
    /// Compare integers of sets (`int[x.v] =< int[y.v]`) through adders only, not
    /// through the order encoding while each set holds at most one integer
    #[arg(long)]
    pub(super) no_int_ladders: bool,
    /// CEGIS: keep slow verifiers on varisat instead of moving them to CaDiCaL.
    #[arg(long)]
    pub(super) no_escalate: bool,
    /// CEGIS: rebuild the candidate and verifier solvers for every candidate.
    #[arg(long)]
    pub(super) no_incremental: bool,
    /// Compare expressions known to hold one tuple by overlap, not cell by cell (`a.f !=
    /// b.f` for `f: one T`); this turns that off.
    #[arg(long)]
    pub(super) no_singleton_overlap: bool,
    /// Witness orders and acyclicity get their transitivity clauses on demand (between
    /// solver calls); this writes them all up front.
    #[arg(long)]
    pub(super) no_lazy_orders: bool,
    /// Give up on a command after SECS seconds (its outcome is then `timeout`; exit code 3).
    #[arg(long, value_name = "SECS", value_parser = parse_timeout)]
    pub(super) timeout: Option<f64>,
    /// Refuse commands with more primary variables (tuples a relation may or may not hold)
    /// than this; about 1 KB of memory each.
    #[arg(long, value_name = "N", default_value_t = crate::check::command::DEFAULT_MAX_VARS)]
    pub(super) max_vars: u64,
    /// CEGIS baseline: block failed candidates instead of learning from counterexamples.
    #[arg(long)]
    pub(super) naive: bool,
    /// Alloy's "prevent overflows": leave out instances in which integer arithmetic
    /// overflows the bitwidth (by default results wrap around, as in Alloy's API).
    #[arg(long)]
    pub(super) no_overflow: bool,
    /// Bound each field by its type only, not by its declaration (`items: seq Job` then
    /// gets a variable per integer, not per sequence index); for comparison.
    #[arg(long)]
    pub(super) no_tight_bounds: bool,
    /// Let every scoped child of a sig range over all of its parent's atoms, not a block
    /// of its own (`abstract sig Rec` with `3 Warehouse, 3 District` under `6 Rec`); for
    /// comparison.
    #[arg(long)]
    pub(super) no_child_blocks: bool,
    /// Treat warnings (expressions their types make always empty) as errors.
    #[arg(long)]
    pub(super) deny_warnings: bool,
    /// CEGIS: SAT backend of the candidate problem (default: --solver).
    #[arg(long, value_enum)]
    pub(super) candidate_solver: Option<Solver>,
    /// CEGIS: SAT backend of the verifier problems (default: --solver).
    #[arg(long, value_enum)]
    pub(super) verifier_solver: Option<Solver>,
}

#[derive(Clone, Copy, ValueEnum)]
pub(super) enum Solver {
    Cadical,
    Varisat,
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
pub(super) enum Show {
    Auto,
    Tables,
    History,
    None,
}

impl SolverArgs {
    pub(super) fn options(&self) -> RunOptions {
        let kind = |s: Solver| match s {
            Solver::Cadical => BackendKind::Cadical,
            Solver::Varisat => BackendKind::Varisat,
        };
        let mut o = RunOptions::default();
        if let Some(solver) = self.solver {
            o.solve.backend = kind(solver);
            o.solve.candidate_backend = Some(kind(solver));
            o.solve.verifier_backend = Some(kind(solver));
        }
        o.solve.symmetry = self.symmetry;
        o.solve.fix_orders = !self.no_fix_order;
        o.solve.instantiate = !self.no_instantiate;
        o.solve.terms = !self.no_terms;
        o.solve.count_injections = !self.no_count_injections;
        o.solve.recheck_orders = !self.no_recheck_orders;
        o.solve.recheck_saturate = !self.no_recheck_saturate;
        o.solve.int_ladders = !self.no_int_ladders;
        o.solve.escalate = !self.no_escalate;
        o.solve.incremental = !self.no_incremental;
        o.solve.overlap_singletons = !self.no_singleton_overlap;
        o.solve.lazy_orders = !self.no_lazy_orders;
        o.solve.naive = self.naive;
        if let Some(solver) = self.candidate_solver {
            o.solve.candidate_backend = Some(kind(solver));
        }
        if let Some(solver) = self.verifier_solver {
            o.solve.verifier_backend = Some(kind(solver));
        }
        o.verify = !self.no_verify;
        o.max_vars = self.max_vars;
        o.prevent_overflow = self.no_overflow;
        o.tight_field_bounds = !self.no_tight_bounds;
        o.child_blocks = !self.no_child_blocks;
        o
    }
}

pub(super) fn parse_timeout(s: &str) -> Result<f64, String> {
    match s.trim_end_matches('s').parse::<f64>() {
        Ok(t) if t > 0.0 && t < 1e9 => Ok(t),
        _ => Err(format!("`{s}` is not a number of seconds above 0")),
    }
}

/// `--shard I/N`, as test runners write it.
pub(super) fn parse_shard(s: &str) -> Result<crate::apps::isolation::shard::Shard, String> {
    crate::apps::isolation::shard::Shard::parse(s)
}

/// A shard's part, as `solder merge` reads it: to FILE (saying so on standard error, as
/// `-o` does for instances), or to standard output.
pub(super) fn write_part(
    part: &serde_json::Value,
    shard: crate::apps::isolation::shard::Shard,
    output: Option<&std::path::Path>,
) -> Result<(), crate::diagnostic::Errors> {
    // Pretty, so that merge's diagnostics point at a line a person can read.
    let text = serde_json::to_string_pretty(part).expect("a part is plain JSON") + "\n";
    match output {
        None => print!("{text}"),
        Some(path) => {
            std::fs::write(path, text).map_err(|e| {
                crate::diagnostic::Errors::from(crate::diagnostic::Diagnostic::global(format!(
                    "cannot write `{}`: {e}",
                    path.display()
                )))
            })?;
            eprintln!("shard {shard} written to {}", path.display());
        }
    }
    Ok(())
}
