//! An invitation as a QR code, drawn as SVG here so that the page needs no other host: a
//! phone's camera opens the link from another screen.

use std::fmt::Write;

use qrcodegen::{QrCode, QrCodeEcc};

/// The longest text a code is drawn for: an invitation is under a hundred bytes.
pub const LONGEST: usize = 1000;

/// Why no code is drawn.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum QrRefusal {
    #[error("nothing to encode")]
    Empty,
    #[error("the text is longer than {LONGEST} bytes")]
    TooLong,
}

/// The code of `text`, black on white with the four-module quiet zone readers need, one
/// unit a module (the page sizes it).
pub fn svg(text: &str) -> Result<String, QrRefusal> {
    if text.is_empty() {
        return Err(QrRefusal::Empty);
    }
    if text.len() > LONGEST {
        return Err(QrRefusal::TooLong);
    }
    // Medium correction: a screen photographed at an angle still reads.
    let code = QrCode::encode_text(text, QrCodeEcc::Medium).map_err(|_| QrRefusal::TooLong)?;
    let quiet = 4;
    let side = code.size() + 2 * quiet;
    let mut path = String::new();
    for y in 0..code.size() {
        for x in 0..code.size() {
            if code.get_module(x, y) {
                let _ = write!(path, "M{} {}h1v1h-1z", x + quiet, y + quiet);
            }
        }
    }
    Ok(format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {side} {side}\" \
         shape-rendering=\"crispEdges\" role=\"img\" aria-label=\"QR code of the link\">\
         <rect width=\"{side}\" height=\"{side}\" fill=\"#fff\"/>\
         <path d=\"{path}\" fill=\"#000\"/></svg>"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The code drawn is the one the library makes for the text: its modules, where the
    /// picture puts them.
    #[test]
    fn the_picture_holds_the_codes_modules() {
        let text = "http://127.0.0.1:8080/abcdefgh/ABCDEFGHabcdefgh12345678";
        let picture = svg(text).unwrap();
        let code = QrCode::encode_text(text, QrCodeEcc::Medium).unwrap();
        let side = code.size() + 8;
        assert!(picture.contains(&format!("viewBox=\"0 0 {side} {side}\"")));
        let dark = (0..code.size())
            .flat_map(|y| (0..code.size()).map(move |x| (x, y)))
            .filter(|&(x, y)| code.get_module(x, y))
            .count();
        assert_eq!(picture.matches("h1v1h-1z").count(), dark);
        // The finder pattern's top-left corner module, behind the quiet zone.
        assert!(picture.contains("M4 4h1v1h-1z"));
        assert!(!picture.contains("M3 3h1"));
    }

    #[test]
    fn empty_and_overlong_texts_are_refused() {
        assert_eq!(svg(""), Err(QrRefusal::Empty));
        assert_eq!(svg(&"x".repeat(LONGEST + 1)), Err(QrRefusal::TooLong));
    }
}
