#!/usr/bin/env python3
"""Generate small random Alloy 6 models that exercise temporal logic, and solve them with Alloy 6.

    python3 tests/temporal-golden/generate.py [--models N] [--seed S] [--jobs J]
                                              [--jar ALLOY_JAR] [--cache FILE] [--no-solve]

Writes `cases/tNNNN.als` (one command each) and `manifest.jsonl` next to this script.
Every verdict in the manifest is computed by Alloy 6 (the core of /work/alloy-build's
`alloy.jar`, driven by `TemporalBatch.java` next to this script: SAT4J, symmetry breaking
off). Nothing here runs solder.

Deterministic: model i is generated from `random.Random(seed * 1_000_003 + i)`, so the same
seed and count give byte-identical models. Standard library only (plus `javac`/`java` to
run Alloy). Models that Alloy rejects are dropped (their file is deleted).

Alloy's answers are cached (by the model's text) in a file outside the repository
(`--cache`, default in the system's temporary directory), so that a re-run after an
interruption or a generator change only solves what is new; the test does not need it.

The language stays inside the first temporal subset solder implements: static sigs (`one`,
`some`, `lone`, `abstract` with `extends` children), static fields, top-level `var sig`s
(also `var sig V in A`), `var` fields on static and on var sigs, primes on expressions,
`always eventually after until releases ;` and `historically once before since triggered`,
quantifiers, `let`, preds with parameters, facts, asserts, `run`/`check` with steps scopes.
"""

import argparse
import collections
import hashlib
import json
import os
import queue
import random
import select
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = os.path.join(HERE, "cases")
MANIFEST = os.path.join(HERE, "manifest.jsonl")
DEFAULT_CACHE = os.path.join(tempfile.gettempdir(), "temporal-golden-alloy-cache.json")
ALLOY_JAR = "/work/alloy-build/alloy.jar"
BATCH_SRC = os.path.join(HERE, "TemporalBatch.java")

# The count of solutions (A4Solution.next()) is recorded only when Alloy finishes the
# enumeration below this cap and the command (translation, solving, enumeration) takes
# less than COUNT_MS milliseconds.
COUNT_CAP = 1000
COUNT_MS = 2000
# A model that gets no answer within this many seconds is dropped.
JOB_TIMEOUT = 300

UNARY_TEMPORAL = ["always", "eventually", "after", "historically", "once", "before"]
BINARY_TEMPORAL = ["until", "releases", "since", "triggered"]


# --------------------------------------------------------------------------------------
# The model generator
# --------------------------------------------------------------------------------------

class Rel:
    """A binary relation usable in expressions: `text` has type dom -> rng."""

    def __init__(self, text, dom, rng, var):
        self.text, self.dom, self.rng, self.var = text, dom, rng, var


class Gen:
    def __init__(self, rng):
        self.r = rng
        self.features = set()
        self.counter = 0

    # ---- helpers ---------------------------------------------------------------------

    def chance(self, p):
        return self.r.random() < p

    def pick(self, xs):
        return self.r.choice(xs)

    def weighted(self, options):
        """options: list of (weight, thunk); returns thunk() of one with positive weight."""
        total = sum(w for w, _ in options if w > 0)
        x = self.r.random() * total
        for w, th in options:
            if w <= 0:
                continue
            x -= w
            if x <= 0:
                return th()
        return [th for w, th in options if w > 0][-1]()

    def fresh(self, prefix):
        self.counter += 1
        return f"{prefix}{self.counter}"

    def feat(self, *names):
        self.features.update(names)

    # ---- signatures ------------------------------------------------------------------

    def signature(self):
        """Choose the sigs and fields; fills self.decls (text lines), self.leaves (type ->
        list of (text, is_var)), self.rels (binary relations), self.var_things."""
        self.decls = []
        self.leaves = collections.defaultdict(list)
        self.rels = []
        self.ternary = []  # (name, owner, mid, rng, var)
        self.lone_or_one = set()
        a_fields, b_fields, v_fields = [], [], []

        # A, possibly abstract with children
        a_style = self.pick(["plain", "plain", "plain", "abstract", "abstract1"])
        self.leaves["A"].append(("A", False))
        self.has_b = self.chance(0.5)
        if self.has_b:
            self.b_mult = self.pick(["", "", "", "one ", "some ", "lone "])
            if self.b_mult:
                self.feat("sig_mult")
            if self.b_mult in ("one ", "lone "):
                self.lone_or_one.add("B")
            self.leaves["B"].append(("B", False))

        # static fields on A
        if self.has_b and self.chance(0.45):
            m = self.pick(["set", "lone", "one"])
            a_fields.append(f"f: {m} B")
            self.rels.append(Rel("f", "A", "B", False))
            self.feat("static_field")
        if self.chance(0.3):
            m = self.pick(["set", "lone"])
            a_fields.append(f"g: {m} A")
            self.rels.append(Rel("g", "A", "A", False))
            self.feat("static_field")
        if self.has_b and self.chance(0.1):
            a_fields.append("h: A -> B")
            self.ternary.append(("h", "A", "A", "B", False))
            self.feat("static_field", "ternary")

        # var sigs
        self.var_sigs = []
        v_style = self.pick(["top", "top", "in_A", "in_A", "top"])
        if v_style == "top":
            self.v_type = "V"
            self.var_sigs.append(("var sig V", "V"))
            self.feat("var_sig")
        else:
            self.v_type = "A"
            self.var_sigs.append(("var sig V in A", "A"))
            self.feat("var_subset_sig")
        self.leaves[self.v_type].append(("V", True))
        self.has_w = self.chance(0.25)
        if self.has_w:
            if self.has_b and self.chance(0.3):
                self.var_sigs.append(("var sig W in B", "B"))
                self.leaves["B"].append(("W", True))
                self.feat("var_subset_sig")
            elif self.chance(0.5):
                self.var_sigs.append(("var sig W in A", "A"))
                self.leaves["A"].append(("W", True))
                self.feat("var_subset_sig")
            else:
                self.var_sigs.append(("var sig W", "W"))
                self.leaves["W"].append(("W", True))
                self.feat("var_sig")

        # var fields on A
        if self.chance(0.45):
            m = self.pick(["set", "lone", "set"])
            a_fields.append(f"var r: {m} A")
            self.rels.append(Rel("r", "A", "A", True))
            self.feat("var_field")
        if self.has_b and self.chance(0.2):
            a_fields.append(f"var s: {self.pick(['set', 'lone', 'one'])} B")
            self.rels.append(Rel("s", "A", "B", True))
            self.feat("var_field")
        if self.has_b and self.chance(0.08):
            a_fields.append("var t: A -> lone B")
            self.ternary.append(("t", "A", "A", "B", True))
            self.feat("var_field", "ternary")
        # var fields on the var sig V (only when it is its own top-level sig)
        if self.v_type == "V" and self.chance(0.35):
            m = self.pick(["set", "lone"])
            tgt = self.pick(["A", "V"])
            v_fields.append(f"var m: {m} {tgt}")
            self.rels.append(Rel("m", "V", tgt, True))
            self.feat("var_field_on_var_sig")

        # declarations
        if a_style == "plain":
            self.decls.append(f"sig A {{ {', '.join(a_fields)} }}" if a_fields else "sig A {}")
        else:
            self.decls.append(f"abstract sig A {{ {', '.join(a_fields)} }}" if a_fields
                              else "abstract sig A {}")
            if a_style == "abstract":
                self.decls.append("sig A1, A2 extends A {}")
            else:
                self.decls.append("one sig A1 extends A {}")
                self.decls.append("sig A2 extends A {}")
            self.leaves["A"].append(("A1", False))
            self.leaves["A"].append(("A2", False))
            self.feat("abstract_extends")
        if self.has_b:
            self.decls.append(f"{self.b_mult}sig B {{ {', '.join(b_fields)} }}" if b_fields
                              else f"{self.b_mult}sig B {{}}")
        for text, _ in self.var_sigs:
            if text == "var sig V" and v_fields:
                self.decls.append(f"var sig V {{ {', '.join(v_fields)} }}")
            else:
                self.decls.append(text + " {}")

        self.types = sorted(t for t in self.leaves if self.leaves[t])

    # ---- expressions -----------------------------------------------------------------

    def var_leaves(self):
        return [(t, x) for t in self.types for x, v in self.leaves[t] if v]

    def uexpr(self, t, d, env, prefer_var=True):
        """A unary expression of type t."""
        leaves = [x for x, v in self.leaves[t]]
        var_leaves = [x for x, v in self.leaves[t] if v]
        bound = [n for n, ty in env if ty == t]
        opts = [(3, lambda: self.pick(leaves))]
        if var_leaves and prefer_var:
            opts.append((4, lambda: self.pick(var_leaves)))
        if bound:
            opts.append((4, lambda: self.pick(bound)))
        if var_leaves:
            opts.append((2, lambda: self.pick(var_leaves) + "'"))
        if d > 0:
            into = [rl for rl in self.rels if rl.rng == t]
            outof = [rl for rl in self.rels if rl.dom == t]
            opts.append((2, lambda: f"({self.uexpr(t, d - 1, env)} {self.pick(['+', '&', '-'])} "
                                    f"{self.uexpr(t, d - 1, env)})"))
            if into:
                opts.append((4, lambda: self.join_into(t, d, env, into)))
            if outof:
                opts.append((2, lambda: self.join_outof(t, d, env, outof)))
            opts.append((2, lambda: self.prime(self.uexpr(t, d - 1, env))))
            tern = [x for x in self.ternary if x[3] == t]
            if tern:
                opts.append((1, lambda: self.ternary_join(d, env, self.pick(tern))))
        return self.weighted(opts)

    def prime(self, e):
        self.feat("prime")
        if e.replace("_", "").isalnum():
            return e + "'"
        return f"({e})'"

    def rel_text(self, rl):
        """The relation itself, maybe primed, maybe closed."""
        text = rl.text
        x = self.r.random()
        if rl.var and x < 0.3:
            self.feat("prime")
            return text + "'"
        if rl.dom == rl.rng and x < 0.45:
            self.feat("closure")
            return self.pick(["^", "*"]) + text
        return text

    def join_into(self, t, d, env, into):
        rl = self.pick(into)
        left = self.uexpr(rl.dom, d - 1, env)
        form = self.r.random()
        if form < 0.15 and rl.var:
            # (x.r)' : the whole join at the next state
            self.feat("prime_of_join")
            return f"({left}.{rl.text})'"
        return f"{left}.{self.rel_text(rl)}"

    def join_outof(self, t, d, env, outof):
        rl = self.pick(outof)
        right = self.uexpr(rl.rng, d - 1, env)
        return f"{self.rel_text(rl)}.{right}"

    def ternary_join(self, d, env, tern):
        name, owner, mid, rng, var = tern
        x = self.uexpr(owner, d - 1, env)
        y = self.uexpr(mid, d - 1, env)
        return f"{y}.({x}.{name}{self.pick([chr(39), '']) if var else ''})"

    def bexpr(self, d, env):
        """A binary expression; returns (text, dom, rng)."""
        opts = []
        if self.rels:
            def plain():
                rl = self.pick(self.rels)
                return self.rel_text(rl), rl.dom, rl.rng

            def transpose():
                rl = self.pick(self.rels)
                return "~" + rl.text, rl.rng, rl.dom

            def union():
                rl = self.pick(self.rels)
                same = [x for x in self.rels if x.dom == rl.dom and x.rng == rl.rng]
                rl2 = self.pick(same)
                op = self.pick(["+", "&", "-"])
                e = f"({rl.text} {op} {rl2.text})"
                if (rl.var or rl2.var) and self.chance(0.4):
                    self.feat("prime_of_union")
                    e = e + "'"
                return e, rl.dom, rl.rng
            opts += [(4, plain), (1, transpose), (2, union)]

        def product():
            a = self.pick(self.types)
            b = self.pick(self.types)
            return f"({self.uexpr(a, max(d - 1, 0), env)} -> {self.uexpr(b, max(d - 1, 0), env)})", a, b
        opts.append((1, product))
        return self.weighted(opts)

    # ---- formulas --------------------------------------------------------------------

    def atom(self, env):
        t = self.pick(self.types)
        d = self.pick([0, 0, 1, 1, 2])
        opts = [
            (3, lambda: f"{self.pick(['some', 'no', 'one', 'lone'])} {self.uexpr(t, d, env)}"),
            (3, lambda: f"{self.uexpr(t, d, env)} {self.pick(['in', '=', 'in', '!='])} {self.uexpr(t, d, env)}"),
            (1, lambda: self.card(t, d, env)),
        ]
        bound = [(n, ty) for n, ty in env]
        if bound:
            def member():
                n, ty = self.pick(bound)
                return f"{n} {self.pick(['in', 'not in'])} {self.uexpr(ty, d, env)}"
            opts.append((4, member))
        if self.rels:
            def rel_atom():
                e, a, b = self.bexpr(1, env)
                k = self.r.random()
                if k < 0.5:
                    return f"{self.pick(['some', 'no', 'lone'])} {e}"
                same = [x for x in self.rels if x.dom == a and x.rng == b]
                if same:
                    rl = self.pick(same)
                    return f"{e} {self.pick(['in', '='])} {self.rel_text(rl)}"
                return f"some {e}"
            opts.append((2, rel_atom))
        return self.weighted(opts)

    def card(self, t, d, env):
        self.feat("cardinality")
        return f"#{self.uexpr(t, d, env)} {self.pick(['=', '<', '>', '>=', '=<'])} {self.pick([0, 1, 1, 2, 2, 3])}"

    def formula(self, d, env):
        if d <= 0:
            return self.atom(env)
        opts = [
            (2, lambda: self.atom(env)),
            (1, lambda: f"not {self.paren(self.formula(d - 1, env))}"),
            (3, lambda: f"{self.paren(self.formula(d - 1, env))} "
                        f"{self.pick(['and', 'or', 'implies', 'iff', 'and', 'or'])} "
                        f"{self.paren(self.formula(d - 1, env))}"),
            (5, lambda: self.unary_temporal(d, env)),
            (3, lambda: self.binary_temporal(d, env)),
            (1, lambda: self.seq(d, env)),
            (3, lambda: self.quant(d, env)),
            (1, lambda: self.let(d, env)),
        ]
        if self.pred_param is not None and any(ty == self.pred_param for _, ty in env):
            opts.append((2, lambda: self.call(env)))
        return self.weighted(opts)

    def paren(self, f):
        return f"({f})"

    def unary_temporal(self, d, env):
        op = self.pick(UNARY_TEMPORAL)
        self.feat(op)
        return f"{op} {self.paren(self.formula(d - 1, env))}"

    def binary_temporal(self, d, env):
        op = self.pick(BINARY_TEMPORAL)
        self.feat(op)
        return f"{self.paren(self.formula(d - 1, env))} {op} {self.paren(self.formula(d - 1, env))}"

    def seq(self, d, env):
        self.feat("seq_op")
        return f"({self.paren(self.formula(d - 1, env))} ; {self.paren(self.formula(d - 1, env))})"

    def quant(self, d, env):
        q = self.pick(["all", "some", "no", "lone", "one", "all", "some"])
        t = self.pick(self.types)
        dom_opts = [x for x, v in self.leaves[t]]
        dom = self.pick(dom_opts)
        if any(v for x, v in self.leaves[t]) and self.chance(0.5):
            dom = self.pick([x for x, v in self.leaves[t] if v])
            if self.chance(0.35):
                dom = dom + "'"
                self.feat("primed_quant_domain")
            else:
                self.feat("var_quant_domain")
        x = self.fresh("x")
        disj = ""
        if q in ("all", "some") and self.chance(0.15):
            y = self.fresh("x")
            self.feat("disj")
            body = self.formula(d - 1, env + [(x, t), (y, t)])
            return f"{q} disj {x}, {y}: {dom} | {self.paren(body)}"
        body = self.formula(d - 1, env + [(x, t)])
        self.feat("quantifier")
        return f"{q} {x}: {dom} | {self.paren(body)}"

    def let(self, d, env):
        self.feat("let")
        t = self.pick(self.types)
        e = self.uexpr(t, 1, env)
        n = self.fresh("l")
        return f"let {n} = {e} | {self.paren(self.formula(d - 1, env + [(n, t)]))}"

    def call(self, env):
        self.feat("pred_call")
        n = self.pick([n for n, ty in env if ty == self.pred_param])
        return f"P[{n}]"

    # ---- small state formulas for templates -------------------------------------------

    def sp(self, env=()):
        """A small formula about the current state that mentions a var sig or field."""
        env = list(env)
        opts = [
            (3, lambda: f"{self.pick(['some', 'no', 'one', 'lone'])} V"),
            (1, lambda: f"#V {self.pick(['=', '>', '<'])} {self.pick([1, 2])}"),
        ]
        if self.has_w:
            opts.append((1, lambda: f"{self.pick(['some', 'no'])} W"))
            if self.var_sig_type("W") == self.v_type:
                opts.append((1, lambda: f"V {self.pick(['in', '=', '!='])} W"))
        if self.v_type == "A":
            opts.append((1, lambda: f"V = A"))
        var_rels = [rl for rl in self.rels if rl.var]
        if var_rels:
            opts.append((2, lambda: f"{self.pick(['some', 'no', 'lone'])} {self.pick(var_rels).text}"))
        return self.weighted(opts)

    def var_sig_type(self, name):
        for t in self.types:
            for x, v in self.leaves[t]:
                if x == name:
                    return t
        return None

    def small(self, d=1):
        """A random formula of depth d over the model, about the current state and later."""
        return self.formula(d, [])

    # ---- templates ---------------------------------------------------------------------

    def template(self):
        """Returns (facts, kind, body) with a template known to be tricky."""
        name, fn = self.pick([
            ("identity", self.t_identity), ("identity", self.t_identity),
            ("identity", self.t_identity),
            ("infinite", self.t_infinite), ("infinite", self.t_infinite),
            ("system", self.t_system), ("system", self.t_system), ("system", self.t_system),
            ("state0", self.t_state0), ("state0", self.t_state0), ("identity", self.t_identity),
            ("primed_domain", self.t_primed_domain),
            ("nested_binary", self.t_nested_binary),
            ("counter", self.t_counter),
            ("precedence", self.t_precedence),
        ])
        self.feat("template", "template_" + name)
        return fn()

    def t_identity(self):
        """check an LTL law (valid → unsat) or a mutation of one (usually invalid → sat)."""
        p, q = self.sp(), self.sp()
        if self.chance(0.3):
            p = self.small(1)
        P, Q = f"({p})", f"({q})"
        laws = [
            (f"always {P}", f"not eventually not {P}"),
            (f"eventually {P}", f"not always not {P}"),
            (f"after not {P}", f"not after {P}"),
            (f"after ({P} and {Q})", f"(after {P}) and (after {Q})"),
            (f"{P} until {Q}", f"{Q} or ({P} and after ({P} until {Q}))"),
            (f"{P} releases {Q}", f"not ((not {P}) until (not {Q}))"),
            (f"{P} since {Q}", f"{Q} or ({P} and before ({P} since {Q}))"),
            (f"{P} triggered {Q}", f"not ((not {P}) since (not {Q}))"),
            (f"once {P}", f"{P} or before once {P}"),
            (f"historically {P}", f"{P} and not before not historically {P}"),
            (f"eventually always {P}", f"eventually always {P} and always eventually {P}"),
            (f"always eventually ({P} or {Q})", f"(always eventually {P}) or (always eventually {Q})"),
            (f"({P} ; {Q})", f"{P} and after {Q}"),
            (f"always ({P} implies once {P})", f"always ({Q} or not {Q})"),
            (f"eventually {P}", f"eventually once {P}"),
            (f"after before {P}", f"{P}"),
            (f"before {P}", f"{P} and not {P}"),
            (f"eventually historically {P}", f"{P} and eventually historically {P}"),
        ]
        lhs, rhs = self.pick(laws)
        kind = "check"
        if self.chance(0.5):
            self.feat("mutated")
            swaps = [("always", "eventually"), ("eventually", "always"), ("until", "releases"),
                     ("releases", "until"), ("once", "historically"), ("historically", "once"),
                     ("since", "triggered"), ("triggered", "since"), ("after", "before"),
                     ("before", "after")]
            side = self.pick([0, 1])
            s = [lhs, rhs][side]
            cands = [(a, b) for a, b in swaps if a + " " in s]
            if cands:
                a, b = self.pick(cands)
                s = s.replace(a + " ", b + " ", 1)
            else:
                s = f"not ({s})"
            if side == 0:
                lhs = s
            else:
                rhs = s
        body = f"({lhs}) iff ({rhs})"
        if self.chance(0.5):
            body = f"always ({body})"
        if self.chance(0.2):
            kind = "run"
            body = f"not ({body})"
        for w in ("always", "eventually", "after", "until", "releases", "since", "triggered",
                  "once", "historically", "before"):
            if w + " " in body:
                self.feat(w)
        facts = []
        if self.chance(0.3):
            facts.append(("", self.small(2)))
        return facts, kind, body

    def t_infinite(self):
        """A var sig or field that must change in one direction forever (unsat in any finite
        scope), or a satisfiable variation of it."""
        var_rels = [rl for rl in self.rels if rl.var]
        x = self.pick(["V"] + [rl.text for rl in var_rels])
        shapes = [
            f"always ({x} in {x}' and {x} != {x}')",
            f"always ({x}' in {x} and {x} != {x}')",
            f"always ({x} in {x}') and always eventually ({x} != {x}')",
            f"always ({x}' in {x}) and always eventually ({x} != {x}')",
            f"always (some {x}' - {x})",
            f"always ({x} in {x}') and always eventually some {x} and always eventually no {x}",
            # satisfiable ones
            f"always ({x} in {x}') and eventually ({x} != {x}')",
            f"always eventually some {x} and always eventually no {x}",
            f"always ({x} in {x}' or {x}' in {x}) and always eventually ({x} != {x}')",
            f"always ({x} != {x}')",
            f"eventually always ({x} = {x}') and always eventually some {x}",
            f"always ({x}' = {x}) and always eventually some {x}",
        ]
        body = self.pick(shapes)
        kind = "run"
        if self.chance(0.3):
            kind = "check"
            body = f"not ({body})"
        self.feat("infinite_trace")
        facts = []
        if self.chance(0.3):
            facts.append(("init", self.pick([f"no {x}", f"some {x}"])))
        return facts, kind, body

    def t_system(self):
        """An initial condition and transition facts, then a temporal goal or property."""
        facts = []
        facts.append(("init", self.pick(["no V", "some V", "one V", "lone V"]
                                        + ([f"no {rl.text}" for rl in self.rels if rl.var]))))
        trans = [
            "always (V in V')", "always (V' in V)", "always (some V iff after no V)",
            "always (some V implies V' = V)", "always (lone V' - V)",
            "always (V != V')", "always (V' = V or no V')", "always (no V implies some V')",
            "always (one V implies after no V)", "always (#V' =< #V or no V)",
        ]
        for rl in self.rels:
            if rl.var:
                trans += [f"always ({rl.text} in {rl.text}')", f"always (some {rl.text} implies "
                          f"{rl.text}' != {rl.text})", f"always ({rl.text}' = {rl.text} or no V)"]
        for _ in range(self.pick([1, 1, 2])):
            facts.append(("", self.pick(trans)))
        p, q = self.sp(), self.sp()
        goals = [
            f"eventually always ({p})", f"always eventually ({p})", f"after always ({p})",
            f"eventually (({p}) and after not ({p}))", f"({p}) until ({q})",
            f"({p}) releases ({q})", f"always (({p}) implies once ({q}))",
            f"always (({p}) implies before ({q}))", f"eventually (({p}) since ({q}))",
            f"always (({p}) triggered ({q}))", f"always (({p}) implies after ({q}))",
            f"eventually ({p}) and eventually ({q})", f"always (({q}) implies historically ({p}))",
            f"(eventually always ({p})) and (always eventually ({q}))",
            f"always (after ({p}) implies once ({q}))",
            f"eventually (({p}) and before historically ({q}))",
        ]
        body = self.pick(goals)
        for w in ("always", "eventually", "after", "until", "releases", "since", "triggered",
                  "once", "historically", "before"):
            if w + " " in body:
                self.feat(w)
        kind = self.pick(["run", "check"])
        self.feat("lasso")
        return facts, kind, body

    def t_state0(self):
        """Past operators at the first state (where before is false and once is now)."""
        p, q = self.sp(), self.sp()
        shapes = [
            ("run", f"before ({p})"), ("run", f"historically ({p})"),
            ("run", f"once ({p}) and not ({p})"), ("check", f"historically ({p}) implies ({p})"),
            ("check", f"not before ({p})"), ("check", f"always not before ({p})"),
            ("check", f"(({p}) since ({q})) implies ({q})"), ("check", f"({p}) triggered ({q}) iff ({q})"),
            ("run", f"after (before ({p}) and not once ({p}))"), ("run", f"after before before ({p})"),
            ("check", f"once ({p}) iff ({p})"), ("check", f"always (once ({p}) iff ({p}))"),
            ("run", f"({p}) and after (historically ({q}))"),
            ("check", f"after (before ({p}) iff ({p}))"),
        ]
        kind, body = self.pick(shapes)
        self.feat("state0")
        facts = []
        if self.chance(0.3):
            facts.append(("init", self.sp()))
        return facts, kind, body

    def t_primed_domain(self):
        self.feat("primed_quant_domain")
        t = self.v_type
        shapes = [
            ("run", "some x: V' | x not in V"), ("run", "all x: V' | x in V"),
            ("check", "always (V in V') implies always (all x: V | x in V')"),
            ("check", "always (all x: V | after x in V) implies always (V in V')"),
            ("check", "all x: V' | x in V"), ("run", "always (some x: V' | x not in V)"),
            ("check", "(all x: V | after x in V) iff V in V'"),
            ("run", "eventually (no x: V' | x in V) and some V"),
            ("check", "always (all x: V'' | x in V') implies always (V' in V)"),
            ("run", "always (all x: V' | x in V) and eventually (some V and no V')"),
        ]
        kind, body = self.pick(shapes)
        facts = []
        if self.chance(0.4):
            facts.append(("", self.pick(["always (V in V')", "always (V' in V)",
                                          "always (some V)", "always (lone V)"])))
        return facts, kind, body

    def t_nested_binary(self):
        """until / releases / since / triggered with temporal operands on both sides."""
        p, q = self.sp(), self.sp()
        ul = self.pick(["always", "eventually", "after", "once", "historically", "before"])
        ur = self.pick(["always", "eventually", "after", "once", "historically", "before"])
        op = self.pick(BINARY_TEMPORAL)
        body = f"({ul} ({p})) {op} ({ur} ({q}))"
        self.feat(ul, ur, op, "temporal_operands")
        if self.chance(0.4):
            body = self.pick(["always", "eventually", "after"]) + f" ({body})"
        kind = self.pick(["run", "check"])
        facts = []
        if self.chance(0.5):
            facts.append(("init", self.sp()))
        return facts, kind, body

    def t_counter(self):
        """V grows by at most one atom per step: reaching #V = k needs k+1 states, so the
        verdict depends on the steps scope."""
        facts = [("init", "no V"), ("", "always (V in V' and lone V' - V)")]
        k = self.pick([1, 2, 3])
        body = self.pick([f"eventually #V = {k}", f"eventually (#V = {k} and after no V' - V)",
                          f"always (#V < {k})", f"(eventually #V = {k}) and (always eventually V != V')"])
        self.force_overall = 3
        self.force_steps = self.pick(["max", "max", "exactly", "range"])
        self.feat("steps_dependent")
        return facts, self.pick(["run", "run", "check"]), body

    def t_precedence(self):
        """Unparenthesised forms whose parse matters."""
        p, q, s = self.sp(), self.sp(), self.sp()
        shapes = [
            f"always {p} until {q}", f"not {p} until {q}", f"{p} until {q} and {s}",
            f"{p} and {q} ; {s}", f"{p} ; {q} ; {s}", f"eventually {p} releases {q}",
            f"{p} until {q} until {s}", f"{p} implies {q} until {s}", f"after {p} since {q}",
            f"{p} or {q} ; {s}",
        ]
        if self.v_type == "A" or any(rl.dom == self.v_type for rl in self.rels):
            dom_rels = [rl for rl in self.rels if rl.dom == self.v_type and rl.var]
            if dom_rels:
                rl = self.pick(dom_rels)
                shapes += [f"some V.{rl.text}' and no (V.{rl.text})'",
                           f"V.{rl.text}' = (V.{rl.text})'", f"always V.{rl.text}' in (V.{rl.text})'"]
        body = self.pick(shapes)
        self.feat("precedence")
        for w in ("always", "eventually", "after", "until", "releases", "since"):
            if w + " " in body:
                self.feat(w)
        if ";" in body:
            self.feat("seq_op")
        return [], self.pick(["run", "check"]), body

    # ---- scopes ----------------------------------------------------------------------

    def scope_text(self):
        """Returns (text, min_steps, max_steps) as Alloy 6 resolves them."""
        overall = getattr(self, "force_overall", None) or self.pick([1, 2, 2, 3, 3])
        style = getattr(self, "force_steps", None) or self.pick(
            ["default", "max", "max", "max", "max", "exactly", "range", "range", "same"])
        parts = []
        if style == "default":
            lo, hi = 1, 10
            self.feat("steps_default")
        elif style == "max":
            hi = self.pick([1, 2, 3, 3, 4, 4, 5, 6])
            lo = 1
            parts.append(f"{hi} steps")
            self.feat("steps_max")
        elif style == "exactly":
            hi = lo = self.pick([1, 2, 3, 4, 5])
            parts.append(f"exactly {hi} steps")
            self.feat("steps_exactly")
        elif style == "range":
            lo = self.pick([1, 1, 2, 3])
            hi = lo + self.pick([1, 2, 3])
            parts.append(f"{lo}..{hi} steps")
            self.feat("steps_range")
        else:  # "K..K steps" is exact
            hi = lo = self.pick([2, 3, 4])
            parts.append(f"{hi}..{hi} steps")
            self.feat("steps_range_same")
        if self.has_b and "B" not in self.lone_or_one and self.chance(0.3):
            ex = "exactly " if self.chance(0.3) else ""
            parts.append(f"{ex}{self.pick([1, 2, 3])} B")
        if parts:
            return f"for {overall} but {', '.join(parts)}", lo, hi
        return f"for {overall}", lo, hi

    # ---- the model -------------------------------------------------------------------

    def model(self):
        self.signature()
        self.pred_param = None
        pred_text = None
        if self.chance(0.25):
            # a pred with a parameter, called from formulas and maybe from the command
            param = self.pick(self.types)
            self.feat("pred_param")
            body = self.formula(self.pick([1, 2]), [("p", param)])  # no recursive calls
            self.pred_param = param
            pred_text = f"pred P[p: {self.pred_param}] {{ {body} }}"

        templated = self.chance(0.5)
        if templated:
            facts, kind, body = self.template()
        else:
            self.feat("random")
            kind = "check" if self.chance(0.5) else "run"
            body = self.formula(self.pick([2, 3, 3, 4]), [])
            facts = []
            for _ in range(self.pick([0, 1, 1, 2, 2])):
                f = self.formula(self.pick([1, 2, 2]), [])
                if self.chance(0.5):
                    f = f"always ({f})"
                facts.append(("", f))
        scope, lo, hi = self.scope_text()

        lines = list(self.decls)
        if pred_text:
            lines.append(pred_text)
        for name, f in facts:
            self.feat("fact")
            if name:
                self.feat("fact_" + name)
            lines.append(f"fact {name + ' ' if name else ''}{{ {f} }}")
        self.feat(kind)
        style = self.r.random()
        if pred_text and kind == "run" and style < 0.3 and not templated:
            # run the parameterised pred itself: its parameter is existentially quantified
            self.feat("run_pred_param")
            lines.append(f"run P {scope}")
        elif kind == "run" and style < 0.6:
            self.feat("named_pred")
            lines.append(f"pred show {{ {body} }}")
            lines.append(f"run show {scope}")
        elif kind == "run":
            lines.append(f"run {{ {body} }} {scope}")
        else:
            lines.append(f"assert claim {{ {body} }}")
            lines.append(f"check claim {scope}")
        return "\n".join(lines) + "\n", kind, lo, hi


def make_model(seed, i):
    rng = random.Random(seed * 1_000_003 + i)
    g = Gen(rng)
    text, kind, lo, hi = g.model()
    return text, kind, lo, hi, sorted(g.features)


# --------------------------------------------------------------------------------------
# Running Alloy
# --------------------------------------------------------------------------------------

class AlloyWorker:
    """One JVM running TemporalBatch; jobs go in on stdin, answers come out on stdout."""

    def __init__(self, classdir, jar):
        self.classdir, self.jar = classdir, jar
        self.proc = None

    def start(self):
        self.proc = subprocess.Popen(
            ["java", "-Xss16m", "-Xmx2g", "-cp", f"{self.jar}:{self.classdir}", "TemporalBatch"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def stop(self):
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            self.proc = None

    def solve(self, path):
        if self.proc is None:
            self.start()
        self.proc.stdin.write(f"{path}\t{COUNT_CAP}\t{COUNT_MS}\n")
        self.proc.stdin.flush()
        ready, _, _ = select.select([self.proc.stdout], [], [], JOB_TIMEOUT)
        if not ready:
            self.stop()
            return {"status": "timeout"}
        line = self.proc.stdout.readline()
        if not line:
            self.stop()
            return {"status": "error", "message": "the JVM died"}
        cols = line.rstrip("\n").split("\t")
        if cols[0] != "ok":
            return {"status": "error", "message": "\t".join(cols[1:])}
        # cols: ok, SAT|UNSAT, len, loop, count ("-N" = gave up after N), ms, min, max, command
        return {"status": "ok", "verdict": cols[1].lower(),
                "trace_length": int(cols[2]) if cols[2] != "-" else None,
                "loop_state": int(cols[3]) if cols[3] != "-" else None,
                "count": int(cols[4]) if cols[4].isdigit() else None,
                "ms": int(cols[5]), "min_steps": int(cols[6]), "max_steps": int(cols[7]),
                "command": cols[8]}


def compile_batch(jar):
    out = tempfile.mkdtemp(prefix="temporal-golden-")
    subprocess.run(["javac", "-cp", jar, "-d", out, BATCH_SRC], check=True)
    return out


def solve_all(models, jar=ALLOY_JAR, jobs=2, cache_path=DEFAULT_CACHE, progress_every=50):
    """Solve models (tuples whose items 1 and 2 are path and text) through the cache."""
    cache = {}
    if os.path.exists(cache_path):
        with open(cache_path) as fh:
            cache = json.load(fh)

    classdir = compile_batch(jar)
    workers = queue.Queue()
    for _ in range(jobs):
        workers.put(AlloyWorker(classdir, jar))
    lock = threading.Lock()

    def work(m):
        path, text = m[1], m[2]
        key = hashlib.sha256(text.encode()).hexdigest()
        with lock:
            hit = cache.get(key)
        if hit is not None:
            return m, hit
        w = workers.get()
        try:
            res = w.solve(path)
        finally:
            workers.put(w)
        with lock:
            cache[key] = res
        return m, res

    start = time.time()
    results = []
    with ThreadPoolExecutor(max_workers=jobs) as ex:
        for m, out in ex.map(work, models):
            results.append((m, out))
            if len(results) % progress_every == 0:
                print(f"{len(results)}/{len(models)} ({time.time() - start:.0f} s)", file=sys.stderr)
                with lock, open(cache_path, "w") as fh:
                    json.dump(cache, fh)
    while not workers.empty():
        workers.get().stop()
    shutil.rmtree(classdir, ignore_errors=True)
    with open(cache_path, "w") as fh:
        json.dump(cache, fh)
    return results


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--models", type=int, default=606)
    ap.add_argument("--seed", type=int, default=2025)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--jar", default=ALLOY_JAR)
    ap.add_argument("--cache", default=DEFAULT_CACHE)
    ap.add_argument("--no-solve", action="store_true")
    args = ap.parse_args()

    os.makedirs(CASES, exist_ok=True)
    for f in os.listdir(CASES):
        if f.endswith(".als"):
            os.remove(os.path.join(CASES, f))

    written = []
    for i in range(args.models):
        text, kind, lo, hi, feats = make_model(args.seed, i)
        name = f"t{i:04d}.als"
        path = os.path.join(CASES, name)
        with open(path, "w") as fh:
            fh.write(text)
        written.append((name, path, text, kind, lo, hi, feats))
    if args.no_solve:
        print(f"wrote {len(written)} models")
        return

    start = time.time()
    results = solve_all(written, args.jar, args.jobs, args.cache)

    kept = dropped = 0
    reasons = collections.Counter()
    with open(MANIFEST, "w") as fh:
        for (name, path, text, kind, lo, hi, feats), out in results:
            if out["status"] != "ok":
                dropped += 1
                msg = out.get("message") or out.get("status") or ""
                reasons[msg.split(" ", 1)[-1][:70]] += 1
                print(f"dropped {name}: {out.get('status')}: {msg[:200]}", file=sys.stderr)
                os.remove(path)
                continue
            if (out["min_steps"], out["max_steps"]) != (lo, hi):
                print(f"note {name}: generator expected steps {lo}..{hi}, Alloy resolved "
                      f"{out['min_steps']}..{out['max_steps']}", file=sys.stderr)
            kept += 1
            fh.write(json.dumps({
                "file": "cases/" + name,
                "command": out["command"],
                "kind": kind,
                "verdict": out["verdict"],
                "min_steps": out["min_steps"],
                "max_steps": out["max_steps"],
                "trace_length": out["trace_length"],
                "loop_state": out["loop_state"],
                "count": out["count"],
                "features": feats,
            }) + "\n")
    for why, n in reasons.most_common():
        print(f"  {n:4d} × {why}", file=sys.stderr)
    print(f"kept {kept}, dropped {dropped}, {time.time() - start:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
