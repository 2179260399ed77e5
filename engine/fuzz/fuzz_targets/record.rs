#![no_main]
use camelot_engine::record;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &str| {
    let _ = record::import(data);
});
