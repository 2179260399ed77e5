#![no_main]
//! The engine protocol fed arbitrary bytes: it must answer and never panic or hang.
//! Searches are kept short (any `go` gets a small node limit) so the fuzzer stays fast.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut input = Vec::with_capacity(data.len() + 16);
    for line in data.split(|&b| b == b'\n') {
        if line.starts_with(b"go") {
            input.extend_from_slice(b"go nodes 50");
        } else {
            input.extend_from_slice(line);
        }
        input.push(b'\n');
    }
    camelot_lab::run_engine_protocol(std::io::Cursor::new(input), std::io::sink());
});
