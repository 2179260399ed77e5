//! Camelot: until the 3D tabletop lands, the game is played in the terminal.

mod terminal;

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "-h" || a == "--help") {
        println!("Camelot, the board game.\n\n{}", terminal::USAGE);
        return ExitCode::SUCCESS;
    }
    match terminal::Options::parse(&args) {
        Ok(opts) => terminal::run(opts),
        Err(msg) => {
            eprintln!("{msg}\n\n{}", terminal::USAGE);
            ExitCode::FAILURE
        }
    }
}
