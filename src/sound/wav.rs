//! The game's sounds as they are stored: 16-bit PCM WAV files, what `camelot-assetgen`
//! writes.

/// A WAV file that is not one this game reads.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WavError {
    #[error("not a WAV file")]
    NotWav,
    /// A chunk runs past the file's end.
    #[error("a WAV chunk runs past the file's end")]
    Truncated,
    #[error("no fmt chunk")]
    NoFormat,
    #[error("no data chunk")]
    NoData,
    /// Not 16-bit PCM.
    #[error("a {bits}-bit WAV of format {format}: only 16-bit PCM is read")]
    Unsupported { format: u16, bits: u16 },
}

/// A sound: 16-bit samples, interleaved, at a rate.
#[derive(Clone, Debug, PartialEq)]
pub struct Samples {
    pub channels: u16,
    pub rate: u32,
    pub data: Vec<i16>,
}

/// Reads a 16-bit PCM WAV file (what `camelot-assetgen` writes).
pub fn read_wav(bytes: &[u8]) -> Result<Samples, WavError> {
    if bytes.len() < 12 || &bytes[0..4] != b"RIFF" || &bytes[8..12] != b"WAVE" {
        return Err(WavError::NotWav);
    }
    let (mut format, mut data) = (None, None);
    let mut at = 12;
    while at + 8 <= bytes.len() {
        let id = &bytes[at..at + 4];
        let len = u32::from_le_bytes(bytes[at + 4..at + 8].try_into().expect("4 bytes")) as usize;
        let body = bytes.get(at + 8..at + 8 + len).ok_or(WavError::Truncated)?;
        match id {
            b"fmt " if len >= 16 => format = Some(body),
            b"data" => data = Some(body),
            _ => {}
        }
        at += 8 + len + (len & 1);
    }
    let (format, data) = (
        format.ok_or(WavError::NoFormat)?,
        data.ok_or(WavError::NoData)?,
    );
    let word = |i: usize| u16::from_le_bytes([format[i], format[i + 1]]);
    let (pcm, channels, bits) = (word(0), word(2), word(14));
    let rate = u32::from_le_bytes(format[4..8].try_into().expect("4 bytes"));
    if pcm != 1 || bits != 16 || channels == 0 {
        return Err(WavError::Unsupported { format: pcm, bits });
    }
    Ok(Samples {
        channels,
        rate,
        data: data
            .chunks_exact(2)
            .map(|b| i16::from_le_bytes([b[0], b[1]]))
            .collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_games_sounds_read_as_16_bit_pcm() {
        let s = read_wav(include_bytes!("../../assets/sounds/move.wav")).unwrap();
        assert_eq!((s.channels, s.rate), (1, 44_100));
        assert_eq!(s.data.len(), (15_920 - 44) / 2);
        assert!(read_wav(b"RIFF....WAVEjunk").is_err());
        assert!(read_wav(b"not a sound").is_err());
    }
}
