//! Colours and materials: one place for the look of the table, the board and the
//! pieces. A board theme changes the materials in place, so nothing is respawned.

use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use camelot_engine::StepKind;

use crate::settings::{BoardTheme, Settings};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(PreStartup, create_palette)
        .add_systems(Update, apply_theme.run_if(resource_changed::<Settings>));
}

/// A seat's colour by its name (White, Black; Red, Green, Blue, Yellow).
pub fn seat_color(name: &str) -> Color {
    match name {
        "white" => Color::srgb(0.93, 0.87, 0.74),
        "black" => Color::srgb(0.11, 0.09, 0.08),
        "red" => Color::srgb(0.7, 0.1, 0.08),
        "green" => Color::srgb(0.1, 0.45, 0.18),
        "blue" => Color::srgb(0.12, 0.26, 0.66),
        "yellow" => Color::srgb(0.9, 0.72, 0.12),
        _ => Color::srgb(0.5, 0.5, 0.5),
    }
}

/// The colour of a seat for text on the dark egui panels.
pub fn seat_text_color(name: &str) -> [u8; 3] {
    match name {
        "white" => [240, 230, 205],
        "black" => [150, 140, 130],
        "red" => [235, 80, 70],
        "green" => [90, 200, 110],
        "blue" => [110, 150, 245],
        "yellow" => [245, 210, 70],
        _ => [200, 200, 200],
    }
}

struct ThemeColors {
    light: Color,
    dark: Color,
    grout: Color,
    table: Color,
}

fn theme_colors(t: BoardTheme) -> ThemeColors {
    match t {
        BoardTheme::Walnut => ThemeColors {
            light: Color::srgb(0.86, 0.72, 0.5),
            dark: Color::srgb(0.5, 0.32, 0.18),
            grout: Color::srgb(0.22, 0.13, 0.07),
            table: Color::srgb(0.28, 0.17, 0.1),
        },
        BoardTheme::Marble => ThemeColors {
            light: Color::srgb(0.88, 0.87, 0.84),
            dark: Color::srgb(0.42, 0.44, 0.47),
            grout: Color::srgb(0.16, 0.16, 0.18),
            table: Color::srgb(0.2, 0.14, 0.1),
        },
        BoardTheme::Tournament => ThemeColors {
            light: Color::srgb(0.9, 0.88, 0.76),
            dark: Color::srgb(0.25, 0.45, 0.3),
            grout: Color::srgb(0.1, 0.18, 0.12),
            table: Color::srgb(0.14, 0.22, 0.16),
        },
    }
}

/// Every material the scene uses, created once.
#[derive(Resource)]
pub struct Palette {
    pub light: Handle<StandardMaterial>,
    pub dark: Handle<StandardMaterial>,
    pub grout: Handle<StandardMaterial>,
    pub table: Handle<StandardMaterial>,
    pub water: Handle<StandardMaterial>,
    pub bridge: Handle<StandardMaterial>,
    pub trunk: Handle<StandardMaterial>,
    pub leaves: Handle<StandardMaterial>,
    pub merlon: Handle<StandardMaterial>,
    pub hover: Handle<StandardMaterial>,
    pub selected: Handle<StandardMaterial>,
    pub hint: Handle<StandardMaterial>,
    pub plain: Handle<StandardMaterial>,
    pub canter: Handle<StandardMaterial>,
    pub jump: Handle<StandardMaterial>,
    pub charge: Handle<StandardMaterial>,
    pub castle_move: Handle<StandardMaterial>,
    /// Castle stone and pieces, by seat name.
    castles: Vec<(&'static str, Handle<StandardMaterial>)>,
    pieces: Vec<(&'static str, Handle<StandardMaterial>)>,
    /// A castle lit up when a piece enters it.
    pub castle_glow: Handle<StandardMaterial>,
}

impl Palette {
    pub fn castle(&self, seat: &str) -> Handle<StandardMaterial> {
        find(&self.castles, seat)
    }

    pub fn piece(&self, seat: &str) -> Handle<StandardMaterial> {
        find(&self.pieces, seat)
    }

    pub fn marker(&self, kind: MarkerKind) -> Handle<StandardMaterial> {
        match kind {
            MarkerKind::Step(StepKind::Plain) | MarkerKind::Step(StepKind::Tree) => {
                self.plain.clone()
            }
            MarkerKind::Step(StepKind::Canter) => self.canter.clone(),
            MarkerKind::Step(StepKind::Jump) => self.jump.clone(),
            MarkerKind::Step(StepKind::CastleMove) => self.castle_move.clone(),
            MarkerKind::Charge => self.charge.clone(),
        }
    }
}

/// How a landing square offered during move entry is marked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarkerKind {
    Step(StepKind),
    /// A canter that is the first part of a knight's charge.
    Charge,
}

impl MarkerKind {
    pub fn label(self) -> &'static str {
        match self {
            MarkerKind::Step(StepKind::Plain) => "plain move",
            MarkerKind::Step(StepKind::Canter) => "canter",
            MarkerKind::Step(StepKind::Jump) => "jump (capture)",
            MarkerKind::Step(StepKind::CastleMove) => "castle move",
            MarkerKind::Step(StepKind::Tree) => "plant a tree",
            MarkerKind::Charge => "knight's charge",
        }
    }
}

/// The colour of a kind of landing marker, for text on the dark panels.
pub fn marker_text_color(kind: MarkerKind) -> [u8; 3] {
    match kind {
        MarkerKind::Step(StepKind::Plain) | MarkerKind::Step(StepKind::Tree) => [120, 220, 120],
        MarkerKind::Step(StepKind::Canter) => [110, 170, 255],
        MarkerKind::Step(StepKind::Jump) => [255, 90, 80],
        MarkerKind::Step(StepKind::CastleMove) => [240, 200, 80],
        MarkerKind::Charge => [255, 150, 50],
    }
}

fn find(list: &[(&'static str, Handle<StandardMaterial>)], seat: &str) -> Handle<StandardMaterial> {
    list.iter()
        .find(|(n, _)| *n == seat)
        .map(|(_, h)| h.clone())
        .unwrap_or_else(|| list[0].1.clone())
}

const SEATS: [&str; 6] = ["white", "black", "red", "green", "blue", "yellow"];

/// Markers and highlights: unlit, so they read the same in light and shadow; `strength`
/// is their opacity.
fn glowing(color: Color, strength: f32) -> StandardMaterial {
    StandardMaterial {
        base_color: color.with_alpha((0.55 + 0.25 * strength).min(0.95)),
        alpha_mode: AlphaMode::Blend,
        unlit: true,
        ..default()
    }
}

fn matte(color: Color, roughness: f32) -> StandardMaterial {
    StandardMaterial {
        base_color: color,
        perceptual_roughness: roughness,
        reflectance: 0.35,
        ..default()
    }
}

/// A wood grain, light and grey, for materials to tint: long wavy fibres with a few
/// darker rings.
fn wood_grain() -> Image {
    const W: usize = 256;
    const H: usize = 256;
    let mut data = vec![0u8; W * H * 4];
    for y in 0..H {
        for x in 0..W {
            let (fx, fy) = (x as f32, y as f32);
            // Fine fibres, gently bent, with broader bands of growth rings.
            let bend = 0.9 * (fy * 0.017).sin() + 0.35 * (fy * 0.053 + fx * 0.013).sin();
            let fibre = (fx * 0.9 + bend * 6.0).sin() * 0.5 + 0.5;
            let band = (fx * 0.07 + bend).sin() * 0.5 + 0.5;
            let h = ((x * 7 + y * 131) as u32).wrapping_mul(2_654_435_761) >> 24;
            let v = 0.82 + 0.06 * fibre + 0.1 * band.powf(3.0) + h as f32 / 255.0 * 0.03;
            let b = (v.min(1.0) * 255.0) as u8;
            data[(y * W + x) * 4..][..4].copy_from_slice(&[b, b, b, 255]);
        }
    }
    Image::new(
        Extent3d {
            width: W as u32,
            height: H as u32,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    )
}

fn create_palette(
    mut commands: Commands,
    mut materials: ResMut<Assets<StandardMaterial>>,
    images: Option<ResMut<Assets<Image>>>,
    settings: Option<Res<Settings>>,
) {
    let theme = settings.map(|s| s.theme).unwrap_or_default();
    let c = theme_colors(theme);
    let wood = images.map(|mut i| i.add(wood_grain()));
    let grained = |m: StandardMaterial| StandardMaterial {
        base_color_texture: wood.clone(),
        ..m
    };
    let mut add = |m: StandardMaterial| materials.add(m);
    let castles = SEATS
        .iter()
        .map(|&s| {
            let base = seat_color(s).mix(&Color::srgb(0.6, 0.58, 0.55), 0.45);
            (s, add(matte(base, 0.75)))
        })
        .collect();
    let pieces = SEATS
        .iter()
        .map(|&s| {
            // Satin lacquer: smooth, with a clear-coat sheen.
            let m = StandardMaterial {
                base_color: seat_color(s),
                perceptual_roughness: 0.32,
                reflectance: 0.5,
                clearcoat: 0.6,
                clearcoat_perceptual_roughness: 0.25,
                ..default()
            };
            (s, add(m))
        })
        .collect();
    let palette = Palette {
        light: add(grained(matte(c.light, 0.55))),
        dark: add(grained(matte(c.dark, 0.55))),
        grout: add(grained(matte(c.grout, 0.7))),
        table: add(grained(matte(c.table, 0.65))),
        water: add(StandardMaterial {
            base_color: Color::srgb(0.2, 0.48, 0.68),
            perceptual_roughness: 0.22,
            reflectance: 0.5,
            ..default()
        }),
        bridge: add(grained(matte(Color::srgb(0.72, 0.55, 0.36), 0.8))),
        trunk: add(matte(Color::srgb(0.36, 0.24, 0.14), 0.9)),
        leaves: add(matte(Color::srgb(0.16, 0.42, 0.16), 0.8)),
        merlon: add(matte(Color::srgb(0.55, 0.53, 0.5), 0.8)),
        hover: add(glowing(Color::srgb(1.0, 0.95, 0.6), 0.6)),
        selected: add(glowing(Color::srgb(1.0, 0.85, 0.2), 1.2)),
        hint: add(glowing(Color::srgb(0.75, 0.4, 1.0), 1.5)),
        plain: add(glowing(Color::srgb(0.3, 0.85, 0.35), 1.0)),
        canter: add(glowing(Color::srgb(0.3, 0.55, 1.0), 1.0)),
        jump: add(glowing(Color::srgb(1.0, 0.25, 0.2), 1.2)),
        charge: add(glowing(Color::srgb(1.0, 0.55, 0.1), 1.2)),
        castle_move: add(glowing(Color::srgb(0.95, 0.8, 0.3), 1.0)),
        castle_glow: add(glowing(Color::srgb(1.0, 0.8, 0.35), 2.5)),
        castles,
        pieces,
    };
    commands.insert_resource(palette);
}

fn apply_theme(
    settings: Res<Settings>,
    palette: Option<Res<Palette>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let Some(p) = palette else { return };
    let c = theme_colors(settings.theme);
    for (h, color) in [
        (&p.light, c.light),
        (&p.dark, c.dark),
        (&p.grout, c.grout),
        (&p.table, c.table),
    ] {
        if let Some(mut m) = materials.get_mut(h) {
            if m.base_color != color {
                m.base_color = color;
            }
        }
    }
}
