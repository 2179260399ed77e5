//! Sound out, with no library linked at build time: ALSA's `libasound.so.2` is loaded
//! when the game starts (as the game loads X11), so the default build needs no
//! `libasound2-dev`. A thread of its own plays the samples, one after another (they
//! are short). Without the library or an audio device the speaker is off, and says why
//! once; the game plays silently.

use std::ffi::{c_char, c_int, c_long, c_uint, c_ulong, c_void, CStr};
use std::sync::mpsc::{sync_channel, SyncSender, TrySendError};

use super::wav::Samples;

/// Why the table is silent, or a sound did not play.
#[derive(Debug, thiserror::Error)]
pub enum SoundError {
    /// ALSA's library is not installed.
    #[error("libasound.so.2 not found (Debian: apt-get install libasound2)")]
    NoLibrary,
    /// The library lacks a function the speaker calls.
    #[error(transparent)]
    Symbol(libloading::Error),
    /// No audio device could be opened; ALSA's words.
    #[error("no audio device could be opened (ALSA: {0})")]
    NoDevice(String),
    /// A sound could not be played; ALSA's words.
    #[error("a sound could not be played (ALSA: {0})")]
    Play(String),
    #[error("the sound's thread could not start: {0}")]
    Thread(std::io::Error),
}

type PcmOpen = unsafe extern "C" fn(*mut *mut c_void, *const c_char, c_int, c_int) -> c_int;
type PcmSetParams =
    unsafe extern "C" fn(*mut c_void, c_int, c_int, c_uint, c_uint, c_int, c_uint) -> c_int;
type PcmWritei = unsafe extern "C" fn(*mut c_void, *const c_void, c_ulong) -> c_long;
type PcmRecover = unsafe extern "C" fn(*mut c_void, c_int, c_int) -> c_int;
type PcmSimple = unsafe extern "C" fn(*mut c_void) -> c_int;
type StrError = unsafe extern "C" fn(c_int) -> *const c_char;

/// ALSA's error handler is variadic (`const char *fmt, ...`); ours declares only the
/// fixed arguments and reads none of them. On Linux's x86-64 and AArch64 calling
/// conventions a variadic call passes those in the same registers as a plain call, so
/// this handler is called correctly there.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
type ErrorHandler = unsafe extern "C" fn(*const c_char, c_int, *const c_char, c_int, *const c_char);
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
type SetErrorHandler = unsafe extern "C" fn(Option<ErrorHandler>) -> c_int;

/// Says nothing: a missing device is said once, by the game, in its own words, instead
/// of alsa-lib's lines on standard error.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
unsafe extern "C" fn quiet(
    _: *const c_char,
    _: c_int,
    _: *const c_char,
    _: c_int,
    _: *const c_char,
) {
}

const STREAM_PLAYBACK: c_int = 0;
const FORMAT_S16_LE: c_int = 2;
const ACCESS_RW_INTERLEAVED: c_int = 3;

/// ALSA's functions, loaded from `libasound.so.2`.
struct Alsa {
    _lib: libloading::Library,
    open: PcmOpen,
    set_params: PcmSetParams,
    writei: PcmWritei,
    recover: PcmRecover,
    drain: PcmSimple,
    close: PcmSimple,
    strerror: StrError,
}

impl Alsa {
    fn load() -> Result<Alsa, SoundError> {
        // SAFETY: loading the system's ALSA library runs its initialisers, which are
        // made to be loaded this way (every program that plays sound does).
        let lib = unsafe { libloading::Library::new("libasound.so.2") }
            .map_err(|_| SoundError::NoLibrary)?;
        // SAFETY: each symbol is ALSA's, with the C signature declared above.
        unsafe {
            #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
            if let Ok(set) = lib.get::<SetErrorHandler>(b"snd_lib_error_set_handler\0") {
                set(Some(quiet));
            }
            Ok(Alsa {
                open: *lib
                    .get::<PcmOpen>(b"snd_pcm_open\0")
                    .map_err(SoundError::Symbol)?,
                set_params: *lib
                    .get::<PcmSetParams>(b"snd_pcm_set_params\0")
                    .map_err(SoundError::Symbol)?,
                writei: *lib
                    .get::<PcmWritei>(b"snd_pcm_writei\0")
                    .map_err(SoundError::Symbol)?,
                recover: *lib
                    .get::<PcmRecover>(b"snd_pcm_recover\0")
                    .map_err(SoundError::Symbol)?,
                drain: *lib
                    .get::<PcmSimple>(b"snd_pcm_drain\0")
                    .map_err(SoundError::Symbol)?,
                close: *lib
                    .get::<PcmSimple>(b"snd_pcm_close\0")
                    .map_err(SoundError::Symbol)?,
                strerror: *lib
                    .get::<StrError>(b"snd_strerror\0")
                    .map_err(SoundError::Symbol)?,
                _lib: lib,
            })
        }
    }

    fn error(&self, code: c_int) -> String {
        // SAFETY: snd_strerror returns a static C string for any code.
        unsafe { CStr::from_ptr((self.strerror)(code)) }
            .to_string_lossy()
            .into_owned()
    }

    /// The default playback device, opened; `Err` says why there is none.
    fn open_default(&self) -> Result<*mut c_void, SoundError> {
        let mut pcm = std::ptr::null_mut();
        // SAFETY: a valid out-pointer and a NUL-terminated device name.
        let r = unsafe { (self.open)(&mut pcm, c"default".as_ptr(), STREAM_PLAYBACK, 0) };
        if r < 0 {
            return Err(SoundError::NoDevice(self.error(r)));
        }
        Ok(pcm)
    }

    /// Plays one sound to its end on an open device.
    fn play(&self, pcm: *mut c_void, s: &Samples) -> Result<(), SoundError> {
        // SAFETY: `pcm` is an open device; the parameters are plain values.
        let r = unsafe {
            (self.set_params)(
                pcm,
                FORMAT_S16_LE,
                ACCESS_RW_INTERLEAVED,
                s.channels as c_uint,
                s.rate,
                1,
                100_000,
            )
        };
        if r < 0 {
            return Err(SoundError::Play(self.error(r)));
        }
        let frames = s.data.len() / s.channels as usize;
        let mut done = 0;
        while done < frames {
            let at = &s.data[done * s.channels as usize..];
            // SAFETY: `at` holds at least `frames - done` frames of interleaved samples.
            let n = unsafe { (self.writei)(pcm, at.as_ptr().cast(), (frames - done) as c_ulong) };
            if n < 0 {
                // SAFETY: recovering an open device from the error it gave.
                if unsafe { (self.recover)(pcm, n as c_int, 1) } < 0 {
                    return Err(SoundError::Play(self.error(n as c_int)));
                }
            } else {
                done += n as usize;
            }
        }
        // SAFETY: `pcm` is open.
        unsafe { (self.drain)(pcm) };
        Ok(())
    }
}

/// Where the game's sounds go.
pub struct Speaker {
    queue: SyncSender<Samples>,
}

/// What the speaker is: `ALSA, the default device`, or why it is off.
pub fn describe() -> String {
    match Alsa::load().and_then(|a| {
        let pcm = a.open_default()?;
        // SAFETY: `pcm` was just opened.
        unsafe { (a.close)(pcm) };
        Ok(())
    }) {
        Ok(()) => "on: ALSA's default device (libasound.so.2, loaded at run time)".into(),
        Err(why) => format!("off: {why}"),
    }
}

impl Speaker {
    /// The speaker, or why there is none.
    pub fn open() -> Result<Speaker, SoundError> {
        let alsa = Alsa::load()?;
        // The device is opened once, to say at once when there is none, then closed: the
        // thread opens it for each sound, so that it is not held while the game is quiet.
        let pcm = alsa.open_default()?;
        // SAFETY: `pcm` was just opened.
        unsafe { (alsa.close)(pcm) };
        let (queue, sounds) = sync_channel::<Samples>(4);
        std::thread::Builder::new()
            .name("camelot sound".into())
            .spawn(move || {
                for s in sounds {
                    if let Ok(pcm) = alsa.open_default() {
                        let _ = alsa.play(pcm, &s);
                        // SAFETY: `pcm` is open and no longer used.
                        unsafe { (alsa.close)(pcm) };
                    }
                }
            })
            .map_err(SoundError::Thread)?;
        Ok(Speaker { queue })
    }

    /// Plays a sound at a volume from 0 to 1; a full queue drops it (a burst of clicks
    /// needs no more than four).
    pub fn play(&self, s: &Samples, volume: f32) {
        let v = volume.clamp(0.0, 1.0);
        let scaled = Samples {
            data: s.data.iter().map(|&x| (x as f32 * v) as i16).collect(),
            ..s.clone()
        };
        if let Err(TrySendError::Disconnected(_)) = self.queue.try_send(scaled) {
            // The thread is gone: nothing more will sound.
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Wherever it runs (a machine with no sound card among them), the speaker either
    /// opens or says why not: it never fails the game.
    #[test]
    fn the_speaker_opens_or_says_why_not() {
        let said = describe();
        assert!(
            said.starts_with("on: ") || said.starts_with("off: "),
            "{said}"
        );
        match Speaker::open() {
            Ok(s) => s.play(
                &super::super::wav::read_wav(include_bytes!("../../assets/sounds/move.wav"))
                    .unwrap(),
                0.0,
            ),
            Err(why) => assert!(!why.to_string().is_empty()),
        }
    }
}

#[cfg(test)]
mod playing {
    use super::*;

    /// A sound played to its end on the default device, where there is one (with
    /// `ALSA_CONFIG_PATH` naming a file device, the samples land in that file).
    #[test]
    fn a_sound_plays_to_its_end_or_the_device_is_said_missing() {
        let s =
            super::super::wav::read_wav(include_bytes!("../../assets/sounds/move.wav")).unwrap();
        // Without ALSA's library the speaker says which package brings it.
        let alsa = match Alsa::load() {
            Ok(alsa) => alsa,
            Err(why) => {
                assert!(matches!(why, SoundError::NoLibrary), "{why}");
                assert!(why.to_string().contains("apt-get install libasound2"));
                return;
            }
        };
        match alsa.open_default() {
            Ok(pcm) => {
                assert!(alsa.play(pcm, &s).is_ok());
                // SAFETY: `pcm` is open and no longer used.
                unsafe { (alsa.close)(pcm) };
            }
            Err(why) => assert!(matches!(why, SoundError::NoDevice(_)), "{why}"),
        }
    }
}
