//! The game in a terminal: a board diagram, moves typed in WCF or numbered notation,
//! and computer opponents at any level.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use camelot_engine::{Ai, Claim, Constraint, Decision, Game, Notation, Record, LEVELS};

use crate::cli::{Options, Seat};

const HELP: &str = "\
Type a move as the WCF writes it (E6-E8, H4xJ4xL6, F6-F8-H8xH10xJ12; trees: T@C3),
or in the 1930 numbered notation (47C71). Commands:
  moves        list the legal moves        hint     ask the computer
  undo, redo   take back / replay a move   claim    claim a draw when allowed
  save FILE    write the game record       load FILE  read a game record
  rules        the rules of this variant   resign, quit";

fn seat_label(game: &Game) -> String {
    let pos = game.position();
    pos.rules().seat_title(pos.turn()).to_string()
}

fn status(game: &Game) -> String {
    let pos = game.position();
    if let (Some(o), Some(who)) = (game.outcome(), crate::session::winners(game)) {
        return format!("Game over: {who} ({}).", o.reason.describe());
    }
    let mut s = format!("{} to move.", seat_label(game));
    match pos.constraint() {
        Some(Constraint::PlantTree { .. }) => {
            s.push_str(" Plant a tree on your side of the river (T@square).")
        }
        Some(Constraint::LeaveCastle { pieces, .. }) => {
            let sq: Vec<String> = pieces.iter().map(|q| pos.geometry().name(q)).collect();
            s.push_str(&format!(
                " The piece on {} must leave the castle.",
                sq.join(" or ")
            ));
        }
        Some(Constraint::MustCapture { .. }) => s.push_str(" A capture is compulsory."),
        Some(Constraint::Pass) | None => {}
    }
    for c in game.claimable() {
        s.push_str(match c {
            Claim::Repetition => " You may claim a draw by repetition (claim).",
            Claim::FiftyMoves => " You may claim a draw by the 50-move rule (claim).",
        });
    }
    s
}

pub fn run(opts: &Options) -> ExitCode {
    let mut game = Game::new(opts.variant_or_default());
    if let Some(path) = &opts.load {
        match std::fs::read_to_string(path)
            .map_err(|e| e.to_string())
            .and_then(|t| Record::import(&t).map_err(|e| e.to_string()))
        {
            Ok((_, g)) => game = g,
            Err(e) => {
                eprintln!("cannot load {path}: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    let seats = match opts.seats_for(game.variant()) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let mut computers: Vec<Option<Ai>> = seats
        .iter()
        .enumerate()
        .map(|(i, s)| match s {
            Seat::Human => None,
            Seat::Computer(level) => Some(Ai::new(*level, 1 + i as u64)),
        })
        .collect();
    println!("{}\n{HELP}\n", game.position().rules().name);
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines();
    let mut shown = usize::MAX;
    loop {
        if shown != game.ply() || game.is_over() {
            println!("\n{}{}", game.position().diagram(), status(&game));
            shown = game.ply();
        }
        if game.is_over() {
            return ExitCode::SUCCESS;
        }
        let seat = game.position().turn().0 as usize;
        if let Some(ai) = computers[seat].as_mut() {
            // A computer seat moves (or claims) by itself.
            let Some((decision, info)) = ai.decide(&game, |_| {}) else {
                return ExitCode::SUCCESS;
            };
            match decision {
                Decision::Play(m) => {
                    let text = game
                        .position()
                        .move_text(&m, Notation::Wcf)
                        .unwrap_or_default();
                    println!(
                        "{} plays {text} ({} positions searched)",
                        seat_label(&game),
                        info.nodes
                    );
                    game.play(&m).expect("the AI plays legal moves");
                }
                Decision::Claim(c) => {
                    println!("{} claims a draw ({c:?}).", seat_label(&game));
                    let _ = game.claim(c);
                }
            }
            continue;
        }
        print!("{}> ", seat_label(&game));
        let _ = io::stdout().flush();
        let Some(Ok(line)) = lines.next() else {
            return ExitCode::SUCCESS;
        };
        let line = line.trim();
        let (cmd, arg) = line
            .split_once(' ')
            .map_or((line, ""), |(c, a)| (c, a.trim()));
        match cmd.to_ascii_lowercase().as_str() {
            "" => {}
            "help" | "?" => println!("{HELP}"),
            "quit" | "exit" => return ExitCode::SUCCESS,
            "rules" => println!("{}", game.position().rules().help_text()),
            "moves" => {
                let list = game.position().legal_move_texts(Notation::Wcf);
                println!("{}", list.join("  "));
            }
            "undo" => {
                // Take back to this human's previous turn, past the computers' replies.
                let mut undone = game.undo().is_some();
                while undone && computers[game.position().turn().0 as usize].is_some() {
                    undone = game.undo().is_some();
                }
                if !undone {
                    println!("Nothing to undo.");
                }
                shown = usize::MAX;
            }
            "redo" => {
                if game.redo().is_none() {
                    println!("Nothing to redo.");
                }
            }
            "hint" => {
                let mut helper = Ai::new(LEVELS[3], 99);
                if let Some((Decision::Play(m), _)) = helper.decide(&game, |_| {}) {
                    println!(
                        "Hint: {}",
                        game.position()
                            .move_text(&m, Notation::Wcf)
                            .unwrap_or_default()
                    );
                } else {
                    println!("Hint: claim the draw.");
                }
            }
            "claim" => match game.claimable().first() {
                Some(&c) => {
                    let _ = game.claim(c);
                }
                None => println!("No draw can be claimed now."),
            },
            "resign" => {
                let team = game.position().rules().team(game.position().turn());
                game.resign(team);
            }
            "save" if !arg.is_empty() => {
                let text = Record::export(&game, &[], Notation::Wcf);
                match std::fs::write(arg, text) {
                    Ok(()) => println!("Saved to {arg}."),
                    Err(e) => println!("Cannot save to {arg}: {e}"),
                }
            }
            "load" if !arg.is_empty() => {
                match std::fs::read_to_string(arg)
                    .map_err(|e| e.to_string())
                    .and_then(|t| Record::import(&t).map_err(|e| e.to_string()))
                {
                    Ok((_, g)) if g.position().rules().players() == computers.len() => {
                        game = g;
                        shown = usize::MAX;
                    }
                    Ok(_) => println!("{arg} has a different number of players."),
                    Err(e) => println!("Cannot load {arg}: {e}"),
                }
            }
            "save" | "load" => println!("{cmd} needs a file name."),
            _ => {
                if let Err(e) = game.play_notation(line) {
                    println!("{e}");
                }
            }
        }
    }
}
