#!/usr/bin/env python3
"""Generate small random Alloy models that exercise sequences, and solve them with Alloy 6.

    python3 tests/seq-golden/generate.py [--models N] [--seed S] [--jobs J] [--jar ALLOY_JAR]
                                         [--cache FILE] [--no-solve]

Writes `cases/sNNNN.als` (one command each) and `manifest.jsonl` next to this script, with
the same keys as tests/int-golden/manifest.jsonl. Sequences are Alloy's `seq X`
(util/sequniv): fields `items: seq E`, sequence-valued parameters, top-level quantified
sequences (`some s: seq E | …`), every util/sequniv function in its three call forms
(`s.first`, `first[s]`, `seq/first[s]`), `#s`, `s[i]`, `i.s`, `seq/Int`, `util/ordering`
opened beside them, and templates whose verdict depends on the maximum sequence length or
on integer overflow.

Every verdict in the manifest is computed by Alloy 6, in two modes (integers wrapping
around, and `noOverflow = true`), by the machinery of tests/int-golden/generate.py, which
is imported (`solve_all`: one JVM per job running tests/int-golden/AlloyBatch.java on
/work/alloy-build/alloy.jar, answers cached by the model's text and the mode). Nothing
here runs solder.

Deterministic: model i is generated from `random.Random(seed * 1_000_003 + i)`, so the same
seed and count give byte-identical models. Standard library only (plus `javac`/`java` to
run Alloy). Models that Alloy rejects are dropped (their file is deleted; stderr lists them
with Alloy's message and a tally of the reasons; README.md has the numbers).
"""

import os
import random
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
INT_GOLDEN = os.path.join(os.path.dirname(HERE), "int-golden")
sys.path.insert(0, INT_GOLDEN)
import generate as intgen  # noqa: E402  (tests/int-golden/generate.py)

CASES = os.path.join(HERE, "cases")
MANIFEST = os.path.join(HERE, "manifest.jsonl")
DEFAULT_CACHE = os.path.join(tempfile.gettempdir(), "seq-golden-alloy-cache.json")

CMP_OPS = ["<", ">", "=<", "<=", ">=", "=", "!="]
# templates (SeqGen.template) that overflow with one sequence of the largest integer's
# length, or with two sequences or a sum
OVERFLOW_ONE_SEQ = {1, 3, 6, 9}
OVERFLOW_TWO_SEQS = {4, 22, 24, 25, 26}


def is_path(x):
    """An expression that needs no parentheses before `.name` (a name or a dotted path)."""
    return all(c.isalnum() or c in "._/$" for c in x)


class SeqGen(intgen.RandomModel):
    def __init__(self, rng):
        super().__init__(rng)
        self.extra_facts = []

    def paren(self, x):
        return x if is_path(x) else f"({x})"

    # ---- calls of util/sequniv functions in their three forms -------------------------

    def call(self, fn, recv, args=()):
        """`recv.fn[args]`, `fn[recv, args]` or `seq/fn[recv, args]`."""
        forms = ["method", "method", "call", "qualified"]
        if self.ordering and fn in ("first", "last"):
            # `first[s]` next to util/ordering's `first` is often ambiguous to Alloy
            forms = ["method"] * 5 + ["qualified"] * 4 + ["call"]
        form = self.pick(forms)
        self.feat("fn_" + fn, "form_" + form)
        if form == "method":
            # a bare receiver like `h.items.rest` needs no parentheses; a few chains are left
            # unparenthesised on purpose (`h.items.add[e].last`) to exercise precedence
            rv = recv if is_path(recv) or (self.chance(0.15) and "[" in recv and " " not in recv) else f"({recv})"
            if rv == recv and not is_path(recv):
                self.feat("bare_chain")
            return f"{rv}.{fn}" + (f"[{', '.join(args)}]" if args else "")
        prefix = "seq/" if form == "qualified" else ""
        return f"{prefix}{fn}[{', '.join([recv, *args])}]"

    # ---- the model -------------------------------------------------------------------

    def model(self):
        self.use_template = self.chance(0.45)
        self.t = self.r.randrange(28)
        self.want_full = False
        self.bw = self.pick([None, None, 3, 3, 4, 4, 5])
        if self.use_template and self.t in OVERFLOW_ONE_SEQ and self.chance(0.7):
            # `#s + 1` overflows only when a sequence can be as long as the largest integer
            self.bw, self.want_full = 3, True
        elif self.use_template and self.t in OVERFLOW_TWO_SEQS and self.chance(0.7):
            self.bw, self.want_full = self.pick([3, 3, 4]), True
        self.ebw = self.bw or 4
        self.maxint = (1 << (self.ebw - 1)) - 1
        # sigs: E (maybe abstract, with subsigs F and G), a holder H
        self.subsigs = []
        if self.chance(0.25):
            self.subsigs = self.pick([["F", "G"], ["F"], ["F", "G"]])
            self.feat("subsigs")
        self.e_abstract = bool(self.subsigs) and self.chance(0.4)
        self.ordering = not self.subsigs and self.chance(0.14)
        self.hmult = self.pick(["", "", "", "one ", "one ", "lone ", "some "])
        if self.hmult:
            self.feat("holder_" + self.hmult.strip())
        # fields of H: name -> element base ("E", "F" or "Int"); items is always there
        self.fields = {"items": "E"}
        x = self.r.random()
        if x < 0.28:
            self.fields["s"] = "E"
            self.feat("two_seq_fields")
        elif x < 0.45:
            self.fields["n"] = "Int"
            self.feat("seq_int")
        elif x < 0.6 and self.subsigs:
            self.fields["t"] = "F"
            self.feat("seq_of_subsig")
        self.cur = self.chance(0.15)
        if self.cur:
            self.feat("plain_field")
        self.has_pred = self.chance(0.15)
        self.pred_two = self.chance(0.4)
        self.has_fun = self.chance(0.12)
        self.fun_kind = self.pick(["seq", "seq", "int", "set"])
        self.union_seqs = self.hmult in ("", "some ") and self.chance(0.08)
        self.called_pred = self.called_fun = False
        self.in_sig_fact = False
        self.disj_fields = "s" in self.fields and self.chance(0.3)
        self.sig_fact = self.chance(0.15)

        # scopes
        self.scope_e = self.pick([1, 2, 2, 3, 3, 3])
        self.scope_h = self.pick([1, 2, 2, 3]) if self.hmult in ("", "some ") else 1
        self.scope_text, self.maxseq = self.scopes()
        self.feat(f"maxseq_{self.maxseq}")

        if self.use_template:
            body, kind = self.template()
        else:
            kind = "check" if self.chance(0.45) else "run"
            body = self.top_formula(kind, self.pick([2, 3, 3, 4]))
        facts = []
        for _ in range(self.pick([0, 0, 0, 1, 1, 2])):
            facts.append(self.fact())
        facts += self.extra_facts
        if (self.has_pred and not self.called_pred) or (self.has_fun and not self.called_fun):
            # a template does not call them: a fact does
            h = self.fresh("h")
            q = self.pick(["all", "some"])
            env = [(h, "holder", None)]
            calls = []
            if self.has_pred and not self.called_pred:
                calls.append(self.pred_call(1, env))
            if self.has_fun and not self.called_fun:
                calls.append(self.fun_call(1, env))
            facts.append(f"{q} {h}: H | {' or '.join(calls)}")
        if facts:
            self.feat("fact")

        lines = []
        if self.ordering:
            lines.append("open util/ordering[E]")
            self.feat("ordering")
        lines.append(f"{'abstract ' if self.e_abstract else ''}sig E {{}}")
        if self.subsigs:
            lines.append(f"sig {', '.join(self.subsigs)} extends E {{}}")
        flds = [f"{f}: seq {b}" for f, b in self.fields.items()]
        if self.disj_fields:
            self.feat("disj_fields")
            flds = ["disj items, s: seq E"] + [f for f in flds if not f.startswith(("items:", "s:"))]
        if self.cur:
            flds.append("cur: lone E")
        sig_fact = ""
        if self.sig_fact:
            # a fact appended to the sig: fields named without `this.`
            self.feat("sig_fact")
            # (Alloy reads every field name in it as `this.field`, so `h.items` or `H.items`
            # would be `h.this.items`: the fact names only this holder's fields, bare)
            self.in_sig_fact = True
            sig_fact = f" {{ {self.formula(self.pick([1, 1, 2]), [('', 'holder', None)])} }}"
            self.in_sig_fact = False
        lines.append(f"{self.hmult}sig H {{ {', '.join(flds)} }}{sig_fact}")
        if self.has_pred:
            self.feat("user_pred")
            self.has_pred = False
            two = self.pred_two
            env = [("x", "seq", "E")] + ([("y", "elem", "E")] if two else [])
            body_p = self.formula(2, env)
            self.has_pred = True
            params = "x: seq E, y: E" if two else "x: seq E"
            lines.append(f"pred p[{params}] {{ {body_p} }}")
        if self.has_fun:
            self.feat("user_fun")
            self.has_fun = False
            fenv = [("x", "seq", "E"), ("y", "elem", "E")]
            if self.fun_kind == "seq":
                body_f, ret = self.seq_expr(2, fenv, "E", force_op=True), "seq E"
            elif self.fun_kind == "int":
                body_f, ret = self.int_expr(2, fenv), "Int"
            else:
                body_f, ret = self.call("elems", self.seq_expr(1, fenv, "E", force_op=True)), "set E"
            self.has_fun = True
            lines.append(f"fun f[x: seq E, y: E]: {ret} {{ {body_f} }}")
        for fct in facts:
            lines.append(f"fact {{ {fct} }}")
        if self.chance(0.3):
            # a named assertion / predicate instead of a block
            self.feat("named_command")
            name = "claim" if kind == "check" else "show"
            lines.append(f"{'assert' if kind == 'check' else 'pred'} {name} {{ {body} }}")
            lines.append(f"{kind} {name} {self.scope_text}")
        else:
            lines.append(f"{kind} {{ {body} }} {self.scope_text}")
        self.feat(kind)
        return "\n".join(lines) + "\n", kind

    def scopes(self):
        """The command's scope text and the maximum sequence length it gives (as Alloy
        computes it: `seq` if given, else the overall scope, else 4, clamped to the
        largest integer)."""
        want = self.pick([0, 1, 2, 2, 3, 3, 3, 4, 4, 5])
        if self.want_full:
            want = 5
        want = min(want, self.maxint)
        style = self.r.randrange(4)
        int_part = [f"{self.bw} int"] if self.bw else []
        sig_parts = []

        def sig_scope(name, n, overall):
            if name == "H" and self.hmult in ("one ", "lone "):
                return
            if n != overall or self.chance(0.2):
                ex = "exactly " if self.chance(0.2) and not (self.ordering and name == "E") else ""
                sig_parts.append(f"{ex}{n} {name}")

        if style == 0:
            # `for N [but …]`: the sequence length defaults to N (clamped to the largest int)
            overall = self.pick([want, want, want, 3, 4, 5]) if want > 0 else self.pick([0, 0, 1, 2, 3])
            explicit = min(overall, self.maxint) != want or self.chance(0.15)
            sig_scope("E", self.scope_e, overall)
            sig_scope("H", self.scope_h, overall)
            if overall > self.maxint and not explicit:
                self.feat("seq_clamped")
            parts = int_part + ([f"{want} seq"] if explicit else []) + sig_parts
            text = f"for {overall}" + (f" but {', '.join(parts)}" if parts else "")
            return text, (want if explicit else min(overall, self.maxint))
        if style == 1:
            # `for N but K seq, …`
            overall = self.pick([1, 2, 3, 3])
            sig_scope("E", self.scope_e, overall)
            sig_scope("H", self.scope_h, overall)
            return f"for {overall} but {', '.join(int_part + [f'{want} seq'] + sig_parts)}", want
        # no overall scope: the sequence length defaults to 4 (clamped); sigs default to 3
        # when no sig is given a scope, otherwise every top-level sig needs one
        if self.chance(0.6):
            sig_parts.append(f"{'exactly ' if self.chance(0.2) and not self.ordering else ''}{self.scope_e} E")
            if self.hmult not in ("one ", "lone "):
                sig_parts.append(f"{self.scope_h} H")
        else:
            self.scope_e = 3
            self.scope_h = 3 if self.hmult in ("", "some ") else 1
        default = min(4, self.maxint)
        explicit = want != default or self.chance(0.3)
        if not explicit:
            self.feat("seq_default")
        parts = int_part + ([f"{want} seq"] if explicit else []) + sig_parts
        if not parts:
            parts = [f"{want} seq"]
        self.r.shuffle(parts)
        return f"for {', '.join(parts)}", want

    # ---- environments ----------------------------------------------------------------
    # env entries: (name, kind, base); kind in holder | seq | elem | int

    @staticmethod
    def of(env, kind, base=None):
        return [n for n, k, b in env if k == kind and (base is None or b == base)]

    def seq_leaves(self, env, base):
        """Sequences of `base` ("E" covers seq E and seq F; "Int")."""
        fields = [f for f, b in self.fields.items() if (b == "Int") == (base == "Int")]
        out = []
        for h in self.of(env, "holder"):
            out += [f"{h}.{f}" if h else f for f in fields]
        if self.in_sig_fact:
            pass
        elif self.hmult == "one ":
            out += [f"H.{f}" for f in fields]
        elif self.union_seqs and fields:
            out.append(f"H.{fields[0]}")
            self.feat("union_of_seqs")
        out += [n for n, k, b in env if k == "seq" and ((b == "Int") == (base == "Int"))]
        return out

    def bases(self, env):
        return ["E"] + (["Int"] if self.seq_leaves(env, "Int") else [])

    # ---- sequence expressions --------------------------------------------------------

    def seq_expr(self, d, env, base, force_op=False):
        leaves = self.seq_leaves(env, base)
        if not leaves:
            base = "E"
            leaves = self.seq_leaves(env, "E")
        if not leaves:
            raise RuntimeError("no sequence in scope")
        if d <= 0 or (not force_op and self.chance(0.45)):
            leaf = self.pick(leaves)
            if "." in leaf:
                self.feat("field_access")
            return leaf
        s = lambda: self.seq_expr(d - 1, env, base)  # noqa: E731
        el = lambda: self.elem(d - 1, env, base)  # noqa: E731
        ix = lambda: self.int_expr(d - 1, env, small=True)  # noqa: E731
        opts = [
            (2, lambda: self.call(self.pick(["rest", "butlast"]), s())),
            (3, lambda: self.call("add", s(), [el()])),
            (1.5, lambda: self.call("setAt", s(), [ix(), el()])),
            (2, lambda: self.call("insert", s(), [ix(), el()])),
            (1.5, lambda: self.call("delete", s(), [ix()])),
            (2, lambda: self.call("append", s(), [s()])),
            (1.5, lambda: self.call("subseq", s(), [ix(), ix()])),
        ]
        if self.has_fun and base == "E" and self.fun_kind == "seq":
            def fun():
                self.feat("user_fun_call")
                self.called_fun = True
                a, b = self.seq_expr(d - 1, env, "E"), self.elem(d - 1, env, "E")
                return f"f[{a}, {b}]" if self.chance(0.6) else f"{self.paren(a)}.f[{b}]"
            opts.append((1.5, fun))
        return self.weighted(opts)

    # ---- elements --------------------------------------------------------------------

    def literal(self, lo=-1, hi=None):
        hi = self.maxseq + 1 if hi is None else hi
        x = self.r.random()
        if x < 0.85:
            v = self.r.randint(0, max(0, min(hi, self.maxint)))
        elif x < 0.95:
            v = lo
        else:
            v = self.pick([self.maxint, self.maxint + 1, -self.maxint - 1])
            if v > self.maxint:
                self.feat("literal_out_of_range")
        if v < 0:
            self.feat("negative_literal")
        return str(v)

    def elem(self, d, env, base):
        """An element (usually one atom, sometimes none or several) of sequences of base."""
        if base == "Int":
            opts = [(3, lambda: self.literal()), (1, lambda: self.pick(self.of(env, "int") or ["0"]))]
            if d > 0:
                opts.append((2, lambda: self.call(self.pick(["first", "last"]), self.seq_expr(d - 1, env, "Int"))))
            return self.weighted(opts)
        opts = []
        ev = self.of(env, "elem")
        if ev:
            opts.append((5, lambda: self.pick(ev)))
        sets = ["E"] + self.subsigs

        def sig_set():
            self.feat("elem_set")
            return self.pick(sets)
        opts.append((1, sig_set))
        holders = self.of(env, "holder") + (["H"] if self.hmult == "one " and not self.in_sig_fact else [])
        if self.cur and holders:
            opts.append((1, lambda: (lambda h: f"{h}.cur" if h else "cur")(self.pick(holders))))
        if self.ordering:
            def ordc():
                self.feat("ordering_fn")
                return self.pick(["first", "last", "first.next", "last.prev"])
            opts.append((2, ordc))
        if d > 0:
            opts.append((3, lambda: self.call(self.pick(["first", "last"]), self.seq_expr(d - 1, env, "E"))))
            opts.append((3, lambda: self.index_into(d, env, "E")))
            if self.has_fun and self.fun_kind == "set":
                def fun_set():
                    self.feat("user_fun_call")
                    self.called_fun = True
                    return f"f[{self.seq_expr(d - 1, env, 'E')}, {self.elem(d - 1, env, 'E')}]"
                opts.append((1, fun_set))
        elif not ev:
            opts.append((3, lambda: self.call(self.pick(["first", "last"]), self.pick(self.seq_leaves(env, "E")))))
        return self.weighted(opts)

    def index_into(self, d, env, base):
        """`s[i]` or `i.s`."""
        sq = self.seq_expr(d - 1, env, base)
        i = self.int_expr(d - 1, env, small=True)
        if self.chance(0.7):
            self.feat("index_box")
            return f"{self.paren(sq)}[{i}]"
        self.feat("index_dot")
        return f"{self.paren(i)}.({sq})" if "." in sq or not is_path(sq) else f"{self.paren(i)}.{sq}"

    # ---- integers --------------------------------------------------------------------

    def int_expr(self, d, env, small=False):
        opts = [(3, lambda: self.literal())]
        iv = self.of(env, "int")
        if iv:
            opts.append((3, lambda: self.pick(iv)))

        def card():
            self.feat("card")
            sq = self.seq_expr(max(d - 1, 0), env, self.pick(self.bases(env)))
            return f"#{sq}" if is_path(sq) and self.chance(0.6) else f"#({sq})"
        opts.append((3, card))
        if d > 0:
            def idx_fn():
                base = self.pick(self.bases(env))
                sq = self.seq_expr(d - 1, env, base)
                fn = self.pick(["lastIdx", "afterLastIdx", "lastIdx", "idxOf", "lastIdxOf"])
                if fn in ("idxOf", "lastIdxOf"):
                    return self.call(fn, sq, [self.elem(d - 1, env, base)])
                return self.call(fn, sq)
            opts.append((3, idx_fn))

            def card_set():
                self.feat("card")
                base = self.pick(self.bases(env))
                sq = self.seq_expr(d - 1, env, base)
                fn = self.pick(["elems", "inds", "indsOf"])
                args = [self.elem(d - 1, env, base)] if fn == "indsOf" else []
                return f"#({self.call(fn, sq, args)})"
            opts.append((2, card_set))

            def arith():
                self.feat("arith")
                a, b = self.int_expr(d - 1, env, small), self.int_expr(d - 1, env, small)
                op = self.pick(["plus", "plus", "minus"] + ([] if small else ["mul"]))
                if self.chance(0.5):
                    return f"{self.paren(a)}.{op}[{b}]"
                return f"{op}[{a}, {b}]"
            opts.append((2, arith))
            if self.has_fun and self.fun_kind == "int":
                def fun_int():
                    self.feat("user_fun_call")
                    self.called_fun = True
                    a, b = self.seq_expr(d - 1, env, "E"), self.elem(d - 1, env, "E")
                    return f"f[{a}, {b}]" if self.chance(0.6) else f"{self.paren(a)}.f[{b}]"
                opts.append((1.5, fun_int))
            if self.seq_leaves(env, "Int"):
                def int_elem():
                    self.feat("seq_int_value")
                    sq = self.seq_expr(d - 1, env, "Int")
                    x = self.r.randrange(3)
                    if x == 0:
                        return f"{self.paren(sq)}[{self.int_expr(d - 1, env, small=True)}]"
                    if x == 1:
                        return f"int[{self.call(self.pick(['first', 'last']), sq)}]"
                    self.feat("sum")
                    v = self.fresh("i")
                    sq2 = self.pick(self.seq_leaves(env, "Int"))
                    return f"(sum {v}: {sq2}.inds | {sq2}[{v}])"
                opts.append((4, int_elem))
        return self.weighted(opts)

    # ---- formulas --------------------------------------------------------------------

    def atom(self, d, env):
        dd = max(d - 1, 0)
        base = self.pick(self.bases(env))

        def cmp():
            self.feat("compare")
            return f"{self.int_expr(dd + 1, env)} {self.pick(CMP_OPS)} {self.int_expr(dd + 1, env)}"

        def seq_cmp():
            self.feat("seq_compare")
            op = self.pick(["=", "=", "!=", "in"])
            return f"{self.seq_expr(dd + 1, env, base)} {op} {self.seq_expr(dd + 1, env, base)}"

        def seq_pred():
            fn = self.pick(["isEmpty", "hasDups", "hasDups", "isSeq"])
            sq = self.seq_expr(dd + 1, env, base)
            if fn == "isSeq":
                f = f"seq/isSeq[{sq}]" if self.chance(0.7) else self.call("isSeq", sq)
                self.feat("fn_isSeq")
            else:
                f = self.call(fn, sq)
            return f"{self.pick(['not ', '!'])}{f}" if self.chance(0.3) else f

        def mult():
            self.feat("seq_mult")
            return f"{self.pick(['some', 'no', 'one', 'lone'])} {self.seq_expr(dd, env, base)}"

        def member():
            self.feat("membership")
            x = self.r.randrange(7)
            if x == 0:
                return f"{self.elem(dd, env, base)} in {self.call('elems', self.seq_expr(dd, env, base))}"
            if x == 1:
                return f"{self.call('elems', self.seq_expr(dd, env, base))} in {self.call('elems', self.seq_expr(dd, env, base))}"
            if x == 2:
                if base == "Int":
                    return f"{self.call('elems', self.seq_expr(dd, env, base))} in {self.pick(['0 + 1', '1 + 2', 'Int'])}"
                return f"{self.call('elems', self.seq_expr(dd, env, base))} {self.pick(['=', 'in'])} {self.pick(['E'] + self.subsigs)}"
            if x == 3:
                return f"{self.int_expr(dd, env, small=True)} in {self.call('inds', self.seq_expr(dd, env, base))}"
            if x == 4:
                self.feat("seq_int_set")
                return f"{self.call('inds', self.seq_expr(dd, env, base))} {self.pick(['=', 'in'])} {self.pick(['seq/Int', 'seq/Int', '0 + 1', '0'])}"
            if x == 5:
                return f"{self.elem(dd + 1, env, base)} {self.pick(['=', '!=', 'in'])} {self.elem(dd + 1, env, base)}"
            self.feat("indsOf")
            return f"{self.call('indsOf', self.seq_expr(dd, env, base), [self.elem(dd, env, base)])} {self.pick(['=', 'in'])} {self.call('inds', self.seq_expr(dd, env, base))}"

        def rel():
            self.feat("seq_as_relation")
            sq = self.seq_expr(dd, env, base)
            el = "Int" if base == "Int" else self.pick(["E"] + self.subsigs)
            return self.pick([
                f"{sq} in seq/Int -> {el}",
                f"{sq} in Int -> lone {el}",
                f"seq/Int <: {self.paren(sq)} = {sq}",
                f"{self.paren(sq)}.{el} = {self.call('inds', sq)}",
                f"{self.paren(sq)} :> {el} = {sq}",
                f"{self.call('inds', sq)} in seq/Int",
            ])

        opts = [(5, cmp), (2, seq_cmp), (2, seq_pred), (1, mult), (3, member), (0.8, rel)]
        if self.has_fun:
            opts.append((1.5, lambda: self.fun_call(dd, env)))
        if self.has_pred:
            opts.append((2.5, lambda: self.pred_call(dd, env)))
        if self.ordering:
            def ordf():
                self.feat("ordering_fn")
                sq = self.seq_expr(dd, env, "E")
                x = self.r.randrange(4)
                if x == 0:
                    return f"{self.call(self.pick(['first', 'last']), sq)} = {self.pick(['first', 'last'])}"
                if x == 1:
                    v = self.fresh("i")
                    return (f"(all {v}: {self.call('inds', sq)} - {self.call('lastIdx', sq)} | "
                            f"lt[{self.paren(sq)}[{v}], {self.paren(sq)}[{v}.plus[1]]])")
                if x == 2:
                    return f"{self.pick(['first', 'last', 'first.next'])} in {self.call('elems', sq)}"
                e = self.of(env, "elem")
                if e:
                    return f"{self.pick(e)}.{self.pick(['next', 'prev'])} = {self.call(self.pick(['first', 'last']), sq)}"
                return f"{self.call('elems', sq)} = {self.pick(['first', 'last'])}.{self.pick(['nexts', 'prevs'])}"
            opts.append((3, ordf))
        return self.weighted(opts)

    def pred_call(self, d, env):
        self.feat("user_pred_call")
        self.called_pred = True
        sq = self.seq_expr(d, env, "E")
        args = [self.elem(d, env, "E")] if self.pred_two else []
        if self.chance(0.6):
            return f"p[{', '.join([sq, *args])}]"
        return f"{self.paren(sq)}.p" + (f"[{args[0]}]" if args else "")

    def fun_call(self, d, env):
        """`f[s, e]` or `s.f[e]`, as a formula whatever f returns."""
        self.feat("user_fun_call")
        self.called_fun = True
        a, b = self.seq_expr(d, env, "E"), self.elem(d, env, "E")
        c = f"f[{a}, {b}]" if self.chance(0.6) else f"{self.paren(a)}.f[{b}]"
        if self.fun_kind == "seq":
            return self.pick([f"#{self.paren(c)} {self.pick(CMP_OPS)} {self.int_expr(d, env, small=True)}",
                              f"{c} {self.pick(['=', 'in', '!='])} {self.seq_expr(d, env, 'E')}",
                              f"seq/isSeq[{c}]"])
        if self.fun_kind == "int":
            return f"{c} {self.pick(CMP_OPS)} {self.int_expr(d, env, small=True)}"
        return f"{c} {self.pick(['in', '=', '!='])} {self.call('elems', self.seq_expr(d, env, 'E'))}"

    def ensure_calls(self, body, env, conj="and"):
        """Adds a call of the model's pred / fun to `body` when it has none."""
        if self.has_pred and not self.called_pred:
            body = f"({body}) {conj} {self.pred_call(1, env)}"
        if self.has_fun and not self.called_fun:
            body = f"({body}) {conj} {self.fun_call(1, env)}"
        return body

    def formula(self, d, env):
        if d <= 0:
            return self.atom(0, env)
        opts = [
            (4, lambda: self.atom(d, env)),
            (2, lambda: self.binary(d, env)),
            (1, lambda: f"{self.pick(['not', '!'])} ({self.formula(d - 1, env)})"),
            (2, lambda: self.elem_quant(d, env)),
            (1.5, lambda: self.idx_quant(d, env)),
            (0.7, lambda: self.let_seq(d, env)),
        ]
        if len(self.of(env, "holder")) < 2 and self.hmult != "one " and not self.in_sig_fact:
            opts.append((1.5, lambda: self.holder_quant(d, env)))
        return self.weighted(opts)

    def binary(self, d, env):
        op = self.pick(["and", "or", "implies", "iff", "&&", "||", "=>"])
        return f"({self.formula(d - 1, env)}) {op} ({self.formula(d - 1, env)})"

    def elem_quant(self, d, env):
        self.feat("elem_quant")
        q = self.pick(["all", "some", "some", "all", "no", "one", "lone"])
        v = self.fresh("e")
        bound = self.pick(["E", "E"] + self.subsigs)
        return f"({q} {v}: {bound} | {self.formula(d - 1, env + [(v, 'elem', 'E')])})"

    def idx_quant(self, d, env):
        self.feat("idx_quant")
        q = self.pick(["all", "some", "no", "one"])
        v = self.fresh("i")
        x = self.r.random()
        # (not `i: seq/Int`: Alloy does not take such an `i` as an integer)
        if x < 0.75:
            bound = self.call("inds", self.seq_expr(max(d - 2, 0), env, self.pick(self.bases(env))))
        else:
            bound = "Int"
        return f"({q} {v}: {bound} | {self.formula(d - 1, env + [(v, 'int', None)])})"

    def holder_quant(self, d, env):
        self.feat("holder_quant")
        q = self.pick(["all", "some", "some", "all", "no", "one"])
        v = self.fresh("h")
        return f"({q} {v}: H | {self.formula(d - 1, env + [(v, 'holder', None)])})"

    def let_seq(self, d, env):
        self.feat("let")
        v = self.fresh("l")
        base = self.pick(self.bases(env))
        e = self.seq_expr(d - 1, env, base)
        return f"(let {v} = {e} | {self.formula(d - 1, env + [(v, 'seq', base)])})"

    def top_formula(self, kind, d):
        """A random formula under a top-level binder that gives it sequences to talk about:
        a holder quantifier, or a higher-order `some s: seq E` (run) / `all s: seq E`
        (check), which Alloy accepts because it can skolemize it."""
        binders = []
        x = self.r.random()
        q = "some" if kind == "run" else "all"
        if x < 0.3:
            self.feat("seq_quant")
            if self.chance(0.3):
                names = [self.fresh("s"), self.fresh("s")]
                binders.append((f"{q} {'disj ' if self.chance(0.4) else ''}{', '.join(names)}: seq E",
                                [(n, "seq", "E") for n in names]))
                self.feat("two_seq_vars")
            elif self.chance(0.15):
                # a higher-order sequence of integers
                n = self.fresh("s")
                binders.append((f"{q} {n}: seq Int", [(n, "seq", "Int")]))
                self.feat("seq_int_quant")
            else:
                n = self.fresh("s")
                binders.append((f"{q} {n}: seq E", [(n, "seq", "E")]))
        if x >= 0.3 or self.chance(0.3):
            if self.hmult != "one " or self.chance(0.3):
                h = self.fresh("h")
                qh = q if self.chance(0.8) else ("all" if q == "some" else "some")
                # Alloy skolemizes `some s: seq E` only outside any `all`, so a holder
                # binder with the other quantifier goes inside the higher-order one
                binders.insert(0 if qh == q else len(binders), (f"{qh} {h}: H", [(h, "holder", None)]))
                self.feat("holder_quant")
        if self.chance(0.25):
            e = self.fresh("e")
            binders.append((f"{q} {e}: E", [(e, "elem", "E")]))
            self.feat("elem_quant")
        env = []
        for _, vs in binders:
            env += vs
        if not self.seq_leaves(env, "E"):
            h = self.fresh("h")
            binders.insert(0, (f"{q} {h}: H", [(h, "holder", None)]))
            env.append((h, "holder", None))
        body = self.ensure_calls(self.formula(d, env), env, self.pick(["and", "and", "or", "implies"]))
        for b, _ in reversed(binders):
            body = f"{b} | {body}"
        return body

    def fact(self):
        if self.hmult == "one " and self.chance(0.5):
            return self.formula(self.pick([1, 2]), [])
        h = self.fresh("h")
        return f"all {h}: H | {self.formula(self.pick([1, 1, 2]), [(h, 'holder', None)])}"

    # ---- templates: shapes whose verdict depends on the length limit or on overflow ---

    def template(self):
        self.feat("template")
        # $S is a sequence; the binder introduces it (a holder field or a quantified sequence)
        t = self.t
        m = self.maxseq
        K = self.pick([max(m - 1, 0), m, m, m + 1])
        kind = "check"
        extra = []  # extra binders: (decl, kind)
        if t == 0:
            kind = "run"
            body = f"#$S = {K}"
            self.feat("length_limit")
        elif t == 1:
            self.feat("length_limit", "overflow_pattern")
            extra = ["e: E"]
            body = f"#{self.call('add', '$S', ['e'])} = {self.pick(['(#$S).plus[1]', 'plus[#$S, 1]'])}"
        elif t == 2:
            self.feat("length_limit")
            extra = ["e: E"]
            body = f"{self.paren(self.call('add', '$S', ['e']))}.last = e" if self.chance(0.5) else f"{self.call('last', self.call('add', '$S', ['e']))} = e"
        elif t == 3:
            self.feat("length_limit", "overflow_pattern")
            extra = ["e: E"]
            i = self.pick(["0", "0", "#$S", "$S.lastIdx"])
            body = f"#{self.call('insert', '$S', [i, 'e'])} = plus[#$S, 1]"
        elif t == 4:
            self.feat("length_limit", "overflow_pattern")
            other = self.pick(["$S", "$T"])
            body = f"#{self.call('append', '$S', [other])} = plus[#$S, #{other}]"
        elif t == 5:
            kind = "run"
            self.feat("length_limit")
            body = f"#{self.call('append', '$S', [self.pick(['$S', '$T'])])} {self.pick(['<', '>', '='])} {self.pick(['#$S', str(K), str(m)])}"
        elif t == 6:
            self.feat("overflow_pattern")
            body = self.pick([f"{self.call('lastIdx', '$S')}.plus[1] = #$S",
                              f"some $S implies {self.call('lastIdx', '$S')}.plus[1] = #$S",
                              f"plus[{self.call('lastIdx', '$S')}, 1] = #$S"])
        elif t == 7:
            self.feat("length_limit")
            body = f"#$S {self.pick(['<', '=<', '<=', '!='])} {K}"
        elif t == 8:
            self.feat("length_limit")
            body = f"{self.call('afterLastIdx', '$S')} = #$S"
        elif t == 9:
            self.feat("overflow_pattern")
            body = self.pick(["(#$S).plus[1] > #$S", "plus[#$S, #$S] >= #$S", "(#$S).mul[2] >= #$S", "(#$S).plus[1].minus[1] = #$S"])
        elif t == 10:
            kind = "run"
            self.feat("length_limit")
            body = f"#$S = {K} and not {self.call('hasDups', '$S')}"
        elif t == 11:
            body = f"#$S > #{self.call('elems', '$S')} implies {self.call('hasDups', '$S')}" if self.chance(0.5) \
                else f"{self.call('hasDups', '$S')} implies #$S >= 2"
        elif t == 12:
            extra = ["e: E", "i: Int"]
            self.feat("precondition")
            body = f"(i >= 0 and i =< #$S) implies seq/isSeq[{self.call('insert', '$S', ['i', 'e'])}]"
        elif t == 13:
            extra = ["i: Int"]
            self.feat("precondition")
            body = f"i in {self.call('inds', '$S')} implies #{self.call('delete', '$S', ['i'])} = minus[#$S, 1]"
        elif t == 14:
            self.feat("length_limit")
            extra = ["e: E"]
            body = f"{self.call('butlast', self.call('add', '$S', ['e']))} = $S"
        elif t == 15:
            body = self.pick([f"{self.call('first', self.call('rest', '$S'))} = $S[1]",
                              f"{self.call('rest', '$S')} = {self.call('delete', '$S', ['0'])}",
                              f"{self.call('butlast', '$S')} = {self.call('delete', '$S', [self.call('lastIdx', '$S')])}",
                              f"#{self.call('rest', '$S')} = minus[#$S, 1]"])
        elif t == 16:
            self.feat("precondition")
            lo, hi = self.pick([("0", "$S.lastIdx"), ("1", "0"), ("0", "0"), ("1", "2"), ("0", str(m))])
            body = f"some $S implies {self.call('subseq', '$S', [lo, hi])} = $S" if self.chance(0.5) \
                else f"#{self.call('subseq', '$S', [lo, hi])} = {self.pick(['1', '2', '0', 'minus[#$S, 1]'])}"
        elif t == 17:
            body = f"{self.call('idxOf', '$S', [self.call('first', '$S')])} = 0"
        elif t == 18:
            kind = "run"
            self.feat("seq_int_set")
            body = f"#seq/Int = {K}" if self.chance(0.5) else f"{self.call('inds', '$S')} = seq/Int"
        elif t == 19:
            self.feat("two_seqs")
            body = f"({self.call('elems', '$S')} = {self.call('elems', '$T')} and #$S = #$T) implies $S = $T"
        elif t == 20:
            extra = ["e: E", "i: Int"]
            self.feat("precondition")
            body = f"i in {self.call('inds', '$S')} implies {self.paren(self.call('setAt', '$S', ['i', 'e']))}[i] = e"
        elif t == 21:
            extra = ["e: E"]
            self.feat("length_limit")
            body = f"{self.call('lastIdxOf', self.call('add', '$S', ['e']), ['e'])} = #$S" if self.chance(0.5) \
                else f"e in {self.call('elems', self.call('add', '$S', ['e']))}"
        elif t == 22 and "n" in self.fields:
            return self.int_seq_template()
        elif t in (24, 25) and self.hmult in ("", "some "):
            return self.holder_sum_template(t, K)
        elif t == 26:
            kind = "run"
            self.feat("overflow_pattern", "two_seqs")
            body = f"{self.pick(['plus[#$S, #$T]', '(#$S).plus[#$T]'])} {self.pick(['<', '<', '=<'])} {self.pick(['0', '#$S', '#$T'])}"
        elif t == 27:
            kind = "run"
            self.feat("length_limit", "two_seqs")
            body = f"#{self.call('append', '$S', ['$T'])} {self.pick(['<', '!='])} plus[#$S, #$T]"
        else:
            kind = "run"
            self.feat("length_limit")
            extra = ["e: E"]
            body = f"{self.call('add', '$S', ['e'])} = $S and {self.pick(['some $S', '#$S < ' + str(m), 'not ' + self.call('isEmpty', '$S')])}"
        if self.chance(0.25):
            kind = "run" if kind == "check" else "check"
            body = f"not ({body})"
            self.feat("negated_template")
        return self.bind_template(kind, body, extra), kind

    def bind_template(self, kind, body, extra):
        q = "some" if kind == "run" else "all"
        two = "$T" in body
        via_field = self.chance(0.6)
        decls = []
        if via_field:
            f2 = "s" if "s" in self.fields else ("t" if "t" in self.fields else "items")
            if self.hmult == "one " and self.chance(0.5):
                s1, s2 = "H.items", f"H.{f2}"
            else:
                h = self.fresh("h")
                decls.append(f"{h}: H")
                s1, s2 = f"{h}.items", f"{h}.{f2}"
                self.feat("holder_quant")
            self.feat("field_access")
        else:
            self.feat("seq_quant")
            s1, s2 = self.fresh("s"), None
            if two:
                s2 = self.fresh("s")
                decls.append(f"{'disj ' if self.chance(0.3) else ''}{s1}, {s2}: seq E")
            else:
                decls.append(f"{s1}: seq E")
        body = body.replace("$T", s2 or s1).replace("$S", s1)
        decls += extra
        if not decls:
            return body
        if len(decls) > 1 and self.chance(0.4):
            # nested binders instead of one
            for dcl in reversed(decls):
                body = f"{q} {dcl} | {body}"
            return body
        return f"{q} {', '.join(decls)} | {body}"

    def holder_sum_template(self, t, K):
        """Lengths summed over every holder, and the cardinality of the whole field: both
        may exceed the largest integer."""
        self.feat("sum", "overflow_pattern", "holder_quant")
        c = self.pick(CMP_OPS)
        kind = self.pick(["run", "check"])
        if t == 24:
            body = f"(sum h: H | #h.items) {c} {self.pick([K, 0, self.maxint, '#items'])}"
        else:
            self.feat("card_field")
            body = f"#items {c} {self.pick([K, 0, self.maxint, '(sum h: H | #h.items)', '#H'])}"
        return body, kind

    def int_seq_template(self):
        """Sums over `seq Int` elements, which may overflow."""
        self.feat("seq_int", "sum", "overflow_pattern")
        kind = "check"
        lo = self.pick([0, 1, -1])
        h = "H" if self.hmult == "one " else "h"
        v = self.fresh("i")
        x = self.r.randrange(3)
        if x == 0:
            body = f"(all {v}: {h}.n.inds | {h}.n[{v}] > {lo}) implies (sum j: {h}.n.inds | {h}.n[j]) > {lo}"
        elif x == 1:
            kind = "run"
            body = f"(sum j: {h}.n.inds | {h}.n[j]) < 0 and (all {v}: {h}.n.inds | {h}.n[{v}] >= 0)"
        else:
            body = f"some {h}.n implies (sum j: {h}.n.inds | {h}.n[j]) >= int[{self.call('first', f'{h}.n')}]"
        if h == "h":
            body = f"{'some' if kind == 'run' else 'all'} h: H | {body}"
        return body, kind


def make_model(seed, i):
    rng = random.Random(seed * 1_000_003 + i)
    g = SeqGen(rng)
    text, kind = g.model()
    return text, kind, g.ebw, sorted(g.features)


def main():
    intgen.main(make_model, "s", 400, 2025, CASES, MANIFEST, DEFAULT_CACHE)


if __name__ == "__main__":
    main()
