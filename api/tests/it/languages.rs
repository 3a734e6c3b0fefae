//! The member's language kept with their checkout (issue 31, docs/languages.md): a member signs up in
//! the page's language, and the page's switch changes it, only to a language the institution offers.

use reqwest::Method;
use serde_json::json;

use crate::support::{Db, Options, TestApp, bilingual_institution, on_both_databases, spawn_app};

/// POST user as the splash sends it, with the browser's headers.
async fn sign_up(app: &TestApp, institution: &str, accept_language: &str, cookie: Option<&str>) -> serde_json::Value {
    let captcha = app.captcha_token(institution).await;
    let mut request = app
        .http
        .post(app.api(&format!("/institution/{institution}/user")))
        .header("accept-language", accept_language)
        .json(&json!({ "emailAddress": format!("{}@example.com", crate::support::random_suffix()), "password": "Aa1!aaaaaaaaaaaaaaaaaaaaaaaaaaaa", "captchaToken": captcha }));
    if let Some(cookie) = cookie {
        request = request.header("cookie", cookie);
    }
    let res = request.send().await.unwrap();
    assert_eq!(res.status().as_u16(), 201);
    res.json().await.unwrap()
}

async fn a_member_keeps_the_language_of_their_page(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let bilingual = bilingual_institution(&app).await;
    // Signed up from a Spanish browser: Spanish; the device's choice wins over the browser.
    let member = sign_up(&app, &bilingual, "es-US,es;q=0.9", None).await;
    assert_eq!(member["user"]["language"], "es", "{member}");
    assert_eq!(sign_up(&app, &bilingual, "es-US", Some("coverline_language=en")).await["user"]["language"], "en");
    // Summit offers English only: a Spanish browser's member reads English.
    assert_eq!(sign_up(&app, "summit-cu", "es", Some("coverline_language=es")).await["user"]["language"], "en");

    // The switch: to English and back, each kept (the user as the session reads it).
    let (uid, token) = (member["user"]["userId"].as_str().unwrap(), member["token"].as_str().unwrap());
    let path = format!("/institution/{bilingual}/user/{uid}");
    let (s, body) = app.call(Method::PUT, &format!("{path}/language"), Some(token), Some(json!({ "language": "en" }))).await;
    assert_eq!((s, body["user"]["language"].as_str()), (200, Some("en")), "{body}");
    let (_, body) = app.call(Method::GET, &path, Some(token), None).await;
    assert_eq!(body["user"]["language"], "en");
    // A language Coverline has not, or none: refused, and nothing changes.
    for refused in [json!({ "language": "fr" }), json!({}), json!({ "language": 7 })] {
        let (s, body) = app.call(Method::PUT, &format!("{path}/language"), Some(token), Some(refused.clone())).await;
        assert!((400..500).contains(&s) && s != 404, "{refused}: {s} {body}");
    }
    let (_, body) = app.call(Method::GET, &path, Some(token), None).await;
    assert_eq!(body["user"]["language"], "en");

    // A language the institution does not offer is refused on the field.
    let summit = app.new_member("summit-cu").await;
    let (s, body) =
        app.call(Method::PUT, &TestApp::user_path(&summit, "/language"), Some(&summit.token), Some(json!({ "language": "es" }))).await;
    assert_eq!((s, body["error"]["field"].as_str()), (400, Some("language")), "{body}");
    // Another member's id answers as an unknown one.
    let (s, _) = app.call(Method::PUT, &format!("{path}/language"), Some(&summit.token), Some(json!({ "language": "es" }))).await;
    assert_eq!(s, 404);
}

on_both_databases!(a_member_keeps_the_language_of_their_page);
