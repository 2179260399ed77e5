//! Command-line options of the `camelot` binary.

use camelot_engine::{Level, Variant, LEVELS};

pub const USAGE: &str = "\
usage: camelot [--variant V] [--seats SEAT,SEAT[,SEAT,SEAT]] [--load FILE]
               [--screenshot PATH --after-frames N] [--exit-after-frames N]
               [--bench-frames N] [--click SQ,SQ,...] [--terminal]
  V:    camelot (default), classic, river, anti, camette, grandcam
  SEAT: human, or ai:LEVEL with LEVEL one of beginner novice club expert master greedy
        (default: human,ai:club; Grand Cam has four seats: red, green, blue, yellow)
  --variant, --seats or --load start a game at once; without them the menu opens.
  --screenshot PATH     save a screenshot of frame N (--after-frames, default 60)
  --exit-after-frames N quit after N frames
  --bench-frames N      measure N frames idle and N while the AI thinks, print the
                        frame-time median and 99th percentile, and quit
  --click SQ,SQ,...     click these squares once the board is up (for scripted
                        screenshots of move entry)
  --terminal            play in the terminal instead of the 3D window";

/// Who sits in a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seat {
    Human,
    Computer(Level),
}

impl Seat {
    pub fn parse(s: &str) -> Result<Seat, String> {
        let s = s.trim().to_ascii_lowercase();
        if s == "human" {
            return Ok(Seat::Human);
        }
        let name = s
            .strip_prefix("ai:")
            .ok_or(format!("seat '{s}' should be human or ai:LEVEL"))?;
        Level::by_name(name)
            .map(Seat::Computer)
            .ok_or(format!("unknown level '{name}'"))
    }

    /// `human` or `ai:LEVEL`, as `parse` reads it.
    pub fn token(&self) -> String {
        match self {
            Seat::Human => "human".into(),
            Seat::Computer(l) => format!("ai:{}", l.name),
        }
    }

    pub fn is_human(&self) -> bool {
        matches!(self, Seat::Human)
    }
}

/// The default table: a human against the club level (every seat after the first).
pub fn default_seats(variant: Variant) -> Vec<Seat> {
    (0..variant.rules().players())
        .map(|i| {
            if i == 0 {
                Seat::Human
            } else {
                Seat::Computer(LEVELS[2])
            }
        })
        .collect()
}

/// Parses `human,ai:master,...`, checking the count against the variant's seats.
pub fn parse_seats(s: &str, variant: Variant) -> Result<Vec<Seat>, String> {
    let seats = s
        .split(',')
        .map(Seat::parse)
        .collect::<Result<Vec<_>, _>>()?;
    let players = variant.rules().players();
    if seats.len() != players {
        return Err(format!(
            "{variant} has {players} seats; --seats lists {}",
            seats.len()
        ));
    }
    Ok(seats)
}

#[derive(Debug, Clone, Default)]
pub struct Options {
    pub variant: Option<Variant>,
    pub seats: Option<String>,
    pub load: Option<String>,
    pub screenshot: Option<String>,
    pub after_frames: Option<u32>,
    pub exit_after_frames: Option<u32>,
    pub bench_frames: Option<u32>,
    pub clicks: Vec<String>,
    pub terminal: bool,
}

impl Options {
    pub fn parse(args: &[String]) -> Result<Options, String> {
        let mut o = Options::default();
        let mut it = args.iter();
        while let Some(a) = it.next() {
            let mut value = |name: &str| it.next().cloned().ok_or(format!("{name} needs a value"));
            let frames = |v: String, name: &str| {
                v.parse::<u32>()
                    .map_err(|_| format!("{name} needs a number of frames, not '{v}'"))
            };
            match a.as_str() {
                "--variant" => {
                    o.variant = Some(value(a)?.parse().map_err(|e| format!("{e}"))?);
                }
                "--seats" => o.seats = Some(value(a)?),
                "--load" => o.load = Some(value(a)?),
                "--screenshot" => o.screenshot = Some(value(a)?),
                "--after-frames" => o.after_frames = Some(frames(value(a)?, a)?),
                "--exit-after-frames" => o.exit_after_frames = Some(frames(value(a)?, a)?),
                "--bench-frames" => o.bench_frames = Some(frames(value(a)?, a)?.max(1)),
                "--click" => {
                    o.clicks = value(a)?.split(',').map(|s| s.trim().to_string()).collect()
                }
                "--terminal" => o.terminal = true,
                other => return Err(format!("unknown argument '{other}'")),
            }
        }
        if let (Some(s), Some(v)) = (&o.seats, o.variant) {
            parse_seats(s, v)?;
        }
        Ok(o)
    }

    pub fn variant_or_default(&self) -> Variant {
        self.variant.unwrap_or(Variant::Camelot)
    }

    /// The seats asked for, or the default table.
    pub fn seats_for(&self, variant: Variant) -> Result<Vec<Seat>, String> {
        match &self.seats {
            Some(s) => parse_seats(s, variant),
            None => Ok(default_seats(variant)),
        }
    }

    /// Whether the command line asks for a game rather than the menu.
    pub fn starts_game(&self) -> bool {
        self.variant.is_some() || self.seats.is_some() || self.load.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn parses_every_flag() {
        let o = Options::parse(&args(
            "--variant grandcam --seats human,ai:master,ai:club,human --screenshot a.png \
             --after-frames 30 --exit-after-frames 40 --bench-frames 100",
        ))
        .unwrap();
        assert_eq!(o.variant, Some(Variant::GrandCam));
        let seats = o.seats_for(Variant::GrandCam).unwrap();
        assert_eq!(seats[1], Seat::Computer(LEVELS[4]));
        assert_eq!(seats[3], Seat::Human);
        assert_eq!((o.after_frames, o.exit_after_frames), (Some(30), Some(40)));
        assert_eq!(o.bench_frames, Some(100));
        assert!(o.starts_game());
    }

    #[test]
    fn bad_arguments_say_what_is_wrong() {
        let e = Options::parse(&args("--variant chess")).unwrap_err();
        assert!(e.contains("chess"), "{e}");
        let e = Options::parse(&args("--variant camelot --seats human")).unwrap_err();
        assert!(e.contains("2 seats"), "{e}");
        let e = Options::parse(&args("--after-frames soon")).unwrap_err();
        assert!(e.contains("soon"), "{e}");
        let e =
            Options::parse(&args("--seats human,ai:grandmaster --variant camelot")).unwrap_err();
        assert!(e.contains("grandmaster"), "{e}");
        assert!(Options::parse(&args("--fly"))
            .unwrap_err()
            .contains("--fly"));
        assert!(Options::parse(&args("--load"))
            .unwrap_err()
            .contains("needs a value"));
    }
}
