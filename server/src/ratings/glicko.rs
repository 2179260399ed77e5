//! What a rated game does to its players' ratings, by Glicko-2 (`skillratings`, with
//! Glickman's system constant τ = 0.5). Two sides: each player is rated against the
//! other side as one opponent. In Grand Cam a side is a partnership: each partner is
//! rated against the opposing partnership taken as one player whose rating is the mean
//! of theirs, whose deviation is the root mean square of theirs (as uncertain as they
//! are on average) and whose volatility is the mean; partners never against each other.
//! The game is one rating period of one game for each player.

use camelot_engine::Side;
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

/// A player of a rated game: their side and their rating before it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Seated {
    pub side: Side,
    pub before: Glicko2Rating,
}

/// Each player's rating after the game (in the players' order): `winner` `None` is a
/// draw.
pub fn settle(players: &[Seated], winner: Option<Side>) -> Vec<Glicko2Rating> {
    let config = Glicko2Config::new();
    players
        .iter()
        .map(|p| {
            let others: Vec<Glicko2Rating> = players
                .iter()
                .filter(|o| o.side != p.side)
                .map(|o| o.before)
                .collect();
            let Some(opponent) = as_one(&others) else {
                return p.before;
            };
            let outcome = match winner {
                None => Outcomes::DRAW,
                Some(w) if w == p.side => Outcomes::WIN,
                Some(_) => Outcomes::LOSS,
            };
            glicko2(&p.before, &opponent, &outcome, &config).0
        })
        .collect()
}

/// A side of one or more players taken as one opponent: none for no players.
fn as_one(side: &[Glicko2Rating]) -> Option<Glicko2Rating> {
    if side.is_empty() {
        return None;
    }
    let n = side.len() as f64;
    Some(Glicko2Rating {
        rating: side.iter().map(|r| r.rating).sum::<f64>() / n,
        deviation: (side.iter().map(|r| r.deviation.powi(2)).sum::<f64>() / n).sqrt(),
        volatility: side.iter().map(|r| r.volatility).sum::<f64>() / n,
    })
}

#[cfg(test)]
mod tests {
    use skillratings::glicko2::glicko2_rating_period;

    use super::*;

    fn r(rating: f64, deviation: f64) -> Glicko2Rating {
        Glicko2Rating {
            rating,
            deviation,
            volatility: 0.06,
        }
    }

    /// Glickman's worked example ("Example of the Glicko-2 system", glicko.net): a
    /// player at 1500 (deviation 200) beats a 1400 (30) and loses to a 1550 (100) and a
    /// 1700 (300) in one period: 1464.06, deviation 151.52, volatility 0.05999.
    #[test]
    fn the_crate_reproduces_the_papers_worked_example() {
        let after = glicko2_rating_period(
            &r(1500.0, 200.0),
            &[
                (r(1400.0, 30.0), Outcomes::WIN),
                (r(1550.0, 100.0), Outcomes::LOSS),
                (r(1700.0, 300.0), Outcomes::LOSS),
            ],
            &Glicko2Config::new(),
        );
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    #[test]
    fn a_win_raises_the_winner_and_lowers_the_loser_and_a_draw_between_equals_moves_neither() {
        let players = [
            Seated {
                side: Side::First,
                before: Glicko2Rating::new(),
            },
            Seated {
                side: Side::Second,
                before: Glicko2Rating::new(),
            },
        ];
        let won = settle(&players, Some(Side::First));
        assert!((won[0].rating - 1662.3).abs() < 0.1, "{won:?}");
        assert!((won[1].rating - 1337.7).abs() < 0.1, "{won:?}");
        assert!(won[0].deviation < 350.0);
        let drawn = settle(&players, None);
        assert!((drawn[0].rating - 1500.0).abs() < 1e-9 && (drawn[1].rating - 1500.0).abs() < 1e-9);
    }

    /// Grand Cam: each partner is rated against the other partnership as one player
    /// (mean rating, root-mean-square deviation), never against their partner.
    #[test]
    fn a_partnership_is_rated_against_the_other_as_one_player() {
        let (a, b) = (Side::First, Side::Second);
        let players = [
            Seated {
                side: a,
                before: r(1600.0, 100.0),
            },
            Seated {
                side: b,
                before: r(1400.0, 200.0),
            },
            Seated {
                side: a,
                before: r(1500.0, 300.0),
            },
            Seated {
                side: b,
                before: r(1800.0, 50.0),
            },
        ];
        let after = settle(&players, Some(a));
        let composite_b = as_one(&[r(1400.0, 200.0), r(1800.0, 50.0)]).unwrap();
        assert!((composite_b.rating - 1600.0).abs() < 1e-9);
        assert!((composite_b.deviation - (42_500f64 / 2.0).sqrt()).abs() < 1e-9);
        let alone = glicko2(
            &r(1600.0, 100.0),
            &composite_b,
            &Outcomes::WIN,
            &Glicko2Config::new(),
        )
        .0;
        assert_eq!(after[0], alone);
        assert!(after[0].rating > 1600.0 && after[2].rating > 1500.0);
        assert!(after[1].rating < 1400.0 && after[3].rating < 1800.0);
        // The more uncertain partner moves further.
        assert!(after[2].rating - 1500.0 > after[0].rating - 1600.0);
    }
}
