-- A library for tests/declarations.rs: multiplicities and facts of an opened module
-- apply to every model that opens it, and its private names stay inside.
module modules/decl_lib
one sig Root {}
lone sig Maybe {}
sig Item { private secret: lone Item }
private sig Hidden {}
fact { some Hidden }
