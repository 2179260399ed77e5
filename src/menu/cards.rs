//! The variant cards' pictures: each variant's board at its start, taken by the game
//! itself (`scripts/variant-cards`: the table alone, offscreen, at 480x300), compiled in
//! and loaded through the asset server. Until one has loaded (or with no asset server,
//! in tests) its card paints the board instead (`board_picture`).

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{egui, EguiContexts, EguiTextureHandle};
use camelot_engine::Variant;

/// Each variant's picture, asked of the asset server at start.
#[derive(Resource, Default)]
pub struct CardHandles(Vec<(Variant, Handle<Image>)>);

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<CardHandles>()
        .add_systems(Startup, load);
}

/// The picture's path among the compiled-in assets.
pub fn picture_path(v: Variant) -> String {
    format!("cards/{}.png", v.id())
}

fn load(server: Option<Res<AssetServer>>, mut handles: ResMut<CardHandles>) {
    let Some(server) = server else {
        return;
    };
    handles.0 = Variant::ALL
        .iter()
        .map(|&v| (v, server.load(crate::table::assets::path(&picture_path(v)))))
        .collect();
}

#[derive(SystemParam)]
pub struct CardPictures<'w> {
    handles: Res<'w, CardHandles>,
    server: Option<Res<'w, AssetServer>>,
}

impl CardPictures<'_> {
    /// The pictures loaded so far, as egui textures.
    pub fn textures(&self, contexts: &mut EguiContexts) -> Vec<(Variant, egui::TextureId)> {
        let Some(server) = &self.server else {
            return Vec::new();
        };
        self.handles
            .0
            .iter()
            .filter(|(_, h)| server.is_loaded_with_dependencies(h.id()))
            .map(|(v, h)| (*v, contexts.add_image(EguiTextureHandle::Weak(h.id()))))
            .collect()
    }
}
