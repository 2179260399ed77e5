//! The settings: each feature owns its part (the game's, the table's, the sound's, the
//! renderer's, the interface's, online play's), and this feature keeps them together as
//! one file in the data directory: read once as the app is built, written whenever a
//! part changes, and edited in the settings window.

pub mod file;
pub mod view;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use crate::game::actions::Notices;
use crate::game::settings::PlaySettings;
use crate::online::settings::OnlineSettings;
use crate::render::tier::RenderSettings;
use crate::storage::data_dir::{Loaded, Store};
use crate::storage::saving::Storage;
use crate::table::settings::{SoundSettings, TableSettings};
use crate::widgets::settings::InterfaceSettings;
use crate::AppSystems;
use file::SettingsFile;

/// Reads the settings (and says what could not be read) as the app is built, so every
/// plugin starts with them. The data directory is the [`Storage`]'s, which the storage
/// plugin has in place by then.
pub(crate) fn plugin(app: &mut App) {
    let store = app
        .world()
        .get_resource::<Storage>()
        .and_then(|s| s.store().cloned());
    let (file, written, notice) = read(store.as_ref());
    if let (Some(text), Some(mut storage)) = (notice, app.world_mut().get_resource_mut::<Storage>())
    {
        storage.pending.push(text);
    }
    insert(app.world_mut(), file);
    app.insert_resource(Written(written))
        .init_resource::<view::SettingsWindow>()
        .add_systems(Update, save_changed.in_set(AppSystems::Present));
}

/// The file as read (or the defaults), what counts as written, and what to say about it.
fn read(store: Option<&Store>) -> (SettingsFile, Option<SettingsFile>, Option<String>) {
    match store.map(Store::load_settings::<SettingsFile>) {
        Some(Loaded::Read(s)) => {
            let (checked, fixes) = s.checked();
            let notice = (!fixes.is_empty()).then(|| {
                format!(
                    "The settings file holds values out of range: {}.",
                    fixes.join("; ")
                )
            });
            (checked.clone(), Some(checked), notice)
        }
        Some(unreadable @ Loaded::Unreadable { .. }) => (
            SettingsFile::default(),
            None,
            unreadable.notice("settings file"),
        ),
        _ => (SettingsFile::default(), None, None),
    }
}

/// Each part as the resource its feature reads.
fn insert(world: &mut World, file: SettingsFile) {
    world.insert_resource(file.play);
    world.insert_resource(file.table);
    world.insert_resource(file.sound);
    world.insert_resource(file.render);
    world.insert_resource(file.interface);
    world.insert_resource(file.online);
}

/// The settings as last written (or read): they are written again only when they
/// differ.
#[derive(Resource)]
struct Written(Option<SettingsFile>);

/// Every part of the settings, to edit or to save together.
#[derive(SystemParam)]
pub struct SettingsParts<'w> {
    pub play: ResMut<'w, PlaySettings>,
    pub table: ResMut<'w, TableSettings>,
    pub sound: ResMut<'w, SoundSettings>,
    pub render: ResMut<'w, RenderSettings>,
    pub interface: ResMut<'w, InterfaceSettings>,
    pub online: ResMut<'w, OnlineSettings>,
}

impl SettingsParts<'_> {
    fn changed(&self) -> bool {
        self.play.is_changed()
            || self.table.is_changed()
            || self.sound.is_changed()
            || self.render.is_changed()
            || self.interface.is_changed()
            || self.online.is_changed()
    }

    /// The parts as the one file.
    pub fn file(&self) -> SettingsFile {
        SettingsFile {
            play: self.play.clone(),
            table: self.table.clone(),
            sound: self.sound.clone(),
            render: self.render.clone(),
            interface: self.interface.clone(),
            online: self.online.clone(),
        }
    }

    /// Every part back to its default.
    pub fn reset(&mut self) {
        let d = SettingsFile::default();
        *self.play = d.play;
        *self.table = d.table;
        *self.sound = d.sound;
        *self.render = d.render;
        *self.interface = d.interface;
        *self.online = d.online;
    }
}

/// Writes the settings when they differ from what was last written: a widget that
/// marks a part changed without changing it writes nothing.
fn save_changed(
    parts: SettingsParts,
    mut written: ResMut<Written>,
    mut storage: ResMut<Storage>,
    mut notices: ResMut<Notices>,
) {
    if !parts.changed() {
        return;
    }
    let file = parts.file();
    if written.0.as_ref() == Some(&file) {
        return;
    }
    if written.0.is_none() && file == SettingsFile::default() {
        // Nothing chosen yet: no file to write (an unreadable one stays where it was
        // moved, and defaults are not written over the player's choices).
        written.0 = Some(file);
        return;
    }
    let Some(store) = storage.store().cloned() else {
        written.0 = Some(file);
        return;
    };
    let r = store.save_settings(&file);
    written.0 = Some(file);
    storage.report("The settings", r, &mut notices);
}
