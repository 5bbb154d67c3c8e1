//! The isolation levels of the library, by framework, strongest first: the rows of
//! `classify` and the default sets of `compare`. Names are the library's pred names, the
//! one vocabulary of every view (`run RA`, `eval`, JSON, tables).

/// A framework and its levels, strongest first (where levels are incomparable, in the
/// order of the library's module).
pub struct Framework {
    pub name: &'static str,
    pub levels: &'static [&'static str],
    /// One representative of each named level, for `compare`'s default set.
    pub representatives: &'static [&'static str],
}

pub const FRAMEWORKS: &[Framework] = &[
    Framework {
        name: "Biswas & Enea",
        levels: &["SER", "UpdateSer", "SI", "PC", "CC", "RA", "RC"],
        representatives: &["SER", "SI", "PC", "CC", "RA", "RC"],
    },
    Framework {
        name: "Cerone et al.",
        levels: &[
            "CeroneSER",
            "CeroneSI",
            "CeronePC",
            "CeronePSI",
            "CeroneCC",
            "CeroneUA",
            "CeroneNLU",
            "CeroneRA",
        ],
        representatives: &[
            "CeroneSER",
            "CeroneSI",
            "CeronePC",
            "CeronePSI",
            "CeroneCC",
            "CeroneRA",
        ],
    },
    Framework {
        name: "Adya",
        levels: &[
            "AdyaSER",
            "AdyaSI",
            "AdyaPC",
            "AdyaPSI",
            "AdyaPL3",
            "AdyaPL2plus",
            "AdyaPL2",
            "AdyaPL1",
        ],
        representatives: &["AdyaSER", "AdyaSI", "AdyaPC", "AdyaPSI", "AdyaPL2"],
    },
    Framework {
        name: "Crooks et al.",
        levels: &[
            "CrooksSER",
            "CrooksSessionSER",
            "CrooksSI",
            "CrooksSessionSI",
            "CrooksRC",
        ],
        representatives: &["CrooksSER", "CrooksSI", "CrooksRC"],
    },
    Framework {
        name: "Plume (TAPs)",
        levels: &["TapCC", "TapRAop", "TapRA", "TapRC"],
        representatives: &["TapCC", "TapRA", "TapRC"],
    },
];

/// Every level of the library, framework by framework.
pub fn all_levels() -> Vec<&'static str> {
    FRAMEWORKS
        .iter()
        .flat_map(|f| f.levels.iter().copied())
        .collect()
}

/// The framework a level of the library belongs to.
pub fn framework_of(level: &str) -> Option<&'static str> {
    FRAMEWORKS
        .iter()
        .find(|f| f.levels.contains(&level))
        .map(|f| f.name)
}

/// The witness a level's pred quantifies, for explaining a ✓ (by the library's
/// naming: commit order, abstract execution, version order, execution order).
pub fn witness_kind(level: &str) -> &'static str {
    match framework_of(level) {
        Some("Cerone et al.") => "abstract execution (vis, ar)",
        Some("Adya") => "version order",
        Some("Crooks et al.") => "execution order",
        _ => "commit order",
    }
}

/// A library level stated with a known version order `known` (a relation over Txn the
/// history fixes, as Jepsen's list-append reads do) inside its witness order: the same
/// level, whose witness must order the known pairs as the history does. The library's
/// preds quantify their witness inside; this restates each over its own axioms
/// (`stdlib/isolation/*.als`), as a formula for `run { … }`.
pub fn with_known_order(level: &str, known: &str) -> Option<String> {
    let ax = |level: &str| {
        // `Ax` after a lowercase letter, `ax` after a capital (the library's naming).
        if level.ends_with(|c: char| c.is_ascii_lowercase()) {
            format!("{level}Ax")
        } else {
            format!("{level}ax")
        }
    };
    Some(match framework_of(level)? {
        "Biswas & Enea" | "Plume (TAPs)" => format!(
            "some co: Txn -> Txn | commitOrder[co] and {known} in co and {}[co]",
            ax(level)
        ),
        "Cerone et al." => format!(
            "some vis, ar: Txn -> Txn | absExec[vis, ar] and {known} in ar and {}[vis, ar]",
            ax(level)
        ),
        "Adya" => format!(
            "some vo: Txn -> Txn | vorder[vo] and {known} in vo and {}[vo]",
            ax(level)
        ),
        _ => {
            let (test, sessions) = match level {
                "CrooksRC" => ("CTrc", false),
                "CrooksSER" => ("CTser", false),
                "CrooksSI" => ("CTsi", false),
                "CrooksSessionSER" => ("CTser", true),
                "CrooksSessionSI" => ("CTsessionSI", true),
                _ => return None,
            };
            format!(
                "some co: Txn -> Txn | executionOrder[co] and {known} in co{} and all t: Normal | {test}[co, t]",
                if sessions { " and so in co" } else { "" }
            )
        }
    })
}
