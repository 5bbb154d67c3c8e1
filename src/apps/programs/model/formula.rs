//! Alloy formulas as text: `and`, `or` and `not` with constants folded, a condition's
//! outcomes under SQL's three-valued logic (`Tri`), and a program's enclosing FOREACH
//! loops (`ProgramCtx`), over whose iterations a statement's constraints quantify.

use super::info::Ty;

/// A value the analysis knows: its Alloy expression, its sort, and whether it is one
/// atom (a parameter, a column of the record at hand or of a loop's record) or the set
/// of values of a local's column over its records (none when it holds no record: SQL's
/// NULL).
#[derive(Clone, Debug)]
pub(super) struct Known {
    pub(super) alloy: String,
    pub(super) sort: String,
    pub(super) scalar: bool,
}

/// `true` and `false` in Alloy.
pub(super) const TRUE: &str = "(no none)";
const FALSE: &str = "(some none)";

pub(super) fn and(a: String, b: String) -> String {
    match (a.as_str(), b.as_str()) {
        (FALSE, _) | (_, FALSE) => FALSE.into(),
        (TRUE, _) => b,
        (_, TRUE) => a,
        _ => format!("({a} and {b})"),
    }
}

fn or(a: String, b: String) -> String {
    match (a.as_str(), b.as_str()) {
        (TRUE, _) | (_, TRUE) => TRUE.into(),
        (FALSE, _) => b,
        (_, FALSE) => a,
        _ => format!("({a} or {b})"),
    }
}

pub(super) fn neg(a: String) -> String {
    match a.as_str() {
        TRUE => FALSE.into(),
        FALSE => TRUE.into(),
        _ => format!("(not {a})"),
    }
}

/// A condition's possible outcomes under SQL's three-valued logic, one formula each: it
/// may be true, false, or NULL (a comparison with a local that holds no record). A
/// comparison the analysis does not know may be true or false, independently of every
/// other one, so the three are exact for each combination of AND, OR and NOT. `exact`:
/// no unknown comparison is involved, so exactly one of the three holds.
#[derive(Clone, Debug)]
pub(super) struct Tri {
    pub(super) t: String,
    f: String,
    n: String,
    pub(super) exact: bool,
}

impl Tri {
    pub(super) fn constant(b: bool) -> Tri {
        let (t, f) = if b { (TRUE, FALSE) } else { (FALSE, TRUE) };
        Tri {
            t: t.into(),
            f: f.into(),
            n: FALSE.into(),
            exact: true,
        }
    }

    pub(super) fn unknown() -> Tri {
        Tri {
            t: TRUE.into(),
            f: TRUE.into(),
            n: FALSE.into(),
            exact: false,
        }
    }

    pub(super) fn not(self) -> Tri {
        Tri {
            t: self.f,
            f: self.t,
            ..self
        }
    }

    pub(super) fn and(self, b: Tri) -> Tri {
        // NULL: NULL and (true or NULL), or true and NULL.
        let n = or(
            and(self.n.clone(), or(b.t.clone(), b.n.clone())),
            and(self.t.clone(), b.n.clone()),
        );
        Tri {
            t: and(self.t, b.t),
            f: or(self.f, b.f),
            n,
            exact: self.exact && b.exact,
        }
    }

    pub(super) fn or(self, b: Tri) -> Tri {
        let n = or(
            and(self.n.clone(), or(b.f.clone(), b.n.clone())),
            and(self.f.clone(), b.n.clone()),
        );
        Tri {
            t: or(self.t, b.t),
            f: and(self.f, b.f),
            n,
            exact: self.exact && b.exact,
        }
    }

    /// May be other than true (WHERE and IF treat NULL as false).
    pub(super) fn not_true(&self) -> String {
        or(self.f.clone(), self.n.clone())
    }
}

/// `a = b` between known values of one sort. A local's column is the set of its values:
/// equal when one of them is (SQL's `IN`), NULL when the local holds no record.
pub(super) fn equality(a: &Known, b: &Known) -> Tri {
    let (x, y) = (&a.alloy, &b.alloy);
    match (a.scalar, b.scalar) {
        (true, true) => {
            let e = format!("{x} = {y}");
            Tri {
                t: e.clone(),
                f: neg(e),
                n: FALSE.into(),
                exact: true,
            }
        }
        (true, false) | (false, true) => {
            let (v, s) = if a.scalar { (x, y) } else { (y, x) };
            Tri {
                t: format!("{v} in {s}"),
                f: format!("(some {s} and {v} not in {s})"),
                n: format!("no {s}"),
                exact: true,
            }
        }
        (false, false) => Tri {
            t: format!("some ({x} & {y})"),
            f: format!("(some {x} and some {y} and no ({x} & {y}))"),
            n: format!("(no {x} or no {y})"),
            exact: true,
        },
    }
}

/// An enclosing FOREACH: its variable in the model (`l1`, `l2`, … outermost first), the
/// table of its records and the Alloy expression of the records it runs over.
#[derive(Clone, Debug)]
pub(super) struct Loop {
    pub(super) var: String,
    pub(super) table: String,
    pub(super) rows: String,
}

/// A program being analysed.
pub(super) struct ProgramCtx {
    pub(super) index: usize,
    pub(super) name: String,
    pub(super) params: Vec<(String, Ty)>,
    pub(super) flags: usize,
    pub(super) numbered: usize,
    /// FOREACH loops around the statement being analysed, outermost first.
    pub(super) loops: Vec<Loop>,
    /// The index (in the builder's statements) of the first statement of the outermost
    /// FOREACH being analysed (`StmtInfo::settled`).
    pub(super) loop_start: Option<usize>,
    /// Lines of the program's behaviour fact (inside `all t: P { … }`).
    pub(super) lines: Vec<String>,
    pub(super) ran: Vec<String>,
    /// IFs outside FOREACH: subset sigs of the program's instances.
    pub(super) subsets: Vec<String>,
    /// Fields of the program's sig (name, type): per-iteration selections and IFs
    /// inside FOREACH, and MIN/MAX's filtered records.
    pub(super) fields: Vec<(String, String)>,
    /// Exact rows: what each statement selects given the records its snapshot holds
    /// (`live`), as lines of the program's `P__sees` pred, with the statement's atom
    /// (under Read Committed each statement has its own snapshot: `P__seesAt`).
    pub(super) seen: Vec<(String, String)>,
    /// INSERT and DELETE statements so far, in program order: (atom, table, insert).
    pub(super) alive_writers: Vec<(String, usize, bool)>,
}

impl ProgramCtx {
    /// `body` in every iteration of the enclosing loops.
    pub(super) fn all_iters(&self, body: String) -> String {
        if body == TRUE {
            return body;
        }
        self.loops.iter().rev().fold(body, |acc, l| {
            format!("(all {}: {} | {acc})", l.var, l.rows)
        })
    }

    /// `body` in some iteration of the enclosing loops.
    pub(super) fn some_iters(&self, body: String) -> String {
        if body == FALSE {
            return body;
        }
        self.loops.iter().rev().fold(body, |acc, l| {
            format!("(some {}: {} | {acc})", l.var, l.rows)
        })
    }

    /// Field `f` of the instance at the current iteration (`l2.(l1.(t.f))`).
    pub(super) fn at_iter(&self, f: &str) -> String {
        self.loops
            .iter()
            .fold(format!("t.{f}"), |acc, l| format!("{}.({acc})", l.var))
    }

    /// The current iteration as a tuple (`l1 -> l2`).
    pub(super) fn tuple(&self) -> String {
        let vars: Vec<&str> = self.loops.iter().map(|l| l.var.as_str()).collect();
        vars.join(" -> ")
    }

    /// The iterations in which `reach` holds, as a set of tuples.
    pub(super) fn iter_set(&self, reach: &str) -> String {
        let decls: Vec<String> = self
            .loops
            .iter()
            .map(|l| format!("{}: {}", l.var, l.table))
            .collect();
        let within = self
            .loops
            .iter()
            .map(|l| format!("{} in {}", l.var, l.rows))
            .fold(reach.to_string(), |acc, w| and(w, acc));
        format!("{{ {} | {within} }}", decls.join(", "))
    }

    /// The type of a field of the program's sig that holds, per iteration, records of
    /// `last` (or, without it, the iterations themselves).
    pub(super) fn iter_type(&self, last: Option<&str>) -> String {
        let mut parts: Vec<&str> = self.loops.iter().map(|l| l.table.as_str()).collect();
        parts.extend(last);
        match parts.as_slice() {
            [one] => format!("set {one}"),
            many => many.join(" -> "),
        }
    }
}
