//! A private PostgreSQL server for one test: a fresh data directory under the system's
//! temporary directory, reached only through a Unix socket in that directory (no TCP
//! port, so tests never collide nor touch a shared server), stopped and removed when
//! dropped.
//!
//! The binaries come from `SOLDER_PG_BIN`, else Debian's `/usr/lib/postgresql/<v>/bin`
//! (the newest), else `PATH`. PostgreSQL refuses to run as root: then the server runs
//! as the `postgres` user (which Debian's package creates) through `runuser`.
//! Without PostgreSQL the tests that need it say so and pass, unless
//! `SOLDER_REQUIRE_POSTGRES=1` (set by `.ci/run`, which installs it).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

pub struct Postgres {
    dir: PathBuf,
    bin: PathBuf,
    as_postgres: bool,
    pub conninfo: String,
    pub psql: String,
}

fn bin_dir() -> Option<PathBuf> {
    if let Ok(d) = std::env::var("SOLDER_PG_BIN") {
        return Some(PathBuf::from(d));
    }
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let v = e.file_name().to_str()?.parse().ok()?;
            let bin = e.path().join("bin");
            bin.join("initdb").exists().then_some((v, bin))
        })
        .collect();
    versions.sort();
    if let Some((_, b)) = versions.pop() {
        return Some(b);
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).find(|d| d.join("initdb").exists() && d.join("pg_ctl").exists())
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

impl Postgres {
    /// A running server, or `None` (with a message) when PostgreSQL is not installed
    /// and not required.
    pub fn start() -> Option<Postgres> {
        let required = std::env::var("SOLDER_REQUIRE_POSTGRES").is_ok_and(|v| v == "1");
        let Some(bin) = bin_dir() else {
            assert!(
                !required,
                "SOLDER_REQUIRE_POSTGRES=1 but no PostgreSQL (initdb, pg_ctl) was found"
            );
            eprintln!("PostgreSQL is not installed: the replay test is skipped");
            return None;
        };
        static COUNT: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "solder-pg-{}-{}",
            std::process::id(),
            COUNT.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        let as_postgres = is_root();
        if as_postgres {
            let ok = Command::new("chown")
                .args(["postgres"])
                .arg(&dir)
                .status()
                .is_ok_and(|s| s.success());
            assert!(ok, "cannot hand {} to the postgres user", dir.display());
        }
        let pg = Postgres {
            conninfo: format!(
                "host={} port=5432 user=postgres dbname=postgres",
                dir.display()
            ),
            psql: psql_path(&bin),
            dir,
            bin,
            as_postgres,
        };
        let data = pg.dir.join("data");
        let init = pg
            .command("initdb")
            .arg("-D")
            .arg(&data)
            .args(["-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"])
            .output()
            .expect("initdb runs");
        assert!(
            init.status.success(),
            "initdb failed: {}",
            String::from_utf8_lossy(&init.stderr)
        );
        let options = format!(
            "-c listen_addresses='' -c unix_socket_directories={} -p 5432 -c fsync=off -c max_connections=40",
            pg.dir.display()
        );
        let start = pg
            .command("pg_ctl")
            .arg("-D")
            .arg(&data)
            .args(["-o", &options, "-l"])
            .arg(pg.dir.join("log"))
            .args(["-w", "-t", "60", "start"])
            .output()
            .expect("pg_ctl runs");
        assert!(
            start.status.success(),
            "the server did not start: {}{}",
            String::from_utf8_lossy(&start.stdout),
            std::fs::read_to_string(pg.dir.join("log")).unwrap_or_default()
        );
        Some(pg)
    }

    fn command(&self, program: &str) -> Command {
        let path = self.bin.join(program);
        if self.as_postgres {
            let mut c = Command::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(path);
            c
        } else {
            Command::new(path)
        }
    }
}

/// Debian keeps `psql` in the version's bin directory and a wrapper on `PATH`.
fn psql_path(bin: &Path) -> String {
    let p = bin.join("psql");
    if p.exists() {
        p.display().to_string()
    } else {
        "psql".into()
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        let _ = self
            .command("pg_ctl")
            .arg("-D")
            .arg(self.dir.join("data"))
            .args(["-m", "immediate", "-w", "stop"])
            .output();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
