//! The isolation library against a brute-force referee.
//!
//! For random well-formed histories (up to 4 transactions besides T0, up to 3 objects,
//! random sessions), a model opens `isolation`, fixes the history by facts and asks
//! `run L` for every level L; the solver's verdict must equal the referee's, which
//! enumerates every witness in plain Rust (`common/isolation_brute.rs`). The referee is
//! itself checked against the separations the literature reports, and the library's
//! well-formedness fact against the referee's on histories that break it.

use crate::common::isolation_brute;
use crate::common::isolation_history;

use crate::common::parallel;
use parallel::parallel;

use std::collections::BTreeMap;
use std::sync::Mutex;
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
const LEVELS_PER_HISTORY: usize = 17;
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
    let mut opts = RunOptions {
        verify: false,
        ..RunOptions::default()
    };
    opts.solve.check_lemmas = true;
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

/// The implications the examples expect of the solver with CEGIS (commands that negate a
/// level and expect no instance), as `(levels that hold, level implied)`, with the most
/// transactions, objects and values of the command's scope when it is small enough to
/// check every history (`None`: checked on random histories and on every small one).
type Implication = (
    &'static [&'static str],
    &'static str,
    Option<(usize, usize, u32)>,
);

const IMPLICATIONS: &[Implication] = &[
    // hierarchy.als
    (&["SER"], "SI", None),
    (&["SI"], "PC", None),
    (&["PC"], "CC", None),
    (&["CC"], "RA", None),
    (&["RA"], "RC", None),
    (&["CeroneSI"], "CeronePSI", None),
    (&["CeronePSI"], "CeroneCC", None),
    (&["CeronePSI"], "CeroneUA", None),
    (&["CeroneUA"], "CeroneRA", None),
    // plume.als
    (&["RA"], "TapRA", None),
    (&["TapCC"], "CC", None),
    (&["CC"], "TapCC", None),
    (&["TapRAop"], "RA", None),
    (&["RA"], "TapRAop", None),
    (&["TapRC"], "RC", None),
    (&["RC"], "TapRC", None),
    (&["TapRA"], "RA", Some((1, 1, 1))),
    // fekete.als
    (&["SI", "UpdateSer"], "SER", Some((2, 2, 2))),
    (&["SER"], "UpdateSer", None),
    // lost-update.als
    (&["CeroneUA"], "CeroneNLU", None),
    (&["CeroneNLU"], "CeroneRA", None),
    // frameworks.als
    (&["RA"], "CeroneRA", None),
    (&["CeroneRA"], "RA", None),
    (&["CC"], "CeroneCC", None),
    (&["CeroneCC"], "CC", None),
    (&["PC"], "CeronePC", None),
    (&["CeronePC"], "PC", None),
    (&["SI"], "CeroneSI", None),
    (&["CeroneSI"], "SI", None),
    (&["SER"], "CeroneSER", None),
    (&["CeroneSER"], "SER", None),
    (&["SER"], "AdyaSER", None),
    (&["AdyaSER"], "SER", None),
    (&["SI"], "AdyaSI", None),
    (&["AdyaSI"], "SI", None),
    (&["CeronePSI"], "AdyaPSI", None),
    (&["AdyaPSI"], "CeronePSI", None),
    (&["SER"], "CrooksSessionSER", None),
    (&["CrooksSessionSER"], "SER", None),
    (&["SI"], "CrooksSessionSI", None),
    (&["CrooksSessionSI"], "SI", None),
    (&["AdyaPL3"], "CrooksSER", None),
    (&["CrooksSER"], "AdyaPL3", None),
];

/// The implications the CEGIS examples expect hold on the referee's verdicts: on every
/// history small enough to enumerate, and on many random ones. The referee's frameworks
/// share no code, so this is evidence for the examples' expectations (and for the
/// literature) before the solver can check them.
#[test]
fn referee_confirms_the_examples_implications() {
    let random = 20_000;
    let exhaustive = isolation_history::all_histories(2, 2, 3);
    let failures: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let check = |h: &History, exhaustively: bool| {
        let fits = |(txns, objects, values): (usize, usize, u32)| {
            h.txns - 1 <= txns && h.used_objects() <= objects && h.max_value() < values
        };
        for (holds, implied, scope) in IMPLICATIONS {
            let applies = match scope {
                None => true,
                Some(scope) => exhaustively && fits(*scope),
            };
            if applies && holds.iter().all(|l| satisfies(h, l)) && !satisfies(h, implied) {
                failures.lock().unwrap().push(format!(
                    "{} but not {implied}: {}",
                    holds.join(" and "),
                    h.describe()
                ));
            }
        }
    };
    for h in &exhaustive {
        check(h, true);
    }
    parallel(random, |i| {
        let mut rng = Rng::new(0x0c1a_01e5 + i as u64);
        check(&boundary_history(&mut rng), false);
    });
    println!(
        "{} implications on {} enumerated and {random} random histories",
        IMPLICATIONS.len(),
        exhaustive.len()
    );
    let failures = failures.into_inner().unwrap();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        exhaustive.len() > 1000,
        "only {} histories",
        exhaustive.len()
    );
}

/// The examples that expect a history (commands that negate a level and expect an
/// instance) have one in the literature, within the command's scope: `(example command,
/// history, levels it satisfies, levels it violates, (transactions, objects, values))`.
#[test]
fn referee_confirms_the_examples_witnesses() {
    let h = |sessions: &[&[&str]]| History::parse(sessions);
    let h02 = h(&[&["r(x,0) w(x,1)"], &["r(x,0) w(x,2)"]]);
    let h03 = h(&[&["r(x,0) r(y,0) w(x,1)"], &["r(x,0) r(y,0) w(y,1)"]]);
    let h04 = h(&[
        &["r(x,0) w(x,1)"],
        &["r(y,0) w(y,1)"],
        &["r(x,1) r(y,0)"],
        &["r(x,0) r(y,1)"],
    ]);
    let h05 = h(&[
        &["r(x,0) w(x,1)"],
        &["r(x,1) r(y,0) w(y,1)"],
        &["r(y,1) r(x,0)"],
    ]);
    let h06 = h(&[&["r(x,0) r(y,0) w(x,1) w(y,1)"], &["r(y,0) r(x,1)"]]);
    let h08 = h(&[
        &["r(x,0) r(y,0) w(x,1)"],
        &["r(y,0) w(y,1)"],
        &["r(x,0) r(y,1)"],
    ]);
    let h09 = h(&[&["r(x,0) w(x,1)", "r(x,0)"]]);
    let h10 = h(&[
        &["r(x,0) r(y,0) w(x,1) w(y,1)"],
        &["r(x,1) w(x,2)"],
        &["r(x,2) r(y,0) w(x,3)"],
    ]);
    type Witness<'a> = (
        &'a str,
        &'a History,
        &'a [&'a str],
        &'a [&'a str],
        (usize, usize, u32),
    );
    let witnesses: Vec<Witness> = vec![
        ("hierarchy writeSkew", &h03, &["SI"], &["SER"], (2, 2, 2)),
        ("hierarchy lostUpdate", &h02, &["PC"], &["SI"], (2, 2, 3)),
        ("hierarchy longFork", &h04, &["CC"], &["PC"], (4, 4, 4)),
        (
            "hierarchy causalityViolation",
            &h05,
            &["RA"],
            &["CC"],
            (3, 3, 3),
        ),
        ("hierarchy fracturedRead", &h06, &["RC"], &["RA"], (2, 2, 2)),
        (
            "hierarchy psiNotSI",
            &h04,
            &["CeronePSI"],
            &["CeroneSI"],
            (4, 4, 4),
        ),
        (
            "hierarchy ccNotPSI",
            &h02,
            &["CeroneCC"],
            &["CeronePSI"],
            (2, 2, 3),
        ),
        (
            "hierarchy uaNotPSI",
            &h05,
            &["CeroneUA"],
            &["CeronePSI"],
            (3, 3, 3),
        ),
        (
            "hierarchy raNotUA",
            &h02,
            &["CeroneRA"],
            &["CeroneUA"],
            (2, 2, 3),
        ),
        ("plume tapRAnotRA", &h09, &["TapRA"], &["RA"], (5, 5, 5)),
        (
            "plume tapRAnotRAsmallest",
            &h09,
            &["TapRA"],
            &["RA"],
            (2, 1, 2),
        ),
        (
            "fekete readOnlyAnomaly",
            &h08,
            &["SI", "UpdateSer"],
            &["SER"],
            (3, 2, 2),
        ),
        (
            "fekete readOnlyAnomalyAnyShape",
            &h08,
            &["SI", "UpdateSer"],
            &["SER"],
            (3, 3, 3),
        ),
        (
            "lost-update nluNotUA",
            &h10,
            &["CeroneNLU"],
            &["CeroneUA"],
            (3, 3, 4),
        ),
        (
            "frameworks pl3NotSER",
            &h09,
            &["AdyaPL3"],
            &["SER"],
            (2, 2, 2),
        ),
    ];
    for (command, history, holds, fails, (txns, objects, values)) in witnesses {
        assert!(well_formed(history), "{command}: not well-formed");
        assert!(
            history.txns - 1 <= txns
                && history.used_objects() <= objects
                && history.max_value() < values,
            "{command}: the witness does not fit the scope"
        );
        for level in holds {
            assert!(
                satisfies(history, level),
                "{command}: should satisfy {level}"
            );
        }
        for level in fails {
            assert!(
                !satisfies(history, level),
                "{command}: should violate {level}"
            );
        }
    }
    // the read-only anomaly has one transaction per session, as the command asks
    assert!((1..h08.txns).all(|a| (1..h08.txns).all(|b| !h08.so[a][b])));
}
