//! An independent oracle for integer semantics: `tests/int-golden/` holds generated Alloy
//! models that exercise integers (literals in and out of range, `#`, `sum`, arithmetic in
//! every form, shifts, comparisons, casts, `Int` fields, quantifiers over `Int`,
//! `util/integer`, bitwidths 2–5), each with the verdict of real Alloy 6 with integers
//! wrapping around (Alloy's default) and with "prevent overflows" (`noOverflow`). See
//! `tests/int-golden/README.md` for how they were made; no verdict there comes from solder.
//!
//! Every model must get Alloy's verdict in both modes. Raw instance counts in the manifest
//! are Kodkod's and are not compared.

use crate::common::alloy_golden;

use std::path::Path;

/// Verdicts that knowingly differ from Alloy 6's, with the reason. Each must still differ
/// (a listed case that agrees fails the test, so the list cannot go stale).
const KNOWN_DIFFERENCES: &[(&str, &str)] = &[(
    "i0118.als (prevent): Alloy sat, solder unsat",
    "Kodkod's `one`/`lone` of a set that is empty for certain return before the overflow \
     guard (`not (one Int[-9])` holds at bitwidth 3 in Alloy); solder guards them like \
     every other test",
)];

#[test]
fn integer_verdicts_match_alloy() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/int-golden");
    alloy_golden::check_against_alloy(&dir, 101, KNOWN_DIFFERENCES);
}
