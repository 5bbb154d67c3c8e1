//! README.md's transcripts, run against today's solder so that they cannot drift.
//!
//! How README.md writes a transcript (the test fails on anything else):
//!
//! - A transcript is a fenced block with a line that starts with `$ `. Each `$ ` line is a
//!   command; the lines after it, up to the next `$ ` line or the closing fence, are what
//!   it prints. Nothing may come before the block's first `$ ` line, and no `$ ` line may
//!   stand outside a fenced block.
//! - Commands: `solder ARGS…`, optionally with `< FILE` as standard input; `cat FILE`, whose
//!   lines are FILE's content, an input for the commands after it in the same block
//!   (nothing runs; FILE is a plain name); `head -N FILE`, the first N lines of a file that
//!   an earlier command of the block wrote (`-o FILE`, never under `examples/`). Arguments
//!   are words separated by spaces, without quotes.
//! - Each block runs in a fresh temporary directory of its own where `examples` is the
//!   repository's `examples/`, so every file a block names is `examples/…` or made earlier
//!   in the block (`$ cat bad.als` shows the input before `$ solder run bad.als`). Standard
//!   input is empty unless redirected; `compare`'s cache (`SOLDER_CACHE_DIR`) is the
//!   block's own and starts empty; the REPL keeps no history.
//! - `# needs SOMETHING` after a command skips it: software that CI lacks (Graphviz's
//!   `dot`). The test prints the commands it skipped. Other `# …` comments are ignored.
//!
//! What counts as the same, line by line (both sides are normalised alike):
//!
//! - Trailing spaces, and empty lines at the end, do not count.
//! - A timing (`12 ms`, `1.23 s`) matches any timing.
//! - Column widths follow the timings in them (`classify`'s time column): in table rows
//!   (`│ … │`) a run of spaces after the indentation counts as one space, and in table
//!   rules (`┌───┬──┐`) a run of `─` or `═` as one.
//! - A README line that is just `…` (any indentation) stands for any run of lines, none
//!   included; `…` within a README line stands for any text within the line. Within a
//!   line it is for what varies between machines: `compare` splits its pairs between
//!   solved and derived, and so between separating histories, by how they fall to the
//!   cores.
//! - A terminal shows standard output and standard error together, in the order they were
//!   written. Two pipes lose that order, so the README's lines must be an interleaving of
//!   the two streams: every line the README shows is a line of one of them, and each
//!   stream's lines keep their own order; every line of both must be shown or elided.
//!   (Diagnostics and `-o`'s "written to" lines are on standard error; a transcript shows
//!   them where a terminal would.) The README does not say which stream a line is on, so
//!   a line that moved to the other stream, in the same place, still matches.
//!
//! A failure lists every transcript that drifted, with its command, exit code, and a diff:
//! `-` a line the README shows and the output lacks, `+` a line of the output the README
//! does not show, `…` a line of the output that a README `…` line stands for, `err` a
//! line of standard error.

use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::common::parallel::parallel;

const README: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/README.md");
const ELLIPSIS: &str = "…";
/// A command that runs longer has hung (the slowest takes a few seconds).
const HUNG: Duration = Duration::from_secs(300);

/// One `$ ` line and the lines under it.
struct Step {
    /// Its line in README.md, from 1.
    line: usize,
    command: String,
    body: Vec<String>,
}

/// Finds the transcripts of a README: each fenced block with `$ ` lines, as its steps.
fn transcripts(readme: &str) -> Result<Vec<Vec<Step>>, String> {
    let mut blocks = Vec::new();
    let mut lines = readme.lines().enumerate();
    while let Some((n, line)) = lines.next() {
        if line.starts_with("$ ") {
            return Err(format!(
                "README.md:{}: a `$ ` line outside a fenced block is never checked",
                n + 1
            ));
        }
        if !line.trim_start().starts_with("```") {
            continue;
        }
        let mut steps: Vec<Step> = Vec::new();
        for (m, inner) in lines.by_ref() {
            if inner.trim_start().starts_with("```") {
                break;
            }
            if let Some(command) = inner.strip_prefix("$ ") {
                steps.push(Step {
                    line: m + 1,
                    command: command.to_string(),
                    body: Vec::new(),
                });
            } else if let Some(step) = steps.last_mut() {
                step.body.push(inner.to_string());
            } else if !inner.trim().is_empty() && has_command(readme, m) {
                return Err(format!(
                    "README.md:{}: this line comes before the block's first `$ ` command",
                    m + 1
                ));
            }
        }
        if !steps.is_empty() {
            blocks.push(steps);
        }
    }
    Ok(blocks)
}

/// Whether the fenced block around line `m` (from 0) has a `$ ` line after it.
fn has_command(readme: &str, m: usize) -> bool {
    readme
        .lines()
        .skip(m)
        .take_while(|l| !l.trim_start().starts_with("```"))
        .any(|l| l.starts_with("$ "))
}

/// What one step came to.
enum Outcome {
    Passed,
    Skipped(String),
    Failed(String),
}

/// Runs a block's steps in order in `dir` (its own, empty): each step's line, outcome and
/// time.
fn run_block(steps: &[Step], dir: &Path) -> Vec<(usize, Outcome, Duration)> {
    let work = dir.join("work");
    std::fs::create_dir_all(&work).expect("a temporary directory");
    symlink(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("examples"),
        &work.join("examples"),
    );
    steps
        .iter()
        .map(|step| {
            let started = Instant::now();
            let outcome = run_step(step, dir, &work);
            (step.line, outcome, started.elapsed())
        })
        .collect()
}

#[cfg(unix)]
fn symlink(target: &Path, link: &Path) {
    std::os::unix::fs::symlink(target, link).expect("a symbolic link to examples/");
}

#[cfg(windows)]
fn symlink(target: &Path, link: &Path) {
    std::os::windows::fs::symlink_dir(target, link).expect("a symbolic link to examples/");
}

fn run_step(step: &Step, dir: &Path, work: &Path) -> Outcome {
    let (command, comment) = match step.command.split_once('#') {
        Some((command, comment)) => (command.trim(), comment.trim()),
        None => (step.command.trim(), ""),
    };
    if comment.starts_with("needs ") {
        return Outcome::Skipped(format!("README.md:{}: $ {}", step.line, step.command));
    }
    let failed = |why: String| {
        Outcome::Failed(format!(
            "README.md:{}: $ {}\n  {why}",
            step.line, step.command
        ))
    };
    if command.contains(['"', '\'', '`', '|', '>', ';', '&']) {
        return failed("a transcript's command has plain words only (and `< FILE`)".into());
    }
    let words: Vec<&str> = command.split_whitespace().collect();
    match words.as_slice() {
        ["cat", file] if file.contains(['/', '\\']) => {
            // Through `examples` it would write into the repository.
            failed(format!(
                "`cat` defines a file of the block's own directory, not `{file}`"
            ))
        }
        ["cat", file] => {
            let mut text = step.body.join("\n");
            text.push('\n');
            std::fs::write(work.join(file), text).expect("writes the input file");
            Outcome::Passed
        }
        ["head", count, file] => {
            let Some(n) = count
                .strip_prefix('-')
                .and_then(|n| n.parse::<usize>().ok())
            else {
                return failed(format!("`head` takes `-N`, not `{count}`"));
            };
            let Ok(text) = std::fs::read_to_string(work.join(file)) else {
                return failed(format!(
                    "no file `{file}`: an earlier command should write it"
                ));
            };
            let lines: Vec<String> = text.lines().take(n).map(str::to_string).collect();
            match diff(&step.body, &lines, &[]) {
                None => Outcome::Passed,
                Some(diff) => failed(diff),
            }
        }
        ["solder", args @ ..] => {
            let (args, stdin) = match args {
                [args @ .., "<", file] => (args, Some(work.join(file))),
                args => (args, None),
            };
            if args.contains(&"<") {
                return failed("`<` goes last: `solder ARGS < FILE`".into());
            }
            let (code, out, err) = match solder(args, stdin.as_deref(), dir, work) {
                Ok(result) => result,
                Err(why) => return failed(why),
            };
            let lines = |s: &str| s.lines().map(str::to_string).collect::<Vec<_>>();
            match diff(&step.body, &lines(&out), &lines(&err)) {
                None => Outcome::Passed,
                Some(diff) => failed(format!("exit code {code}\n{diff}")),
            }
        }
        _ => failed("a transcript's commands are `solder …`, `cat FILE` and `head -N FILE`".into()),
    }
}

/// `solder ARGS` in `work`: (exit code, stdout, stderr). Output goes to files in `dir`,
/// so that a command printing much cannot block on a pipe while the clock is watched.
fn solder(
    args: &[&str],
    stdin: Option<&Path>,
    dir: &Path,
    work: &Path,
) -> Result<(i32, String, String), String> {
    let (out_path, err_path) = (dir.join("stdout"), dir.join("stderr"));
    let create = |p: &Path| std::fs::File::create(p).expect("an output file");
    let stdin = match stdin {
        Some(path) => Stdio::from(
            std::fs::File::open(path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?,
        ),
        None => Stdio::null(),
    };
    let mut child = Command::new(env!("CARGO_BIN_EXE_solder"))
        .args(args)
        .current_dir(work)
        .env("SOLDER_CACHE_DIR", dir.join("cache"))
        .env("SOLDER_HISTORY", "")
        .env("NO_COLOR", "1")
        .stdin(stdin)
        .stdout(create(&out_path))
        .stderr(create(&err_path))
        .spawn()
        .expect("solder starts");
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("waits for solder") {
            break status;
        }
        if started.elapsed() > HUNG {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("still running after {} s", HUNG.as_secs()));
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let read = |p: &Path| String::from_utf8_lossy(&std::fs::read(p).unwrap()).into_owned();
    Ok((
        status.code().unwrap_or(-1),
        read(&out_path),
        read(&err_path),
    ))
}

/// Timings as one token: a number glued to no word, a space and a unit of time.
fn mask_timings(line: &str) -> String {
    const UNITS: [&str; 5] = ["ms", "µs", "ns", "min", "s"];
    let chars: Vec<char> = line.chars().collect();
    let glued = |c: char| c.is_alphanumeric() || matches!(c, '.' | '_' | '$');
    let mut masked = String::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_ascii_digit() && (i == 0 || !glued(chars[i - 1])) {
            let mut j = i;
            while j < chars.len() && chars[j].is_ascii_digit() {
                j += 1;
            }
            if j + 1 < chars.len() && chars[j] == '.' && chars[j + 1].is_ascii_digit() {
                j += 1;
                while j < chars.len() && chars[j].is_ascii_digit() {
                    j += 1;
                }
            }
            if chars.get(j) == Some(&' ') {
                let rest: String = chars[j + 1..].iter().collect();
                let unit = UNITS.iter().find(|u| {
                    rest.starts_with(*u)
                        && !rest[u.len()..]
                            .chars()
                            .next()
                            .is_some_and(char::is_alphanumeric)
                });
                if let Some(unit) = unit {
                    masked.push('⏱');
                    i = j + 1 + unit.chars().count();
                    continue;
                }
            }
            masked.extend(&chars[i..j]);
            i = j;
            continue;
        }
        masked.push(chars[i]);
        i += 1;
    }
    masked
}

/// A line as it is compared (see the module's doc).
fn normalise(line: &str) -> String {
    let line = mask_timings(line.trim_end());
    let body = line.trim_start();
    let indent = &line[..line.len() - body.len()];
    let collapse = |is_run: fn(char) -> bool| {
        let mut out = String::from(indent);
        for c in body.chars() {
            if !(is_run(c) && out.ends_with(c)) {
                out.push(c);
            }
        }
        out
    };
    if body.starts_with(['┌', '├', '╞', '└']) {
        collapse(|c| c == '─' || c == '═')
    } else if body.chars().count() > 1 && body.starts_with('│') && body.ends_with('│') {
        collapse(|c| c == ' ')
    } else {
        line
    }
}

fn is_elision(line: &str) -> bool {
    line.trim() == ELLIPSIS
}

/// Whether a normalised README line matches a normalised output line: `…` within the
/// README's line stands for any text.
fn line_matches(pattern: &str, line: &str) -> bool {
    let parts: Vec<&str> = pattern.split(ELLIPSIS).collect();
    let [first, middle @ .., last] = parts.as_slice() else {
        return pattern == line;
    };
    let Some(mut rest) = line.strip_prefix(first) else {
        return false;
    };
    for part in middle {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.ends_with(last)
}

/// One line of the alignment of a transcript with the output.
#[derive(Debug, PartialEq)]
enum Op {
    /// A README line matched by an output line (on standard error when `true`).
    Same(String, bool),
    /// A README `…` line.
    Elision(String),
    /// An output line that a README `…` stands for.
    Elided(String, bool),
    /// A README line the output lacks.
    Missing(String),
    /// An output line the README does not show.
    Extra(String, bool),
}

/// Aligns the README's lines with the two streams, every README line with a line of one
/// of them, each stream in order: an edit distance in three dimensions, where a `…` line
/// takes any run of output lines at no cost. `None` when nothing but elisions is left.
fn align(expected: &[String], out: &[String], err: &[String]) -> Option<Vec<Op>> {
    let trim = |lines: &[String]| {
        let end = lines.len()
            - lines
                .iter()
                .rev()
                .take_while(|l| l.trim().is_empty())
                .count();
        lines[..end].to_vec()
    };
    let (expected, out, err) = (trim(expected), trim(out), trim(err));
    let norm = |lines: &[String]| lines.iter().map(|l| normalise(l)).collect::<Vec<_>>();
    let (ne, no, nr) = (norm(&expected), norm(&out), norm(&err));
    let (p, j_len, k_len) = (expected.len(), out.len(), err.len());
    let at = |i: usize, j: usize, k: usize| (i * (j_len + 1) + j) * (k_len + 1) + k;
    let elision = |i: usize| is_elision(&expected[i]);
    let matches = |i: usize, line: &str| !elision(i) && line_matches(&ne[i], line);
    // What it costs to reach (i, j, k) from each predecessor, or None if it cannot.
    let steps = |dp: &[u32], i: usize, j: usize, k: usize| {
        let mut options: Vec<(u32, [usize; 3])> = Vec::new();
        let after_elision = i > 0 && elision(i - 1);
        if i > 0 && j > 0 && matches(i - 1, &no[j - 1]) {
            options.push((dp[at(i - 1, j - 1, k)], [i - 1, j - 1, k]));
        }
        if i > 0 && k > 0 && matches(i - 1, &nr[k - 1]) {
            options.push((dp[at(i - 1, j, k - 1)], [i - 1, j, k - 1]));
        }
        if j > 0 {
            options.push((
                dp[at(i, j - 1, k)] + u32::from(!after_elision),
                [i, j - 1, k],
            ));
        }
        if k > 0 {
            options.push((
                dp[at(i, j, k - 1)] + u32::from(!after_elision),
                [i, j, k - 1],
            ));
        }
        if i > 0 {
            options.push((
                dp[at(i - 1, j, k)] + u32::from(!elision(i - 1)),
                [i - 1, j, k],
            ));
        }
        options
    };
    let mut dp = vec![0u32; (p + 1) * (j_len + 1) * (k_len + 1)];
    for i in 0..=p {
        for j in 0..=j_len {
            for k in 0..=k_len {
                if (i, j, k) != (0, 0, 0) {
                    let best = steps(&dp, i, j, k).iter().map(|o| o.0).min();
                    dp[at(i, j, k)] = best.expect("a predecessor");
                }
            }
        }
    }
    if dp[at(p, j_len, k_len)] == 0 {
        return None;
    }
    // Walk back along a cheapest path; matches first, so that a changed line reads as
    // `-` then `+`.
    let (mut i, mut j, mut k) = (p, j_len, k_len);
    let mut ops = Vec::new();
    while (i, j, k) != (0, 0, 0) {
        let here = dp[at(i, j, k)];
        let (_, [pi, pj, pk]) = steps(&dp, i, j, k)
            .into_iter()
            .find(|&(cost, _)| cost == here)
            .expect("a cheapest predecessor");
        let op = match (i - pi, j - pj, k - pk) {
            (1, 1, 0) => Op::Same(out[pj].clone(), false),
            (1, 0, 1) => Op::Same(err[pk].clone(), true),
            (1, 0, 0) if elision(pi) => Op::Elision(expected[pi].clone()),
            (1, 0, 0) => Op::Missing(expected[pi].clone()),
            (0, 1, 0) if i > 0 && elision(i - 1) => Op::Elided(out[pj].clone(), false),
            (0, 0, 1) if i > 0 && elision(i - 1) => Op::Elided(err[pk].clone(), true),
            (0, 1, 0) => Op::Extra(out[pj].clone(), false),
            (0, 0, 1) => Op::Extra(err[pk].clone(), true),
            step => unreachable!("{step:?}"),
        };
        ops.push(op);
        (i, j, k) = (pi, pj, pk);
    }
    ops.reverse();
    Some(ops)
}

/// The README's lines against the output, as a readable diff; `None` when they match.
fn diff(expected: &[String], out: &[String], err: &[String]) -> Option<String> {
    let ops = align(expected, out, err)?;
    let stream = |on_err: bool| if on_err { "err" } else { "   " };
    let rows: Vec<(bool, String)> = ops
        .iter()
        .map(|op| match op {
            Op::Same(line, on_err) => (false, format!("  {} {line}", stream(*on_err))),
            Op::Elision(line) => (false, format!("      {line}")),
            Op::Elided(line, on_err) => (false, format!("… {} {line}", stream(*on_err))),
            Op::Missing(line) => (true, format!("-     {line}")),
            Op::Extra(line, on_err) => (true, format!("+ {} {line}", stream(*on_err))),
        })
        .collect();
    // Three lines of context around each change.
    let near = |n: usize| {
        rows[n.saturating_sub(3)..(n + 4).min(rows.len())]
            .iter()
            .any(|r| r.0)
    };
    let mut text = String::from(
        "  (- the README only, + the output only, … output a README `…` stands for, \
         err standard error; compared after normalising)\n",
    );
    let mut skipped = 0;
    for (n, (_, row)) in rows.iter().enumerate() {
        if near(n) {
            if skipped > 0 {
                text.push_str(&format!("      ⋮ {skipped} lines\n"));
                skipped = 0;
            }
            text.push_str(row);
            text.push('\n');
        } else {
            skipped += 1;
        }
    }
    if skipped > 0 {
        text.push_str(&format!("      ⋮ {skipped} lines\n"));
    }
    Some(text)
}

/// Every transcript of README.md, run: the output must be what the README shows.
#[test]
fn the_readme_transcripts_match_the_tool() {
    let readme = std::fs::read_to_string(README).expect("README.md");
    let blocks = transcripts(&readme).unwrap_or_else(|e| panic!("{e}"));
    let runs = blocks
        .iter()
        .flatten()
        .filter(|s| s.command.starts_with("solder"))
        .count();
    assert!(
        runs >= 10,
        "only {runs} `$ solder` commands found in README.md"
    );
    let root = std::env::temp_dir().join(format!("solder-readme-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let started = Instant::now();
    let results = Mutex::new(Vec::new());
    parallel(blocks.len(), |b| {
        let outcomes = run_block(&blocks[b], &root.join(b.to_string()));
        results.lock().unwrap().extend(outcomes);
    });
    let mut results = results.into_inner().unwrap();
    results.sort_by_key(|r| r.0);
    let mut failures = Vec::new();
    let mut skipped = Vec::new();
    let mut slow = Vec::new();
    for (line, outcome, time) in results {
        if time > Duration::from_secs(1) {
            slow.push(format!("README.md:{line}: {:.1} s", time.as_secs_f64()));
        }
        match outcome {
            Outcome::Passed => {}
            Outcome::Skipped(step) => skipped.push(step),
            Outcome::Failed(report) => failures.push(report),
        }
    }
    println!(
        "README transcripts: {} commands in {} blocks, {:.1} s; skipped ({}):",
        blocks.iter().map(Vec::len).sum::<usize>(),
        blocks.len(),
        started.elapsed().as_secs_f64(),
        skipped.len()
    );
    for step in &skipped {
        println!("  {step}");
    }
    println!("slower than 1 s: {}", slow.join(", "));
    let _ = std::fs::remove_dir_all(&root);
    assert!(
        failures.is_empty(),
        "{} of README.md's transcripts differ from what solder prints (fix the README, \
         or the tool; the test's doc says what is compared):\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

fn lines(text: &str) -> Vec<String> {
    text.lines().map(str::to_string).collect()
}

#[test]
fn timings_and_the_widths_they_give_columns_do_not_count() {
    assert_eq!(
        normalise("  instance found — 1430 ms (scope: 5 Obj), 0.26 s, 4 solves   "),
        "  instance found — ⏱ (scope: 5 Obj), ⏱, 4 solves"
    );
    assert_eq!(normalise("T1: w(x,1) 5 seq"), "T1: w(x,1) 5 seq");
    assert_eq!(
        normalise("│ SER  ┆ 1 ms + 44 ms reason   │"),
        normalise("│ SER  ┆ 12 ms + 183 ms reason │")
    );
    assert_eq!(normalise("┌────┬──┐"), normalise("┌──┬─────┐"));
    // Outside tables, spaces count: they place a diagnostic's underline.
    assert_ne!(normalise("   │   ──┬─"), normalise("   │  ──┬─"));
    assert_ne!(
        normalise("│ Man$0 ┆ Woman$1 │"),
        normalise("│ Man$0 ┆ Woman$0 │")
    );
}

#[test]
fn an_elision_stands_for_any_run_of_lines_and_within_a_line_for_any_text() {
    let output = lines("a\nb\nc\nd 12 ms\n");
    assert_eq!(diff(&lines("a\n…\nd 3 ms"), &output, &[]), None);
    assert_eq!(diff(&lines("  …\na\nb\nc\nd 1 s\n…"), &output, &[]), None);
    assert_eq!(diff(&lines("a\n…\nb\n…\nd …"), &output, &[]), None);
    assert!(diff(&lines("a\n…\nx\n…"), &output, &[]).is_some());
    assert!(diff(&lines("a\nb\nc"), &output, &[]).is_some());
    assert!(line_matches(
        "✗1: RA but not CC, …",
        "✗1: RA but not CC, RA but not SER"
    ));
    assert!(!line_matches(
        "✗1: RA but not CC, …",
        "✗1: RA but not SI, RA"
    ));
}

#[test]
fn the_two_streams_interleave_each_in_its_own_order() {
    let (out, err) = (lines("o1\no2"), lines("e1\ne2"));
    assert_eq!(diff(&lines("o1\ne1\no2\ne2"), &out, &err), None);
    assert_eq!(diff(&lines("e1\ne2\no1\no2"), &out, &err), None);
    assert!(diff(&lines("o2\no1\ne1\ne2"), &out, &err).is_some());
    assert!(diff(&lines("o1\no2\ne1"), &out, &err).is_some());
}

#[test]
fn a_drifted_line_shows_as_minus_then_plus_in_context() {
    let output = lines("head\n1\n2\n3\n4\n5\n6\nold 5 ms\ntail");
    let readme = lines("head\n1\n2\n3\n4\n5\n6\nnew 7 ms\ntail");
    let text = diff(&readme, &output, &[]).expect("a drift");
    let body: Vec<&str> = text.lines().skip(1).collect();
    assert_eq!(
        body,
        [
            "      ⋮ 4 lines",
            "      4",
            "      5",
            "      6",
            "-     new 7 ms",
            "+     old 5 ms",
            "      tail",
        ],
        "{text}"
    );
    let text = diff(&lines("Error: x"), &[], &lines("Error: y")).expect("a drift");
    assert!(text.contains("-     Error: x\n+ err Error: y"), "{text}");
}

#[test]
fn transcripts_are_the_fenced_blocks_with_commands() {
    let readme = "text\n```\n$ solder run a.als\nout 1\n\n$ cat f\nx\n```\n```sh\ncargo run\n```\n";
    let blocks = transcripts(readme).unwrap();
    assert_eq!(blocks.len(), 1);
    assert_eq!(blocks[0][0].line, 3);
    assert_eq!(blocks[0][0].body, ["out 1", ""]);
    assert_eq!(blocks[0][1].command, "cat f");
    assert!(transcripts("$ solder run a.als\n").is_err());
    assert!(transcripts("```\nstray\n$ solder run a.als\n```\n").is_err());
}
