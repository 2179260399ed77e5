//! Camette's solved table, from the data directory once `camelot-cli solve camette` has
//! built it. The computer's top levels play from it and the analysis reads it; without
//! it both search, as in every other variant. Nothing here needs Bevy.

use std::sync::{Arc, Mutex};

use camelot_engine::tablebase::Tablebase;
use camelot_engine::Variant;
use camelot_files::open_default_tablebase;

/// The table for a game of `variant`, if that is Camette and the table is there. A table
/// built while the game runs is found on the next call; a damaged one is reported once
/// on stderr and then left alone.
pub fn table_for(variant: Variant) -> Option<Arc<Tablebase>> {
    // Whether the table was opened, and what came of it (a failure is remembered, so
    // that it is said once).
    static OPENED: Mutex<Option<Option<Arc<Tablebase>>>> = Mutex::new(None);
    if variant != Variant::Camette {
        return None;
    }
    let mut opened = OPENED.lock().ok()?;
    if opened.is_none() {
        match open_default_tablebase()? {
            Ok(t) => *opened = Some(Some(Arc::new(t))),
            Err(e) => {
                eprintln!("Camette's table is not used: {e}");
                *opened = Some(None);
            }
        }
    }
    opened.as_ref()?.clone()
}
