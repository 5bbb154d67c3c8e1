//! Tables in the house style (comfy-table, condensed borders, widths from the content
//! alone): one relation as a block with the caller's atom names. Below every view that
//! prints tables, so that the history view can show a model's own relations too.

use comfy_table::{ContentArrangement, Table, presets};

use super::atoms::{named_tuples, value_or_empty};
use super::{FieldView, SigView};
use crate::instance::Instance;
use crate::logic::TupleSet;

/// Tables of some sigs and fields only, with the caller's atom names (the history view
/// shows the model's own relations this way, in its own names for transactions).
pub fn render_some(
    sigs: &[&SigView],
    fields: &[&FieldView],
    inst: &Instance,
    names: &[String],
) -> String {
    let mut blocks: Vec<String> = sigs
        .iter()
        .map(|sig| {
            let value = value_or_empty(inst, &sig.value);
            block(&sig.label, vec![sig.label.clone()], &value, names)
        })
        .collect();
    blocks.extend(fields.iter().map(|f| field_block(f, inst, names)));
    blocks.join("\n\n")
}

/// A field's table: the first column is headed by its sig, the second by the field name.
pub(super) fn field_block(field: &FieldView, inst: &Instance, names: &[String]) -> String {
    let value = value_or_empty(inst, &field.value);
    let mut header = vec![field.sig.clone(), field.name.clone()];
    header.resize(value.arity().max(2), String::new());
    let title = format!("{}<:{}", field.sig, field.name);
    block(&title, header, &value, names)
}

static ASCII: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Draw tables with ASCII characters only (`--ascii`, `set ascii on`), for terminals and
/// files that do not take box drawing.
pub fn set_ascii(on: bool) {
    ASCII.store(on, std::sync::atomic::Ordering::Relaxed);
}

pub fn ascii() -> bool {
    ASCII.load(std::sync::atomic::Ordering::Relaxed)
}

pub(super) fn block(
    title: &str,
    header: Vec<String>,
    value: &TupleSet,
    names: &[String],
) -> String {
    if value.is_empty() {
        return format!("{title}: (empty)");
    }
    let mut table = styled_table(header);
    table.add_rows(named_tuples(value, names));
    table.to_string()
}

/// A table in the house style: condensed borders (ASCII with `--ascii`), widths from the
/// content alone, so that output does not depend on the terminal.
pub fn styled_table(header: Vec<String>) -> Table {
    let mut table = Table::new();
    table
        .load_style(if ascii() {
            presets::ASCII_FULL_CONDENSED
        } else {
            presets::UTF8_FULL_CONDENSED
        })
        .set_content_arrangement(ContentArrangement::Disabled)
        .force_no_tty()
        .set_header(header);
    table
}
