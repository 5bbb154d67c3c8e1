//! The parts that `classify --shard` and `compare --shard` write (`super::shard` says
//! which slice of the work each decides), and `solder merge`, which reads parts back and
//! prints what one run would have printed. A cluster scheduler's array job (Slurm,
//! Kubernetes indexed jobs) runs the shards: nothing of ours sits between them.
//!
//! A part records what it was computed from — solder's version, a digest of the
//! library's text, the history (or the scope), the levels in order, whether reasons were
//! asked for — so that parts of different runs never end up in one table. Parts of
//! different histories or scopes are different tables of one merge: a sweep over many
//! histories is one array task per history.

use std::collections::BTreeMap;
use std::time::Duration;

use serde_json::{Value, json};

use crate::diagnostic::{Diagnostic, Errors, FileId, Span};

use super::classify::{LevelResult, Reason, Verdict};
use super::compare::{Cell, Matrix, Source};
use super::history::History;
use super::levels::framework_of;
use super::shard::{Shard, pairs};

/// The version of the part format, so that a later solder can refuse an older part.
const FORMAT: u64 = 1;

/// FNV-1a over the texts, each closed by a byte no UTF-8 text holds: stable across
/// builds and platforms, unlike the standard library's hasher.
fn digest<'a>(texts: impl IntoIterator<Item = &'a str>) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for t in texts {
        for b in t.bytes().chain(std::iter::once(0xff)) {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    format!("{h:016x}")
}

/// The library's text, by module: parts computed from other definitions do not merge.
fn library_digest() -> String {
    digest(
        crate::check::stdlib::MODULES
            .iter()
            .flat_map(|(name, text)| [*name, *text]),
    )
}

fn micros(d: Duration) -> u64 {
    u64::try_from(d.as_micros()).unwrap_or(u64::MAX)
}

fn header(command: &str, shard: Shard, levels: &[&str]) -> Value {
    json!({
        "solder_part": FORMAT,
        "command": command,
        "solder": env!("CARGO_PKG_VERSION"),
        "library": library_digest(),
        "shard": shard.to_string(),
        "levels": levels,
    })
}

/// A `classify --shard` part: `results` are this shard's levels, in the order of
/// `levels` (every level of the run).
pub fn classify_part(
    shard: Shard,
    input: &str,
    h: &History,
    levels: &[&str],
    reasons: bool,
    results: &[LevelResult],
) -> Value {
    let mut part = header("classify", shard, levels);
    part["input"] = json!(input);
    // The notation leaves forbidden reads out; they change every verdict.
    let forbidden: Vec<&str> = h
        .forbidden_reads
        .iter()
        .map(|f| f.message.as_str())
        .collect();
    part["history"] = json!(digest(
        std::iter::once(h.notation().as_str()).chain(forbidden)
    ));
    part["reasons"] = json!(reasons);
    part["results"] = Value::Array(results.iter().map(level_json).collect());
    part
}

fn level_json(r: &LevelResult) -> Value {
    let mut o = json!({ "level": r.level, "us": micros(r.time) });
    if let Some(rt) = r.reason_time {
        o["reason_us"] = json!(micros(rt));
    }
    let verdict = match &r.verdict {
        Verdict::Holds(ws) => {
            o["witness"] = json!(ws.iter().map(|(n, v)| [n, v]).collect::<Vec<_>>());
            "holds"
        }
        Verdict::Fails(reason) => {
            if let Some(r) = reason {
                o["reason"] = json!({
                    "txns": r.txns,
                    "names": r.names,
                    "history": r.history,
                    "edges": r.edges,
                    "internal": r.internal,
                });
            }
            "fails"
        }
        Verdict::Timeout => "timeout",
        Verdict::Stopped => "stopped",
        Verdict::Skipped => "skipped",
        Verdict::Unsolved(message) => {
            o["message"] = json!(message);
            "unsolved"
        }
    };
    o["verdict"] = json!(verdict);
    o
}

/// A `compare --shard` part: this shard's pairs of `m` (the others are undecided there).
pub fn compare_part(shard: Shard, m: &Matrix, derive: bool) -> Value {
    let levels: Vec<&str> = m.levels.iter().map(String::as_str).collect();
    let mut part = header("compare", shard, &levels);
    part["scope"] = json!(m.scope);
    part["derive"] = json!(derive);
    part["us"] = json!(micros(m.time));
    let cells: Vec<Value> = pairs(m.levels.len())
        .enumerate()
        .filter(|(k, _)| shard.owns(*k))
        .map(|(_, (a, b))| {
            let mut o = json!({ "level": m.levels[a], "not": m.levels[b] });
            match &m.cells[a][b] {
                Cell::Implies => o["implies"] = json!(true),
                Cell::Separated(h) => {
                    o["implies"] = json!(false);
                    o["history"] = json!(h);
                }
                Cell::Same | Cell::Undecided => o["implies"] = Value::Null,
            }
            o["source"] = json!(match m.sources[a][b] {
                Source::Solved => "solved",
                Source::Cached => "cached",
                Source::Derived => "derived",
            });
            o
        })
        .collect();
    part["pairs"] = Value::Array(cells);
    part
}

/// What a merge prints: one table per history (classify) or per scope and set of
/// levels (compare), in the order their first part was given.
pub enum Merged {
    Classify(Vec<(String, Vec<LevelResult>)>),
    Compare(Vec<Matrix>),
}

/// A part file given to `merge`: its id in the caller's source map and its text.
pub struct PartText<'a> {
    pub file: FileId,
    pub name: &'a str,
    pub text: &'a str,
}

struct Part<'a> {
    src: &'a PartText<'a>,
    command: String,
    shard: Shard,
    solder: String,
    library: String,
    levels: Vec<String>,
    /// What must be equal for parts to be shards of one run (beside the levels).
    run: String,
    /// How the run is named to the user: the history file, or the scope.
    label: String,
    body: Body,
}

enum Body {
    Classify(Vec<LevelResult>),
    Compare {
        scope: usize,
        time: Duration,
        cells: Vec<(String, String, Cell, Source)>,
    },
}

impl PartText<'_> {
    /// Where `"key"` is in the text (the part's first character if it is not there).
    fn at(&self, key: &str) -> Span {
        let quoted = format!("\"{key}\"");
        match self.text.find(&quoted) {
            Some(i) => Span::new(self.file, i, i + quoted.len()),
            None => Span::new(self.file, 0, self.text.len().min(1)),
        }
    }

    fn error(&self, key: &str, message: impl Into<String>) -> Errors {
        Errors::from(Diagnostic::error(self.at(key), message))
    }

    /// A field that a part must have, of the right kind.
    fn field<'v, T>(
        &self,
        v: &'v Value,
        key: &str,
        read: impl Fn(&'v Value) -> Option<T>,
        kind: &str,
    ) -> Result<T, Errors> {
        v.get(key).and_then(read).ok_or_else(|| {
            self.error(
                key,
                format!("`{}` is not a part: `{key}` should be {kind}", self.name),
            )
        })
    }
}

fn as_strings(v: &Value) -> Option<Vec<String>> {
    v.as_array()?
        .iter()
        .map(|s| s.as_str().map(str::to_string))
        .collect()
}

fn as_usizes(v: &Value) -> Option<Vec<usize>> {
    v.as_array()?
        .iter()
        .map(|s| s.as_u64().and_then(|n| usize::try_from(n).ok()))
        .collect()
}

fn read_part<'a>(src: &'a PartText<'a>) -> Result<Part<'a>, Errors> {
    let v: Value = serde_json::from_str(src.text).map_err(|e| {
        Errors::from(Diagnostic::error(
            super::parse::json_error_span(src.file, src.text, &e),
            format!("`{}` is not a part (not valid JSON: {e})", src.name),
        ))
    })?;
    let format = v
        .get("solder_part")
        .and_then(Value::as_u64)
        .ok_or_else(|| {
            Errors::from(
                Diagnostic::error(
                    Span::new(src.file, 0, src.text.len().min(1)),
                    format!(
                        "`{}` is not a part written by `classify --shard` or `compare --shard`",
                        src.name
                    ),
                )
                .with_help("merge reads the files that `--shard i/n` writes"),
            )
        })?;
    if format != FORMAT {
        return Err(src.error(
            "solder_part",
            format!(
                "`{}` is a part of format {format}; this solder reads format {FORMAT}",
                src.name
            ),
        ));
    }
    let str_of = |v: &Value| v.as_str().map(str::to_string);
    let command = src.field(&v, "command", str_of, "\"classify\" or \"compare\"")?;
    let shard_text = src.field(&v, "shard", str_of, "a shard such as \"2/4\"")?;
    let shard = Shard::parse(&shard_text).map_err(|m| src.error("shard", m))?;
    let solder = src.field(&v, "solder", str_of, "solder's version")?;
    let library = src.field(&v, "library", str_of, "the library's digest")?;
    let levels = src.field(&v, "levels", as_strings, "a list of level names")?;
    let micros_of = |v: &Value| v.as_u64().map(Duration::from_micros);
    let (run, label, body) = match command.as_str() {
        "classify" => {
            let input = src.field(&v, "input", str_of, "the history's file name")?;
            let history = src.field(&v, "history", str_of, "the history's digest")?;
            let reasons = src.field(&v, "reasons", Value::as_bool, "true or false")?;
            let results = src.field(&v, "results", Value::as_array, "a list of levels")?;
            let results = results
                .iter()
                .map(|r| read_level(src, r))
                .collect::<Result<Vec<_>, _>>()?;
            (
                format!("history {history}, reasons {reasons}"),
                input,
                Body::Classify(results),
            )
        }
        "compare" => {
            let scope = src.field(&v, "scope", Value::as_u64, "a number")? as usize;
            let derive = src.field(&v, "derive", Value::as_bool, "true or false")?;
            let time = src.field(&v, "us", micros_of, "microseconds")?;
            let list = src.field(&v, "pairs", Value::as_array, "a list of pairs")?;
            let cells = list
                .iter()
                .map(|c| read_cell(src, c))
                .collect::<Result<Vec<_>, _>>()?;
            (
                format!("scope {scope}, derive {derive}"),
                format!("compare at scope {scope}"),
                Body::Compare { scope, time, cells },
            )
        }
        other => {
            return Err(src.error(
                "command",
                format!(
                    "`{}` is a part of `{other}`, which merge does not know",
                    src.name
                ),
            ));
        }
    };
    Ok(Part {
        src,
        command,
        shard,
        solder,
        library,
        levels,
        run,
        label,
        body,
    })
}

fn read_level(src: &PartText, r: &Value) -> Result<LevelResult, Errors> {
    let str_of = |v: &Value| v.as_str().map(str::to_string);
    let level = src.field(r, "level", str_of, "a level's name")?;
    let time = src.field(r, "us", Value::as_u64, "microseconds")?;
    let verdict_word = src.field(r, "verdict", str_of, "a verdict")?;
    let verdict = match verdict_word.as_str() {
        "holds" => {
            let pairs = src.field(r, "witness", Value::as_array, "a list of [name, order]")?;
            let ws = pairs
                .iter()
                .map(|p| match as_strings(p).as_deref() {
                    Some([n, w]) => Ok((n.clone(), w.clone())),
                    _ => Err(src.error("witness", "a witness is a pair [name, order]")),
                })
                .collect::<Result<Vec<_>, _>>()?;
            Verdict::Holds(ws)
        }
        "fails" => match r.get("reason") {
            None | Some(Value::Null) => Verdict::Fails(None),
            Some(reason) => Verdict::Fails(Some(Reason {
                txns: src.field(reason, "txns", as_usizes, "a list of indices")?,
                names: src.field(reason, "names", as_strings, "a list of names")?,
                history: src.field(reason, "history", str_of, "a history")?,
                edges: src.field(reason, "edges", as_strings, "a list of dependencies")?,
                internal: reason
                    .get("internal")
                    .and_then(Value::as_str)
                    .map(str::to_string),
            })),
        },
        "timeout" => Verdict::Timeout,
        "stopped" => Verdict::Stopped,
        "skipped" => Verdict::Skipped,
        "unsolved" => Verdict::Unsolved(src.field(r, "message", str_of, "a message")?),
        other => {
            return Err(src.error("verdict", format!("`{other}` is not a verdict")));
        }
    };
    Ok(LevelResult {
        framework: framework_of(&level),
        level,
        verdict,
        time: Duration::from_micros(time),
        reason_time: r
            .get("reason_us")
            .and_then(Value::as_u64)
            .map(Duration::from_micros),
    })
}

fn read_cell(src: &PartText, c: &Value) -> Result<(String, String, Cell, Source), Errors> {
    let str_of = |v: &Value| v.as_str().map(str::to_string);
    let a = src.field(c, "level", str_of, "a level's name")?;
    let b = src.field(c, "not", str_of, "a level's name")?;
    let cell = match c.get("implies") {
        Some(Value::Bool(true)) => Cell::Implies,
        Some(Value::Bool(false)) => {
            Cell::Separated(src.field(c, "history", str_of, "a history")?)
        }
        _ => Cell::Undecided,
    };
    let source = match src
        .field(c, "source", str_of, "solved, cached or derived")?
        .as_str()
    {
        "solved" => Source::Solved,
        "cached" => Source::Cached,
        "derived" => Source::Derived,
        other => {
            return Err(src.error("source", format!("`{other}` is not how a pair was decided")));
        }
    };
    Ok((a, b, cell, source))
}

/// The tables the parts make, each checked to be whole: every shard of its run given
/// once, every unit of work decided by the shard that owns it.
pub fn merge(texts: &[PartText]) -> Result<Merged, Errors> {
    let parts = texts.iter().map(read_part).collect::<Result<Vec<_>, _>>()?;
    let Some(first) = parts.first() else {
        return Err(Errors::from(Diagnostic::global(
            "merge needs at least one part",
        )));
    };
    for p in &parts[1..] {
        let (key, what, mine, theirs) = if p.command != first.command {
            ("command", "command", &p.command, &first.command)
        } else if p.solder != first.solder {
            ("solder", "solder version", &p.solder, &first.solder)
        } else if p.library != first.library {
            ("library", "library digest", &p.library, &first.library)
        } else {
            continue;
        };
        return Err(Errors::from(
            Diagnostic::error(
                p.src.at(key),
                format!(
                    "`{}` and `{}` cannot be merged: {what} `{mine}` and `{theirs}`",
                    p.src.name, first.src.name
                ),
            )
            .with_note(first.src.at(key), "the first part")
            .with_help("merge parts that one solder wrote from the same library"),
        ));
    }
    // Runs in the order their first part was given.
    let mut runs: Vec<(String, Vec<&Part>)> = Vec::new();
    for p in &parts {
        let key = format!("{} | {}", p.run, p.levels.join(","));
        match runs.iter_mut().find(|(k, _)| *k == key) {
            Some((_, ps)) => ps.push(p),
            None => runs.push((key, vec![p])),
        }
    }
    let mut classified = Vec::new();
    let mut matrices = Vec::new();
    for (_, ps) in &runs {
        let count = ps[0].shard.count;
        if let Some(p) = ps.iter().find(|p| p.shard.count != count) {
            return Err(p.src.error(
                "shard",
                format!(
                    "`{}` is shard {} but `{}` is shard {} of the same run: a run is split one way",
                    p.src.name, p.shard, ps[0].src.name, ps[0].shard
                ),
            ));
        }
        let mut by_index: BTreeMap<usize, &Part> = BTreeMap::new();
        for p in ps {
            if let Some(q) = by_index.insert(p.shard.index, p) {
                return Err(p.src.error(
                    "shard",
                    format!(
                        "shard {} of {} is given twice: `{}` and `{}`",
                        p.shard, p.label, q.src.name, p.src.name
                    ),
                ));
            }
        }
        let missing: Vec<String> = (1..=count)
            .filter(|i| !by_index.contains_key(i))
            .map(|i| format!("{i}/{count}"))
            .collect();
        if !missing.is_empty() {
            let given: Vec<String> = by_index
                .values()
                .map(|p| format!("{} ({})", p.shard, p.src.name))
                .collect();
            return Err(Errors::from(
                Diagnostic::error(
                    ps[0].src.at("shard"),
                    format!(
                        "{} is not whole: shard {} missing (given: {})",
                        ps[0].label,
                        missing.join(", "),
                        given.join(", ")
                    ),
                )
                .with_help("give every part of the run, or run the missing shards"),
            ));
        }
        let levels = &ps[0].levels;
        match &ps[0].body {
            Body::Classify(_) => {
                classified.push((ps[0].label.clone(), merge_classify(levels, &by_index)?));
            }
            Body::Compare { scope, .. } => {
                matrices.push(merge_compare(levels, *scope, &by_index)?);
            }
        }
    }
    Ok(if first.command == "classify" {
        Merged::Classify(classified)
    } else {
        Merged::Compare(matrices)
    })
}

fn merge_classify(
    levels: &[String],
    by_index: &BTreeMap<usize, &Part>,
) -> Result<Vec<LevelResult>, Errors> {
    let mut slots: Vec<Option<LevelResult>> = vec![None; levels.len()];
    for p in by_index.values() {
        let Body::Classify(results) = &p.body else {
            unreachable!("parts of one run have one command")
        };
        let mine: Vec<usize> = (0..levels.len()).filter(|&k| p.shard.owns(k)).collect();
        let got: Vec<&str> = results.iter().map(|r| r.level.as_str()).collect();
        let want: Vec<&str> = mine.iter().map(|&k| levels[k].as_str()).collect();
        if got != want {
            return Err(p.src.error(
                "results",
                format!(
                    "`{}` (shard {}) should decide {} and decides {}",
                    p.src.name,
                    p.shard,
                    list_or_none(&want),
                    list_or_none(&got)
                ),
            ));
        }
        for (&k, r) in mine.iter().zip(results) {
            slots[k] = Some(r.clone());
        }
    }
    Ok(slots
        .into_iter()
        .map(|r| r.expect("every level has its shard"))
        .collect())
}

fn list_or_none(names: &[&str]) -> String {
    if names.is_empty() {
        "no level".into()
    } else {
        names.join(", ")
    }
}

fn merge_compare(
    levels: &[String],
    scope: usize,
    by_index: &BTreeMap<usize, &Part>,
) -> Result<Matrix, Errors> {
    let n = levels.len();
    let mut cells: Vec<Vec<Option<Cell>>> = vec![vec![None; n]; n];
    let mut sources = vec![vec![Source::Solved; n]; n];
    let mut time = Duration::ZERO;
    for (a, row) in cells.iter_mut().enumerate() {
        row[a] = Some(Cell::Same);
    }
    for p in by_index.values() {
        let Body::Compare {
            cells: got,
            time: t,
            ..
        } = &p.body
        else {
            unreachable!("parts of one run have one command")
        };
        // The shards ran side by side: the merge took as long as the longest.
        time = time.max(*t);
        let want: Vec<(usize, usize)> = pairs(n)
            .enumerate()
            .filter(|(k, _)| p.shard.owns(*k))
            .map(|(_, ab)| ab)
            .collect();
        let same = want.len() == got.len()
            && want
                .iter()
                .zip(got)
                .all(|(&(a, b), (x, y, _, _))| levels[a] == *x && levels[b] == *y);
        if !same {
            return Err(p.src.error(
                "pairs",
                format!(
                    "`{}` (shard {}) does not hold the pairs of its shard: it was not written by `compare --shard {}` over these levels",
                    p.src.name, p.shard, p.shard
                ),
            ));
        }
        for (&(a, b), (_, _, cell, source)) in want.iter().zip(got) {
            cells[a][b] = Some(cell.clone());
            sources[a][b] = *source;
        }
    }
    let cells: Vec<Vec<Cell>> = cells
        .into_iter()
        .map(|row| {
            row.into_iter()
                .map(|c| c.expect("every pair has its shard"))
                .collect()
        })
        .collect();
    let (mut solved, mut cached, mut derived, mut undecided) = (0, 0, 0, 0);
    for (a, b) in pairs(n) {
        match (&cells[a][b], sources[a][b]) {
            (Cell::Undecided, _) => undecided += 1,
            (_, Source::Solved) => solved += 1,
            (_, Source::Cached) => cached += 1,
            (_, Source::Derived) => derived += 1,
        }
    }
    Ok(Matrix {
        levels: levels.to_vec(),
        scope,
        cells,
        sources,
        time,
        solved,
        cached,
        derived,
        undecided,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_digest_separates_texts_and_their_boundaries() {
        assert_eq!(digest(["ab"]), digest(["ab"]));
        assert_ne!(digest(["ab", "c"]), digest(["a", "bc"]));
        assert_ne!(digest(["T1: r(x,0)"]), digest(["T1: r(x,1)"]));
    }
}
