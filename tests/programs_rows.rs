//! Exact rows in `solder programs`: statements select what their snapshot holds, MIN and
//! MAX pick one record, and keys taken from counters grow. Checked against a referee
//! that runs a small queue application's SQL on every execution of up to three
//! instances, and on TPC-C's core, where rows abstracted give a violation the programs
//! cannot produce.

use crate::programs_referee::{Exec, Model, Shape, allowed, cyclic, executions, graph};
use solder::apps::programs::{self, Outcome, Query};
use solder::diagnostic::SourceMap;
use solder::session::RunOptions;

fn load(text: &str) -> programs::AppModel {
    let mut sources = SourceMap::new();
    match programs::load(&mut sources, "rows.prog", text) {
        Ok(app) => app,
        Err(e) => panic!("does not load:\n{}", sources.render(&e.0, false)),
    }
}

fn violation(app: &programs::AppModel, level: &str, bound: usize, abstract_rows: bool) -> bool {
    violation_with(app, level, bound, abstract_rows, true)
}

fn violation_with(
    app: &programs::AppModel,
    level: &str,
    bound: usize,
    abstract_rows: bool,
    queue_facts: bool,
) -> bool {
    let q = Query {
        pred: programs::level_pred(app, level).expect("a known level"),
        level: level.into(),
        bound,
        records: Some(KEYS),
        complete: false,
        abstract_rows,
        dangerous_structures: true,
        queue_facts,
        sessions: false,
    };
    let report = programs::check_level(app, &q, &RunOptions::default(), None).unwrap();
    match report.outcome {
        Outcome::Violation(_) => true,
        Outcome::NoCycle(_) => false,
        Outcome::Timeout => panic!("no time limit was set"),
    }
}

/// A queue: Put inserts a key, Take deletes the least one, Peek reads it.
const QUEUE: &str = "
table Queue (id: QId key)
program Put(k: QId) { INSERT INTO Queue VALUES (id = k); }
program Take() {
  first := SELECT MIN(id) FROM Queue;
  DELETE FROM Queue WHERE id = first.id;
}
program Peek() { SELECT MIN(id) FROM Queue; }
";

/// Keys (and records) in both the referee and solder's scope.
const KEYS: usize = 2;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Prog {
    Put(usize),
    Take,
    Peek,
}

/// What one instance does given the keys its snapshot holds: the keys whose `Alive` it
/// reads and writes, or `None` when it cannot commit (inserting a key that exists).
fn run(p: Prog, live: &[bool]) -> Option<(Vec<usize>, Vec<usize>)> {
    // MIN reads the records up to the one it finds (all of them when none is found).
    let least = (0..KEYS).find(|&k| live[k]);
    let scanned: Vec<usize> = match least {
        Some(m) => (0..=m).collect(),
        None => (0..KEYS).collect(),
    };
    match p {
        Prog::Put(k) => (!live[k]).then(|| (vec![], vec![k])),
        Prog::Peek => Some((scanned, vec![])),
        // DELETE … WHERE id = first.id reads the found record again and deletes it.
        Prog::Take => Some((scanned, least.into_iter().collect())),
    }
}

/// Whether some execution of exactly these instances, from some initial queue, under
/// the model, has a dependency cycle: the SQL decides what each instance reads and
/// writes, and `programs_referee` judges the execution and its graph.
fn referee(model: Model, progs: &[Prog]) -> bool {
    let n = progs.len();
    executions(n).iter().any(|e| {
        (0u32..1 << KEYS).any(|init| {
            shape_of(progs, e, init)
                .is_some_and(|shape| allowed(&shape, e, model) && cyclic(n, graph(&shape, e).all()))
        })
    })
}

/// What each instance reads and writes (key `k`'s `Alive` is location `k`) when the
/// queue starts with the keys in `init`: instances run in ar order, each on the keys its
/// snapshot holds. `None` when one cannot commit.
fn shape_of(progs: &[Prog], e: &Exec, init: u32) -> Option<Shape> {
    let n = progs.len();
    let mut shape = Shape {
        reads: vec![0; n],
        writes: vec![0; n],
    };
    let mask = |keys: Vec<usize>| keys.into_iter().fold(0u8, |m, k| m | 1 << k);
    for &t in &e.order {
        // The ar-last visible writer of a key inserted it, or none did and it was there.
        let live: Vec<bool> = (0..KEYS)
            .map(|k| {
                match (0..n)
                    .filter(|&w| e.vis(w, t) && shape.writes(w, k))
                    .max_by_key(|&w| e.pos[w])
                {
                    Some(w) => matches!(progs[w], Prog::Put(_)),
                    None => init >> k & 1 == 1,
                }
            })
            .collect();
        let (reads, writes) = run(progs[t], &live)?;
        shape.reads[t] = mask(reads);
        shape.writes[t] = mask(writes);
    }
    Some(shape)
}

/// Every multiset of `n` instances of the queue's programs.
fn instance_sets(n: usize) -> Vec<Vec<Prog>> {
    let mut all: Vec<Prog> = (0..KEYS).map(Prog::Put).collect();
    all.push(Prog::Take);
    all.push(Prog::Peek);
    let mut sets = vec![vec![]];
    for _ in 0..n {
        sets = sets
            .into_iter()
            .flat_map(|s: Vec<Prog>| {
                let from = s
                    .last()
                    .map_or(0, |p| all.iter().position(|q| q == p).unwrap());
                all[from..].iter().map(move |p| {
                    let mut s = s.clone();
                    s.push(*p);
                    s
                })
            })
            .collect();
    }
    sets
}

#[test]
fn exact_rows_agree_with_running_the_sql_on_every_small_execution() {
    let app = load(QUEUE);
    let mut verdicts = (0, 0);
    for model in [Model::SER, Model::SI, Model::PSI, Model::CC] {
        let level = model.pred().trim_start_matches("Exec");
        for bound in [2, 3] {
            let expected =
                (2..=bound).any(|n| instance_sets(n).iter().any(|progs| referee(model, progs)));
            assert_eq!(
                violation(&app, level, bound, false),
                expected,
                "{level}, executions of up to {bound} instances"
            );
            if expected {
                verdicts.0 += 1;
            } else {
                verdicts.1 += 1;
            }
        }
    }
    assert!(
        verdicts.0 > 0 && verdicts.1 > 0,
        "both verdicts should occur: {verdicts:?}"
    );
}

#[test]
fn abstract_rows_admit_more_and_only_more() {
    // Two Takes that see the same queue delete the same key, so they conflict and SI
    // orders them; with rows abstracted each may delete a different key (write skew).
    let app = load(QUEUE);
    assert!(!violation(&app, "SI", 2, false));
    assert!(!referee(Model::SI, &[Prog::Take, Prog::Take]));
    assert!(violation(&app, "SI", 2, true));
    // Every execution of the programs is one of the abstraction.
    for level in ["SER", "SI", "PSI", "CC"] {
        for bound in [2, 3] {
            if violation(&app, level, bound, false) {
                assert!(violation(&app, level, bound, true), "{level} up to {bound}");
            }
        }
    }
}

/// TPC-C's core: New-Order takes its order id from the district's counter, Delivery
/// delivers the oldest new order, Order-Status reads a customer's latest order.
const ORDERS: &str = "
table District (d_id: DId key, next_o: OId)
table Orders (o_d: DId key, o_id: OId key, o_c: CId, carrier: int)
table NewOrders (no_d: DId key, no_id: OId key)
table Customer (c_d: DId key, c_id: CId key, balance: int)

program NewOrder(d: DId, c: CId) {
  n := SELECT next_o FROM District WHERE d_id = d;
  UPDATE District SET next_o = next_o + 1 WHERE d_id = d;
  INSERT INTO Orders VALUES (o_d = d, o_id = n.next_o, o_c = c, carrier = 0);
  INSERT INTO NewOrders VALUES (no_d = d, no_id = n.next_o);
}

program Delivery(d: DId) {
  oldest := SELECT MIN(no_id) FROM NewOrders WHERE no_d = d;
  DELETE FROM NewOrders WHERE no_d = d AND no_id = oldest.no_id;
  ord := SELECT o_c FROM Orders WHERE o_d = d AND o_id = oldest.no_id;
  UPDATE Orders SET carrier = 1 WHERE o_d = d AND o_id = oldest.no_id;
  UPDATE Customer SET balance = balance + 1 WHERE c_d = d AND c_id = ord.o_c;
}

program OrderStatus(d: DId, c: CId) {
  SELECT balance FROM Customer WHERE c_d = d AND c_id = c;
  last := SELECT MAX(o_id) FROM Orders WHERE o_d = d AND o_c = c;
  SELECT carrier FROM Orders WHERE o_d = d AND o_id = last.o_id;
}
";

/// Whether a formula over the generated model of `text` (with exact rows, under SI,
/// two instances) has an instance.
fn satisfiable(text: &str, formula: &str) -> bool {
    satisfiable_in(text, "SI", 2, formula)
}

/// The same under a level of the library, with `bound` instances.
fn satisfiable_in(text: &str, level: &str, bound: usize, formula: &str) -> bool {
    use solder::check::{self, RootSource};
    use solder::session::CommandRun;
    let app = load(text);
    let pred = format!("Exec{level}");
    let q = Query {
        pred: pred.clone(),
        level: level.into(),
        bound,
        records: Some(3),
        complete: false,
        abstract_rows: false,
        dangerous_structures: true,
        queue_facts: true,
        sessions: false,
    };
    let model = programs::model_with_commands(&app, &q);
    let first = format!("run cycle{bound} ");
    let scope = model
        .lines()
        .find_map(|l| {
            l.strip_prefix(first.as_str())?
                .rsplit_once("} for ")
                .map(|(_, s)| s)
        })
        .expect("the bounded search's command")
        .to_string();
    let index = model.lines().filter(|l| l.starts_with("run ")).count();
    let text = format!(
        "{model}\nrun asked {{ some vis, ar: Inst -> Inst | execution[vis, ar] and {pred}[vis, ar] and seen[vis, ar] and {formula} }} for {scope}\n"
    );
    let mut sources = SourceMap::new();
    let checked = check::load(
        &mut sources,
        RootSource::Text {
            name: "rows.als".into(),
            text,
            dir: None,
        },
    )
    .unwrap_or_else(|e| panic!("{}", sources.render(&e.0, false)));
    let run = CommandRun::start(&checked, index, &RunOptions::default()).unwrap();
    run.found() == Some(1)
}

#[test]
fn keys_from_a_counter_grow_with_the_versions_read() {
    // NewOrder's statements: 1 SELECT, 2 UPDATE, 3 INSERT Orders, 4 INSERT NewOrders.
    let newer_is_smaller = "some disj t1, t2: NewOrder | t1 -> t2 in vis and t1.d = t2.d \
         and NewOrder__4.(t2.sel).no_id -> NewOrder__4.(t1.sel).no_id in OId__lt";
    let same_key = "some disj t1, t2: NewOrder | NewOrder__4.(t1.sel) = NewOrder__4.(t2.sel)";
    let below_existing = "some t: NewOrder, r: NewOrders & InitiallyAlive | \
         r.no_d = t.d and NewOrder__4.(t.sel).no_id -> r.no_id in OId__lt";
    assert!(!satisfiable(ORDERS, newer_is_smaller));
    assert!(!satisfiable(ORDERS, below_existing));
    // Under SI two New-Orders of a district conflict on the counter, so one sees the
    // other and reads a later version: never the same key.
    assert!(!satisfiable(ORDERS, same_key));
    // With the id a parameter, nothing orders it.
    let param = ORDERS
        .replace(
            "program NewOrder(d: DId, c: CId)",
            "program NewOrder(d: DId, c: CId, o: OId)",
        )
        .replace("n.next_o", "o");
    assert!(satisfiable(&param, newer_is_smaller));
    assert!(satisfiable(&param, below_existing));
}

#[test]
fn the_core_of_tpcc_is_serializable_under_si_in_small_executions_with_exact_rows() {
    let app = load(ORDERS);
    // With rows abstracted and no queue facts two Deliveries delete different "oldest"
    // orders; `queueTurns` says they cannot.
    assert!(violation_with(&app, "SI", 2, true, false));
    assert!(!violation(&app, "SI", 2, true));
    assert!(!violation(&app, "SI", 3, false));
    // Under PSI and CC the programs do go wrong.
    assert!(violation(&app, "CC", 2, false));
    // The completeness argument runs on the abstraction: with the queue facts, no
    // chordless path; without them, the Deliveries' cycle stops it.
    let q = Query {
        pred: "ExecSI".into(),
        level: "SI".into(),
        bound: 2,
        records: Some(KEYS),
        complete: true,
        abstract_rows: false,
        dangerous_structures: true,
        queue_facts: true,
        sessions: false,
    };
    let outcome = |q: &Query| {
        programs::check_level(&app, q, &RunOptions::default(), None)
            .unwrap()
            .outcome
    };
    let with = outcome(&q);
    assert!(
        matches!(with, Outcome::NoCycle(programs::Completeness::Chordless)),
        "{with:?}"
    );
    let without = outcome(&Query {
        queue_facts: false,
        sessions: false,
        ..q
    });
    assert!(
        matches!(
            without,
            Outcome::NoCycle(programs::Completeness::AbstractCycle)
        ),
        "{without:?}"
    );
}

#[test]
fn queue_facts_hold_in_every_execution_with_exact_rows() {
    // The exact rows model what the SQL does in each snapshot; the queue preds are what
    // the completeness checks' abstraction assumes. Every exact execution satisfies them
    // under the levels that get them, and not under CC (no write-conflict visibility).
    let app = load(ORDERS);
    let query = Query {
        pred: "ExecSI".into(),
        level: "SI".into(),
        bound: 2,
        records: Some(2),
        complete: true,
        abstract_rows: false,
        dangerous_structures: true,
        queue_facts: true,
        sessions: false,
    };
    let model = programs::model_with_commands(&app, &query);
    assert!(model.contains("all t: Delivery, n: NewOrder"), "{model}");
    assert!(model.contains("all t1: Delivery, t2: Delivery"), "{model}");
    assert!(model.contains("and queueOrder[vis] and queueTurns[vis]"));
    for bound in [2, 3] {
        for level in ["SI", "SER"] {
            let broken = "not (queueOrder[vis] and queueTurns[vis])";
            assert!(
                !satisfiable_in(ORDERS, level, bound, broken),
                "{level} {bound}"
            );
        }
        assert!(
            !satisfiable_in(ORDERS, "PSI", bound, "not queueOrder[vis]"),
            "PSI {bound}"
        );
    }
    assert!(satisfiable_in(ORDERS, "CC", 2, "not queueTurns[vis]"));
    assert!(satisfiable_in(ORDERS, "PC", 3, "not queueOrder[vis]"));
    // A queue whose keys are parameters is no queue: no facts.
    let param = ORDERS
        .replace(
            "program NewOrder(d: DId, c: CId)",
            "program NewOrder(d: DId, c: CId, o: OId)",
        )
        .replace("n.next_o", "o");
    let text = programs::model_with_commands(&load(&param), &query);
    assert!(!text.contains("all t: Delivery, n: NewOrder"), "{text}");
    // Without the DELETE of what the MIN found, two Deliveries need not see one
    // another: the order fact only.
    let peek = ORDERS.replace(
        "DELETE FROM NewOrders WHERE no_d = d AND no_id = oldest.no_id;",
        "",
    );
    let text = programs::model_with_commands(&load(&peek), &query);
    assert!(text.contains("all t: Delivery, n: NewOrder"), "{text}");
    assert!(!text.contains("all t1: Delivery, t2: Delivery"), "{text}");
}

#[test]
fn an_instance_may_change_the_record_it_inserted() {
    // Its own INSERT is not in its snapshot, but its UPDATE after it finds the record.
    let text = "
table T (id: K key, v: int)
program Make(k: K) { INSERT INTO T VALUES (id = k, v = 0); UPDATE T SET v = v + 1 WHERE id = k; }
program Read(k: K) { SELECT v FROM T WHERE id = k; }
";
    assert!(satisfiable(text, "some t: Make | some Make__2.(t.sel)"));
    // A record nobody inserts or deletes in the instance follows its snapshot.
    assert!(!satisfiable(
        text,
        "some t: Read | some Read__1.(t.sel) - alive[vis, ar, t]"
    ));
}
