//! `--offscreen`: the game draws into a picture of the window's size instead of a
//! window, with no window system at all (no X server, no `DISPLAY`). The window is
//! still there as an entity (its size is what the layout and the camera frame for),
//! but nothing opens it: every camera that would draw into it draws into the picture,
//! which `--screenshot` saves and `--bench-frames` times. A GPU's driver that finds no
//! adapter for a window under Xvfb is used here as on a desktop.

use bevy::camera::{CameraUpdateSystems, RenderTarget};
use bevy::prelude::*;
use bevy::render::render_resource::{TextureFormat, TextureUsages};
use bevy::window::WindowRef;
use bevy_egui::EguiContextSettings;

/// The picture drawn instead of the window.
#[derive(Resource, Clone, Debug)]
pub struct Offscreen {
    pub image: Handle<Image>,
}

/// Draws into a picture of `size` pixels instead of the window.
pub struct OffscreenPlugin {
    pub size: UVec2,
}

impl Plugin for OffscreenPlugin {
    fn build(&self, app: &mut App) {
        let size = self.size.max(UVec2::ONE);
        let mut image =
            Image::new_target_texture(size.x, size.y, TextureFormat::Rgba8UnormSrgb, None);
        // Read back for screenshots.
        image.texture_descriptor.usage |= TextureUsages::COPY_SRC;
        let handle = app.world_mut().resource_mut::<Assets<Image>>().add(image);
        app.insert_resource(Offscreen { image: handle })
            .add_systems(
                PostUpdate,
                draw_into_the_picture.before(CameraUpdateSystems),
            )
            .add_systems(Update, no_text_input_method);
    }
}

/// Every camera aimed at the window (all are when spawned, and the view's placement
/// aims the 3D camera there again when the tier changes) draws into the picture.
fn draw_into_the_picture(
    offscreen: Res<Offscreen>,
    mut targets: Query<&mut RenderTarget, Changed<RenderTarget>>,
) {
    for mut target in &mut targets {
        if matches!(*target, RenderTarget::Window(WindowRef::Primary)) {
            *target = RenderTarget::Image(offscreen.image.clone().into());
        }
    }
}

/// With no window system there is no input method to show a keyboard with.
fn no_text_input_method(mut contexts: Query<&mut EguiContextSettings, Added<EguiContextSettings>>) {
    for mut settings in &mut contexts {
        settings.enable_ime = false;
    }
}
