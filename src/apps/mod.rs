//! Applications built on the engine through `session`: the isolation workflows
//! (`classify`, `compare`, histories) and `programs`. Each turns its own results into
//! text with `render`'s helpers; nothing below this layer knows an app's types.

pub mod isolation;
pub mod programs;
