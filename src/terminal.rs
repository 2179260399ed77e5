//! The game in a terminal: a board diagram, moves typed in WCF or numbered notation,
//! computer opponents at any level, and the same table policy, autosave and history as
//! the 3D game. [`Console`] is the interpreter (driven by tests and the fuzz target a
//! line at a time); [`run`] connects it to standard input and output.

use std::io::{self, Write};
use std::process::ExitCode;

use camelot_engine::{Ai, AiDecision, DrawClaim, Game, Notation, TurnConstraint, Variant};
use camelot_files::{read_line, write_new_file, FileError, InputLine, MAX_LINE_BYTES};

use crate::cli::{OpeningError, Options};
use crate::game::session::{GameKey, Seat, Session, HINT_LEVEL};
use crate::storage::data_dir::{read_session, Loaded, Store};
use crate::storage::keeper::{Keeper, SaveNews};

const HELP: &str = "\
Type a move as the WCF writes it (E6-E8, H4xJ4xL6, F6-F8-H8xH10xJ12; trees: T@C3),
or in the 1930 numbered notation (47C71). Commands:
  moves        list the legal moves        hint     ask the computer
  undo, redo   take back / replay a move   claim    claim a draw when allowed
  save FILE    write the game record (save --force FILE replaces a file)
  load FILE    read a game record
  new [VARIANT] start a new game           rules    the rules of this variant
  resign, quit";

/// What the console wants after a line.
#[derive(Debug, PartialEq, Eq)]
pub enum Step {
    Continue,
    Quit,
}

/// The terminal game's state: the table, its computer players, and where it saves.
pub struct Console {
    session: Session,
    computers: Vec<Option<Ai>>,
    /// The data directory and the save policy the window keeps too.
    keeper: Keeper,
    /// Whether `save` and `load` may touch files (off for the fuzz target).
    files: bool,
    /// The state of the game last shown, so the board is drawn once per change.
    shown: Option<GameKey>,
}

fn computers_for(seats: &[Seat]) -> Vec<Option<Ai>> {
    seats
        .iter()
        .enumerate()
        .map(|(i, s)| match s {
            Seat::Human | Seat::Remote => None,
            Seat::Computer(level) => Some(Ai::new(*level, 1 + i as u64)),
        })
        .collect()
}

impl Console {
    /// A console on a table; `keeper` keeps the autosave, `files` allows `save`/`load`.
    pub fn new(session: Session, keeper: Keeper, files: bool) -> Console {
        Console {
            computers: computers_for(&session.seats),
            session,
            keeper,
            files,
            shown: None,
        }
    }

    pub fn session(&self) -> &Session {
        &self.session
    }

    fn seat_label(&self) -> &'static str {
        self.session.seat_label(self.session.to_move())
    }

    /// The board and whose turn, if the game changed since it was last shown.
    pub fn show(&mut self) -> Option<String> {
        let now = self.session.key();
        if self.shown == Some(now) {
            return None;
        }
        self.shown = Some(now);
        Some(format!(
            "\n{}{}",
            self.session.position().diagram(),
            status(&self.session)
        ))
    }

    pub fn is_over(&self) -> bool {
        self.session.game.is_over()
    }

    /// Whether a computer is to move.
    pub fn computer_to_move(&self) -> bool {
        !self.is_over() && !self.session.seat_to_move().is_human()
    }

    /// The computer to move plays (or claims a draw); returns what it did.
    pub fn computer_moves(&mut self) -> Option<String> {
        if !self.computer_to_move() {
            return None;
        }
        let seat = self.session.to_move().0 as usize;
        let who = self.seat_label();
        let ai = self.computers.get_mut(seat)?.as_mut()?;
        let (decision, info) = ai.decide(&self.session.game, |_| {})?;
        let said = match decision {
            AiDecision::Play(m) => {
                let text = self
                    .session
                    .position()
                    .move_text(&m, Notation::Wcf)
                    .unwrap_or_default();
                self.session.game.play(&m).ok()?;
                format!("{who} plays {text} ({} positions searched)", info.nodes)
            }
            AiDecision::Claim(c) => {
                self.session.claim(c).ok()?;
                format!("{who} claims a {c} draw.")
            }
        };
        Some(self.with_autosave(said))
    }

    /// Saves the game in progress; a failure is said once.
    fn with_autosave(&mut self, mut said: String) -> String {
        if let SaveNews::Failed(why) = self.keeper.changed(&self.session, Notation::Wcf) {
            said.push('\n');
            said.push_str(&why);
        }
        said
    }

    /// Starts another game at the table (the one in progress goes to the history).
    fn replace(&mut self, session: Session) -> String {
        let said = news(self.keeper.begin(&session, Notation::Wcf));
        self.computers = computers_for(&session.seats);
        self.session.replace(session);
        said
    }

    /// One line typed by the player; returns what to print and whether to go on.
    pub fn input(&mut self, line: &InputLine) -> (Vec<String>, Step) {
        let line = match line {
            InputLine::Text(t) => t.trim(),
            InputLine::NotUtf8 => {
                return (
                    vec!["That line is not UTF-8 text: type a move such as E6-E8, or help.".into()],
                    Step::Continue,
                )
            }
            InputLine::TooLong => {
                return (
                    vec![format!(
                        "That line is longer than {MAX_LINE_BYTES} bytes; ignored."
                    )],
                    Step::Continue,
                )
            }
        };
        let (cmd, arg) = line
            .split_once(char::is_whitespace)
            .map_or((line, ""), |(c, a)| (c, a.trim()));
        let said = match cmd.to_ascii_lowercase().as_str() {
            "" => return (Vec::new(), Step::Continue),
            "quit" | "exit" => return (Vec::new(), Step::Quit),
            "help" | "?" => HELP.to_string(),
            "rules" => self.session.position().rules().help_text(),
            "moves" => self
                .session
                .position()
                .legal_move_texts(Notation::Wcf)
                .join("  "),
            "undo" => {
                if self.session.undo_to_human() {
                    self.with_autosave("Taken back.".into())
                } else {
                    "Nothing to undo.".into()
                }
            }
            "redo" => {
                if self.session.redo_to_human() {
                    self.with_autosave("Replayed.".into())
                } else {
                    "Nothing to redo.".into()
                }
            }
            "hint" => self.hint(),
            "claim" => match self.session.game.claimable().first() {
                Some(&c) if !self.is_over() => {
                    let _ = self.session.claim(c);
                    self.with_autosave(format!("{} claims a {c} draw.", self.seat_label()))
                }
                _ => "No draw can be claimed now.".into(),
            },
            "resign" if !self.is_over() => {
                self.session.resign();
                self.with_autosave(format!("{} resigns.", self.seat_label()))
            }
            "resign" => "The game is over.".into(),
            "new" => self.new_game(arg),
            "save" | "load" if !self.files => "Saving and loading files is off here.".into(),
            "save" | "load" if arg.is_empty() => format!("{cmd} needs a file name."),
            "save" => self.save(arg),
            "load" => match read_session(std::path::Path::new(arg)) {
                Ok(mut s) => {
                    // The people at the table stay where they sit if the record's game
                    // has as many seats.
                    if s.seats.len() == self.session.seats.len() {
                        s.seats = self.session.seats.clone();
                    }
                    let kept = self.replace(s);
                    format!("{kept}Loaded {arg}.")
                }
                Err(e) => format!("Cannot load: {e}"),
            },
            _ => self.play(line),
        };
        (vec![said], Step::Continue)
    }

    /// `save FILE`, or `save --force FILE` to replace a file that is there.
    fn save(&mut self, arg: &str) -> String {
        let (replace, name) = match arg.strip_prefix("--force") {
            Some(rest) if rest.is_empty() || rest.starts_with(' ') => (true, rest.trim()),
            _ => match arg.strip_suffix("--force") {
                Some(rest) if rest.ends_with(' ') => (true, rest.trim()),
                _ => (false, arg),
            },
        };
        if name.is_empty() {
            return "save needs a file name.".into();
        }
        let text = self.session.record_text(Notation::Wcf);
        match write_new_file(std::path::Path::new(name), text.as_bytes(), replace) {
            Ok(()) => format!("Saved to {name}."),
            Err(e @ FileError::Exists { .. }) => {
                format!("Not saved: {e}. `save --force {name}` replaces it.")
            }
            Err(e) => format!("Cannot save: {e}"),
        }
    }

    fn play(&mut self, token: &str) -> String {
        if !self.session.human_to_move() {
            return if self.is_over() {
                "The game is over: type new, undo or quit.".into()
            } else {
                "Wait: the computer is to move.".into()
            };
        }
        match self.session.game.play_notation(token) {
            Ok(_) => self.with_autosave(String::new()),
            Err(e) => e.to_string(),
        }
    }

    fn hint(&mut self) -> String {
        if !self.session.human_to_move() {
            return "No hint: it is not a human's turn.".into();
        }
        let mut helper = Ai::new(HINT_LEVEL, 99);
        match helper.decide(&self.session.game, |_| {}) {
            Some((AiDecision::Play(m), _)) => format!(
                "Hint: {}",
                self.session
                    .position()
                    .move_text(&m, Notation::Wcf)
                    .unwrap_or_default()
            ),
            Some((AiDecision::Claim(_), _)) => "Hint: claim the draw.".into(),
            None => "No hint.".into(),
        }
    }

    fn new_game(&mut self, arg: &str) -> String {
        let variant = if arg.is_empty() {
            self.session.variant()
        } else {
            match arg.parse::<Variant>() {
                Ok(v) => v,
                Err(e) => return e.to_string(),
            }
        };
        let seats = if variant.rules().players() == self.session.seats.len() {
            self.session.seats.clone()
        } else {
            crate::game::session::default_seats(variant)
        };
        let kept = self.replace(Session::new(Game::new(variant), seats));
        format!("{kept}New game: {}.", variant.rules().name)
    }
}

/// What to say of a save's news, a line of its own.
fn news(n: SaveNews) -> String {
    match n {
        SaveNews::Nothing => String::new(),
        SaveNews::LastGameKept(p) => format!("The last game is kept in {}.\n", p.display()),
        SaveNews::Failed(why) => format!("{why}\n"),
    }
}

impl Console {
    /// What to say when the input ends: whether the game is saved, and where.
    pub fn farewell(&self) -> String {
        match (self.keeper.store(), self.keeper.unsaved()) {
            (None, _) => "Input ended; nothing was saved (no data directory).".into(),
            (Some(st), None) => format!(
                "Input ended; the game is saved in {}.",
                st.autosave_path().display()
            ),
            (Some(_), Some(why)) => format!("Input ended; the game is NOT saved: {why}"),
        }
    }
}

fn status(s: &Session) -> String {
    let game = &s.game;
    let pos = game.position();
    if let Some(result) = s.result_text() {
        return format!("Game over: {result}.");
    }
    let mut out = format!("{} to move.", pos.rules().seat_title(pos.turn()));
    match pos.constraint() {
        Some(TurnConstraint::PlantTree { .. }) => {
            out.push_str(" Plant a tree on your side of the river (T@square).")
        }
        Some(TurnConstraint::LeaveCastle { pieces, .. }) => {
            let sq: Vec<String> = pieces.iter().map(|q| pos.geometry().name(q)).collect();
            out.push_str(&format!(
                " The piece on {} must leave the castle.",
                sq.join(" or ")
            ));
        }
        Some(TurnConstraint::MustCapture { .. }) => out.push_str(" A capture is compulsory."),
        Some(TurnConstraint::Pass) => out.push_str(" No legal move: type pass."),
        None => {}
    }
    for c in game.claimable() {
        out.push_str(match c {
            DrawClaim::Repetition => " You may claim a draw by repetition (claim).",
            DrawClaim::FiftyMoves => " You may claim a draw by the 50-move rule (claim).",
        });
    }
    out
}

/// The table the terminal opens on: `--continue`, `--load`, or a new game.
fn opening(opts: &Options, store: Option<&Store>) -> Result<Session, OpeningError> {
    let mut session = if opts.resume {
        match store.map(Store::load_autosave) {
            Some(Loaded::Read(s)) => s,
            Some(Loaded::Unreadable { error, .. }) => return Err(OpeningError::Store(error)),
            _ => return Err(OpeningError::NothingToContinue),
        }
    } else if let Some(path) = &opts.load {
        let mut s = read_session(path).map_err(OpeningError::Store)?;
        if opts.seats.is_none() {
            if let Some(said) = s.seats_from_record(path) {
                println!("{said}");
            }
        }
        s
    } else {
        let v = opts.variant_or_default();
        Session::new(
            Game::new(v),
            opts.seats_for(v).map_err(OpeningError::Seats)?,
        )
    };
    if opts.seats.is_some() {
        session.seats = opts
            .seats_for(session.variant())
            .map_err(OpeningError::Seats)?;
    }
    Ok(session)
}

/// Plays in the terminal until the game is quit or the input ends.
pub fn run(opts: &Options) -> ExitCode {
    let store = Store::from_env().ok();
    // One program a data directory: a second would lose a game to the first.
    let _lock = match Store::hold(store.as_ref()) {
        Ok(lock) => lock,
        Err(e) => {
            eprintln!("camelot: {e}");
            return ExitCode::FAILURE;
        }
    };
    if store.is_none() {
        println!("No data directory (set HOME or CAMELOT_DATA_DIR): nothing will be saved.");
    }
    if let Some(notice) = store
        .as_ref()
        .map(Store::load_autosave)
        .and_then(|l| l.notice("autosave"))
    {
        println!("{notice}");
    }
    let session = match opening(opts, store.as_ref()) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("camelot: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut keeper = Keeper::new(store);
    print!("{}", news(keeper.begin(&session, Notation::Wcf)));
    println!("{}\n{HELP}", session.position().rules().name);
    let mut console = Console::new(session, keeper, true);
    let stdin = io::stdin();
    let mut input = stdin.lock();
    loop {
        if let Some(board) = console.show() {
            println!("{board}");
        }
        if console.computer_to_move() {
            if let Some(said) = console.computer_moves() {
                println!("{said}");
            }
            continue;
        }
        print!("{}> ", console.seat_label());
        let _ = io::stdout().flush();
        let Some(line) = read_line(&mut input) else {
            println!("\n{}", console.farewell());
            return ExitCode::SUCCESS;
        };
        let (said, step) = console.input(&line);
        for s in said.iter().filter(|s| !s.is_empty()) {
            println!("{s}");
        }
        if step == Step::Quit {
            return ExitCode::SUCCESS;
        }
    }
}
