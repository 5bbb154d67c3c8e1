//! Script mode: when standard input is not a terminal, inputs are read line by line
//! without the line editor (an input goes on while brackets are open), and results are
//! printed plainly, so that `solder < session.txt` works and sessions can be tested.

use std::io::BufRead;

use crate::syntax::needs_more_input;

use super::session::{Flow, Session};

/// Feed every input of `input` to the session, until the end or `quit`.
pub fn run_script(session: &mut Session, mut input: impl BufRead) {
    let mut buffer = String::new();
    let mut line = Vec::new();
    loop {
        line.clear();
        match input.read_until(b'\n', &mut line) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                session.error(format!("cannot read the input: {e}"));
                break;
            }
        }
        buffer.push_str(&String::from_utf8_lossy(&line));
        if !buffer.ends_with('\n') {
            buffer.push('\n');
        }
        if needs_more_input(&buffer) {
            continue;
        }
        let text = std::mem::take(&mut buffer);
        if session.handle(&text) == Flow::Quit {
            session.settle_for_command();
            return;
        }
    }
    // An input still open at the end: let the parser say what is missing.
    if !buffer.trim().is_empty() {
        session.handle(&buffer);
    }
    // Definitions still waiting for names at the end never get them.
    session.settle_for_command();
}
