//! The browser page's copy of the protocol (`web/app/protocol.js`) is what the Rust
//! definitions make: the version, the words for end reasons and claims, the seats'
//! colours and every message's shape. `CAMELOT_WRITE_GENERATED=1` writes it anew.

use std::path::Path;

#[test]
fn the_pages_protocol_module_is_generated_from_the_definitions() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("web/app/protocol.js");
    let made = camelot_online::protocol::page::module_text();
    if std::env::var_os("CAMELOT_WRITE_GENERATED").is_some() {
        std::fs::write(&path, &made).unwrap();
    }
    let kept = std::fs::read_to_string(&path).unwrap();
    assert!(
        kept == made,
        "{} is not what the protocol's definitions make: run \
         `CAMELOT_WRITE_GENERATED=1 cargo test -p camelot-server --test page_protocol` \
         and commit it",
        path.display()
    );
}
