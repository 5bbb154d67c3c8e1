//! Instances up to renaming of atoms: a canonical form, to count isomorphism classes.
//!
//! An instance here is a map from relation name to its tuples of atom names. Two
//! instances are isomorphic when a bijection of atoms maps every relation of one onto the
//! same-named relation of the other. Atoms that occur in no tuple do not matter.
//!
//! The canonical form is the least relabelled rendering over all bijections that keep
//! each atom's *profile* (how often it occurs in each column of each relation — an
//! isomorphism must keep it), so only atoms with equal profiles are permuted.

#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet};

pub type NamedInstance = BTreeMap<String, Vec<Vec<String>>>;

/// Permutations tried per instance before giving up (never reached at scopes ≤ 4).
const MAX_PERMUTATIONS: usize = 2_000_000;

/// A string equal for two instances exactly when they are isomorphic; `None` if the
/// profile classes are too large to permute.
pub fn canonical_form(inst: &NamedInstance) -> Option<String> {
    let mut profile: BTreeMap<&str, BTreeMap<(&str, usize), usize>> = BTreeMap::new();
    for (rel, tuples) in inst {
        for t in tuples {
            for (col, atom) in t.iter().enumerate() {
                *profile
                    .entry(atom.as_str())
                    .or_default()
                    .entry((rel.as_str(), col))
                    .or_default() += 1;
            }
        }
    }
    // Classes of atoms with equal profiles, in profile order.
    let mut classes: BTreeMap<&BTreeMap<(&str, usize), usize>, Vec<&str>> = BTreeMap::new();
    for (atom, p) in &profile {
        classes.entry(p).or_default().push(atom);
    }
    let classes: Vec<Vec<&str>> = classes.into_values().collect();
    let mut total: usize = 1;
    for c in &classes {
        for k in 1..=c.len() {
            total = total.checked_mul(k)?;
        }
    }
    if total > MAX_PERMUTATIONS {
        return None;
    }
    let mut best: Option<String> = None;
    let mut perms: Vec<Vec<usize>> = classes.iter().map(|c| (0..c.len()).collect()).collect();
    loop {
        let mut label: BTreeMap<&str, usize> = BTreeMap::new();
        let mut next = 0;
        for (c, p) in classes.iter().zip(&perms) {
            for &i in p {
                label.insert(c[i], next);
                next += 1;
            }
        }
        let rendered = render(inst, &label);
        if best.as_ref().is_none_or(|b| rendered < *b) {
            best = Some(rendered);
        }
        // Advance the odometer of per-class permutations.
        let mut k = 0;
        while k < perms.len() && !next_permutation(&mut perms[k]) {
            k += 1;
        }
        if k == perms.len() {
            break;
        }
    }
    Some(best.unwrap_or_default())
}

/// The number of isomorphism classes among `instances`; `None` if some instance could
/// not be put in canonical form.
pub fn count_classes<'a>(instances: impl IntoIterator<Item = &'a NamedInstance>) -> Option<usize> {
    let mut forms = BTreeSet::new();
    for inst in instances {
        forms.insert(canonical_form(inst)?);
    }
    Some(forms.len())
}

fn render(inst: &NamedInstance, label: &BTreeMap<&str, usize>) -> String {
    let mut out = String::new();
    for (rel, tuples) in inst {
        let mut rows: Vec<Vec<usize>> = tuples
            .iter()
            .map(|t| t.iter().map(|a| label[a.as_str()]).collect())
            .collect();
        rows.sort();
        rows.dedup();
        out.push_str(rel);
        out.push('=');
        out.push_str(&format!("{rows:?}"));
        out.push(';');
    }
    out
}

/// Step `p` to the next permutation in lexicographic order; at the last one, reset it to
/// the first and return false.
fn next_permutation(p: &mut [usize]) -> bool {
    let n = p.len();
    if n < 2 {
        return false;
    }
    let mut i = n - 1;
    while i > 0 && p[i - 1] >= p[i] {
        i -= 1;
    }
    if i == 0 {
        p.reverse();
        return false;
    }
    let mut j = n - 1;
    while p[j] <= p[i - 1] {
        j -= 1;
    }
    p.swap(i - 1, j);
    p[i..].reverse();
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn inst(rels: &[(&str, &[&[&str]])]) -> NamedInstance {
        rels.iter()
            .map(|(r, ts)| {
                let tuples = ts
                    .iter()
                    .map(|t| t.iter().map(|a| a.to_string()).collect())
                    .collect();
                (r.to_string(), tuples)
            })
            .collect()
    }

    #[test]
    fn renamed_instances_share_a_form_and_others_do_not() {
        let a = inst(&[
            ("N", &[&["x"], &["y"], &["z"]]),
            ("e", &[&["x", "y"], &["y", "z"]]),
        ]);
        let b = inst(&[
            ("N", &[&["p"], &["q"], &["r"]]),
            ("e", &[&["r", "p"], &["p", "q"]]),
        ]);
        let cycle = inst(&[
            ("N", &[&["x"], &["y"], &["z"]]),
            ("e", &[&["x", "y"], &["y", "x"]]),
        ]);
        assert_eq!(canonical_form(&a), canonical_form(&b));
        assert_ne!(canonical_form(&a), canonical_form(&cycle));
        assert_eq!(count_classes([&a, &b, &cycle]), Some(2));
    }

    #[test]
    fn permutations_cover_every_order() {
        let mut p = vec![0, 1, 2, 3];
        let mut n = 1;
        while next_permutation(&mut p) {
            n += 1;
        }
        assert_eq!(n, 24);
        assert_eq!(p, vec![0, 1, 2, 3]);
    }
}
