//! Emails in the member's institution's name (issue 33): each message's From display name and
//! address, its Reply-To and its Message-ID follow the member's institution, each says it is
//! automatic, and each carries a DKIM signature that dkimpy (a maintained verifier, in the project
//! venv) verifies against the sending domain's key, and refuses once the message is changed.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use base64::Engine;
use reqwest::Method;
use serde_json::json;

use crate::checkout_durable::{advance, chosen};
use crate::support::process::coverline_output;
use crate::support::smtp::{Received, code_in, header};
use crate::support::{Db, Options, TestApp, buy, on_both_databases, quoted_member, random_suffix, spawn_app, workspace};

/// A 2048-bit key made by openssl for `domain` in `dir` (PKCS#8, as OpenSSL 3 writes it), and its
/// DNS name and TXT record as openssl derives them (not as Coverline does).
fn openssl_key(dir: &Path, selector: &str, domain: &str) -> (String, String) {
    let path = dir.join(format!("{selector}._domainkey.{domain}.pem"));
    let made = Command::new("openssl").args(["genrsa", "-out"]).arg(&path).arg("2048").output().expect("openssl");
    assert!(made.status.success(), "{}", String::from_utf8_lossy(&made.stderr));
    let der = Command::new("openssl").args(["rsa", "-pubout", "-outform", "DER", "-in"]).arg(&path).output().unwrap();
    assert!(der.status.success());
    (
        format!("{selector}._domainkey.{domain}"),
        format!("v=DKIM1; k=rsa; p={}", base64::engine::general_purpose::STANDARD.encode(der.stdout)),
    )
}

/// dkimpy's verdict on `message` with `record` published at `name`: (verified, what it printed).
fn dkim_verify(message: &str, name: &str, record: &str) -> (bool, String) {
    let mut child = Command::new(workspace().join(".venv/bin/python"))
        .arg(workspace().join("scripts/dkim-verify.py"))
        .args([name, record])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the project venv's python (make test installs dkimpy)");
    // The receiver keeps lines without their CR; on the wire they end in CRLF.
    child.stdin.take().unwrap().write_all(message.replace('\n', "\r\n").as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    let said = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    (out.status.success(), said)
}

/// Who an institution's emails come from, and the key of that domain.
struct Expected<'a> {
    institution: &'a str,
    /// `"Display Name" <address>` as lettre writes it.
    from: String,
    reply_to: String,
    domain: &'a str,
    contact_email: &'a str,
    dkim: &'a (String, String),
}

/// Checks one message: From, Reply-To, the Message-ID's domain, Auto-Submitted and the signature.
fn check(mail: &Received, e: &Expected<'_>, reply_to: &str) {
    let subject = header(&mail.data, "Subject").unwrap_or_default();
    let what = format!("{} {subject:?}", e.institution);
    assert_eq!(header(&mail.data, "From").as_deref(), Some(e.from.as_str()), "{what}");
    assert_eq!(header(&mail.data, "Reply-To").as_deref(), Some(reply_to), "{what}");
    let id = header(&mail.data, "Message-ID").unwrap_or_default();
    assert!(id.starts_with('<') && id.ends_with(&format!("@{}>", e.domain)), "{what}: Message-ID {id}");
    assert_eq!(header(&mail.data, "Auto-Submitted").as_deref(), Some("auto-generated"), "{what}");
    assert!(header(&mail.data, "Date").is_some(), "{what}");
    assert!(!mail.data.contains("Coverline Test"), "{what}: the platform's name is not the sender");
    let (verified, said) = dkim_verify(&mail.data, &e.dkim.0, &e.dkim.1);
    assert!(verified, "{what}: DKIM: {said}");
    assert!(said.contains(&format!("d={} s=mail", e.domain)), "{what}: {said}");
    for signed in ["from", "reply-to", "to", "subject", "date", "message-id", "auto-submitted"] {
        assert!(said.split("h=").nth(1).is_some_and(|h| h.split(':').any(|x| x.trim() == signed)), "{what}: {signed} signed: {said}");
    }
    // A changed message no longer verifies: the verifier is not vacuous.
    let (_, body) = mail.data.split_once("\n\n").unwrap();
    let (at, first) = body.char_indices().find(|(_, c)| c.is_ascii_alphanumeric()).unwrap();
    let other = if first == 'x' { "y" } else { "x" };
    let changed = mail.data.replacen(body, &format!("{}{other}{}", &body[..at], &body[at + 1..]), 1);
    assert_ne!(changed, mail.data);
    let (verified, said) = dkim_verify(&changed, &e.dkim.0, &e.dkim.1);
    assert!(!verified, "{what}: a changed body must fail: {said}");
}

/// A member of `e.institution` goes through every email a member gets: the code, the reminder,
/// the receipt, the contract, a password reset, a cancellation code and the cancellation notice;
/// then a visitor's contact request reaches the institution. Each is checked against `e`.
async fn every_email_of(app: &TestApp, e: &Expected<'_>) {
    let address = json!({ "street": "100 Main St", "city": "Denver", "state": "CO", "zip": "80202" });
    let (m, quote) = quoted_member(app, e.institution, "3035550142", address).await;
    let rate = &quote["rates"][0];
    let booking = json!({ "rateId": rate["rateId"], "rateCollectionId": rate["rateCollectionId"], "carId": quote["carId"], "emailAddress": m.email, "quoteId": quote["quoteId"] });
    // Chosen and not paid: the reminder (after Options::reminder_after).
    assert_eq!(advance(app, &m, "missingInfo", chosen(&booking)).await.0, 200);
    app.mail.wait_for(&m.email, 2).await;
    let (m, policy_id) = buy(app, m, booking).await;
    app.mail.wait_for(&m.email, 4).await;
    let reset = format!("/institution/{}/passwordresetrequest", e.institution);
    assert_eq!(app.call(Method::POST, &reset, None, Some(json!({ "emailAddress": m.email }))).await.0, 202);
    app.mail.wait_for(&m.email, 5).await;

    // Cancelled within the free look: the code, then the notice.
    let path = format!("/institution/{}/user/{}/verifydetails/{policy_id}", e.institution, m.user_id);
    let (s, found) = app.call(Method::POST, &path, None, Some(json!({ "lastname": "Doe", "zipcode": "80202" }))).await;
    assert_eq!(s, 200, "{found}");
    let token = found["token"].as_str().unwrap();
    let cancel = format!("/institution/{}/user/{}/policy/{policy_id}/cancellation", e.institution, m.user_id);
    assert_eq!(app.call(Method::POST, &format!("{cancel}/code"), None, Some(json!({ "token": token }))).await.0, 202);
    let code = code_in(app.mail.wait_for(&m.email, 6).await.last().unwrap());
    let confirm = json!({ "token": token, "code": code, "odometer": 45_100, "attested": true });
    let (s, answer) = app.call(Method::POST, &cancel, None, Some(confirm)).await;
    assert_eq!((s, answer["outcome"].as_str()), (200, Some("cancelled")), "{answer}");
    let mails = app.mail.wait_for(&m.email, 7).await;

    let subjects: Vec<String> = mails.iter().map(|x| header(&x.data, "Subject").unwrap_or_default()).collect();
    for (kind, starts) in [
        ("code", "Your "),
        ("reminder", "Your Vehicle Service Contract is waiting"),
        ("receipt", "Your receipt from "),
        ("contract", "Your Vehicle Service Contract ("),
        ("reset", "Your "),
        ("cancellation code", "Your code to cancel your "),
        ("cancellation", "Your Vehicle Service Contract is cancelled"),
    ] {
        assert!(subjects.iter().any(|s| s.starts_with(starts)), "{}: the {kind} email among {subjects:?}", e.institution);
    }
    assert_eq!(mails.len(), 7, "{subjects:?}");
    for mail in &mails {
        check(mail, e, &e.reply_to);
    }

    // A visitor's contact request goes to the institution, in its name, replies to the visitor.
    let visitor = format!("walk.in.{}@example.com", random_suffix());
    let body = json!({ "pageUserBouncedFrom": "userCreationError", "collectedInfo": { "emailAddress": visitor, "firstName": "Ann" } });
    let (s, b) = app.call(Method::POST, &format!("/institution/{}/contact-request", e.institution), None, Some(body)).await;
    assert_eq!(s, 202, "{b}");
    let inbox = app.mail.wait_for(e.contact_email, 1).await;
    let request = inbox.iter().find(|x| x.data.contains(&visitor)).expect("the contact request");
    check(request, e, &visitor);
}

async fn every_email_goes_out_in_the_institutions_name_signed_by_its_domain(db: Db) {
    let keys = std::env::temp_dir().join(format!("coverline-test-dkim-{}", random_suffix()));
    std::fs::create_dir_all(&keys).unwrap();
    let platform = openssl_key(&keys, "mail", "coverline.test");
    let delegated = openssl_key(&keys, "mail", "mail.summit-own.test");
    let app = spawn_app(Options { dkim_dir: Some(keys.clone()), reminder_after: Duration::from_secs(2), ..Options::on(db) }).await;
    // `coverline mail dns` prints the records openssl derives, each in strings a TXT record takes.
    let out = coverline_output(&["mail", "dns"], &[("COVERLINE_DKIM_DIR", keys.display().to_string())]);
    let zone = String::from_utf8(out.stdout).unwrap();
    for (name, record) in [&platform, &delegated] {
        let line = zone.lines().find(|l| l.starts_with(&format!("{name}. IN TXT ("))).unwrap_or_else(|| panic!("{name} in {zone}"));
        assert_eq!(line.split('"').skip(1).step_by(2).collect::<String>(), *record, "{line}");
    }

    // A second institution with its own sender: a name, a domain it delegated, a reply address.
    let id = format!("own-sender-{}", random_suffix());
    let toml = std::fs::read_to_string(workspace().join("data/institutions/summit-cu.toml"))
        .unwrap()
        .replace("institutionId = \"summit-cu\"", &format!("institutionId = \"{id}\""))
        .replace("contactEmail = \"vsc@summit-cu.example\"", "contactEmail = \"vsc@summit-own.test\"")
        .replace(
            "[emailSettings]",
            "[emailSettings]\nsenderName = \"Summit Member Care\"\nsenderAddress = \"members@mail.summit-own.test\"\nreplyTo = \"care@summit-own.test\"",
        );
    let own = keys.join("institutions");
    std::fs::create_dir_all(own.join("logos")).unwrap();
    std::fs::copy(workspace().join("data/institutions/logos/summit-cu.svg"), own.join("logos/summit-cu.svg")).unwrap();
    let file = own.join(format!("{id}.toml"));
    std::fs::write(&file, toml).unwrap();
    let out = coverline_output(&["institution", "import", file.to_str().unwrap()], &[("DATABASE_URL", app.database_url.clone())]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));

    every_email_of(
        &app,
        &Expected {
            institution: "summit-cu",
            from: "\"Summit Credit Union\" <no-reply@coverline.test>".into(),
            reply_to: "\"Summit Credit Union\" <vsc@summit-cu.example>".into(),
            domain: "coverline.test",
            contact_email: "vsc@summit-cu.example",
            dkim: &platform,
        },
    )
    .await;
    every_email_of(
        &app,
        &Expected {
            institution: &id,
            from: "\"Summit Member Care\" <members@mail.summit-own.test>".into(),
            reply_to: "\"Summit Credit Union\" <care@summit-own.test>".into(),
            domain: "mail.summit-own.test",
            contact_email: "vsc@summit-own.test",
            dkim: &delegated,
        },
    )
    .await;
    std::fs::remove_dir_all(&keys).unwrap();
}

on_both_databases!(every_email_goes_out_in_the_institutions_name_signed_by_its_domain);
