//! How each seat's pieces look, for every client that draws them: the 3D table's
//! materials and the browser page's board take their colours from here.

use camelot_engine::SeatColour;

/// An sRGB colour, a byte a channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// `#rrggbb`.
    pub fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }

    /// WCAG's relative luminance, 0 (black) to 1 (white).
    pub fn luminance(self) -> f64 {
        let lin = |c: u8| {
            let c = c as f64 / 255.0;
            if c <= 0.04045 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * lin(self.0) + 0.7152 * lin(self.1) + 0.0722 * lin(self.2)
    }

    /// Whether a dark mark reads better on it than a light one (relative luminance
    /// over a half).
    pub fn is_light(self) -> bool {
        self.luminance() > 0.5
    }
}

/// A seat's pieces' colour on the 3D table. Lit and without an outline, a piece must
/// keep 3:1 against both squares of every board by its colour alone, which leaves near
/// black and near white: Grand Cam's partners share one (Red and Blue dark, Green and
/// Yellow light), told apart by hue and by the ring on Blue's and Yellow's pieces.
pub fn seat_rgb(seat: SeatColour) -> Rgb {
    match seat {
        SeatColour::White => Rgb(250, 247, 240),
        SeatColour::Black => Rgb(18, 16, 15),
        SeatColour::Red => Rgb(64, 3, 2),
        SeatColour::Green => Rgb(120, 255, 215),
        SeatColour::Blue => Rgb(3, 10, 84),
        SeatColour::Yellow => Rgb(255, 236, 20),
    }
}

/// The ring that marks one partner's pieces in Grand Cam (Blue and Yellow), so partners
/// are told apart by shape as well as colour.
pub fn partner_ring(seat: SeatColour) -> Option<Rgb> {
    match seat {
        SeatColour::Blue => Some(Rgb(214, 170, 60)),
        SeatColour::Yellow => Some(Rgb(60, 40, 16)),
        _ => None,
    }
}

/// How a seat's pieces are drawn flat, as discs (the browser's board). A flat disc may
/// take an edge that stands out from the squares, so its fill is free of the 3D table's
/// two bands of lightness: Grand Cam's four fills step in lightness (Blue, Red, Green,
/// Yellow, each at least 1.5:1 from every other and partners at least 2:1) as well as
/// in hue. The other seats are drawn as on the 3D table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FlatPiece {
    pub fill: Rgb,
}

impl FlatPiece {
    /// Darkest a fill may be and still need an edge: a near-black disc stands out from
    /// every square (3:1) by itself, with a faint light rim.
    const DARK_ENOUGH: f64 = 0.0135;
    /// Over this, dark marks on the disc read better than light ones (their contrasts
    /// with the fill cross here).
    const INK_TURNS: f64 = 0.185;

    /// Whether the disc takes a dark edge.
    pub fn edged(self) -> bool {
        self.fill.luminance() > Self::DARK_ENOUGH
    }

    /// Whether the marks on it (a man's ring, a knight's head) are dark.
    pub fn dark_ink(self) -> bool {
        self.fill.luminance() > Self::INK_TURNS
    }
}

/// A seat's pieces on a flat board.
pub fn flat_piece(seat: SeatColour) -> FlatPiece {
    let fill = match seat {
        SeatColour::Red => Rgb(225, 45, 40),
        SeatColour::Green => Rgb(60, 180, 90),
        other => seat_rgb(other),
    };
    FlatPiece { fill }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn light_pieces_are_the_light_seats() {
        let light: Vec<SeatColour> = SeatColour::ALL
            .into_iter()
            .filter(|&s| seat_rgb(s).is_light())
            .collect();
        assert_eq!(
            light,
            [SeatColour::White, SeatColour::Green, SeatColour::Yellow]
        );
        assert_eq!(seat_rgb(SeatColour::Red).hex(), "#400302");
    }

    #[test]
    fn grand_cams_flat_pieces_step_in_lightness() {
        let contrast = |a: SeatColour, b: SeatColour| {
            let (x, y) = (
                flat_piece(a).fill.luminance(),
                flat_piece(b).fill.luminance(),
            );
            (x.max(y) + 0.05) / (x.min(y) + 0.05)
        };
        let four = [
            SeatColour::Red,
            SeatColour::Green,
            SeatColour::Blue,
            SeatColour::Yellow,
        ];
        for (i, &a) in four.iter().enumerate() {
            for &b in &four[i + 1..] {
                assert!(contrast(a, b) >= 1.5, "{a:?} {b:?}: {:.2}", contrast(a, b));
            }
        }
        assert!(contrast(SeatColour::Red, SeatColour::Blue) >= 2.0);
        assert!(contrast(SeatColour::Green, SeatColour::Yellow) >= 2.0);
        // Blue stands out by its own darkness; the others take an edge.
        assert!(!flat_piece(SeatColour::Blue).edged());
        assert!(four
            .iter()
            .filter(|&&s| s != SeatColour::Blue)
            .all(|&s| flat_piece(s).edged()));
        // White and Black as on the 3D table.
        assert_eq!(
            flat_piece(SeatColour::White).fill,
            seat_rgb(SeatColour::White)
        );
    }
}
