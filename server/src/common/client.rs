//! Whose a request is: the address every per-address limit counts. It is the peer's,
//! unless the peer is a reverse proxy the operator trusts (`--trusted-proxy`), which
//! says in `X-Forwarded-For` (or, without that, `Forwarded`) whom it forwards for.
//! A client's own word is never taken: only the addresses a trusted proxy appended
//! count, read from the right until the first address that is not a trusted proxy.

use std::convert::Infallible;
use std::net::IpAddr;
use std::str::FromStr;

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderName};
use ipnet::IpNet;

use crate::common::http::OverTls;
use crate::common::limits::AddressKey;

/// The address a request is counted against (set on every request by the listener).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClientAddress(pub IpAddr);

impl ClientAddress {
    /// The key the limits count it under.
    pub fn key(self) -> AddressKey {
        AddressKey::of(self.0)
    }
}

impl<S: Send + Sync> FromRequestParts<S> for ClientAddress {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        // The listener sets it on every request; a router driven without the listener
        // (none in this program) would count everyone as one unknown address.
        Ok(parts
            .extensions
            .get::<ClientAddress>()
            .copied()
            .unwrap_or(ClientAddress(IpAddr::from([0, 0, 0, 0]))))
    }
}

/// One `--trusted-proxy`: an address or a network (`10.0.0.0/8`, `::1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrustedProxy(IpNet);

/// A `--trusted-proxy` that names no address.
#[derive(Debug, thiserror::Error)]
#[error("`{0}` is not an address or a network (127.0.0.1, 10.0.0.0/8, ::1)")]
pub struct NotAnAddress(String);

impl FromStr for TrustedProxy {
    type Err = NotAnAddress;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.trim();
        if let Ok(net) = s.parse::<IpNet>() {
            return Ok(TrustedProxy(net.trunc()));
        }
        s.parse::<IpAddr>()
            .map(|ip| TrustedProxy(IpNet::from(ip)))
            .map_err(|_| NotAnAddress(s.to_string()))
    }
}

/// The proxies whose forwarding headers are believed.
#[derive(Clone, Debug, Default)]
pub struct TrustedProxies(Vec<TrustedProxy>);

impl TrustedProxies {
    pub fn new(proxies: Vec<TrustedProxy>) -> TrustedProxies {
        TrustedProxies(proxies)
    }

    pub fn trusts(&self, ip: IpAddr) -> bool {
        let ip = plain(ip);
        self.0.iter().any(|p| p.0.contains(&ip))
    }

    /// The client a request from `peer` is from.
    pub fn client(&self, peer: IpAddr, headers: &HeaderMap) -> ClientAddress {
        if !self.trusts(peer) {
            return ClientAddress(plain(peer));
        }
        let chain = forwarded_for(headers);
        // From the right: the nearest hop first. The first one not a trusted proxy is the
        // client; what it claims further left is its own word, and not read.
        let mut client = plain(peer);
        for hop in chain.iter().rev() {
            match hop {
                Some(ip) => {
                    client = plain(*ip);
                    if !self.trusts(client) {
                        break;
                    }
                }
                // A hop a proxy could not name (`unknown`, a garbled entry): the trail
                // ends at the last proxy that could be believed.
                None => break,
            }
        }
        ClientAddress(client)
    }

    /// Whether the client reached the proxy over TLS (`X-Forwarded-Proto: https` or
    /// `Forwarded: proto=https` from a trusted proxy): a session cookie is then
    /// `Secure` though the proxy speaks plain HTTP to the server.
    pub fn over_tls(&self, peer: IpAddr, headers: &HeaderMap, direct: OverTls) -> OverTls {
        if direct.0 || !self.trusts(peer) {
            return direct;
        }
        let proto = header_text(headers, &X_FORWARDED_PROTO)
            .map(|v| {
                v.rsplit(',')
                    .next()
                    .unwrap_or("")
                    .trim()
                    .to_ascii_lowercase()
            })
            .or_else(|| {
                forwarded_params(headers)
                    .into_iter()
                    .filter_map(|(k, v)| (k == "proto").then_some(v.to_ascii_lowercase()))
                    .next_back()
            });
        OverTls(proto.as_deref() == Some("https"))
    }
}

const X_FORWARDED_FOR: HeaderName = HeaderName::from_static("x-forwarded-for");
const X_FORWARDED_PROTO: HeaderName = HeaderName::from_static("x-forwarded-proto");

/// An IPv4 address written as IPv6 (`::ffff:1.2.3.4`, a dual-stack socket's) as IPv4.
fn plain(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    }
}

/// Every value of a header, joined as one list (a header may come several times).
fn header_text(headers: &HeaderMap, name: &HeaderName) -> Option<String> {
    let values: Vec<&str> = headers
        .get_all(name)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .collect();
    (!values.is_empty()).then(|| values.join(","))
}

/// The hops a request went through, the client's first: `X-Forwarded-For`, or where
/// none came, `Forwarded`'s `for=`. A hop that is not an address is `None`.
fn forwarded_for(headers: &HeaderMap) -> Vec<Option<IpAddr>> {
    if let Some(list) = header_text(headers, &X_FORWARDED_FOR) {
        return list.split(',').map(|hop| address(hop.trim())).collect();
    }
    forwarded_params(headers)
        .into_iter()
        .filter(|(k, _)| k == "for")
        .map(|(_, v)| address(&v))
        .collect()
}

/// `Forwarded`'s parameters in order (RFC 7239): `for=1.2.3.4;proto=https, for=...`,
/// the names in lower case and quotes taken off the values.
fn forwarded_params(headers: &HeaderMap) -> Vec<(String, String)> {
    let Some(text) = header_text(headers, &axum::http::header::FORWARDED) else {
        return Vec::new();
    };
    text.split([',', ';'])
        .filter_map(|pair| pair.split_once('='))
        .map(|(k, v)| {
            (
                k.trim().to_ascii_lowercase(),
                v.trim().trim_matches('"').to_string(),
            )
        })
        .collect()
}

/// An address as a proxy writes one: `1.2.3.4`, `1.2.3.4:5678`, `2001:db8::1`,
/// `[2001:db8::1]:5678`.
fn address(hop: &str) -> Option<IpAddr> {
    if let Ok(ip) = hop.parse::<IpAddr>() {
        return Some(ip);
    }
    if let Some(rest) = hop.strip_prefix('[') {
        return rest.split_once(']').and_then(|(ip, _)| ip.parse().ok());
    }
    hop.parse::<std::net::SocketAddr>().ok().map(|s| s.ip())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn proxies(list: &[&str]) -> TrustedProxies {
        TrustedProxies::new(list.iter().map(|p| p.parse().unwrap()).collect())
    }

    fn headers(pairs: &[(&str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(
                HeaderName::from_bytes(k.as_bytes()).unwrap(),
                v.parse().unwrap(),
            );
        }
        h
    }

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn an_untrusted_peer_is_its_own_address_whatever_it_says() {
        let p = proxies(&["10.0.0.0/8"]);
        let h = headers(&[("x-forwarded-for", "203.0.113.9")]);
        assert_eq!(p.client(ip("198.51.100.7"), &h).0, ip("198.51.100.7"));
        assert_eq!(
            TrustedProxies::default().client(ip("127.0.0.1"), &h).0,
            ip("127.0.0.1")
        );
    }

    #[test]
    fn a_trusted_proxy_names_the_client_and_a_forged_entry_is_passed_over() {
        let p = proxies(&["127.0.0.1", "10.0.0.0/8"]);
        // The client wrote 6.6.6.6 itself; nginx appended the address it saw.
        let h = headers(&[("x-forwarded-for", "6.6.6.6, 203.0.113.9")]);
        assert_eq!(p.client(ip("127.0.0.1"), &h).0, ip("203.0.113.9"));
        // Two proxies in a row: the inner one is trusted too, so the one before counts.
        let h = headers(&[("x-forwarded-for", "6.6.6.6, 203.0.113.9, 10.1.2.3")]);
        assert_eq!(p.client(ip("127.0.0.1"), &h).0, ip("203.0.113.9"));
        // Split over two header lines.
        let h = headers(&[
            ("x-forwarded-for", "6.6.6.6"),
            ("x-forwarded-for", "203.0.113.9"),
        ]);
        assert_eq!(p.client(ip("127.0.0.1"), &h).0, ip("203.0.113.9"));
    }

    #[test]
    fn forwarded_is_read_only_without_x_forwarded_for() {
        let p = proxies(&["::1"]);
        let h = headers(&[(
            "forwarded",
            "for=6.6.6.6, for=\"[2001:db8::7]:4711\";proto=https",
        )]);
        assert_eq!(p.client(ip("::1"), &h).0, ip("2001:db8::7"));
        assert_eq!(p.over_tls(ip("::1"), &h, OverTls(false)), OverTls(true));
        let both = headers(&[
            ("forwarded", "for=6.6.6.6"),
            ("x-forwarded-for", "192.0.2.1"),
        ]);
        assert_eq!(p.client(ip("::1"), &both).0, ip("192.0.2.1"));
    }

    #[test]
    fn a_trusted_proxy_without_a_header_or_with_garbage_counts_as_itself() {
        let p = proxies(&["127.0.0.1"]);
        assert_eq!(
            p.client(ip("127.0.0.1"), &HeaderMap::new()).0,
            ip("127.0.0.1")
        );
        let h = headers(&[("x-forwarded-for", "6.6.6.6, unknown")]);
        assert_eq!(p.client(ip("127.0.0.1"), &h).0, ip("127.0.0.1"));
        // A mapped IPv4 peer on a dual-stack socket is the IPv4 address it maps.
        assert!(p.trusts(ip("::ffff:127.0.0.1")));
    }

    #[test]
    fn only_a_trusted_proxy_says_the_client_came_over_tls() {
        let p = proxies(&["127.0.0.1"]);
        let h = headers(&[("x-forwarded-proto", "https")]);
        assert_eq!(
            p.over_tls(ip("127.0.0.1"), &h, OverTls(false)),
            OverTls(true)
        );
        assert_eq!(
            p.over_tls(ip("192.0.2.1"), &h, OverTls(false)),
            OverTls(false)
        );
        let http = headers(&[("x-forwarded-proto", "http")]);
        assert_eq!(
            p.over_tls(ip("127.0.0.1"), &http, OverTls(false)),
            OverTls(false)
        );
    }

    #[test]
    fn proxies_are_written_as_addresses_or_networks() {
        assert!("10.0.0.0/8".parse::<TrustedProxy>().is_ok());
        assert!("fd00::/8".parse::<TrustedProxy>().is_ok());
        assert!("192.0.2.1".parse::<TrustedProxy>().is_ok());
        let e = "nginx".parse::<TrustedProxy>().unwrap_err().to_string();
        assert!(e.contains("not an address or a network"), "{e}");
        assert!(proxies(&["10.1.2.3/8"]).trusts(ip("10.200.0.1")));
    }
}
