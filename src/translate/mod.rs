//! Core logic to CNF: boolean matrices, the hash-consed circuit, symmetry breaking, Tseitin.
//!
//! The flow is Kodkod's: [`translator::Translator`] turns relations into sparse
//! [`matrix::Matrix`]es of circuit literals and formulas into one [`circuit::Bit`] of a
//! hash-consed [`circuit::Circuit`]; [`symmetry`] adds lex-leader predicates to the same
//! circuit; [`cnf::CnfEmitter`] writes the needed gates into a SAT backend, incrementally, so
//! that the same circuit can keep growing (blocking clauses, CEGIS refinements).
//!
//! This module owns no knowledge of Alloy and does not solve: it only builds and emits.

pub mod bitvec;
pub mod circuit;
pub mod cnf;
pub mod ladder;
pub mod matrix;
pub mod symmetry;
pub mod translator;

pub use circuit::{Bit, Circuit, Gate};
pub use cnf::CnfEmitter;
pub use matrix::Matrix;
pub use translator::{Primary, Translator};

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// The default limit on circuit nodes: about 1.5 GB of circuit before translation gives up
/// with [`crate::logic::SolveError::TooLarge`].
pub const DEFAULT_GATE_LIMIT: usize = 20_000_000;

/// The largest single matrix (number of possibly-true tuples) a translation may build.
pub const MAX_MATRIX_CELLS: usize = 50_000_000;

/// A small multiplicative hasher (the Fx scheme) for the hot integer-keyed maps of the
/// translation; std's SipHash is several times slower there and its DoS resistance is
/// not needed on keys we generate ourselves.
#[derive(Default, Clone, Copy)]
pub(crate) struct FxHasher {
    hash: u64,
}

const FX_SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl FxHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(FX_SEED);
    }
}

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.add(i as u64);
    }
    fn write_u32(&mut self, i: u32) {
        self.add(i as u64);
    }
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }
    fn finish(&self) -> u64 {
        self.hash
    }
}

pub(crate) type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;
pub(crate) type FastSet<K> = std::collections::HashSet<K, BuildHasherDefault<FxHasher>>;
