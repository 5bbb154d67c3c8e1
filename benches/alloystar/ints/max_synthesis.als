-- Alloy* benchmark "program synthesis" (Milicevic et al., ICSE 2015; the SyGuS max-of-n
-- problems): find an expression over the variables x1..xn, built from if-then-else and
-- comparisons, that computes the maximum of the n integers for all inputs. The program is
-- a DAG over a bounded set of nodes (the model's sigs and fields, so the solver picks it),
-- the variables are the atoms of Var (n = the scope of Var), and:
--
--     some root: IntNode | all inputs | value of root = the largest input
--
-- Two encodings of "the value of root":
--  - as Alloy* states it (labels max2, max3, ...): the evaluation is a universally
--    quantified relation v: IntNode -> Int (with t, the comparisons that hold), and
--    `semantics[v, t] implies spec[root, v]`. The inputs are v's values on the
--    variables. A counterexample fixes a value for every node, so the lemma it teaches
--    only speaks about programs on which that whole evaluation is consistent: CEGIS needs
--    many candidates, as Alloy* did.
--  - unrolled (labels ...Unrolled): the universal is only the input (one value per
--    variable), and the values of the nodes are computed from it by k rounds of
--    evaluation (`step`), k the number of ITE nodes (a path of the acyclic program holds at
--    most k of them, so every node has its value after k rounds). A counterexample input
--    then constrains the program itself, and a handful of candidates suffice.
--
-- Expected verdicts: max of 2 needs one ITE and one comparison (ite(x1 =< x2, x2, x1));
-- max of 3 needs two of each (m = ite(x1 =< x2, x2, x1); ite(m =< x3, x3, m)), and none
-- exists with one ITE (its value is one of two variables, so the third, when strictly
-- largest, is never returned) or with one comparison (every ITE then tests the same
-- condition, so again only two variables can be returned); max of 4 needs three of
-- each. No arithmetic, so the programs are correct at every bitwidth; `3 Int`
-- (-4..3) gives the inputs 8 values each.
--
-- Scaling (release build, default options): Alloy*'s encoding takes about 50 ms for max
-- of 3 (50 candidates) and 2.5 s for max of 4 (350 candidates); unrolled, max of 4 takes
-- about 0.2 s (10 candidates). max2Unrolled spends nearly all its time re-checking the
-- instance with the evaluator, which enumerates every input relation.
module alloystar/ints/max_synthesis

abstract sig Node {}

abstract sig IntNode extends Node {}

sig Var extends IntNode {}

sig ITE extends IntNode { cond: one Cmp, then, elsen: one IntNode }

-- true when left =< right
sig Cmp extends Node { left, right: one IntNode }

fact acyclic { no iden & ^(cond + then + elsen + left + right) }

-- root is the largest input
pred spec[root: IntNode, v: IntNode -> Int] {
  all x: Var | int[x.v] =< int[root.v]
  root.v in Var.v
}

-- Alloy*'s encoding: v is an evaluation of every node, t the comparisons that hold
pred semantics[v: IntNode -> Int, t: set Cmp] {
  all n: IntNode | one n.v
  all n: ITE | n.v = (n.cond in t implies n.then.v else n.elsen.v)
  all c: Cmp | c in t iff int[c.left.v] =< int[c.right.v]
}

pred synth {
  some root: IntNode |
    all v: IntNode -> Int, t: set Cmp | semantics[v, t] implies spec[root, v]
}

max2: run synth for exactly 2 Var, 1 ITE, 1 Cmp, 3 Int expect 1
max3: run synth for exactly 3 Var, 2 ITE, 2 Cmp, 3 Int expect 1
max3Roomy: run synth for exactly 3 Var, 3 ITE, 3 Cmp, 3 Int expect 1
max4: run synth for exactly 4 Var, 3 ITE, 3 Cmp, 3 Int expect 1
max2NoIte: run synth for exactly 2 Var, 0 ITE, 2 Cmp, 3 Int expect 0
max3OneIte: run synth for exactly 3 Var, 1 ITE, 3 Cmp, 3 Int expect 0
max3OneCmp: run synth for exactly 3 Var, 3 ITE, 1 Cmp, 3 Int expect 0

-- the unrolled encoding: one round of evaluation gives each variable its input and each
-- ITE the value its condition selects under v
fun step[input: Var -> Int, v: IntNode -> Int]: IntNode -> Int {
  input + { n: ITE, i: Int |
    int[n.cond.left.v] =< int[n.cond.right.v] implies i in n.then.v else i in n.elsen.v }
}

-- k rounds for programs of at most k ITE nodes
fun eval1[input: Var -> Int]: IntNode -> Int { step[input, input] }
fun eval2[input: Var -> Int]: IntNode -> Int { step[input, eval1[input]] }
fun eval3[input: Var -> Int]: IntNode -> Int { step[input, eval2[input]] }

-- i gives every variable one value
pred assignment[i: Var -> Int] { all x: Var | one x.i }

pred synth1 {
  some root: IntNode | all i: Var -> Int | assignment[i] implies spec[root, eval1[i]]
}
pred synth2 {
  some root: IntNode | all i: Var -> Int | assignment[i] implies spec[root, eval2[i]]
}
pred synth3 {
  some root: IntNode | all i: Var -> Int | assignment[i] implies spec[root, eval3[i]]
}

max2Unrolled: run synth1 for exactly 2 Var, 1 ITE, 1 Cmp, 3 Int expect 1
max3Unrolled: run synth2 for exactly 3 Var, 2 ITE, 2 Cmp, 3 Int expect 1
max3RoomyUnrolled: run synth3 for exactly 3 Var, 3 ITE, 3 Cmp, 3 Int expect 1
max4Unrolled: run synth3 for exactly 4 Var, 3 ITE, 3 Cmp, 3 Int expect 1
max3OneIteUnrolled: run synth1 for exactly 3 Var, 1 ITE, 3 Cmp, 3 Int expect 0
max3OneCmpUnrolled: run synth3 for exactly 3 Var, 3 ITE, 1 Cmp, 3 Int expect 0
max4TwoIteUnrolled: run synth2 for exactly 4 Var, 2 ITE, 3 Cmp, 3 Int expect 0
