//! The program library (`isolation/programs`) against a brute-force referee.
//!
//! Random tiny execution shapes — 2 to 4 transaction instances, each reading and writing
//! a random set of the four locations of two records × two fields — are pinned by facts
//! in a model that opens `isolation/programs`; the facts realize each instance's read and
//! write sets through statements in several ways (selected reads, WHERE-clause scans,
//! candidates that are not selected, statements that ran on nothing, statements nobody
//! ran), and the generator checks that the realization means exactly the chosen sets.
//!
//! For every consistency model the model asks these questions, and the solver's verdict
//! must equal the referee's, which enumerates every execution (and every triple of
//! candidate WR/WW/RW relations) in plain Rust from the semantics the library's header
//! states:
//!
//! - `cycle`: is there an execution (`ar` a strict total order, `vis ⊆ ar`) allowed by
//!   the model whose dependency graph (WR from the ar-last visible writer, WW between
//!   ar-ordered writers, RW to the writers after the version read) has a cycle?
//! - `chordless`: with `possibleDeps` and `chordlessPath`, is there an allowed execution
//!   and a graph within the over-approximation that is a dependency path through every
//!   instance with no chord?
//! - `notInductive`: with `possibleDeps` and `not inductive`, can a dependency path from
//!   a chosen start instance leave `ar`? Asked from one random instance and, as
//!   `solder programs` asks it, from every instance (`notInductiveAll`).
//!
//! - `dangerous` (under SI and SER): `chordless` with `dangerousStart`, the path
//!   starting with two anti-dependencies between concurrent instances.
//!
//! Half of the shapes are planted anomalies (lost update, write skew, long fork) with
//! random extra accesses, so that every boundary between adjacent models is crossed, and
//! a tenth are chains of two anti-dependencies; both verdicts must occur for every
//! question under every model, except where the semantics forbids sat (no cycle, no path
//! leaving `ar` and no concurrent instances under SER).
//!
//! A second test checks, on the referee alone, the header's claims that the bounded
//! search and the completeness checks rest on: a sub-execution's dependency graph keeps
//! every edge among its instances, `possibleDeps` holds of its restriction, and every
//! consistency model is closed under sub-executions.
//! Every SAT answer is verified by the solver's independent evaluator (`RunOptions`'
//! default) and, in addition, its witness relations (`vis`, `ar`, …) are checked here
//! against the referee's own definitions.

use crate::common::parallel;
use parallel::parallel;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::Mutex;
use std::time::Instant;

use solder::check::{self, RootSource};
use solder::diagnostic::SourceMap;
use solder::session::{CommandRun, RunOptions};

/// Random execution shapes.
const CASES: usize = 60;
const SEED: u64 = 0x5eed_0f9a_0c7a_11d5;
/// Locations: bit `2 * record + field`.
const LOCS: usize = 4;

/// The library's consistency models, named as its preds are (`ExecRA` …).
#[allow(clippy::upper_case_acronyms)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Model {
    RA,
    CC,
    PC,
    PSI,
    SI,
    SER,
}

const MODELS: [Model; 6] = [
    Model::RA,
    Model::CC,
    Model::PC,
    Model::PSI,
    Model::SI,
    Model::SER,
];

impl Model {
    pub(crate) fn pred(self) -> &'static str {
        match self {
            Model::RA => "ExecRA",
            Model::CC => "ExecCC",
            Model::PC => "ExecPC",
            Model::PSI => "ExecPSI",
            Model::SI => "ExecSI",
            Model::SER => "ExecSER",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Question {
    Cycle,
    Chordless,
    /// `chordlessPath` and `dangerousStart`: the path starts with two anti-dependencies
    /// between concurrent instances (asked under SI and SER, as `solder programs` does).
    Dangerous,
    /// `not inductive` from the instance with this index, or from every instance.
    NotInductive(Option<usize>),
}

impl Question {
    fn kind(self) -> &'static str {
        match self {
            Question::Cycle => "cycle",
            Question::Chordless => "chordless",
            Question::Dangerous => "dangerous",
            Question::NotInductive(Some(_)) => "notInductive",
            Question::NotInductive(None) => "notInductiveAll",
        }
    }
}

// ---------------------------------------------------------------------------------------
// Deterministic randomness (xorshift64*)

struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed | 1)
    }
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: u64) -> u64 {
        (self.next() >> 33) % n
    }
    /// True with probability `num / den`.
    fn chance(&mut self, num: u64, den: u64) -> bool {
        self.below(den) < num
    }
    /// A random submask of `mask`.
    fn submask(&mut self, mask: u8) -> u8 {
        mask & (self.next() >> 40) as u8
    }
}

// ---------------------------------------------------------------------------------------
// Shapes and their model text

/// What each instance reads and writes: location masks (bit `2 * record + field`).
#[derive(Clone, Debug)]
pub(crate) struct Shape {
    pub(crate) reads: Vec<u8>,
    pub(crate) writes: Vec<u8>,
}

impl Shape {
    fn describe(&self) -> String {
        let locs = |m: u8| {
            let names: Vec<String> = (0..LOCS)
                .filter(|l| m >> l & 1 == 1)
                .map(|l| format!("R{}.F{}", l / 2, l % 2))
                .collect();
            format!("{{{}}}", names.join(", "))
        };
        let insts: Vec<String> = (0..self.n())
            .map(|t| {
                format!(
                    "{} reads {} writes {}",
                    inst(t),
                    locs(self.reads[t]),
                    locs(self.writes[t])
                )
            })
            .collect();
        insts.join("; ")
    }
    fn n(&self) -> usize {
        self.reads.len()
    }
    fn reads(&self, t: usize, l: usize) -> bool {
        self.reads[t] >> l & 1 == 1
    }
    pub(crate) fn writes(&self, t: usize, l: usize) -> bool {
        self.writes[t] >> l & 1 == 1
    }
    /// Distinct instances that write a common location.
    fn conflict(&self, a: usize, b: usize) -> bool {
        a != b && self.writes[a] & self.writes[b] != 0
    }
    /// Distinct instances, `a` reading a location `b` writes.
    fn reads_writes(&self, a: usize, b: usize) -> bool {
        a != b && self.reads[a] & self.writes[b] != 0
    }
}

fn random_shape(rng: &mut Rng, n: usize) -> Shape {
    // Densities per case, so that some shapes have no conflicts at all and some are
    // full of them.
    let densities = [(1, 8), (1, 4), (1, 3), (1, 2), (2, 3)];
    let (rn, rd) = densities[rng.below(densities.len() as u64) as usize];
    let (wn, wd) = densities[rng.below(densities.len() as u64) as usize];
    let mask = |num, den, rng: &mut Rng| {
        (0..LOCS).fold(
            0u8,
            |m, l| if rng.chance(num, den) { m | 1 << l } else { m },
        )
    };
    let reads = (0..n).map(|_| mask(rn, rd, rng)).collect();
    let writes = (0..n).map(|_| mask(wn, wd, rng)).collect();
    Shape { reads, writes }
}

/// Pairs (weaker, stronger) of consistency models whose `cycle` verdicts some shape must
/// separate, so that the shapes reach the boundaries between models. RA and CC are not
/// among them: no shape the referee was tried on (100,000 random ones of 3 instances,
/// 20,000 of 4) has a cycle under RA and none under CC — a causality violation is not a
/// cycle CC excludes, since CC may just as well hide the write it breaks (T3 ->rw T1
/// ->wr T2 ->rw T3 with T1 writing x, T2 reading x and y, T3 reading x and writing y).
const SEPARATIONS: [(Model, Model); 5] = [
    (Model::CC, Model::PC),
    (Model::CC, Model::PSI),
    (Model::PC, Model::SI),
    (Model::PSI, Model::SI),
    (Model::SI, Model::SER),
];

/// The separations of [`SEPARATIONS`] the referee sees in a shape's `cycle` verdicts.
fn separations(shape: &Shape) -> Vec<(Model, Model)> {
    SEPARATIONS
        .iter()
        .copied()
        .filter(|&(weak, strong)| {
            referee(shape, weak, Question::Cycle).is_some()
                && referee(shape, strong, Question::Cycle).is_none()
        })
        .collect()
}

/// A shape the literature's anomalies make separate `weak` from `strong`: per instance,
/// (reads, writes) over two locations x (bit 0) and y (bit 1).
fn anomaly(weak: Model, strong: Model) -> &'static [(u8, u8)] {
    match (weak, strong) {
        // Long fork: two readers see two independent writes in opposite orders.
        (Model::CC, Model::PC) | (Model::PSI, Model::SI) => &[(0, 1), (0, 2), (3, 0), (3, 0)],
        // Lost update.
        (Model::CC, Model::PSI) | (Model::PC, Model::SI) => &[(1, 1), (1, 1)],
        // Write skew.
        (Model::SI, Model::SER) => &[(3, 1), (3, 2)],
        _ => unreachable!("not a separation the test draws"),
    }
}

/// A shape that separates `sep`: its anomaly on two random locations, instances in a
/// random order, with random extra reads and writes that keep the separation (when a few
/// tries find some).
fn planted_shape(rng: &mut Rng, sep: (Model, Model)) -> Shape {
    let anomaly = anomaly(sep.0, sep.1);
    let n = anomaly.len();
    let x = rng.below(LOCS as u64) as usize;
    let y = (x + 1 + rng.below(LOCS as u64 - 1) as usize) % LOCS;
    let place = |m: u8| (m & 1) << x | (m >> 1 & 1) << y;
    let mut order: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        order.swap(i, rng.below(i as u64 + 1) as usize);
    }
    let mut base = Shape {
        reads: vec![0; n],
        writes: vec![0; n],
    };
    for (i, &(r, w)) in anomaly.iter().enumerate() {
        base.reads[order[i]] = place(r);
        base.writes[order[i]] = place(w);
    }
    // The referee knows the anomaly.
    assert!(
        separations(&base).contains(&sep),
        "the referee does not separate {sep:?} on {}",
        base.describe()
    );
    for _ in 0..40 {
        let mut noisy = base.clone();
        for t in 0..n {
            for l in 0..LOCS {
                if rng.chance(1, 8) {
                    noisy.reads[t] |= 1 << l;
                }
                if rng.chance(1, 10) {
                    noisy.writes[t] |= 1 << l;
                }
            }
        }
        if separations(&noisy).contains(&sep) {
            return noisy;
        }
    }
    base
}

/// A chain of two anti-dependencies, the start `dangerousStart` asks for: one instance
/// reads x, the next writes x and reads y, the last writes y; in a random order, with a
/// few random extra reads.
fn planted_chain(rng: &mut Rng) -> Shape {
    let x = rng.below(LOCS as u64) as usize;
    let y = (x + 1 + rng.below(LOCS as u64 - 1) as usize) % LOCS;
    let roles = [(1u8 << x, 0u8), (1 << y, 1 << x), (0, 1 << y)];
    let mut order: Vec<usize> = (0..3).collect();
    for i in (1..3).rev() {
        order.swap(i, rng.below(i as u64 + 1) as usize);
    }
    let mut shape = Shape {
        reads: vec![0; 3],
        writes: vec![0; 3],
    };
    for (i, &(r, w)) in roles.iter().enumerate() {
        shape.reads[order[i]] = r;
        shape.writes[order[i]] = w;
    }
    for t in 0..3 {
        for l in 0..LOCS {
            if rng.chance(1, 8) {
                shape.reads[t] |= 1 << l;
            }
        }
    }
    shape
}

/// A statement as the model states it: field masks (bit = field) and record masks (bit
/// = record).
#[derive(Clone, Debug)]
struct StmtSpec {
    name: String,
    reads: u8,
    writes: u8,
    scans: u8,
    /// Per running instance: (instance, cand, sel).
    runs: Vec<(usize, u8, u8)>,
}

fn fields(mask: u8) -> String {
    let names: Vec<&str> = ["F0", "F1"]
        .iter()
        .enumerate()
        .filter(|(i, _)| mask >> i & 1 == 1)
        .map(|(_, n)| *n)
        .collect();
    if names.is_empty() {
        "none".into()
    } else {
        names.join(" + ")
    }
}

fn records(mask: u8) -> String {
    match mask {
        1 => "R0".into(),
        2 => "R1".into(),
        3 => "(R0 + R1)".into(),
        _ => unreachable!("an empty record set is left out"),
    }
}

/// Field mask of location mask `locs` on record `r`.
fn on_record(locs: u8, r: usize) -> u8 {
    locs >> (2 * r) & 3
}

/// Statements that realize the shape: chosen at random among several ways to express the
/// same read and write sets.
fn realize(shape: &Shape, rng: &mut Rng) -> Vec<StmtSpec> {
    let mut stmts = Vec::new();
    // Reads and writes everything, but whoever runs it evaluates it on nothing.
    let mut decoy = StmtSpec {
        name: "D".into(),
        reads: 3,
        writes: 3,
        scans: 3,
        runs: Vec::new(),
    };
    for t in 0..shape.n() {
        let mut own: Vec<(u8, u8, u8, u8, u8)> = Vec::new(); // reads, writes, scans, cand, sel
        for r in 0..2 {
            let fr = on_record(shape.reads[t], r);
            let fw = on_record(shape.writes[t], r);
            let this = 1u8 << r;
            let both = 3u8;
            if fr != 0 && fw != 0 && rng.chance(1, 3) {
                // One statement reads and writes the record (its WHERE clause may scan
                // some of what it reads).
                own.push((fr, fw, rng.submask(fr), this, this));
                continue;
            }
            if fr != 0 {
                match rng.below(3) {
                    // Selected and read.
                    0 => own.push((fr, 0, rng.submask(fr), this, this)),
                    // Selected among both records; the other is a candidate only.
                    1 => own.push((fr, 0, 0, both, this)),
                    // Read by the WHERE clause only: nothing selected, so what the
                    // statement would read or write of selected records is irrelevant.
                    _ => own.push((rng.submask(3), rng.submask(3), fr, this, 0)),
                }
            }
            if fw != 0 {
                let cand = if rng.chance(1, 2) { this } else { both };
                own.push((0, fw, 0, cand, this));
            }
        }
        if own.is_empty() || rng.chance(1, 3) {
            // Ran, evaluated on nothing.
            decoy.runs.push((t, 0, 0));
        }
        for (j, (reads, writes, scans, cand, sel)) in own.into_iter().enumerate() {
            stmts.push(StmtSpec {
                name: format!("S{}_{j}", t + 1),
                reads,
                writes,
                scans,
                runs: vec![(t, cand, sel)],
            });
        }
    }
    stmts.push(decoy);
    // Declared, never run.
    stmts.push(StmtSpec {
        name: "Unused".into(),
        reads: 3,
        writes: 3,
        scans: 3,
        runs: Vec::new(),
    });
    stmts
}

/// What the statements mean, by the header's definition: a statement reads its `reads`
/// of the records it selects and its `scans` of the records it is evaluated on, and writes
/// its `writes` of the records it selects.
fn meaning(n: usize, stmts: &[StmtSpec]) -> Shape {
    let mut shape = Shape {
        reads: vec![0; n],
        writes: vec![0; n],
    };
    for s in stmts {
        for &(t, cand, sel) in &s.runs {
            for r in 0..2 {
                if sel >> r & 1 == 1 {
                    shape.reads[t] |= s.reads << (2 * r);
                    shape.writes[t] |= s.writes << (2 * r);
                }
                if cand >> r & 1 == 1 {
                    shape.reads[t] |= s.scans << (2 * r);
                }
            }
        }
    }
    shape
}

fn inst(t: usize) -> String {
    format!("I{}", t + 1)
}

fn command(model: Model, q: Question, n: usize) -> String {
    let p = model.pred();
    let name = format!("{}{:?}", q.kind(), model);
    let body = match q {
        Question::Cycle => format!(
            "some vis, ar: Inst -> Inst | execution[vis, ar] and {p}[vis, ar] and cycle[vis, ar]"
        ),
        Question::Chordless => format!(
            "some vis, ar, wr, ww, rw, path: Inst -> Inst | execution[vis, ar] and {p}[vis, ar] \
             and possibleDeps[vis, ar, wr, ww, rw] and chordlessPath[wr, ww, rw, path]"
        ),
        Question::Dangerous => format!(
            "some vis, ar, wr, ww, rw, path: Inst -> Inst | execution[vis, ar] and {p}[vis, ar] \
             and possibleDeps[vis, ar, wr, ww, rw] and chordlessPath[wr, ww, rw, path] \
             and dangerousStart[vis, rw, path]"
        ),
        Question::NotInductive(s) => format!(
            "some vis, ar, wr, ww, rw: Inst -> Inst | execution[vis, ar] and {p}[vis, ar] \
             and possibleDeps[vis, ar, wr, ww, rw] and not inductive[ar, wr, ww, rw, {}]",
            s.map_or("Inst".into(), inst)
        ),
    };
    format!("run {name} {{ {body} }} for 3 but exactly {n} Inst\n")
}

fn model_text(n: usize, stmts: &[StmtSpec], questions: &[(Model, Question)]) -> String {
    let mut out = String::from("open isolation/programs\n\n");
    out.push_str("one sig R0, R1 extends Rec {}\none sig F0, F1 extends Field {}\n");
    let insts: Vec<String> = (0..n).map(inst).collect();
    let _ = writeln!(out, "one sig {} extends Inst {{}}", insts.join(", "));
    let names: Vec<&str> = stmts.iter().map(|s| s.name.as_str()).collect();
    let _ = writeln!(out, "one sig {} extends Stmt {{}}\n", names.join(", "));
    out.push_str("fact statements {\n");
    for s in stmts {
        let _ = writeln!(
            out,
            "  {0}.reads = {1} and {0}.writes = {2} and {0}.scans = {3}",
            s.name,
            fields(s.reads),
            fields(s.writes),
            fields(s.scans)
        );
    }
    // The pinned runs say nothing of statement order: every read is of other instances.
    out.push_str("  no own\n}\n\nfact instances {\n");
    for (t, i) in insts.iter().enumerate() {
        let runs: Vec<(&str, u8, u8)> = stmts
            .iter()
            .flat_map(|s| {
                s.runs
                    .iter()
                    .filter(move |r| r.0 == t)
                    .map(move |r| (s.name.as_str(), r.1, r.2))
            })
            .collect();
        let rel = |part: &dyn Fn(&(&str, u8, u8)) -> u8| {
            let pairs: Vec<String> = runs
                .iter()
                .filter(|r| part(r) != 0)
                .map(|r| format!("{} -> {}", r.0, records(part(r))))
                .collect();
            pairs.join(" + ")
        };
        let ran: Vec<&str> = runs.iter().map(|r| r.0).collect();
        let set = |field: &str, v: String| {
            if v.is_empty() {
                format!("no {i}.{field}")
            } else {
                format!("{i}.{field} = {v}")
            }
        };
        let _ = writeln!(
            out,
            "  {}\n  {}\n  {}",
            set("ran", ran.join(" + ")),
            set("cand", rel(&|r| r.1)),
            set("sel", rel(&|r| r.2))
        );
    }
    out.push_str("}\n\n");
    for &(m, q) in questions {
        out.push_str(&command(m, q, n));
    }
    out
}

// ---------------------------------------------------------------------------------------
// The referee. Relations over at most 4 instances are bit masks: bit `4 * a + b` is a -> b.

pub(crate) type Rel = u16;

fn has(r: Rel, a: usize, b: usize) -> bool {
    r >> (4 * a + b) & 1 == 1
}

fn edge(a: usize, b: usize) -> Rel {
    1 << (4 * a + b)
}

/// Every pair of distinct instances, as a mask.
fn off_diagonal(n: usize) -> Rel {
    let mut m = 0;
    for a in 0..n {
        for b in 0..n {
            if a != b {
                m |= edge(a, b);
            }
        }
    }
    m
}

/// The relation `{a -> b | f(a, b)}` over `n` instances.
fn rel_of(n: usize, f: impl Fn(usize, usize) -> bool) -> Rel {
    let mut m = 0;
    for a in 0..n {
        for b in 0..n {
            if f(a, b) {
                m |= edge(a, b);
            }
        }
    }
    m
}

fn show(n: usize, r: Rel) -> String {
    let mut pairs = Vec::new();
    for a in 0..n {
        for b in 0..n {
            if has(r, a, b) {
                pairs.push(format!("{}->{}", inst(a), inst(b)));
            }
        }
    }
    format!("{{{}}}", pairs.join(", "))
}

/// An abstract execution: `order` lists the instances in arbitration order.
#[derive(Clone, Debug)]
pub(crate) struct Exec {
    pub(crate) order: Vec<usize>,
    pub(crate) pos: Vec<usize>,
    vis: Rel,
}

impl Exec {
    fn n(&self) -> usize {
        self.order.len()
    }
    fn ar(&self, a: usize, b: usize) -> bool {
        self.pos[a] < self.pos[b]
    }
    fn ar_rel(&self) -> Rel {
        rel_of(self.n(), |a, b| self.ar(a, b))
    }
    pub(crate) fn vis(&self, a: usize, b: usize) -> bool {
        has(self.vis, a, b)
    }
    /// From the relations a solver found; `None` unless `ar` is a strict total order and
    /// `vis` lies within it.
    fn from_relations(n: usize, ar: Rel, vis: Rel) -> Option<Exec> {
        if ar & !off_diagonal(n) != 0 || vis & !ar != 0 {
            return None;
        }
        for a in 0..n {
            for b in 0..n {
                if a != b && has(ar, a, b) == has(ar, b, a) {
                    return None;
                }
                for c in 0..n {
                    if has(ar, a, b) && has(ar, b, c) && !has(ar, a, c) {
                        return None;
                    }
                }
            }
        }
        let pos: Vec<usize> = (0..n)
            .map(|a| (0..n).filter(|&b| has(ar, b, a)).count())
            .collect();
        let mut order = vec![0; n];
        for (a, &p) in pos.iter().enumerate() {
            order[p] = a;
        }
        Some(Exec { order, pos, vis })
    }
    fn describe(&self) -> String {
        let order: Vec<String> = self.order.iter().map(|&a| inst(a)).collect();
        format!(
            "ar: {}, vis: {}",
            order.join(" < "),
            show(self.n(), self.vis)
        )
    }
}

fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for p in permutations(n - 1) {
        for i in 0..=p.len() {
            let mut q = p.clone();
            q.insert(i, n - 1);
            out.push(q);
        }
    }
    out
}

/// Every execution over `n` instances: each arbitration order with each visibility
/// inside it.
pub(crate) fn executions(n: usize) -> Vec<Exec> {
    let mut out = Vec::new();
    for order in permutations(n) {
        let mut pos = vec![0; n];
        for (i, &a) in order.iter().enumerate() {
            pos[a] = i;
        }
        let pairs: Vec<(usize, usize)> = (0..n)
            .flat_map(|a| (0..n).map(move |b| (a, b)))
            .filter(|&(a, b)| pos[a] < pos[b])
            .collect();
        for mask in 0u32..1 << pairs.len() {
            let vis = pairs
                .iter()
                .enumerate()
                .filter(|(i, _)| mask >> i & 1 == 1)
                .fold(0, |v, (_, &(a, b))| v | edge(a, b));
            out.push(Exec {
                order: order.clone(),
                pos: pos.clone(),
                vis,
            });
        }
    }
    out
}

/// Whether the consistency model allows the execution.
pub(crate) fn allowed(shape: &Shape, e: &Exec, model: Model) -> bool {
    let n = e.n();
    let triples =
        || (0..n).flat_map(move |a| (0..n).flat_map(move |b| (0..n).map(move |c| (a, b, c))));
    // Causal: what a transaction saw, every transaction that sees it sees too.
    let causal = || triples().all(|(a, b, c)| !(e.vis(a, b) && e.vis(b, c)) || e.vis(a, c));
    // Prefix: seeing a transaction means seeing everything arbitrated before it.
    let prefix = || triples().all(|(a, b, c)| !(e.ar(a, b) && e.vis(b, c)) || e.vis(a, c));
    // No conflicts: of two writers of a common location, the later one sees the earlier.
    let no_conflict =
        || (0..n).all(|a| (0..n).all(|b| !(shape.conflict(a, b) && e.ar(a, b)) || e.vis(a, b)));
    match model {
        Model::RA => true,
        Model::CC => causal(),
        Model::PC => prefix(),
        Model::PSI => causal() && no_conflict(),
        Model::SI => prefix() && no_conflict(),
        Model::SER => e.vis == e.ar_rel(),
    }
}

/// The dependency graph of an execution.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Graph {
    wr: Rel,
    ww: Rel,
    rw: Rel,
}

impl Graph {
    pub(crate) fn all(&self) -> Rel {
        self.wr | self.ww | self.rw
    }
    fn describe(&self, n: usize) -> String {
        format!(
            "wr: {}, ww: {}, rw: {}",
            show(n, self.wr),
            show(n, self.ww),
            show(n, self.rw)
        )
    }
}

pub(crate) fn graph(shape: &Shape, e: &Exec) -> Graph {
    let n = e.n();
    let mut g = Graph {
        wr: 0,
        ww: 0,
        rw: 0,
    };
    for t in 0..n {
        for l in (0..LOCS).filter(|&l| shape.reads(t, l)) {
            // The version read: the arbitration-last visible writer, or the initial one.
            let seen = (0..n)
                .filter(|&w| e.vis(w, t) && shape.writes(w, l))
                .max_by_key(|&w| e.pos[w]);
            if let Some(w) = seen {
                g.wr |= edge(w, t);
            }
            // Every other writer whose version is newer than the one read overwrote it.
            for b in (0..n).filter(|&b| b != t && shape.writes(b, l)) {
                let newer = match seen {
                    None => true,
                    Some(w) => e.ar(w, b),
                };
                if newer {
                    g.rw |= edge(t, b);
                }
            }
        }
    }
    for a in 0..n {
        for b in 0..n {
            if shape.conflict(a, b) && e.ar(a, b) {
                g.ww |= edge(a, b);
            }
        }
    }
    g
}

fn closure(n: usize, r: Rel) -> Rel {
    let mut c = r;
    for k in 0..n {
        for a in 0..n {
            for b in 0..n {
                if has(c, a, k) && has(c, k, b) {
                    c |= edge(a, b);
                }
            }
        }
    }
    c
}

pub(crate) fn cyclic(n: usize, r: Rel) -> bool {
    let c = closure(n, r);
    (0..n).any(|a| has(c, a, a))
}

/// Whether `(wr, ww, rw)` could be the dependency graph of the execution or of any larger
/// execution restricted to these instances: a WR edge needs visibility and a location the
/// writer writes and the reader reads with no writer of it that the reader sees after the
/// writer; WW is exactly the arbitrated pairs of writers of a common location; an RW edge
/// needs a writer the reader does not see and a location the reader reads and the writer
/// writes with no writer of it the reader sees after the writer, and every writer
/// arbitrated after a reader of one of its locations is RW-after it.
fn possible(shape: &Shape, e: &Exec, g: &Graph) -> bool {
    wr_possible(shape, e, g.wr) && ww_possible(shape, e, g.ww) && rw_possible(shape, e, g.rw)
}

fn wr_possible(shape: &Shape, e: &Exec, wr: Rel) -> bool {
    let n = e.n();
    wr & !off_diagonal(n) == 0
        && (0..n).all(|w| {
            (0..n).all(|t| {
                !has(wr, w, t)
                    || (e.vis(w, t)
                        && (0..LOCS).any(|l| {
                            shape.writes(w, l)
                                && shape.reads(t, l)
                                && no_later_visible(shape, e, t, w, l)
                        }))
            })
        })
}

/// No writer of `l` that `t` sees comes after `w` in ar.
fn no_later_visible(shape: &Shape, e: &Exec, t: usize, w: usize, l: usize) -> bool {
    (0..e.n()).all(|u| !(e.vis(u, t) && shape.writes(u, l) && e.ar(w, u)))
}

fn ww_possible(shape: &Shape, e: &Exec, ww: Rel) -> bool {
    ww == rel_of(e.n(), |a, b| shape.conflict(a, b) && e.ar(a, b))
}

fn rw_possible(shape: &Shape, e: &Exec, rw: Rel) -> bool {
    let n = e.n();
    rw & !off_diagonal(n) == 0
        && (0..n).all(|t| {
            (0..n).all(|b| {
                let rw_ok = !has(rw, t, b)
                    || (t != b
                        && !e.vis(b, t)
                        && (0..LOCS).any(|l| {
                            shape.reads(t, l)
                                && shape.writes(b, l)
                                && no_later_visible(shape, e, t, b, l)
                        }));
                let forced = !(shape.reads_writes(t, b) && e.ar(t, b)) || has(rw, t, b);
                rw_ok && forced
            })
        })
}

/// Every graph `possible` allows for the execution: all triples of relations over
/// distinct instances, each conjunct checked as soon as its relation is chosen.
fn possible_graphs(shape: &Shape, e: &Exec) -> Vec<Graph> {
    let n = e.n();
    let cells: Vec<Rel> = (0..16)
        .map(|i| 1 << i)
        .filter(|c| c & off_diagonal(n) != 0)
        .collect();
    let all: Vec<Rel> = (0u32..1 << cells.len())
        .map(|m| {
            cells
                .iter()
                .enumerate()
                .filter(|(i, _)| m >> i & 1 == 1)
                .fold(0, |r, (_, c)| r | c)
        })
        .collect();
    let wrs: Vec<Rel> = all
        .iter()
        .copied()
        .filter(|&r| wr_possible(shape, e, r))
        .collect();
    let wws: Vec<Rel> = all
        .iter()
        .copied()
        .filter(|&r| ww_possible(shape, e, r))
        .collect();
    let rws: Vec<Rel> = all
        .iter()
        .copied()
        .filter(|&r| rw_possible(shape, e, r))
        .collect();
    let mut out = Vec::new();
    for &wr in &wrs {
        for &ww in &wws {
            for &rw in &rws {
                out.push(Graph { wr, ww, rw });
            }
        }
    }
    out
}

/// Whether the edges `d` are exactly a path through every instance in the order `path`
/// (a sequence of instances), possibly with the edge from its last instance back to its
/// first.
fn chordless_along(n: usize, d: Rel, path: &[usize]) -> bool {
    let steps = path.windows(2).fold(0, |m, w| m | edge(w[0], w[1]));
    let back = edge(path[n - 1], path[0]);
    d & steps == steps && d & !(steps | back) == 0
}

/// Whether the path (a sequence of at least three instances) starts with two RW edges
/// between concurrent instances: neither instance of either pair sees the other.
fn dangerous_start(e: &Exec, rw: Rel, path: &[usize]) -> bool {
    path.len() >= 3
        && path.windows(2).take(2).all(|w| {
            let (a, b) = (w[0], w[1]);
            has(rw, a, b) && !e.vis(a, b) && !e.vis(b, a)
        })
}

/// Whether every dependency path from `s` stays arbitrated after it: its edges go
/// forward, and an edge from any instance after `s` ends after `s`.
fn inductive_from(e: &Exec, d: Rel, s: usize) -> bool {
    let n = e.n();
    (0..n).all(|y| !has(d, s, y) || e.ar(s, y))
        && (0..n).all(|x| !e.ar(s, x) || (0..n).all(|y| !has(d, x, y) || e.ar(s, y)))
}

/// `inductive_from` the instance `start`, or from every instance.
fn inductive(e: &Exec, d: Rel, start: Option<usize>) -> bool {
    match start {
        Some(s) => inductive_from(e, d, s),
        None => (0..e.n()).all(|s| inductive_from(e, d, s)),
    }
}

/// A witness the referee found, for the failure message.
struct Witness {
    exec: Exec,
    graph: Graph,
    path: Option<Vec<usize>>,
}

impl Witness {
    fn describe(&self) -> String {
        let n = self.exec.n();
        let mut s = format!("{}; {}", self.exec.describe(), self.graph.describe(n));
        if let Some(p) = &self.path {
            let p: Vec<String> = p.iter().map(|&a| inst(a)).collect();
            let _ = write!(s, "; path: {}", p.join(" -> "));
        }
        s
    }
}

/// The referee's answer: a witness, or none.
fn referee(shape: &Shape, model: Model, q: Question) -> Option<Witness> {
    let n = shape.n();
    for e in executions(n) {
        if !allowed(shape, &e, model) {
            continue;
        }
        match q {
            Question::Cycle => {
                let g = graph(shape, &e);
                if cyclic(n, g.all()) {
                    return Some(Witness {
                        exec: e,
                        graph: g,
                        path: None,
                    });
                }
            }
            Question::Chordless | Question::Dangerous => {
                for g in possible_graphs(shape, &e) {
                    for p in permutations(n) {
                        if chordless_along(n, g.all(), &p)
                            && (q == Question::Chordless || dangerous_start(&e, g.rw, &p))
                        {
                            return Some(Witness {
                                exec: e,
                                graph: g,
                                path: Some(p),
                            });
                        }
                    }
                }
            }
            Question::NotInductive(s) => {
                for g in possible_graphs(shape, &e) {
                    if !inductive(&e, g.all(), s) {
                        return Some(Witness {
                            exec: e,
                            graph: g,
                            path: None,
                        });
                    }
                }
            }
        }
    }
    None
}

// ---------------------------------------------------------------------------------------
// The solver's side

/// The skolem relations of a SAT answer over the instances, by variable name.
fn witness_relations(run: &CommandRun, n: usize) -> BTreeMap<String, Rel> {
    let answer = run.instance().expect("a SAT answer");
    // The atom of each instance: the value of its one sig.
    let mut index = BTreeMap::new();
    for (i, r) in run.bounds().relations.iter().enumerate() {
        for t in 0..n {
            let name = &r.name;
            if name == &inst(t) || name.ends_with(&format!("/{}", inst(t))) {
                let atoms = answer.values[i].atoms();
                assert_eq!(atoms.len(), 1, "one sig {name}");
                index.insert(*atoms.iter().next().unwrap(), t);
            }
        }
    }
    assert_eq!(index.len(), n, "the atoms of the instances");
    let mut out = BTreeMap::new();
    for (name, value) in run.skolems() {
        let var = name
            .rsplit(['$', '_', '/'])
            .next()
            .unwrap_or(&name)
            .to_string();
        let mut r = 0;
        for tuple in value.iter() {
            assert_eq!(tuple.len(), 2, "skolem {name} is binary");
            r |= edge(index[&tuple[0]], index[&tuple[1]]);
        }
        out.insert(var, r);
    }
    out
}

/// Check the solver's witness with the referee's definitions; an error message if it is
/// not one.
fn check_witness(
    shape: &Shape,
    model: Model,
    q: Question,
    w: &BTreeMap<String, Rel>,
) -> Result<(), String> {
    let n = shape.n();
    let get = |v: &str| {
        w.get(v)
            .copied()
            .ok_or_else(|| format!("no witness for `{v}` among {:?}", w.keys()))
    };
    let e = Exec::from_relations(n, get("ar")?, get("vis")?)
        .ok_or("ar is not a strict total order containing vis")?;
    if !allowed(shape, &e, model) {
        return Err(format!("{model:?} does not allow {}", e.describe()));
    }
    match q {
        Question::Cycle => {
            let g = graph(shape, &e);
            if !cyclic(n, g.all()) {
                return Err(format!("no cycle in {}: {}", e.describe(), g.describe(n)));
            }
        }
        Question::Chordless | Question::Dangerous | Question::NotInductive(_) => {
            let g = Graph {
                wr: get("wr")?,
                ww: get("ww")?,
                rw: get("rw")?,
            };
            if !possible(shape, &e, &g) {
                return Err(format!(
                    "not a possible graph of {}: {}",
                    e.describe(),
                    g.describe(n)
                ));
            }
            if let Question::NotInductive(s) = q {
                if inductive(&e, g.all(), s) {
                    return Err(format!("inductive from {s:?}: {}", g.describe(n)));
                }
            } else {
                let path = Exec::from_relations(n, get("path")?, 0)
                    .ok_or("path is not a strict total order")?;
                if !chordless_along(n, g.all(), &path.order) {
                    return Err(format!(
                        "not chordless along {:?}: {}",
                        path.order,
                        g.describe(n)
                    ));
                }
                if q == Question::Dangerous && !dangerous_start(&e, g.rw, &path.order) {
                    return Err(format!(
                        "no dangerous start along {:?}: {}; {}",
                        path.order,
                        g.describe(n),
                        e.describe()
                    ));
                }
            }
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// The test

/// Per (question kind, model): how many cases the referee answers sat, and unsat.
type Tally = BTreeMap<(&'static str, Model), (usize, usize)>;

struct Case {
    shape: Shape,
    text: String,
    questions: Vec<(Model, Question)>,
}

fn cases() -> Vec<Case> {
    let mut rng = Rng::new(SEED);
    (0..CASES)
        .map(|i| {
            // Every other shape is planted at a boundary between two models, and some
            // of the rest are chains that start a dangerous structure.
            let shape = if i % 2 == 0 {
                planted_shape(&mut rng, SEPARATIONS[i / 2 % SEPARATIONS.len()])
            } else if i / 2 % 5 == 2 {
                planted_chain(&mut rng)
            } else {
                random_shape(&mut rng, [2, 3, 3, 3, 4][i / 2 % 5])
            };
            let n = shape.n();
            let stmts = realize(&shape, &mut rng);
            let meant = meaning(n, &stmts);
            assert_eq!(
                (&meant.reads, &meant.writes),
                (&shape.reads, &shape.writes),
                "the generator's statements mean the shape: {stmts:?}"
            );
            let mut questions = Vec::new();
            let start = rng.below(n as u64) as usize;
            for m in MODELS {
                questions.push((m, Question::Cycle));
                if n <= 3 {
                    questions.push((m, Question::Chordless));
                    if matches!(m, Model::SI | Model::SER) {
                        questions.push((m, Question::Dangerous));
                    }
                    questions.push((m, Question::NotInductive(Some(start))));
                    questions.push((m, Question::NotInductive(None)));
                }
            }
            let text = model_text(n, &stmts, &questions);
            Case {
                shape,
                text,
                questions,
            }
        })
        .collect()
}

fn load(text: &str) -> (SourceMap, solder::check::Checked) {
    let mut sources = SourceMap::new();
    let checked = check::load(
        &mut sources,
        RootSource::Text {
            name: "programs_case.als".into(),
            text: text.into(),
            dir: None,
        },
    )
    .unwrap_or_else(|e| panic!("{}\n{text}", sources.render(&e.0, false)));
    (sources, checked)
}

#[test]
fn library_agrees_with_brute_force_on_tiny_executions() {
    let started = Instant::now();
    let cases = cases();
    let opts = RunOptions::default();
    assert!(opts.verify, "SAT answers are verified by the evaluator");
    let tally: Mutex<Tally> = Mutex::new(BTreeMap::new());
    let failures: Mutex<Vec<String>> = Mutex::new(Vec::new());
    parallel(cases.len(), |i| {
        let case = &cases[i];
        let (sources, checked) = load(&case.text);
        assert_eq!(checked.model.commands.len(), case.questions.len());
        for (c, &(model, q)) in case.questions.iter().enumerate() {
            let run = CommandRun::start(&checked, c, &opts).unwrap_or_else(|e| {
                panic!(
                    "case {i}, {} {model:?}: {}\n{}",
                    q.kind(),
                    sources.render(&e.0, false),
                    case.text
                )
            });
            let solver = match run.found() {
                Some(found) => found == 1,
                None => panic!("case {i}: command {c} was interrupted\n{}", case.text),
            };
            let witness = referee(&case.shape, model, q);
            let mut problems = Vec::new();
            if solver != witness.is_some() {
                problems.push(format!(
                    "solver says {}, referee says {}{}",
                    if solver { "sat" } else { "unsat" },
                    if witness.is_some() { "sat" } else { "unsat" },
                    witness
                        .as_ref()
                        .map(|w| format!(" with {}", w.describe()))
                        .unwrap_or_default()
                ));
            }
            if solver {
                let relations = witness_relations(&run, case.shape.n());
                if let Err(msg) = check_witness(&case.shape, model, q, &relations) {
                    problems.push(format!("the solver's witness fails the referee: {msg}"));
                }
            }
            if !problems.is_empty() {
                failures.lock().unwrap().push(format!(
                    "case {i}, {} under {model:?} ({}): {}\n{}",
                    q.kind(),
                    case.shape.describe(),
                    problems.join("; "),
                    case.text
                ));
            }
            let mut t = tally.lock().unwrap();
            let entry = t.entry((q.kind(), model)).or_default();
            if witness.is_some() {
                entry.0 += 1;
            } else {
                entry.1 += 1;
            }
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(
        failures.is_empty(),
        "{} disagreements:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
    let tally = tally.into_inner().unwrap();
    for (&(kind, model), &(sat, unsat)) in &tally {
        eprintln!("{kind:>12} {model:?}: {sat} sat, {unsat} unsat");
        if model == Model::SER && kind != "chordless" {
            // Under serializability every dependency edge follows ar: no cycle, and every
            // path stays after its start; no two instances are concurrent, so no path
            // starts dangerously. (Chordless paths along ar do occur.)
            assert_eq!(sat, 0, "{kind} under SER");
        } else {
            assert!(
                sat > 0 && unsat > 0,
                "{kind} under {model:?}: {sat} sat, {unsat} unsat — both verdicts must occur"
            );
        }
    }
    // Four questions under every model, and `dangerous` under SI and SER.
    assert_eq!(tally.len(), 4 * MODELS.len() + 2);
    // The solver's verdicts equal the referee's, so these are the library's too.
    for (weak, strong) in SEPARATIONS {
        let shapes = cases
            .iter()
            .filter(|c| separations(&c.shape).contains(&(weak, strong)))
            .count();
        eprintln!("{weak:?} has a cycle that {strong:?} excludes: {shapes} shapes");
        assert!(shapes > 0, "no shape separates {weak:?} from {strong:?}");
    }
    eprintln!("{} cases in {:.1?}", cases.len(), started.elapsed());
}

/// The restriction of a relation to the instances `keep` (renumbered in order).
fn restrict(r: Rel, keep: &[usize]) -> Rel {
    rel_of(keep.len(), |i, j| has(r, keep[i], keep[j]))
}

/// The sub-execution on the instances `keep` (renumbered in order), with its shape.
fn sub_execution(shape: &Shape, e: &Exec, keep: &[usize]) -> (Shape, Exec) {
    let sub = Shape {
        reads: keep.iter().map(|&t| shape.reads[t]).collect(),
        writes: keep.iter().map(|&t| shape.writes[t]).collect(),
    };
    let k = keep.len();
    let ar = rel_of(k, |i, j| e.ar(keep[i], keep[j]));
    let exec = Exec::from_relations(k, ar, restrict(e.vis, keep)).expect("a restricted order");
    (sub, exec)
}

/// The header's claims behind the bounded search ("dropping an instance from an execution
/// only adds edges among the rest") and behind `possibleDeps` ("holds of each
/// sub-execution's restriction of the real graph"), and the closure of every consistency
/// model under sub-executions, which both need: on every execution of random shapes of 3
/// and 4 instances, for every set of at least 2 instances kept.
#[test]
fn sub_executions_keep_edges_on_the_referee() {
    let mut rng = Rng::new(SEED ^ 0xdead_beef);
    let mut checked = 0usize;
    for i in 0..120 {
        let n = 3 + i % 2;
        let shape = random_shape(&mut rng, n);
        for e in executions(n) {
            let g = graph(&shape, &e);
            for subset in 1u32..(1 << n) - 1 {
                let keep: Vec<usize> = (0..n).filter(|t| subset >> t & 1 == 1).collect();
                if keep.len() < 2 {
                    continue;
                }
                let (sub, se) = sub_execution(&shape, &e, &keep);
                let sg = graph(&sub, &se);
                let kept = Graph {
                    wr: restrict(g.wr, &keep),
                    ww: restrict(g.ww, &keep),
                    rw: restrict(g.rw, &keep),
                };
                let context = || {
                    format!(
                        "{}; {}; kept {keep:?}: {} has {}",
                        shape.describe(),
                        e.describe(),
                        se.describe(),
                        sg.describe(keep.len())
                    )
                };
                for (what, big, small) in [
                    ("WR", kept.wr, sg.wr),
                    ("WW", kept.ww, sg.ww),
                    ("RW", kept.rw, sg.rw),
                ] {
                    assert_eq!(big & !small, 0, "{what} edges lost: {}", context());
                }
                assert!(
                    possible(&sub, &se, &kept),
                    "possibleDeps fails on the kept graph {}: {}",
                    kept.describe(keep.len()),
                    context()
                );
                for m in MODELS {
                    assert!(
                        !allowed(&shape, &e, m) || allowed(&sub, &se, m),
                        "{m:?} is not closed under sub-executions: {}",
                        context()
                    );
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 100_000, "{checked} sub-executions");
}

/// Every simple cycle of the relation `d` over `n` instances, each once: the sequence of
/// its instances, starting at its least one.
fn simple_cycles(n: usize, d: Rel) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    for subset in 1u32..1 << n {
        let members: Vec<usize> = (0..n).filter(|t| subset >> t & 1 == 1).collect();
        if members.len() < 2 {
            continue;
        }
        // Fix the least member first so that each cycle is listed once.
        for rest in permutations(members.len() - 1) {
            let cycle: Vec<usize> = std::iter::once(members[0])
                .chain(rest.iter().map(|&i| members[i + 1]))
                .collect();
            let k = cycle.len();
            if (0..k).all(|i| has(d, cycle[i], cycle[(i + 1) % k])) {
                out.push(cycle);
            }
        }
    }
    out
}

/// The claim `dangerousStart` rests on (the library states its proof): under SI, and so
/// under SER, every dependency cycle has two adjacent RW edges between concurrent
/// instances. Checked on every simple cycle of the real dependency graph of every allowed
/// execution of shapes of 3 and 4 instances, half of them planted anomalies. Under PSI some
/// cycle must lack such a pair (the long fork), so the check is one that can fail.
#[test]
fn every_cycle_under_si_has_two_adjacent_concurrent_anti_dependencies() {
    let mut rng = Rng::new(SEED ^ 0x0fe7_e4e7);
    let (mut si_cycles, mut psi_without) = (0usize, 0usize);
    for i in 0..240 {
        let shape = if i % 2 == 0 {
            planted_shape(&mut rng, SEPARATIONS[i / 2 % SEPARATIONS.len()])
        } else {
            random_shape(&mut rng, 3 + i / 2 % 2)
        };
        let n = shape.n();
        for e in executions(n) {
            let g = graph(&shape, &e);
            let concurrent_rw =
                |a: usize, b: usize| has(g.rw, a, b) && !e.vis(a, b) && !e.vis(b, a);
            for cycle in simple_cycles(n, g.all()) {
                let k = cycle.len();
                let at = |i: usize| cycle[i % k];
                let dangerous = (0..k).any(|i| {
                    concurrent_rw(at(i), at(i + 1)) && concurrent_rw(at(i + 1), at(i + 2))
                });
                for m in [Model::SI, Model::SER] {
                    if allowed(&shape, &e, m) {
                        assert!(
                            dangerous,
                            "a cycle {cycle:?} under {m:?} without two adjacent concurrent \
                             anti-dependencies: {}; {}; {}",
                            shape.describe(),
                            e.describe(),
                            g.describe(n)
                        );
                        si_cycles += 1;
                    }
                }
                if !dangerous && allowed(&shape, &e, Model::PSI) {
                    psi_without += 1;
                }
            }
        }
    }
    eprintln!("{si_cycles} cycles under SI, {psi_without} under PSI without a dangerous pair");
    assert!(si_cycles > 1000, "{si_cycles} cycles under SI");
    assert!(psi_without > 0, "no PSI cycle lacks a dangerous pair");
}
