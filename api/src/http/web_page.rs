//! The app's page (index.html), filled per institution before it leaves the server, so a member's
//! phone paints the institution's page before the app's JavaScript has arrived or run:
//!
//! - a static shell beside the app's root: the institution's header (logo, or name) and, on the
//!   splash, its product name, name and splash text where the app puts them, with placeholders for
//!   the form; the app removes it when its first screen shows (web/src/lib/static-shell.ts);
//! - the brand colours as CSS variables, and the light or dark scheme the institution starts in (an
//!   inline script, allowed by its hash in the CSP, applies a member's stored choice before paint);
//! - the institution itself (what `GET /api/institution/{iid}` answers), so the app needs no call for it;
//! - `modulepreload` links for the first screen's chunks (from Vite's manifest): the splash's, a
//!   partner's launch's coverage or lookup, or a continue link's step (the link's checkout, looked up
//!   without using the link);
//! - on a page that restores a checkout (a reload under `/user/`, a continue link), an inline script
//!   that starts the restore call at once, while the scripts download (web/src/lib/early-restore.ts).
//!
//! An unknown or inactive institution, or a path outside one, gets the page as built (the app says
//! why). The page is never cached (`no-cache`): a new release and a new branding show at once.

use std::path::Path;
use std::sync::{Arc, LazyLock};

use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, Uri, header};
use axum::response::{Html, IntoResponse, Response};
use base64::Engine;
use coverline_activities::checkout::secret_hash;
use coverline_domain::Language;
use coverline_domain::checkout::Step;
use coverline_domain::institution::Institution;
use coverline_domain::steps;
use sha2::{Digest, Sha256};

use crate::http::app::AppState;

/// Where the server writes into the page (web/index.html carries both markers).
const HEAD_MARKER: &str = "<!--coverline:head-->";
const SHELL_MARKER: &str = "<!--coverline:shell-->";

/// The modules (Vite's manifest keys) whose chunks a page preloads, beside the app's own: the first
/// screen it will show, and MUI's theme when that screen draws with MUI (every screen but the
/// splash). Other pages (a reload, a continue link) show what the restore answers.
fn first_screen_modules(kind: PageKind) -> Vec<&'static str> {
    let screen = |step| steps::of(step).screen.module;
    match kind {
        PageKind::Splash => vec![screen(Step::Splash)],
        PageKind::Integration { silent: true } => {
            vec![INTEGRATION_PAGE, screen(Step::Coverage), FLOW_STEPPER, MUI_THEME]
        }
        PageKind::Integration { silent: false } => vec![INTEGRATION_PAGE, screen(Step::Lookup), MUI_THEME],
        // A checkout found again (a reload, a continue link): the purchase's pages show the stepper;
        // the screen and MUI's theme are added by `render` (`restore_modules`).
        PageKind::Restore => vec![FLOW_STEPPER],
        PageKind::Other => vec![],
    }
}

/// A partner's launch page (web/src/app/screens.tsx's `IntegrationPage`).
const INTEGRATION_PAGE: &str = "src/features/integration/integration-page.tsx";
/// The stepper above the purchase's pages.
const FLOW_STEPPER: &str = "src/components/flow-stepper.tsx";

/// MUI's theme, which every screen but the splash and the review draws with (web/src/app/screens.tsx).
const MUI_THEME: &str = "src/components/mui-theme.tsx";

/// What a restored page preloads beyond the stepper: a continue link's screen (the step its checkout
/// is at, its module in domain/steps.json) with MUI's theme when that screen draws with it; a
/// reload's screen is the app's to fetch (its URL names it), and nearly every screen draws with MUI,
/// so the theme.
fn restore_modules(resumes_at: Option<Step>) -> Vec<&'static str> {
    let Some(step) = resumes_at else { return vec![MUI_THEME] };
    let screen = &steps::of(step).screen;
    if screen.mui { vec![screen.module, MUI_THEME] } else { vec![screen.module] }
}

/// On a page that restores a checkout: starts its restore call before the app's code has arrived
/// (`window.__coverlineRestore`, taken once by web/src/lib/early-restore.ts): a continue link's
/// `POST …/resume` with the link's token, else a reload's `POST …/session/restore` (the restore
/// cookie). It reads the path as web/src/flow/restore-source.ts does (the cases of
/// web/src/flow/restore-cases.json run through both, and through [`PageKind::of`]); a link without a
/// token sends nothing. The script is web/src/lib/restore-script.js, kept minified: every restoring
/// page carries it.
pub const RESTORE_SCRIPT: &str = include_str!("../../../web/src/lib/restore-script.js");

/// Before the first paint: a branding preview's mode (`?preview=light|dark`, the staff console's
/// frames), else the member's stored light/dark choice for this institution (the key the app's
/// theme stores it under), else the scheme the server wrote into `<html class>`.
pub const MODE_SCRIPT: &str = "(function(){var d=document.documentElement,m=null,p=new URLSearchParams(location.search).get('preview');if(p==='light'||p==='dark'){d.className=p;return}try{m=localStorage.getItem('coverline-mode-'+location.pathname.split('/')[1])}catch(e){}if(m==='system')m=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';if(m==='light'||m==='dark')d.className=m})()";

/// `'sha256-…'` of the page's inline scripts ([`MODE_SCRIPT`], [`RESTORE_SCRIPT`]), for the CSP's `script-src`.
pub static INLINE_SCRIPT_HASHES: LazyLock<String> = LazyLock::new(|| {
    [MODE_SCRIPT, RESTORE_SCRIPT]
        .map(|script| format!("'sha256-{}'", base64::engine::general_purpose::STANDARD.encode(Sha256::digest(script.as_bytes()))))
        .join(" ")
});

/// The built page and Vite's manifest, read once when the server starts.
#[derive(Debug)]
pub struct PageTemplate {
    html: String,
    manifest: Option<serde_json::Value>,
}

impl PageTemplate {
    /// Reads `index.html` and Vite's manifest from the web build; `None` without a build.
    pub fn load(web_dir: &Path) -> Option<Self> {
        let html = std::fs::read_to_string(web_dir.join("index.html")).ok()?;
        let manifest = std::fs::read_to_string(web_dir.join(".vite/manifest.json")).ok().and_then(|m| serde_json::from_str(&m).ok());
        Some(Self { html, manifest })
    }

    /// The page for `path` in `language` (its `lang`, its catalogue) with `institution` (active,
    /// known) filled in, or as built; `resumes_at` is the step a continue link's checkout is at (its
    /// screen's code is preloaded).
    pub fn render(&self, path: &str, language: Language, institution: Option<(&Institution, &str)>, resumes_at: Option<Step>) -> String {
        let texts = format!("<script type=\"application/json\" id=\"coverline-texts\">{}</script>", script_safe(language.catalogue_json()));
        let lang = format!("<html lang=\"{}\"", language.tag());
        let Some((inst, institution_json)) = institution else {
            return self.html.replacen("<html lang=\"en\"", &lang, 1).replacen(HEAD_MARKER, &texts, 1).replacen(SHELL_MARKER, "", 1);
        };
        let kind = PageKind::of(path);
        let colors = &inst.branding.colors;
        let logo = format!("/api/institution/{}/logo", inst.institution_id);
        let description = inst.application_settings.splash_page_text.as_deref().filter(|t| !t.is_empty()).unwrap_or(&inst.name);
        let mut head = format!(
            "<title>{}</title>\n    <meta name=\"description\" content=\"{}\">\n    <style>:root{{--cl-primary:#{};--cl-secondary:#{};--cl-cta:#{}}}</style>\n    \
             <script>{MODE_SCRIPT}</script>\n    \
             <script type=\"application/json\" id=\"coverline-institution\">{}</script>\n    {texts}",
            escape(&format!("{} · {}", inst.product_name(), inst.name)),
            escape(description),
            colors.primary,
            colors.secondary,
            colors.cta,
            script_safe(institution_json),
        );
        let header = inst.branding.should_have_header && !matches!(kind, PageKind::Integration { .. });
        if kind == PageKind::Restore {
            head.push_str(&format!("\n    <script>{RESTORE_SCRIPT}</script>"));
        }
        if header {
            head.push_str(&format!("\n    <link rel=\"preload\" as=\"image\" href=\"{logo}\" fetchpriority=\"high\">"));
        }
        // After the app's own script and preloads (end of head): the first screen's chunks must not
        // delay the entry's.
        let mut modules = first_screen_modules(kind);
        if kind == PageKind::Restore {
            modules.extend(restore_modules(resumes_at));
        }
        let screen_preloads = self.manifest.as_ref().map(|m| preloads(m, &self.html, &modules)).unwrap_or_default();
        let shell = shell(inst, language, kind, header, &logo);
        let scheme = if inst.branding.should_start_in_dark_mode { "dark" } else { "light" };
        // The built page's title (the product's) gives way to the institution's, in the head.
        let html = match (self.html.find("<title>"), self.html.find("</title>")) {
            (Some(start), Some(end)) if start < end => format!("{}{}", &self.html[..start], &self.html[end + "</title>".len()..]),
            _ => self.html.clone(),
        };
        let html = html.replacen("<html lang=\"en\">", &format!("{lang} class=\"{scheme}\">"), 1);
        html.replacen(HEAD_MARKER, &head, 1).replacen("</head>", &format!("{screen_preloads}\n  </head>"), 1).replacen(
            SHELL_MARKER,
            &shell,
            1,
        )
    }
}

/// Which shell a path gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum PageKind {
    /// `/{iid}` and `/{iid}/splash`: the splash's own content.
    Splash,
    /// A partner's launch (integration mode): no header, a placeholder while the launch is exchanged;
    /// then coverage (`silent`: the partner gave the car) or the lookup choice.
    Integration { silent: bool },
    /// A page the app restores a checkout on: a reloaded `/{iid}/user/...` page (not a partner's
    /// launch, not the contract finder's `/user/{uid}/policy/{pid}`) or a continue link
    /// (`/{iid}/resume/{token}`); the header and a placeholder while the app restores it.
    Restore,
    /// Any other page (a footer page, an unknown path): the header and a placeholder.
    Other,
}

impl PageKind {
    fn of(path: &str) -> Self {
        let rest: Vec<&str> = path.trim_matches('/').split('/').skip(1).filter(|s| !s.is_empty()).collect();
        match rest.as_slice() {
            [] | ["splash"] => Self::Splash,
            _ if path.contains("integration") => Self::Integration { silent: path.contains("/silent") },
            ["user", _, "policy", _] => Self::Other,
            ["user", ..] | ["resume", _] => Self::Restore,
            _ => Self::Other,
        }
    }
}

/// The static shell: the same geometry and texts as the app's first screen (web/index.html's styles).
fn shell(inst: &Institution, language: Language, kind: PageKind, header: bool, logo: &str) -> String {
    let name = escape(&inst.name);
    // Two languages: the app's bar holds the language switch, its ends are wider (web/index.html).
    let wide = if inst.application_settings.languages.len() > 1 { " cl-bar-wide" } else { "" };
    let bar = if header {
        format!(
            "<header class=\"cl-bar cl-bar-header{wide}\"><span></span><img class=\"cl-logo\" src=\"{logo}\" alt=\"{name}\"><span></span></header>"
        )
    } else {
        format!("<div class=\"cl-bar cl-bar-dense{wide}\"></div>")
    };
    let content = match kind {
        PageKind::Splash => {
            let text = inst
                .application_settings
                .splash_page_text
                .as_deref()
                .filter(|t| !t.is_empty())
                .map(|t| format!("<p class=\"cl-body\">{}</p>", escape(t)))
                .unwrap_or_default();
            format!(
                "<div class=\"cl-content cl-stack\"><div><p class=\"cl-overline\">{}</p><h1 class=\"cl-h5\">{name}</h1></div>{text}\
                 <div class=\"cl-form\" aria-hidden=\"true\"><div class=\"cl-field\"></div><div class=\"cl-captcha\"></div><div class=\"cl-cta\"></div></div></div>",
                escape(&inst.product_name_in(language)),
            )
        }
        // A partner's silent launch lands on coverage: its progress, stepper and title.
        PageKind::Integration { silent: true } => format!(
            "<div class=\"cl-stepper\" aria-hidden=\"true\"></div><h1 class=\"cl-h5 cl-title\">{}</h1><div class=\"cl-placeholder\" aria-hidden=\"true\"><div></div><div></div><div></div></div>",
            escape(language.text("titles.coverage"))
        ),
        PageKind::Integration { silent: false } | PageKind::Restore | PageKind::Other => {
            "<div class=\"cl-placeholder\" aria-hidden=\"true\"><div></div><div></div><div></div></div>".to_string()
        }
    };
    // The bar's progress (the app's 60 % on coverage).
    let progress = if kind == (PageKind::Integration { silent: true }) { "<div class=\"cl-progress\"><div></div></div>" } else { "" };
    format!("<div id=\"coverline-shell\" aria-busy=\"true\">{bar}{progress}<main class=\"cl-main\">{content}</main></div>")
}

/// Text for HTML content and attribute values.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// JSON inside a `<script>` element: no `<` (so no `</script>` or `<!--`) and no line separators
/// some parsers choke on; `JSON.parse` reads the escapes back.
fn script_safe(json: &str) -> String {
    json.replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
        .replace('\u{2028}', "\\u2028")
        .replace('\u{2029}', "\\u2029")
}

/// `<link rel="modulepreload">` for the modules' chunks and their static imports, except the files
/// the page already loads.
fn preloads(manifest: &serde_json::Value, html: &str, modules: &[&str]) -> String {
    let mut files: Vec<String> = Vec::new();
    let mut pending: Vec<String> = modules.iter().rev().map(|m| m.to_string()).collect();
    while let Some(key) = pending.pop() {
        let Some(chunk) = manifest.get(&key) else { continue };
        let Some(file) = chunk.get("file").and_then(|f| f.as_str()) else { continue };
        if files.iter().any(|f| f == file) || html.contains(&format!("/{file}\"")) {
            continue;
        }
        files.push(file.to_string());
        for import in chunk.get("imports").and_then(|i| i.as_array()).into_iter().flatten() {
            if let Some(import) = import.as_str() {
                pending.push(import.to_string());
            }
        }
    }
    files.iter().map(|f| format!("\n    <link rel=\"modulepreload\" crossorigin href=\"/{f}\">")).collect()
}

/// The page for any path that is not a file of the build: filled for an active institution, and
/// gzipped when the browser takes it (every browser does; the build's own files come precompressed).
pub async fn page(State(state): State<AppState>, template: Arc<Option<PageTemplate>>, uri: Uri, headers: HeaderMap) -> Response {
    let Some(template) = template.as_ref() else {
        return (axum::http::StatusCode::NOT_FOUND, "The web app is not built (web/dist).").into_response();
    };
    let path = uri.path();
    let institution_id = path.trim_start_matches('/').split('/').next().unwrap_or_default();
    let institution = match state.institution(institution_id).await {
        Ok(inst) if inst.is_active => Some(inst),
        _ => None,
    };
    let link = match (&institution, path.trim_matches('/').split('/').collect::<Vec<_>>().as_slice()) {
        (Some(inst), [_, "resume", token]) => link_checkout(&state, &inst.institution_id, token).await,
        _ => None,
    };
    // A continue link opens in its member's language (their checkout's), which the device then
    // keeps; any other page in the device's or the browser's.
    let linked_language = link.and_then(|(_, language)| {
        institution.as_ref().filter(|inst| inst.application_settings.languages.contains(&language)).map(|_| language)
    });
    let language = linked_language.or_else(|| institution.as_ref().map(|inst| request_language(inst, &headers))).unwrap_or(Language::En);
    let resumes_at = link.map(|(step, _)| step);
    // The institution's own texts in the page's language.
    let institution = institution.map(|inst| inst.in_language(language));
    let json =
        institution.clone().and_then(|inst| serde_json::to_string(&crate::http::routes::institution::institution_view(&state, inst)).ok());
    let body = template.render(path, language, institution.as_ref().zip(json.as_deref()), resumes_at);
    let mut response = match accepts_gzip(&headers).then(|| gzip(body.as_bytes())).flatten() {
        Some(compressed) => {
            ([(header::CONTENT_ENCODING, "gzip"), (header::CONTENT_TYPE, "text/html; charset=utf-8")], compressed).into_response()
        }
        None => Html(body).into_response(),
    };
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    if let Some(language) = linked_language
        && let Ok(cookie) = HeaderValue::from_str(&format!("{LANGUAGE_COOKIE}={}; Path=/; Max-Age=31536000; SameSite=Lax", language.code()))
    {
        response.headers_mut().insert(header::SET_COOKIE, cookie);
    }
    response
}

/// The step a continue link's checkout is at and its member's language, when the link can still be
/// used at this institution; the link is only looked at (`POST …/resume` uses it). Any failure only
/// costs the preload and the language.
async fn link_checkout(state: &AppState, institution_id: &str, token: &str) -> Option<(Step, Language)> {
    let token = percent_decoded(token)?;
    let token = token.trim();
    if token.is_empty() || token.len() > crate::http::routes::checkout::RESUME_TOKEN_MAX_LEN {
        return None;
    }
    let link = state.store.resume_link(&secret_hash(token)).await.ok()??;
    if link.refusal_at(state.clock.now()).is_some() {
        return None;
    }
    let user = state.store.user(&link.user_id).await.ok()??;
    if user.institution_id != institution_id {
        return None;
    }
    let checkout = state.store.checkout(&link.user_id).await.ok()??;
    Some((serde_json::from_value(serde_json::Value::String(checkout.step)).ok()?, user.language))
}

/// A path segment's `%XX` escapes decoded (as the browser's `decodeURIComponent`); None when not UTF-8.
fn percent_decoded(segment: &str) -> Option<String> {
    percent_encoding::percent_decode_str(segment).decode_utf8().ok().map(|text| text.into_owned())
}

/// The cookie a member's language switch sets on the device (web/src/lib/language.ts).
pub const LANGUAGE_COOKIE: &str = "coverline_language";

/// The language of a member's request at `institution`: the page's (the device's choice, else the
/// browser's Accept-Language, else the institution's default). A signing-up or launched member reads
/// on in it (their checkout keeps it).
pub fn request_language(institution: &Institution, headers: &HeaderMap) -> Language {
    let accept_language = headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok());
    institution.application_settings.page_language(crate::http::auth::cookie(headers, LANGUAGE_COOKIE).as_deref(), accept_language)
}

/// Whether `Accept-Encoding` takes gzip (named, and not with `q=0`).
fn accepts_gzip(headers: &HeaderMap) -> bool {
    headers.get_all(header::ACCEPT_ENCODING).iter().filter_map(|v| v.to_str().ok()).flat_map(|v| v.split(',')).any(|coding| {
        let mut parts = coding.split(';').map(str::trim);
        let name = parts.next().unwrap_or_default();
        let q = parts.find_map(|p| p.strip_prefix("q=")).and_then(|q| q.parse::<f32>().ok()).unwrap_or(1.0);
        name.eq_ignore_ascii_case("gzip") && q > 0.0
    })
}

/// `bytes` gzipped (a few kB of HTML: well under a millisecond).
fn gzip(bytes: &[u8]) -> Option<Vec<u8>> {
    use std::io::Write;
    let mut encoder = flate2::write::GzEncoder::new(Vec::with_capacity(bytes.len() / 3), flate2::Compression::default());
    encoder.write_all(bytes).ok()?;
    encoder.finish().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_kinds() {
        assert_eq!(PageKind::of("/summit-cu"), PageKind::Splash);
        assert_eq!(PageKind::of("/summit-cu/"), PageKind::Splash);
        assert_eq!(PageKind::of("/summit-cu/splash"), PageKind::Splash);
        assert_eq!(PageKind::of("/summit-cu/user/integration/partner/silent"), PageKind::Integration { silent: true });
        assert_eq!(PageKind::of("/summit-cu/user/integration/partner/selection"), PageKind::Integration { silent: false });
        assert_eq!(PageKind::of("/summit-cu/user/coverage/level"), PageKind::Restore);
        assert_eq!(PageKind::of("/summit-cu/resume/tok_123"), PageKind::Restore);
        assert_eq!(PageKind::of("/summit-cu/security"), PageKind::Other);
        assert_eq!(PageKind::of("/summit-cu/resume/tok_123/extra"), PageKind::Other);
        assert_eq!(PageKind::of("/summit-cu/user/u-1/policy/p-1"), PageKind::Other, "the contract finder restores nothing");
    }

    #[test]
    fn json_cannot_end_its_script() {
        let json = serde_json::json!({ "name": "</script><script>alert(1)</script>", "t": "a\u{2028}b & c" }).to_string();
        let safe = script_safe(&json);
        assert!(!safe.contains('<') && !safe.contains('>') && !safe.contains('\u{2028}'), "{safe}");
        assert_eq!(serde_json::from_str::<serde_json::Value>(&safe).unwrap(), serde_json::from_str::<serde_json::Value>(&json).unwrap());
    }

    #[test]
    fn gzip_when_the_browser_takes_it() {
        let with = |value: &str| {
            let mut headers = HeaderMap::new();
            headers.insert(header::ACCEPT_ENCODING, HeaderValue::from_str(value).unwrap());
            accepts_gzip(&headers)
        };
        assert!(with("gzip, deflate, br, zstd") && with("br;q=1.0, GZIP;q=0.5"));
        assert!(!with("br") && !with("gzip;q=0") && !with("gzip;q=0.0, br") && !accepts_gzip(&HeaderMap::new()));
    }

    #[test]
    fn a_link_s_token_is_read_as_the_browser_reads_it() {
        assert_eq!(percent_decoded("tok_123").as_deref(), Some("tok_123"));
        assert_eq!(percent_decoded("a%20b%2Fc").as_deref(), Some("a b/c"));
        assert_eq!(percent_decoded("100%").as_deref(), Some("100%"));
        assert_eq!(percent_decoded("%zz%+1").as_deref(), Some("%zz%+1"));
        assert_eq!(percent_decoded("%C3%A9").as_deref(), Some("é"));
        assert_eq!(percent_decoded("%C3"), None);
    }

    #[test]
    fn restore_pages_start_their_restore_early_and_no_other_page_does() {
        let template = PageTemplate {
            html: "<html lang=\"en\"><head><!--coverline:head--></head><body><!--coverline:shell--></body></html>".into(),
            manifest: None,
        };
        let inst = Institution::from_toml(include_str!("../../../data/institutions/summit-cu.toml")).unwrap();
        // The paths of web/src/flow/restore-cases.json: the page carries the script exactly when the app would restore.
        let cases: serde_json::Value = serde_json::from_str(include_str!("../../../web/src/flow/restore-cases.json")).unwrap();
        let cases = cases["cases"].as_array().unwrap();
        assert!(cases.len() >= 10);
        for case in cases {
            let (path, restores) = (case["path"].as_str().unwrap(), !case["restores"].is_null());
            let page = template.render(path, Language::En, Some((&inst, "{}")), None);
            assert_eq!(page.contains(RESTORE_SCRIPT), restores, "{path}");
        }
    }

    #[test]
    fn a_restored_page_preloads_mui_only_for_a_screen_that_draws_with_it() {
        assert_eq!(restore_modules(Some(Step::Confirm)), ["src/features/coverage/coverage-confirm-page.tsx"], "the review is plain HTML");
        assert_eq!(restore_modules(Some(Step::Coverage)), ["src/features/coverage/coverage-level-page.tsx", MUI_THEME]);
        assert_eq!(restore_modules(Some(Step::ThankYou)), ["src/features/contact/contact-pages.tsx", MUI_THEME]);
        assert_eq!(restore_modules(None), [MUI_THEME], "a reload's screen is the app's to fetch");
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(escape(r#"O'Brien & <Sons> "CU""#), "O&#39;Brien &amp; &lt;Sons&gt; &quot;CU&quot;");
    }

    #[test]
    fn preloads_follow_static_imports_but_skip_the_page_s_own() {
        let manifest: serde_json::Value = serde_json::from_str(
            r#"{
          "index.html": {"file": "assets/index-1.js", "isEntry": true, "imports": ["_react.js"]},
          "_react.js": {"file": "assets/react-2.js"},
          "src/features/splash/splash-page.tsx": {"file": "assets/splash-3.js", "imports": ["_react.js", "_field.js"]},
          "_field.js": {"file": "assets/field-4.js", "imports": ["_react.js"]}
        }"#,
        )
        .unwrap();
        let html = r#"<script type="module" src="/assets/index-1.js"></script><link rel="modulepreload" href="/assets/react-2.js">"#;
        let links = preloads(&manifest, html, &first_screen_modules(PageKind::Splash));
        assert!(links.contains("/assets/splash-3.js") && links.contains("/assets/field-4.js"), "{links}");
        assert!(!links.contains("react-2") && !links.contains("index-1"), "{links}");
    }
}
