//! The client's address behind proxies, for the limits kept per client.
//!
//! `X-Forwarded-For` is a list that each proxy appends the address it received the request from
//! to. The client writes whatever it likes on the left; only the entries the trusted proxies
//! appended are true. So the client is the right-most entry that is not a trusted proxy, read
//! only when the connection itself comes from a trusted proxy (`COVERLINE_TRUSTED_PROXIES`, a
//! list of addresses or CIDRs). A forged left-most entry is never read, and with no trusted proxy
//! the header is ignored.
//!
//! Why `X-Forwarded-For` and not HAProxy's PROXY protocol: every L7 balancer and CDN writes it
//! (HAProxy's `option forwardfor`, nginx, cloud load balancers), a chain of them keeps working by
//! listing each one, and the instances keep answering plain HTTP health checks and direct calls.

use std::net::{IpAddr, SocketAddr};

use axum::http::HeaderMap;
use ipnet::IpNet;

/// The proxies whose `X-Forwarded-For` entries are believed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TrustedProxies(Vec<IpNet>);

impl TrustedProxies {
    /// Parses `10.0.0.0/8, 127.0.0.1, ::1`: addresses or networks, separated by commas or spaces.
    pub fn parse(list: &str) -> anyhow::Result<Self> {
        let nets = list
            .split([',', ' '])
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|s| {
                s.parse::<IpNet>()
                    .or_else(|_| s.parse::<IpAddr>().map(IpNet::from))
                    .map_err(|_| anyhow::anyhow!("COVERLINE_TRUSTED_PROXIES: {s:?} is not an address or CIDR network"))
            })
            .collect::<anyhow::Result<Vec<_>>>()?;
        Ok(Self(nets))
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    fn trusts(&self, ip: IpAddr) -> bool {
        let ip = ip.to_canonical();
        self.0.iter().any(|net| net.contains(&ip))
    }

    /// The client's address of a request that arrived from `peer` with `headers`.
    pub fn client(&self, headers: &HeaderMap, peer: SocketAddr) -> String {
        if !self.trusts(peer.ip()) {
            return peer.ip().to_canonical().to_string();
        }
        // Every X-Forwarded-For header, in order, is one list.
        let entries: Vec<&str> = headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .map(str::trim)
            .filter(|e| !e.is_empty())
            .collect();
        let mut client = peer.ip().to_canonical().to_string();
        for entry in entries.iter().rev() {
            match parse_entry(entry) {
                Some(ip) if self.trusts(ip) => client = ip.to_string(),
                Some(ip) => return ip.to_string(),
                // Not an address: what a trusted proxy received it from is unknown past here.
                None => return client,
            }
        }
        client
    }
}

/// An entry as proxies write it: `203.0.113.7`, `2001:db8::1`, `[2001:db8::1]:4711` or `203.0.113.7:4711`.
fn parse_entry(entry: &str) -> Option<IpAddr> {
    entry.parse::<IpAddr>().ok().or_else(|| entry.parse::<SocketAddr>().ok().map(|s| s.ip())).map(|ip| ip.to_canonical())
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(values: &[&str]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for v in values {
            h.append("x-forwarded-for", HeaderValue::from_str(v).unwrap());
        }
        h
    }

    fn peer(ip: &str) -> SocketAddr {
        SocketAddr::new(ip.parse().unwrap(), 40000)
    }

    #[test]
    fn the_right_most_untrusted_entry_is_the_client() {
        let proxies = TrustedProxies::parse("127.0.0.1, 10.0.0.0/8").unwrap();
        let balancer = peer("10.0.0.2");
        assert_eq!(proxies.client(&headers(&["198.51.100.9"]), balancer), "198.51.100.9");
        assert_eq!(proxies.client(&headers(&["1.2.3.4, 198.51.100.9"]), balancer), "198.51.100.9", "a forged left-most entry");
        assert_eq!(proxies.client(&headers(&["1.2.3.4", "198.51.100.9"]), balancer), "198.51.100.9", "two header lines are one list");
        assert_eq!(proxies.client(&headers(&["198.51.100.9, 10.0.0.7"]), balancer), "198.51.100.9", "a chain of trusted proxies");
        assert_eq!(proxies.client(&headers(&["garbage, 198.51.100.9"]), balancer), "198.51.100.9");
        assert_eq!(proxies.client(&headers(&["198.51.100.9, garbage"]), balancer), "10.0.0.2", "a trusted proxy wrote no address");
        assert_eq!(proxies.client(&headers(&["10.0.0.7"]), balancer), "10.0.0.7", "only proxies: the farthest one");
        assert_eq!(proxies.client(&headers(&[]), balancer), "10.0.0.2", "no header: the proxy itself");
        assert_eq!(proxies.client(&headers(&["[2001:db8::1]:4711"]), balancer), "2001:db8::1");
        assert_eq!(proxies.client(&headers(&["198.51.100.9:4711"]), balancer), "198.51.100.9");
    }

    #[test]
    fn a_client_that_is_no_trusted_proxy_cannot_name_another() {
        let proxies = TrustedProxies::parse("10.0.0.0/8").unwrap();
        assert_eq!(proxies.client(&headers(&["198.51.100.9"]), peer("203.0.113.5")), "203.0.113.5");
        assert_eq!(TrustedProxies::default().client(&headers(&["198.51.100.9"]), peer("127.0.0.1")), "127.0.0.1", "none trusted");
        let mapped = peer("::ffff:10.0.0.2");
        assert_eq!(proxies.client(&headers(&["198.51.100.9"]), mapped), "198.51.100.9", "an IPv4 peer on an IPv6 socket");
    }

    #[test]
    fn the_list_reads_addresses_and_networks() {
        assert_eq!(TrustedProxies::parse("").unwrap(), TrustedProxies::default());
        assert!(TrustedProxies::parse("127.0.0.1 ::1,10.0.0.0/8, fd00::/8").is_ok());
        let err = TrustedProxies::parse("10.0.0.0/8, proxy.internal").unwrap_err().to_string();
        assert!(err.contains("proxy.internal"), "{err}");
    }
}
