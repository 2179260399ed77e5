//! `cargo run -p camelot-assetgen --release`: makes every texture, the environment map,
//! the sounds and the icon of the game in `assets/`, the same bytes on every machine.
//!
//! The board's mean colours are set here: every theme's light squares have a relative
//! luminance of about 0.258 and its dark ones about 0.163 (1.45 times apart, so the two
//! read apart), so that the near-white and near-black pieces keep a contrast of at least
//! 3:1 with either (the game's tests measure these files).

mod environment;
mod icon;
mod noise;
mod picture;
mod sounds;
mod textures;

use std::path::{Path, PathBuf};

/// The icon's other sizes for desktops, in pixels a side (`icon.png` is the 256).
const ICON_SIZES: [usize; 7] = [16, 24, 32, 48, 64, 128, 512];

fn rgb(r: u8, g: u8, b: u8) -> [f32; 3] {
    [r as f32 / 255.0, g as f32 / 255.0, b as f32 / 255.0]
}

fn out_dir() -> PathBuf {
    std::env::args_os()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets"))
}

fn main() -> std::io::Result<()> {
    let dir = out_dir();
    let tex = dir.join("textures");
    let snd = dir.join("sounds");
    std::fs::create_dir_all(&tex)?;
    std::fs::create_dir_all(&snd)?;
    let mut written = Vec::new();
    let mut save = |p: &picture::Picture, name: &str| -> std::io::Result<()> {
        let path = tex.join(name);
        p.write(&path)?;
        written.push(path);
        Ok(())
    };

    // Walnut and maple: golden oak and a reddish walnut, mid-tone.
    let (light, light_rough) = textures::wood(1024, rgb(171, 135, 80), rgb(112, 82, 42), 1);
    save(&light.scale_to_mean(rgb(162, 126, 72)), "wood_light.png")?;
    save(&light_rough, "wood_light_rough.png")?;
    let (dark, dark_rough) = textures::wood(1024, rgb(164, 98, 58), rgb(92, 52, 30), 2);
    save(&dark.scale_to_mean(rgb(152, 90, 52)), "wood_dark.png")?;
    save(&dark_rough, "wood_dark_rough.png")?;
    // Marble: a warm grey and a green-grey with pale veins.
    let m = textures::marble(768, rgb(131, 126, 119), rgb(181, 177, 169), 3);
    save(&m.scale_to_mean(rgb(136, 132, 124)), "marble_light.png")?;
    let m = textures::marble(768, rgb(92, 103, 99), rgb(143, 153, 149), 4);
    save(&m.scale_to_mean(rgb(97, 110, 107)), "marble_dark.png")?;
    // A tournament's printed vinyl: buff and green.
    save(
        &textures::vinyl(256, rgb(144, 131, 100), 5),
        "vinyl_light.png",
    )?;
    save(&textures::vinyl(256, rgb(76, 116, 85), 6), "vinyl_dark.png")?;
    // The table's felt, the castles' stone, the river's ripples.
    let (felt, felt_n) = textures::felt(512, rgb(24, 62, 46), 7);
    save(&felt, "felt.png")?;
    save(&felt_n, "felt_normal.png")?;
    let (stone, stone_n) = textures::stone(512, 8);
    save(&stone, "stone.png")?;
    save(&stone_n, "stone_normal.png")?;
    save(&textures::water(256, 9), "water_normal.png")?;
    save(&environment::room(128), "environment.png")?;

    let sounds: [(&str, Vec<f32>); 5] = [
        ("move.wav", sounds::piece_move()),
        ("capture.wav", sounds::capture()),
        ("castle.wav", sounds::castle()),
        ("refused.wav", sounds::refused()),
        ("end.wav", sounds::game_end()),
    ];
    for (name, s) in &sounds {
        let path = snd.join(name);
        sounds::write_wav(&path, s)?;
        written.push(path);
    }
    let icon = dir.join("icon.png");
    icon::icon(&icon, 256)?;
    written.push(icon);
    // The sizes desktops look for in the hicolor theme (the packages install them).
    let icons = dir.join("icons");
    std::fs::create_dir_all(&icons)?;
    for size in ICON_SIZES {
        let path = icons.join(format!("camelot-{size}.png"));
        icon::icon(&path, size)?;
        written.push(path);
    }

    let mut total = 0;
    for p in &written {
        let len = std::fs::metadata(p)?.len();
        total += len;
        println!("{:>9} {}", len, p.display());
    }
    println!("{total:>9} bytes in {} files", written.len());
    Ok(())
}
