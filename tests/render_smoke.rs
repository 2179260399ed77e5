//! Opens the real game window for every variant, saves a screenshot and checks that it
//! shows something: a board, not a blank or black frame. Needs a display and a GPU
//! adapter (in CI: Xvfb and Mesa's software Vulkan); without them it is skipped with a
//! message.

use std::path::{Path, PathBuf};
use std::process::Command;

use camelot_engine::Variant;

/// How to reach a display: the one we have, or a virtual one through `xvfb-run`.
fn launcher() -> Option<Vec<String>> {
    if std::env::var_os("DISPLAY").is_some() {
        return Some(Vec::new());
    }
    let xvfb = Command::new("xvfb-run").arg("--help").output().is_ok();
    xvfb.then(|| {
        ["xvfb-run", "-a", "-s", "-screen 0 1280x800x24"]
            .iter()
            .map(|s| s.to_string())
            .collect()
    })
}

/// Distinct colours and the spread of brightness of an RGB(A) PNG.
fn picture_stats(path: &Path) -> (usize, f64) {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let channels = info.color_type.samples();
    let px = &buf[..info.buffer_size()];
    let mut colours = std::collections::HashSet::new();
    let (mut sum, mut sq, mut n) = (0f64, 0f64, 0f64);
    for p in px.chunks(channels) {
        colours.insert((p[0] >> 3, p[1] >> 3, p[2] >> 3));
        let l = 0.3 * p[0] as f64 + 0.59 * p[1] as f64 + 0.11 * p[2] as f64;
        sum += l;
        sq += l * l;
        n += 1.0;
    }
    let mean = sum / n;
    (colours.len(), (sq / n - mean * mean).max(0.0).sqrt())
}

#[test]
fn every_variant_renders_a_board() {
    let Some(launch) = launcher() else {
        eprintln!("render smoke test skipped: no DISPLAY and no xvfb-run (apt-get install xvfb mesa-vulkan-drivers)");
        return;
    };
    let dir = std::env::temp_dir().join(format!("camelot-render-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for v in Variant::ALL {
        let shot: PathBuf = dir.join(format!("{}.png", v.id()));
        let seats = vec!["human"; v.rules().players()].join(",");
        // Shaders compile in the background for the first frames (slowly on a software
        // renderer), so a blank picture is retried later before it counts as a failure.
        let mut last = (0, 0.0);
        for frames in [30, 90, 240] {
            let _ = std::fs::remove_file(&shot);
            let mut cmd = if launch.is_empty() {
                Command::new(env!("CARGO_BIN_EXE_camelot"))
            } else {
                let mut c = Command::new(&launch[0]);
                c.args(&launch[1..]).arg(env!("CARGO_BIN_EXE_camelot"));
                c
            };
            let out = cmd
                .args(["--variant", v.id(), "--seats", &seats])
                .args(["--screenshot", shot.to_str().unwrap()])
                .args(["--after-frames", &frames.to_string()])
                .args(["--exit-after-frames", &(frames + 5).to_string()])
                .env("CAMELOT_DATA_DIR", &dir)
                .env(
                    "WGPU_BACKEND",
                    std::env::var("WGPU_BACKEND").unwrap_or("vulkan".into()),
                )
                .output()
                .expect("run camelot");
            let log = String::from_utf8_lossy(&out.stderr);
            if !out.status.success() {
                if log.contains("Unable to find a GPU")
                    || (log.contains("adapter") && !shot.exists())
                {
                    eprintln!(
                        "render smoke test skipped: no graphics adapter ({})",
                        log.lines().last().unwrap_or("")
                    );
                    return;
                }
                panic!("{v}: camelot failed ({}):\n{log}", out.status);
            }
            assert!(shot.exists(), "{v}: no screenshot written:\n{log}");
            last = picture_stats(&shot);
            eprintln!(
                "{v} at frame {frames}: {} colours, brightness spread {:.1}",
                last.0, last.1
            );
            if last.0 > 200 && last.1 > 20.0 {
                break;
            }
        }
        // A board with pieces, panels and text has hundreds of colours and real contrast.
        let (colours, spread) = last;
        assert!(colours > 200, "{v}: only {colours} colours: blank?");
        assert!(spread > 20.0, "{v}: brightness spread {spread:.1}: blank?");
    }
}
