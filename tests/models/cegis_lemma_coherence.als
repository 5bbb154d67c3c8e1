-- Regression (issue 10.1): with CaDiCaL candidates and varisat verifiers CEGIS looped
-- forever. The verifier grounded the first-order `v` before the `lone` witness `t`, made
-- one witness for `t` per atom of V, and read the counterexample from the wrong one, so
-- the lemma did not exclude its candidate.
sig U { link: set U, owns: set V }
sig W {}
sig V { tag: U -> W }
pred plain { all v: V, w: W, a, b: U | (a->v in owns and v->b->w in tag) => a->b in link }
pred lifted { all s: set U, v: V, t: lone U, w: W |
                (v->s->w in tag and t->v != owns) => t->s in link }
run { lifted and not plain } for 2 expect 1
-- The same obligation with the quantifiers in another order.
pred lifted2 { all v: V, t: lone U, w: W, s: set U |
                (v->s->w in tag and t->v != owns) => t->s in link }
run { lifted2 and not plain } for 2 expect 1
