-- Two injective functions between men and platforms force as many of each, so every
-- platform is someone's: a double pigeonhole that is hard for CDCL when injectivity is
-- written as `a.p != b.p` (see `--no-singleton-overlap`).
sig Man { p: one Platform }
sig Platform { m: one Man }

fact injective {
  all disj a, b: Man | a.p != b.p
  all disj a, b: Platform | a.m != b.m
}

check everyPlatformTaken { Platform in Man.p } for 10 expect 0
