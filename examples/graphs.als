-- Directed multigraphs with explicit edge atoms, and properties from util/graph: DAGs,
-- trees, weak and strong connectivity, rings.
--
-- Shows off: `open util/graph[Node]`, unary fields without a keyword (meaning `one`),
-- `sig A, B`-style field lists (`src, dst: Node`), a parameterless fun used as a relation,
-- `~`, a binder swallowing to the right (`p and all n: Node | q or r`), `implies`,
-- `some`/`no`/`one` tests, per-sig scopes with no overall scope (`for 3 Node, 2 Edge`),
-- `exactly`, `check name`, `run name`, `run { ... }`, a labelled command.

module graphs

open util/graph[Node]

sig Node {}
sig Edge {
  src, dst: Node
}

-- the adjacency relation: n -> m when some edge goes from n to m
fun links: Node -> Node { ~src.dst }

-- The quantifier swallows the rest: dag[links] and (all n: Node | (some n.links or some links.n)),
-- i.e. an acyclic graph in which every node touches an edge.
pred someDag { dag[links] and all n: Node | some n.links or some links.n }

assert treeHasOneRoot { tree[links] and some Node implies one roots[links] }
assert weakImpliesStrong { weaklyConnected[links] implies stronglyConnected[links] }
-- (dag[links] and some Edge) implies (some n: Node | (no links.n and some n.links))
assert dagHasSource { dag[links] and some Edge implies some n: Node | no links.n and some n.links }

-- Witness: nodes a, b and one edge a -> b.
run someDag for 3 Node, 2 Edge expect 1

-- A tree has at most one root; a non-empty finite DAG has at least one (walk edges backwards).
check treeHasOneRoot for 4 Node, 4 Edge expect 0

-- Counterexample: nodes a, b and one edge a -> b: weakly but not strongly connected.
check weakImpliesStrong for 3 Node, 3 Edge expect 1

-- Walking backwards from an edge's source must stop (acyclic, finite) at a node with no
-- incoming edge; every node on that walk, including the last, has an outgoing edge.
check dagHasSource for 4 Node, 4 Edge expect 0

-- In a ring every one of the 3 nodes has an outgoing edge, and an edge has only one source,
-- so 3 edges are needed.
run { ring[links] } for exactly 3 Node, 2 Edge expect 0

-- Witness: a -> b -> c -> a with one edge each.
ring3: run { ring[links] } for exactly 3 Node, 3 Edge expect 1
