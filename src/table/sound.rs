//! The table's sounds (the `sound` cargo feature: Bevy's audio needs ALSA's development
//! files, `libasound2-dev`, to build on Linux): a wooden click as a piece lands, a
//! heavier knock for a capture, a bell for a castle entry, a low thud for a refused
//! click, a chord at the end of a game. The samples are `assets/sounds/*.wav`, made by
//! `camelot-assetgen`; the settings hold the volume and mute.

use bevy::audio::{AudioPlayer, AudioSource, PlaybackSettings, Volume};
use bevy::prelude::*;

use crate::play::actions::Refused;
use crate::play::session::Session;
use crate::storage::settings::Settings;
use crate::table::animation::{Landing, LandingKind};
use crate::table::assets;
use crate::AppSystems;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Startup, load_sounds)
        .add_systems(Update, play_cues.in_set(AppSystems::Present));
}

#[derive(Resource)]
struct Sounds {
    step: Handle<AudioSource>,
    capture: Handle<AudioSource>,
    castle: Handle<AudioSource>,
    refused: Handle<AudioSource>,
    end: Handle<AudioSource>,
}

fn load_sounds(mut commands: Commands, server: Res<AssetServer>) {
    let load = |name: &str| server.load(assets::path(&format!("sounds/{name}")));
    commands.insert_resource(Sounds {
        step: load("move.wav"),
        capture: load("capture.wav"),
        castle: load("castle.wav"),
        refused: load("refused.wav"),
        end: load("end.wav"),
    });
}

fn play_cues(
    mut commands: Commands,
    sounds: Option<Res<Sounds>>,
    settings: Res<Settings>,
    session: Res<Session>,
    mut landings: MessageReader<Landing>,
    mut refused: MessageReader<Refused>,
    mut was_over: Local<Option<(u64, bool)>>,
) {
    let over = (session.epoch, session.game.is_over());
    let ended = matches!(*was_over, Some((epoch, false)) if epoch == over.0) && over.1;
    *was_over = Some(over);
    let cues: Vec<LandingKind> = landings.read().map(|l| l.kind).collect();
    let refusals = refused.read().count();
    let Some(s) = sounds else { return };
    if settings.muted || settings.volume <= 0.0 {
        return;
    }
    let mut play = |h: &Handle<AudioSource>| {
        commands.spawn((
            AudioPlayer(h.clone()),
            PlaybackSettings::DESPAWN.with_volume(Volume::Linear(settings.volume)),
        ));
    };
    for kind in cues {
        play(match kind {
            LandingKind::Step => &s.step,
            LandingKind::Capture => &s.capture,
            LandingKind::Castle => &s.castle,
        });
    }
    if refusals > 0 {
        play(&s.refused);
    }
    if ended {
        play(&s.end);
    }
}
