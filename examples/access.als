-- Role-based access control: users hold roles, roles grant actions on resources, owners may
-- do anything with what they own, and an optional auditor may only read.
--
-- Shows off: `enum`, `lone sig ... extends`, a ternary field (`grants: Resource -> Action`,
-- a relation Role -> Resource -> Action), a `private` fun, top-level `let` macros in both
-- forms (block and `=`), overloading (two preds `allowed`, one for users and one for roles,
-- picked by argument type), word-form operators `not and or implies`, a quantifier bound
-- that mentions an earlier variable (`g: u.roles`), `some disj`, a labelled command,
-- `check name`, `run { ... }`, default scope.

module access

enum Action { Read, Write, Delete }

sig User { roles: set Role }
lone sig Auditor extends User {}
sig Role { grants: Resource -> Action }
sig Resource { owner: lone User }

-- what each user's roles grant, as User -> Resource -> Action
private fun perms: User -> Resource -> Action { roles.grants }

let may[u, r, a] { u -> r -> a in perms }
let owns[u, r] = u in r.owner

pred allowed[u: User, r: Resource, a: Action] { may[u, r, a] or owns[u, r] }
pred allowed[g: Role, r: Resource, a: Action] { r -> a in g.grants }

fact deleteNeedsWrite { all g: Role | g.grants.Delete in g.grants.Write }

fact auditorsOnlyRead {
  no owner.Auditor
  all x: Auditor | x.roles.grants in Resource -> Read
}

assert auditorCannotDelete { all x: Auditor, r: Resource | not allowed[x, r, Delete] }

assert deleteImpliesWrite {
  all u: User, r: Resource | allowed[u, r, Delete] implies allowed[u, r, Write]
}

assert writeImpliesRead {
  all u: User, r: Resource | allowed[u, r, Write] implies allowed[u, r, Read]
}

assert roleGrantsReachMembers {
  all u: User, g: u.roles, r: Resource, a: Action | allowed[g, r, a] implies allowed[u, r, a]
}

-- An auditor's roles grant only Read, and an auditor owns nothing.
check auditorCannotDelete expect 0

-- Through ownership both hold; through a role g, deleteNeedsWrite puts r -> Write in g.grants.
check deleteImpliesWrite expect 0

-- Counterexample: user u has role g with g.grants = r -> Write, and r has no owner.
check writeImpliesRead expect 1

-- If g is one of u's roles, everything g grants is in u's perms.
check roleGrantsReachMembers expect 0

-- Witness: users u1 and u2 both hold a role that grants Write on an unowned resource r.
sharedWrite: run {
  some disj u1, u2: User | some r: Resource |
    no r.owner and allowed[u1, r, Write] and allowed[u2, r, Write]
} expect 1

-- Witness: a user with no roles owns a resource.
run { some u: User | some r: Resource | owns[u, r] and not may[u, r, Read] } expect 1
