//! DKIM keys, one per sending domain (`COVERLINE_DKIM_DIR`): each file is an RSA private key in PEM
//! (PKCS#1 or PKCS#8, `openssl genrsa 2048`) named after its DNS record,
//! `SELECTOR._domainkey.DOMAIN.pem`. The mailer signs every message whose From is on a domain it has
//! a key for (relaxed/relaxed, rsa-sha256); production refuses to send from a domain without one.

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::Context;
use base64::Engine;
use lettre::message::dkim::{DkimCanonicalization, DkimCanonicalizationType, DkimConfig, DkimSigningAlgorithm, DkimSigningKey};
use lettre::message::header::HeaderName;
use rsa::pkcs1::{DecodeRsaPrivateKey, EncodeRsaPrivateKey};
use rsa::pkcs8::{DecodePrivateKey, EncodePublicKey};
use rsa::traits::PublicKeyParts;

/// The headers every signature covers. A listed header a message lacks is signed as absent, so it
/// cannot be added on the way (RFC 6376 5.4). Not Content-Type: lettre writes a multipart
/// message's Content-Type with its body, after signing, so a signature over it would never verify
/// (the body hash covers the parts all the same).
const SIGNED_HEADERS: [&str; 10] = [
    "From",
    "Reply-To",
    "To",
    "Subject",
    "Date",
    "Message-ID",
    "MIME-Version",
    "Auto-Submitted",
    "List-Unsubscribe",
    "List-Unsubscribe-Post",
];

/// The smallest key a verifier takes (RFC 8301: 1024 bits at least; 2048 recommended).
const MIN_BITS: usize = 1024;

/// One domain's key.
pub struct DkimKey {
    pub selector: String,
    pub domain: String,
    /// The key's size in bits.
    pub bits: usize,
    /// The TXT record the domain publishes at `SELECTOR._domainkey.DOMAIN`.
    pub record: String,
    config: DkimConfig,
}

impl std::fmt::Debug for DkimKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DkimKey").field("selector", &self.selector).field("domain", &self.domain).field("bits", &self.bits).finish()
    }
}

impl DkimKey {
    /// A key from its file name (`SELECTOR._domainkey.DOMAIN.pem`) and its PEM text.
    pub fn from_pem(file_name: &str, pem: &str) -> anyhow::Result<Self> {
        let name = file_name.strip_suffix(".pem").context("a DKIM key file is named SELECTOR._domainkey.DOMAIN.pem")?;
        let (selector, domain) = name.split_once("._domainkey.").context("a DKIM key file is named SELECTOR._domainkey.DOMAIN.pem")?;
        let label_ok =
            |s: &str| !s.is_empty() && s.split('.').all(|l| !l.is_empty() && l.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-'));
        anyhow::ensure!(label_ok(selector) && label_ok(domain) && domain.contains('.'), "{file_name}: not a selector and a domain");
        let key = rsa::RsaPrivateKey::from_pkcs1_pem(pem)
            .or_else(|_| rsa::RsaPrivateKey::from_pkcs8_pem(pem))
            .map_err(|_| anyhow::anyhow!("{file_name}: not an RSA private key in PEM (PKCS#1 or PKCS#8)"))?;
        let bits = key.size() * 8;
        anyhow::ensure!(bits >= MIN_BITS, "{file_name}: a {bits}-bit key; verifiers need {MIN_BITS} bits at least (use 2048)");
        let public = key.to_public_key().to_public_key_der().context("encoding the public key")?;
        let record = format!("v=DKIM1; k=rsa; p={}", base64::engine::general_purpose::STANDARD.encode(public.as_bytes()));
        // lettre takes PKCS#1.
        let pkcs1 = key.to_pkcs1_pem(Default::default()).context("encoding the key")?;
        let signing = DkimSigningKey::new(&pkcs1, DkimSigningAlgorithm::Rsa).map_err(|e| anyhow::anyhow!("{file_name}: {e}"))?;
        let domain = domain.to_ascii_lowercase();
        let config = DkimConfig::new(
            selector.to_string(),
            domain.clone(),
            signing,
            SIGNED_HEADERS.iter().map(|h| HeaderName::new_from_ascii_str(h)).collect(),
            DkimCanonicalization { header: DkimCanonicalizationType::Relaxed, body: DkimCanonicalizationType::Relaxed },
        );
        Ok(Self { selector: selector.to_string(), domain, bits, record, config })
    }

    /// The DNS name of the key's TXT record.
    pub fn record_name(&self) -> String {
        format!("{}._domainkey.{}", self.selector, self.domain)
    }

    pub(crate) fn config(&self) -> &DkimConfig {
        &self.config
    }

    /// What the domain publishes, as zone-file lines: this key's DKIM record (in strings of at most
    /// 255 characters, as a TXT record holds them), and the SPF and DMARC records to adapt.
    pub fn zone(&self) -> String {
        let strings: Vec<String> = self.record.as_bytes().chunks(255).map(|c| format!("\"{}\"", String::from_utf8_lossy(c))).collect();
        let domain = &self.domain;
        format!(
            "; {domain}: Coverline signs the mail it sends from this domain with a {bits}-bit key (rsa-sha256)\n\
             {name}. IN TXT ( {strings} )\n\
             ; SPF: only your mail relay (COVERLINE_SMTP_URL) sends for the domain; use your relay's own include\n\
             {domain}. IN TXT \"v=spf1 include:RELAY-SPF-DOMAIN -all\"\n\
             ; DMARC: receivers require From's domain to be the signing one, and quarantine what fails\n\
             _dmarc.{domain}. IN TXT \"v=DMARC1; p=quarantine; adkim=s; aspf=r; rua=mailto:dmarc-reports@{domain}\"\n",
            bits = self.bits,
            name = self.record_name(),
            strings = strings.join(" "),
        )
    }
}

/// The keys, by domain.
#[derive(Debug, Default)]
pub struct DkimKeys {
    keys: BTreeMap<String, DkimKey>,
}

impl DkimKeys {
    /// Every `*.pem` of `dir`; a second key for a domain is refused.
    pub fn load(dir: &Path) -> anyhow::Result<Self> {
        let mut keys = BTreeMap::new();
        let entries = std::fs::read_dir(dir).with_context(|| format!("COVERLINE_DKIM_DIR: reading {}", dir.display()))?;
        for entry in entries {
            let path = entry?.path();
            let Some(name) = path.file_name().and_then(|n| n.to_str()).filter(|n| n.ends_with(".pem")) else { continue };
            let pem = std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
            let key = DkimKey::from_pem(name, &pem).with_context(|| format!("COVERLINE_DKIM_DIR: {}", dir.display()))?;
            anyhow::ensure!(!keys.contains_key(&key.domain), "COVERLINE_DKIM_DIR: a second key for {}: {name}", key.domain);
            keys.insert(key.domain.clone(), key);
        }
        Ok(Self { keys })
    }

    /// The key of `domain` (case-insensitive).
    pub fn key(&self, domain: &str) -> Option<&DkimKey> {
        self.keys.get(&domain.to_ascii_lowercase())
    }

    /// Every key, by domain.
    pub fn iter(&self) -> impl Iterator<Item = &DkimKey> {
        self.keys.values()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A throwaway 1024-bit key (made for this test with `openssl genrsa -traditional 1024`; it signs
    /// nothing anywhere).
    const PKCS1: &str = include_str!("../tests/fixtures/dkim-test-key.pem");

    #[test]
    fn a_key_file_is_named_after_its_record() {
        let key = DkimKey::from_pem("mail2026._domainkey.vsc.summitcu.example.pem", PKCS1).unwrap();
        assert_eq!((key.selector.as_str(), key.domain.as_str(), key.bits), ("mail2026", "vsc.summitcu.example", 1024));
        assert_eq!(key.record_name(), "mail2026._domainkey.vsc.summitcu.example");
        assert!(key.record.starts_with("v=DKIM1; k=rsa; p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQ"), "{}", key.record);
        for bad in
            ["summitcu.example.pem", "mail._domainkey.summitcu.example.key", "mail._domainkey.localhost.pem", "._domainkey.a.example.pem"]
        {
            assert!(DkimKey::from_pem(bad, PKCS1).is_err(), "{bad}");
        }
        assert!(
            DkimKey::from_pem("mail._domainkey.a.example.pem", "-----BEGIN RSA PRIVATE KEY-----\nAAAA\n-----END RSA PRIVATE KEY-----")
                .is_err()
        );
    }

    #[test]
    fn the_zone_holds_the_record_in_strings_a_txt_record_takes() {
        let key = DkimKey::from_pem("mail._domainkey.mail.summitcu.example.pem", PKCS1).unwrap();
        let zone = key.zone();
        let line = zone.lines().find(|l| l.starts_with("mail._domainkey.mail.summitcu.example. IN TXT (")).unwrap();
        let strings: Vec<&str> = line.split('"').skip(1).step_by(2).collect();
        assert!(strings.iter().all(|s| s.len() <= 255), "{line}");
        assert_eq!(strings.concat(), key.record);
        assert!(zone.contains("_dmarc.mail.summitcu.example. IN TXT \"v=DMARC1; p=quarantine; adkim=s;"), "{zone}");
        assert!(zone.contains("mail.summitcu.example. IN TXT \"v=spf1 "), "{zone}");
    }

    #[test]
    fn a_pkcs8_key_reads_as_the_same_key() {
        use rsa::pkcs8::EncodePrivateKey;
        let key = rsa::RsaPrivateKey::from_pkcs1_pem(PKCS1).unwrap();
        let pkcs8 = key.to_pkcs8_pem(Default::default()).unwrap();
        let a = DkimKey::from_pem("s._domainkey.a.example.pem", PKCS1).unwrap();
        let b = DkimKey::from_pem("s._domainkey.a.example.pem", &pkcs8).unwrap();
        assert_eq!(a.record, b.record);
    }
}
