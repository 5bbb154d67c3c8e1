//! A PostgreSQL session driven through `psql`, one request at a time: what the server
//! printed for each request, or that the request is waiting for a lock.
//!
//! `psql` rather than a client library: where a PostgreSQL server runs, `psql` is
//! installed, and solder takes no network dependency for one feature. Each request is
//! followed by `\echo @@solder:N`, so its output ends at that marker; errors are merged
//! into the same stream so that they stay in order.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

const MARKER: &str = "@@solder:";

pub struct Session {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    next: usize,
    /// Markers sent whose output has not come back, oldest first.
    pending: VecDeque<usize>,
    /// Output of the oldest pending request so far.
    partial: Vec<String>,
    /// Requests answered and not yet taken, by marker.
    done: Vec<(usize, Vec<String>)>,
    /// The server process of this session (`pg_backend_pid()`).
    pub backend: u32,
}

/// How to reach the server: `psql`'s path and a connection string.
#[derive(Clone, Debug)]
pub struct Server {
    pub psql: String,
    pub conninfo: String,
}

impl Session {
    pub fn start(server: &Server) -> Result<Session, String> {
        let (reader, writer) =
            std::io::pipe().map_err(|e| format!("cannot make a pipe for psql: {e}"))?;
        let writer2 = writer
            .try_clone()
            .map_err(|e| format!("cannot make a pipe for psql: {e}"))?;
        let mut child = Command::new(&server.psql)
            .args([
                "-X",
                "-A",
                "-t",
                "-v",
                "ON_ERROR_STOP=0",
                "-d",
                &server.conninfo,
            ])
            .env("PGAPPNAME", "solder")
            .stdin(Stdio::piped())
            .stdout(writer)
            .stderr(writer2)
            .spawn()
            .map_err(|e| format!("cannot run `{}`: {e}", server.psql))?;
        let stdin = child.stdin.take().expect("piped stdin");
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(reader).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut s = Session {
            child,
            stdin,
            lines: rx,
            next: 0,
            pending: VecDeque::new(),
            partial: Vec::new(),
            done: Vec::new(),
            backend: 0,
        };
        let m = s.send("SELECT '@pid', pg_backend_pid();")?;
        let out = s
            .wait(m, Duration::from_secs(30))?
            .ok_or("psql did not answer within 30 s")?;
        s.backend = out
            .iter()
            .find_map(|l| l.strip_prefix("@pid|")?.trim().parse().ok())
            .ok_or_else(|| format!("cannot connect: {}", out.join(" ")))?;
        Ok(s)
    }

    /// Send a request; its marker.
    pub fn send(&mut self, sql: &str) -> Result<usize, String> {
        let m = self.next;
        self.next += 1;
        writeln!(self.stdin, "{sql}\n\\echo {MARKER}{m}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| format!("psql stopped: {e}"))?;
        self.pending.push_back(m);
        Ok(m)
    }

    /// Take in what has arrived, waiting up to `timeout` for the next line.
    fn pump(&mut self, timeout: Duration) -> Result<bool, String> {
        match self.lines.recv_timeout(timeout) {
            Ok(line) => {
                if let Some(m) = line.strip_prefix(MARKER).and_then(|m| m.parse().ok())
                    && self.pending.front() == Some(&m)
                {
                    self.pending.pop_front();
                    self.done.push((m, std::mem::take(&mut self.partial)));
                } else {
                    self.partial.push(line);
                }
                Ok(true)
            }
            Err(RecvTimeoutError::Timeout) => Ok(false),
            Err(RecvTimeoutError::Disconnected) => Err(format!(
                "psql ended unexpectedly: {}",
                self.partial.join(" ")
            )),
        }
    }

    /// The output of request `m`, if it comes within `timeout`.
    pub fn wait(&mut self, m: usize, timeout: Duration) -> Result<Option<Vec<String>>, String> {
        let end = Instant::now() + timeout;
        loop {
            if let Some(k) = self.done.iter().position(|(d, _)| *d == m) {
                return Ok(Some(self.done.remove(k).1));
            }
            let left = end.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Ok(None);
            }
            self.pump(left.min(Duration::from_millis(20)))?;
        }
    }

    /// Whether every request sent has been answered (taking in what has arrived).
    pub fn idle(&mut self) -> Result<bool, String> {
        while self.pump(Duration::ZERO)? {}
        Ok(self.pending.is_empty())
    }

    pub fn finish(mut self) {
        let _ = writeln!(self.stdin, "\\q");
        drop(self.stdin);
        let end = Instant::now() + Duration::from_secs(5);
        while Instant::now() < end {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Whether the server process `backend` waits for a lock, asked on `monitor`.
pub fn waits_for_lock(monitor: &mut Session, backend: u32) -> Result<bool, String> {
    let m = monitor.send(&format!(
        "SELECT '@wait', coalesce(wait_event_type, '') FROM pg_stat_activity WHERE pid = {backend};"
    ))?;
    let out = monitor
        .wait(m, Duration::from_secs(30))?
        .ok_or("the monitoring session did not answer within 30 s")?;
    Ok(out.iter().any(|l| l == "@wait|Lock"))
}
