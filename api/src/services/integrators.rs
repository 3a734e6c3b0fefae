//! Onboarding integrators (partners that embed the flow) from TOML files: `coverline integrator
//! import FILE`, and every `data/integrators/*.toml` at start. A file holds the SHA-256 of the
//! partner's token, never the token (`coverline integrator new-token` makes a pair).

use std::path::Path;

use anyhow::Context;
use coverline_store::{IntegratorRecord, Store};
use rand::RngCore;
use serde::Deserialize;
use sha2::{Digest, Sha256};

/// One integrator file.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct IntegratorFile {
    pub integrator_id: String,
    pub institution_id: String,
    pub name: String,
    pub is_active: bool,
    /// Origins allowed to frame the app (CSP frame-ancestors): `https://partner.example`,
    /// `http://localhost:*` (any port).
    pub origins: Vec<String>,
    /// Hex SHA-256 of the partner's token.
    pub token_sha256: String,
    /// Demo data shipped with Coverline (its token is public): production mode refuses to import it.
    #[serde(default)]
    pub lab: bool,
}

/// An origin a CSP frame-ancestors list can carry: scheme, host, optional port or `*`; nothing
/// else (no path, quotes, spaces or semicolons that could change the policy).
pub fn valid_origin(origin: &str) -> bool {
    let Some((scheme, rest)) = origin.split_once("://") else { return false };
    if scheme != "https" && scheme != "http" {
        return false;
    }
    let (host, port) = rest.rsplit_once(':').map_or((rest, None), |(h, p)| (h, Some(p)));
    let host_ok =
        !host.is_empty() && host.split('.').all(|label| !label.is_empty() && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'));
    let port_ok = port.is_none_or(|p| p == "*" || (!p.is_empty() && p.len() <= 5 && p.chars().all(|c| c.is_ascii_digit())));
    host_ok && port_ok
}

impl IntegratorFile {
    /// Parses and checks a file's text.
    pub fn from_toml(text: &str) -> anyhow::Result<Self> {
        let file: Self = toml::from_str(text).context("not a valid integrator file")?;
        let id_ok = |id: &str| !id.is_empty() && id.len() <= 64 && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
        anyhow::ensure!(id_ok(&file.integrator_id), "integratorId {:?}: letters, digits, - and _ only", file.integrator_id);
        anyhow::ensure!(!file.name.trim().is_empty(), "name is empty");
        anyhow::ensure!(
            file.token_sha256.len() == 64 && file.token_sha256.chars().all(|c| c.is_ascii_hexdigit()),
            "tokenSha256 must be 64 hex digits (`coverline integrator new-token` prints one)"
        );
        for origin in &file.origins {
            anyhow::ensure!(valid_origin(origin), "origin {origin:?} must look like https://partner.example or http://localhost:*");
        }
        Ok(file)
    }
}

/// Parses, checks and saves one integrator file; its institution must exist. Returns its id.
pub async fn import_file(store: &Store, path: &Path) -> anyhow::Result<String> {
    let text = std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    import_text(store, &text).await.map_err(|e| anyhow::anyhow!("{}: {e:#}", path.display()))
}

/// Parses, checks and saves an integrator's TOML; its institution must exist. Returns its id.
pub async fn import_text(store: &Store, text: &str) -> anyhow::Result<String> {
    let file = IntegratorFile::from_toml(text)?;
    if store.institution(&file.institution_id).await?.is_none() {
        anyhow::bail!("institution {:?} is not imported", file.institution_id);
    }
    store
        .upsert_integrator(&IntegratorRecord {
            integrator_id: file.integrator_id.clone(),
            institution_id: file.institution_id,
            name: file.name,
            token_sha256: file.token_sha256.to_ascii_lowercase(),
            is_active: i64::from(file.is_active),
            origins_json: serde_json::to_string(&file.origins)?,
        })
        .await?;
    Ok(file.integrator_id)
}

/// Imports every `*.toml` of a directory (none when it does not exist).
pub async fn import_dir(store: &Store, dir: &Path) -> anyhow::Result<Vec<String>> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Ok(Vec::new()) };
    let mut paths: Vec<_> =
        entries.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.extension().is_some_and(|e| e == "toml")).collect();
    paths.sort();
    let mut ids = Vec::new();
    for path in paths {
        ids.push(import_file(store, &path).await?);
    }
    Ok(ids)
}

/// Hex SHA-256 of a token.
pub fn token_sha256(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// A new random token (32 bytes, hex) and its SHA-256.
pub fn new_token() -> (String, String) {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    let token = hex::encode(bytes);
    let hash = token_sha256(&token);
    (token, hash)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_cannot_smuggle_policy() {
        for ok in ["https://partner.example", "http://localhost:*", "http://127.0.0.1:8081", "https://a-b.example.co.uk"] {
            assert!(valid_origin(ok), "{ok}");
        }
        for bad in [
            "partner.example",
            "https://partner.example/path",
            "https://x.example; script-src *",
            "'self'",
            "*",
            "ftp://x.example",
            "https://x.example:99999x",
            "https://",
        ] {
            assert!(!valid_origin(bad), "{bad}");
        }
    }

    #[test]
    fn a_file_is_checked() {
        let text = |hash: &str, origin: &str| {
            format!(
                "integratorId = \"p1\"\ninstitutionId = \"summit-cu\"\nname = \"P\"\nisActive = true\norigins = [\"{origin}\"]\ntokenSha256 = \"{hash}\"\n"
            )
        };
        let (_, hash) = new_token();
        assert!(IntegratorFile::from_toml(&text(&hash, "https://p.example")).is_ok());
        assert!(IntegratorFile::from_toml(&text("abc", "https://p.example")).unwrap_err().to_string().contains("tokenSha256"));
        assert!(IntegratorFile::from_toml(&text(&hash, "https://p.example/x")).unwrap_err().to_string().contains("origin"));
        assert!(
            IntegratorFile::from_toml(&format!("{}token = \"x\"\n", text(&hash, "https://p.example"))).is_err(),
            "unknown keys refused"
        );
    }
}
