#![no_main]
use camelot_engine::Position;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &str| {
    if let Ok(p) = data.parse::<Position>() {
        assert_eq!(p.to_string().parse::<Position>().unwrap(), p);
        let _ = p.outcome();
    }
});
