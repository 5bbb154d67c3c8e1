-- Alloy* benchmark "max cut" (Milicevic et al., ICSE 2015, graph problems), with
-- integers: the crossing edges are counted with `#`, as in Alloy*'s model (the
-- injection version, ../max_cut.als, compares cuts by a 4-ary map quantified as a
-- relation). The cut of a side s is cut[s] = adj & (s -> (Node - s)), which holds each
-- crossing edge once (oriented from s), and "s is a maximum cut" is
--     all t: set Node | #cut[t] =< #cut[s]
-- an exists-forall problem over a set, solved by CEGIS (each counterexample a better t).
--
-- The commands and labels are those of ../max_cut.als, and the search goes on to 8
-- nodes (maxCut7, maxCut8: the Alloy* paper's largest graphs). Bitwidth: a cut holds at
-- most 4 * 4 = 16 edges and the graphs of the checks (5 nodes) at most 20 pairs, so
-- `6 Int` (-32..31) everywhere.
--
-- Scaling (release build, default options): maxCut8 about 20 ms (6 candidates); the
-- checks at 5 nodes 10-30 ms. The injection version takes about 70 s at 7 nodes and
-- 110 s at 8 (some 900 candidates and 30,000 counterexamples).
module alloystar/ints/max_cut

sig Node { adj: set Node }

fact undirected { adj = ~adj and no iden & adj }

pred connected { all n: Node | Node in n.*adj }

fun cut[s: set Node]: Node -> Node { adj & (s -> (Node - s)) }

-- the edges cut by s, in both directions
fun crossing[s: set Node]: Node -> Node { cut[s] + ~(cut[s]) }

pred maxCut[s: set Node] { all t: set Node | #cut[t] =< #cut[s] }

-- (a) a connected graph and a maximum cut that cannot cut every edge (an odd cycle)
pred imperfectMaxCut {
  connected
  some s: set Node | maxCut[s] and some adj - crossing[s]
}

maxCut3: run imperfectMaxCut for exactly 3 Node, 6 Int expect 1
maxCut4: run imperfectMaxCut for exactly 4 Node, 6 Int expect 1
maxCut5: run imperfectMaxCut for exactly 5 Node, 6 Int expect 1
maxCut6: run imperfectMaxCut for exactly 6 Node, 6 Int expect 1
maxCut7: run imperfectMaxCut for exactly 7 Node, 6 Int expect 1
maxCut8: run imperfectMaxCut for exactly 8 Node, 6 Int expect 1

-- a connected graph whose maximum cuts leave edges uncut, with a maximum cut that is
-- not the only one up to swapping sides
run twoMaxCuts {
  connected
  some s, t: set Node |
    maxCut[s] and maxCut[t] and some adj - crossing[s] and t != s and t != Node - s
} for exactly 4 Node, 6 Int expect 1

-- (b) moving a node to the other side would gain if it had more neighbours on its side
check localOptimum {
  all s: set Node | maxCut[s] implies (all v: Node |
    let same = v.adj & (v in s implies s else Node - s) | #same =< #(v.adj - same))
} for 5 but 6 Int expect 0

-- a two-colourable graph is cut completely by every maximum cut
check bipartiteCutCompletely {
  all s: set Node |
    ((some l: set Node | adj = crossing[l]) and maxCut[s]) implies adj = crossing[s]
} for 5 but 6 Int expect 0

-- a maximum cut crosses at least half of the edges
check halfTheEdges {
  all s: set Node | maxCut[s] implies #(adj - crossing[s]) =< #crossing[s]
} for 5 but 6 Int expect 0
