//! Every evaluation weight, per variant. Units: a man is 100.
//!
//! The weights are data: one text file a variant in `weights/`, compiled in, a weight a
//! line (`name value`, the advance table as twelve values). `camelot-cli tune` fits them
//! to self-play samples and rewrites the file.

use std::fmt;

use crate::excerpt::Excerpt;
use crate::variant::Variant;

#[derive(Clone, Debug, PartialEq)]
pub struct EvalWeights {
    pub man: i32,
    pub knight: i32,
    /// Added to a knight's value as the board empties (WCF: a knight is worth about 1.3
    /// men with the board full, nearer 1.5 late).
    pub knight_late_bonus: i32,
    /// Bonus by distance (in king steps) from the goal castle: index 0 is in the castle.
    pub advance: [i32; 12],
    /// A first piece already in the goal castle (Camelot needs two).
    pub first_in_goal: i32,
    /// Per enemy piece within two steps of our castle, and per own piece guarding it.
    pub intruder: i32,
    pub guard: i32,
    /// River Camelot: an own piece on a bridge square.
    pub bridge: i32,
    /// A piece standing where an enemy can jump it at once.
    pub hanging: i32,
    /// Per empty square next to a piece (its room for plain moves), up to four.
    pub mobility: i32,
    /// Per step of the mean distance from a side's pieces to the nearest enemy piece:
    /// Anti-Camelot has to walk its pieces into the enemy's jumps, and without this it
    /// wanders. Counted for the side ahead on material only (both sides when level).
    pub approach: i32,
    /// Anti-Camelot plays to lose pieces: material counts against its owner.
    pub material_sign: i32,
    pub tempo: i32,
    /// Per ply of the 50-move count, against the side ahead on material: the side ahead
    /// must make progress (in Anti-Camelot, give pieces away) before the behind side can
    /// claim the draw, rather than shuffle.
    pub progress: i32,
    /// Not an evaluation term but the search's: a draw scores this much against the side
    /// that searches (and for its opponent), and the 50-move count moves the evaluation
    /// towards that score as it runs. Anti-Camelot's even standoffs were drawn when
    /// neither side would start the exchanges.
    pub contempt: i32,
    /// Also the search's: the fewest pieces the mover must have for the search to try a
    /// null move (passing, to see whether the position holds even so); 0 never. Where
    /// having to move can be what loses (Anti-Camelot, few pieces), passing would lie.
    pub null_move_pieces: i32,
    /// Also the search's: in its first this many plies, quiescence does not stand pat
    /// where the opponent could win at once by entering its goal castle, but searches
    /// every move (0: never). Off where it is not measured: in Grand Cam, where a single
    /// piece wins, the threat is everywhere and answering it cost more than it found.
    pub goal_threat_plies: i32,
}

/// The weight names in file order; `advance` takes twelve values, the others one.
pub const NAMES: [&str; 17] = [
    "man",
    "knight",
    "knight_late_bonus",
    "advance",
    "first_in_goal",
    "intruder",
    "guard",
    "bridge",
    "hanging",
    "mobility",
    "approach",
    "material_sign",
    "tempo",
    "progress",
    "contempt",
    "null_move_pieces",
    "goal_threat_plies",
];

/// The weights file of a variant, as compiled in.
pub fn file_text(v: Variant) -> &'static str {
    match v {
        Variant::Camelot => include_str!("weights/camelot.txt"),
        Variant::Classic => include_str!("weights/classic.txt"),
        Variant::River => include_str!("weights/river.txt"),
        Variant::Anti => include_str!("weights/anti.txt"),
        Variant::Camette => include_str!("weights/camette.txt"),
        Variant::GrandCam => include_str!("weights/grandcam.txt"),
    }
}

impl EvalWeights {
    /// The compiled-in weights of `v` (the tests check that every file reads).
    pub fn for_variant(v: Variant) -> EvalWeights {
        EvalWeights::parse(file_text(v))
            .unwrap_or_else(|e| panic!("engine/src/ai/weights/{}.txt: {e}", v.id()))
    }

    /// Reads a weights file: every name of [`NAMES`] once, `#` comments, blank lines.
    pub fn parse(text: &str) -> Result<EvalWeights, WeightsError> {
        let mut found: [Option<Vec<i32>>; NAMES.len()] = Default::default();
        for (n, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let mut words = line.split_whitespace();
            let name = words.next().unwrap_or("");
            let line = n + 1;
            let i = NAMES
                .iter()
                .position(|&k| k == name)
                .ok_or_else(|| WeightsError::Unknown {
                    line,
                    name: Excerpt::new(name),
                })?;
            let name = NAMES[i];
            if found[i].is_some() {
                return Err(WeightsError::GivenTwice { line, name });
            }
            let values = words
                .map(|w| w.parse::<i32>())
                .collect::<Result<Vec<_>, _>>()
                .map_err(|_| WeightsError::NotWholeNumbers { line, name })?;
            let want = if name == "advance" { 12 } else { 1 };
            if values.len() != want {
                return Err(WeightsError::WrongCount { line, name, want });
            }
            found[i] = Some(values);
        }
        let mut get = |i: usize| {
            found[i]
                .take()
                .ok_or(WeightsError::Missing { name: NAMES[i] })
        };
        let one = |v: Vec<i32>| v[0];
        Ok(EvalWeights {
            man: one(get(0)?),
            knight: one(get(1)?),
            knight_late_bonus: one(get(2)?),
            advance: get(3)?.try_into().expect("twelve values, checked above"),
            first_in_goal: one(get(4)?),
            intruder: one(get(5)?),
            guard: one(get(6)?),
            bridge: one(get(7)?),
            hanging: one(get(8)?),
            mobility: one(get(9)?),
            approach: one(get(10)?),
            material_sign: one(get(11)?),
            tempo: one(get(12)?),
            progress: one(get(13)?),
            contempt: one(get(14)?),
            null_move_pieces: one(get(15)?),
            goal_threat_plies: one(get(16)?),
        })
    }

    /// The weights as a file [`EvalWeights::parse`] reads back, after `header` (comment
    /// lines, each starting with `#`).
    pub fn to_text(&self, header: &str) -> String {
        let adv: Vec<String> = self.advance.iter().map(|a| a.to_string()).collect();
        let values = [
            self.man.to_string(),
            self.knight.to_string(),
            self.knight_late_bonus.to_string(),
            adv.join(" "),
            self.first_in_goal.to_string(),
            self.intruder.to_string(),
            self.guard.to_string(),
            self.bridge.to_string(),
            self.hanging.to_string(),
            self.mobility.to_string(),
            self.approach.to_string(),
            self.material_sign.to_string(),
            self.tempo.to_string(),
            self.progress.to_string(),
            self.contempt.to_string(),
            self.null_move_pieces.to_string(),
            self.goal_threat_plies.to_string(),
        ];
        let mut text = header.to_string();
        for (name, value) in NAMES.iter().zip(values) {
            text.push_str(&format!("{name} {value}\n"));
        }
        text
    }
}

/// Why a weights file could not be read: the line and the weight it is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WeightsError {
    Unknown {
        line: usize,
        name: Excerpt,
    },
    GivenTwice {
        line: usize,
        name: &'static str,
    },
    NotWholeNumbers {
        line: usize,
        name: &'static str,
    },
    WrongCount {
        line: usize,
        name: &'static str,
        want: usize,
    },
    Missing {
        name: &'static str,
    },
}

impl fmt::Display for WeightsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WeightsError::Unknown { line, name } => {
                write!(f, "line {line}: unknown weight '{name}'")
            }
            WeightsError::GivenTwice { line, name } => {
                write!(f, "line {line}: '{name}' given twice")
            }
            WeightsError::NotWholeNumbers { line, name } => {
                write!(f, "line {line}: '{name}' takes whole numbers")
            }
            WeightsError::WrongCount { line, name, want } => {
                write!(f, "line {line}: '{name}' takes {want} value(s)")
            }
            WeightsError::Missing { name } => write!(f, "'{name}' is missing"),
        }
    }
}

impl std::error::Error for WeightsError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_reads_and_round_trips() {
        for v in Variant::ALL {
            let w = EvalWeights::for_variant(v);
            assert_eq!(w.man, 100, "{v:?}: a man is the unit");
            assert_eq!(EvalWeights::parse(&w.to_text("# x\n")), Ok(w));
        }
        assert_eq!(EvalWeights::for_variant(Variant::Anti).material_sign, -1);
        assert_eq!(EvalWeights::for_variant(Variant::River).bridge, 12);
        // Anti-Camelot is about having to move: the search never passes there.
        assert_eq!(EvalWeights::for_variant(Variant::Anti).null_move_pieces, 0);
        assert!(EvalWeights::for_variant(Variant::Camelot).null_move_pieces > 0);
    }

    #[test]
    fn bad_files_are_refused_with_the_line() {
        let good = EvalWeights {
            advance: [0, 60, 36, 24, 16, 11, 7, 4, 2, 1, 0, 0],
            tempo: 8,
            progress: 0,
            ..EvalWeights::for_variant(Variant::Camelot)
        }
        .to_text("");
        assert!(EvalWeights::parse(&good).is_ok());
        let cases = [
            (
                good.replace("tempo 8", "tempo"),
                "line 13: 'tempo' takes 1 value(s)",
            ),
            (good.replace("progress 0\n", ""), "'progress' is missing"),
            (
                good.replace("tempo 8", "tempo eight"),
                "takes whole numbers",
            ),
            (good.replace("tempo 8", "pace 8"), "unknown weight 'pace'"),
            (good.replace("tempo 8\n", ""), "'tempo' is missing"),
            (format!("{good}man 100\n"), "line 18: 'man' given twice"),
            (
                good.replace("advance 0 60", "advance 60"),
                "'advance' takes 12",
            ),
        ];
        for (text, want) in cases {
            let e = EvalWeights::parse(&text).unwrap_err().to_string();
            assert!(e.contains(want), "{e} lacks {want}");
        }
    }
}
