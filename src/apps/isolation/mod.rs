//! Isolation workflows over the library in `stdlib/isolation`: reading concrete
//! histories (`parse`, `edn`), classifying them against every level (`classify`),
//! comparing levels pairwise (`compare`), naming the dependency cycle behind an Adya
//! level's failure (`dsg`), and splitting classify or compare over machines (`shard`,
//! `parts`).
//! Levels are decided by the library's own definitions through the ordinary pipeline;
//! this module builds the models and reads the answers.

pub mod builder;
pub mod classify;
pub mod compare;
pub mod dsg;
pub mod edn;
pub mod history;
pub mod levels;
pub mod native;
pub mod parse;
pub mod parts;
pub mod saturation;
pub mod sessions;
pub mod shard;
pub mod view;
