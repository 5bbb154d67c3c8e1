//! The standard library, embedded in the binary so that `open util/ordering` works from
//! any directory.

/// `(module path, source)` for every bundled module.
pub const MODULES: &[(&str, &str)] = &[
    ("isolation", include_str!("../../stdlib/isolation.als")),
    (
        "isolation/adya",
        include_str!("../../stdlib/isolation/adya.als"),
    ),
    (
        "isolation/biswas",
        include_str!("../../stdlib/isolation/biswas.als"),
    ),
    (
        "isolation/cerone",
        include_str!("../../stdlib/isolation/cerone.als"),
    ),
    (
        "isolation/crooks",
        include_str!("../../stdlib/isolation/crooks.als"),
    ),
    (
        "isolation/histories",
        include_str!("../../stdlib/isolation/histories.als"),
    ),
    (
        "isolation/programs",
        include_str!("../../stdlib/isolation/programs.als"),
    ),
    (
        "isolation/plume",
        include_str!("../../stdlib/isolation/plume.als"),
    ),
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
        "util/natural",
        include_str!("../../stdlib/util/natural.als"),
    ),
    (
        "util/ordering",
        include_str!("../../stdlib/util/ordering.als"),
    ),
    (
        "util/relation",
        include_str!("../../stdlib/util/relation.als"),
    ),
    ("util/seqrel", include_str!("../../stdlib/util/seqrel.als")),
    (
        "util/sequence",
        include_str!("../../stdlib/util/sequence.als"),
    ),
    (
        "util/sequniv",
        include_str!("../../stdlib/util/sequniv.als"),
    ),
    (
        "util/ternary",
        include_str!("../../stdlib/util/ternary.als"),
    ),
    ("util/time", include_str!("../../stdlib/util/time.als")),
];

/// The source of a bundled module, by its path without `.als`.
pub fn source(path: &str) -> Option<&'static str> {
    MODULES.iter().find(|(p, _)| *p == path).map(|(_, s)| *s)
}

/// Names of all bundled modules (for completion and "did you mean").
pub fn names() -> impl Iterator<Item = &'static str> {
    MODULES.iter().map(|(p, _)| *p)
}
