//! A text picture of a position, for terminals and bug reports.

use crate::piece::PieceKind;
use crate::position::Position;
use crate::square::Coord;

impl Position {
    /// A text picture of the board: see [`diagram`].
    pub fn diagram(&self) -> String {
        diagram(self)
    }
}

/// The board, top rank first, two characters a square: seat initial and `K`/`M` for a
/// piece, `.` empty, `[]` an empty castle square, `~~` water, `TT` a tree.
fn diagram(pos: &Position) -> String {
    let r = pos.rules();
    let g = r.geometry;
    let castles = r.all_castles();
    let mut out = String::new();
    for rank in (0..g.ranks).rev() {
        out.push_str(&format!("{:>2} ", rank + 1));
        for file in 0..g.files {
            let cell = match g.square(Coord::new(file, rank)) {
                None => "  ".to_string(),
                Some(sq) => {
                    if let Some(pc) = pos.piece_at(sq) {
                        let seat = r
                            .seat_name(pc.owner)
                            .chars()
                            .next()
                            .unwrap_or('?')
                            .to_ascii_uppercase();
                        format!(
                            "{seat}{}",
                            if pc.kind == PieceKind::Knight {
                                'K'
                            } else {
                                'M'
                            }
                        )
                    } else if pos.trees().contains(sq) {
                        "TT".into()
                    } else if r.water.contains(sq) {
                        "~~".into()
                    } else if castles.contains(sq) {
                        "[]".into()
                    } else if r.bridges.contains(sq) {
                        "==".into()
                    } else {
                        " .".into()
                    }
                }
            };
            out.push_str(&cell);
            out.push(' ');
        }
        out.truncate(out.trim_end().len());
        out.push('\n');
    }
    out.push_str("   ");
    for file in 0..g.files {
        out.push_str(&format!(" {} ", (b'A' + file) as char));
    }
    out.truncate(out.trim_end().len());
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    #[test]
    fn camette_start_diagram() {
        let d = diagram(&Position::start(Variant::Camette));
        let expected = concat!(
            " 7       []\n",
            " 6     . BK  .\n",
            " 5  . BM BM BM  .\n",
            " 4  .  .  .  .  .\n",
            " 3  . WM WM WM  .\n",
            " 2     . WK  .\n",
            " 1       []\n",
            "    A  B  C  D  E\n",
        );
        assert_eq!(d, expected);
    }
}
