//! `compare`: for every ordered pair of levels (A, B), does A imply B on every history
//! within the scope? Each pair is the command `run { A and not B } for N` over the
//! library: no instance proves the implication up to the scope, an instance is a
//! separating history, shrunk to a subset-minimal one.
//!
//! Three things keep the matrix cheap, each with an off switch (`derive: false`), and
//! none changes a verdict:
//! - implication within one scope is transitive: A ⇒ B and B ⇒ C give A ⇒ C;
//! - a separating history found for one pair is classified against every level (cheap:
//!   the history is pinned), and separates every pair (X, Y) it satisfies X and not Y
//!   on; such a history is then made minimal for that pair by dropping transactions;
//! - verdicts are cached per (A, B, scope, library text, solder version) in the user's
//!   cache directory, so a second run is instant.

use std::collections::{BTreeMap, BTreeSet};
use std::hash::{Hash, Hasher};
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::check::{self, RootSource};
use crate::diagnostic::{Diagnostic, Errors, FileId, SourceMap};
use crate::session::{CommandRun, RunOptions};

use super::classify::{self, ClassifyOptions, Verdict};
use super::history::History;
use super::shard::{self, Shard};

#[derive(Clone, Debug)]
pub struct CompareOptions {
    pub run: RunOptions,
    /// Transactions (besides T0), objects and values: `for N`.
    pub scope: usize,
    /// Worker threads.
    pub threads: usize,
    /// Where verdicts are cached; `None` turns the cache off.
    pub cache: Option<PathBuf>,
    /// Derive cells by transitivity and by classifying separating histories.
    pub derive: bool,
    /// Decide only this shard's pairs (`super::shard`); the others stay undecided and
    /// are not counted as such.
    pub shard: Option<Shard>,
}

impl CompareOptions {
    pub fn new(run: RunOptions, scope: usize) -> CompareOptions {
        CompareOptions {
            run,
            scope,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            cache: default_cache_file(),
            derive: true,
            shard: None,
        }
    }
}

/// `$SOLDER_CACHE_DIR/compare.json`, or the platform's cache directory.
pub fn default_cache_file() -> Option<PathBuf> {
    let dir = std::env::var_os("SOLDER_CACHE_DIR")
        .map(PathBuf::from)
        .or_else(|| dirs::cache_dir().map(|d| d.join("solder")))?;
    Some(dir.join("compare.json"))
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cell {
    /// The same level.
    Same,
    /// A implies B within the scope.
    Implies,
    /// A history satisfies A and not B (in the history notation).
    Separated(String),
    /// Not decided: compare was stopped (Ctrl-C, a signal) first.
    Undecided,
}

/// How a cell was decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    Solved,
    Cached,
    /// By transitivity or from another pair's separating history.
    Derived,
}

#[derive(Clone, Debug)]
pub struct Matrix {
    pub levels: Vec<String>,
    pub scope: usize,
    /// `cells[a][b]`: does `levels[a]` imply `levels[b]`.
    pub cells: Vec<Vec<Cell>>,
    pub sources: Vec<Vec<Source>>,
    pub time: Duration,
    /// Pairs solved, taken from the cache, derived.
    pub solved: usize,
    pub cached: usize,
    pub derived: usize,
    /// Pairs left undecided because compare was stopped.
    pub undecided: usize,
}

impl Matrix {
    pub fn implies(&self, a: usize, b: usize) -> bool {
        matches!(self.cells[a][b], Cell::Same | Cell::Implies)
    }

    /// Levels that imply each other, as classes of indices (in level order).
    pub fn classes(&self) -> Vec<Vec<usize>> {
        let mut classes: Vec<Vec<usize>> = Vec::new();
        for a in 0..self.levels.len() {
            match classes
                .iter_mut()
                .find(|c| self.implies(a, c[0]) && self.implies(c[0], a))
            {
                Some(c) => c.push(a),
                None => classes.push(vec![a]),
            }
        }
        classes
    }

    /// The Hasse diagram of the strict order on classes: edges (stronger, weaker)
    /// between class indices, with no class strictly between.
    pub fn hasse(&self, classes: &[Vec<usize>]) -> Vec<(usize, usize)> {
        let above = |x: usize, y: usize| x != y && self.implies(classes[x][0], classes[y][0]);
        let mut edges = Vec::new();
        for x in 0..classes.len() {
            for y in 0..classes.len() {
                if above(x, y)
                    && !(0..classes.len()).any(|z| z != x && z != y && above(x, z) && above(z, y))
                {
                    edges.push((x, y));
                }
            }
        }
        edges
    }
}

/// A stable hash of the library's text and solder's version: cached verdicts are only
/// reused for the same definitions.
fn library_version() -> String {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    env!("CARGO_PKG_VERSION").hash(&mut h);
    for (name, text) in check::stdlib::MODULES {
        name.hash(&mut h);
        text.hash(&mut h);
    }
    format!("{:016x}", h.finish())
}

fn cache_key(a: &str, b: &str, scope: usize, version: &str) -> String {
    format!("{a} => {b} @ {scope} # {version}")
}

fn read_cache(path: &Option<PathBuf>) -> BTreeMap<String, Option<String>> {
    path.as_ref()
        .and_then(|p| std::fs::read_to_string(p).ok())
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default()
}

fn write_cache(path: &Option<PathBuf>, cache: &BTreeMap<String, Option<String>>) {
    // A cache that cannot be written only costs time on the next run.
    if let Some(p) = path {
        if let Some(dir) = p.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        if let Ok(text) = serde_json::to_string_pretty(cache) {
            // Shards on a shared home directory write the cache side by side.
            let tmp = p.with_extension(format!("json.{}.tmp", std::process::id()));
            if std::fs::write(&tmp, text).is_ok() {
                let _ = std::fs::rename(&tmp, p);
            }
        }
    }
}

/// `run { A and not B } for N`: `None` if A implies B, else the separating history.
fn solve_pair(a: &str, b: &str, opts: &CompareOptions) -> Result<Option<History>, Errors> {
    let text = format!(
        "open isolation\nrun {{ {a} and not {b} }} for {}\n",
        opts.scope
    );
    let mut sources = SourceMap::new();
    // The text is ours, not the caller's: its diagnostics name the pair instead.
    let context = format!("comparing `{a}` with `{b}` at scope {}", opts.scope);
    let detach = |e: Errors, sources: &SourceMap| {
        Errors(e.0.iter().map(|d| d.detached(sources, &context)).collect())
    };
    let checked = check::load(
        &mut sources,
        RootSource::Text {
            name: "compare.als".into(),
            text,
            dir: None,
        },
    )
    .map_err(|e| detach(e, &sources))?;
    let mut run = CommandRun::start(&checked, 0, &opts.run).map_err(|e| detach(e, &sources))?;
    match run.found() {
        Some(0) => return Ok(None),
        Some(_) => {}
        // Stopped (Ctrl-C in the REPL): no verdict, and nothing cached.
        None => return Err(interrupted()),
    }
    run.shrink().map_err(|e| detach(e, &sources))?;
    let inst = run.instance().expect("a shrunk instance");
    let view = crate::render::history::render_history(&run.command.presentation, inst, &[])
        .ok_or_else(|| {
            Errors::from(Diagnostic::global(
                "internal error: a separating instance has no history view",
            ))
        })?;
    Ok(Some(parse_view(&view)?))
}

/// A history printed by the history view, read back.
pub fn parse_view(view: &str) -> Result<History, Errors> {
    super::parse::parse_notation(FileId(0), view).map_err(|e| {
        Errors::from(Diagnostic::global(format!(
            "internal error: the history view does not read back: {:?}\n{view}",
            e.0.first().map(|d| &d.message)
        )))
    })
}

/// Drop transactions from `h` while it still satisfies `a` and not `b`.
fn minimize_separation(
    h: &History,
    a: &str,
    b: &str,
    opts: &CompareOptions,
) -> Result<History, Errors> {
    let copts = ClassifyOptions {
        run: opts.run.clone(),
        reasons: false,
        ..ClassifyOptions::default()
    };
    let separates = |h: &History| -> Result<bool, Errors> {
        let r = decided(classify::classify(h, &[a, b], &copts)?)?;
        Ok(r[0] && !r[1])
    };
    let mut keep: BTreeSet<usize> = (0..h.txns.len()).collect();
    loop {
        let mut dropped = false;
        for t in keep.clone() {
            let mut smaller = keep.clone();
            smaller.remove(&t);
            if separates(&h.restrict(&smaller))? {
                keep = smaller;
                dropped = true;
            }
        }
        if !dropped {
            return Ok(h.restrict(&keep));
        }
    }
}

/// Levels each history satisfies (by index into `levels`).
fn satisfied(h: &History, levels: &[&str], opts: &CompareOptions) -> Result<Vec<bool>, Errors> {
    let copts = ClassifyOptions {
        run: opts.run.clone(),
        reasons: false,
        ..ClassifyOptions::default()
    };
    decided(classify::classify(h, levels, &copts)?)
}

/// Each level's verdict, or an error if one was left undecided (stopped): an undecided
/// level must not be read as "fails".
fn decided(results: Vec<classify::LevelResult>) -> Result<Vec<bool>, Errors> {
    results
        .iter()
        .map(|r| match r.verdict {
            Verdict::Holds(_) => Ok(true),
            Verdict::Fails(_) => Ok(false),
            Verdict::Timeout | Verdict::Stopped | Verdict::Skipped | Verdict::Unsolved(_) => {
                Err(interrupted())
            }
        })
        .collect()
}

fn interrupted() -> Errors {
    Errors::from(Diagnostic::global(
        "compare was stopped before every pair was decided",
    ))
}

struct State {
    cells: Vec<Vec<Option<Cell>>>,
    sources: Vec<Vec<Source>>,
    /// Separating histories learned, with the levels each satisfies.
    learned: Vec<(History, Vec<bool>)>,
}

impl State {
    /// Fill what transitivity gives: a ⇒ b and b ⇒ c give a ⇒ c.
    fn close(&mut self, n: usize) {
        loop {
            let mut changed = false;
            for a in 0..n {
                for b in 0..n {
                    if !matches!(self.cells[a][b], Some(Cell::Same | Cell::Implies)) {
                        continue;
                    }
                    for c in 0..n {
                        if self.cells[a][c].is_none()
                            && matches!(self.cells[b][c], Some(Cell::Same | Cell::Implies))
                        {
                            self.cells[a][c] = Some(Cell::Implies);
                            self.sources[a][c] = Source::Derived;
                            changed = true;
                        }
                    }
                }
            }
            if !changed {
                return;
            }
        }
    }
}

/// The implication matrix of `levels` (library pred names) up to `opts.scope`.
pub fn compare(levels: &[&str], opts: &CompareOptions) -> Result<Matrix, Errors> {
    let started = Instant::now();
    let n = levels.len();
    let version = library_version();
    let mut cache = read_cache(&opts.cache);
    let mut state = State {
        cells: vec![vec![None; n]; n],
        sources: vec![vec![Source::Solved; n]; n],
        learned: Vec::new(),
    };
    let (mut solved, mut cached, mut derived) = (0, 0, 0);
    for a in 0..n {
        state.cells[a][a] = Some(Cell::Same);
        for b in 0..n {
            if a == b {
                continue;
            }
            if let Some(v) = cache.get(&cache_key(levels[a], levels[b], opts.scope, &version)) {
                state.cells[a][b] = Some(match v {
                    None => Cell::Implies,
                    Some(h) => Cell::Separated(h.clone()),
                });
                state.sources[a][b] = Source::Cached;
            }
        }
    }
    let mut owned = vec![vec![false; n]; n];
    let pairs: Vec<(usize, usize)> = shard::pairs(n)
        .enumerate()
        .filter(|(k, _)| opts.shard.is_none_or(|s| s.owns(*k)))
        .map(|(_, ab)| ab)
        .collect();
    for &(a, b) in &pairs {
        owned[a][b] = true;
    }
    let state = Mutex::new(state);
    let next = AtomicUsize::new(0);
    // Once stopped, every pair not yet decided stays undecided; what was decided stands.
    let stopped = || {
        opts.run
            .solve
            .stop
            .as_ref()
            .is_some_and(|s| s.load(Ordering::Relaxed))
    };
    let failure: Mutex<Option<Errors>> = Mutex::new(None);
    std::thread::scope(|s| {
        for _ in 0..opts.threads.max(1) {
            s.spawn(|| {
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&(a, b)) = pairs.get(k) else {
                        return;
                    };
                    if failure.lock().unwrap().is_some() {
                        return;
                    }
                    let known = {
                        let mut st = state.lock().unwrap();
                        if st.cells[a][b].is_none() && opts.derive {
                            st.close(n);
                            // A learned history that separates this pair.
                            if st.cells[a][b].is_none()
                                && let Some((h, _)) =
                                    st.learned.iter().find(|(_, sat)| sat[a] && !sat[b])
                            {
                                let h = h.clone();
                                drop(st);
                                let result = minimize_separation(&h, levels[a], levels[b], opts);
                                let mut st = state.lock().unwrap();
                                match result {
                                    Ok(m) => {
                                        st.cells[a][b] = Some(Cell::Separated(m.notation()));
                                        st.sources[a][b] = Source::Derived;
                                    }
                                    Err(_) if stopped() => st.cells[a][b] = Some(Cell::Undecided),
                                    Err(e) => *failure.lock().unwrap() = Some(e),
                                }
                                continue;
                            }
                        }
                        st.cells[a][b].is_some()
                    };
                    if known {
                        continue;
                    }
                    if stopped() {
                        let mut st = state.lock().unwrap();
                        st.cells[a][b] = Some(Cell::Undecided);
                        continue;
                    }
                    let result = solve_pair(levels[a], levels[b], opts).and_then(|sep| match sep {
                        Some(h) if opts.derive => {
                            let sat = satisfied(&h, levels, opts)?;
                            Ok((Some(h), Some(sat)))
                        }
                        other => Ok((other, None)),
                    });
                    let mut st = state.lock().unwrap();
                    match result {
                        Ok((None, _)) => st.cells[a][b] = Some(Cell::Implies),
                        Ok((Some(h), sat)) => {
                            st.cells[a][b] = Some(Cell::Separated(h.notation()));
                            if let Some(sat) = sat {
                                st.learned.push((h, sat));
                            }
                        }
                        Err(_) if stopped() => st.cells[a][b] = Some(Cell::Undecided),
                        Err(e) => *failure.lock().unwrap() = Some(e),
                    }
                    st.sources[a][b] = Source::Solved;
                }
            });
        }
    });
    if let Some(e) = failure.into_inner().unwrap() {
        return Err(e);
    }
    let state = state.into_inner().unwrap();
    let mut undecided = 0;
    // Counted from the final sources: a pair solved while another worker derived it
    // counts once.
    for (a, row) in state.sources.iter().enumerate() {
        for (b, source) in row.iter().enumerate() {
            if !owned[a][b] {
                continue;
            } else if state.cells[a][b] == Some(Cell::Undecided) {
                undecided += 1;
            } else if a != b {
                match source {
                    Source::Solved => solved += 1,
                    Source::Cached => cached += 1,
                    Source::Derived => derived += 1,
                }
            }
        }
    }
    // Another shard's pairs are undecided here, even those transitivity gave.
    let cells: Vec<Vec<Cell>> = state
        .cells
        .into_iter()
        .enumerate()
        .map(|(a, row)| {
            row.into_iter()
                .enumerate()
                .map(|(b, c)| match c {
                    Some(c) if a == b || owned[a][b] => c,
                    None if owned[a][b] => unreachable!("every pair of the shard decided"),
                    _ => Cell::Undecided,
                })
                .collect()
        })
        .collect();
    let mut learned = false;
    for a in 0..n {
        for b in 0..n {
            let value = match &cells[a][b] {
                Cell::Same | Cell::Undecided => continue,
                Cell::Implies => None,
                Cell::Separated(h) => Some(h.clone()),
            };
            let key = cache_key(levels[a], levels[b], opts.scope, &version);
            learned |= cache.get(&key) != Some(&value);
            cache.insert(key, value);
        }
    }
    // Nothing decided that the cache did not hold (stopped at once, or all cached).
    if learned {
        write_cache(&opts.cache, &cache);
    }
    Ok(Matrix {
        levels: levels.iter().map(|s| s.to_string()).collect(),
        scope: opts.scope,
        cells,
        sources: state.sources,
        time: started.elapsed(),
        solved,
        cached,
        derived,
        undecided,
    })
}
