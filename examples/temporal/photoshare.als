// A photo-sharing network: members follow each other and publish posts that are either
// public or for followers only. Written for solder's temporal examples; each `expect` is
// the verdict of Alloy 6 (built from source, SAT4J), 2026-12-07.

sig Member {
  var follows: set Member,
  var wrote: set Post
}
sig Post {}
var sig Public in Post {}

fact start { no follows and no wrote and no Public }

fun published: set Post { Member.wrote }
fun sees[m: Member]: set Post { m.wrote + (m.follows.wrote) + (published & Public) }

pred follow[a, b: Member] {
  a != b and b not in a.follows
  follows' = follows + a -> b
  wrote' = wrote and Public' = Public
}
pred unfollow[a, b: Member] {
  b in a.follows
  follows' = follows - a -> b
  wrote' = wrote and Public' = Public
}
pred publish[a: Member, p: Post, vis: lone Post] {
  p not in published
  wrote' = wrote + a -> p
  Public' = Public + (p & vis)
  follows' = follows
}
pred hide[a: Member, p: Post] {
  p in a.wrote & Public
  Public' = Public - p
  follows' = follows and wrote' = wrote
}
pred nothing { follows' = follows and wrote' = wrote and Public' = Public }

fact behaviour {
  always (nothing or some a: Member | (some b: Member | follow[a, b] or unfollow[a, b])
    or some p: Post | hide[a, p] or publish[a, p, p] or publish[a, p, none])
}

// Somebody sees a follower-only post of somebody else.
run followerSees { eventually some disj a, b: Member | some p: b.wrote - Public | p in sees[a] } for 3 but 4 steps expect 1

// Every post has at most one author, forever.
assert singleAuthor { always all p: Post | lone wrote.p }
check singleAuthor for 3 but 6 steps expect 0

// A member sees a hidden post of someone else only while following its author.
assert privacy { always all m: Member, p: published - Public - m.wrote | p in sees[m] implies wrote.p in m.follows }
check privacy for 3 but 6 steps expect 0

// Wrong: what one can see stays visible (unfollowing and hiding take it away).
assert visibleStays { always all m: Member, p: sees[m] | after p in sees[m] }
check visibleStays for 3 but 6 steps expect 1

// Posts, once published, are never unpublished.
assert noUnpublish { always all p: Post | (once p in published) implies p in published }
check noUnpublish for 3 but 6 steps expect 0
