#![no_main]
//! The terminal game's input, line by line, from arbitrary bytes: every line gets an
//! answer and the game stays consistent. No files are touched (save and load are off)
//! and `hint` is left out (it runs a long search).
use camelot::game::session::{Seat, Session};
use camelot::storage::keeper::Keeper;
use camelot::terminal::Console;
use camelot_engine::{Game, Variant};
use camelot_files::{read_line, InputLine};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let variant = Variant::ALL[data.first().map_or(0, |b| *b as usize % 6)];
    let seats = vec![Seat::Human; variant.rules().players()];
    let mut console = Console::new(
        Session::new(Game::new(variant), seats),
        Keeper::new(None),
        false,
    );
    let mut input = std::io::Cursor::new(data.get(1..).unwrap_or_default());
    while let Some(line) = read_line(&mut input) {
        if matches!(&line, InputLine::Text(t) if t.trim_start().starts_with("hint")) {
            continue;
        }
        let _ = console.show();
        let _ = console.input(&line);
        let pos = console.session().position();
        assert_eq!(pos.hash(), pos.compute_hash());
    }
});
