//! Core logic to CNF: boolean matrices, the hash-consed circuit, symmetry breaking, Tseitin.
