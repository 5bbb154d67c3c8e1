// Issue 10.1: CEGIS did not terminate with CaDiCaL candidates and varisat verifiers
// (lemmas over `lone`/`set` quantified variables did not exclude their candidate).
sig U { link: set U, owns: set V }
sig W {}
sig V { tag: U -> W }
pred plain { all v: V, w: W, a, b: U | (a->v in owns and v->b->w in tag) => a->b in link }
pred lifted { all s: set U, v: V, t: lone U, w: W |
                (v->s->w in tag and t->v != owns) => t->s in link }
run { lifted and not plain } for 2
