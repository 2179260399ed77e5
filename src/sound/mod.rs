//! The table's sounds: a wooden click as a piece lands, a heavier knock for a capture, a
//! bell for a castle entry, a low thud for a refused click, a chord at the end of a game.
//! The samples are `assets/sounds/*.wav`, made by `camelot-assetgen` and compiled in;
//! they go out through the [`Speaker`] (ALSA loaded at run time, so the default build
//! needs no -dev package). Without a speaker the game says so once (unless muted) and
//! plays silently.
//! The settings hold the volume and mute.

pub mod speaker;
mod wav;

use bevy::prelude::*;

use crate::game::actions::{Notices, Refused};
use crate::game::session::{GameKey, Session};
use crate::table::animation::{Landing, LandingKind};
use crate::table::settings::SoundSettings;
use crate::AppSystems;
use speaker::{SoundError, Speaker};
use wav::{read_wav, Samples};

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Startup, open_speaker).add_systems(
        Update,
        (say_there_is_no_sound, play_cues).in_set(AppSystems::Present),
    );
}

#[derive(Resource)]
struct Sounds {
    speaker: Speaker,
    step: Samples,
    capture: Samples,
    castle: Samples,
    refused: Samples,
    end: Samples,
}

/// Why there is no speaker, and whether the player has been told.
#[derive(Resource)]
struct NoSpeaker {
    why: SoundError,
    said: bool,
}

fn open_speaker(mut commands: Commands) {
    let speaker = match Speaker::open() {
        Ok(s) => s,
        Err(why) => {
            warn!("no sound: {why}");
            commands.insert_resource(NoSpeaker { why, said: false });
            return;
        }
    };
    let wav = |bytes: &[u8]| read_wav(bytes).expect("the game's own sounds read");
    commands.insert_resource(Sounds {
        speaker,
        step: wav(include_bytes!("../../assets/sounds/move.wav")),
        capture: wav(include_bytes!("../../assets/sounds/capture.wav")),
        castle: wav(include_bytes!("../../assets/sounds/castle.wav")),
        refused: wav(include_bytes!("../../assets/sounds/refused.wav")),
        end: wav(include_bytes!("../../assets/sounds/end.wav")),
    });
}

/// A missing speaker is said once, when sound is on (a muted table is not told).
fn say_there_is_no_sound(
    missing: Option<ResMut<NoSpeaker>>,
    settings: Res<SoundSettings>,
    mut notices: ResMut<Notices>,
) {
    let Some(mut missing) = missing else { return };
    if missing.said || settings.silent() {
        return;
    }
    missing.said = true;
    notices.say(format!(
        "No sound: {}. The game plays silently.",
        missing.why
    ));
}

fn play_cues(
    sounds: Option<Res<Sounds>>,
    settings: Res<SoundSettings>,
    session: Res<Session>,
    mut landings: MessageReader<Landing>,
    mut refused: MessageReader<Refused>,
    mut was_over: Local<Option<(GameKey, bool)>>,
) {
    let over = (session.key(), session.game.is_over());
    let ended = matches!(*was_over, Some((key, false)) if key.is_before(over.0)) && over.1;
    *was_over = Some(over);
    let cues: Vec<LandingKind> = landings.read().map(|l| l.kind).collect();
    let refusals = refused.read().count();
    let Some(s) = sounds else { return };
    if settings.silent() {
        return;
    }
    let play = |samples: &Samples| s.speaker.play(samples, settings.volume);
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

#[cfg(test)]
mod tests {
    use super::*;

    fn table(muted: bool) -> App {
        let mut app = App::new();
        app.insert_resource(SoundSettings {
            muted,
            ..SoundSettings::default()
        })
        .init_resource::<Notices>()
        .insert_resource(NoSpeaker {
            why: SoundError::NoDevice("no such card".into()),
            said: false,
        })
        .add_systems(Update, say_there_is_no_sound);
        app
    }

    fn said(app: &App) -> Vec<String> {
        let notices = app.world().resource::<Notices>();
        notices.items.iter().map(|(t, _)| t.clone()).collect()
    }

    #[test]
    fn a_missing_speaker_is_said_once_when_sound_is_on() {
        let mut app = table(false);
        app.update();
        assert_eq!(
            said(&app),
            vec!["No sound: no audio device could be opened (ALSA: no such card). The game plays silently.".to_string()]
        );
        app.world_mut().resource_mut::<Notices>().items.clear();
        app.update();
        app.update();
        assert!(said(&app).is_empty(), "said again: {:?}", said(&app));
    }

    #[test]
    fn a_muted_table_is_told_only_when_unmuted() {
        let mut app = table(true);
        app.update();
        assert!(said(&app).is_empty());
        app.world_mut().resource_mut::<SoundSettings>().muted = false;
        app.update();
        assert_eq!(said(&app).len(), 1);
    }
}
