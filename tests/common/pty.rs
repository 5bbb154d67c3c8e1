//! A small pseudo-terminal harness for the REPL tests: spawn a program on a pty, type into
//! it, and wait for text it prints (ANSI escapes removed).
//!
//! Written on `nix` with the features rustyline already enables, so the test build shares
//! the library's dependency graph: `cargo run` and `cargo test` compile the crate once.

use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::OwnedFd;
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use nix::pty::{Winsize, openpty};

pub struct Pty {
    child: Child,
    input: File,
    output: Receiver<Option<Vec<u8>>>,
    /// Text received and not yet consumed by an expectation.
    pending: Vec<u8>,
    eof: bool,
    timeout: Duration,
}

impl Pty {
    /// Start `cmd` with a 80×24 terminal as its standard streams and controlling terminal.
    pub fn spawn(cmd: Command, timeout: Duration) -> std::io::Result<Pty> {
        Pty::spawn_with(cmd, timeout, true)
    }

    /// `spawn`, keeping the terminal control sequences in what is read when `strip` is
    /// false (to test colour).
    pub fn spawn_with(mut cmd: Command, timeout: Duration, strip: bool) -> std::io::Result<Pty> {
        let size = Winsize {
            ws_row: 24,
            ws_col: 80,
            ws_xpixel: 0,
            ws_ypixel: 0,
        };
        let pty = openpty(Some(&size), None).map_err(std::io::Error::from)?;
        let slave: OwnedFd = pty.slave;
        cmd.stdin(Stdio::from(slave.try_clone()?))
            .stdout(Stdio::from(slave.try_clone()?))
            .stderr(Stdio::from(slave));
        // SAFETY: only async-signal-safe calls between fork and exec.
        unsafe {
            cmd.pre_exec(|| {
                nix::unistd::setsid().map_err(std::io::Error::from)?;
                if nix::libc::ioctl(0, nix::libc::TIOCSCTTY as _, 0) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let child = cmd.spawn()?;
        // Our copies of the slave end go with `cmd`, so that reading the master ends
        // (EIO) once the child has exited.
        drop(cmd);
        let master = File::from(pty.master);
        let mut reader = master.try_clone()?;
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let mut stripper = AnsiStripper::default();
            let strip_escapes = strip;
            let mut buf = [0u8; 4096];
            loop {
                match reader.read(&mut buf) {
                    Ok(0) | Err(_) => {
                        let _ = tx.send(None);
                        return;
                    }
                    Ok(n) => {
                        let bytes = if strip_escapes {
                            stripper.feed(&buf[..n])
                        } else {
                            buf[..n].to_vec()
                        };
                        if tx.send(Some(bytes)).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        Ok(Pty {
            child,
            input: master,
            output: rx,
            pending: Vec::new(),
            eof: false,
            timeout,
        })
    }

    /// Type `text` in one write.
    /// Whether the terminal echoes what is typed (its settings outlive the child).
    #[allow(dead_code)]
    pub fn echoes(&self) -> bool {
        nix::sys::termios::tcgetattr(&self.input)
            .map(|t| t.local_flags.contains(nix::sys::termios::LocalFlags::ECHO))
            .unwrap_or(false)
    }

    pub fn send(&mut self, text: &str) -> std::io::Result<()> {
        self.input.write_all(text.as_bytes())?;
        self.input.flush()
    }

    pub fn send_line(&mut self, text: &str) -> std::io::Result<()> {
        self.send(&format!("{text}\n"))
    }

    /// Press Ctrl and `c` (`'c'` for Ctrl-C, `'d'` for Ctrl-D).
    pub fn send_control(&mut self, c: char) -> std::io::Result<()> {
        let byte = (c.to_ascii_lowercase() as u8) & 0x1f;
        self.input.write_all(&[byte])?;
        self.input.flush()
    }

    /// Wait until `find` locates a match (start, end) in the pending text; consume through
    /// its end and return the text before it.
    pub fn expect_with(
        &mut self,
        what: &str,
        find: impl Fn(&str) -> Option<(usize, usize)>,
    ) -> Result<String, String> {
        let deadline = Instant::now() + self.timeout;
        loop {
            let text = String::from_utf8_lossy(&self.pending).into_owned();
            if let Some((start, end)) = find(&text) {
                let before = text[..start].to_string();
                let rest = text.as_bytes()[end..].to_vec();
                self.pending = rest;
                return Ok(before);
            }
            if self.eof {
                return Err(format!(
                    "end of output while waiting for {what}; got:\n{text}"
                ));
            }
            let left = deadline.saturating_duration_since(Instant::now());
            match self.output.recv_timeout(left) {
                Ok(Some(bytes)) => self.pending.extend(bytes),
                Ok(None) | Err(RecvTimeoutError::Disconnected) => self.eof = true,
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!("timed out waiting for {what}; got:\n{text}"));
                }
            }
        }
    }

    /// Wait for `s`; returns what came before it.
    pub fn exp_string(&mut self, s: &str) -> Result<String, String> {
        self.expect_with(&format!("{s:?}"), |t| t.find(s).map(|i| (i, i + s.len())))
    }

    /// Wait until the program's output ends.
    pub fn exp_eof(&mut self) -> Result<String, String> {
        self.expect_with("the end of output", |_| None)
            .or_else(|e| {
                if self.eof {
                    Ok(String::from_utf8_lossy(&std::mem::take(&mut self.pending)).into_owned())
                } else {
                    Err(e)
                }
            })
    }

    pub fn wait(&mut self) -> std::io::Result<ExitStatus> {
        self.child.wait()
    }
}

impl Drop for Pty {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Removes terminal control sequences from a byte stream that may split them.
#[derive(Default)]
struct AnsiStripper {
    state: Escape,
}

#[derive(Default, Clone, Copy, PartialEq)]
enum Escape {
    #[default]
    Text,
    /// After ESC.
    Start,
    /// Inside `ESC [ …` until a final byte.
    Csi,
    /// Inside `ESC ] …` until BEL or `ESC \`.
    Osc,
    /// ESC inside an OSC.
    OscEsc,
}

impl AnsiStripper {
    fn feed(&mut self, bytes: &[u8]) -> Vec<u8> {
        let mut out = Vec::with_capacity(bytes.len());
        for &b in bytes {
            self.state = match (self.state, b) {
                (Escape::Text, 0x1b) => Escape::Start,
                (Escape::Text, _) => {
                    out.push(b);
                    Escape::Text
                }
                (Escape::Start, b'[') => Escape::Csi,
                (Escape::Start, b']') => Escape::Osc,
                (Escape::Start, _) => Escape::Text,
                (Escape::Csi, 0x40..=0x7e) => Escape::Text,
                (Escape::Csi, _) => Escape::Csi,
                (Escape::Osc, 0x07) => Escape::Text,
                (Escape::Osc, 0x1b) => Escape::OscEsc,
                (Escape::Osc, _) => Escape::Osc,
                (Escape::OscEsc, _) => Escape::Text,
            };
        }
        out
    }
}
