-- Strings: users with names and roles in an access policy. As in Alloy, `String` holds one
-- atom per string literal a command mentions (in its facts, body and the preds it calls),
-- and strings compare only by equality.
--
-- Shows off: `String` fields, string literals, equality and `in` on strings, `#` of a set
-- of strings, a pred that mentions a literal.

sig User {
  name: String,
  role: String
}

fact roles { User.role in "admin" + "editor" + "viewer" }
fact uniqueNames { all disj u, v: User | u.name != v.name }

pred canEdit[u: User] { u.role in "admin" + "editor" }

-- Names are strings too: three users need three literals to be named after.
run threeUsers {
  #User = 3
  User.name = "ann" + "bob" + "cy"
  one u: User | u.role = "admin"
} for 3 expect 1

-- Without a third name literal, three users cannot have distinct names.
run threeUsersTwoNames {
  #User = 3
  User.name in "ann" + "bob"
} for 3 expect 0

-- Every admin can edit.
check adminsCanEdit { all u: User | u.role = "admin" implies canEdit[u] } for 3 expect 0

-- Viewers cannot edit, and at most three distinct roles exist.
check viewersCannotEdit {
  all u: User | u.role = "viewer" implies not canEdit[u]
  #User.role =< 3
} for 4 expect 0
