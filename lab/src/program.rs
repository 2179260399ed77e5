//! An outside opponent: a program speaking the engine protocol (`camelot-cli engine`,
//! an older build of it, or any other program that answers the same commands), started
//! for one game and asked for a move with `position` and `go`.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

use std::fmt;

use camelot_engine::search::SearchLimits;
use camelot_engine::{Excerpt, Game, Move, Notation, NotationError};
use camelot_files::MAX_LINE_BYTES;

/// How long a program may take to answer beyond the time it was given.
const GRACE: Duration = Duration::from_secs(10);
/// How long a search without a time limit (a node or depth budget) may take.
const UNTIMED: Duration = Duration::from_secs(600);

/// What the reader passes on: a line, or why it could not keep one.
enum Heard {
    Line(String),
    TooLong,
    NotText,
}

/// Why an outside program could not be used: the program (as given, cut to 40
/// characters) and what it did.
#[derive(Debug)]
pub struct ProgramError {
    pub program: String,
    pub kind: ProgramErrorKind,
}

#[derive(Debug)]
pub enum ProgramErrorKind {
    /// No command was given.
    EmptyCommand,
    CannotStart(std::io::Error),
    StoppedReading(std::io::Error),
    LineTooLong,
    NotText,
    /// No answer within this many seconds.
    Silent {
        seconds: u64,
    },
    Exited,
    /// Its answer is not a legal move of the position it was given.
    BadMove(Box<BadAnswer>),
}

/// An answer that is not a legal move: what was answered, in which position, and why.
#[derive(Debug)]
pub struct BadAnswer {
    pub answer: Excerpt,
    pub position: String,
    pub error: NotationError,
}

impl fmt::Display for ProgramError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = &self.program;
        match &self.kind {
            ProgramErrorKind::EmptyCommand => f.write_str("the engine command is empty"),
            ProgramErrorKind::CannotStart(e) => write!(f, "cannot start '{name}': {e}"),
            ProgramErrorKind::StoppedReading(e) => {
                write!(f, "'{name}' stopped reading its input: {e}")
            }
            ProgramErrorKind::LineTooLong => {
                write!(f, "'{name}' sent a line longer than 64 KiB")
            }
            ProgramErrorKind::NotText => {
                write!(f, "'{name}' sent a line that is not UTF-8 text")
            }
            ProgramErrorKind::Silent { seconds } => {
                write!(f, "'{name}' did not answer within {seconds} s")
            }
            ProgramErrorKind::Exited => write!(f, "'{name}' exited"),
            ProgramErrorKind::BadMove(bad) => write!(
                f,
                "'{name}' answered 'bestmove {}' in {}: {}",
                bad.answer, bad.position, bad.error
            ),
        }
    }
}

impl std::error::Error for ProgramError {}

/// A running engine program.
pub struct Program {
    name: String,
    child: Child,
    input: ChildStdin,
    lines: Receiver<Heard>,
}

impl Program {
    /// Starts `command` (a program and its arguments) and waits for its greeting.
    pub fn start(command: &[String]) -> Result<Program, ProgramError> {
        let name = Excerpt::new(&command.join(" ")).to_string();
        let fail = |kind| ProgramError {
            program: name.clone(),
            kind,
        };
        let (exe, args) = command
            .split_first()
            .ok_or_else(|| fail(ProgramErrorKind::EmptyCommand))?;
        let mut child = Command::new(exe)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| fail(ProgramErrorKind::CannotStart(e)))?;
        let input = child.stdin.take().expect("stdin was piped");
        let output = child.stdout.take().expect("stdout was piped");
        let (tx, lines) = mpsc::channel();
        // A reader thread, so that a silent program can be timed out. Lines are read
        // with the protocol's own limit: a program that sends an endless line is cut off
        // at 64 KiB, not kept in memory.
        std::thread::spawn(move || {
            let mut input = BufReader::new(output);
            loop {
                let mut buf = Vec::new();
                match (&mut input)
                    .take(MAX_LINE_BYTES as u64 + 1)
                    .read_until(b'\n', &mut buf)
                {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {}
                }
                // Past the limit the program is not heard any more: its line is not
                // waited for to its end.
                let too_long = buf.last() != Some(&b'\n') && buf.len() > MAX_LINE_BYTES;
                let line = if too_long {
                    Heard::TooLong
                } else {
                    while buf.last().is_some_and(|&b| b == b'\n' || b == b'\r') {
                        buf.pop();
                    }
                    String::from_utf8(buf).map_or(Heard::NotText, Heard::Line)
                };
                if tx.send(line).is_err() || too_long {
                    break;
                }
            }
        });
        let mut program = Program {
            name,
            child,
            input,
            lines,
        };
        program.send("camelot")?;
        program.wait_for(|l| l == "camelotok", GRACE)?;
        Ok(program)
    }

    fn error(&self, kind: ProgramErrorKind) -> ProgramError {
        ProgramError {
            program: self.name.clone(),
            kind,
        }
    }

    fn send(&mut self, line: &str) -> Result<(), ProgramError> {
        writeln!(self.input, "{line}")
            .and_then(|_| self.input.flush())
            .map_err(|e| self.error(ProgramErrorKind::StoppedReading(e)))
    }

    /// Reads lines until one satisfies `done`; returns it.
    fn wait_for(
        &mut self,
        done: impl Fn(&str) -> bool,
        limit: Duration,
    ) -> Result<String, ProgramError> {
        let deadline = std::time::Instant::now() + limit;
        loop {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            let kind = match self.lines.recv_timeout(left) {
                Ok(Heard::Line(line)) if done(line.trim()) => return Ok(line.trim().to_string()),
                Ok(Heard::Line(_)) => continue,
                Ok(Heard::TooLong) => ProgramErrorKind::LineTooLong,
                Ok(Heard::NotText) => ProgramErrorKind::NotText,
                Err(RecvTimeoutError::Timeout) => ProgramErrorKind::Silent {
                    seconds: limit.as_secs(),
                },
                Err(RecvTimeoutError::Disconnected) => ProgramErrorKind::Exited,
            };
            return Err(self.error(kind));
        }
    }

    /// Asks for the move in `game` under `limits`; checks that it is legal.
    pub fn best_move(&mut self, game: &Game, limits: SearchLimits) -> Result<Move, ProgramError> {
        let moves = game.move_texts(Notation::Wcf);
        let mut position = format!("position string {}", game.start());
        if !moves.is_empty() {
            position.push_str(" moves ");
            position.push_str(&moves.join(" "));
        }
        self.send(&position)?;
        let mut go = String::from("go");
        if let Some(d) = limits.depth {
            go.push_str(&format!(" depth {d}"));
        }
        if let Some(n) = limits.nodes {
            go.push_str(&format!(" nodes {n}"));
        }
        if let Some(t) = limits.time {
            go.push_str(&format!(" movetime {}", t.as_millis().max(1)));
        }
        self.send(&go)?;
        let wait = limits.time.map_or(UNTIMED, |t| t + GRACE);
        let line = self.wait_for(|l| l.starts_with("bestmove"), wait)?;
        let text = line.split_whitespace().nth(1).unwrap_or("");
        game.position().parse_move(text).map_err(|error| {
            self.error(ProgramErrorKind::BadMove(Box::new(BadAnswer {
                answer: Excerpt::new(text),
                position: game.position().to_string(),
                error,
            })))
        })
    }
}

impl Drop for Program {
    fn drop(&mut self) {
        let _ = self.send("quit");
        // Give it a moment to leave on its own, then make sure it is gone.
        for _ in 0..50 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
