//! The standard library, embedded in the binary so that `open util/ordering` works from
//! any directory.

/// `(module path, source)` for every bundled module.
pub const MODULES: &[(&str, &str)] = &[
    (
        "util/boolean",
        include_str!("../../stdlib/util/boolean.als"),
    ),
    ("util/graph", include_str!("../../stdlib/util/graph.als")),
    (
        "util/integer",
        include_str!("../../stdlib/util/integer.als"),
    ),
    (
        "util/ordering",
        include_str!("../../stdlib/util/ordering.als"),
    ),
    (
        "util/relation",
        include_str!("../../stdlib/util/relation.als"),
    ),
];

/// The source of a bundled module, by its path without `.als`.
pub fn source(path: &str) -> Option<&'static str> {
    MODULES.iter().find(|(p, _)| *p == path).map(|(_, s)| *s)
}

/// Names of all bundled modules (for completion and "did you mean").
pub fn names() -> impl Iterator<Item = &'static str> {
    MODULES.iter().map(|(p, _)| *p)
}
