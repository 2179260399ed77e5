//! Colours, textures and materials: one place for the look of the table, the board and
//! the pieces. Textures come from `assets` through the asset server; one that fails to
//! load is reported once and its material keeps a plain colour of the same mean. A
//! board theme changes the materials in place, so nothing is respawned.
//!
//! Readability first: pieces are near-white and near-black (Grand Cam: an aqua green
//! and a lemon yellow against maroon and navy, partners told apart by a ring on the Blue
//! and Yellow pieces), and every board square is mid-tone, the light ones at least 1.4
//! times the dark ones' luminance, so each side keeps at least 3:1 luminance contrast
//! with both squares. That leaves little room: the light squares are kept just dark
//! enough (luminance 0.23) that an aqua green and a lemon yellow, not two near-whites,
//! clear 3:1. Grand Cam's four sides are at least 20 apart in CIEDE2000, and still
//! apart for red-green colour-blind eyes (`tests/looks.rs` measures all of it).

use bevy::image::{ImageAddressMode, ImageLoaderSettings, ImageSampler, ImageSamplerDescriptor};
use bevy::math::Affine2;
use bevy::prelude::*;
use camelot_engine::{EntryStep, SeatColour};
use camelot_online::protocol::look;

use crate::game::actions::Notices;
use crate::table::assets;
use crate::table::settings::{BoardTheme, TableSettings};
use crate::AppSystems;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(PreStartup, create_palette).add_systems(
        Update,
        (
            // Headless tests run without an image asset type: nothing to mipmap there.
            add_mipmaps.run_if(resource_exists::<Messages<AssetEvent<Image>>>),
            apply_theme,
            report_failed_textures,
            ripple_water,
        )
            .in_set(AppSystems::Present),
    );
}

/// An sRGB colour from bytes.
const fn rgb(r: u8, g: u8, b: u8) -> Color {
    Color::srgb(r as f32 / 255.0, g as f32 / 255.0, b as f32 / 255.0)
}

/// A seat's pieces' colour: every client's (`camelot_online::protocol::look`).
pub fn seat_color(seat: SeatColour) -> Color {
    let look::Rgb(r, g, b) = look::seat_rgb(seat);
    rgb(r, g, b)
}

/// The ring that marks one partner's pieces in Grand Cam (Blue and Yellow), so partners
/// are told apart by shape as well as colour.
pub fn seat_mark(seat: SeatColour) -> Option<Color> {
    look::partner_ring(seat).map(|look::Rgb(r, g, b)| rgb(r, g, b))
}

/// The colour of a seat for text on the dark egui panels.
pub fn seat_text_color(seat: SeatColour) -> [u8; 3] {
    match seat {
        SeatColour::White => [240, 230, 205],
        SeatColour::Black => [150, 140, 130],
        SeatColour::Red => [235, 80, 70],
        SeatColour::Green => [120, 220, 130],
        SeatColour::Blue => [120, 160, 250],
        SeatColour::Yellow => [245, 210, 70],
    }
}

/// How a landing square offered during move entry is marked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarkerKind {
    Step(EntryStep),
    /// A canter that is the first part of a knight's charge.
    Charge,
}

impl MarkerKind {
    pub fn label(self) -> &'static str {
        match self {
            MarkerKind::Step(EntryStep::Plain) => "plain move",
            MarkerKind::Step(EntryStep::Canter) => "canter",
            MarkerKind::Step(EntryStep::Jump) => "jump (capture)",
            MarkerKind::Step(EntryStep::CastleMove) => "castle move",
            MarkerKind::Step(EntryStep::Tree) => "plant a tree",
            MarkerKind::Charge => "knight's charge",
        }
    }
}

/// The colour of a kind of landing marker, for text on the dark panels.
pub fn marker_text_color(kind: MarkerKind) -> [u8; 3] {
    match kind {
        MarkerKind::Step(EntryStep::Plain) | MarkerKind::Step(EntryStep::Tree) => [120, 220, 120],
        MarkerKind::Step(EntryStep::Canter) => [110, 170, 255],
        MarkerKind::Step(EntryStep::Jump) => [255, 90, 80],
        MarkerKind::Step(EntryStep::CastleMove) => [240, 200, 80],
        MarkerKind::Charge => [255, 150, 50],
    }
}

/// A theme's two square textures and how they shine; the colours are each texture's
/// mean, used when it cannot be loaded.
struct ThemeLook {
    light: (&'static str, Color),
    dark: (&'static str, Color),
    /// Roughness maps (wood) or none (a flat polish).
    rough: Option<(&'static str, &'static str)>,
    roughness: f32,
    /// The plinth under the squares: the dark texture, darker.
    plinth: f32,
}

/// A theme's two squares: each texture's asset and the plain colour of the same mean.
pub fn theme_squares(t: BoardTheme) -> [(&'static str, Color); 2] {
    let look = theme_look(t);
    [look.light, look.dark]
}

fn theme_look(t: BoardTheme) -> ThemeLook {
    match t {
        BoardTheme::Walnut => ThemeLook {
            light: ("textures/wood_light.png", rgb(162, 126, 72)),
            dark: ("textures/wood_dark.png", rgb(152, 90, 52)),
            rough: Some((
                "textures/wood_light_rough.png",
                "textures/wood_dark_rough.png",
            )),
            roughness: 1.0,
            plinth: 0.45,
        },
        BoardTheme::Marble => ThemeLook {
            light: ("textures/marble_light.png", rgb(136, 132, 124)),
            dark: ("textures/marble_dark.png", rgb(97, 110, 107)),
            rough: None,
            roughness: 0.22,
            plinth: 0.5,
        },
        BoardTheme::Tournament => ThemeLook {
            light: ("textures/vinyl_light.png", rgb(144, 131, 100)),
            dark: ("textures/vinyl_dark.png", rgb(76, 116, 85)),
            rough: None,
            roughness: 0.6,
            plinth: 0.5,
        },
    }
}

/// Every material the scene uses, created once.
#[derive(Resource)]
pub struct Palette {
    pub light: Handle<StandardMaterial>,
    pub dark: Handle<StandardMaterial>,
    pub plinth: Handle<StandardMaterial>,
    /// The table: dark oiled wood.
    pub table: Handle<StandardMaterial>,
    /// The trays' lining.
    pub felt: Handle<StandardMaterial>,
    /// The room's flagstone floor.
    pub floor: Handle<StandardMaterial>,
    pub water: Handle<StandardMaterial>,
    pub riverbed: Handle<StandardMaterial>,
    pub bridge: Handle<StandardMaterial>,
    pub trunk: Handle<StandardMaterial>,
    pub leaves: Handle<StandardMaterial>,
    /// The castles' walls and towers: plain stone.
    pub masonry: Handle<StandardMaterial>,
    /// The coordinates on the board's frame.
    pub label: Handle<StandardMaterial>,
    pub hover: Handle<StandardMaterial>,
    pub selected: Handle<StandardMaterial>,
    pub hint: Handle<StandardMaterial>,
    pub last_move: Handle<StandardMaterial>,
    pub plain: Handle<StandardMaterial>,
    pub canter: Handle<StandardMaterial>,
    pub jump: Handle<StandardMaterial>,
    pub charge: Handle<StandardMaterial>,
    pub castle_move: Handle<StandardMaterial>,
    /// Castle stone, pieces and partner marks, by seat colour.
    castles: [Handle<StandardMaterial>; 6],
    pieces: [Handle<StandardMaterial>; 6],
    marks: [Option<Handle<StandardMaterial>>; 6],
    /// A castle lit up when a piece enters it.
    pub castle_glow: Handle<StandardMaterial>,
    /// The room's light, a cube map (none without an asset server).
    pub environment: Option<Handle<Image>>,
    /// Texture handles and the materials to fall back on if they fail to load.
    textures: Vec<(Handle<Image>, Handle<StandardMaterial>, Color)>,
    /// Loads started for the theme's textures (themes switch between them).
    themes: Vec<(BoardTheme, ThemeTextures)>,
    /// Every texture loaded for the palette.
    images: Vec<Handle<Image>>,
}

/// The loaded textures of one board theme.
#[derive(Clone)]
struct ThemeTextures {
    light: Handle<Image>,
    dark: Handle<Image>,
    rough: Option<(Handle<Image>, Handle<Image>)>,
}

impl Palette {
    /// Whether every texture has arrived (loaded, or failed and replaced by a colour).
    pub fn textures_settled(&self, server: &AssetServer) -> bool {
        self.images.iter().all(|h| {
            let state = server.load_state(h);
            state.is_loaded() || state.is_failed()
        })
    }

    pub fn castle(&self, seat: SeatColour) -> Handle<StandardMaterial> {
        self.castles[seat.index()].clone()
    }

    pub fn piece(&self, seat: SeatColour) -> Handle<StandardMaterial> {
        self.pieces[seat.index()].clone()
    }

    /// The ring on a partner's pieces, if the seat has one.
    pub fn mark(&self, seat: SeatColour) -> Option<Handle<StandardMaterial>> {
        self.marks[seat.index()].clone()
    }

    pub fn marker(&self, kind: MarkerKind) -> Handle<StandardMaterial> {
        match kind {
            MarkerKind::Step(EntryStep::Plain) | MarkerKind::Step(EntryStep::Tree) => {
                self.plain.clone()
            }
            MarkerKind::Step(EntryStep::Canter) => self.canter.clone(),
            MarkerKind::Step(EntryStep::Jump) => self.jump.clone(),
            MarkerKind::Step(EntryStep::CastleMove) => self.castle_move.clone(),
            MarkerKind::Charge => self.charge.clone(),
        }
    }
}

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

/// Loads textures through the asset server (if the app has one and can hold images),
/// keeping every handle.
struct Loader<'a> {
    server: Option<&'a AssetServer>,
    loaded: std::cell::RefCell<Vec<Handle<Image>>>,
}

impl Loader<'_> {
    fn load(&self, name: &str, srgb: bool, repeat: bool) -> Option<Handle<Image>> {
        let server = self.server?;
        let handle = server
            .load_builder()
            .with_settings(move |s: &mut ImageLoaderSettings| {
                s.is_srgb = srgb;
                if repeat {
                    s.sampler = ImageSampler::Descriptor(ImageSamplerDescriptor {
                        address_mode_u: ImageAddressMode::Repeat,
                        address_mode_v: ImageAddressMode::Repeat,
                        ..ImageSamplerDescriptor::linear()
                    });
                }
            })
            .load(assets::path(name));
        self.loaded.borrow_mut().push(handle.clone());
        Some(handle)
    }

    fn theme(&self, t: BoardTheme) -> Option<ThemeTextures> {
        let look = theme_look(t);
        Some(ThemeTextures {
            light: self.load(look.light.0, true, false)?,
            dark: self.load(look.dark.0, true, false)?,
            rough: look.rough.and_then(|(l, d)| {
                Some((self.load(l, false, false)?, self.load(d, false, false)?))
            }),
        })
    }
}

/// The table's walnut, the trays' felt and the floor's stone.
struct RoomMaterials {
    table: Handle<StandardMaterial>,
    felt: Handle<StandardMaterial>,
    floor: Handle<StandardMaterial>,
}

fn room_materials(
    loader: &Loader,
    add: &mut impl FnMut(StandardMaterial) -> Handle<StandardMaterial>,
    stone: &Option<Handle<Image>>,
    stone_n: &Option<Handle<Image>>,
    textures: &mut Vec<(Handle<Image>, Handle<StandardMaterial>, Color)>,
) -> RoomMaterials {
    let felt = loader.load("textures/felt.png", true, true);
    let felt_n = loader.load("textures/felt_normal.png", false, true);
    let felt_material = add(StandardMaterial {
        base_color_texture: felt.clone(),
        normal_map_texture: felt_n,
        uv_transform: Affine2::from_scale(Vec2::splat(2.0)),
        ..matte(Color::WHITE, 0.95)
    });
    if let Some(f) = felt {
        textures.push((f, felt_material.clone(), rgb(24, 62, 46)));
    }
    let walnut = loader.load("textures/wood_dark.png", true, true);
    let table_tint = rgb(62, 50, 46);
    let table = add(StandardMaterial {
        base_color_texture: walnut.clone(),
        // The grain a long board's length across the table.
        uv_transform: Affine2::from_scale(Vec2::new(0.12, 0.35)),
        ..matte(table_tint, 0.55)
    });
    if let Some(w) = walnut {
        textures.push((w, table.clone(), rgb(60, 38, 26)));
    }
    let floor = add(StandardMaterial {
        base_color_texture: stone.clone(),
        normal_map_texture: stone_n.clone(),
        uv_transform: Affine2::from_scale(Vec2::splat(0.2)),
        ..matte(rgb(120, 108, 96), 0.9)
    });
    RoomMaterials {
        table,
        felt: felt_material,
        floor,
    }
}

fn create_palette(
    mut commands: Commands,
    mut materials: ResMut<Assets<StandardMaterial>>,
    server: Option<Res<AssetServer>>,
    mut images: Option<ResMut<Assets<Image>>>,
    settings: Option<Res<TableSettings>>,
) {
    let theme = settings.map(|s| s.theme).unwrap_or_default();
    // Without image assets (a headless test) every material is a plain colour.
    let loader = Loader {
        server: server.as_deref().filter(|_| images.is_some()),
        loaded: Default::default(),
    };
    let mut textures = Vec::new();
    let mut add = |m: StandardMaterial| materials.add(m);
    let stone = loader.load("textures/stone.png", true, true);
    let stone_n = loader.load("textures/stone_normal.png", false, true);
    let castles = SeatColour::ALL.map(|s| {
        let tint = seat_color(s).mix(&rgb(150, 146, 138), 0.55);
        let m = StandardMaterial {
            base_color_texture: stone.clone(),
            normal_map_texture: stone_n.clone(),
            uv_transform: Affine2::from_scale(Vec2::splat(0.5)),
            ..matte(tint, 0.85)
        };
        add(m)
    });
    let pieces = SeatColour::ALL.map(|s| {
        // Satin lacquer: smooth, with a clear-coat sheen.
        let m = StandardMaterial {
            base_color: seat_color(s),
            perceptual_roughness: 0.35,
            reflectance: 0.5,
            clearcoat: 0.5,
            clearcoat_perceptual_roughness: 0.3,
            ..default()
        };
        add(m)
    });
    let marks = SeatColour::ALL.map(|s| Some(add(matte(seat_mark(s)?, 0.4))));
    let room = room_materials(&loader, &mut add, &stone, &stone_n, &mut textures);
    let water_n = loader.load("textures/water_normal.png", false, true);
    let themes: Vec<(BoardTheme, ThemeTextures)> = BoardTheme::ALL
        .iter()
        .filter_map(|&t| Some((t, loader.theme(t)?)))
        .collect();
    let bridge_wood = themes
        .iter()
        .find(|(t, _)| *t == BoardTheme::Walnut)
        .map(|(_, tx)| tx.light.clone());
    let palette = Palette {
        light: add(matte(Color::WHITE, 1.0)),
        dark: add(matte(Color::WHITE, 1.0)),
        plinth: add(matte(Color::WHITE, 0.7)),
        table: room.table,
        felt: room.felt,
        floor: room.floor,
        water: add(StandardMaterial {
            base_color: rgb(40, 92, 112).with_alpha(0.88),
            alpha_mode: AlphaMode::Blend,
            normal_map_texture: water_n,
            perceptual_roughness: 0.08,
            reflectance: 0.6,
            uv_transform: Affine2::from_scale(Vec2::splat(3.0)),
            ..default()
        }),
        riverbed: add(matte(rgb(70, 58, 40), 0.95)),
        bridge: add(StandardMaterial {
            base_color_texture: bridge_wood,
            ..matte(rgb(200, 170, 130), 0.8)
        }),
        trunk: add(matte(rgb(88, 60, 36), 0.9)),
        leaves: add(matte(rgb(44, 108, 46), 0.8)),
        masonry: add(StandardMaterial {
            base_color_texture: stone,
            normal_map_texture: stone_n,
            // Blocks a few to a wall's height.
            uv_transform: Affine2::from_scale(Vec2::splat(3.0)),
            ..matte(rgb(150, 146, 138), 0.85)
        }),
        // The lettering's ink on a clear quad; without images, a plain colour.
        label: add(StandardMaterial {
            base_color_texture: images
                .as_mut()
                .map(|i| i.add(super::lettering::atlas().image())),
            alpha_mode: AlphaMode::Blend,
            ..matte(rgb(236, 222, 186), 0.6)
        }),
        hover: add(glowing(Color::srgb(1.0, 0.95, 0.6), 0.6)),
        selected: add(glowing(Color::srgb(1.0, 0.85, 0.2), 1.2)),
        hint: add(glowing(Color::srgb(0.75, 0.4, 1.0), 1.5)),
        last_move: add(glowing(Color::srgb(0.95, 0.8, 0.45), 0.4)),
        plain: add(glowing(Color::srgb(0.3, 0.85, 0.35), 1.0)),
        canter: add(glowing(Color::srgb(0.3, 0.55, 1.0), 1.0)),
        jump: add(glowing(Color::srgb(1.0, 0.25, 0.2), 1.2)),
        charge: add(glowing(Color::srgb(1.0, 0.55, 0.1), 1.2)),
        castle_move: add(glowing(Color::srgb(0.95, 0.8, 0.3), 1.0)),
        castle_glow: add(glowing(Color::srgb(1.0, 0.8, 0.35), 2.5)),
        castles,
        pieces,
        marks,
        environment: loader.load("textures/environment.png", true, false),
        textures,
        themes,
        images: loader.loaded.take(),
    };
    style_board(&palette, theme, &mut materials);
    commands.insert_resource(palette);
}

/// Puts a theme's textures and finish on the board's materials.
fn style_board(p: &Palette, theme: BoardTheme, materials: &mut Assets<StandardMaterial>) {
    let look = theme_look(theme);
    let tex = p.themes.iter().find(|(t, _)| *t == theme).map(|(_, tx)| tx);
    let plinth_tint = Color::srgb(look.plinth, look.plinth * 0.92, look.plinth * 0.88);
    let parts = [
        (&p.light, look.light.1, tex.map(|t| t.light.clone()), 0),
        (&p.dark, look.dark.1, tex.map(|t| t.dark.clone()), 1),
        (&p.plinth, look.dark.1, tex.map(|t| t.dark.clone()), 1),
    ];
    for (handle, mean, texture, side) in parts {
        let Some(mut m) = materials.get_mut(handle) else {
            continue;
        };
        let plinth = handle == &p.plinth;
        m.base_color = match (&texture, plinth) {
            (Some(_), false) => Color::WHITE,
            (Some(_), true) => plinth_tint,
            (None, false) => mean,
            (None, true) => mean.mix(&Color::BLACK, 1.0 - look.plinth),
        };
        m.base_color_texture = texture;
        m.metallic_roughness_texture =
            tex.and_then(|t| t.rough.clone())
                .map(|(l, d)| if side == 0 { l } else { d });
        m.perceptual_roughness = if plinth { 0.7 } else { look.roughness };
        m.reflectance = if look.roughness < 0.3 { 0.5 } else { 0.35 };
    }
}

fn apply_theme(
    settings: Res<TableSettings>,
    palette: Option<Res<Palette>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut applied: Local<Option<BoardTheme>>,
) {
    let Some(p) = palette else { return };
    if *applied == Some(settings.theme) {
        return;
    }
    // The palette was made with the theme of its time; later changes restyle it.
    if applied.is_some() {
        style_board(&p, settings.theme, &mut materials);
    }
    *applied = Some(settings.theme);
}

/// A texture that failed to load is said once, and its material keeps a plain colour.
fn report_failed_textures(
    server: Option<Res<AssetServer>>,
    palette: Option<Res<Palette>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut notices: ResMut<Notices>,
    mut reported: Local<Vec<AssetId<Image>>>,
) {
    let (Some(server), Some(p)) = (server, palette) else {
        return;
    };
    let board: Vec<(Handle<Image>, Handle<StandardMaterial>, Color)> = p
        .themes
        .iter()
        .flat_map(|(t, tx)| {
            let look = theme_look(*t);
            [
                (tx.light.clone(), p.light.clone(), look.light.1),
                (tx.dark.clone(), p.dark.clone(), look.dark.1),
            ]
        })
        .collect();
    for (image, material, fallback) in p.textures.iter().chain(board.iter()) {
        if reported.contains(&image.id()) || !server.load_state(image).is_failed() {
            continue;
        }
        reported.push(image.id());
        let name = server
            .get_path(image.id())
            .map_or_else(|| "a texture".to_string(), |p| p.to_string());
        warn!("{name} could not be loaded; drawn in a plain colour");
        notices.say(format!(
            "{name} could not be loaded; drawn in a plain colour."
        ));
        if let Some(mut m) = materials.get_mut(material) {
            if m.base_color_texture.as_ref().map(Handle::id) == Some(image.id()) {
                m.base_color_texture = None;
                m.base_color = *fallback;
            }
        }
    }
}

/// Textures arrive without mipmaps (a PNG holds one level). A board seen at a slant
/// then samples them far apart, which shimmers and, on a software renderer, is slow;
/// each of the palette's 2D textures is given its chain of halvings once it arrives.
fn add_mipmaps(
    mut events: MessageReader<AssetEvent<Image>>,
    palette: Option<Res<Palette>>,
    mut images: ResMut<Assets<Image>>,
) {
    let Some(p) = palette else {
        events.clear();
        return;
    };
    for ev in events.read() {
        let AssetEvent::LoadedWithDependencies { id } = ev else {
            continue;
        };
        let ours = p.images.iter().any(|h| h.id() == *id);
        let environment = p.environment.as_ref().is_some_and(|h| h.id() == *id);
        if ours && !environment {
            if let Some(mut image) = images.get_mut(*id) {
                super::mipmaps::build_mipmaps(&mut image);
            }
        }
    }
}

/// The river's ripples drift while frames are drawn (they never ask for one).
fn ripple_water(
    time: Res<Time>,
    palette: Option<Res<Palette>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let Some(p) = palette else { return };
    let t = time.elapsed_secs();
    if let Some(mut m) = materials.get_mut(&p.water) {
        m.uv_transform = Affine2::from_scale_angle_translation(
            Vec2::splat(3.0),
            0.0,
            Vec2::new(t * 0.03, t * 0.011),
        );
    }
}
