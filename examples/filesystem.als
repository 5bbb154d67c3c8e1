-- A file system: directories map names to files and directories, everything hangs off one
-- root, and there are no cycles. `path` gives the directories above an object.
--
-- Shows off: `abstract sig`, `extends`, `one sig`, a ternary field with an arrow
-- multiplicity (`entries: Name -> lone Object`, a relation Dir -> Name -> Object), a sig fact
-- using implicit `this` and a field of `this`, a comprehension over two variables, `~ ^ *`,
-- box join, `none`, `- !in`, `one`/`no`/`some` tests, an anonymous fact, `check name`,
-- `run name`, `run { ... }`, `for N`, `for N but M X`, default scope.

module filesystem

sig Name {}

abstract sig Object {}
sig File extends Object {}
sig Dir extends Object {
  entries: Name -> lone Object
} {
  -- in a sig fact `entries` means `this.entries`, so this says: a directory never lists itself
  this !in entries[Name]
}
one sig Root extends Dir {}

-- d contains o when some name in d refers to o
fun contains: Dir -> Object { { d: Dir, o: Object | some d.entries.o } }

-- the directories above o, nearest first
fun path[o: Object]: set Dir { o.^(~contains) }

fact {
  no contains.Root
  Object in Root.*contains
  all o: Object - Root | one contains.o
}

assert noCycles { no d: Dir | d in d.^contains }
assert rootAboveAll { all o: Object - Root | Root in path[o] }
assert oneNamePerObject { all o: Object - Root | one contains.o.entries.o }

pred deepFile { some f: File | some path[f] - Root }

-- Every object but Root has exactly one container and is reachable from Root, which has none.
-- On a cycle, the first cycle node x reached from Root is not Root (Root has no container), so
-- x would have two containers: its cycle predecessor and its predecessor on the path.
check noCycles for 5 expect 0

-- Every object other than Root is reachable from Root, so Root lies above it.
check rootAboveAll for 5 expect 0

-- Counterexample: Root lists file F under two names, n1 -> F and n2 -> F. Nothing forbids
-- aliases inside one directory: `lone` only limits what one name refers to.
check oneNamePerObject expect 1

-- Witness: Root -n1-> directory D -n1-> file F; path[F] = {D, Root}.
run deepFile for 4 but 2 Name expect 1

-- An empty Root contains nothing, so Root.*contains = Root and no file is reachable.
run { Root.entries.Object = none and some File } expect 0
