//! The random problem generator checked against the evaluator: everything it makes is
//! well-formed (evaluates without error on instances within its bounds) and brute-force
//! countable.

use crate::common::random_problem;

use random_problem::{
    MAX_FREE_TUPLES, Rng, free_tuples, random_exists_forall_problem, random_instance,
    random_problem,
};
use solder::instance::brute::{count_models, for_each_instance};
use solder::instance::evaluate::eval_formula;

#[test]
fn random_formulas_evaluate_without_error() {
    let mut rng = Rng::new(1);
    let (mut true_count, mut false_count) = (0, 0);
    for seed in 0..1000 {
        let p = random_problem(seed);
        for _ in 0..5 {
            let inst = random_instance(&p.bounds, &mut rng);
            match eval_formula(&inst, &p.formula) {
                Ok(true) => true_count += 1,
                Ok(false) => false_count += 1,
                Err(e) => panic!("seed {seed}: {e}\n{}", p.formula),
            }
        }
    }
    // Formulas that are always true or always false would make poor differential tests.
    assert!(
        true_count > 1000 && false_count > 1000,
        "{true_count} true, {false_count} false"
    );
}

#[test]
fn random_exists_forall_formulas_evaluate_without_error() {
    let mut rng = Rng::new(2);
    for seed in 0..200 {
        let p = random_exists_forall_problem(seed);
        let inst = random_instance(&p.bounds, &mut rng);
        if let Err(e) = eval_formula(&inst, &p.formula) {
            panic!("seed {seed}: {e}\n{}", p.formula);
        }
    }
}

#[test]
fn random_problems_are_brute_force_countable() {
    for seed in 0..100 {
        let p = random_problem(seed);
        let limit = 1u64 << MAX_FREE_TUPLES;
        let models = count_models(&p.bounds, &p.formula, limit).unwrap();
        let mut instances = 0u64;
        for_each_instance(&p.bounds, limit, |_| {
            instances += 1;
            true
        })
        .unwrap();
        assert_eq!(instances, 1 << free_tuples(&p.bounds));
        assert!(models <= instances);
    }
}
