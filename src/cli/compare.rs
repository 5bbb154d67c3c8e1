//! `solder compare`: the implication matrix of isolation levels.

use super::options::{SolverArgs, parse_shard, write_part};
use super::stopped_before_anything;
use std::process::ExitCode;
use std::time::Instant;

use super::batch::{Control, exit};

use clap::Args;

use crate::apps::isolation::parts;
use crate::apps::isolation::shard::Shard;
use crate::diagnostic::{Diagnostic, Errors};

#[derive(Args)]
pub(super) struct CompareArgs {
    /// Levels to compare (library pred names, e.g. RA CC CeroneCC) [default: one
    /// representative per framework of each level].
    pub(super) levels: Vec<String>,
    /// Every level of the library.
    #[arg(long, conflicts_with = "levels")]
    pub(super) all: bool,
    /// Transactions (besides T0), objects and values in the histories searched.
    #[arg(long, default_value_t = 3)]
    pub(super) scope: usize,
    /// Print JSON instead of text.
    #[arg(long, conflicts_with_all = ["csv", "dot"])]
    pub(super) json: bool,
    /// Print one CSV line per ordered pair.
    #[arg(long, conflicts_with = "dot")]
    pub(super) csv: bool,
    /// Print the Hasse diagram as a Graphviz digraph.
    #[arg(long)]
    pub(super) dot: bool,
    /// Solve every pair afresh: no cache, no derived cells.
    #[arg(long)]
    pub(super) no_cache: bool,
    /// Solve every pair: nothing derived by transitivity or from other pairs' histories.
    #[arg(long)]
    pub(super) no_derive: bool,
    /// Decide only the I-th of N slices of the ordered pairs (1 <= I <= N) and write them
    /// as a part for `solder merge` (a cluster's array job runs one shard per task).
    #[arg(long, value_name = "I/N", value_parser = parse_shard, conflicts_with_all = ["json", "csv", "dot"])]
    pub(super) shard: Option<Shard>,
    /// Write the shard's part to FILE instead of standard output.
    #[arg(short = 'o', long = "output", value_name = "FILE", requires = "shard")]
    pub(super) output: Option<std::path::PathBuf>,
    /// Worker threads [default: the machine's cores].
    #[arg(long)]
    pub(super) threads: Option<usize>,
    #[command(flatten)]
    pub(super) solver: SolverArgs,
}

pub(super) fn compare(args: &CompareArgs) -> Result<ExitCode, Errors> {
    use crate::apps::isolation::{classify, compare, levels};
    let chosen = if args.all {
        levels::all_levels()
    } else if args.levels.is_empty() {
        levels::FRAMEWORKS
            .iter()
            .flat_map(|f| f.representatives.iter().copied())
            .collect()
    } else {
        let names: Vec<String> = args
            .levels
            .iter()
            .flat_map(|l| l.split(',').map(str::to_string))
            .filter(|l| !l.is_empty())
            .collect();
        classify::resolve_levels(&names)?
    };
    if args.scope == 0 {
        return Err(Errors::from(Diagnostic::global(
            "--scope must be at least 1",
        )));
    }
    let mut opts = compare::CompareOptions::new(args.solver.options(), args.scope);
    if args.no_cache {
        opts.cache = None;
    }
    opts.derive = !args.no_derive;
    opts.shard = args.shard;
    if let Some(t) = args.threads {
        opts.threads = t.max(1);
    }
    // SIGINT/SIGTERM leave the pairs not yet decided `?`; the rest is printed.
    let control = Control::new(None);
    opts.run.solve.stop = Some(control.stop.clone());
    let (m, signalled) = control.guard(
        Instant::now(),
        || compare::compare(&chosen, &opts),
        |reason| stopped_before_anything("compare", reason),
    );
    let m = m?;
    if let Some(s) = args.shard {
        write_part(
            &parts::compare_part(s, &m, opts.derive),
            s,
            args.output.as_deref(),
        )?;
    } else if args.json {
        println!("{}", crate::apps::isolation::view::compare_json(&m));
    } else if args.csv {
        print!("{}", crate::apps::isolation::view::compare_csv(&m));
    } else if args.dot {
        print!("{}", crate::apps::isolation::view::compare_dot(&m));
    } else {
        print!("{}", crate::apps::isolation::view::compare_text(&m));
    }
    Ok(ExitCode::from(if signalled.is_some() || m.undecided > 0 {
        exit::STOPPED
    } else {
        exit::OK
    }))
}
