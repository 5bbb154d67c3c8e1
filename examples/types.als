-- A class/interface hierarchy in the style of Java: single inheritance for classes, rooted
-- at Object; classes implement interfaces; interfaces extend interfaces; no cycles. A subset
-- sig marks deprecated types, and deprecation spreads to subtypes.
--
-- Shows off: `open util/relation` (acyclic, partialOrder, totalOrder), `abstract`,
-- `extends`, `one sig`, a subset sig with two parents (`sig Deprecated in Class + Interface`),
-- `set`/`lone` fields, a union of fields of different sigs, `^`, `*`, `iden`, `<:`, `&`, the
-- `some disj` quantifier, a pred used as a command, `for N`, `for N but M X` on a subsig,
-- `check name`, `check { ... }`, an anonymous fact.

module types

open util/relation

abstract sig Type {
  supertypes: set Type
}
sig Class extends Type {
  ext: lone Class,
  impls: set Interface
}
sig Interface extends Type {
  exts: set Interface
}
one sig Object extends Class {}

sig Deprecated in Class + Interface {}

fact declaredSupertypes { supertypes = ext + impls + exts }

fact {
  acyclic[supertypes, Type]
  no Object.ext
  all c: Class - Object | one c.ext
}

fact deprecationSpreads { supertypes.Deprecated in Deprecated }

-- reflexive-transitive subtyping over Type
fun subtypeOf: Type -> Type { ^supertypes + (Type <: iden) }

pred diamond {
  some disj top, left, right, bottom: Interface |
    left + right in bottom.exts and top in left.exts & right.exts
}

assert subtypingIsPartialOrder { partialOrder[subtypeOf, Type] }
assert subtypingIsTotal { totalOrder[subtypeOf, Type] }

-- Reflexive by the iden part, transitive by construction; a pair in both directions between
-- distinct types would put a type on a supertypes cycle, which `acyclic` forbids.
check subtypingIsPartialOrder expect 0

-- Counterexample: Object and an interface I with no supertypes are unrelated.
check subtypingIsTotal expect 1

-- Witness: Object plus interfaces top, left, right, bottom, with bottom extending left and
-- right, and both of those extending top.
run diamond for 5 expect 1

-- A diamond needs four distinct interfaces, and only three are allowed.
run diamond for 5 but 3 Interface expect 0

-- Every class's ext chain ends at Object (one ext each, no cycles), and deprecation travels
-- down that chain from Object to every class.
check { Object in Deprecated implies Class in Deprecated } expect 0

-- Counterexample: Object is deprecated, an interface with no supertypes is not.
check { Object in Deprecated implies Type in Deprecated } expect 1
