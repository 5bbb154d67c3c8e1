//! Names, types and elaboration: from syntax trees to a core-logic problem with bounds.
