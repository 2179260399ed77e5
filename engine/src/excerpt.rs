//! Rejected input handed back in errors: a short copy, never the whole of it.
//!
//! An error that quoted its input whole could print megabytes (a 50 MB record) or
//! control characters into a terminal; an [`Excerpt`] keeps the first few characters
//! and says when it cut.

use std::fmt;

/// At most this many characters of rejected input are kept.
pub const EXCERPT_CHARS: usize = 40;

/// The start of a piece of rejected input, for error messages.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Excerpt {
    text: String,
    truncated: bool,
}

impl Excerpt {
    pub fn new(input: &str) -> Excerpt {
        let mut chars = input.chars();
        let text: String = chars.by_ref().take(EXCERPT_CHARS).collect();
        Excerpt {
            text,
            truncated: chars.next().is_some(),
        }
    }

    /// The characters kept (without the mark of a cut).
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// True if the input was longer than what is kept.
    pub fn is_truncated(&self) -> bool {
        self.truncated
    }
}

impl From<&str> for Excerpt {
    fn from(s: &str) -> Excerpt {
        Excerpt::new(s)
    }
}

impl fmt::Display for Excerpt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in self.text.chars() {
            // Control characters are shown escaped, never sent to a terminal as they are.
            if c.is_control() {
                write!(f, "{}", c.escape_default())?;
            } else {
                write!(f, "{c}")?;
            }
        }
        if self.truncated {
            f.write_str("…")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_input_is_cut_and_control_characters_escaped() {
        let long = "x".repeat(10_000);
        let e = Excerpt::new(&long);
        assert!(e.is_truncated());
        assert_eq!(e.to_string().chars().count(), EXCERPT_CHARS + 1);
        assert_eq!(Excerpt::new("a\u{1b}[2Jb").to_string(), "a\\u{1b}[2Jb");
        assert_eq!(Excerpt::new("é5").to_string(), "é5");
    }
}
