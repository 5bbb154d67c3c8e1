//! The isolation library against a brute-force referee.
//!
//! For random well-formed histories (up to 4 transactions besides T0, up to 3 objects,
//! random sessions), a model opens `isolation`, fixes the history by facts and asks
//! `run L` for every level L; the solver's verdict must equal the referee's, which
//! enumerates every witness in plain Rust (`common/isolation_brute.rs`). The referee is
//! itself checked against the separations the literature reports, and the library's
//! well-formedness fact against the referee's on histories that break it.

#[path = "common/isolation_brute.rs"]
mod isolation_brute;
#[path = "common/isolation_history.rs"]
mod isolation_history;

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use isolation_brute::{LEVELS, satisfies, well_formed};
use isolation_history::{History, Rng, history_model, random_history};
use solder::check::{self, RootSource};
use solder::diagnostic::SourceMap;
use solder::session::{CommandRun, RunOptions};

/// Random histories in the differential test (`ISOLATION_HISTORIES` overrides it, for
/// measuring).
const HISTORIES: usize = 2000;
/// Levels checked per history (a different random selection each time), so that every
/// level is checked about `HISTORIES * LEVELS_PER_HISTORY / LEVELS.len()` times.
const LEVELS_PER_HISTORY: usize = 34;
const WORKERS: usize = 2;
/// Pairs (weaker, stronger) of the hierarchy whose separating histories are counted, to
/// show that the random histories reach the boundaries between levels.
const SEPARATIONS: &[(&str, &str)] = &[
    ("RC", "RA"),
    ("TapRA", "RA"),
    ("RA", "CC"),
    ("CC", "PC"),
    ("PC", "SI"),
    ("SI", "SER"),
    ("CeroneNLU", "CeroneUA"),
    ("CeronePSI", "CeroneSI"),
    ("AdyaPL3", "SER"),
    ("UpdateSer", "SER"),
];

/// Load a model text; a model that does not load is a bug in the library or the test.
fn load(text: &str) -> (SourceMap, solder::check::Checked) {
    let mut sources = SourceMap::new();
    let checked = check::load(
        &mut sources,
        RootSource::Text {
            name: "history.als".into(),
            text: text.into(),
            dir: None,
        },
    )
    .unwrap_or_else(|e| panic!("{}\n{text}", sources.render(&e.0, false)));
    (sources, checked)
}

/// The solver's verdict on every command of a model, in order.
fn solver_verdicts(text: &str, opts: &RunOptions) -> Vec<bool> {
    let (sources, checked) = load(text);
    (0..checked.model.commands.len())
        .map(|i| {
            let run = CommandRun::start(&checked, i, opts)
                .unwrap_or_else(|e| panic!("{}\n{text}", sources.render(&e.0, false)));
            match run.found() {
                Some(found) => found == 1,
                None => panic!("command {i} was interrupted\n{text}"),
            }
        })
        .collect()
}

/// Run `work(i)` for `i` in `0..count` on [`WORKERS`] threads.
fn parallel(count: usize, work: impl Fn(usize) + Sync) {
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..WORKERS {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= count {
                        break;
                    }
                    work(i);
                }
            });
        }
    });
}

/// A random well-formed history, drawn so that the boundaries between levels are well
/// represented: most small random histories are serializable, and most of the rest
/// violate even Read Atomic, so the referee rejects a part of both kinds. The comparison
/// with the solver stays exact on every history drawn; only the mix changes.
fn boundary_history(rng: &mut Rng) -> History {
    loop {
        let h = random_history(rng, 4, 3);
        if satisfies(&h, "SER") && !rng.chance(20) {
            continue;
        }
        if !satisfies(&h, "RA") && !rng.chance(40) {
            continue;
        }
        return h;
    }
}

#[test]
fn solver_agrees_with_brute_force_on_random_histories() {
    let started = Instant::now();
    // Verification re-evaluates `some vis, ar` by enumeration, which is exponential in
    // the square of the transactions; the referee is the independent check here.
    let opts = RunOptions {
        verify: false,
        ..RunOptions::default()
    };
    // level -> (histories that satisfy it, histories that violate it)
    let counts: Mutex<BTreeMap<&str, (usize, usize)>> = Mutex::new(BTreeMap::new());
    // separations of the hierarchy that the random histories exhibit, per pair
    let separations: Mutex<BTreeMap<(&str, &str), usize>> = Mutex::new(BTreeMap::new());
    let failures: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let histories: usize = std::env::var("ISOLATION_HISTORIES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(HISTORIES);
    parallel(histories, |i| {
        let mut rng = Rng::new(0x1507_1a7e + i as u64);
        let h = boundary_history(&mut rng);
        assert!(
            well_formed(&h),
            "the generator made an ill-formed history: {}",
            h.describe()
        );
        // A random selection of levels, rotating so that each is covered evenly.
        let mut levels: Vec<&str> = LEVELS.to_vec();
        levels.rotate_left((i * LEVELS_PER_HISTORY) % LEVELS.len());
        levels.truncate(LEVELS_PER_HISTORY);
        let text = history_model(&h, &levels);
        let solved = solver_verdicts(&text, &opts);
        for (weak, strong) in SEPARATIONS {
            if satisfies(&h, weak) && !satisfies(&h, strong) {
                *separations
                    .lock()
                    .unwrap()
                    .entry((weak, strong))
                    .or_default() += 1;
            }
        }
        for (level, got) in levels.iter().zip(solved) {
            let expected = satisfies(&h, level);
            let mut counts = counts.lock().unwrap();
            let entry = counts.entry(level).or_default();
            if expected {
                entry.0 += 1;
            } else {
                entry.1 += 1;
            }
            if got != expected {
                failures.lock().unwrap().push(format!(
                    "history {i} ({}): {level}: solver says {got}, brute force {expected}\n{text}",
                    h.describe()
                ));
            }
        }
    });
    let counts = counts.into_inner().unwrap();
    println!("level             satisfied  violated");
    for level in LEVELS {
        let (yes, no) = counts.get(level).copied().unwrap_or_default();
        println!("{level:<17} {yes:>9} {no:>9}");
    }
    for ((weak, strong), count) in separations.into_inner().unwrap() {
        println!("{count:>5} histories satisfy {weak} but not {strong}");
    }
    println!(
        "{histories} histories, {LEVELS_PER_HISTORY} levels each, in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    let failures = failures.into_inner().unwrap();
    assert!(
        failures.is_empty(),
        "{} disagreements; the first:\n{}",
        failures.len(),
        failures[0]
    );
    // Every level must have been seen both ways, or the comparison says little about it.
    for level in LEVELS {
        let (yes, no) = counts.get(level).copied().unwrap_or_default();
        assert!(yes + no >= 400, "{level} checked only {} times", yes + no);
        let trivial = ["AdyaPL1", "AdyaPL2", "CrooksRC"];
        if !trivial.contains(level) {
            assert!(yes > 0 && no > 0, "{level}: {yes} satisfied, {no} violated");
        }
    }
}

/// Break one well-formedness rule of a random history at random (or none).
fn perturb(rng: &mut Rng, h: &mut History) {
    let n = h.txns;
    let t = 1 + rng.below(n - 1);
    let x = rng.below(h.objects);
    match rng.below(7) {
        // a read of a value nobody wrote
        0 => {
            if h.reads[t][x].is_none() {
                h.read_order[t].push(x);
            }
            h.reads[t][x] = Some(h.max_value() + 1);
        }
        // a read of the transaction's own write
        1 => {
            let v = h.max_value() + 1;
            h.writes[t][x] = Some(v);
            if h.reads[t][x].is_none() {
                h.read_order[t].push(x);
            }
            h.reads[t][x] = Some(v);
        }
        // a write of the initial value, or of another transaction's value
        2 => h.writes[t][x] = Some(h.reads[t][x].unwrap_or(0)),
        // a session order that is not a chain: a new predecessor of t
        3 => {
            let s = 1 + rng.below(n - 1);
            if s != t {
                h.so[s][t] = true;
            }
        }
        // a session edge that is not transitively closed, or a backwards one
        4 => {
            let s = 1 + rng.below(n - 1);
            h.so[t][s] = true;
        }
        // a read from a transaction that reads from this one (a possible cycle)
        5 => {
            let s = 1 + rng.below(n - 1);
            if let Some(v) = h.writes[s][x]
                && s != t
            {
                if h.reads[t][x].is_none() {
                    h.read_order[t].push(x);
                }
                h.reads[t][x] = Some(v);
            }
        }
        _ => {}
    }
}

#[test]
fn well_formedness_fact_agrees_with_brute_force() {
    let opts = RunOptions {
        verify: false,
        ..RunOptions::default()
    };
    let counts = Mutex::new((0usize, 0usize));
    let failures: Mutex<Vec<String>> = Mutex::new(Vec::new());
    parallel(300, |i| {
        let mut rng = Rng::new(0xbad_f00d + i as u64);
        let mut h = random_history(&mut rng, 4, 3);
        perturb(&mut rng, &mut h);
        let expected = well_formed(&h);
        // `run {}` finds an instance exactly when the fixed history is well-formed; the
        // values a perturbation invents must exist as atoms for the history to be stated.
        let text = history_model(&h, &["{}"]);
        let got = solver_verdicts(&text, &opts)[0];
        {
            let mut c = counts.lock().unwrap();
            if expected { c.0 += 1 } else { c.1 += 1 }
        }
        if got != expected {
            failures.lock().unwrap().push(format!(
                "history {i} ({}): solver says well-formed = {got}, brute force {expected}\n{text}",
                h.describe()
            ));
        }
    });
    let (good, bad) = counts.into_inner().unwrap();
    println!("{good} well-formed, {bad} ill-formed");
    let failures = failures.into_inner().unwrap();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        good > 30 && bad > 100,
        "{good} well-formed, {bad} ill-formed"
    );
}

/// The referee reproduces the separations of the reference's §7 on its test histories.
#[test]
fn referee_reproduces_the_literature() {
    let h = |sessions: &[&[&str]]| History::parse(sessions);
    let cases: Vec<(&str, History, Vec<&str>, Vec<&str>)> = vec![
        (
            "H01 serial",
            h(&[&["r(x,0) w(x,1)"], &["r(x,1) r(y,0) w(y,1)"]]),
            LEVELS.to_vec(),
            vec![],
        ),
        (
            "H02 lost update",
            h(&[&["r(x,0) w(x,1)"], &["r(x,0) w(x,2)"]]),
            vec![
                "RA", "CC", "PC", "CeroneRA", "CeroneCC", "CeronePC", "AdyaPC", "TapCC",
            ],
            vec![
                "SI",
                "SER",
                "CeroneUA",
                "CeronePSI",
                "CeroneSI",
                "CeroneNLU",
                "AdyaPSI",
                "CrooksSI",
            ],
        ),
        (
            "H03 write skew",
            h(&[&["r(x,0) r(y,0) w(x,1)"], &["r(x,0) r(y,0) w(y,1)"]]),
            vec![
                "SI",
                "PC",
                "CeroneSI",
                "CeronePSI",
                "CeroneUA",
                "AdyaSI",
                "CrooksSI",
                "CrooksSessionSI",
            ],
            vec![
                "SER",
                "CeroneSER",
                "AdyaSER",
                "AdyaPL3",
                "CrooksSER",
                "CrooksSessionSER",
            ],
        ),
        (
            "H04 long fork",
            h(&[
                &["r(x,0) w(x,1)"],
                &["r(y,0) w(y,1)"],
                &["r(x,1) r(y,0)"],
                &["r(x,0) r(y,1)"],
            ]),
            vec!["CC", "CeroneCC", "CeronePSI", "AdyaPSI", "TapCC"],
            vec![
                "PC", "SI", "CeronePC", "CeroneSI", "AdyaPC", "AdyaSI", "CrooksSI",
            ],
        ),
        (
            "H05 causality violation",
            h(&[
                &["r(x,0) w(x,1)"],
                &["r(x,1) r(y,0) w(y,1)"],
                &["r(y,1) r(x,0)"],
            ]),
            vec!["RA", "CeroneRA", "CeroneUA", "TapRA", "TapRAop"],
            vec!["CC", "CeroneCC", "CeronePSI", "TapCC", "AdyaPSI"],
        ),
        (
            "H05b causality violation with blind writes",
            h(&[&["w(x,1) w(y,1)"], &["r(y,1) w(y,2)"], &["r(y,2) r(x,0)"]]),
            vec!["RA", "CeroneRA"],
            vec!["CC", "CeroneCC"],
        ),
        (
            "H06 fractured read (y then x)",
            h(&[&["r(x,0) r(y,0) w(x,1) w(y,1)"], &["r(y,0) r(x,1)"]]),
            vec!["RC", "TapRC"],
            vec!["RA", "CeroneRA", "TapRA"],
        ),
        (
            "H07 non-monotonic read (x then y)",
            h(&[&["r(x,0) r(y,0) w(x,1) w(y,1)"], &["r(x,1) r(y,0)"]]),
            vec![],
            vec!["RC", "TapRC", "RA", "CeroneRA"],
        ),
        (
            "H08 Fekete read-only anomaly",
            h(&[
                &["r(x,0) r(y,0) w(x,1)"],
                &["r(y,0) w(y,1)"],
                &["r(x,0) r(y,1)"],
            ]),
            vec!["SI", "CeroneSI", "UpdateSer", "AdyaSI"],
            vec!["SER", "CeroneSER", "AdyaSER"],
        ),
        (
            "H09 Isolde's TapRA gap",
            h(&[&["r(x,0) w(x,1)", "r(x,0)"]]),
            vec!["TapRA", "AdyaPL3", "CrooksSER"],
            vec![
                "RA",
                "CeroneRA",
                "TapRAop",
                "TapCC",
                "SER",
                "AdyaSER",
                "CrooksSessionSER",
            ],
        ),
        (
            "H10 NLU but not UA",
            h(&[
                &["r(x,0) r(y,0) w(x,1) w(y,1)"],
                &["r(x,1) w(x,2)"],
                &["r(x,2) r(y,0) w(x,3)"],
            ]),
            vec!["CeroneNLU", "CeroneRA"],
            vec!["CeroneUA"],
        ),
        (
            "H12 causality violation through a session",
            h(&[&["r(x,0) w(x,1)", "r(y,0) w(y,1)"], &["r(y,1) r(x,0)"]]),
            vec!["RA", "AdyaPL3", "CrooksSER"],
            vec!["CC", "SER", "AdyaSER"],
        ),
        (
            "H13 cross-session stale reads",
            h(&[&["r(x,0) w(x,1)", "r(x,2)"], &["r(x,0) w(x,2)", "r(x,1)"]]),
            vec!["TapRA"],
            vec!["RA", "TapRAop", "CeroneRA"],
        ),
        (
            "H14 lost update, observed",
            h(&[&["r(x,0) w(x,1)"], &["r(x,0) w(x,2)"], &["r(x,2)"]]),
            vec!["PC", "CeronePC"],
            vec!["SI", "CeroneSI", "CeroneUA"],
        ),
        (
            "H16 write conflict hidden by a blind write",
            h(&[&["r(x,0) w(x,1) w(y,1)"], &["r(y,0) w(x,2) w(y,2)"]]),
            vec!["CeroneCC"],
            vec!["CeronePSI"],
        ),
    ];
    for (name, history, allowed, forbidden) in &cases {
        assert!(well_formed(history), "{name} is not well-formed");
        for level in allowed {
            assert!(satisfies(history, level), "{name} should satisfy {level}");
        }
        for level in forbidden {
            assert!(!satisfies(history, level), "{name} should violate {level}");
        }
    }
    // H11 (a write-read cycle) and H15 (a thin-air read) are not well-formed.
    let h11 = h(&[&["r(x,0) w(x,1) r(y,1)"], &["r(y,0) w(y,1) r(x,1)"]]);
    assert!(!well_formed(&h11));
    let h15 = h(&[&["r(x,5)"]]);
    assert!(!well_formed(&h15));
}
