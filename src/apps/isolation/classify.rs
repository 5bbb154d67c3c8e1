//! `classify`: which levels of the library a concrete history satisfies, with a witness
//! for each ✓ and a minimal violating sub-history for each ✗.
//!
//! The history is pinned by one-atom sigs and a fact (`history::history_model`); facts
//! that fix a relation make its bounds exact (`logic::pinned`), so each level is a search
//! for its witness alone, through the ordinary pipeline: the library's own definitions
//! decide, and every ✓ is re-checked by the evaluator as any answer is.
//!
//! A reason for ✗ is a set of transactions whose sub-history (`History::restrict`)
//! already violates the level and from which no transaction can be dropped: found by
//! QuickXplain's divide and conquer (few solves when the reason is small), then checked
//! transaction by transaction, so that it is minimal even where a level is not monotone
//! in the transactions.

use std::collections::BTreeSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::check::{self, Checked, RootSource};
use crate::diagnostic::{Diagnostic, Errors, SourceMap};
use crate::logic::TupleSet;
use crate::session::{CommandRun, RunOptions};

use super::history::{History, ModelNames, history_model};
use super::levels::{all_levels, framework_of};
use super::{dsg, native, saturation};

#[derive(Clone, Debug)]
pub struct ClassifyOptions {
    pub run: RunOptions,
    /// Find a minimal violating sub-history for each ✗.
    pub reasons: bool,
    /// Give up on a level (and on its reason) after this long.
    pub timeout: Option<Duration>,
    /// Decide RC, RA, CC, PL-1 and PL-2 by saturation (`super::saturation`) rather than
    /// through the library's definitions (`--no-saturation`).
    pub saturation: bool,
    /// Decide SER and UpdateSer on the history itself (`super::native`) rather than
    /// through the library's definitions (`--no-native`).
    pub native: bool,
    /// The most transactions a history may have for the levels decided through the
    /// library's definitions: above it Adya's PSI and PL-2+ (a closure over the version
    /// order) and Crooks's levels (the order's immediate predecessors) run out of time
    /// and memory; larger histories get `Verdict::Skipped` for those levels.
    pub generic_limit: Option<usize>,
}

/// The default of `ClassifyOptions::generic_limit` (`--max-txns`).
/// At 200 transactions every level is decided in 28–48 s on two cores, the slowest
/// (Crooks's SI) in 15 s (`cargo bench --bench classify`).
pub const GENERIC_LIMIT: usize = 200;

impl Default for ClassifyOptions {
    fn default() -> ClassifyOptions {
        ClassifyOptions {
            run: RunOptions::default(),
            reasons: true,
            timeout: None,
            saturation: true,
            native: true,
            generic_limit: Some(GENERIC_LIMIT),
        }
    }
}

#[derive(Clone, Debug)]
pub enum Verdict {
    /// The level holds; its witnesses by name (`co`, `vis`, `ar`, `vo`) in short form.
    Holds(Vec<(String, String)>),
    /// The level fails; the reason, unless reasons were not asked for (or timed out).
    Fails(Option<Reason>),
    /// Undecided within the time limit.
    Timeout,
    /// Undecided: the caller's stop flag was raised first (Ctrl-C, a signal).
    Stopped,
    /// Not tried: the history is larger than `ClassifyOptions::generic_limit`.
    Skipped,
    /// The solve gave up with this message (the translation exceeded its limits).
    Unsolved(String),
}

#[derive(Clone, Debug)]
pub struct Reason {
    /// Indices of the history's transactions.
    pub txns: Vec<usize>,
    /// Their names.
    pub names: Vec<String>,
    /// Their sub-history, in the input's notation.
    pub history: String,
    /// The dependencies among them: session order and write-read edges.
    pub edges: Vec<String>,
    /// A violation within one transaction, which no level allows.
    pub internal: Option<String>,
}

#[derive(Clone, Debug)]
pub struct LevelResult {
    pub level: String,
    pub framework: Option<&'static str>,
    pub verdict: Verdict,
    /// Time to decide the level.
    pub time: Duration,
    /// Time to find the reason, if one was looked for.
    pub reason_time: Option<Duration>,
}

/// The levels named, checked against the library's: an unknown name is an error that
/// lists them.
pub fn resolve_levels(names: &[String]) -> Result<Vec<&'static str>, Errors> {
    let known = all_levels();
    let mut out = Vec::new();
    let mut errors = Vec::new();
    for n in names {
        match known.iter().find(|k| k.eq_ignore_ascii_case(n)) {
            Some(k) => out.push(*k),
            None => errors.push(
                Diagnostic::global(format!("unknown level `{n}`"))
                    .with_help(format!("the library's levels: {}", known.join(", "))),
            ),
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(Errors(errors))
    }
}

/// A history model loaded with its commands: one per level.
struct Loaded {
    checked: Arc<Checked>,
    /// The generated model's text, which the diagnostics of its commands point into.
    sources: SourceMap,
    names: ModelNames,
}

impl Loaded {
    /// A command's errors without spans into the generated model, which the caller
    /// never saw ("too large to solve" at a history's size).
    fn detach(&self, index: usize, e: Errors) -> Errors {
        let label = &self.checked.model.commands[index].label;
        let context = format!("classifying the history at `{label}`");
        Errors(
            e.0.iter()
                .map(|d| d.detached(&self.sources, &context))
                .collect(),
        )
    }
}

fn load(h: &History, levels: &[&str]) -> Result<Loaded, Errors> {
    let (text, names) = history_model(h, levels);
    let mut sources = SourceMap::new();
    let checked = check::load(
        &mut sources,
        RootSource::Text {
            name: "history.als".into(),
            text: text.clone(),
            dir: None,
        },
    )
    .map_err(|e| {
        // The model is generated: failing to load it is solder's bug, said so plainly.
        Errors::from(Diagnostic::global(format!(
            "internal error: the generated history model does not load:\n{}",
            sources.render(&e.0, false)
        )))
    })?;
    Ok(Loaded {
        checked: Arc::new(checked),
        sources,
        names,
    })
}

/// How long a stopped solve may take to notice the stop before it is abandoned.
const GRACE: Duration = Duration::from_millis(200);

/// Run command `index` with a time limit; `None` on timeout or when the caller's stop
/// flag (`opts.run.solve.stop`, the REPL's Ctrl-C) was raised. The solver checks its stop
/// flag between SAT calls, not while it translates, so a solve that has not stopped
/// `GRACE` after the flag is left to finish on its own thread (as the REPL leaves one),
/// and the level is undecided.
fn decide(
    loaded: &Loaded,
    index: usize,
    opts: &ClassifyOptions,
    deadline: Option<Instant>,
) -> Result<Option<CommandRun>, Errors> {
    let outer = opts.run.solve.stop.clone();
    let stopped = || outer.as_ref().is_some_and(|s| s.load(Ordering::Relaxed));
    if stopped() {
        return Ok(None);
    }
    if deadline.is_none() && outer.is_none() {
        let run = CommandRun::start(&loaded.checked, index, &opts.run)
            .map_err(|e| loaded.detach(index, e))?;
        return Ok(run.found().map(|_| run));
    }
    let mut run_opts = opts.run.clone();
    let stop = Arc::new(AtomicBool::new(false));
    run_opts.solve.stop = Some(stop.clone());
    let (tx, rx) = std::sync::mpsc::channel();
    let checked = loaded.checked.clone();
    std::thread::spawn(move || {
        // The receiver is gone when the solve was abandoned: nothing to report.
        let _ = tx.send(CommandRun::start(&checked, index, &run_opts));
    });
    let mut stopped_at: Option<Instant> = None;
    loop {
        match rx.recv_timeout(Duration::from_millis(5)) {
            Ok(run) => {
                let run = run.map_err(|e| loaded.detach(index, e))?;
                return Ok(run.found().map(|_| run));
            }
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                return Err(internal_error(
                    "internal error: a solve ended without an answer".into(),
                ));
            }
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
        }
        match stopped_at {
            Some(at) if at.elapsed() > GRACE => return Ok(None),
            Some(_) => {}
            None if deadline.is_some_and(|d| Instant::now() >= d) || stopped() => {
                stop.store(true, Ordering::Relaxed);
                stopped_at = Some(Instant::now());
            }
            None => {}
        }
    }
}

/// Classify `h` against `levels` (the library's, by pred name).
pub fn classify(
    h: &History,
    levels: &[&str],
    opts: &ClassifyOptions,
) -> Result<Vec<LevelResult>, Errors> {
    // No level allows these reads, whatever the sessions say.
    if let Some(f) = h.forbidden_reads.first() {
        return Ok(every_level_fails(h, f.txn, f.message.clone(), levels, opts));
    }
    if h.session_cycle().is_some() {
        return classify_without_sessions(h, levels, opts);
    }
    let (_, internal) = h.abstraction();
    if let Some(v) = internal.first() {
        // No level allows a transaction to contradict itself: the reason is that
        // transaction alone.
        return Ok(every_level_fails(h, v.txn, v.message.clone(), levels, opts));
    }
    // The generic model is loaded only if some level needs it: a large history's model
    // takes a while to read.
    let generic: Vec<&str> = levels
        .iter()
        .copied()
        .filter(|l| !decided_natively(l, opts))
        .collect();
    let too_large = opts.generic_limit.is_some_and(|l| h.txns.len() > l);
    let loaded = if generic.is_empty() || too_large {
        None
    } else {
        Some(load(h, &generic)?)
    };
    // Levels are independent: decide them on every core, each from the shared model.
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(levels.len().max(1));
    let next = std::sync::atomic::AtomicUsize::new(0);
    let slots: Vec<std::sync::Mutex<Option<Result<LevelResult, Errors>>>> =
        levels.iter().map(|_| std::sync::Mutex::new(None)).collect();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(level) = levels.get(i) else {
                        break;
                    };
                    let result =
                        classify_level(h, level, &generic, too_large, loaded.as_ref(), opts);
                    *slots[i].lock().expect("a level's slot") = Some(result);
                }
            });
        }
    });
    slots
        .into_iter()
        .map(|slot| {
            slot.into_inner()
                .expect("a level's slot")
                .expect("every level decided")
        })
        .collect()
}

/// One row of `classify`'s table.
/// A history whose session order contradicts its reads: the levels that read `so` have
/// no execution on it and are left undecided, saying why; the others are decided on the
/// history without its sessions, which they cannot tell apart from it
/// ([`super::sessions`]).
/// Every level ✗ for a fault of one transaction that no level allows; the reason is that
/// transaction alone.
fn every_level_fails(
    h: &History,
    txn: usize,
    message: String,
    levels: &[&str],
    opts: &ClassifyOptions,
) -> Vec<LevelResult> {
    let sub = h.restrict(&BTreeSet::from([txn]));
    let reason = Reason {
        txns: vec![txn],
        names: vec![h.txns[txn].name.clone()],
        history: sub.notation(),
        edges: Vec::new(),
        internal: Some(message),
    };
    levels
        .iter()
        .map(|l| LevelResult {
            level: l.to_string(),
            framework: framework_of(l),
            verdict: Verdict::Fails(opts.reasons.then(|| reason.clone())),
            time: Duration::ZERO,
            reason_time: None,
        })
        .collect()
}

fn classify_without_sessions(
    h: &History,
    levels: &[&str],
    opts: &ClassifyOptions,
) -> Result<Vec<LevelResult>, Errors> {
    let free: Vec<&str> = levels
        .iter()
        .copied()
        .filter(|l| !super::sessions::uses_sessions(l))
        .collect();
    let mut decided = classify(&h.without_sessions(), &free, opts)?.into_iter();
    Ok(levels
        .iter()
        .map(|l| {
            if free.contains(l) {
                decided.next().expect("a result per level")
            } else {
                LevelResult {
                    level: l.to_string(),
                    framework: framework_of(l),
                    verdict: Verdict::Unsolved(
                        "not decided: the sessions contradict the reads".into(),
                    ),
                    time: Duration::ZERO,
                    reason_time: None,
                }
            }
        })
        .collect())
}

fn classify_level(
    h: &History,
    level: &str,
    generic: &[&str],
    too_large: bool,
    loaded: Option<&Loaded>,
    opts: &ClassifyOptions,
) -> Result<LevelResult, Errors> {
    let started = Instant::now();
    let deadline = opts.timeout.map(|t| started + t);
    let mut reason_time = None;
    let verdict = if too_large && generic.contains(&level) {
        Verdict::Skipped
    } else if let Some(index) = generic.iter().position(|g| *g == level) {
        let loaded = loaded.expect("loaded for the generic levels");
        // One level too large to translate leaves the others' rows standing.
        let decided = match decide(loaded, index, opts, deadline) {
            Ok(decided) => Ok(decided),
            Err(Errors(ds)) => Err(ds
                .into_iter()
                .map(|d| d.message)
                .collect::<Vec<_>>()
                .join("; ")),
        };
        match decided {
            Err(message) => Verdict::Unsolved(message),
            Ok(None) if stop_raised(opts) => Verdict::Stopped,
            Ok(None) => Verdict::Timeout,
            Ok(Some(run)) if run.found() == Some(1) => Verdict::Holds(witnesses(h, loaded, &run)),
            Ok(Some(_)) if opts.reasons => {
                let at = Instant::now();
                let r = reason(h, level, opts, deadline)?;
                reason_time = Some(at.elapsed());
                Verdict::Fails(r)
            }
            Ok(Some(_)) => Verdict::Fails(None),
        }
    } else if native::LEVELS.contains(&level) && !saturation::LEVELS.contains(&level) {
        match decide_native(h, level, opts, deadline)? {
            native::Answer::Holds(order) => {
                let names: Vec<&str> = order.iter().map(|t| txn_name(h, *t)).collect();
                Verdict::Holds(native::witness(level, &names.join(" < ")))
            }
            native::Answer::Fails if opts.reasons => {
                let at = Instant::now();
                let r = reason(h, level, opts, deadline)?;
                reason_time = Some(at.elapsed());
                Verdict::Fails(r)
            }
            native::Answer::Fails => Verdict::Fails(None),
            native::Answer::Stopped if stop_raised(opts) => Verdict::Stopped,
            native::Answer::Stopped => Verdict::Timeout,
        }
    } else {
        let decided = match saturation::decide(h, level) {
            Ok(answer) => Ok(answer),
            // A history too wide for CC's clocks leaves that level's row undecided.
            Err(message) if !message.starts_with("internal error") => Err(message),
            Err(message) => return Err(internal_error(message)),
        };
        match decided {
            Err(message) => Verdict::Unsolved(message),
            Ok(saturation::Answer::Holds(order)) => {
                let names: Vec<&str> = order.iter().map(|t| txn_name(h, *t)).collect();
                Verdict::Holds(vec![(
                    saturation::witness_name(level).into(),
                    names.join(" < "),
                )])
            }
            Ok(saturation::Answer::Fails(_)) if opts.reasons => {
                let at = Instant::now();
                let r = reason(h, level, opts, deadline)?;
                reason_time = Some(at.elapsed());
                Verdict::Fails(r)
            }
            Ok(saturation::Answer::Fails(_)) => Verdict::Fails(None),
        }
    };
    let time = started.elapsed() - reason_time.unwrap_or_default();
    Ok(LevelResult {
        level: level.to_string(),
        framework: framework_of(level),
        verdict,
        time,
        reason_time,
    })
}

/// Whether the caller's stop flag (Ctrl-C, a signal) was raised: an undecided level is
/// then "stopped", not "timed out".
fn stop_raised(opts: &ClassifyOptions) -> bool {
    opts.run
        .solve
        .stop
        .as_ref()
        .is_some_and(|s| s.load(Ordering::Relaxed))
}

/// Whether `level` is decided outside the library's model: by saturation or natively.
fn decided_natively(level: &str, opts: &ClassifyOptions) -> bool {
    (opts.saturation && saturation::LEVELS.contains(&level))
        || (opts.native && native::LEVELS.contains(&level))
}

/// Run the native check with the caller's stop flag and the deadline, both turned into
/// the one flag the check (and its SAT solver) watches.
fn decide_native(
    h: &History,
    level: &str,
    opts: &ClassifyOptions,
    deadline: Option<Instant>,
) -> Result<native::Answer, Errors> {
    let outer = opts.run.solve.stop.clone();
    if deadline.is_none() && outer.is_none() {
        return native::decide(h, level, None).map_err(internal_error);
    }
    let flag = Arc::new(AtomicBool::new(false));
    let done = AtomicBool::new(false);
    std::thread::scope(|scope| {
        scope.spawn(|| {
            while !done.load(Ordering::Relaxed) {
                if deadline.is_some_and(|d| Instant::now() >= d)
                    || outer.as_ref().is_some_and(|s| s.load(Ordering::Relaxed))
                {
                    flag.store(true, Ordering::Relaxed);
                    break;
                }
                std::thread::sleep(Duration::from_millis(5));
            }
        });
        let answer = native::decide(h, level, Some(&flag)).map_err(internal_error);
        done.store(true, Ordering::Relaxed);
        answer
    })
}

fn internal_error(message: String) -> Errors {
    Errors::from(Diagnostic::global(message))
}

fn txn_name(h: &History, t: Option<usize>) -> &str {
    t.map_or("T0", |t| h.txns[t].name.as_str())
}

/// Whether the sub-history of `keep` violates `level`; `None` on timeout.
fn violates(
    h: &History,
    keep: &BTreeSet<usize>,
    level: &str,
    opts: &ClassifyOptions,
    deadline: Option<Instant>,
) -> Result<Option<bool>, Errors> {
    let sub = h.restrict(keep);
    if opts.saturation && saturation::LEVELS.contains(&level) {
        let answer = saturation::decide(&sub, level).map_err(internal_error)?;
        return Ok(Some(matches!(answer, saturation::Answer::Fails(_))));
    }
    if opts.native && native::LEVELS.contains(&level) {
        return Ok(match decide_native(&sub, level, opts, deadline)? {
            native::Answer::Holds(_) => Some(false),
            native::Answer::Fails => Some(true),
            native::Answer::Stopped => None,
        });
    }
    let loaded = load(&sub, &[level])?;
    Ok(decide(&loaded, 0, opts, deadline)?.map(|run| run.found() == Some(0)))
}

/// A minimal set of transactions whose sub-history violates `level` (the whole history
/// does); `None` when the time ran out first.
fn reason(
    h: &History,
    level: &str,
    opts: &ClassifyOptions,
    deadline: Option<Instant>,
) -> Result<Option<Reason>, Errors> {
    let all: Vec<usize> = (0..h.txns.len()).collect();
    let mut test = |keep: &BTreeSet<usize>| violates(h, keep, level, opts, deadline);
    let Some(found) = quick_xplain(&mut test, &BTreeSet::new(), false, &all)? else {
        return Ok(None);
    };
    let mut keep: BTreeSet<usize> = found.into_iter().collect();
    // Confirm, and make minimal where the level is not monotone.
    match test(&keep)? {
        None => return Ok(None),
        Some(true) => {}
        Some(false) => keep = all.iter().copied().collect(),
    }
    loop {
        let mut dropped = false;
        for &t in &keep.clone() {
            let mut smaller = keep.clone();
            smaller.remove(&t);
            match test(&smaller)? {
                None => return Ok(None),
                Some(true) => {
                    keep = smaller;
                    dropped = true;
                }
                Some(false) => {}
            }
        }
        if !dropped {
            break;
        }
    }
    let sub = h.restrict(&keep);
    let mut edges = dependency_edges(&sub);
    if saturation::LEVELS.contains(&level)
        && let Ok(saturation::Answer::Fails(cycle)) = saturation::decide(&sub, level)
    {
        // The commit-order edges the level forces close a cycle: name it.
        let mut names: Vec<&str> = cycle.iter().map(|t| txn_name(&sub, *t)).collect();
        names.push(names[0]);
        let kinds = match (level, sub.version_orders.is_empty()) {
            ("AdyaPL1", _) => "recorded version orders",
            ("AdyaPL2", _) => "WR and recorded version orders",
            (_, true) => "so, WR and forced commit-order edges",
            (_, false) => "so, WR, recorded version orders and forced commit-order edges",
        };
        edges.push(format!("cycle of {kinds}: {}", names.join(" → ")));
    }
    if let Some(cycle) = dsg::adya_cycle(&sub, level) {
        edges.push(cycle.describe(&sub));
    }
    Ok(Some(Reason {
        txns: keep.iter().copied().collect(),
        names: keep.iter().map(|&t| h.txns[t].name.clone()).collect(),
        history: sub.notation(),
        edges,
        internal: None,
    }))
}

/// QuickXplain (Junker, 2004): a subset of `candidates` that, with `base`, fails the
/// test, found by halving. `Ok(None)` when a test timed out.
fn quick_xplain(
    test: &mut impl FnMut(&BTreeSet<usize>) -> Result<Option<bool>, Errors>,
    base: &BTreeSet<usize>,
    base_grew: bool,
    candidates: &[usize],
) -> Result<Option<Vec<usize>>, Errors> {
    if base_grew {
        match test(base)? {
            None => return Ok(None),
            Some(true) => return Ok(Some(Vec::new())),
            Some(false) => {}
        }
    }
    if candidates.len() <= 1 {
        return Ok(Some(candidates.to_vec()));
    }
    let (left, right) = candidates.split_at(candidates.len() / 2);
    let with_left: BTreeSet<usize> = base.iter().chain(left).copied().collect();
    let Some(d2) = quick_xplain(test, &with_left, !left.is_empty(), right)? else {
        return Ok(None);
    };
    let with_d2: BTreeSet<usize> = base.iter().chain(&d2).copied().collect();
    let Some(d1) = quick_xplain(test, &with_d2, !d2.is_empty(), left)? else {
        return Ok(None);
    };
    Ok(Some(d1.into_iter().chain(d2).collect()))
}

/// Session-order and write-read edges of a (small) history, in its names.
pub fn dependency_edges(h: &History) -> Vec<String> {
    let mut edges = Vec::new();
    for (a, b) in h.session_pairs() {
        edges.push(format!("{} →so {}", h.txns[a].name, h.txns[b].name));
    }
    for (s, reads) in h.reads_from().iter().enumerate() {
        for (x, w) in reads {
            if let Some(w) = w {
                edges.push(format!(
                    "{} →wr({}) {}",
                    h.txns[*w].name, h.objects[*x], h.txns[s].name
                ));
            }
        }
    }
    edges
}

/// The witnesses of a ✓ in the history's own transaction names.
fn witnesses(h: &History, loaded: &Loaded, run: &CommandRun) -> Vec<(String, String)> {
    // Atoms are named as every view names them (`T1$0` for `one sig T1`).
    let Some(inst) = run.instance() else {
        return Vec::new();
    };
    let atom_names = crate::render::names::alloy_atom_names(&run.command.presentation, inst);
    let mut by_model_name = std::collections::BTreeMap::new();
    by_model_name.insert("T0$0".to_string(), "T0".to_string());
    for (t, model) in loaded.names.txns.iter().enumerate() {
        by_model_name.insert(format!("{model}$0"), h.txns[t].name.clone());
    }
    let name_of: std::collections::BTreeMap<u32, String> = atom_names
        .iter()
        .enumerate()
        .filter_map(|(a, n)| by_model_name.get(n).map(|user| (a as u32, user.clone())))
        .collect();
    let txn_count = name_of.len();
    run.skolems()
        .into_iter()
        .map(|(name, value)| {
            let name = name.trim_start_matches('$').to_string();
            (name, short_relation(&value, &name_of, txn_count))
        })
        .collect()
}

/// A total order as a chain (`T0 < T2 < T1`), another relation over transactions as
/// edges grouped by source, leaving out T0's (T0 precedes and is visible to all).
pub fn short_relation(
    value: &TupleSet,
    name_of: &std::collections::BTreeMap<u32, String>,
    txns: usize,
) -> String {
    let name = |a: u32| name_of.get(&a).cloned().unwrap_or_else(|| format!("#{a}"));
    if value.arity() != 2 {
        return format!("{} tuples", value.len());
    }
    let pairs: Vec<(u32, u32)> = value.iter().map(|t| (t[0], t[1])).collect();
    if pairs.is_empty() && txns == 1 {
        // A history of T0 alone: every order over it is T0.
        return "T0".into();
    }
    let atoms: BTreeSet<u32> = pairs.iter().flat_map(|&(a, b)| [a, b]).collect();
    if atoms.len() == txns && pairs.len() == txns * (txns - 1) / 2 {
        // A strict total order has n(n-1)/2 pairs; rank atoms by predecessors.
        let mut ranked: Vec<(usize, u32)> = atoms
            .iter()
            .map(|&a| (pairs.iter().filter(|&&(_, b)| b == a).count(), a))
            .collect();
        ranked.sort();
        if ranked.iter().enumerate().all(|(i, &(r, _))| r == i) {
            let chain: Vec<String> = ranked.iter().map(|&(_, a)| name(a)).collect();
            return chain.join(" < ");
        }
    }
    let t0 = name_of.iter().find(|(_, n)| *n == "T0").map(|(a, _)| *a);
    let mut groups: std::collections::BTreeMap<String, Vec<String>> =
        std::collections::BTreeMap::new();
    for (a, b) in pairs {
        if Some(a) == t0 {
            continue;
        }
        groups.entry(name(a)).or_default().push(name(b));
    }
    if groups.is_empty() {
        return "T0 → all, nothing else".into();
    }
    groups
        .into_iter()
        .map(|(a, bs)| format!("{a} → {}", bs.join(" ")))
        .collect::<Vec<_>>()
        .join("; ")
}
