//! Where the 3D view is drawn. At the medium and high tiers the camera draws straight
//! into the window, inside the viewport the panels leave. At the low tier (a software
//! renderer, where every pixel is paid for on the CPU) it draws into a picture of
//! [`LOW_SCALE`] times the viewport's size, and egui stretches that picture over the
//! viewport: a sixth of the pixels for a softer image, which is what makes Mesa's
//! software Vulkan draw several frames a second instead of one in two seconds
//! (docs/building.md, "Performance").
//!
//! The pointer and `--print-layout` convert between window and picture coordinates
//! with [`ViewImage::window_to_view`] and [`ViewImage::view_to_window`].

use bevy::asset::RenderAssetUsages;
use bevy::camera::{RenderTarget, Viewport};
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat, TextureUsages};
use bevy::window::{PrimaryWindow, WindowRef};
use bevy_egui::{egui, EguiContexts, EguiTextureHandle, EguiUserTextures};

use crate::render::quality::Tier;
use crate::render::tier::Quality;
use crate::table::camera::{viewport_rect, MainCamera, ViewInsets};
use crate::AppSystems;

/// The share of the viewport's width (and height) drawn at the low tier.
pub const LOW_SCALE: f32 = 0.4;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<ViewImage>()
        .add_systems(Update, place_view.in_set(AppSystems::Present));
}

/// The picture the 3D view is drawn into, if it is drawn into one.
#[derive(Resource, Default, Clone, Debug)]
pub struct ViewImage {
    pub image: Option<Handle<Image>>,
    /// The picture's size in pixels.
    pub size: UVec2,
    /// Where it is shown, in the window's logical pixels.
    pub rect: Rect,
}

impl ViewImage {
    /// A window position (logical pixels) as a position for the camera's
    /// `viewport_to_world`; `None` outside the view.
    pub fn window_to_view(&self, p: Vec2) -> Option<Vec2> {
        if self.image.is_none() {
            return Some(p);
        }
        if !self.rect.contains(p) {
            return None;
        }
        Some((p - self.rect.min) / self.rect.size() * self.size.as_vec2())
    }

    /// A position from the camera's `world_to_viewport` as a window position.
    pub fn view_to_window(&self, p: Vec2) -> Vec2 {
        if self.image.is_none() {
            return p;
        }
        self.rect.min + p / self.size.as_vec2() * self.rect.size()
    }
}

/// The share of the viewport drawn at a tier.
pub fn scale_for(q: Quality) -> f32 {
    match q {
        Quality::Low => LOW_SCALE,
        Quality::Medium | Quality::High => 1.0,
    }
}

/// Points the camera at the window (with a viewport) or at a picture of the scaled
/// viewport's size, whenever the tier or the viewport changes.
fn place_view(
    mut commands: Commands,
    tier: Tier,
    insets: Res<ViewInsets>,
    windows: Query<&Window, With<PrimaryWindow>>,
    mut cams: Query<(Entity, &mut Camera), With<MainCamera>>,
    mut view: ResMut<ViewImage>,
    mut images: ResMut<Assets<Image>>,
    mut textures: ResMut<EguiUserTextures>,
) {
    let Ok(window) = windows.single() else {
        return;
    };
    let rect = viewport_rect(window, *insets);
    let scale = scale_for(tier.quality());
    let physical = (rect.size() * window.scale_factor()).max(Vec2::ONE);
    for (entity, mut cam) in &mut cams {
        if scale >= 1.0 {
            let viewport = Viewport {
                physical_position: (rect.min * window.scale_factor()).as_uvec2(),
                physical_size: physical.as_uvec2(),
                ..default()
            };
            let same = cam.viewport.as_ref().is_some_and(|v| {
                v.physical_position == viewport.physical_position
                    && v.physical_size == viewport.physical_size
            });
            if !same || view.image.is_some() {
                cam.viewport = Some(viewport);
                commands
                    .entity(entity)
                    .insert(RenderTarget::Window(WindowRef::Primary));
            }
            if let Some(old) = view.image.take() {
                textures.remove_image(&old);
            }
            continue;
        }
        let size = (physical * scale).round().as_uvec2().max(UVec2::ONE);
        view.rect = rect;
        if view.image.is_some() && view.size == size {
            continue;
        }
        if let Some(old) = view.image.take() {
            textures.remove_image(&old);
        }
        let image = images.add(target_image(size));
        textures.add_image(EguiTextureHandle::Strong(image.clone()));
        cam.viewport = None;
        commands
            .entity(entity)
            .insert(RenderTarget::Image(image.clone().into()));
        view.image = Some(image);
        view.size = size;
    }
}

/// A picture a camera can draw into and egui can show.
fn target_image(size: UVec2) -> Image {
    let mut image = Image::new_fill(
        Extent3d {
            width: size.x,
            height: size.y,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        &[0, 0, 0, 255],
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    );
    image.texture_descriptor.usage =
        TextureUsages::TEXTURE_BINDING | TextureUsages::COPY_DST | TextureUsages::RENDER_ATTACHMENT;
    image
}

/// Stretches the picture over the viewport. The UI runs it first, on the background
/// layer the panels are painted on, so they cover it.
pub fn show_view(mut contexts: EguiContexts, view: Res<ViewImage>) -> Result {
    let Some(image) = &view.image else {
        return Ok(());
    };
    let Some(id) = contexts.image_id(image) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let r = view.rect;
    ctx.layer_painter(egui::LayerId::background()).image(
        id,
        egui::Rect::from_min_max(egui::pos2(r.min.x, r.min.y), egui::pos2(r.max.x, r.max.y)),
        egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0)),
        egui::Color32::WHITE,
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn window_and_view_positions_round_trip() {
        let view = ViewImage {
            image: Some(Handle::default()),
            size: UVec2::new(475, 382),
            rect: Rect::new(0.0, 36.0, 950.0, 800.0),
        };
        let p = Vec2::new(475.0, 418.0);
        let v = view.window_to_view(p).unwrap();
        assert!((v - Vec2::new(237.5, 191.0)).length() < 1e-3, "{v}");
        assert!((view.view_to_window(v) - p).length() < 1e-3);
        // The panels are not the view.
        assert_eq!(view.window_to_view(Vec2::new(1000.0, 400.0)), None);
        assert_eq!(view.window_to_view(Vec2::new(100.0, 10.0)), None);
        // Drawn straight into the window, positions are the window's.
        let direct = ViewImage::default();
        assert_eq!(direct.window_to_view(p), Some(p));
        assert_eq!(direct.view_to_window(p), p);
    }
}
