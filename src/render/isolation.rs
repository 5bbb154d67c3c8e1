//! What `classify` and `compare` print: a table of levels with ✓/✗ and their
//! explanations, and the same as JSON.

use comfy_table::{ContentArrangement, Table, presets};
use serde_json::{Value, json};

use crate::isolation::classify::{LevelResult, Verdict};

pub(crate) fn new_table(header: Vec<String>) -> Table {
    let mut table = Table::new();
    table
        .load_style(if super::table::ascii() {
            presets::ASCII_FULL_CONDENSED
        } else {
            presets::UTF8_FULL_CONDENSED
        })
        .set_content_arrangement(ContentArrangement::Disabled)
        .force_no_tty()
        .set_header(header);
    table
}

fn mark(v: &Verdict) -> &'static str {
    match (v, super::table::ascii()) {
        (Verdict::Holds(_), false) => "✓",
        (Verdict::Holds(_), true) => "yes",
        (Verdict::Fails(_), false) => "✗",
        (Verdict::Fails(_), true) => "no",
        (Verdict::Timeout, _) => "timeout",
    }
}

fn ms(d: std::time::Duration) -> String {
    format!("{:.0} ms", d.as_secs_f64() * 1000.0)
}

/// The classification as a table (framework, level, verdict, witness or reason in
/// brief, time) and, below it, each ✗'s minimal violating sub-history.
pub fn classify_text(results: &[LevelResult]) -> String {
    let mut table = new_table(
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
                .map(|(n, v)| format!("{n}: {v}"))
                .collect::<Vec<_>>()
                .join("\n"),
            Verdict::Fails(Some(reason)) => match &reason.internal {
                Some(m) => format!("{m} (no level allows it)"),
                None => {
                    match details.iter_mut().find(|(h, _, _)| *h == reason.history) {
                        Some((_, levels, _)) => levels.push(r.level.clone()),
                        None => details.push((
                            reason.history.clone(),
                            vec![r.level.clone()],
                            reason.edges.clone(),
                        )),
                    }
                    format!(
                        "violated by {{{}}}",
                        reason_txn_names(&reason.history).join(", ")
                    )
                }
            },
            Verdict::Fails(None) => String::new(),
            Verdict::Timeout => "undecided within the time limit".into(),
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
        if !edges.is_empty() {
            out.push_str(&format!("  dependencies: {}\n", edges.join(", ")));
        }
    }
    out
}

/// The transaction names of a sub-history in notation (its transaction lines).
fn reason_txn_names(history: &str) -> Vec<String> {
    history
        .lines()
        .filter(|l| !l.starts_with("session") && !l.starts_with("T0:"))
        .filter_map(|l| l.trim().split(':').next().map(str::to_string))
        .collect()
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
                            "transactions": reason_txn_names(&reason.history),
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
            }
            o
        })
        .collect();
    json!({ "levels": levels })
}
