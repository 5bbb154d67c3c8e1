//! The continuous fuzz target: generated and mutated inputs through every front end, in
//! worker processes, so that the oracle sees what an in-process test cannot.
//!
//! Front ends: models (mutated seeds from `examples/`, `stdlib/` and, when present, the
//! shared corpus of real Alloy models; and models from the source generator of
//! `tests/common/source_problem.rs`) through parse → check → solve with scopes clamped;
//! REPL scripts through the REPL's command parser and session; histories in `classify`'s
//! three formats (mutated examples, and generated histories in the notation); program
//! files through `solder programs`.
//!
//! A case is a finding when its worker process
//! - panics, or reports an internal error (an instance the evaluator rejects, a history
//!   that does not read back), an error without a source span, the two SAT backends
//!   disagreeing, or saturation and the library's definitions disagreeing;
//! - dies by a signal (a stack overflow, an abort on allocation);
//! - takes longer than 5 s (every case is bounded well below: solves stop at 2 s);
//! - grows past 1 GiB of resident memory.
//!
//! Findings are saved under `target/fuzz-findings/` (the input, ready to run) and
//! printed; the process exits with 1 when there is any. Each worker is restarted after a
//! finding and every few thousand cases.
//!
//! `cargo test --release` runs a seeded slice (`--cases 400`, seed 0). For hours:
//!
//! ```sh
//! cargo test --release --test fuzz_target -- --cases 1000000 --seed 1 --jobs 2
//! cargo test --release --test fuzz_target -- --hours 8 --seed 2     # until the time is up
//! cargo test --release --test fuzz_target -- --front repl --cases 5000   # one front end
//! ```

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

#[allow(dead_code)]
mod common {
    pub mod fuzzing;
    pub mod isolation_history;
    pub mod random_problem;
    pub mod source_problem;
}

use common::fuzzing::{self, CASE_LIMIT, DICTIONARY, PROGRAM_DICTIONARY, mutate};
use common::random_problem::Rng;
use solder::apps::isolation::parse::Format;

/// Resident memory past which a case is a finding.
const MEMORY_LIMIT: u64 = 1 << 30;
/// A worker is replaced after this many cases, so that one case's memory is measured
/// from a fresh baseline.
const CASES_PER_WORKER: usize = 3000;
const POLL: Duration = Duration::from_millis(20);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Front {
    MutatedModel,
    GeneratedModel,
    Repl,
    Notation,
    Json,
    Edn,
    GeneratedHistory,
    Program,
}

const FRONTS: [Front; 8] = [
    Front::MutatedModel,
    Front::GeneratedModel,
    Front::Repl,
    Front::Notation,
    Front::Json,
    Front::Edn,
    Front::GeneratedHistory,
    Front::Program,
];

impl Front {
    fn name(self) -> &'static str {
        match self {
            Front::MutatedModel => "model",
            Front::GeneratedModel => "generated-model",
            Front::Repl => "repl",
            Front::Notation => "history-txt",
            Front::Json => "history-json",
            Front::Edn => "history-edn",
            Front::GeneratedHistory => "generated-history",
            Front::Program => "program",
        }
    }

    fn extension(self) -> &'static str {
        match self {
            Front::MutatedModel | Front::GeneratedModel => "als",
            Front::Repl => "repl.txt",
            Front::Notation | Front::GeneratedHistory => "txt",
            Front::Json => "json",
            Front::Edn => "edn",
            Front::Program => "prog",
        }
    }

    fn from_name(name: &str) -> Option<Front> {
        FRONTS.into_iter().find(|f| f.name() == name)
    }
}

/// One input for a worker: the front end, where opens resolve, the level (programs),
/// and the text.
#[derive(serde::Serialize, serde::Deserialize)]
struct Case {
    front: String,
    dir: String,
    level: String,
    text: String,
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

// ---------------------------------------------------------------------------------------
// The worker: runs cases in-process, one JSON line in, one line out.
// ---------------------------------------------------------------------------------------

fn worker() {
    let stdin = std::io::stdin();
    let mut out = std::io::stdout();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { return };
        let case: Case = serde_json::from_str(&line).expect("a case from the supervisor");
        let result = run(case);
        let reply = match result {
            Ok(()) => "ok".to_string(),
            Err(why) => format!("finding {}", why.replace('\n', "\\n")),
        };
        if writeln!(out, "{reply}").and_then(|_| out.flush()).is_err() {
            return;
        }
    }
}

fn run(case: Case) -> Result<(), String> {
    let front = Front::from_name(&case.front).expect("a known front end");
    let Case {
        dir, level, text, ..
    } = case;
    fuzzing::guarded_by(move || match front {
        Front::MutatedModel | Front::GeneratedModel => fuzzing::run_case(&text, Path::new(&dir)),
        Front::Repl => fuzzing::run_repl_case(&text),
        Front::Notation | Front::GeneratedHistory => {
            fuzzing::run_history_case(&text, Format::Notation)
        }
        Front::Json => fuzzing::run_history_case(&text, Format::Json),
        Front::Edn => fuzzing::run_history_case(&text, Format::Edn),
        Front::Program => {
            let level: &'static str = fuzzing::PROGRAM_LEVELS
                .iter()
                .find(|l| **l == level)
                .expect("a program level");
            fuzzing::run_program_case(&text, level)
        }
    })
}

// ---------------------------------------------------------------------------------------
// The supervisor: generates cases, feeds workers, watches them.
// ---------------------------------------------------------------------------------------

struct Seeds {
    models: Vec<(PathBuf, String)>,
    model_texts: Vec<String>,
    programs: Vec<String>,
    notation: Vec<String>,
    json: Vec<String>,
    edn: Vec<String>,
    /// Small models whose paragraphs REPL scripts type in.
    repl_models: Vec<String>,
}

fn read_all(dir: &Path, extension: &str, out: &mut Vec<(PathBuf, String)>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            read_all(&path, extension, out);
        } else if path.extension().is_some_and(|e| e == extension)
            && let Ok(text) = std::fs::read_to_string(&path)
        {
            out.push((path, text));
        }
    }
}

fn seeds() -> Seeds {
    let mut models = Vec::new();
    read_all(&root().join("examples"), "als", &mut models);
    read_all(&root().join("stdlib"), "als", &mut models);
    // Alloy 6's temporal models (every connective, steps scopes): one in five, so that
    // they do not crowd out the rest.
    let mut temporal = Vec::new();
    read_all(
        &root().join("tests/temporal-golden/cases"),
        "als",
        &mut temporal,
    );
    models.extend(temporal.into_iter().step_by(5));
    // Real models, where the shared corpus is checked out beside the project.
    read_all(&root().join("../shared/corpus"), "als", &mut models);
    let texts = |dir: &str, ext: &str| {
        let mut v = Vec::new();
        read_all(&root().join(dir), ext, &mut v);
        v.into_iter().map(|(_, t)| t).collect::<Vec<_>>()
    };
    let repl_models = ["family.als", "graphs.als", "ring.als", "linkedlist.als"]
        .iter()
        .filter_map(|f| std::fs::read_to_string(root().join("examples").join(f)).ok())
        .collect();
    Seeds {
        model_texts: models.iter().map(|(_, t)| t.clone()).collect(),
        models,
        programs: texts("examples/programs", "prog"),
        notation: texts("examples/histories", "txt"),
        json: texts("examples/histories", "json"),
        edn: texts("examples/histories", "edn"),
        repl_models,
    }
}

/// The case numbered `index` of the run seeded `seed`: the same pair always gives the
/// same input.
fn generate(seeds: &Seeds, fronts: &[Front], seed: u64, index: usize) -> (Front, Case) {
    let mut rng = Rng::new(
        seed.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(index as u64),
    );
    let front = fronts[index % fronts.len()];
    let mut dir = root().join("examples");
    let mut level = String::new();
    let text = match front {
        Front::MutatedModel => {
            let (file, text) = &seeds.models[rng.below(seeds.models.len())];
            dir = file.parent().unwrap_or(&dir).to_path_buf();
            mutate(&mut rng, text, &seeds.model_texts, DICTIONARY, 4)
        }
        Front::GeneratedModel => {
            let generated = common::source_problem::generate(seed, index as u64).source;
            if rng.below(2) == 0 {
                generated
            } else {
                mutate(&mut rng, &generated, &seeds.model_texts, DICTIONARY, 2)
            }
        }
        Front::Repl => {
            let model = &seeds.repl_models[rng.below(seeds.repl_models.len())];
            let mut script = String::new();
            // The model's paragraphs in a shuffled order (forward references), then
            // commands; then a few mutations over the whole script.
            let mut paragraphs: Vec<&str> = model.split("\n\n").collect();
            for i in (1..paragraphs.len()).rev() {
                paragraphs.swap(i, rng.below(i + 1));
            }
            for p in paragraphs.iter().take(1 + rng.below(paragraphs.len())) {
                script.push_str(p);
                script.push('\n');
            }
            for _ in 0..1 + rng.below(8) {
                let command = *rng.pick(fuzzing::REPL_COMMANDS);
                script.push_str(command);
                script.push('\n');
            }
            let mut dictionary: Vec<&str> = fuzzing::REPL_COMMANDS.to_vec();
            dictionary.extend_from_slice(DICTIONARY);
            mutate(&mut rng, &script, &seeds.repl_models, &dictionary, 3)
        }
        Front::Notation | Front::Json | Front::Edn => {
            let pool = match front {
                Front::Notation => &seeds.notation,
                Front::Json => &seeds.json,
                _ => &seeds.edn,
            };
            let seed_text = rng_pick(&mut rng, pool);
            mutate(&mut rng, seed_text, pool, DICTIONARY, 3)
        }
        Front::GeneratedHistory => {
            let mut hrng = common::isolation_history::Rng::new(rng.next_u64());
            let h = common::isolation_history::random_history(&mut hrng, 6, 3);
            common::isolation_history::notation(&h)
        }
        Front::Program => {
            level = rng.pick(fuzzing::PROGRAM_LEVELS).to_string();
            let seed_text = rng_pick(&mut rng, &seeds.programs);
            mutate(&mut rng, seed_text, &seeds.programs, PROGRAM_DICTIONARY, 1)
        }
    };
    (
        front,
        Case {
            front: front.name().into(),
            dir: dir.display().to_string(),
            level,
            text,
        },
    )
}

fn rng_pick<'a>(rng: &mut Rng, items: &'a [String]) -> &'a str {
    &items[rng.below(items.len())]
}

/// A worker process and the lines it answers with.
struct Worker {
    child: Child,
    stdin: ChildStdin,
    replies: Receiver<String>,
    cases: usize,
}

impl Worker {
    fn start() -> Worker {
        let mut child = Command::new(std::env::current_exe().expect("the fuzz binary"))
            .arg("--worker")
            .current_dir(root())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("a worker process");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (send, replies) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { return };
                if send.send(line).is_err() {
                    return;
                }
            }
        });
        Worker {
            child,
            stdin,
            replies,
            cases: 0,
        }
    }

    fn resident_bytes(&self) -> u64 {
        std::fs::read_to_string(format!("/proc/{}/statm", self.child.id()))
            .ok()
            .and_then(|s| s.split_whitespace().nth(1)?.parse::<u64>().ok())
            .map_or(0, |pages| pages * 4096)
    }

    /// Runs one case; `Err` is a finding.
    fn run(&mut self, case: &Case) -> Result<(), String> {
        self.cases += 1;
        let line = serde_json::to_string(case).unwrap();
        if writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .is_err()
        {
            return Err(self.died());
        }
        let started = Instant::now();
        loop {
            match self.replies.recv_timeout(POLL) {
                Ok(reply) if reply == "ok" => return Ok(()),
                Ok(reply) => {
                    let why = reply.strip_prefix("finding ").unwrap_or(&reply);
                    return Err(why.replace("\\n", "\n"));
                }
                Err(RecvTimeoutError::Disconnected) => return Err(self.died()),
                Err(RecvTimeoutError::Timeout) => {}
            }
            if started.elapsed() > CASE_LIMIT {
                let _ = self.child.kill();
                return Err(format!("hangs: no answer after {} s", CASE_LIMIT.as_secs()));
            }
            let rss = self.resident_bytes();
            if rss > MEMORY_LIMIT {
                let _ = self.child.kill();
                return Err(format!("uses {} MiB of memory", rss >> 20));
            }
        }
    }

    /// Why the worker is gone: its signal or exit code.
    fn died(&mut self) -> String {
        let status = self.child.wait();
        #[cfg(unix)]
        if let Ok(s) = &status
            && let Some(signal) = std::os::unix::process::ExitStatusExt::signal(s)
        {
            return format!("the process died by signal {signal}");
        }
        format!("the process ended unexpectedly ({status:?})")
    }

    fn stop(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

struct Config {
    cases: usize,
    seed: u64,
    jobs: usize,
    hours: Option<f64>,
    fronts: Vec<Front>,
}

/// Command-line arguments; `None` when a test filter excludes this target.
fn config() -> Option<Config> {
    let mut c = Config {
        cases: 400,
        seed: 0,
        jobs: std::thread::available_parallelism().map_or(2, |n| n.get()),
        hours: None,
        fronts: FRONTS.to_vec(),
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut filters = Vec::new();
    let mut i = 0;
    let value = |i: usize| args.get(i + 1).cloned().unwrap_or_default();
    while i < args.len() {
        match args[i].as_str() {
            "--cases" => c.cases = value(i).parse().expect("--cases N"),
            "--seed" => c.seed = value(i).parse().expect("--seed N"),
            "--jobs" => c.jobs = value(i).parse::<usize>().expect("--jobs N").max(1),
            "--hours" => {
                c.hours = Some(value(i).parse().expect("--hours H"));
                c.cases = usize::MAX;
            }
            "--front" => {
                c.fronts = value(i)
                    .split(',')
                    .map(|n| Front::from_name(n).unwrap_or_else(|| panic!("no front end {n}")))
                    .collect()
            }
            // What cargo's test runner passes on to every test binary.
            "--nocapture" | "--quiet" | "-q" | "--ignored" | "--include-ignored" => {
                i += 1;
                continue;
            }
            "--test-threads" | "--skip" => {
                i += 2;
                continue;
            }
            other if other.starts_with("--") => {
                i += 1;
                continue;
            }
            other => {
                filters.push(other.to_string());
                i += 1;
                continue;
            }
        }
        i += 2;
    }
    // `cargo test NAME` passes NAME to every test binary: run only when it names us.
    if !filters.is_empty() && !filters.iter().any(|f| "fuzz_target".contains(f.as_str())) {
        return None;
    }
    Some(c)
}

fn main() {
    if std::env::args().any(|a| a == "--worker") {
        worker();
        return;
    }
    if std::env::args().any(|a| a == "--list") {
        println!("fuzz_target: test");
        return;
    }
    let Some(config) = config() else {
        return;
    };
    let seeds = seeds();
    assert!(seeds.models.len() >= 10 && !seeds.programs.is_empty() && !seeds.json.is_empty());
    let deadline = config
        .hours
        .map(|h| Instant::now() + Duration::from_secs_f64(h * 3600.0));
    let started = Instant::now();
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let per_front: Vec<AtomicUsize> = FRONTS.iter().map(|_| AtomicUsize::new(0)).collect();
    let findings: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let out_dir = root().join("target/fuzz-findings");
    // The progress thread ends with the last supervising thread, also one that panics.
    let running = AtomicUsize::new(config.jobs);
    struct Finish<'a>(&'a AtomicUsize);
    impl Drop for Finish<'_> {
        fn drop(&mut self) {
            self.0.fetch_sub(1, Ordering::Relaxed);
        }
    }
    std::thread::scope(|s| {
        s.spawn(|| {
            let mut last = Instant::now();
            while running.load(Ordering::Relaxed) > 0 {
                std::thread::sleep(Duration::from_millis(200));
                if last.elapsed() >= Duration::from_secs(30) {
                    last = Instant::now();
                    let n = done.load(Ordering::Relaxed);
                    eprintln!(
                        "fuzz_target: {n} cases in {:.0} s ({:.0}/s), {} findings",
                        started.elapsed().as_secs_f64(),
                        n as f64 / started.elapsed().as_secs_f64(),
                        findings.lock().unwrap().len()
                    );
                }
            }
        });
        let workers: Vec<_> = (0..config.jobs)
            .map(|_| {
                s.spawn(|| {
                    let _finish = Finish(&running);
                    let mut worker = Worker::start();
                    loop {
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        if index >= config.cases || deadline.is_some_and(|d| Instant::now() >= d) {
                            break;
                        }
                        let (front, case) = generate(&seeds, &config.fronts, config.seed, index);
                        let result = worker.run(&case);
                        done.fetch_add(1, Ordering::Relaxed);
                        per_front[FRONTS.iter().position(|f| *f == front).unwrap()]
                            .fetch_add(1, Ordering::Relaxed);
                        if let Err(why) = result {
                            let _ = std::fs::create_dir_all(&out_dir);
                            let file = out_dir.join(format!(
                                "{}-seed{}-case{index}.{}",
                                front.name(),
                                config.seed,
                                front.extension()
                            ));
                            let _ = std::fs::write(&file, &case.text);
                            let extra = if front == Front::Program {
                                format!(" at level {}", case.level)
                            } else {
                                String::new()
                            };
                            findings.lock().unwrap().push(format!(
                                "{} case {index}{extra}: {why}\n  input: {}",
                                front.name(),
                                file.display()
                            ));
                            worker.stop();
                            worker = Worker::start();
                        } else if worker.cases >= CASES_PER_WORKER {
                            worker.stop();
                            worker = Worker::start();
                        }
                    }
                    worker.stop();
                })
            })
            .collect();
        for w in workers {
            w.join().expect("a supervising thread");
        }
    });
    let findings = findings.into_inner().unwrap();
    let counts: Vec<String> = FRONTS
        .iter()
        .zip(&per_front)
        .filter(|(_, n)| n.load(Ordering::Relaxed) > 0)
        .map(|(f, n)| format!("{} {}", f.name(), n.load(Ordering::Relaxed)))
        .collect();
    println!(
        "fuzz_target: seed {}, {} cases in {:.1} s on {} workers ({}; {} seed models), \
         {} findings",
        config.seed,
        done.load(Ordering::Relaxed),
        started.elapsed().as_secs_f64(),
        config.jobs,
        counts.join(", "),
        seeds.models.len(),
        findings.len()
    );
    for f in &findings {
        println!("{f}");
    }
    if !findings.is_empty() {
        std::process::exit(1);
    }
}
