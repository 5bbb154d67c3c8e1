#!/usr/bin/env python3
"""Generate small random Alloy models that exercise integers, and solve them with Alloy 6.

    python3 tests/int-golden/generate.py [--models N] [--seed S] [--jobs J] [--jar ALLOY_JAR]
                                         [--cache FILE] [--no-solve]

Writes `cases/iNNNN.als` (one command each) and `manifest.jsonl` next to this script.
Every verdict in the manifest is computed by Alloy 6 (the core of /work/alloy-build's
`alloy.jar`, driven by `AlloyBatch.java` next to this script, which makes the same calls as
that build's `alloy solve`), in two modes: wrap-around (Alloy's default) and
`noOverflow = true` (Alloy's "prevent overflows", `alloy solve --overflow`). Nothing here
runs solder.

Deterministic: model i is generated from `random.Random(seed * 1_000_003 + i)`, so the same
seed and count give byte-identical models. Standard library only (plus `javac`/`java` to
run Alloy). Models that Alloy rejects are dropped (their file is deleted; none with the
default seed and count).

Alloy's answers are cached (by the model's text and the mode) in a file outside the
repository (`--cache`, default in the system's temporary directory), so that a re-run after
an interruption or a generator change only solves what is new; the test does not need it.
"""

import argparse
import collections
import hashlib
import json
import os
import queue
import random
import re
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
DEFAULT_CACHE = os.path.join(tempfile.gettempdir(), "int-golden-alloy-cache.json")
ALLOY_JAR = "/work/alloy-build/alloy.jar"
BATCH_SRC = os.path.join(HERE, "AlloyBatch.java")

# The raw instance count is recorded only when Alloy finishes enumerating below this cap
# and the command (translation, solving, enumeration) takes less than COUNT_MS milliseconds.
COUNT_CAP = 10000
COUNT_MS = 5000
# A job (one model, one mode) that gets no answer within this many seconds is dropped.
JOB_TIMEOUT = 300


# --------------------------------------------------------------------------------------
# The model generator
# --------------------------------------------------------------------------------------

CMP_OPS = ["<", ">", "=<", "<=", ">=", "=", "!="]
NEG_CMP_OPS = ["!<", "!>", "!>=", "!<=", "not <", "not >", "not =<", "not >=", "not ="]
ARITH = ["plus", "minus", "mul", "div", "rem"]
ARITH_UTIL = ["add", "sub"]  # util/integer names
FUN_SLASH = {"plus": "add", "minus": "sub", "mul": "mul", "div": "div", "rem": "rem"}
UTIL_PREDS1 = ["pos", "neg", "zero", "nonneg", "nonpos"]
UTIL_PREDS2 = ["eq", "gt", "lt", "gte", "lte"]


class Field:
    def __init__(self, owner, name, shape, target):
        self.owner = owner  # "A" or "B"
        self.name = name
        self.shape = shape  # "one" | "lone" | "set" | "ternary" | "rel"
        self.target = target  # for ternary: the middle sig; for rel: the target sig


class RandomModel:
    """The random choices both golden generators make (the sequence one subclasses it)."""

    def __init__(self, rng):
        self.r = rng
        self.features = set()
        self.var_counter = 0

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
        self.var_counter += 1
        return f"{prefix}{self.var_counter}"

    def feat(self, *names):
        self.features.update(names)


class Gen(RandomModel):
    def __init__(self, rng):
        super().__init__(rng)
        self.int_quant_depth = 0
        self.sum_depth = 0

    # ---- the model -------------------------------------------------------------------

    def model(self):
        r = self.r
        self.bw = self.pick([2, 3, 3, 4, 4, 4, 5, 5])
        self.max_int_quants = 2 if self.bw == 5 else 3
        self.sigs = ["A"]
        if self.chance(0.4):
            self.sigs.append("B")
        self.scopes = {s: self.pick([1, 2, 2, 3, 3]) for s in self.sigs}
        self.fields = []
        if self.chance(0.6):
            self.fields.append(Field("A", "f", "one", None))
        if self.chance(0.3):
            self.fields.append(Field("A", "g", "set", None))
        if self.chance(0.15):
            self.fields.append(Field("A", "k", "lone", None))
        if self.chance(0.12):
            mid = "B" if "B" in self.sigs else "A"
            self.fields.append(Field("A", "h", "ternary", mid))
        if self.chance(0.2):
            self.fields.append(Field("A", "r", "rel", self.pick(self.sigs)))
        if "B" in self.sigs and self.chance(0.4):
            self.fields.append(Field("B", "v", "one", None))
        for fld in self.fields:
            self.feat("field_" + fld.shape)
        self.has_fun = self.chance(0.12)
        self.has_pred = self.chance(0.12)
        self.open_util = self.chance(0.3)

        if self.chance(0.4):
            body = self.template()
            kind = self.cmd_kind
        else:
            kind = "check" if self.chance(0.45) else "run"
            body = self.formula(self.pick([2, 3, 3, 4]), [])
        facts = []
        nfacts = self.pick([0, 0, 1, 1, 2])
        for _ in range(nfacts):
            facts.append(self.formula(self.pick([1, 2, 2, 3]), []))
        if facts:
            self.feat("fact")

        lines = []
        if self.open_util:
            lines.append("open util/integer")
            self.feat("open_util_integer")
        for s in self.sigs:
            fl = []
            for fld in self.fields:
                if fld.owner != s:
                    continue
                if fld.shape == "one":
                    fl.append(f"{fld.name}: Int")
                elif fld.shape == "lone":
                    fl.append(f"{fld.name}: lone Int")
                elif fld.shape == "set":
                    fl.append(f"{fld.name}: set Int")
                elif fld.shape == "ternary":
                    fl.append(f"{fld.name}: {fld.target} -> Int")
                elif fld.shape == "rel":
                    fl.append(f"{fld.name}: set {fld.target}")
            mult = ""
            if self.chance(0.1):
                mult = self.pick(["some ", "lone "])
                self.feat("sig_mult")
                if mult == "lone ":
                    self.scopes[s] = 1  # Alloy refuses a larger scope for a lone sig
            lines.append(f"{mult}sig {s} {{ {', '.join(fl)} }}" if fl else f"{mult}sig {s} {{}}")
        if self.has_fun:
            self.feat("user_fun")
            x = "p"
            self.has_fun = False  # no recursion
            body_f = self.int_expr(2, [(x, "int")])
            self.has_fun = True
            lines.append(f"fun twist[{x}: Int]: Int {{ {body_f} }}")
        if self.has_pred:
            self.feat("user_pred")
            x = "q"
            self.has_pred = False  # no recursion
            body_p = self.formula(2, [(x, "int")])
            self.has_pred = True
            lines.append(f"pred prop[{x}: Int] {{ {body_p} }}")
        for fct in facts:
            lines.append(f"fact {{ {fct} }}")
        lines.append(f"{kind} {{ {body} }} {self.scope_text()}")
        self.feat(kind)
        return "\n".join(lines) + "\n", kind

    def scope_text(self):
        bw = self.bw
        sA = self.scopes["A"]
        sB = self.scopes.get("B")
        style = self.r.randrange(5)
        if style == 0 and bw == 4 and (sB is None or sB == sA):
            # default bitwidth
            self.feat("default_bitwidth")
            return f"for {sA}"
        if style == 1 and sA == 3 and (sB is None or sB == 3):
            return f"for {bw} Int"
        if style == 2:
            parts = [f"{'exactly ' if self.chance(0.3) else ''}{sA} A"]
            if sB is not None:
                parts.append(f"{'exactly ' if self.chance(0.3) else ''}{sB} B")
            return f"for {bw} Int, " + ", ".join(parts)
        # "for N but ..." forms
        base = max(self.scopes.values())
        parts = [f"{bw} Int"]
        for s in self.sigs:
            if self.scopes[s] != base or self.chance(0.2):
                ex = "exactly " if self.chance(0.3) else ""
                parts.append(f"{ex}{self.scopes[s]} {s}")
        return f"for {base} but " + ", ".join(parts)

    # ---- templates: known overflow-sensitive shapes with random parameters ------------

    def lit_val(self):
        lo, hi = -(1 << (self.bw - 1)), (1 << (self.bw - 1)) - 1
        return self.r.randint(lo, hi)

    def template(self):
        r = self.r
        self.feat("template")
        K = self.pick([1, 1, 2, 3, -1, self.lit_val()])
        op = self.pick(ARITH)
        t = r.randrange(24)
        self.cmd_kind = "check"
        if t == 0:
            self.feat("int_quant", "overflow_pattern")
            return f"all x: Int | x.plus[{K}] > x"
        if t == 1:
            self.cmd_kind = "run"
            self.feat("int_quant", "overflow_pattern")
            return f"some x: Int | x.plus[{K}] < x"
        if t == 2:
            self.feat("sum", "int_field")
            if not any(f.name == "f" for f in self.fields):
                self.fields.append(Field("A", "f", "one", None))
            self.feat("fact")
            lo = self.pick([0, 1, -1])
            self.extra_fact = f"all a: A | a.f >= {lo}"
            return f"(all a: A | a.f >= {lo}) implies (sum a: A | a.f) >= {lo}"
        if t == 3:
            self.feat("int_quant", "nested_int_quant")
            return "all x, y: Int | (x > 0 and y > 0) implies x.plus[y] > 0"
        if t == 4:
            self.feat("int_quant", "mul", "div")
            return f"all x: Int | x.mul[{K}].div[{K}] = x"
        if t == 5:
            self.feat("int_quant", "shift")
            sh = self.pick(["<<", ">>", ">>>"])
            sh2 = self.pick([">>", ">>>", "<<"])
            return f"all x: Int | (x {sh} 1) {sh2} 1 = x"
        if t == 6:
            self.feat("int_quant", "util_integer")
            return f"all x: Int | negate[negate[x]] = x"
        if t == 7:
            self.feat("int_quant", "div", "rem", "mul")
            return f"all x: Int | x.rem[{K}].plus[x.div[{K}].mul[{K}]] = x"
        if t == 8:
            self.cmd_kind = "run"
            self.feat("int_quant", "div")
            return f"some x: Int | x.{self.pick(['div', 'rem'])}[0] {self.pick(CMP_OPS)} {self.lit_val()}"
        if t == 9:
            self.feat("card")
            return f"#Int {self.pick(['>', '=', '!=', '<'])} {self.pick([0, 1, 1 << self.bw])}"
        if t == 10:
            self.cmd_kind = self.pick(["run", "check"])
            self.feat("int_quant", "not_quant")
            inner = f"x.{op}[{K}] {self.pick(CMP_OPS)} x"
            return f"not (all x: Int | {inner})" if self.cmd_kind == "run" else f"not (some x: Int | {inner})"
        if t == 11:
            self.feat("int_quant", "implication_premise")
            return f"(all x: Int | x.plus[{K}] > x) implies {self.pick(['#A > 0', '#A = 0', 'some A', 'no A'])}"
        if t == 12:
            self.cmd_kind = "run"
            self.feat("card", "overflow_pattern")
            return f"(#A).plus[#A] {self.pick(['<', '>', '='])} #A"
        if t == 13:
            self.feat("int_quant", "one_quant")
            self.cmd_kind = self.pick(["run", "check"])
            q = self.pick(["one", "lone", "no"])
            return f"{q} x: Int | x.{op}[{K}] {self.pick(CMP_OPS)} {self.pick(['x', '0', str(K)])}"
        if t == 14:
            self.feat("int_quant", "util_integer")
            fn = self.pick(["larger", "smaller"])
            return f"all x, y: Int | {fn}[x, y] {self.pick(['>=', '=<', '='])} {self.pick(['x', 'y'])}"
        if t >= 16:
            return self.field_template(t - 16, K, op)
        # t == 15: util/integer max / min / next
        self.feat("util_integer")
        return self.pick([
            "all x: Int | x != max implies x.next = x.plus[1]",
            "all x: Int | x.next.prev = x",
            "max.plus[1] = min",
            "min.minus[1] = max",
            "all x: Int | x.prev < x",
            "all x: Int | some x.next",
            "#(Int - max.nexts) = #Int",
            f"max[{K} + {self.lit_val()}] = larger[{K}, {self.lit_val()}]",
        ])

    def need_f(self):
        if not any(f.name == "f" for f in self.fields):
            self.fields.append(Field("A", "f", "one", None))
            self.feat("field_one")
        self.feat("int_field")

    def field_template(self, t, K, op):
        """Overflow-sensitive shapes over an `f: Int` field."""
        c = self.pick(CMP_OPS)
        if t == 0:
            self.need_f()
            return f"all a: A | a.f > 0 implies a.f.plus[a.f] > 0"
        if t == 1:
            self.need_f()
            self.cmd_kind = "run"
            return f"some a: A | a.f.{op}[{K}] {c} a.f"
        if t == 2:
            self.need_f()
            return f"all a, b: A | (a.f > 0 and b.f > 0) implies plus[a.f, b.f] > a.f"
        if t == 3:
            self.need_f()
            self.feat("sum")
            self.cmd_kind = "run"
            return f"(sum a: A | a.f) {c} {self.lit_val()} and (all a: A | a.f {self.pick(['>', '<', '>=', '!='])} {self.pick([0, K])})"
        if t == 4:
            self.feat("card")
            self.cmd_kind = self.pick(["run", "check"])
            return f"#A {c} {self.pick([K, self.scopes['A'], 1 << (self.bw - 1), (1 << (self.bw - 1)) - 1])}"
        if t == 5:
            self.feat("int_quant", "util_integer")
            return f"all x: Int | x < 0 iff negate[x] > 0"
        if t == 6:
            self.feat("int_quant", "div", "util_integer")
            return f"all x: Int | x.div[-1] = negate[x]"
        # t == 7: a fact that sums may overflow, and a claim about it
        self.need_f()
        self.feat("sum", "fact")
        self.extra_fact = f"all a: A | a.f {self.pick(['>', '>=', '<'])} {self.pick([0, 1, K])}"
        return f"(sum a: A | a.f.{op}[{K}]) {c} {self.pick(['0', '#A', 'max', 'min'])}"

    # ---- environments ----------------------------------------------------------------

    @staticmethod
    def vars_of(env, kind):
        return [n for n, k in env if k == kind]

    def fields_of(self, owner=None, shape=None):
        return [f for f in self.fields if (owner is None or f.owner == owner) and (shape is None or f.shape in shape)]

    # ---- integer expressions ---------------------------------------------------------

    def literal(self):
        bw = self.bw
        lo, hi = -(1 << (bw - 1)), (1 << (bw - 1)) - 1
        x = self.r.random()
        if x < 0.6:
            v = self.r.randint(max(lo, -3), min(hi, 3))
        elif x < 0.9:
            v = self.pick([lo, hi, lo + 1, hi - 1])
        else:
            v = self.pick([hi + 1, lo - 1, hi + 2, 1 << bw, (1 << bw) + 1, -(1 << bw) - 1, 100, -33])
            self.feat("literal_out_of_range")
        if v < 0:
            self.feat("negative_literal")
        return str(v)

    def int_leaf(self, env):
        opts = [(3, self.literal)]
        ivars = self.vars_of(env, "int")
        if ivars:
            opts.append((5, lambda: self.pick(ivars)))
        avars = self.vars_of(env, "A")
        ones = self.fields_of("A", ("one",))
        if avars and ones:
            def fa():
                self.feat("int_field")
                return f"{self.pick(avars)}.{self.pick(ones).name}"
            opts.append((4, fa))
        bvars = self.vars_of(env, "B")
        bones = self.fields_of("B", ("one",))
        if bvars and bones:
            def fb():
                self.feat("int_field")
                return f"{self.pick(bvars)}.{self.pick(bones).name}"
            opts.append((3, fb))

        def card():
            self.feat("card")
            return f"#{self.set_leaf(env)}"
        opts.append((2, card))
        if self.open_util or self.chance(0.3):
            def mm():
                self.feat("util_integer", "max_min")
                return self.pick(["max", "min"])
            opts.append((0.5, mm))
        return self.weighted(opts)

    def set_leaf(self, env):
        """A relational (non-integer) set for `#`: a sig, a field image, a variable."""
        opts = [(3, lambda: self.pick(self.sigs))]
        rels = self.fields_of("A", ("rel",))
        avars = self.vars_of(env, "A")
        if rels:
            opts.append((2, lambda: f"A.{self.pick(rels).name}"))
            if avars:
                opts.append((2, lambda: f"{self.pick(avars)}.{self.pick(rels).name}"))
        isets = self.int_set_fields_exprs(env)
        if isets:
            opts.append((3, lambda: self.pick(isets)))
        return self.weighted(opts)

    def int_set_fields_exprs(self, env):
        """Int-valued relational expressions built from fields."""
        out = []
        avars = self.vars_of(env, "A")
        bvars = self.vars_of(env, "B")
        for f in self.fields:
            if f.shape in ("one", "lone", "set"):
                out.append(f"{f.owner}.{f.name}")
                vs = avars if f.owner == "A" else bvars
                for v in vs:
                    out.append(f"{v}.{f.name}")
            elif f.shape == "ternary":
                out.append(f"{f.target}.(A.{f.name})")
                mids = avars if f.target == "A" else bvars
                for v in avars:
                    for m in mids:
                        out.append(f"{v}.{f.name}[{m}]")
                    out.append(f"{f.target}.({v}.{f.name})")
        return out

    def arith(self, d, env):
        op = self.pick(ARITH + ARITH_UTIL)
        self.feat(op if op in ARITH else "util_add_sub")
        a = self.int_expr(d - 1, env)
        b = self.int_expr(d - 1, env)
        form = self.r.randrange(4)
        if form == 0 or (form == 3 and op not in FUN_SLASH):
            return f"{op}[{a}, {b}]"
        if form == 1 or form == 2:
            self.feat("method_call")
            return f"{self.paren(a)}.{op}[{b}]"
        self.feat("fun_slash")
        return f"({a} fun/{FUN_SLASH[op]} {b})"

    def paren(self, e):
        if re.fullmatch(r"-?[A-Za-z0-9_]+", e) and not e.startswith("-"):
            return e
        return f"({e})"

    def int_expr(self, d, env):
        if d <= 0:
            return self.int_leaf(env)
        opts = [
            (4, lambda: self.int_leaf(env)),
            (6, lambda: self.arith(d, env)),
            (1.5, lambda: self.shift(d, env)),
            (1.5, lambda: self.sum_expr(d, env)),
            (1.5, lambda: self.util_int(d, env)),
            (1, lambda: self.ite_int(d, env)),
            (0.8, lambda: self.let_int(d, env)),
            (1.5, lambda: self.cast_int(d, env)),
            (1, lambda: self.union_as_int(d, env)),
        ]
        if self.has_fun and env is not None:
            opts.append((1, lambda: f"twist[{self.int_expr(d - 1, env)}]"))
        return self.weighted(opts)

    def shift(self, d, env):
        self.feat("shift")
        op = self.pick(["<<", ">>", ">>>"])
        a = self.int_expr(d - 1, env)
        b = self.pick([self.literal(), str(self.r.randint(0, self.bw)), self.int_expr(d - 1, env)])
        return f"({a} {op} {b})"

    def sum_expr(self, d, env):
        if self.sum_depth >= 1:
            return self.int_leaf(env)
        self.feat("sum")
        self.sum_depth += 1
        try:
            x = self.r.random()
            if x < 0.6:
                s = self.pick(self.sigs)
                v = self.fresh(s.lower())
                body = self.int_expr(d - 1, env + [(v, s)])
                return f"(sum {v}: {s} | {body})"
            v = self.fresh("n")
            bound = self.int_set(max(d - 2, 0), env)
            self.feat("sum_over_ints")
            body = self.int_expr(d - 1, env + [(v, "int")])
            return f"(sum {v}: {bound} | {body})"
        finally:
            self.sum_depth -= 1

    def util_int(self, d, env):
        self.feat("util_integer")
        x = self.r.randrange(6)
        if x == 0:
            return f"negate[{self.int_expr(d - 1, env)}]"
        if x == 1:
            self.feat("method_call")
            return f"{self.paren(self.int_expr(d - 1, env))}.signum"
        if x == 2:
            return f"signum[{self.int_expr(d - 1, env)}]"
        if x == 3:
            fn = self.pick(["larger", "smaller"])
            self.feat("larger_smaller")
            # also with set-valued arguments (possibly empty or several atoms)
            a = self.int_expr(d - 1, env) if self.chance(0.7) else self.int_set(d - 1, env)
            b = self.int_expr(d - 1, env)
            return f"{fn}[{a}, {b}]"
        if x == 4:
            self.feat("max_min")
            return f"{self.pick(['max', 'min'])}[{self.int_set(d - 1, env)}]"
        self.feat("next_prev")
        return f"{self.paren(self.int_expr(d - 1, env))}.{self.pick(['next', 'prev'])}"

    def ite_int(self, d, env):
        self.feat("ite")
        c = self.formula(d - 1, env)
        a = self.int_expr(d - 1, env)
        b = self.int_expr(d - 1, env)
        kw = self.pick(["=>", "implies"])
        return f"(({c}) {kw} {a} else {b})"

    def let_int(self, d, env):
        self.feat("let")
        v = self.fresh("l")
        e = self.int_expr(d - 1, env)
        body = self.int_expr(d - 1, env + [(v, "int")])
        return f"(let {v} = {e} | {body})"

    def cast_int(self, d, env):
        self.feat("cast")
        s = self.int_set(d - 1, env)
        if self.chance(0.6):
            return f"int[{s}]"
        # implicit: a set of Int atoms where a number is expected
        self.feat("implicit_cast")
        return f"({s})"

    def union_as_int(self, d, env):
        self.feat("union_of_ints")
        op = self.pick(["+", "-", "+"])
        return f"({self.int_expr(d - 1, env)} {op} {self.int_expr(d - 1, env)})"

    # ---- sets of Int atoms -----------------------------------------------------------

    def int_set(self, d, env):
        opts = []
        fexprs = self.int_set_fields_exprs(env)
        if fexprs:
            def fe():
                self.feat("int_field")
                return self.pick(fexprs)
            opts.append((5, fe))

        def to_atom():
            self.feat("cast")
            return f"Int[{self.int_expr(max(d - 1, 0), env)}]"
        opts.append((3, to_atom))
        ivars = self.vars_of(env, "int")
        if ivars:
            opts.append((2, lambda: self.pick(ivars)))
        opts.append((1, lambda: self.literal()))
        opts.append((0.4, lambda: "Int"))
        if d > 0:
            def comb():
                self.feat("int_set_ops")
                op = self.pick(["+", "-", "&"])
                return f"({self.int_set(d - 1, env)} {op} {self.int_set(d - 1, env)})"
            opts.append((2, comb))

            def compr():
                self.feat("comprehension")
                if self.int_quant_depth >= self.max_int_quants:
                    return self.int_set(0, env)
                v = self.fresh("c")
                self.int_quant_depth += 1
                try:
                    body = self.formula(d - 1, env + [(v, "int")])
                finally:
                    self.int_quant_depth -= 1
                return f"{{{v}: Int | {body}}}"
            opts.append((1.2, compr))

            def nxt():
                self.feat("next_prev", "util_integer")
                fn = self.pick(["next", "prev", "nexts", "prevs"])
                e = self.int_expr(d - 1, env)
                if fn in ("nexts", "prevs"):
                    return f"{fn}[{e}]"
                return f"{self.paren(e)}.{fn}"
            opts.append((1, nxt))
        return self.weighted(opts)

    # ---- formulas --------------------------------------------------------------------

    def comparison(self, d, env):
        self.feat("compare")
        a = self.int_expr(max(d - 1, 0), env)
        b = self.int_expr(max(d - 1, 0), env)
        if self.chance(0.008):
            # `!=<` is `!` + `=<` to Alloy's lexer; rare, so that a parser that lacks it
            # does not hide the semantics of many models
            op = "!=<"
            self.feat("negated_compare", "not_lte_token")
        elif self.chance(0.2):
            op = self.pick(NEG_CMP_OPS)
            self.feat("negated_compare")
        else:
            op = self.pick(CMP_OPS)
        return f"{a} {op} {b}"

    def set_formula(self, d, env):
        self.feat("int_set_formula")
        x = self.r.randrange(4)
        if x == 0:
            return f"{self.pick(['some', 'no', 'one', 'lone'])} {self.int_set(max(d - 1, 0), env)}"
        if x == 1:
            return f"{self.int_expr(max(d - 1, 0), env)} {self.pick(['in', '!in', 'not in'])} {self.int_set(max(d - 1, 0), env)}"
        if x == 2:
            return f"{self.int_set(max(d - 1, 0), env)} {self.pick(['in', '=', '!='])} {self.int_set(max(d - 1, 0), env)}"
        # `=` between a set of Int atoms and a number
        self.feat("set_eq_int")
        return f"{self.int_set(max(d - 1, 0), env)} {self.pick(['=', '!='])} {self.int_expr(max(d - 1, 0), env)}"

    def util_pred(self, d, env):
        self.feat("util_pred")
        if self.chance(0.5):
            return f"{self.pick(UTIL_PREDS1)}[{self.int_expr(max(d - 1, 0), env)}]"
        return f"{self.pick(UTIL_PREDS2)}[{self.int_expr(max(d - 1, 0), env)}, {self.int_expr(max(d - 1, 0), env)}]"

    def atom_formula(self, d, env):
        opts = [
            (6, lambda: self.comparison(d, env)),
            (2, lambda: self.set_formula(d, env)),
            (1, lambda: self.util_pred(d, env)),
        ]
        if self.has_pred:
            opts.append((1, lambda: f"prop[{self.int_expr(max(d - 1, 0), env)}]"))
        return self.weighted(opts)

    def formula(self, d, env):
        if d <= 0:
            return self.atom_formula(0, env)
        opts = [
            (4, lambda: self.atom_formula(d, env)),
            (2, lambda: self.binary(d, env)),
            (1, lambda: self.negation(d, env)),
            (4, lambda: self.int_quant(d, env)),
            (2, lambda: self.sig_quant(d, env)),
            (0.7, lambda: self.let_formula(d, env)),
            (0.5, lambda: self.ite_formula(d, env)),
        ]
        return self.weighted(opts)

    def binary(self, d, env):
        op = self.pick(["and", "or", "implies", "iff", "&&", "||", "=>", "<=>"])
        if op in ("implies", "=>"):
            self.feat("implies")
        return f"({self.formula(d - 1, env)}) {op} ({self.formula(d - 1, env)})"

    def negation(self, d, env):
        self.feat("not")
        return f"{self.pick(['not', '!'])} ({self.formula(d - 1, env)})"

    def ite_formula(self, d, env):
        self.feat("ite")
        return f"({self.formula(d - 1, env)}) => ({self.formula(d - 1, env)}) else ({self.formula(d - 1, env)})"

    def let_formula(self, d, env):
        self.feat("let")
        v = self.fresh("l")
        e = self.int_expr(d - 1, env)
        return f"(let {v} = {e} | {self.formula(d - 1, env + [(v, 'int')])})"

    def int_quant(self, d, env):
        if self.int_quant_depth >= self.max_int_quants:
            return self.sig_quant(d, env)
        q = self.pick(["all", "all", "some", "some", "no", "one", "lone"])
        self.feat("int_quant")
        if q in ("no", "one", "lone"):
            self.feat("one_quant")
        if self.int_quant_depth > 0:
            self.feat("nested_int_quant")
        two = self.int_quant_depth + 2 <= self.max_int_quants and self.chance(0.25) and q in ("all", "some")
        names = [self.fresh("x")] + ([self.fresh("x")] if two else [])
        bound = "Int"
        if not two and self.chance(0.2):
            bound = self.int_set(1, env)
            self.feat("quant_over_int_set")
        disj = "disj " if two and self.chance(0.3) else ""
        self.int_quant_depth += len(names)
        try:
            body = self.formula(d - 1, env + [(n, "int") for n in names])
        finally:
            self.int_quant_depth -= len(names)
        return f"({q} {disj}{', '.join(names)}: {bound} | {body})"

    def sig_quant(self, d, env):
        q = self.pick(["all", "some", "some", "all", "no", "one", "lone"])
        s = self.pick(self.sigs)
        self.feat("sig_quant")
        v = self.fresh(s.lower())
        return f"({q} {v}: {s} | {self.formula(d - 1, env + [(v, s)])})"


def make_model(seed, i):
    rng = random.Random(seed * 1_000_003 + i)
    g = Gen(rng)
    g.extra_fact = None
    text, kind = g.model()
    if g.extra_fact:
        # a template asked for a fact; insert it before the command
        lines = text.rstrip("\n").split("\n")
        lines.insert(len(lines) - 1, f"fact {{ {g.extra_fact} }}")
        # fields may have been added by the template after the sig line was written
        text = "\n".join(lines) + "\n"
    return text, kind, g.bw, sorted(g.features)


# --------------------------------------------------------------------------------------
# Running Alloy
# --------------------------------------------------------------------------------------

class AlloyWorker:
    """One JVM running AlloyBatch; jobs go in on stdin, answers come out on stdout."""

    def __init__(self, classdir, jar):
        self.classdir, self.jar = classdir, jar
        self.proc = None

    def start(self):
        self.proc = subprocess.Popen(
            ["java", "-Xss16m", "-Xmx1g", "-cp", f"{self.jar}:{self.classdir}", "AlloyBatch"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def stop(self):
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            self.proc = None

    def solve(self, path, overflow):
        if self.proc is None:
            self.start()
        self.proc.stdin.write(f"{path}\t{1 if overflow else 0}\t{COUNT_CAP}\t{COUNT_MS}\n")
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
        # cols: ok, SAT|UNSAT, count ("-N" = gave up after N), ms, command
        return {"status": "ok", "verdict": cols[1].lower(),
                "count": int(cols[2]) if cols[2].isdigit() else None,
                "ms": int(cols[3]), "command": cols[4]}


def compile_batch(jar):
    out = tempfile.mkdtemp(prefix="int-golden-")
    subprocess.run(["javac", "-cp", jar, "-d", out, BATCH_SRC], check=True)
    return out


def solve_all(models, jar=ALLOY_JAR, jobs=2, cache_path=DEFAULT_CACHE, progress_every=50):
    """Solve models with Alloy 6 in both modes, through the answer cache at `cache_path`.

    `models` is a list of tuples whose items 1 and 2 are the model's path and text (the rest
    is passed through). Returns `[(model, {"wrap": answer, "prevent": answer})]` in the
    same order, each answer as `AlloyWorker.solve` gives it. Also used by
    tests/seq-golden/generate.py.
    """
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
        out = {}
        w = workers.get()
        try:
            for mode, ov in (("wrap", False), ("prevent", True)):
                key = hashlib.sha256((text + "\0" + mode).encode()).hexdigest()
                with lock:
                    hit = cache.get(key)
                if hit is not None:
                    out[mode] = hit
                    continue
                res = w.solve(path, ov)
                with lock:
                    cache[key] = res
                out[mode] = res
        finally:
            workers.put(w)
        return m, out

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


def main(make=None, prefix="i", models=600, seed=2024, cases=CASES, manifest=MANIFEST,
         cache=DEFAULT_CACHE):
    """Write the models and solve them; the sequence generator calls this with its own
    model maker, file prefix, defaults and paths."""
    make = make or make_model
    ap = argparse.ArgumentParser()
    ap.add_argument("--models", type=int, default=models)
    ap.add_argument("--seed", type=int, default=seed)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--jar", default=ALLOY_JAR)
    ap.add_argument("--cache", default=cache)
    ap.add_argument("--no-solve", action="store_true")
    args = ap.parse_args()

    os.makedirs(cases, exist_ok=True)
    for f in os.listdir(cases):
        if f.endswith(".als"):
            os.remove(os.path.join(cases, f))

    written = []
    for i in range(args.models):
        text, kind, bw, feats = make(args.seed, i)
        name = f"{prefix}{i:04d}.als"
        path = os.path.join(cases, name)
        with open(path, "w") as fh:
            fh.write(text)
        written.append((name, path, text, bw, feats))
    if args.no_solve:
        print(f"wrote {len(written)} models")
        return

    start = time.time()
    results = solve_all(written, args.jar, args.jobs, args.cache)

    kept = dropped = 0
    reasons = collections.Counter()
    with open(manifest, "w") as fh:
        for (name, path, text, bw, feats), out in results:
            w, p = out["wrap"], out["prevent"]
            if w["status"] != "ok" or p["status"] != "ok":
                dropped += 1
                msg = (w.get("message") or p.get("message") or w.get("status") or "")
                reasons[msg.split(" ", 1)[-1][:60]] += 1
                print(f"dropped {name}: wrap {w.get('status')} prevent {p.get('status')}: "
                      f"{msg[:200]}", file=sys.stderr)
                os.remove(path)
                continue
            kept += 1
            fh.write(json.dumps({
                "file": "cases/" + name,
                "command": w["command"],
                "bitwidth": bw,
                "wrap": w["verdict"],
                "prevent": p["verdict"],
                "wrap_count": w["count"],
                "prevent_count": p["count"],
                "features": feats,
            }) + "\n")
    for why, n in reasons.most_common():
        print(f"  {n:4d} × {why}", file=sys.stderr)
    print(f"kept {kept}, dropped {dropped}, {time.time() - start:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
