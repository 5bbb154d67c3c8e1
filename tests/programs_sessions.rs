//! `solder programs --sessions`: instances run in client sessions (chains in ar that the
//! solver chooses), each seeing its session's earlier instances, and a serial order must
//! keep every session's order. A cycle through a session's order is found where none
//! exists without sessions; the witness names the sessions, its history says them in
//! `classify`'s notation, and the isolation library places it at its level.

use crate::common::binary::solder;

use crate::programs::{load, query};

use solder::apps::programs::explain::EdgeKind;
use solder::apps::programs::{self, Completeness, Outcome, Query};
use solder::session::RunOptions;

/// A client posts (writes A) and then looks (reads B); another instance reads A and
/// writes B. Under SI without sessions no cycle exists; with sessions the look can miss
/// the mover, who missed the post: Post -so-> Look -rw-> Move -rw-> Post.
const POST_THEN_LOOK: &str = "
table A (id: K key, v: int)
table B (id: K key, v: int)
program Post(a: K) { UPDATE A SET v = v + 1 WHERE id = a; }
program Look(b: K) { y := SELECT v FROM B WHERE id = b; }
program Move(a: K, b: K) {
  x := SELECT v FROM A WHERE id = a;
  UPDATE B SET v = v + 1 WHERE id = b;
}
";

fn check(app: &programs::AppModel, level: &str, bound: usize, sessions: bool) -> Outcome {
    let q = Query {
        complete: sessions,
        sessions,
        ..query(app, level, bound, false)
    };
    programs::check_level(app, &q, &RunOptions::default(), None)
        .unwrap_or_else(|e| panic!("{level}: {:?}", e.0))
        .outcome
}

#[test]
fn a_cycle_through_a_sessions_order_is_found_only_with_sessions() {
    let app = load(POST_THEN_LOOK);
    assert!(matches!(check(&app, "SI", 3, false), Outcome::NoCycle(_)));
    let v = match check(&app, "SI", 3, true) {
        Outcome::Violation(v) => v,
        other => panic!("SI in sessions: {other:?}"),
    };
    assert!(
        v.cycle.iter().any(|e| e.kind == EdgeKind::So),
        "the cycle uses the session order: {:?}",
        v.cycle
    );
    // Every session edge joins instances of one session, the earlier seen.
    for e in v.cycle.iter().filter(|e| e.kind == EdgeKind::So) {
        assert!(v.so.contains(&(e.from, e.to)) && v.vis.contains(&(e.from, e.to)));
    }
    let history = programs::view::history_lines(&v).join("\n");
    assert!(history.starts_with("session 1: "), "{history}");
    assert!(crate::programs::history_is_placed_at_its_level(
        &v,
        "SI",
        std::path::Path::new("post-then-look.prog")
    ));
    // Serializability keeps the sessions' order anyway: nothing; and with sessions
    // there is no completeness check, which the report says.
    assert!(matches!(
        check(&app, "SER", 3, true),
        Outcome::NoCycle(Completeness::NotForLevel)
    ));
}

#[test]
fn the_command_line_takes_sessions() {
    let dir = std::env::temp_dir().join(format!("solder-sessions-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("post.prog");
    std::fs::write(&file, POST_THEN_LOOK).unwrap();
    let path = file.to_str().unwrap();
    let (code, out, err) = solder(&["programs", path, "--level", "SI", "--cycle", "3"]);
    assert_eq!(code, 0, "{out}{err}");
    let (code, out, err) = solder(&[
        "programs",
        path,
        "--level",
        "SI",
        "--cycle",
        "3",
        "--sessions",
    ]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("--so-->"), "{out}");
    assert!(out.contains("sessions: T"), "{out}");
    let (code, out, _) = solder(&[
        "programs",
        path,
        "--level",
        "SI",
        "--cycle",
        "3",
        "--sessions",
        "--json",
    ]);
    assert_eq!(code, 1);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(!json[0]["sessions"].as_array().unwrap().is_empty(), "{out}");
    let so = json[0]["cycle"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["kind"] == "so")
        .cloned()
        .unwrap_or_else(|| panic!("{out}"));
    assert!(so["location"].is_null(), "{out}");
}
