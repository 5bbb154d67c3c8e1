-- Large bounds, trivial formula: the fixed costs (bounds, translation, CNF, symmetry
-- breaking, verification) at 125,000 primary variables.
sig A { f: A -> A }

run wide {} for 50 expect 1
