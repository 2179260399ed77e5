//! An invitation as a QR code, drawn as SVG here so that the page needs no other host: a
//! phone's camera opens the link from another screen.

use std::fmt::Write;

use qrcodegen::{QrCode, QrCodeEcc};

/// The longest text a code is drawn for: an invitation is under a hundred bytes, and a
/// longer text would only make the server draw more for whoever asks.
pub const LONGEST: usize = 256;

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
    // A row's dark modules side by side are one rectangle: the picture is a few
    // kilobytes, not a shape a module.
    let mut path = String::new();
    for y in 0..code.size() {
        let mut x = 0;
        while x < code.size() {
            if !code.get_module(x, y) {
                x += 1;
                continue;
            }
            let run = (x..code.size())
                .take_while(|&x| code.get_module(x, y))
                .count() as i32;
            let _ = write!(path, "M{} {}h{run}v1h-{run}z", x + quiet, y + quiet);
            x += run;
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
        // Every rectangle drawn, read back as the modules it covers, is the code's.
        let path = picture
            .split(" d=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap();
        let mut drawn = vec![vec![false; side as usize]; side as usize];
        for shape in path.split('M').filter(|s| !s.is_empty()) {
            let (at, rest) = shape.split_once('h').unwrap();
            let (x, y) = at.split_once(' ').unwrap();
            let (x, y): (usize, usize) = (x.parse().unwrap(), y.parse().unwrap());
            let run: usize = rest.split('v').next().unwrap().parse().unwrap();
            assert_eq!(rest, format!("{run}v1h-{run}z"));
            for dx in 0..run {
                assert!(!drawn[y][x + dx], "drawn twice");
                drawn[y][x + dx] = true;
            }
        }
        for y in 0..side {
            for x in 0..side {
                let dark = (4..code.size() + 4).contains(&x)
                    && (4..code.size() + 4).contains(&y)
                    && code.get_module(x - 4, y - 4);
                assert_eq!(drawn[y as usize][x as usize], dark, "({x}, {y})");
            }
        }
        // The finder pattern's top row, seven modules, behind the quiet zone.
        assert!(picture.contains("M4 4h7v1h-7z"));
    }

    /// The longest text's picture is a few kilobytes: the route is no amplifier.
    #[test]
    fn the_longest_texts_picture_is_small() {
        let picture = svg(&"x".repeat(LONGEST)).unwrap();
        assert!(picture.len() < 16 * 1024, "{} bytes", picture.len());
    }

    #[test]
    fn empty_and_overlong_texts_are_refused() {
        assert_eq!(svg(""), Err(QrRefusal::Empty));
        assert_eq!(svg(&"x".repeat(LONGEST + 1)), Err(QrRefusal::TooLong));
    }
}
