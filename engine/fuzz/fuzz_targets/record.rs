#![no_main]
use camelot_engine::Record;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &str| {
    let _ = Record::import(data);
});
