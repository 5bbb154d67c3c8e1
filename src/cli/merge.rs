//! `solder merge PARTS…`: the tables that `classify --shard` and `compare --shard` parts
//! make together, printed as one run would print them.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use super::batch::exit;
use crate::apps::isolation::classify::Verdict;
use crate::apps::isolation::parts::{self, Merged, PartText};
use crate::apps::isolation::view;
use crate::diagnostic::{Diagnostic, Errors, FileId, SourceMap};

pub(super) const MERGE_HELP: &str = "Parts of one run (the same history or scope, levels and options) make one table; parts of several runs make one table each, in the order given. Every shard of a run must be given once.\n\nExit codes: 0 merged, 2 a diagnostic (a file is not a part, or a run is not whole), 3 a level or pair was left undecided in its shard.";

#[derive(Args)]
pub(super) struct MergeArgs {
    /// The part files written by `classify --shard` or `compare --shard`.
    #[arg(required = true)]
    pub(super) parts: Vec<PathBuf>,
    /// Print JSON instead of text (a list when there are several runs).
    #[arg(long, conflicts_with_all = ["csv", "dot"])]
    pub(super) json: bool,
    /// compare: print one CSV line per ordered pair.
    #[arg(long, conflicts_with = "dot")]
    pub(super) csv: bool,
    /// compare: print the Hasse diagram as a Graphviz digraph.
    #[arg(long)]
    pub(super) dot: bool,
}

pub(super) fn merge(sources: &mut SourceMap, args: &MergeArgs) -> Result<ExitCode, Errors> {
    let mut files: Vec<(FileId, String)> = Vec::new();
    for path in &args.parts {
        let text = crate::diagnostic::read_source(path)
            .map_err(|message| Errors::from(Diagnostic::global(message)))?;
        let id = sources.add(path.display().to_string(), Some(path.clone()), text);
        files.push((id, path.display().to_string()));
    }
    let texts: Vec<PartText> = files
        .iter()
        .map(|(id, name)| PartText {
            file: *id,
            name,
            text: sources.text(*id),
        })
        .collect();
    let merged = parts::merge(&texts)?;
    let several = match &merged {
        Merged::Classify(runs) => runs.len() > 1,
        Merged::Compare(ms) => ms.len() > 1,
    };
    if (args.csv || args.dot) && (several || matches!(merged, Merged::Classify(_))) {
        return Err(Errors::from(Diagnostic::global(format!(
            "--{} prints one compare run; these parts make {}",
            if args.csv { "csv" } else { "dot" },
            match &merged {
                Merged::Classify(_) => "classify tables".to_string(),
                Merged::Compare(ms) => format!("{} compare runs", ms.len()),
            }
        ))));
    }
    let undecided = match &merged {
        Merged::Classify(runs) => runs.iter().any(|(_, results)| {
            results.iter().any(|r| {
                matches!(
                    r.verdict,
                    Verdict::Timeout | Verdict::Stopped | Verdict::Skipped | Verdict::Unsolved(_)
                )
            })
        }),
        Merged::Compare(ms) => ms.iter().any(|m| m.undecided > 0),
    };
    match &merged {
        Merged::Classify(runs) if args.json => {
            let mut all: Vec<serde_json::Value> = runs
                .iter()
                .map(|(input, results)| {
                    let mut v = view::classify_json(results);
                    if several {
                        v["input"] = serde_json::json!(input);
                    }
                    v
                })
                .collect();
            if several {
                println!("{}", serde_json::Value::Array(all));
            } else {
                println!("{}", all.remove(0));
            }
        }
        Merged::Classify(runs) => {
            for (k, (input, results)) in runs.iter().enumerate() {
                if several {
                    println!("{}== {input} ==", if k > 0 { "\n" } else { "" });
                }
                print!("{}", view::classify_text(results));
            }
        }
        Merged::Compare(ms) if args.json => {
            let mut all: Vec<serde_json::Value> = ms.iter().map(view::compare_json).collect();
            if several {
                println!("{}", serde_json::Value::Array(all));
            } else {
                println!("{}", all.remove(0));
            }
        }
        Merged::Compare(ms) if args.csv => print!("{}", view::compare_csv(&ms[0])),
        Merged::Compare(ms) if args.dot => print!("{}", view::compare_dot(&ms[0])),
        Merged::Compare(ms) => {
            for (k, m) in ms.iter().enumerate() {
                if several {
                    println!(
                        "{}== compare at scope {}: {} ==",
                        if k > 0 { "\n" } else { "" },
                        m.scope,
                        m.levels.join(", ")
                    );
                }
                print!("{}", view::compare_text(m));
            }
        }
    }
    Ok(ExitCode::from(if undecided {
        exit::STOPPED
    } else {
        exit::OK
    }))
}
