//! Onboarding institutions from TOML files (`coverline institution import FILE`, and every
//! `*.toml` of COVERLINE_INSTITUTIONS_DIR at start), each with its logo from `logos/` beside it.

use std::path::Path;

use anyhow::Context;
use coverline_domain::institution::Institution;
use coverline_store::Store;

/// Parses, checks and saves one institution file; returns its id.
pub async fn import_file(store: &Store, path: &Path) -> anyhow::Result<String> {
    let text = std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let institution = Institution::from_toml(&text).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    let name = &institution.application_settings.logo_name;
    let logo = path.parent().unwrap_or(Path::new(".")).join("logos").join(name);
    let image = std::fs::read(&logo).with_context(|| format!("{}: logo {} not found", path.display(), logo.display()))?;
    let content_type = match logo.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).as_deref() {
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("jpg" | "jpeg") => "image/jpeg",
        _ => anyhow::bail!("{}: logo {name} must be an .svg, .png or .jpg file", path.display()),
    };
    store.upsert_institution(&institution).await?;
    store.upsert_institution_logo(&institution.institution_id, name, content_type, &image).await?;
    Ok(institution.institution_id)
}

/// Imports every `*.toml` of a directory.
pub async fn import_dir(store: &Store, dir: &Path) -> anyhow::Result<Vec<String>> {
    let mut ids = Vec::new();
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .with_context(|| format!("reading {}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    paths.sort();
    for path in paths {
        ids.push(import_file(store, &path).await?);
    }
    Ok(ids)
}
