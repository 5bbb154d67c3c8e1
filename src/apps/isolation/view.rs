//! What `classify` and `compare` print: a table of levels with ✓/✗ and their
//! explanations, and the same as JSON.

use serde_json::{Value, json};

use crate::apps::isolation::classify::{LevelResult, Verdict};
use crate::apps::isolation::compare::{Cell, Matrix};

fn mark(v: &Verdict) -> &'static str {
    match (v, crate::render::table::ascii()) {
        (Verdict::Holds(_), false) => "✓",
        (Verdict::Holds(_), true) => "yes",
        (Verdict::Fails(_), false) => "✗",
        (Verdict::Fails(_), true) => "no",
        (Verdict::Timeout, _) => "timeout",
        (Verdict::Stopped, _) => "stopped",
        (Verdict::Skipped, _) => "skipped",
        (Verdict::Unsolved(_), _) => "unsolved",
    }
}

fn ms(d: std::time::Duration) -> String {
    format!("{:.0} ms", d.as_secs_f64() * 1000.0)
}

/// The classification as a table (framework, level, verdict, witness or reason in
/// brief, time) and, below it, each ✗'s minimal violating sub-history.
pub fn classify_text(results: &[LevelResult]) -> String {
    let mut table = crate::render::table::styled_table(
        ["framework", "level", "", "witness / reason", "time"]
            .map(String::from)
            .to_vec(),
    );
    // Reasons, each once, with the levels it explains (in table order).
    let mut details: Vec<(String, Vec<String>, Vec<String>)> = Vec::new();
    for r in results {
        let brief = match &r.verdict {
            Verdict::Holds(ws) => ws
                .iter()
                .enumerate()
                .map(|(i, (n, v))| match ws[..i].iter().find(|(_, w)| w == v) {
                    Some((same, _)) => format!("{n} = {same}"),
                    None => format!("{n}: {}", abbreviate(v)),
                })
                .collect::<Vec<_>>()
                .join("\n"),
            Verdict::Fails(Some(reason)) => match &reason.internal {
                Some(m) => format!("{m} (no level allows it)"),
                None => {
                    // Levels share a paragraph when both the sub-history and the
                    // cycle named for it are the same.
                    match details
                        .iter_mut()
                        .find(|(h, _, e)| *h == reason.history && *e == reason.edges)
                    {
                        Some((_, levels, _)) => levels.push(r.level.clone()),
                        None => details.push((
                            reason.history.clone(),
                            vec![r.level.clone()],
                            reason.edges.clone(),
                        )),
                    }
                    format!("violated by {{{}}}", reason.names.join(", "))
                }
            },
            Verdict::Fails(None) => String::new(),
            Verdict::Timeout => "undecided within the time limit".into(),
            Verdict::Stopped => "undecided: stopped before it was decided".into(),
            Verdict::Skipped => {
                "history too large for the library's definitions (--max-txns)".into()
            }
            Verdict::Unsolved(message) => message.clone(),
        };
        let time = match r.reason_time {
            Some(rt) => format!("{} + {} reason", ms(r.time), ms(rt)),
            None => ms(r.time),
        };
        table.add_row(vec![
            r.framework.unwrap_or("").to_string(),
            r.level.clone(),
            mark(&r.verdict).to_string(),
            brief,
            time,
        ]);
    }
    let mut out = table.to_string();
    out.push('\n');
    for (history, levels, edges) in details {
        out.push_str(&format!(
            "\nA minimal violating sub-history of {}:\n",
            levels.join(", ")
        ));
        for l in history.lines() {
            out.push_str(&format!("  {l}\n"));
        }
        // Plain so/wr edges on one line, each named cycle on its own.
        let (cycles, plain): (Vec<&String>, Vec<&String>) =
            edges.iter().partition(|e| e.starts_with("cycle"));
        if !plain.is_empty() {
            let plain: Vec<&str> = plain.iter().map(|e| e.as_str()).collect();
            out.push_str(&format!("  dependencies: {}\n", plain.join(", ")));
        }
        for c in cycles {
            out.push_str(&format!("  {c}\n"));
        }
    }
    out
}

/// Longest witness shown in the table; `--json` has them whole.
const WITNESS_WIDTH: usize = 100;

/// A long witness cut short: a chain keeps its ends (`T0 < T3 < … < T9 (51
/// transactions)`), edges their beginning.
fn abbreviate(w: &str) -> String {
    if w.chars().count() <= WITNESS_WIDTH {
        return w.to_string();
    }
    let chain: Vec<&str> = w.split(" < ").collect();
    // Long for its names rather than its length: cut like any other text.
    if chain.len() > 8 {
        return format!(
            "{} < … < {} ({} transactions)",
            chain[..6].join(" < "),
            chain[chain.len() - 2..].join(" < "),
            chain.len()
        );
    }
    let cut: String = w.chars().take(WITNESS_WIDTH - 20).collect();
    format!("{cut}… (--json has it whole)")
}

/// One JSON object per level: `{"level", "framework", "holds", "witness" | "reason",
/// "ms"}`.
pub fn classify_json(results: &[LevelResult]) -> Value {
    let levels: Vec<Value> = results
        .iter()
        .map(|r| {
            let mut o = json!({
                "level": r.level,
                "framework": r.framework,
                "ms": r.time.as_secs_f64() * 1000.0,
            });
            match &r.verdict {
                Verdict::Holds(ws) => {
                    o["holds"] = json!(true);
                    o["witness"] =
                        Value::Object(ws.iter().map(|(n, v)| (n.clone(), json!(v))).collect());
                }
                Verdict::Fails(reason) => {
                    o["holds"] = json!(false);
                    if let Some(reason) = reason {
                        o["reason"] = json!({
                            "transactions": reason.names,
                            "history": reason.history,
                            "dependencies": reason.edges,
                            "internal": reason.internal,
                        });
                    }
                    if let Some(rt) = r.reason_time {
                        o["reason_ms"] = json!(rt.as_secs_f64() * 1000.0);
                    }
                }
                Verdict::Timeout => o["holds"] = Value::Null,
                Verdict::Stopped => {
                    o["holds"] = Value::Null;
                    o["stopped"] = json!(true);
                }
                Verdict::Skipped => {
                    o["holds"] = Value::Null;
                    o["skipped"] = json!(true);
                }
                Verdict::Unsolved(message) => {
                    o["holds"] = Value::Null;
                    o["error"] = json!(message);
                }
            }
            o
        })
        .collect();
    json!({ "levels": levels })
}

/// The implication matrix, its equivalence classes, the Hasse diagram and the
/// separating histories, as text.
pub fn compare_text(m: &Matrix) -> String {
    let n = m.levels.len();
    let mut header = vec![String::new()];
    header.extend(m.levels.iter().cloned());
    let mut table = crate::render::table::styled_table(header);
    // Separating histories are numbered in the matrix and listed below it.
    let mut numbered: Vec<(String, Vec<(usize, usize)>)> = Vec::new();
    for a in 0..n {
        let mut row = vec![m.levels[a].clone()];
        for b in 0..n {
            row.push(match &m.cells[a][b] {
                Cell::Same => "=".into(),
                Cell::Implies => {
                    if crate::render::table::ascii() {
                        "=>".into()
                    } else {
                        "⇒".into()
                    }
                }
                Cell::Separated(h) => {
                    let k = match numbered.iter().position(|(x, _)| x == h) {
                        Some(k) => {
                            numbered[k].1.push((a, b));
                            k
                        }
                        None => {
                            numbered.push((h.clone(), vec![(a, b)]));
                            numbered.len() - 1
                        }
                    };
                    format!(
                        "{}{}",
                        if crate::render::table::ascii() {
                            "x"
                        } else {
                            "✗"
                        },
                        k + 1
                    )
                }
                Cell::Undecided => "?".into(),
            });
        }
        table.add_row(row);
    }
    let mut out = format!(
        "Up to {} transactions, objects and values: row ⇒ column means every history of the row's level is one of the column's; ✗k names a separating history, listed below.\n",
        m.scope
    );
    out.push_str(&table.to_string());
    out.push('\n');
    let classes = m.classes();
    let class_name = |c: &Vec<usize>| {
        c.iter()
            .map(|&i| m.levels[i].as_str())
            .collect::<Vec<_>>()
            .join(" ≡ ")
    };
    let equal: Vec<String> = classes
        .iter()
        .filter(|c| c.len() > 1)
        .map(class_name)
        .collect();
    out.push_str("\nEquivalent within the scope: ");
    out.push_str(&if equal.is_empty() {
        "none".to_string()
    } else {
        equal.join("; ")
    });
    out.push_str("\nHasse diagram (stronger → weaker):\n");
    let edges = m.hasse(&classes);
    for (x, y) in &edges {
        out.push_str(&format!(
            "  {} → {}\n",
            class_name(&classes[*x]),
            class_name(&classes[*y])
        ));
    }
    let isolated: Vec<String> = (0..classes.len())
        .filter(|c| !edges.iter().any(|(x, y)| x == c || y == c))
        .map(|c| class_name(&classes[c]))
        .collect();
    if !isolated.is_empty() {
        out.push_str(&format!(
            "  unrelated to the others: {}\n",
            isolated.join(", ")
        ));
    }
    for (k, (h, pairs)) in numbered.iter().enumerate() {
        let shown: Vec<String> = pairs
            .iter()
            .take(6)
            .map(|&(a, b)| format!("{} but not {}", m.levels[a], m.levels[b]))
            .collect();
        let more = if pairs.len() > 6 {
            format!(", and {} more", pairs.len() - 6)
        } else {
            String::new()
        };
        out.push_str(&format!("\n✗{}: {}{more}\n", k + 1, shown.join(", ")));
        for l in h.lines() {
            out.push_str(&format!("  {l}\n"));
        }
    }
    let undecided = if m.undecided > 0 {
        format!(
            ", {} undecided (stopped: `?` in the matrix; the classes and the diagram use the decided pairs only)",
            m.undecided
        )
    } else {
        String::new()
    };
    out.push_str(&format!(
        "\n{} pairs: {} solved, {} derived, {} from the cache{undecided}; {:.2} s\n",
        n * n.saturating_sub(1),
        m.solved,
        m.derived,
        m.cached,
        m.time.as_secs_f64()
    ));
    out
}

/// The Hasse diagram as a Graphviz digraph: one node per class, edges stronger → weaker.
pub fn compare_dot(m: &Matrix) -> String {
    let classes = m.classes();
    let mut out = String::from("digraph levels {\n  rankdir=TB;\n  node [shape=box];\n");
    for (k, c) in classes.iter().enumerate() {
        let label = c
            .iter()
            .map(|&i| m.levels[i].as_str())
            .collect::<Vec<_>>()
            .join("\\n");
        out.push_str(&format!("  c{k} [label=\"{label}\"];\n"));
    }
    for (x, y) in m.hasse(&classes) {
        out.push_str(&format!("  c{x} -> c{y};\n"));
    }
    out.push_str("}\n");
    out
}

/// The matrix as JSON: levels, `implies[a][b]`, separating histories by pair, classes and
/// the Hasse edges (by level name).
pub fn compare_json(m: &Matrix) -> Value {
    let n = m.levels.len();
    let classes = m.classes();
    let names = |c: &Vec<usize>| c.iter().map(|&i| m.levels[i].clone()).collect::<Vec<_>>();
    let mut separations = Vec::new();
    for a in 0..n {
        for b in 0..n {
            if let Cell::Separated(h) = &m.cells[a][b] {
                separations.push(json!({"level": m.levels[a], "not": m.levels[b], "history": h}));
            }
        }
    }
    json!({
        "scope": m.scope,
        "levels": m.levels,
        // `null` for a pair left undecided (stopped).
        "implies": (0..n).map(|a| (0..n).map(|b| (m.cells[a][b] != Cell::Undecided).then(|| m.implies(a, b))).collect::<Vec<_>>()).collect::<Vec<_>>(),
        "undecided": m.undecided,
        "separations": separations,
        "classes": classes.iter().map(names).collect::<Vec<_>>(),
        "hasse": m.hasse(&classes).iter().map(|(x, y)| json!([names(&classes[*x]), names(&classes[*y])])).collect::<Vec<_>>(),
        "ms": m.time.as_secs_f64() * 1000.0,
    })
}

/// One line per ordered pair: `a,b,implies,history` (the history's lines joined by `; `).
pub fn compare_csv(m: &Matrix) -> String {
    let mut out = String::from("level,other,implies,separating_history\n");
    for (a, row) in m.cells.iter().enumerate() {
        for (b, cell) in row.iter().enumerate() {
            let (implies, h) = match cell {
                Cell::Same => continue,
                Cell::Undecided => {
                    out.push_str(&format!("{},{},,\"\"\n", m.levels[a], m.levels[b]));
                    continue;
                }
                Cell::Implies => (true, String::new()),
                Cell::Separated(h) => (
                    false,
                    h.lines().map(str::trim).collect::<Vec<_>>().join("; "),
                ),
            };
            out.push_str(&format!(
                "{},{},{implies},\"{}\"\n",
                m.levels[a],
                m.levels[b],
                h.replace('"', "\"\"")
            ));
        }
    }
    out
}
