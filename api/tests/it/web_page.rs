//! The app's page, filled per institution by the server (issue 16): a phone paints the institution's
//! shell before any script, the institution comes with the page, and the one inline script is
//! allowed by its hash and nothing else inline.

use crate::support::{Db, Options, on_both_databases, spawn_app, workspace};
use base64::Engine;
use sha2::{Digest, Sha256};

/// The text between `start` and the next `end` after it.
fn between<'a>(text: &'a str, start: &str, end: &str) -> Option<&'a str> {
    let from = text.find(start)? + start.len();
    Some(&text[from..from + text[from..].find(end)?])
}

/// The page's inline scripts (`<script>` without attributes).
fn inline_scripts(page: &str) -> Vec<&str> {
    page.match_indices("<script>").map(|(at, _)| between(&page[at..], "<script>", "</script>").unwrap()).collect()
}

async fn the_page_carries_the_institution_s_shell(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let get = |path: &str| {
        let url = format!("{}{path}", app.url);
        let http = app.http.clone();
        async move {
            let res = http.get(url).send().await.unwrap();
            let csp = res.headers().get("content-security-policy").map(|v| v.to_str().unwrap().to_string()).unwrap_or_default();
            assert_eq!(res.headers()["cache-control"], "no-cache");
            (res.status().as_u16(), csp, res.text().await.unwrap())
        }
    };

    let (status, csp, page) = get("/summit-cu/splash").await;
    assert_eq!(status, 200);
    let product = coverline_domain::institution::DEFAULT_PRODUCT_NAME;
    assert!(page.contains(&format!("<title>{product} · Summit Credit Union</title>")), "{page}");
    assert_eq!(page.matches("<title>").count(), 1, "one title");
    assert!(page.contains(r#"<meta name="description" content="Protect your ride and your budget."#), "{page}");
    assert!(page.contains(r#"<html lang="en-US" class="light">"#), "Summit starts light");
    assert!(page.contains("--cl-primary:#0B3D91;--cl-secondary:#6CACE4;--cl-cta:#F47B20"), "brand colours");
    // The shell: the logo (preloaded), the product name, the name and the splash text.
    let shell = between(&page, r#"<div id="coverline-shell""#, r#"<div id="root">"#).expect("a shell before the app's root");
    for text in [
        r#"<img class="cl-logo" src="/api/institution/summit-cu/logo" alt="Summit Credit Union">"#,
        &format!(r#"<p class="cl-overline">{product}</p>"#),
        r#"<h1 class="cl-h5">Summit Credit Union</h1>"#,
        "Protect your ride and your budget.",
    ] {
        assert!(shell.contains(text), "{text} in {shell}");
    }
    assert!(page.contains(r#"<link rel="preload" as="image" href="/api/institution/summit-cu/logo" fetchpriority="high">"#));
    assert!(!page.contains("<!--coverline:"), "every marker filled");
    // The splash screen's code is preloaded (from Vite's manifest), and only once.
    let manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(workspace().join("web/dist/.vite/manifest.json")).unwrap()).unwrap();
    let splash_chunk = manifest["src/features/splash/splash-page.tsx"]["file"].as_str().unwrap();
    assert_eq!(page.matches(&format!(r#"<link rel="modulepreload" crossorigin href="/{splash_chunk}">"#)).count(), 1, "{page}");
    // After the app's own entry script: the screen's chunks must not hold it up.
    assert!(page.find(splash_chunk).unwrap() > page.find(r#"<script type="module""#).unwrap(), "{page}");
    // The splash draws without MUI: its theme's chunk is not fetched for it.
    let theme_chunk = manifest["src/components/mui-theme.tsx"]["file"].as_str().unwrap();
    assert!(!page.contains(theme_chunk), "no MUI theme preload on the splash: {page}");

    // The institution is in the page exactly as the API answers it.
    let embedded = between(&page, r#"<script type="application/json" id="coverline-institution">"#, "</script>").unwrap();
    let embedded: serde_json::Value = serde_json::from_str(embedded).unwrap();
    let (_, answered) = app.call(reqwest::Method::GET, "/institution/summit-cu", None, None).await;
    assert_eq!(embedded, answered);

    // The splash's one inline script runs (its hash is in the CSP), and no other inline script would
    // but the restore pages' own (below).
    let inline = inline_scripts(&page);
    assert_eq!(inline.len(), 1, "{inline:?}");
    let script_src = csp.split("; ").find(|d| d.starts_with("script-src")).unwrap().to_string();
    let allowed = |script: &str| {
        script_src.contains(&format!("'sha256-{}'", base64::engine::general_purpose::STANDARD.encode(Sha256::digest(script.as_bytes()))))
    };
    assert!(allowed(inline[0]), "{script_src}");
    assert_eq!(script_src.matches("'sha256-").count(), 2, "the light/dark script and the restore script: {script_src}");

    // A dark-mode institution starts dark; another page (a reload) gets the header and a placeholder.
    let (_, _, page) = get("/harborline-bank/user/coverage/level").await;
    assert!(page.contains(r#"<html lang="en-US" class="dark">"#));
    let shell = between(&page, r#"<div id="coverline-shell""#, r#"<div id="root">"#).unwrap();
    assert!(shell.contains(r#"alt="Harborline Bank""#) && shell.contains("cl-placeholder") && !shell.contains("cl-overline"), "{shell}");
    assert!(!page.contains(&format!(r#"href="/{splash_chunk}""#)), "no splash preload elsewhere");
    // A restored page (a reload, a continue link) lands on a screen that draws with MUI: its theme is preloaded.
    assert!(page.contains(&format!(r#"<link rel="modulepreload" crossorigin href="/{theme_chunk}">"#)), "{page}");
    let reload_preloads = page.matches("rel=\"modulepreload\"").count();
    // ...and its restore call starts before the app's code (a second inline script, allowed by its hash).
    let inline = inline_scripts(&page);
    assert_eq!(inline.len(), 2, "{inline:?}");
    assert!(inline[1].contains("/session/restore") && allowed(inline[1]), "{inline:?}");
    let (_, _, page) = get("/summit-cu/resume/some-token").await;
    assert!(page.contains(&format!(r#"<link rel="modulepreload" crossorigin href="/{theme_chunk}">"#)), "{page}");
    assert!(inline_scripts(&page).iter().any(|s| s.contains("/resume'")), "{page}");
    // An unknown link preloads no screen: what a reload preloads (the theme), nothing more.
    assert_eq!(page.matches("rel=\"modulepreload\"").count(), reload_preloads, "{page}");
    // The contract finder's link restores nothing.
    let (_, _, page) = get("/summit-cu/user/u-1/policy/p-1").await;
    assert_eq!(inline_scripts(&page).len(), 1, "{page}");

    // A partner's silent launch: no header, the coverage title, the coverage screen's code preloaded.
    let (_, _, page) = get("/summit-cu/user/integration/demo-partner/silent").await;
    let shell = between(&page, r#"<div id="coverline-shell""#, r#"<div id="root">"#).unwrap();
    assert!(!shell.contains("cl-logo") && shell.contains(coverline_domain::product::titles::COVERAGE), "{shell}");
    let coverage_chunk = manifest["src/features/coverage/coverage-level-page.tsx"]["file"].as_str().unwrap();
    assert!(page.contains(&format!(r#"<link rel="modulepreload" crossorigin href="/{coverage_chunk}">"#)), "{page}");
    // Coverage draws with MUI: its theme comes alongside.
    assert!(page.contains(&format!(r#"<link rel="modulepreload" crossorigin href="/{theme_chunk}">"#)), "{page}");

    // An inactive or unknown institution, or no institution: the page as built (the app says why).
    for path in ["/lakeshore-cu/splash", "/no-such-cu/splash", "/", "/index.html"] {
        let (status, _, page) = get(path).await;
        assert_eq!(status, 200, "{path}");
        assert!(!page.contains(r#"id="coverline-shell""#) && !page.contains(r#"id="coverline-institution""#), "{path}: {page}");
        assert!(page.contains(r#"id="coverline-texts""#), "{path}: the app's texts");
        assert!(page.contains(&format!("<title>{product}</title>")) && page.contains(r#"<div id="root">"#), "{path}");
    }
    // Gzipped for a browser that takes it: the same page.
    let res = app.http.get(format!("{}/summit-cu/splash", app.url)).header("accept-encoding", "gzip, deflate, br").send().await.unwrap();
    assert_eq!(res.headers()["content-encoding"], "gzip");
    assert_eq!(res.headers()["vary"], "accept-encoding, accept-language, cookie");
    let compressed = res.bytes().await.unwrap();
    let mut unzipped = String::new();
    std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(&compressed[..]), &mut unzipped).unwrap();
    assert!(unzipped.contains(r#"<h1 class="cl-h5">Summit Credit Union</h1>"#) && compressed.len() * 2 < unzipped.len());

    // A file of the build is still the file, and a missing hashed file is still a 404.
    let res = app.http.get(format!("{}/assets/no-such-file.js", app.url)).send().await.unwrap();
    assert_eq!(res.status().as_u16(), 404);
}

on_both_databases!(the_page_carries_the_institution_s_shell);

/// The page's language (issue 31): the device's choice (its cookie) when the institution offers it,
/// else the browser's Accept-Language among the institution's languages, else its default. The page
/// carries that language's catalogue only, with `<html lang>` to match.
async fn the_page_is_in_the_member_s_language(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let bilingual = crate::support::bilingual_institution(&app, "en").await;
    let page = |path: &str, accept: Option<&str>, cookie: Option<&str>| {
        let mut request = app.http.get(format!("{}{path}", app.url));
        if let Some(accept) = accept {
            request = request.header("accept-language", accept);
        }
        if let Some(cookie) = cookie {
            request = request.header("cookie", cookie);
        }
        async move {
            let res = request.send().await.unwrap();
            assert_eq!(res.headers()["vary"], "accept-encoding, accept-language, cookie");
            res.text().await.unwrap()
        }
    };
    let language_of = |page: &str| -> (String, serde_json::Value) {
        let lang = between(page, "<html lang=\"", "\"").unwrap().to_string();
        let texts = between(page, r#"<script type="application/json" id="coverline-texts">"#, "</script>").expect("the page's texts");
        (lang, serde_json::from_str(texts).unwrap())
    };
    let spanish: serde_json::Value = serde_json::from_str(coverline_domain::Language::Es.catalogue_json()).unwrap();
    let english: serde_json::Value = serde_json::from_str(coverline_domain::Language::En.catalogue_json()).unwrap();

    // A Spanish browser's first visit: the whole page in Spanish, the shell's product name too.
    let spanish_page = page(&format!("/{bilingual}/splash"), Some("es-MX,es;q=0.9,en;q=0.5"), None).await;
    assert_eq!(language_of(&spanish_page), ("es-US".to_string(), spanish.clone()));
    let product = coverline_domain::Language::Es.text("labels.defaultProductName");
    assert!(spanish_page.contains(&format!(r#"<p class="cl-overline">{product}</p>"#)), "{spanish_page}");
    assert!(spanish_page.contains("cl-bar cl-bar-header cl-bar-wide"), "the bar's ends hold the switch");
    // The device's choice wins over the browser, and a language the institution does not offer is not one.
    assert_eq!(language_of(&page(&format!("/{bilingual}/splash"), Some("es"), Some("a=1; coverline_language=en")).await).0, "en-US");
    assert_eq!(language_of(&page(&format!("/{bilingual}/user/coverage/level"), None, Some("coverline_language=es")).await).0, "es-US");
    assert_eq!(language_of(&page(&format!("/{bilingual}/splash"), Some("es"), Some("coverline_language=fr")).await).0, "es-US");
    // Neither: the institution's default.
    assert_eq!(language_of(&page(&format!("/{bilingual}/splash"), Some("fr-CA, de"), None).await), ("en-US".to_string(), english.clone()));
    // Summit offers English only: a Spanish browser, or a Spanish choice, still reads English.
    let summit = page("/summit-cu/splash", Some("es"), Some("coverline_language=es")).await;
    assert_eq!(language_of(&summit), ("en-US".to_string(), english.clone()));
    assert!(summit.contains(r#"<header class="cl-bar cl-bar-header"><span>"#), "the bar as for one language");
    // A page without an institution carries the English texts (the app says what is wrong, in English).
    assert_eq!(language_of(&page("/no-such-cu/splash", Some("es"), None).await), ("en-US".to_string(), english));
}

on_both_databases!(the_page_is_in_the_member_s_language);
