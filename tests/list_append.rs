//! Jepsen's list-append histories (`[:append k v]`, `[:r k [v1 … vn]]`): the version
//! order the lists show is recorded and every level's witness contains it. Known
//! anomalies get their verdicts; random list-append histories get the same verdict from
//! the native check and saturation as from the library's definitions restated with the
//! recorded order; and that restatement, given no order, is each level itself.

use std::fmt::Write as _;

use crate::classify::{holds, opts, parse, parse_as};
use crate::common::isolation_history::{Rng, notation, random_history};
use solder::apps::isolation::classify::{ClassifyOptions, Verdict, classify};
use solder::apps::isolation::levels::all_levels;
use solder::apps::isolation::parse::Format;

fn edn(lines: &[&str]) -> String {
    lines.iter().map(|l| format!("{l}\n")).collect()
}

fn verdicts(text: &str, levels: &[&str]) -> Vec<bool> {
    let h = parse_as(text, Format::Edn);
    classify(&h, levels, &opts(false))
        .unwrap()
        .iter()
        .map(holds)
        .collect()
}

#[test]
fn list_append_anomalies_get_their_verdicts() {
    // G0: the lists order x's appends T1 < T2 and y's T2 < T1. Every level fails,
    // Adya's PL-1 (no write cycles) included.
    let g0 = edn(&[
        "{:type :ok, :f :txn, :value [[:append :x 1] [:append :y 1]], :process 0}",
        "{:type :ok, :f :txn, :value [[:append :x 2] [:append :y 2]], :process 1}",
        "{:type :ok, :f :txn, :value [[:r :x [1 2]] [:r :y [2 1]]], :process 2}",
    ]);
    let levels = all_levels();
    assert!(verdicts(&g0, &levels).iter().all(|v| !v), "G0");
    // The same appends with y read in the same order as x: every level holds.
    let fine = g0.replace("[2 1]", "[1 2]");
    assert!(verdicts(&fine, &levels).iter().all(|v| *v), "no G0");
    // Lost update: both read the empty list, the second append wins after the first.
    // Registers would leave the order open (then it is a lost update only for SER and
    // SI); the list fixes T1 before T2, so T2 read a version that T1 overwrote: an
    // anti-dependency closing a cycle with the write-write edge (G-single).
    let lost = edn(&[
        "{:type :ok, :f :txn, :value [[:r :x []] [:append :x 1]], :process 0}",
        "{:type :ok, :f :txn, :value [[:r :x []] [:append :x 2]], :process 1}",
        "{:type :ok, :f :txn, :value [[:r :x [1 2]]], :process 2}",
    ]);
    let (allowed, forbidden) = (
        ["RC", "RA", "CC", "PC", "AdyaPL1", "AdyaPL2", "CeroneCC"],
        [
            "SER",
            "SI",
            "AdyaSI",
            "AdyaPL2plus",
            "AdyaPSI",
            "CeronePSI",
            "CeroneUA",
        ],
    );
    assert!(
        verdicts(&lost, &allowed).iter().all(|v| *v),
        "lost update allowed"
    );
    assert!(
        verdicts(&lost, &forbidden).iter().all(|v| !v),
        "lost update forbidden"
    );
    // An append no read shows comes after every element the longest read shows: here
    // T1's 1 after T2's 2, which with the reads of y closes T1 < T4 < T2 < T1 for SER.
    let unread = edn(&[
        "{:type :ok, :f :txn, :value [[:append :x 1] [:r :y []]], :process 0}",
        "{:type :ok, :f :txn, :value [[:append :x 2] [:r :y [7]]], :process 1}",
        "{:type :ok, :f :txn, :value [[:append :y 7]], :process 2}",
        "{:type :ok, :f :txn, :value [[:r :x [2]]], :process 3}",
    ]);
    let h = parse_as(&unread, Format::Edn);
    assert_eq!(h.known_pairs(), [(1, 0)], "{}", h.notation());
    assert!(!verdicts(&unread, &["SER"])[0], "the unread append's place");
    let library = ClassifyOptions {
        native: false,
        ..opts(false)
    };
    assert!(!holds(&classify(&h, &["SER"], &library).unwrap()[0]));
    // As registers (the last element's version only), the G0 history has no write
    // cycle: PL-1 holds; the lists' order is what breaks it.
    let registers = parse("T1: w(x,1) w(y,1)\nT2: w(x,2) w(y,2)\nT3: r(x,2) r(y,1)");
    let r = classify(&registers, &["AdyaPL1"], &opts(false)).unwrap();
    assert!(holds(&r[0]));
    assert!(!verdicts(&g0, &["AdyaPL1"])[0]);
}

#[test]
fn impossible_lists_fail_every_level_and_say_why() {
    let cases: &[(&[&str], &str)] = &[
        (
            &[
                "{:type :ok, :f :txn, :value [[:append :x 1]], :process 0}",
                "{:type :ok, :f :txn, :value [[:append :x 2]], :process 1}",
                "{:type :ok, :f :txn, :value [[:r :x [1 2]]], :process 2}",
                "{:type :ok, :f :txn, :value [[:r :x [2 1]]], :process 3}",
            ],
            "T3 reads x = [1 2], but T4 reads x = [2 1]: no order of x's appends gives both (incompatible orders)",
        ),
        (
            &[
                "{:type :ok, :f :txn, :value [[:append :x 1]], :process 0}",
                "{:type :fail, :f :txn, :value [[:append :x 2]], :process 1}",
                "{:type :ok, :f :txn, :value [[:r :x [2 1]]], :process 2}",
            ],
            "T2 reads x = [2 1], whose 2 only the failed transaction on line 2 appends (an aborted read, G1a)",
        ),
        (
            &[
                "{:type :ok, :f :txn, :value [[:append :x 1] [:append :x 3]], :process 0}",
                "{:type :ok, :f :txn, :value [[:append :x 2]], :process 1}",
                "{:type :ok, :f :txn, :value [[:r :x [1 2 3]]], :process 2}",
            ],
            "T3 reads x = [1 2 3], where another transaction's append comes between T1's (a dirty write, G0)",
        ),
        (
            &[
                "{:type :ok, :f :txn, :value [[:append :x 1]], :process 0}",
                "{:type :ok, :f :txn, :value [[:r :x [7 1]]], :process 1}",
            ],
            "T2 reads x = [7 1], whose 7 no transaction appends",
        ),
    ];
    for (lines, message) in cases {
        let h = parse_as(&edn(lines), Format::Edn);
        for r in classify(&h, &all_levels(), &opts(true)).unwrap() {
            let Verdict::Fails(Some(reason)) = &r.verdict else {
                panic!("{} should fail: {:?}", r.level, r.verdict);
            };
            assert_eq!(reason.internal.as_deref(), Some(*message), "{}", r.level);
        }
    }
    // A key is a register or a list, not both.
    let mut sources = solder::diagnostic::SourceMap::new();
    let text = edn(&[
        "{:type :ok, :f :txn, :value [[:append :x 1]], :process 0}",
        "{:type :ok, :f :txn, :value [[:w :x 2]], :process 1}",
    ]);
    let file = sources.add("h.edn", None, text.clone());
    let e = solder::apps::isolation::parse::parse_history(file, &text, Format::Edn).unwrap_err();
    let shown = sources.render(&e.0, false);
    assert!(
        shown.contains("both as a register and as a list"),
        "{shown}"
    );
    assert!(shown.contains("h.edn:2"), "{shown}");
}

/// A random list-append history as EDN: per key a list that appends extend; each
/// transaction reads each key it touches from a snapshot that is the newest state or,
/// now and then, an older prefix (so anomalies occur), and appends a fresh element.
fn random_list_append(rng: &mut Rng, txns: usize, keys: usize, processes: usize) -> String {
    let mut lists: Vec<Vec<u32>> = vec![Vec::new(); keys];
    let mut next = vec![1u32; keys];
    let mut out = String::new();
    for _ in 0..txns {
        let mut ops = Vec::new();
        for (k, list) in lists.iter_mut().enumerate() {
            if rng.below(3) == 0 {
                continue;
            }
            if rng.below(2) == 0 {
                let seen = if rng.below(2) == 0 {
                    rng.below(list.len() + 1)
                } else {
                    list.len()
                };
                let shown: Vec<String> = list[..seen].iter().map(u32::to_string).collect();
                ops.push(format!("[:r :k{k} [{}]]", shown.join(" ")));
            }
            if rng.below(2) == 0 {
                ops.push(format!("[:append :k{k} {}]", next[k]));
                list.push(next[k]);
                next[k] += 1;
            }
        }
        let _ = writeln!(
            out,
            "{{:type :ok, :f :txn, :value [{}], :process {}}}",
            ops.join(" "),
            rng.below(processes)
        );
    }
    // A final read of every key shows each whole order.
    let reads: Vec<String> = lists
        .iter()
        .enumerate()
        .map(|(k, l)| {
            let shown: Vec<String> = l.iter().map(u32::to_string).collect();
            format!("[:r :k{k} [{}]]", shown.join(" "))
        })
        .collect();
    let _ = writeln!(
        out,
        "{{:type :ok, :f :txn, :value [{}], :process {processes}}}",
        reads.join(" ")
    );
    out
}

/// The native check (the SER family) and saturation (RC, RA, CC, PL-1, PL-2) take the recorded
/// orders as the library's restated levels do: the same verdicts on random list-append
/// histories; and the rest of the library's levels run on them without error.
#[test]
fn random_list_append_histories_agree_natively_and_through_the_library() {
    let mut rng = Rng::new(0x11_57a9);
    let library = ClassifyOptions {
        native: false,
        saturation: false,
        ..opts(false)
    };
    let fast = [
        "SER",
        "UpdateSer",
        "CeroneSER",
        "AdyaSER",
        "AdyaPL3",
        "CrooksSER",
        "CrooksSessionSER",
        "RC",
        "RA",
        "CC",
        "AdyaPL2",
        "AdyaPL1",
    ];
    let (mut held, mut failed, mut ordered) = (0, 0, 0);
    for k in 0..150 {
        let (txns, keys) = (3 + rng.below(5), 1 + rng.below(2));
        let text = random_list_append(&mut rng, txns, keys, 3);
        let h = parse_as(&text, Format::Edn);
        ordered += usize::from(h.known_pairs().len() > 1);
        let on = classify(&h, &fast, &opts(false)).unwrap();
        let off = classify(&h, &fast, &library).unwrap();
        for (a, b) in on.iter().zip(&off) {
            assert_eq!(
                holds(a),
                holds(b),
                "{} on\n{text}\n{}",
                a.level,
                h.notation()
            );
            if holds(a) {
                held += 1;
            } else {
                failed += 1;
            }
        }
        if k % 10 == 0 {
            for r in classify(&h, &all_levels(), &library).unwrap() {
                assert!(
                    matches!(r.verdict, Verdict::Holds(_) | Verdict::Fails(_)),
                    "{}: {:?}",
                    r.level,
                    r.verdict
                );
            }
        }
    }
    assert!(held > 150 && failed > 150, "{held} held, {failed} failed");
    assert!(
        ordered > 40,
        "{ordered} histories with an order of 3 or more"
    );
}

/// `levels::with_known_order` restates each level over its own axioms: with an empty
/// recorded order it is the level itself, on random register histories.
#[test]
fn each_level_restated_with_an_empty_order_is_the_level() {
    let mut rng = Rng::new(0x0de5);
    let library = ClassifyOptions {
        native: false,
        saturation: false,
        ..opts(false)
    };
    let levels = all_levels();
    for _ in 0..25 {
        let h = parse(&notation(&random_history(&mut rng, 4, 2)));
        // One writer of an object is an order with no pairs: the model then states every
        // level through its restatement.
        let Some((x, w)) = h.txns.iter().enumerate().find_map(|(t, txn)| {
            txn.ops
                .iter()
                .find(|o| o.kind == solder::apps::isolation::history::OpKind::Write)
                .map(|o| (o.obj, t))
        }) else {
            continue;
        };
        let mut restated = h.clone();
        restated.version_orders = vec![(x, vec![w])];
        let plain = classify(&h, &levels, &library).unwrap();
        let with = classify(&restated, &levels, &library).unwrap();
        for (a, b) in plain.iter().zip(&with) {
            assert_eq!(holds(a), holds(b), "{} on\n{}", a.level, h.notation());
        }
    }
}

/// The notation writes the recorded orders (`order x: T1 < T2`) and reads them back.
#[test]
fn recorded_orders_round_trip_through_the_notation() {
    let mut rng = Rng::new(5);
    for _ in 0..20 {
        let h = parse_as(&random_list_append(&mut rng, 5, 2, 2), Format::Edn);
        let back = parse(&h.notation());
        let named = |h: &solder::apps::isolation::history::History| {
            h.version_orders
                .iter()
                .map(|(x, chain)| {
                    let names: Vec<&str> = chain.iter().map(|&t| h.txns[t].name.as_str()).collect();
                    (h.objects[*x].clone(), names.join(" < "))
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(named(&back), named(&h), "{}", h.notation());
    }
}
