//! A text of the page's as it goes on the wire: compressed once, when first asked for, in
//! brotli and gzip (whichever the browser takes, brotli first), and named by a strong
//! ETag, its content's hash. A browser revalidating a file it holds (`no-cache`) is
//! answered `304 Not Modified` with no body, so a reload moves only the page's HTML.

use std::sync::OnceLock;

use axum::body::Bytes;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};

/// Below this a text goes as it is: compression would save less than its headers cost.
const WORTH_COMPRESSING: usize = 512;

/// How a text is encoded for the wire.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Encoding {
    Brotli,
    Gzip,
    Identity,
}

impl Encoding {
    fn token(self) -> Option<&'static str> {
        match self {
            Encoding::Brotli => Some("br"),
            Encoding::Gzip => Some("gzip"),
            Encoding::Identity => None,
        }
    }

    /// The ETag's suffix: each encoding is its own representation.
    fn suffix(self) -> &'static str {
        match self {
            Encoding::Brotli => "-br",
            Encoding::Gzip => "-gz",
            Encoding::Identity => "",
        }
    }
}

/// One text, its type, and its encodings once made.
pub struct Served {
    kind: &'static str,
    body: Bytes,
    /// The first 16 bytes of its SHA-256, in hex.
    hash: String,
    brotli: OnceLock<Option<Bytes>>,
    gzip: OnceLock<Option<Bytes>>,
}

impl Served {
    pub fn new(kind: &'static str, body: impl Into<Bytes>) -> Served {
        let body: Bytes = body.into();
        let digest = Sha256::digest(&body);
        let hash = digest[..16].iter().map(|b| format!("{b:02x}")).collect();
        Served {
            kind,
            body,
            hash,
            brotli: OnceLock::new(),
            gzip: OnceLock::new(),
        }
    }

    /// The answer to a request with `request`'s headers, with `cache` as its
    /// `Cache-Control`: 304 where the browser holds this very text, else the text in the
    /// best encoding the browser takes.
    pub fn answer(&self, request: &HeaderMap, cache: &'static str) -> Response {
        let encoding = self.encoding_for(request);
        let etag = format!("\"{}{}\"", self.hash, encoding.suffix());
        let mut r = if self.held(request) {
            StatusCode::NOT_MODIFIED.into_response()
        } else {
            let body = match encoding {
                Encoding::Brotli => self.brotli().unwrap_or(&self.body),
                Encoding::Gzip => self.gzip().unwrap_or(&self.body),
                Encoding::Identity => &self.body,
            }
            .clone();
            let mut r = ([(header::CONTENT_TYPE, self.kind)], body).into_response();
            if let Some(token) = encoding.token() {
                r.headers_mut()
                    .insert(header::CONTENT_ENCODING, HeaderValue::from_static(token));
            }
            r
        };
        let h = r.headers_mut();
        h.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
        h.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
        if let Ok(tag) = HeaderValue::from_str(&etag) {
            h.insert(header::ETAG, tag);
        }
        r
    }

    /// Whether `If-None-Match` names this text, in any of its encodings.
    fn held(&self, request: &HeaderMap) -> bool {
        request
            .get_all(header::IF_NONE_MATCH)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .map(|tag| tag.trim().trim_start_matches("W/").trim_matches('"'))
            .any(|tag| {
                tag == "*"
                    || tag
                        .strip_prefix(self.hash.as_str())
                        .is_some_and(|rest| ["", "-br", "-gz"].contains(&rest))
            })
    }

    /// The encoding this text goes in for a browser that takes `Accept-Encoding`.
    fn encoding_for(&self, request: &HeaderMap) -> Encoding {
        if self.body.len() < WORTH_COMPRESSING {
            return Encoding::Identity;
        }
        let takes = accepted(request);
        if takes.contains(&"br") && self.brotli().is_some() {
            Encoding::Brotli
        } else if takes.contains(&"gzip") && self.gzip().is_some() {
            Encoding::Gzip
        } else {
            Encoding::Identity
        }
    }

    /// Brotli at its best (made once: the files are few and small), where it is smaller.
    fn brotli(&self) -> Option<&Bytes> {
        self.brotli
            .get_or_init(|| {
                let mut out = Vec::new();
                let params = brotli::enc::BrotliEncoderParams {
                    quality: 11,
                    lgwin: 22,
                    ..Default::default()
                };
                brotli::BrotliCompress(&mut &self.body[..], &mut out, &params).ok()?;
                (out.len() < self.body.len()).then(|| Bytes::from(out))
            })
            .as_ref()
    }

    fn gzip(&self) -> Option<&Bytes> {
        self.gzip
            .get_or_init(|| {
                use std::io::Write;
                let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
                gz.write_all(&self.body).ok()?;
                let out = gz.finish().ok()?;
                (out.len() < self.body.len()).then(|| Bytes::from(out))
            })
            .as_ref()
    }
}

/// The encodings a request's `Accept-Encoding` takes (those not refused with `q=0`).
fn accepted(request: &HeaderMap) -> Vec<&str> {
    request
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .filter_map(|item| {
            let mut parts = item.split(';');
            let name = parts.next()?.trim();
            let refused = parts.any(|p| {
                p.trim()
                    .strip_prefix("q=")
                    .and_then(|q| q.trim().parse::<f32>().ok())
                    .is_some_and(|q| q <= 0.0)
            });
            (!refused && !name.is_empty()).then_some(name)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn asking(pairs: &[(&str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(
                axum::http::HeaderName::from_bytes(k.as_bytes()).unwrap(),
                v.parse().unwrap(),
            );
        }
        h
    }

    fn text() -> Served {
        Served::new("text/javascript", "let camelot = 1;\n".repeat(100))
    }

    #[test]
    fn brotli_first_then_gzip_then_as_it_is() {
        let t = text();
        let e = |v: &str| t.encoding_for(&asking(&[("accept-encoding", v)]));
        assert_eq!(e("gzip, deflate, br"), Encoding::Brotli);
        assert_eq!(e("gzip, br;q=0"), Encoding::Gzip);
        assert_eq!(e("identity"), Encoding::Identity);
        assert_eq!(t.encoding_for(&HeaderMap::new()), Encoding::Identity);
        let small = Served::new("text/plain", "tiny");
        assert_eq!(
            small.encoding_for(&asking(&[("accept-encoding", "br")])),
            Encoding::Identity
        );
    }

    #[test]
    fn a_held_text_is_known_by_its_tag_in_any_encoding() {
        let t = text();
        let tag = |s: &str| asking(&[("if-none-match", s)]);
        assert!(t.held(&tag(&format!("\"{}\"", t.hash))));
        assert!(t.held(&tag(&format!("W/\"{}-br\", \"other\"", t.hash))));
        assert!(!t.held(&tag("\"0123\"")));
        assert!(!t.held(&tag(&format!("\"{}-xx\"", t.hash))));
        assert!(!t.held(&HeaderMap::new()));
    }
}
