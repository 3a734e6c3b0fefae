//! The member's language kept with their checkout (issue 31, docs/languages.md): a member signs up in
//! the page's language, and the page's switch changes it, only to a language the institution offers;
//! every email to the member is in it.

use coverline_domain::product::messages;
use reqwest::Method;
use serde_json::json;

use crate::support::{Db, Options, TestApp, bilingual_institution, buy, on_both_databases, quoted_member, smtp, spawn_app};

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
    let bilingual = bilingual_institution(&app, "en").await;
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

/// The member's emails from an email's raw data: subject and decoded text, in the order sent.
fn read(mails: &[smtp::Received]) -> Vec<(String, String)> {
    mails.iter().map(|mail| (smtp::subject(mail), smtp::decoded(mail))).collect()
}

/// A member whose checkout is in Spanish reads every email in Spanish: the code, the receipt and
/// the contract (their dates, term and product name too), the cancellation's code and the
/// cancellation with its state's rules; the cancellation page's terms follow the page's language.
async fn a_spanish_member_reads_every_email_in_spanish(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let institution = bilingual_institution(&app, "es").await;
    let address = json!({ "street": "100 Main St", "city": "Denver", "state": "CO", "zip": "80202" });
    let (m, quote) = quoted_member(&app, &institution, "3035550142", address).await;
    let (_, user) = app.call(Method::GET, &TestApp::user_path(&m, ""), Some(&m.token), None).await;
    assert_eq!(user["user"]["language"], "es", "the institution's default: {user}");
    let rate = &quote["rates"][0];
    let booking = json!({ "rateId": rate["rateId"], "rateCollectionId": rate["rateCollectionId"], "carId": quote["carId"], "emailAddress": m.email, "quoteId": quote["quoteId"] });
    let (m, policy_id) = buy(&app, m, booking).await;

    let mails = read(&app.mail.wait_for(&m.email, 3).await);
    let (subject, code) = &mails[0];
    assert!(subject.starts_with("Su código de verificación de Summit Credit Union: "), "{subject}");
    assert!(code.contains("Ingréselo en la página de verificación para continuar.") && code.contains("Continúe su compra"), "{code}");
    // Its continue link opens in Spanish even in an English browser, and the device keeps Spanish.
    let link = code.lines().find(|line| line.contains("/resume/")).expect("a continue link").trim();
    let page = app.http.get(link).header("accept-language", "en-US").send().await.unwrap();
    let cookie = page.headers().get("set-cookie").map(|v| v.to_str().unwrap().to_owned()).unwrap_or_default();
    assert!(cookie.starts_with("coverline_language=es;"), "{cookie}");
    assert!(page.text().await.unwrap().contains("<html lang=\"es-US\""), "the continue link's page is in Spanish");
    let receipt = mails.iter().find(|(s, _)| s == "Su recibo de Summit Credit Union").map(|(_, text)| text).expect("the receipt");
    let spanish = coverline_domain::Language::Es;
    let today = spanish.long_date(time::OffsetDateTime::now_utc().date());
    let tracking = format!("{}: ", spanish.text("emails.receipt.trackingNumber"));
    for said in [
        "Hola, Jane:",
        &tracking,
        &format!("Fecha: {today}"),
        "Monto pagado: $",
        "lo que ocurra primero",
        "¿Preguntas? Llame a Summit Credit Union al ",
    ] {
        assert!(receipt.contains(said), "the receipt says {said:?}: {receipt}");
    }
    assert!(!receipt.contains("Tracking number") && !receipt.contains("whichever comes first"), "no English: {receipt}");
    // The product's name in Spanish ('Contrato de servicio para vehículos'): Summit has no name of its own.
    let product = spanish.text("labels.defaultProductName");
    let (subject, contract) = mails.iter().find(|(s, _)| s.starts_with(&format!("Su {product} ("))).expect("the contract email");
    let attached = format!("Adjunto encontrará su {product}");
    for said in [&attached, " meses / ", "deducible de $", "Plazo", spanish.text("labels.findYourContract")] {
        assert!(contract.contains(said), "the contract email says {said:?}: {contract}");
    }
    let number = subject.trim_start_matches(&format!("Su {product} (")).trim_end_matches(')');
    assert!(contract.contains(&format!("filename=\"contrato-{number}.pdf\"")), "the attachment's name: {contract}");

    // Cancelling from find-your-contract: the page's terms in the page's language, the emails in the member's.
    let path = format!("/institution/{institution}/user/{}/verifydetails/{policy_id}", m.user_id);
    let (s, found) = app.call(Method::POST, &path, None, Some(json!({ "lastname": "Doe", "zipcode": "80202" }))).await;
    assert_eq!(s, 200, "{found}");
    let token = found["token"].as_str().unwrap();
    let cancellation = format!("/institution/{institution}/user/{}/policy/{policy_id}/cancellation", m.user_id);
    let (s, terms) = app.call(Method::GET, &format!("{cancellation}?token={token}"), None, None).await;
    assert_eq!(s, 200, "{terms}");
    assert!(terms["rules"].as_str().unwrap().starts_with("Usted puede cancelar en cualquier momento."), "{terms}");
    assert!(terms["moneyBackEnds"].as_str().unwrap().contains(" de 20"), "{terms}");
    let english = app.http.get(app.api(&format!("{cancellation}?token={token}"))).header("accept-language", "en").send().await.unwrap();
    let english: serde_json::Value = english.json().await.unwrap();
    assert!(english["rules"].as_str().unwrap().starts_with("You may cancel at any time."), "an English browser: {english}");

    let (s, _) = app.call(Method::POST, &format!("{cancellation}/code"), None, Some(json!({ "token": token }))).await;
    assert_eq!(s, 202);
    let sent = app.mail.wait_for(&m.email, 4).await;
    let code_mail = sent.last().unwrap();
    assert!(smtp::subject(code_mail).starts_with("Su código para cancelar su contrato: "), "{}", smtp::subject(code_mail));
    let confirm = json!({ "token": token, "code": smtp::code_in(code_mail), "odometer": 45_800, "attested": true });
    let (s, answer) = app.call(Method::POST, &cancellation, None, Some(confirm)).await;
    assert_eq!((s, answer["outcome"].as_str()), (200, Some("cancelled")), "{answer}");
    let mails = read(&app.mail.wait_for(&m.email, 5).await);
    let (subject, cancelled) = mails.last().unwrap();
    assert!(subject.starts_with(&format!("Su {product} está cancelado (")), "{subject}");
    for said in [
        "está cancelado a petición suya",
        "dentro del período de revisión gratuita",
        "Las reglas de Colorado: Usted puede cancelar",
        "Fuente: ",
    ] {
        assert!(cancelled.contains(said), "the cancellation says {said:?}: {cancelled}");
    }
}

on_both_databases!(a_spanish_member_reads_every_email_in_spanish);

/// A member's error answers are in their page's language: a field error of the domain's checks, an
/// API message, and one with a value filled in; an English page, the staff console and an unknown
/// institution answer in English.
async fn a_spanish_page_reads_the_server_s_errors_in_spanish(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let bilingual = bilingual_institution(&app, "en").await;
    let spanish = coverline_domain::Language::Es;
    let sign_up = |accept_language: &'static str, body: serde_json::Value| {
        let request =
            app.http.post(app.api(&format!("/institution/{bilingual}/user"))).header("accept-language", accept_language).json(&body);
        async move {
            let res = request.send().await.unwrap();
            let status = res.status().as_u16();
            (status, res.json::<serde_json::Value>().await.unwrap())
        }
    };
    // The domain's field error, and the API's own message.
    let (s, body) = sign_up("es-US,es;q=0.9", json!({ "emailAddress": "not an address", "password": "Aa1!aaaaaaaaaaaa" })).await;
    assert_eq!((s, body["error"]["field"].as_str()), (400, Some("emailAddress")), "{body}");
    assert_eq!(body["error"]["message"], spanish.text("fieldErrors.invalidEmail"), "{body}");
    let (s, body) = sign_up("es", json!({ "emailAddress": "ana@example.com", "password": "short" })).await;
    assert_eq!((s, body["error"]["message"].as_str()), (400, Some(spanish.text("messages.passwordLength"))), "{body}");
    let (_, english) = sign_up("en-US", json!({ "emailAddress": "ana@example.com", "password": "short" })).await;
    assert_eq!(english["error"]["message"], messages::PASSWORD_LENGTH, "an English page: {english}");

    // A message with a value: an institution in Spanish only refuses English, naming itself.
    let only_spanish = crate::support::lab_institution_with(&app, "spanish", |toml| {
        toml.replace("[applicationSettings]\n", "[applicationSettings]\nlanguages = [\"es\"]\ndefaultLanguage = \"es\"\n")
    })
    .await;
    let member = app.new_member(&only_spanish).await;
    let (s, body) =
        app.call(Method::PUT, &TestApp::user_path(&member, "/language"), Some(&member.token), Some(json!({ "language": "en" }))).await;
    let refused = spanish.fill("messages.languageNotOffered", &[("institution", "Summit Credit Union")]);
    assert_eq!((s, body["error"]["message"].as_str()), (400, Some(refused.as_str())), "{body}");

    // Not a member's call: the staff console answers as it would an English browser.
    let staff = |accept_language: &'static str| {
        let request = app.http.get(app.api("/staff/me")).header("accept-language", accept_language);
        async move { request.send().await.unwrap().json::<serde_json::Value>().await.unwrap() }
    };
    let (in_spanish, in_english) = (staff("es").await, staff("en").await);
    assert!(in_spanish["error"]["message"].is_string(), "{in_spanish}");
    assert_eq!(in_spanish, in_english);
}

on_both_databases!(a_spanish_page_reads_the_server_s_errors_in_spanish);

/// The institution's own texts follow the page's language: the institution as the app reads it and
/// the splash page the server writes, each without another language's texts.
async fn an_institution_s_own_texts_follow_the_page_s_language(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let bilingual = bilingual_institution(&app, "en").await;
    let summit = coverline_domain::institution::Institution::from_toml(
        &std::fs::read_to_string(crate::support::workspace().join("data/institutions/summit-cu.toml")).unwrap(),
    )
    .unwrap();
    let english = summit.application_settings.splash_page_text.clone().unwrap();
    let spanish = summit.in_language(coverline_domain::Language::Es).application_settings.splash_page_text.unwrap();
    assert_ne!(english, spanish);
    for (accept_language, splash) in [("es-US,es;q=0.9", &spanish), ("en-US", &english)] {
        let read =
            app.http.get(app.api(&format!("/institution/{bilingual}"))).header("accept-language", accept_language).send().await.unwrap();
        let read: serde_json::Value = read.json().await.unwrap();
        assert_eq!(read["applicationSettings"]["splashPageText"].as_str(), Some(splash.as_str()), "{accept_language}: {read}");
        assert!(read["applicationSettings"].get("texts").is_none(), "no other language's texts: {read}");
        let page = app.http.get(format!("{}/{bilingual}/splash", app.url)).header("accept-language", accept_language).send().await.unwrap();
        let page = page.text().await.unwrap();
        assert!(page.contains(&format!("<p class=\"cl-body\">{splash}</p>")), "{accept_language}: the splash page writes {splash:?}");
    }
}

on_both_databases!(an_institution_s_own_texts_follow_the_page_s_language);

/// The coverage cards' plan texts follow the page's language: the overview the server writes, and
/// the covered areas and benefits of `data/plans/` in their translation (`data/plans/es.json`), with
/// the same ids (the spec's area names) in every language.
async fn the_coverage_cards_plan_texts_follow_the_page_s_language(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let bilingual = bilingual_institution(&app, "en").await;
    let address = json!({ "street": "100 Main St", "city": "Denver", "state": "CO", "zip": "80202" });
    let (m, quote) = quoted_member(&app, &bilingual, "3035550142", address).await;
    let path = TestApp::user_path(&m, &format!("/quote/{}", quote["quoteId"].as_str().unwrap()));
    let read = |accept_language: &'static str| {
        let request = app.http.get(app.api(&path)).bearer_auth(&m.token).header("accept-language", accept_language);
        async move {
            let res = request.send().await.unwrap();
            assert_eq!(res.status().as_u16(), 200);
            res.json::<serde_json::Value>().await.unwrap()
        }
    };
    let (english, spanish) = (read("en-US").await, read("es-US,es;q=0.9").await);
    let texts = coverline_activities::documents::PlanTexts::load(&crate::support::workspace().join("data")).unwrap();
    let es = coverline_domain::Language::Es;
    let rates = english["rates"].as_array().unwrap();
    assert_eq!(rates.len(), 3, "{english}");
    for (en_rate, es_rate) in rates.iter().zip(spanish["rates"].as_array().unwrap()) {
        let (en, sp) = (&en_rate["description"], &es_rate["description"]);
        let plan = en_rate["coverageName"].as_str().unwrap();
        let intro = en["intro"].as_str().unwrap();
        assert!(
            intro.starts_with(&format!("{plan} pays for covered repairs for ")) && intro.contains(" deductible per repair visit."),
            "{intro}"
        );
        let intro = sp["intro"].as_str().unwrap();
        assert!(intro.starts_with(&format!("{plan} paga las reparaciones cubiertas durante ")), "{intro}");
        assert!(intro.contains(" meses o ") && intro.contains(" por visita al taller."), "{intro}");
        for part in ["components", "benefits"] {
            let (en_list, es_list) = (en[part].as_array().unwrap(), sp[part].as_array().unwrap());
            assert!(!en_list.is_empty() && en_list.len() == es_list.len(), "{plan} {part}: {en} / {sp}");
            for (e, s) in en_list.iter().zip(es_list) {
                assert_eq!(e["cssId"], s["cssId"], "{plan}: the same ids");
                for field in ["title", "text"] {
                    let (e, s) = (e[field].as_str().unwrap(), s[field].as_str().unwrap());
                    assert_eq!(s, texts.translated(e, es), "{plan} {part} {field}");
                    assert_ne!(s, e, "{plan} {part}: {e:?} is translated");
                }
            }
        }
    }
    let engine = spanish["rates"][0]["description"]["components"].as_array().unwrap().iter().find(|c| c["cssId"] == "engine");
    assert_eq!(engine.map(|c| c["title"].clone()), Some(json!("Motor")), "{spanish}");
}

on_both_databases!(the_coverage_cards_plan_texts_follow_the_page_s_language);
