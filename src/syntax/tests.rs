//! Tests of the lexer, the token rewrites and the parser, asserted on tree shapes (as
//! S-expressions), on spans and on error messages. One file past 1,000 lines on purpose:
//! every test reads through the same few helpers (`expr`, `module_error`, the
//! S-expression printer), and the tests follow the grammar's order.

use crate::diagnostic::{Diagnostic, FileId, Span};
use crate::syntax::ast::*;
use crate::syntax::lexer::{Tok, tokenize};
use crate::syntax::{
    MAX_NESTING, ReplItem, needs_more_input, parse_expr, parse_module, parse_repl_input,
};

const F: FileId = FileId(7);

// ---------------------------------------------------------------------------------------
// An S-expression printer for trees.
// ---------------------------------------------------------------------------------------

fn mult(m: Multiplicity) -> &'static str {
    match m {
        Multiplicity::Set => "set",
        Multiplicity::Some => "some",
        Multiplicity::Lone => "lone",
        Multiplicity::One => "one",
        Multiplicity::Seq => "seq",
    }
}

fn unary(op: UnaryOp) -> &'static str {
    match op {
        UnaryOp::Not => "!",
        UnaryOp::Transpose => "~",
        UnaryOp::Closure => "^",
        UnaryOp::ReflexiveClosure => "*",
        UnaryOp::Cardinality => "#",
        UnaryOp::IntCast => "int",
        UnaryOp::SumCast => "sum",
        UnaryOp::No => "no",
        UnaryOp::Mult(m) => mult(m),
        UnaryOp::Temporal(t) => t.word(),
        UnaryOp::Prime => "'",
    }
}

fn binary(op: BinaryOp) -> &'static str {
    match op {
        BinaryOp::Or => "||",
        BinaryOp::Iff => "<=>",
        BinaryOp::Implies => "=>",
        BinaryOp::And => "&&",
        BinaryOp::In => "in",
        BinaryOp::NotIn => "!in",
        BinaryOp::Eq => "=",
        BinaryOp::NotEq => "!=",
        BinaryOp::Lt => "<",
        BinaryOp::Gt => ">",
        BinaryOp::Le => "<=",
        BinaryOp::Ge => ">=",
        BinaryOp::NotLt => "!<",
        BinaryOp::NotGt => "!>",
        BinaryOp::NotLe => "!<=",
        BinaryOp::NotGe => "!>=",
        BinaryOp::Shl => "<<",
        BinaryOp::Shr => ">>>",
        BinaryOp::Sha => ">>",
        BinaryOp::Union => "+",
        BinaryOp::Diff => "-",
        BinaryOp::IntAdd => "fun/add",
        BinaryOp::IntSub => "fun/sub",
        BinaryOp::IntMul => "fun/mul",
        BinaryOp::IntDiv => "fun/div",
        BinaryOp::IntRem => "fun/rem",
        BinaryOp::Override => "++",
        BinaryOp::Intersect => "&",
        BinaryOp::DomRestrict => "<:",
        BinaryOp::RanRestrict => ":>",
        BinaryOp::Join => ".",
        BinaryOp::Temporal(t) => t.word(),
    }
}

fn quant(q: Quantifier) -> &'static str {
    match q {
        Quantifier::All => "all",
        Quantifier::No => "no",
        Quantifier::Some => "some",
        Quantifier::Lone => "lone",
        Quantifier::One => "one",
        Quantifier::Sum => "sum",
    }
}

fn decl_sexp(d: &Decl) -> String {
    let names: Vec<&str> = d.names.iter().map(|n| n.name.as_str()).collect();
    format!(
        "[{}{}{}{} {}{}]",
        if d.private { "private " } else { "" },
        if d.disj { "disj " } else { "" },
        names.join(" "),
        if d.defined { " =" } else { ":" },
        if d.disj_bound { "disj " } else { "" },
        sexp(&d.bound)
    )
}

fn list(items: &[Expr]) -> String {
    items.iter().map(sexp).collect::<Vec<_>>().join(" ")
}

fn sexp(e: &Expr) -> String {
    match &e.kind {
        ExprKind::Name(q) => q.joined(),
        ExprKind::AtName(q) => format!("@{}", q.joined()),
        ExprKind::This => "this".into(),
        ExprKind::Iden => "iden".into(),
        ExprKind::Univ => "univ".into(),
        ExprKind::None => "none".into(),
        ExprKind::IntSig => "Int".into(),
        ExprKind::StringSig => "String".into(),
        ExprKind::SeqInt => "seq/Int".into(),
        ExprKind::Number(n) => n.to_string(),
        ExprKind::Str(s) => format!("{s:?}"),
        ExprKind::Unary(op, a) => format!("({} {})", unary(*op), sexp(a)),
        ExprKind::Binary(op, a, b) => format!("({} {} {})", binary(*op), sexp(a), sexp(b)),
        ExprKind::Arrow(Multiplicity::Set, Multiplicity::Set, a, b) => {
            format!("(-> {} {})", sexp(a), sexp(b))
        }
        ExprKind::Arrow(m1, m2, a, b) => {
            format!("({}->{} {} {})", mult(*m1), mult(*m2), sexp(a), sexp(b))
        }
        ExprKind::Box(a, args) if args.is_empty() => format!("([] {})", sexp(a)),
        ExprKind::Box(a, args) => format!("([] {} {})", sexp(a), list(args)),
        ExprKind::IfElse(c, a, b) => format!("(if {} {} {})", sexp(c), sexp(a), sexp(b)),
        ExprKind::Disj(args) => format!("(disj {})", list(args)),
        ExprKind::Quant(q, decls, body) => {
            let decls: Vec<String> = decls.iter().map(decl_sexp).collect();
            format!("({} {} {})", quant(*q), decls.join(" "), sexp(body))
        }
        ExprKind::Let(bindings, body) => {
            let bindings: Vec<String> = bindings
                .iter()
                .map(|(n, e)| format!("[{} = {}]", n.name, sexp(e)))
                .collect();
            format!("(let {} {})", bindings.join(" "), sexp(body))
        }
        ExprKind::Comprehension(decls, body) => {
            let decls: Vec<String> = decls.iter().map(decl_sexp).collect();
            format!("(comp {} {})", decls.join(" "), sexp(body))
        }
        ExprKind::Block(b) => format!("{{{}}}", list(&b.exprs)),
    }
}

fn expr(text: &str) -> String {
    match parse_expr(text, F) {
        Ok(e) => sexp(&e),
        Err(errors) => panic!("`{text}` did not parse: {}", messages(&errors)),
    }
}

fn messages(errors: &[Diagnostic]) -> String {
    errors
        .iter()
        .map(|d| d.message.as_str())
        .collect::<Vec<_>>()
        .join(" | ")
}

fn module(text: &str) -> Module {
    match parse_module(text, F) {
        Ok(m) => m,
        Err(errors) => panic!("module did not parse: {}", messages(&errors)),
    }
}

/// The single error of `text` (as a module), with the source text under its span.
fn module_error(text: &str) -> (String, String) {
    let errors = parse_module(text, F).expect_err("the module should be rejected");
    assert_eq!(
        errors.len(),
        1,
        "expected one error, got: {}",
        messages(&errors)
    );
    let d = &errors[0];
    let span = d.span.expect("a syntax error has a span");
    assert_eq!(span.file, F);
    (d.message.clone(), text[span.range()].to_string())
}

fn expr_error(text: &str) -> (String, String) {
    let errors = parse_expr(text, F).expect_err("the expression should be rejected");
    assert_eq!(
        errors.len(),
        1,
        "expected one error, got: {}",
        messages(&errors)
    );
    let d = &errors[0];
    let span = d.span.expect("a syntax error has a span");
    (d.message.clone(), text[span.range()].to_string())
}

fn toks(text: &str) -> Vec<Tok<'_>> {
    tokenize(text, F)
        .expect("lexes")
        .into_iter()
        .map(|t| t.tok)
        .collect()
}

// ---------------------------------------------------------------------------------------
// Precedence: the reference's §3 table and paragraphs.
// ---------------------------------------------------------------------------------------

#[test]
fn precedence_table_examples() {
    let cases = [
        ("!a in b", "(! (in a b))"),
        ("!a && b", "(&& (! a) b)"),
        ("a=b=c", "(= (= a b) c)"),
        ("some a+b", "(some (+ a b))"),
        ("no a in b", "(in (no a) b)"),
        ("#a+1", "(+ (# a) 1)"),
        ("#a.r", "(# (. a r))"),
        ("a + b & c", "(+ a (& b c))"),
        ("A->B->C", "(-> A (-> B C))"),
        ("x - y->z", "(- x (-> y z))"),
        ("x <: r.r", "(<: x (. r r))"),
        ("a <: b :> c", "(<: a (:> b c))"),
        ("~r.a", "(. (~ r) a)"),
        ("a || b || c", "(|| (|| a b) c)"),
        ("a <=> b <=> c", "(<=> (<=> a b) c)"),
        ("a => b => c", "(=> a (=> b c))"),
        ("a && b && c", "(&& (&& a b) c)"),
        ("a << b >> c >>> d", "(>>> (>> (<< a b) c) d)"),
        ("a + b - c", "(- (+ a b) c)"),
        ("a ++ b ++ c", "(++ (++ a b) c)"),
        ("a & b & c", "(& (& a b) c)"),
        ("a <: b <: c", "(<: (<: a b) c)"),
        ("a :> b :> c", "(:> (:> a b) c)"),
        ("a.b.c", "(. (. a b) c)"),
        ("^r.*s", "(. (^ r) (* s))"),
        ("a in b && c = d", "(&& (in a b) (= c d))"),
        ("a < b", "(< a b)"),
        ("a =< b", "(<= a b)"),
        ("a >= b", "(>= a b)"),
        ("#a > 2 + 3", "(> (# a) (+ 2 3))"),
        ("some a.b & c", "(some (& (. a b) c))"),
        ("lone a -> b", "(lone (-> a b))"),
        ("one a << 1", "(one (<< a 1))"),
        ("set a", "(set a)"),
        ("seq a", "(seq a)"),
        ("#a ++ b", "(# (++ a b))"),
        ("a + b ++ c", "(+ a (++ b c))"),
        ("a & b -> c", "(& a (-> b c))"),
        ("a -> b <: c", "(-> a (<: b c))"),
        ("not a or b", "(|| (! a) b)"),
        ("a and b implies c iff d", "(<=> (=> (&& a b) c) d)"),
    ];
    for (text, tree) in cases {
        assert_eq!(expr(text), tree, "{text}");
    }
}

#[test]
fn precedence_surprises() {
    assert_eq!(expr("a => b || c"), "(|| (=> a b) c)");
    assert_eq!(expr("a || b => c"), "(|| a (=> b c))");
    assert_eq!(expr("a <=> b => c"), "(<=> a (=> b c))");
    assert_eq!(expr("a && b => c"), "(=> (&& a b) c)");
}

#[test]
fn else_binds_to_the_nearest_implication() {
    assert_eq!(expr("a => b else c"), "(if a b c)");
    assert_eq!(expr("a implies b else c"), "(if a b c)");
    assert_eq!(expr("a => b => c else d"), "(=> a (if b c d))");
    assert_eq!(expr("a => b => c else d else e"), "(if a (if b c d) e)");
    assert_eq!(expr("a => b else c => d"), "(if a b (=> c d))");
    assert_eq!(expr("a => b else c || d"), "(|| (if a b c) d)");
    assert_eq!(expr("a => b else c && d"), "(if a b (&& c d))");
    let (message, at) = expr_error("a else b");
    assert_eq!(at, "else");
    assert!(
        message.starts_with("syntax error: expected end of input"),
        "{message}"
    );
}

#[test]
fn trailing_binders_swallow_to_the_right() {
    assert_eq!(
        expr("p && all x: A | q || r"),
        "(&& p (all [x: A] (|| q r)))"
    );
    assert_eq!(expr("! some x: A | F"), "(! (some [x: A] F))");
    assert_eq!(
        expr("a => let y = b | y in c"),
        "(=> a (let [y = b] (in y c)))"
    );
    assert_eq!(expr("(all x: A | p) && q"), "(&& (all [x: A] p) q)");
    assert_eq!(
        expr("{ p  all x: A | q  r }"),
        "{p (all [x: A] q) r}",
        "a block ends the body where the next conjunct starts"
    );
    assert_eq!(expr("a + (sum x: A | x) "), "(+ a (sum [x: A] x))");
    assert_eq!(expr("all x: A { p q }"), "(all [x: A] {p q})");
    assert_eq!(
        expr("f[all x: A | p, q]"),
        "([] f (all [x: A] p) q)",
        "a binder stops at the enclosing comma"
    );
}

#[test]
fn dot_and_box_join() {
    assert_eq!(expr("a.b[c]"), "([] (. a b) c)");
    assert_eq!(expr("a[b].c"), "(. ([] a b) c)");
    assert_eq!(expr("s[x][y]"), "([] ([] s x) y)");
    assert_eq!(expr("e[]"), "([] e)");
    assert_eq!(expr("A.r[A]"), "([] (. A r) A)");
    assert_eq!(expr("f[x, y]"), "([] f x y)");
    assert_eq!(expr("~r[x]"), "([] (~ r) x)");
    assert_eq!(expr("a.~b.c"), "(. (. a (~ b)) c)");
    assert_eq!(expr("#r[x]"), "(# ([] r x))");
    assert_eq!(expr("a :> b[x]"), "(:> a ([] b x))");
    assert_eq!(expr("a.(b + c)"), "(. a (+ b c))");
}

#[test]
fn casts_and_special_forms() {
    assert_eq!(expr("int[e]"), "(int e)");
    assert_eq!(expr("sum[e]"), "(sum e)");
    assert_eq!(expr("int e + 1"), "(+ (int e) 1)");
    assert_eq!(expr("sum e.r"), "(sum (. e r))");
    assert_eq!(expr("e.int"), "(int e)");
    assert_eq!(expr("a.b.sum"), "(sum (. a b))");
    assert_eq!(expr("Int[i]"), "([] Int i)");
    assert_eq!(expr("disj[a, b, c]"), "(disj a b c)");
    // With a receiver, as Alloy reads it: `a.disj[b]` is `disj[a, b]`.
    assert_eq!(expr("a.disj[b, c]"), "(disj a b c)");
    assert_eq!(expr("x.f.disj[x.g]"), "(disj (. x f) (. x g))");
    assert_eq!(expr("b.(a.disj)"), "(. b (disj a))");
    assert_eq!(expr("@f + this.g"), "(+ @f (. this g))");
    assert_eq!(expr("iden + univ + none"), "(+ (+ iden univ) none)");
    assert_eq!(expr("Int + String + seq/Int"), "(+ (+ Int String) seq/Int)");
    assert_eq!(
        expr("this/A + util/ordering/first"),
        "(+ this/A util/ordering/first)"
    );
    assert_eq!(expr("a / b"), "a/b", "whitespace is allowed around `/`");
    assert_eq!(expr("\"hi\\\"there\\n\""), "\"hi\\\"there\\n\"");
}

#[test]
fn internal_names() {
    assert_eq!(expr("a fun/add b fun/mul c"), "(fun/add a (fun/mul b c))");
    assert_eq!(
        expr("a fun/sub b fun/rem c fun/div d"),
        "(fun/sub a (fun/div (fun/rem b c) d))"
    );
    assert_eq!(expr("fun/min + fun/max"), "(+ fun/min fun/max)");
    assert_eq!(expr("fun/next[x]"), "([] fun/next x)");
    assert_eq!(
        expr("pred/totalOrder[e, f, n]"),
        "([] pred/totalOrder e f n)"
    );
    let e = parse_expr("fun/min", F).unwrap();
    match e.kind {
        ExprKind::Name(q) => assert_eq!(q.parts, ["fun", "min"]),
        other => panic!("{other:?}"),
    }
}

#[test]
fn binders_and_comprehensions() {
    assert_eq!(
        expr("all x, y: A, z: set B | p"),
        "(all [x y: A] [z: (set B)] p)"
    );
    assert_eq!(expr("no disj a, b: A | p"), "(no [disj a b: A] p)");
    assert_eq!(expr("lone x: A | p"), "(lone [x: A] p)");
    assert_eq!(expr("one x: A | p"), "(one [x: A] p)");
    assert_eq!(expr("sum x: A | #x.r"), "(sum [x: A] (# (. x r)))");
    assert_eq!(
        expr("let a = x, b = y | a + b"),
        "(let [a = x] [b = y] (+ a b))"
    );
    assert_eq!(expr("let a = x { a }"), "(let [a = x] {a})");
    assert_eq!(expr("{x: A | x in B}"), "(comp [x: A] (in x B))");
    assert_eq!(expr("{x, y: A, z: B}"), "(comp [x y: A] [z: B] {})");
    assert_eq!(expr("{disj x, y: A | p}"), "(comp [disj x y: A] p)");
    assert_eq!(expr("{ a b }"), "{a b}");
    assert_eq!(expr("{}"), "{}");
    assert_eq!(
        expr("{ a.f = b  .g  c in d }"),
        "{(= (. a f) (. b g)) (in c d)}",
        "a line starting with `.` continues the previous formula"
    );
}

#[test]
fn multiplicity_arrows() {
    assert_eq!(expr("A some -> lone B"), "(some->lone A B)");
    assert_eq!(expr("A -> one B"), "(set->one A B)");
    assert_eq!(expr("A lone -> B"), "(lone->set A B)");
    assert_eq!(expr("A set -> set B"), "(-> A B)");
    assert_eq!(expr("A one -> some B -> C"), "(one->some A (-> B C))");
    for m1 in ["", "some ", "one ", "lone ", "set "] {
        for m2 in ["", " some", " one", " lone", " set"] {
            let text = format!("A {m1}->{m2} B");
            assert!(expr(&text).ends_with(" A B)"), "{text}");
        }
    }
}

// ---------------------------------------------------------------------------------------
// Token rewrites (CompFilter).
// ---------------------------------------------------------------------------------------

#[test]
fn rewrite_labelled_commands() {
    assert_eq!(
        toks("lbl: run p"),
        [Tok::Label("lbl"), Tok::Run, Tok::Ident("p")]
    );
    assert_eq!(toks("x: check"), [Tok::Label("x"), Tok::Check]);
    assert_eq!(
        toks("x: A"),
        [Tok::Ident("x"), Tok::Colon, Tok::Ident("A")],
        "only `run`/`check` make a label"
    );
    let m = module("sig A {}\nshow: run { some A } for 3");
    let Paragraph::Command(c) = &m.paragraphs[1] else {
        panic!()
    };
    let label = c.label.as_ref().unwrap();
    assert_eq!(label.name, "show");
    assert_eq!((label.span.start, label.span.end), (9, 13));
}

#[test]
fn rewrite_negated_comparisons() {
    use crate::syntax::lexer::Cmp;
    assert_eq!(toks("! in")[0], Tok::NotCmp(Cmp::In));
    assert_eq!(toks("not /* c */ =")[0], Tok::NotCmp(Cmp::Eq));
    assert_eq!(toks("!=")[0], Tok::NotCmp(Cmp::Eq));
    assert_eq!(toks("!<=")[0], Tok::NotCmp(Cmp::Le));
    assert_eq!(toks("not =<")[0], Tok::NotCmp(Cmp::Le));
    assert_eq!(toks("! >")[0], Tok::NotCmp(Cmp::Gt));
    assert_eq!(toks("!>=")[0], Tok::NotCmp(Cmp::Ge));
    assert_eq!(toks("!<")[0], Tok::NotCmp(Cmp::Lt));
    assert_eq!(expr("a !in b"), "(!in a b)");
    assert_eq!(expr("a not in b"), "(!in a b)");
    assert_eq!(expr("a ! = b"), "(!= a b)");
    assert_eq!(expr("a not < b"), "(!< a b)");
    assert_eq!(expr("a !> b"), "(!> a b)");
    assert_eq!(expr("a !<= b"), "(!<= a b)");
    assert_eq!(expr("a !>= b"), "(!>= a b)");
    assert_eq!(
        expr("! a = b"),
        "(! (= a b))",
        "`!` before a name stays a prefix"
    );
}

#[test]
fn rewrite_multiplicity_arrow_tokens() {
    let arrows: Vec<Tok<'_>> = toks("a some->one b -> lone c set -> d -> e")
        .into_iter()
        .filter(|t| matches!(t, Tok::Arrow(..)))
        .collect();
    assert_eq!(
        arrows,
        [
            Tok::Arrow(Multiplicity::Some, Multiplicity::One),
            Tok::Arrow(Multiplicity::Set, Multiplicity::Lone),
            Tok::Arrow(Multiplicity::Set, Multiplicity::Set),
            Tok::Arrow(Multiplicity::Set, Multiplicity::Set),
        ]
    );
}

#[test]
fn rewrite_quantifier_or_multiplicity() {
    use Quantifier as Q;
    assert_eq!(toks("some x: A | F")[0], Tok::Quant(Q::Some));
    assert_eq!(toks("some A")[0], Tok::Some);
    assert_eq!(
        toks("x: some A")[2],
        Tok::Some,
        "after `:` it is a multiplicity"
    );
    assert_eq!(toks("disj a, b: one A")[5], Tok::One);
    assert_eq!(toks("all disj a, b: one A | F")[0], Tok::Quant(Q::All));
    assert_eq!(toks("sum x: A | x")[0], Tok::Quant(Q::Sum));
    assert_eq!(toks("sum x")[0], Tok::Sum);
    assert_eq!(toks("no private x: A | F")[0], Tok::Quant(Q::No));
    assert_eq!(toks("lone x, y, z: A | F")[0], Tok::Quant(Q::Lone));
    assert_eq!(
        toks("one x, : A")[0],
        Tok::One,
        "a trailing comma is not a decl"
    );
    assert_eq!(toks("one sig A {}")[0], Tok::One);
    assert_eq!(
        toks("disj some x: A")[1],
        Tok::Some,
        "after `disj` it is not a quantifier"
    );
    // And the trees they give:
    assert_eq!(expr("some x: A | F"), "(some [x: A] F)");
    assert_eq!(expr("some A"), "(some A)");
    assert_eq!(expr("all x: some A | F"), "(all [x: (some A)] F)");
    assert_eq!(
        expr("all disj a, b: one A | F"),
        "(all [disj a b: (one A)] F)"
    );
    assert_eq!(expr("sum x: A | x.n"), "(sum [x: A] (. x n))");
}

#[test]
fn rewrite_negative_literals() {
    assert_eq!(
        toks("x = -1"),
        [
            Tok::Ident("x"),
            Tok::Cmp(crate::syntax::lexer::Cmp::Eq),
            Tok::Num(-1)
        ]
    );
    assert_eq!(expr("x = -1"), "(= x -1)");
    assert_eq!(expr("x = - 2"), "(= x -2)");
    assert_eq!(expr("a -1"), "(- a 1)", "after a name `-` is difference");
    assert_eq!(expr("3-1"), "(- 3 1)");
    assert_eq!(expr("(a)-1"), "(- a 1)");
    assert_eq!(expr("f[a]-1"), "(- ([] f a) 1)");
    assert_eq!(expr("fun/max-1"), "(- fun/max 1)");
    assert_eq!(expr("a fun/add -1"), "(fun/add a -1)");
    assert_eq!(expr("a -> -1"), "(-> a -1)");
    assert_eq!(expr("-2147483648 = x"), "(= -2147483648 x)");
    let errors = parse_expr("x = 2147483648", F).unwrap_err();
    assert_eq!(errors.len(), 1);
    assert!(
        errors[0].message.contains("too large"),
        "{}",
        errors[0].message
    );
}

// ---------------------------------------------------------------------------------------
// Paragraphs.
// ---------------------------------------------------------------------------------------

#[test]
fn module_header_and_opens() {
    let m = module(
        "module util/ordering[exactly elem, other]\n\
         open util/integer\n\
         private open util/relation[A, univ, seq/Int] as rel\n\
         open util/graph[]\n\
         sig A {}",
    );
    let h = m.header.unwrap();
    assert_eq!(h.name.parts, ["util", "ordering"]);
    assert_eq!(h.params.len(), 2);
    assert!(h.params[0].exact && !h.params[1].exact);
    assert_eq!(h.params[1].name.name, "other");
    assert_eq!(m.opens.len(), 3);
    assert!(!m.opens[0].private && m.opens[1].private);
    let args: Vec<String> = m.opens[1].args.iter().map(QualName::joined).collect();
    assert_eq!(args, ["A", "univ", "seq/Int"]);
    assert_eq!(m.opens[1].alias.as_ref().unwrap().name, "rel");
    assert!(m.opens[2].args.is_empty());
    assert_eq!(m.paragraphs.len(), 1);
}

#[test]
fn sig_declarations() {
    let text = "abstract sig A, B extends C { f: lone D, disj g, h: set E, private k: disj F, \
                d = f + g, , } { some f }\n\
                one sig S in A + B {}\n\
                private lone some sig T = A {}\n\
                sig U extends this/A {,}";
    let m = module(text);
    let Paragraph::Sig(a) = &m.paragraphs[0] else {
        panic!()
    };
    assert!(a.qualifiers.abstract_.is_some() && a.qualifiers.one.is_none());
    let names: Vec<&str> = a.names.iter().map(|n| n.name.as_str()).collect();
    assert_eq!(names, ["A", "B"]);
    assert!(matches!(&a.parent, Some(SigParent::Extends(p)) if p.joined() == "C"));
    let fields: Vec<String> = a.fields.iter().map(decl_sexp).collect();
    assert_eq!(
        fields,
        [
            "[f: (lone D)]",
            "[disj g h: (set E)]",
            "[private k: disj F]",
            "[d = (+ f g)]",
        ]
    );
    assert_eq!(
        a.fact
            .as_ref()
            .unwrap()
            .exprs
            .iter()
            .map(sexp)
            .collect::<Vec<_>>(),
        ["(some f)"]
    );
    assert_eq!(&text[a.span.range()], &text[..text.find('\n').unwrap()]);
    let Paragraph::Sig(s) = &m.paragraphs[1] else {
        panic!()
    };
    assert!(s.qualifiers.one.is_some());
    assert!(
        matches!(&s.parent, Some(SigParent::In(ps)) if ps.iter().map(QualName::joined).collect::<Vec<_>>() == ["A", "B"])
    );
    let Paragraph::Sig(t) = &m.paragraphs[2] else {
        panic!()
    };
    let q = &t.qualifiers;
    assert!(q.private.is_some() && q.lone.is_some() && q.some.is_some() && q.abstract_.is_none());
    assert!(matches!(&t.parent, Some(SigParent::Equal(ps)) if ps.len() == 1));
    let Paragraph::Sig(u) = &m.paragraphs[3] else {
        panic!()
    };
    assert!(matches!(&u.parent, Some(SigParent::Extends(p)) if p.parts == ["this", "A"]));
    assert!(u.fields.is_empty());
}

#[test]
fn enums_facts_asserts() {
    let m = module(
        "enum Color { Red, Green }\n\
         fact { some A } fact named { no B } fact \"a label\" {}\n\
         assert safe { all x: A | p[x] } assert { }",
    );
    let Paragraph::Enum(e) = &m.paragraphs[0] else {
        panic!()
    };
    assert_eq!(e.name.name, "Color");
    assert_eq!(e.values.len(), 2);
    let names: Vec<Option<String>> = m.paragraphs[1..]
        .iter()
        .map(|p| match p {
            Paragraph::Fact(f) => f.name.as_ref().map(|n| n.name.clone()),
            Paragraph::Assert(a) => a.name.as_ref().map(|n| n.name.clone()),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(
        names,
        [
            None,
            Some("named".into()),
            Some("a label".into()),
            Some("safe".into()),
            None
        ]
    );
}

#[test]
fn preds_funs_and_macros() {
    let m = module(
        "pred p[x: A, y: set B] { x in y }\n\
         pred q(x: A,) { }\n\
         pred S.r { some this }\n\
         private pred seq/Int.s[] {}\n\
         fun f[x: A]: set B { x.g }\n\
         fun S.h: lone A { none }\n\
         let twice[x] = x + x\n\
         let m(a, b) { a in b }\n\
         let k = 3",
    );
    let Paragraph::Pred(p) = &m.paragraphs[0] else {
        panic!()
    };
    assert_eq!(p.name.name, "p");
    assert_eq!(
        p.params.iter().map(decl_sexp).collect::<Vec<_>>(),
        ["[x: A]", "[y: (set B)]"]
    );
    let Paragraph::Pred(q) = &m.paragraphs[1] else {
        panic!()
    };
    assert_eq!(q.params.len(), 1, "`(` parameters and a trailing comma");
    let Paragraph::Pred(r) = &m.paragraphs[2] else {
        panic!()
    };
    assert_eq!(r.receiver.as_ref().unwrap().joined(), "S");
    assert!(r.params.is_empty());
    let Paragraph::Pred(s) = &m.paragraphs[3] else {
        panic!()
    };
    assert!(s.private);
    assert_eq!(s.receiver.as_ref().unwrap().joined(), "seq/Int");
    let Paragraph::Fun(f) = &m.paragraphs[4] else {
        panic!()
    };
    assert_eq!(
        (sexp(&f.result), sexp(&f.body)),
        ("(set B)".into(), "(. x g)".into())
    );
    let Paragraph::Fun(h) = &m.paragraphs[5] else {
        panic!()
    };
    assert_eq!(h.receiver.as_ref().unwrap().joined(), "S");
    let macros: Vec<(String, usize, String)> = m.paragraphs[6..]
        .iter()
        .map(|p| match p {
            Paragraph::Macro(m) => (m.name.name.clone(), m.params.len(), sexp(&m.body)),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(
        macros,
        [
            ("twice".into(), 1, "(+ x x)".into()),
            ("m".into(), 2, "{(in a b)}".into()),
            ("k".into(), 0, "3".into()),
        ]
    );
}

fn command(text: &str) -> Command {
    let m = module(text);
    match m.paragraphs.into_iter().last() {
        Some(Paragraph::Command(c)) => c,
        other => panic!("{other:?}"),
    }
}

#[test]
fn commands_and_scopes() {
    let c = command("run p");
    assert_eq!(c.kind, CommandKind::Run);
    assert!(matches!(&c.target, CommandTarget::Name(q) if q.joined() == "p"));
    assert!(c.scope.is_none() && c.expect.is_none());

    let c = command("check a/b for 5 expect 0");
    assert_eq!(c.kind, CommandKind::Check);
    assert!(matches!(&c.target, CommandTarget::Name(q) if q.joined() == "a/b"));
    let scope = c.scope.unwrap();
    assert_eq!(scope.overall.map(|(n, _)| n), Some(5));
    assert!(scope.types.is_empty());
    assert_eq!(c.expect.map(|(n, _)| n), Some(0));

    let text =
        "run show { some A } for 3 but exactly 4 A, 5 int, 2 seq, 3 String, 2 o/Ord expect 1";
    let c = command(text);
    assert!(
        matches!(&c.target, CommandTarget::Block(Some(n), b) if n.name == "show" && b.exprs.len() == 1)
    );
    let scope = c.scope.unwrap();
    assert_eq!(scope.overall.map(|(n, _)| n), Some(3));
    let types: Vec<(bool, u32, String)> = scope
        .types
        .iter()
        .map(|t| (t.exactly, t.count, t.target.joined()))
        .collect();
    assert_eq!(
        types,
        [
            (true, 4, "A".into()),
            (false, 5, "int".into()),
            (false, 2, "seq".into()),
            (false, 3, "String".into()),
            (false, 2, "o/Ord".into()),
        ]
    );
    assert_eq!(&text[c.span.range()], text);
    let c = command("run {} for 6 Int");
    assert_eq!(c.scope.unwrap().types[0].target.joined(), "Int");

    let c = command("check { no A } for 2 A, exactly 3 B");
    assert!(matches!(&c.target, CommandTarget::Block(None, _)));
    let scope = c.scope.unwrap();
    assert!(scope.overall.is_none());
    assert_eq!(scope.types.len(), 2);
}

#[test]
fn markdown_files_keep_byte_offsets() {
    let text = "---\ntitle: x\n---\n# Heading with sig words\n\n```alloy\nsig A {}\n```\n\nprose { ( \n\n```alloy\nfact { some A }\n```\n";
    let m = module(text);
    assert_eq!(m.paragraphs.len(), 2);
    let Paragraph::Sig(s) = &m.paragraphs[0] else {
        panic!()
    };
    assert_eq!(&text[s.names[0].span.range()], "A");
    assert_eq!(
        s.names[0].span.start as usize,
        text.find("sig A").unwrap() + 4
    );
    let Paragraph::Fact(f) = &m.paragraphs[1] else {
        panic!()
    };
    assert_eq!(&text[f.span.range()], "fact { some A }");
}

#[test]
fn spans_cover_their_text() {
    let text = "fact { all x: A | x.f in (B + C) }";
    let m = module(text);
    let Paragraph::Fact(f) = &m.paragraphs[0] else {
        panic!()
    };
    let q = &f.body.exprs[0];
    assert_eq!(&text[q.span.range()], "all x: A | x.f in (B + C)");
    let ExprKind::Quant(_, decls, body) = &q.kind else {
        panic!()
    };
    assert_eq!(&text[decls[0].span.range()], "x: A");
    assert_eq!(&text[body.span.range()], "x.f in (B + C)");
    let ExprKind::Binary(_, lhs, rhs) = &body.kind else {
        panic!()
    };
    assert_eq!(&text[lhs.span.range()], "x.f");
    assert_eq!(&text[rhs.span.range()], "(B + C)");
    assert_eq!(q.span.file, F);
}

#[test]
fn repl_input() {
    let items = parse_repl_input("run RA and not TapRA for 5 expect 1", F).unwrap();
    let [ReplItem::Paragraph(Paragraph::Command(c))] = items.as_slice() else {
        panic!("{items:?}")
    };
    let CommandTarget::Block(None, block) = &c.target else {
        panic!("{:?}", c.target)
    };
    assert_eq!(list(&block.exprs), "(&& RA (! TapRA))");
    assert_eq!(c.scope.as_ref().unwrap().overall.map(|(n, _)| n), Some(5));
    assert_eq!(c.expect.map(|(n, _)| n), Some(1));

    let items = parse_repl_input(
        "sig A {}  open util/ordering[A]  check p  run x {some A}",
        F,
    )
    .unwrap();
    assert!(
        matches!(items[1], ReplItem::Open(_)),
        "an open may follow a paragraph"
    );
    let ReplItem::Paragraph(Paragraph::Command(c)) = &items[2] else {
        panic!()
    };
    assert!(matches!(&c.target, CommandTarget::Name(q) if q.joined() == "p"));
    let ReplItem::Paragraph(Paragraph::Command(c)) = &items[3] else {
        panic!()
    };
    assert!(matches!(&c.target, CommandTarget::Block(Some(n), _) if n.name == "x"));

    let items = parse_repl_input("run { TapRA and not RA } for 5", F).unwrap();
    let ReplItem::Paragraph(Paragraph::Command(c)) = &items[0] else {
        panic!()
    };
    assert!(
        matches!(&c.target, CommandTarget::Block(None, b) if list(&b.exprs) == "(&& TapRA (! RA))")
    );
    assert!(parse_repl_input("", F).unwrap().is_empty());
    let errors = parse_repl_input("run RA and for 3", F).unwrap_err();
    assert_eq!(
        errors[0].message,
        "syntax error: expected an expression, found `for`"
    );
    assert!(
        parse_module("run RA and RB", F).is_err(),
        "files need braces"
    );
}

#[test]
fn repl_continuation() {
    assert!(needs_more_input("run {"));
    assert!(needs_more_input("fact { all x: A | (x"));
    assert!(needs_more_input("sig A { /* comment"));
    assert!(needs_more_input("sig A {} /* still open"));
    assert!(!needs_more_input("sig A {}"));
    assert!(!needs_more_input("fact { \"{\" } // {"));
    assert!(!needs_more_input("fact { a } /* { */"));
    assert!(!needs_more_input("}"));
    assert!(!needs_more_input(""));
}

// ---------------------------------------------------------------------------------------
// Errors: message and span.
// ---------------------------------------------------------------------------------------

#[test]
fn syntax_errors_list_what_was_expected() {
    let (message, at) = module_error("fact { a[b }");
    assert_eq!(message, "syntax error: expected one of `]`, `,`, found `}`");
    assert_eq!(at, "}");
    let (message, at) = module_error("fact { a in ");
    assert_eq!(
        message,
        "syntax error: expected an expression, found end of input"
    );
    assert_eq!(at, "");
    let (message, at) = module_error("sig A { f: }");
    assert_eq!(
        message,
        "syntax error: expected one of `disj`, an expression, found `}`"
    );
    assert_eq!(at, "}");
    let (message, at) = module_error("fact { a in b ) }");
    assert_eq!(
        message,
        "syntax error: expected one of `}`, an expression, found `)`"
    );
    assert_eq!(at, ")");
    let (message, at) = module_error("sig A {} }");
    assert!(
        message.starts_with("syntax error: expected one of `{`, a paragraph (`sig`, `fact`"),
        "{message}"
    );
    assert_eq!(at, "}");
    let (message, _) = expr_error("a == b");
    assert_eq!(message, "syntax error: expected an expression, found `=`");
    let (message, at) = module_error("fact { a and and b }");
    assert_eq!(
        message, "syntax error: expected an expression, found `and`",
        "the found token is shown as written"
    );
    assert_eq!(at, "and");
}

#[test]
fn independent_errors_are_all_reported() {
    let text = "sig A { f: }\nsig B {}\nfact { x ] }\npred ok {}";
    let errors = parse_module(text, F).unwrap_err();
    let at: Vec<&str> = errors
        .iter()
        .map(|d| &text[d.span.unwrap().range()])
        .collect();
    assert_eq!(at, ["}", "]"], "{}", messages(&errors));
}

#[test]
fn misused_parentheses() {
    let (message, at) = module_error("pred p[x: A] {}\nfact { p(A) }");
    assert_eq!(
        message,
        "syntax error: perhaps you used ( ) when you should have used [ ]"
    );
    assert_eq!(at, "(A)");
    // Declarations may use `(`, and a `(` after whitespace starts the next conjunct.
    module("pred p(x: A) {}\nfact { p[A]\n(some A) }");
    module("fun f(x: A): A { x }\nlet m(x) = x");
}

#[test]
fn open_after_paragraph() {
    let (message, at) = module_error("sig A {}\nopen util/ordering[A]");
    assert_eq!(
        message,
        "syntax error: `open` must come before all paragraphs"
    );
    assert_eq!(at, "open util/ordering[A]");
}

#[test]
fn scope_errors() {
    let (message, at) = module_error("run {} for 1..5 Time");
    assert_eq!(
        message,
        "syntax error: a scope for `Time` is a single number; a range such as `1..5` bounds only the trace length (`1..5 steps`)"
    );
    assert_eq!(at, "1..5");
    let (message, at) = module_error("run {} for 3 but 0..100 Int");
    assert_eq!(
        message,
        "syntax error: the integer bitwidth is a single number (`but 5 Int`: integers from -16 to 15), not a range"
    );
    assert_eq!(at, "0..100");
    let (_, at) = module_error("run {} for 3 but 2.. A");
    assert_eq!(at, "2..");
    let (message, at) = module_error("run {} for 3 but exactly 4 Int");
    assert_eq!(message, "syntax error: the bitwidth cannot be `exactly`");
    assert_eq!(at, "exactly 4 Int");
    let (message, at) = module_error("run {} for 3 int, 2 A, 4 Int");
    assert_eq!(
        message,
        "syntax error: the bitwidth cannot be specified more than once"
    );
    assert_eq!(at, "4 Int");
    let (message, at) = module_error("run {} for 3 seq, 2 seq");
    assert_eq!(
        message,
        "syntax error: the maximum sequence length cannot be specified more than once"
    );
    assert_eq!(at, "2 seq");
    let (message, _) = module_error("run {} for exactly 3 seq");
    assert_eq!(
        message,
        "syntax error: the maximum sequence length cannot be `exactly`"
    );
    let (message, at) = module_error("run {} for -1");
    assert!(message.contains("negative"), "{message}");
    assert_eq!(at, "-1");
}

#[test]
fn declaration_errors() {
    let (message, at) = module_error("one lone one sig A {}");
    assert_eq!(message, "syntax error: the qualifier `one` is repeated");
    assert_eq!((at.as_str(), message.is_empty()), ("one", false));
    let (message, at) = module_error("sig A { disj f = B }");
    assert_eq!(
        message,
        "syntax error: a defined field (`f = e`) cannot be `disj`"
    );
    assert_eq!(at, "disj");
    let (message, at) = module_error("fun f: A { a b }");
    assert_eq!(
        message,
        "syntax error: a function body must be exactly one expression"
    );
    assert_eq!(at, "{ a b }");
}

#[test]
fn declared_names_cannot_contain_dollar() {
    let (message, at) = module_error("sig A$1 {}");
    assert_eq!(
        message,
        "syntax error: the declared name `A$1` cannot contain `$`"
    );
    assert_eq!(at, "A$1");
    let (_, at) = module_error("pred p[x$: A] {}");
    assert_eq!(at, "x$");
    let (_, at) = module_error("fact { all a$b: A | a$b in A }");
    assert_eq!(at, "a$b");
    let (_, at) = module_error("l$: run {}");
    assert_eq!(at, "l$");
    // Names with `$` can still be used.
    assert_eq!(expr("A$0 + this$field"), "(+ A$0 this$field)");
}

#[test]
fn lexical_errors() {
    let (message, at) = module_error("sig A { f: 1_000 }");
    assert_eq!(
        message,
        "`1_000` is not a number: `_` separators are not allowed in numbers"
    );
    assert_eq!(at, "1_000");
    let (message, at) = module_error("fact { 12abc = x }");
    assert_eq!(
        message,
        "`12abc` is not a valid name or number: a name cannot start with a digit"
    );
    assert_eq!(at, "12abc");
    let (message, at) = module_error("fact { x = 0x3 }");
    assert!(message.contains("hexadecimal"), "{message}");
    assert_eq!(at, "0x3");
    assert_eq!(expr("0x0F + 0x_01_00 + 0b101"), "(+ (+ 15 256) 5)");
    let (message, at) = module_error("fact { a ? b }");
    assert_eq!(message, "unexpected character `?` (U+003F)");
    assert_eq!(at, "?");
    let (message, at) = module_error("fact { a \u{20AC} b }");
    assert_eq!(message, "unexpected character `\u{20AC}` (U+20AC)");
    assert_eq!(at, "\u{20AC}", "the span covers the whole character");
    let errors = parse_module("fact { a ? b } fact { 1_0 }", F).unwrap_err();
    assert_eq!(errors.len(), 2, "every lexical error is reported");
    let (message, at) = module_error("sig A {} /* never closed");
    assert!(
        message.starts_with("unterminated block comment"),
        "{message}"
    );
    assert_eq!(at, "/*");
    let (message, at) = module_error("fact \"no end {}");
    assert!(message.starts_with("unterminated string"), "{message}");
    assert_eq!(at, "\"no end {}");
    let (message, at) = module_error("fact \"bad \\t escape\" {}");
    assert!(message.starts_with("invalid escape"), "{message}");
    assert_eq!(at, "\\t");
    let (message, _) = module_error("fact \"\" {}");
    assert_eq!(message, "empty string literals are not allowed");
}

#[test]
fn lexical_details() {
    assert_eq!(
        expr("a\"b + $x"),
        "(+ a\"b $x)",
        "`\"` inside and `$` in names"
    );
    assert_eq!(expr("a::b"), "(. a b)", "`::` is `.`");
    assert_eq!(
        expr("a -- comment\n + b // more\n + /* block */ c"),
        "(+ (+ a b) c)"
    );
    assert_eq!(expr("/* no /* nesting */ a"), "a");
    assert_eq!(
        toks("disjoint")[0],
        Tok::Disj,
        "the Alloy 4 spelling, still used in Alloy's tests"
    );
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let deep = format!(
        "{}a{}",
        "(".repeat(MAX_NESTING + 1),
        ")".repeat(MAX_NESTING + 1)
    );
    let errors = parse_expr(&deep, F).unwrap_err();
    assert!(
        errors[0].message.contains("nested too deeply"),
        "{}",
        errors[0].message
    );
    let span = errors[0].span.unwrap();
    assert_eq!(span.start as usize, MAX_NESTING);

    let nots = format!("{}a", "!".repeat(5 * MAX_NESTING));
    let errors = parse_expr(&nots, F).unwrap_err();
    assert!(
        errors[0].message.contains("nested too deeply"),
        "{}",
        errors[0].message
    );

    let chain = vec!["a"; 5 * MAX_NESTING].join(" + ");
    let errors = parse_module(&format!("fact {{ {chain} }}"), F).unwrap_err();
    assert!(errors[0].message.contains("nested too deeply"));

    let binders = format!("{}p", "some x: A | ".repeat(2 * MAX_NESTING));
    assert!(parse_expr(&binders, F).is_err());

    // The deepest tree a short input (parsed on the caller's thread) can build.
    let short = format!("{}a", "!".repeat(4000));
    assert!(parse_expr(&short, F).is_err());
    let short_chain = vec!["a"; 2000].join("+");
    assert!(parse_expr(&short_chain, F).is_err());

    // Just under the limits is fine.
    let ok = format!("{}a{}", "(".repeat(200), ")".repeat(200));
    assert_eq!(expr(&ok), "a");
    let long = vec!["a"; 500].join(" + ");
    parse_expr(&long, F).unwrap();
}

#[test]
fn diagnostics_have_spans_in_the_given_file() {
    let errors = parse_module("sig A { f: }", FileId(3)).unwrap_err();
    assert_eq!(errors[0].span.map(|s| s.file), Some(FileId(3)));
    assert_eq!(errors[0].span, Some(Span::new(FileId(3), 11, 12)));
}

#[test]
fn common_mistakes_get_precise_messages() {
    let cases = [
        (
            "pred p[x: A] { x in A",
            "",
            "syntax error: expected one of `}`, an expression, found end of input",
        ),
        (
            "sig A { f: B",
            "",
            "syntax error: expected one of `}`, `,`, found end of input",
        ),
        (
            "fact { all x: A x in B }",
            "x",
            "syntax error: expected one of `,`, `{`, `|`, found `x`",
        ),
        (
            "run p for",
            "",
            "syntax error: expected one of `exactly`, a number, found end of input",
        ),
        (
            "open util/ordering[",
            "",
            "syntax error: expected one of `]`, a signature name, found end of input",
        ),
        ("sig { }", "{", "syntax error: expected a name, found `{`"),
        (
            "fact { (a + b }",
            "}",
            "syntax error: expected `)`, found `}`",
        ),
        (
            "fun f[x: A] { x }",
            "{ x }",
            "syntax error: expected `:` and the result type of the function",
        ),
        (
            "fact { let x = 3 }",
            "}",
            "syntax error: expected one of `,`, `{`, `|`, found `}`",
        ),
        (
            "sig A {} sig B extends {}",
            "{",
            "syntax error: expected a signature name, found `{`",
        ),
        (
            "pred p { some A } { }",
            "{",
            "syntax error: expected a paragraph (`sig`, `fact`, `pred`, `fun`, `assert`, `run`, `check`, ...), found `{`",
        ),
    ];
    for (text, at, message) in cases {
        assert_eq!(
            module_error(text),
            (message.to_string(), at.to_string()),
            "{text}"
        );
    }
    let errors = parse_module("fact { all x | p }", F).unwrap_err();
    assert_eq!(
        errors[0].message,
        "syntax error: expected one of `}`, an expression, found `all`"
    );
    assert_eq!(
        errors[0].help.as_deref(),
        Some("a quantified formula is written `all x: S | F`")
    );
}

// ---------------------------------------------------------------------------------------
// Alloy 6's temporal syntax (precedence from Alloy 6's grammar, `P/Alloy.cup`).
// ---------------------------------------------------------------------------------------

#[test]
fn temporal_connectives_bind_as_in_alloy_6() {
    // Unary connectives bind like `not`; binary ones above `and`, left associative.
    assert_eq!(expr("always p until q"), "(until (always p) q)");
    assert_eq!(expr("p and q until r"), "(&& p (until q r))");
    assert_eq!(expr("p until q since r"), "(since (until p q) r)");
    assert_eq!(expr("not p releases q"), "(releases (! p) q)");
    assert_eq!(
        expr("eventually historically once before after p"),
        "(eventually (historically (once (before (after p)))))"
    );
    // `;` is lowest of all and right associative: `p ; q` is `p and after q`.
    assert_eq!(expr("p and q ; r"), "(&& (&& p q) (after r))");
    assert_eq!(expr("p ; q ; r"), "(&& p (after (&& q (after r))))");
    assert_eq!(expr("p or q ; r"), "(&& (|| p q) (after r))");
    // A prime binds tightest: `x.f'` primes `f` alone.
    assert_eq!(expr("x.f'"), "(. x (' f))");
    assert_eq!(expr("(x.f)' = x.f"), "(= (' (. x f)) (. x f))");
    assert_eq!(expr("x' - y"), "(- (' x) y)");
    assert_eq!(expr("~r'"), "(~ (' r))");
    // A quantifier body takes the connectives, `;` included.
    assert_eq!(
        expr("all x: A | always x in V ; no V"),
        "(all [x: A] (&& (always (in x V)) (after (no V))))"
    );
}

#[test]
fn var_sigs_fields_and_steps_scopes() {
    let m = module("var sig V {}\nsig A { var f: set A, g: lone A }\nvar sig W in A {}");
    let sigs: Vec<&SigDecl> = m
        .paragraphs
        .iter()
        .filter_map(|p| match p {
            Paragraph::Sig(s) => Some(s),
            _ => None,
        })
        .collect();
    assert!(sigs[0].qualifiers.var.is_some());
    assert!(sigs[1].qualifiers.var.is_none());
    assert!(sigs[2].qualifiers.var.is_some());
    assert!(sigs[1].fields[0].var.is_some());
    assert!(sigs[1].fields[1].var.is_none());
    let steps = |text: &str| {
        let m = module(text);
        match &m.paragraphs[0] {
            Paragraph::Command(c) => c
                .scope
                .as_ref()
                .and_then(|s| s.steps)
                .map(|s| (s.min, s.max)),
            _ => panic!("not a command"),
        }
    };
    assert_eq!(steps("run {} for 3"), None);
    assert_eq!(steps("run {} for 3 but 4 steps"), Some((1, Some(4))));
    assert_eq!(
        steps("run {} for 3 but exactly 4 steps"),
        Some((4, Some(4)))
    );
    assert_eq!(
        steps("run {} for 3 but 2..5 steps, 2 A"),
        Some((2, Some(5)))
    );
    assert_eq!(steps("run {} for 1.. steps"), Some((1, None)));
    let (message, at) = module_error("run {} for 3 but 0 steps");
    assert_eq!(
        message,
        "syntax error: a trace has at least one step, and a range of `steps` must not be empty"
    );
    assert_eq!(at, "0 steps");
    let (message, _) = module_error("run {} for 3 but 5..3 steps");
    assert!(message.contains("must not be empty"), "{message}");
    let (message, at) = module_error("run {} for 2..4 steps, 3 steps");
    assert_eq!(
        message,
        "syntax error: the `steps` scope cannot be given more than once"
    );
    assert_eq!(at, "3 steps");
    let (message, at) = module_error("run {} for 2.. steps");
    assert_eq!(
        message,
        "syntax error: an unbounded `steps` scope must start at 1 (`1.. steps`)"
    );
    assert_eq!(at, "2.. steps");
}

#[test]
fn primed_names_of_alloy_4_get_a_message_that_says_so() {
    let (message, at) = module_error("pred p[s, s': S] {}");
    assert_eq!(
        message,
        "syntax error: `s'` is not a name in Alloy 6: `'` means the value in the next state (Alloy 4 allowed primes in names); rename it, e.g. `s1`"
    );
    assert_eq!(at, "s'");
}
