#![no_main]
use camelot_engine::{Position, Variant};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &str| {
    for v in Variant::ALL {
        let p = Position::start(v);
        if let Ok(m) = p.parse_move(data) {
            assert!(p.is_legal(&m));
        }
    }
});
