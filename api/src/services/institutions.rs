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
    save(store, &institution, Some(&image)).await.map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))
}

/// Parses, checks and saves an institution's TOML (the staff console's import) with its logo, the
/// file its `logoName` names; without one, the logo stored under that name stays. Returns its id.
pub async fn import_text(store: &Store, text: &str, logo: Option<&[u8]>) -> anyhow::Result<String> {
    let institution = Institution::from_toml(text).map_err(|e| anyhow::anyhow!("{e}"))?;
    if logo.is_none() {
        let stored = store.institution_logo(&institution.institution_id).await?;
        let name = &institution.application_settings.logo_name;
        anyhow::ensure!(
            store.institution(&institution.institution_id).await?.is_some_and(|i| &i.application_settings.logo_name == name)
                && stored.is_some(),
            "logo {name} is not stored for {}: send it with the file",
            institution.institution_id
        );
        store.upsert_institution(&institution).await?;
        return Ok(institution.institution_id);
    }
    save(store, &institution, logo).await
}

async fn save(store: &Store, institution: &Institution, logo: Option<&[u8]>) -> anyhow::Result<String> {
    let name = &institution.application_settings.logo_name;
    let content_type = match Path::new(name).extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).as_deref() {
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("jpg" | "jpeg") => "image/jpeg",
        _ => anyhow::bail!("logo {name} must be an .svg, .png or .jpg file"),
    };
    store.upsert_institution(institution).await?;
    if let Some(image) = logo {
        store.upsert_institution_logo(&institution.institution_id, name, content_type, image).await?;
    }
    Ok(institution.institution_id.clone())
}

/// Turns an institution on or off (an inactive institution's pages and API answer 403); every API
/// instance sees it within its institution cache's time to live. `false` when it is unknown.
pub async fn set_active(store: &Store, institution_id: &str, active: bool) -> anyhow::Result<bool> {
    let Some(mut institution) = store.institution(institution_id).await? else { return Ok(false) };
    institution.is_active = active;
    store.upsert_institution(&institution).await?;
    Ok(true)
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
