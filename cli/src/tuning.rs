//! The tuning room: the evaluation's weights and the win probability's scale fitted to
//! self-play samples.

use std::path::{Path, PathBuf};

use camelot_engine::tuning::EvalWeights;
use camelot_engine::Variant;
use camelot_files::{read_text, write_new_file, FileError};
use camelot_lab::{fit_win_probability, tune_weights, Sample, Tuned};

use crate::failure::{refused, Failure};

#[derive(clap::Args)]
pub struct TuneArgs {
    #[arg(long)]
    variant: Variant,
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Write the fitted weights file here (the compiled-in one is
    /// engine/src/ai/weights/VARIANT.txt: rebuild to play with it). An existing file is
    /// replaced only with --force; the folder must exist.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Replace the --out file if it exists.
    #[arg(long, requires = "out")]
    force: bool,
}

/// Every sample of the samples files, in order; a bad line is named with its file.
fn read_samples(files: &[PathBuf]) -> Result<Vec<Sample>, Failure> {
    let mut samples = Vec::new();
    for path in files {
        let text = read_text(path, 1 << 30).map_err(Failure::Read)?;
        for (n, line) in text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
        {
            samples.push(Sample::parse(line).map_err(|error| Failure::Sample {
                path: path.clone(),
                line: n + 1,
                error: Box::new(error),
            })?);
        }
    }
    Ok(samples)
}

impl TuneArgs {
    pub fn run(self) -> Result<(), Failure> {
        let variant = self.variant;
        let mut samples = Vec::new();
        let mut skipped = 0;
        for s in read_samples(&self.files)? {
            if s.position.variant() != variant {
                continue;
            }
            // Texel's method wants quiet positions: a compulsory jump's result is not what
            // the static evaluation sees.
            if s.quiet {
                samples.push((s.position, s.result));
            } else {
                skipped += 1;
            }
        }
        let start = EvalWeights::for_variant(variant);
        let t = tune_weights(&start, &samples).ok_or_else(|| {
            refused(format!(
                "{} quiet {variant} samples: at least 100 are needed (write some with `selfplay --variant {}`)",
                samples.len(),
                variant.id()
            ))
        })?;
        out!(
            "{variant}: {} quiet samples fitted, {} held out ({skipped} with a compulsory jump left out)",
            t.train,
            t.test
        );
        out!(
            "log-loss fitted/held-out: before {:.4}/{:.4}, after {:.4}/{:.4}; held-out without the evaluation {:.4}; scale {:.1}",
            t.before.0,
            t.before.1,
            t.after.0,
            t.after.1,
            t.baseline,
            t.scale
        );
        let (old, new) = (start.to_text(""), t.weights.to_text(""));
        for (a, b) in old.lines().zip(new.lines()) {
            if a != b {
                out!("  {a}  ->  {b}");
            }
        }
        if let Some(path) = &self.out {
            write_weights(path, variant, &t, self.force)?;
        }
        Ok(())
    }
}

fn write_weights(path: &Path, variant: Variant, t: &Tuned, replace: bool) -> Result<(), Failure> {
    let header = format!(
        "# {variant}: the evaluation's weights, in hundredths of a man (see weights.rs for\n\
         # what each means). Fitted by `camelot-cli tune` to {} quiet self-play positions;\n\
         # held-out log-loss {:.4} (the hand-set weights: {:.4}).\n",
        t.train + t.test,
        t.after.1,
        t.before.1
    );
    write_new_file(path, t.weights.to_text(&header).as_bytes(), replace).map_err(|e| match e {
        FileError::Exists { .. } => refused(format!("{e}: --force replaces it")),
        e => Failure::Write(e),
    })?;
    out!("wrote {}", path.display());
    Ok(())
}

#[derive(clap::Args)]
pub struct FitWinprobArgs {
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

impl FitWinprobArgs {
    pub fn run(self) -> Result<(), Failure> {
        let mut by_variant: Vec<(Variant, Vec<(i32, f64)>)> = Vec::new();
        for s in read_samples(&self.files)? {
            let v = s.position.variant();
            match by_variant.iter_mut().find(|(w, _)| *w == v) {
                Some((_, list)) => list.push((s.score.0, s.result)),
                None => by_variant.push((v, vec![(s.score.0, s.result)])),
            }
        }
        by_variant.sort_by_key(|(v, _)| Variant::ALL.iter().position(|w| w == v));
        out!("variant      samples   scale  log-loss fit  held-out  held-out without score");
        for (v, samples) in &by_variant {
            match fit_win_probability(samples) {
                Some(f) => out!(
                    "{:<12} {:>7}  {:>6.1}  {:.4}        {:.4}    {:.4}",
                    v.id(),
                    f.train + f.test,
                    f.scale,
                    f.train_loss,
                    f.test_loss,
                    f.test_baseline
                ),
                None => out!(
                    "{:<12} {:>7}  too few samples to fit",
                    v.id(),
                    samples.len()
                ),
            }
        }
        Ok(())
    }
}
