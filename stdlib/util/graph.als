module util/graph[node]

-- Graph properties of a binary relation r over node.

open util/relation as rel

-- nodes that no edge enters / that no edge leaves
fun roots[r: node -> node]: set node { node - node.^r }
fun leaves[r: node -> node]: set node { node - node.^(~r) }
fun innerNodes[r: node -> node]: set node { node - roots[r] - leaves[r] }

pred undirected[r: node -> node] { symmetric[r] }
pred noSelfLoops[r: node -> node] { irreflexive[r] }
pred weaklyConnected[r: node -> node] { all n1, n2: node | n1 in n2.*(r + ~r) }
pred stronglyConnected[r: node -> node] { all n1, n2: node | n1 in n2.*r }
pred rootedAt[r: node -> node, root: node] { node in root.*r }
-- r is a single cycle through every node
pred ring[r: node -> node] { all n: node | one n.r and rootedAt[r, n] }
pred dag[r: node -> node] { acyclic[r, node] }
-- every node has at most one parent
pred forest[r: node -> node] { dag[r] and injective[r, node] }
pred tree[r: node -> node] { forest[r] and lone roots[r] }
pred treeRootedAt[r: node -> node, root: node] { forest[r] and rootedAt[r, root] }
