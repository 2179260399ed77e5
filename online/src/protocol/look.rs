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

    /// Whether a dark mark reads better on it than a light one (relative luminance
    /// over a half).
    pub fn is_light(self) -> bool {
        let lin = |c: u8| {
            let c = c as f64 / 255.0;
            if c <= 0.04045 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * lin(self.0) + 0.7152 * lin(self.1) + 0.0722 * lin(self.2) > 0.5
    }
}

/// A seat's pieces' colour.
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
}
