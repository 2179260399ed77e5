//! The renderer's quality tier, applied to the camera and the key light:
//!
//! | tier | anti-aliasing | shadow | ambient occlusion | light | resolution |
//! |---|---|---|---|---|---|
//! | low | FXAA | none | none | the key light and a brighter ambient | 0.4 (`render_scale`) |
//! | medium | SMAA | one soft shadow | none | key, fill, the room's cube map | full |
//! | high | SMAA (ultra) | sharper, larger shadow map | SSAO | key, fill, the room's cube map | full |
//!
//! The tier is picked from the graphics adapter (a software renderer gets low), and
//! the settings or `--quality` override it. All tiers tonemap filmically (AgX).
//!
//! The low tier also lays down depth first (a depth prepass), so that a software
//! renderer shades each pixel once: without it, the cost of a frame swung by a third with
//! the order Bevy happened to draw the meshes in (frames with the depth first measure
//! about 105 ms where they were 115 to 175 ms, `--bench-frames`, llvmpipe).

use bevy::anti_alias::fxaa::Fxaa;
use bevy::anti_alias::smaa::{Smaa, SmaaPreset};
use bevy::core_pipeline::prepass::DepthPrepass;
use bevy::core_pipeline::tonemapping::Tonemapping;
use bevy::ecs::system::SystemParam;
use bevy::light::{DirectionalLightShadowMap, GeneratedEnvironmentMapLight, Skybox};
use bevy::pbr::ScreenSpaceAmbientOcclusion;
use bevy::prelude::*;
use bevy::render::render_resource::{TextureViewDescriptor, TextureViewDimension};

use crate::render::tier::{Quality, RenderSettings};
use crate::table::camera::{FillLight, KeyLight, MainCamera};
use crate::table::theme::Palette;
use crate::AppSystems;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Graphics>().add_systems(
        Update,
        (prepare_environment, apply_quality)
            .chain()
            .in_set(AppSystems::Present),
    );
}

/// What the graphics adapter is and the tier it gets; `forced` is `--quality`.
#[derive(Resource, Clone, Debug)]
pub struct Graphics {
    pub adapter: String,
    pub detected: Quality,
    pub forced: Option<Quality>,
}

impl Default for Graphics {
    fn default() -> Graphics {
        Graphics {
            adapter: "unknown".into(),
            detected: Quality::Medium,
            forced: None,
        }
    }
}

impl Graphics {
    /// The tier in use: `--quality`, else the settings, else the adapter's.
    pub fn quality(&self, settings: &RenderSettings) -> Quality {
        self.forced.or(settings.quality).unwrap_or(self.detected)
    }
}

/// The tier in use, as a system reads it.
#[derive(SystemParam)]
pub struct Tier<'w> {
    graphics: Res<'w, Graphics>,
    settings: Res<'w, RenderSettings>,
}

impl Tier<'_> {
    pub fn quality(&self) -> Quality {
        self.graphics.quality(&self.settings)
    }
}

/// The room's lights, which the tier sets.
#[derive(SystemParam)]
struct Lights<'w, 's> {
    keys: Query<'w, 's, &'static mut DirectionalLight, With<KeyLight>>,
    fills: Query<'w, 's, &'static mut Visibility, With<FillLight>>,
    shadow_map: ResMut<'w, DirectionalLightShadowMap>,
    ambient: ResMut<'w, GlobalAmbientLight>,
}

/// The room's cube map, once loaded, is made a cube (it is stored as six faces stacked).
fn prepare_environment(
    palette: Option<Res<Palette>>,
    mut images: ResMut<Assets<Image>>,
    mut ready: Local<bool>,
) {
    let Some(handle) = palette.as_ref().and_then(|p| p.environment.as_ref()) else {
        return;
    };
    if *ready || !images.contains(handle) {
        return;
    }
    let Some(mut image) = images.get_mut(handle) else {
        return;
    };
    if image.texture_descriptor.array_layer_count() == 1 {
        let layers = image.height() / image.width().max(1);
        if image.reinterpret_stacked_2d_as_array(layers).is_err() {
            warn!("the environment map is not six stacked faces; the room's light is off");
            *ready = true;
            return;
        }
        image.texture_view_descriptor = Some(TextureViewDescriptor {
            dimension: Some(TextureViewDimension::Cube),
            ..default()
        });
    }
    *ready = true;
}

/// Puts the tier's settings on the camera and the key light whenever the tier, or
/// whether the room's light is ready, changes.
fn apply_quality(
    mut commands: Commands,
    tier: Tier,
    palette: Option<Res<Palette>>,
    images: Res<Assets<Image>>,
    cams: Query<Entity, With<MainCamera>>,
    lights: Lights,
    mut applied: Local<Option<(Quality, bool, usize)>>,
) {
    let Lights {
        mut keys,
        mut fills,
        mut shadow_map,
        mut ambient,
    } = lights;
    let q = tier.quality();
    let cube = palette
        .as_ref()
        .and_then(|p| p.environment.clone())
        .filter(|h| {
            images
                .get(h)
                .is_some_and(|i| i.texture_descriptor.array_layer_count() == 6)
        });
    let cam_count = cams.iter().count();
    let now = (q, cube.is_some(), cam_count);
    if *applied == Some(now) {
        return;
    }
    *applied = Some(now);
    for cam in &cams {
        let mut e = commands.entity(cam);
        e.insert((Msaa::Off, Tonemapping::AgX));
        e.remove::<(
            DepthPrepass,
            Fxaa,
            Smaa,
            ScreenSpaceAmbientOcclusion,
            GeneratedEnvironmentMapLight,
            Skybox,
        )>();
        match q {
            Quality::Low => {
                e.insert((Fxaa::default(), DepthPrepass));
            }
            Quality::Medium => {
                e.insert(Smaa::default());
            }
            Quality::High => {
                e.insert((
                    Smaa {
                        preset: SmaaPreset::Ultra,
                    },
                    ScreenSpaceAmbientOcclusion::default(),
                ));
            }
        }
        if let (Some(cube), false) = (&cube, q == Quality::Low) {
            e.insert((
                GeneratedEnvironmentMapLight {
                    environment_map: cube.clone(),
                    intensity: 1400.0,
                    ..default()
                },
                // The room itself, beyond the table and the floor.
                Skybox {
                    image: Some(cube.clone()),
                    brightness: 900.0,
                    ..default()
                },
            ));
        }
    }
    for mut key in &mut keys {
        key.shadow_maps_enabled = q != Quality::Low;
    }
    // Every light is paid for at every pixel; on a software renderer one is enough.
    for mut fill in &mut fills {
        *fill = if q == Quality::Low {
            Visibility::Hidden
        } else {
            Visibility::Inherited
        };
    }
    shadow_map.size = if q == Quality::High { 4096 } else { 2048 };
    // Without the room's light, the ambient light makes up for it.
    ambient.brightness = if cube.is_some() && q != Quality::Low {
        120.0
    } else {
        420.0
    };
}
