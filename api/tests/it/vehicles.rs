//! Vehicle identification over real HTTP: the description catalog and its mock VINs, the VIN photo
//! drop (signed upload URL, limits, reading with the real barcode/OCR reader), and analytics hits.
//! SQLite and Postgres both, since the photo is a BYTEA column.

use crate::support::{self, Db, Options, TestApp, on_both_databases, spawn_app};
use coverline_domain::product::{field_errors, messages};
use coverline_vision::corpus::{self, Category};
use reqwest::Method;
use serde_json::{Value, json};

const INSTITUTION: &str = "summit-cu";

fn c(path: &str) -> String {
    format!("/institution/{INSTITUTION}/car{path}")
}

async fn catalog_and_mock_vins(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let m = app.new_member(INSTITUTION).await;
    let t = Some(m.token.as_str());

    let (s, b) = app.call(Method::GET, &c("/years"), None, None).await;
    assert_eq!(s, 401, "the catalog needs a session: {b}");
    let (s, b) = app.call(Method::GET, &c("/years"), t, None).await;
    assert_eq!(s, 200, "{b}");
    let years: Vec<u64> = serde_json::from_value(b["data"].clone()).unwrap();
    assert_eq!(years.last(), Some(&1981));
    assert!(years.windows(2).all(|w| w[0] > w[1]), "newest first");

    let (s, b) = app.call(Method::GET, &c("/makes?year=2020"), t, None).await;
    assert_eq!(s, 200, "{b}");
    let makes: Vec<String> = serde_json::from_value(b["data"].clone()).unwrap();
    assert!(makes.iter().any(|m| m == "Honda") && makes.iter().any(|m| m == "Toyota"), "{makes:?}");
    let (s, b) = app.call(Method::GET, &c("/models?year=2020&make=Honda"), t, None).await;
    assert_eq!(s, 200, "{b}");
    assert!(b["data"].as_array().unwrap().iter().any(|m| m == "Accord"), "{b}");
    let (s, b) = app.call(Method::GET, &c("/styles?year=2020&make=Honda&model=Accord"), t, None).await;
    assert_eq!(s, 200, "{b}");
    let style = b["data"][0].as_str().expect("at least one style").to_string();
    let (s, b) = app.call(Method::GET, &c("/bodies"), t, None).await;
    assert_eq!(s, 200, "{b}");
    assert!(b["data"].as_array().unwrap().iter().any(|x| x == "Sedan"), "{b}");

    // Rules: a missing field is named; a well-formed value with nothing under it is an empty list.
    let (s, b) = app.call(Method::GET, &c("/makes"), t, None).await;
    assert_eq!((s, b["error"]["message"].as_str(), b["error"]["field"].as_str()), (400, Some(field_errors::REQUIRED), Some("year")));
    let (s, b) = app.call(Method::GET, &c("/styles?year=2020&make=Honda"), t, None).await;
    assert_eq!((s, b["error"]["field"].as_str()), (400, Some("model")));
    let (s, b) = app.call(Method::GET, &c("/models?year=1900&make=Honda"), t, None).await;
    assert_eq!((s, b["data"].as_array().map(Vec::len)), (200, Some(0)));

    // The description's representative VIN, then the car made from it.
    let q = format!("/vin?year=2020&make=Honda&model=Accord&style={}", style.replace(' ', "%20"));
    let (s, b) = app.call(Method::GET, &c(&q), t, None).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["data"]["isMockVin"], true);
    let mock = b["data"]["message"].as_str().unwrap().to_string();
    assert_eq!(mock.len(), 17);
    let (s, b) = app.call(Method::GET, &c(&format!("/vin/{}", mock.to_lowercase())), t, None).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(
        (b["data"]["year"].as_u64(), b["data"]["make"].as_str(), b["data"]["model"].as_str(), b["data"]["style"].as_str()),
        (Some(2020), Some("Honda"), Some("Accord"), Some(style.as_str()))
    );
    assert_eq!(b["data"]["isMockVin"], true);
    let (s, b) = app.call(Method::GET, &c("/vin?year=2020&make=Honda&model=Accord&style=Flying%20Car"), t, None).await;
    assert_eq!((s, b["error"]["message"].as_str()), (404, Some(messages::FAILED_TO_FIND_VIN)));

    let car = json!({ "vin": mock, "carFlags": { "secondOwner": true }, "odometer": "30,000", "milesPerYear": 10000, "yearsToOwn": 3 });
    let (s, b) = app.call(Method::POST, &TestApp::user_path(&m, "/car"), t, Some(car)).await;
    assert_eq!(s, 201, "{b}");
    assert_eq!((b["car"]["isMockVin"].as_bool(), b["car"]["model"].as_str()), (Some(true), Some("Accord")));
    assert_eq!(b["car"]["carFlags"]["secondOwner"], true);
    // The real VIN replaces it: a second car, not a mock.
    let car = json!({ "vin": "1HGCM82633A004352", "carFlags": {}, "odometer": "30000", "milesPerYear": 10000, "yearsToOwn": 3 });
    let (s, b) = app.call(Method::POST, &TestApp::user_path(&m, "/car"), t, Some(car)).await;
    assert_eq!((s, b["car"]["isMockVin"].as_bool()), (201, Some(false)), "{b}");
    let (s, b) = app.call(Method::GET, &TestApp::user_path(&m, "/car"), t, None).await;
    assert_eq!((s, b["cars"].as_array().map(Vec::len)), (200, Some(2)), "{b}");

    // VIN rules of spec section 5, and an unknown VIN.
    let (s, b) = app.call(Method::GET, &c("/vin/1HGCM82633A0043521"), t, None).await;
    assert_eq!((s, b["error"]["message"].as_str()), (400, Some(field_errors::VIN_TOO_LONG)));
    let (s, b) = app.call(Method::GET, &c("/vin/1HGCM82633A00"), t, None).await;
    assert_eq!((s, b["error"]["message"].as_str()), (400, Some(field_errors::VIN_TOO_SHORT)));
    let (s, b) = app.call(Method::GET, &c("/vin/1HGCM8263OA004352"), t, None).await;
    assert_eq!((s, b["error"]["message"].as_str()), (404, Some(messages::FAILED_TO_FIND_VIN)), "a letter O");
    let (s, b) = app.call(Method::GET, &c("/vin/ZZZ11111111111111"), t, None).await;
    assert_eq!((s, b["error"]["message"].as_str()), (404, Some(messages::FAILED_TO_FIND_VIN)), "no such manufacturer");

    // Another member's token reaches none of this member's cars.
    let other = app.new_member("summit-cu").await;
    let (s, _) = app.call(Method::GET, &TestApp::user_path(&m, "/car"), Some(&other.token), None).await;
    assert_eq!(s, 404);
}

on_both_databases!(catalog_and_mock_vins);

/// Real VINs the check digit refuses are quoted with a warning, and a VIN that fits several styles
/// is created with the member's choice, which the contract prints.
async fn check_digit_and_style_choices(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let address = json!({ "street": "100 Main St", "city": "Denver", "state": "CO", "zip": "80202" });
    let (m, quote) =
        support::quoted_member_with(&app, INSTITUTION, "3035550100", address.clone(), json!({ "vin": "5XYRLDLC4NG097496" })).await;
    let t = Some(m.token.as_str());

    // The 2003 Accord's VIN with its 9th character changed: vPIC knows the car, so it is found and flagged.
    let (s, b) = app.call(Method::GET, &c("/vin/1hgcm82643a004352"), t, None).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(
        (b["data"]["year"].as_u64(), b["data"]["make"].as_str(), b["data"]["model"].as_str()),
        (Some(2003), Some("Honda"), Some("Accord"))
    );
    assert_eq!((b["data"]["checkDigitMismatch"].as_bool(), b["data"]["styleChoices"].as_array().map(Vec::len)), (Some(true), Some(0)));
    let (s, b) = app.call(Method::GET, &c("/vin/1HGCM82633A004352"), t, None).await;
    assert_eq!((s, b["data"]["checkDigitMismatch"].as_bool()), (200, Some(false)));
    // The 2022 Kia's with its check digit changed was quoted as typed (the member's car, not a corrected one).
    let (s, car) = app.call(Method::GET, &TestApp::user_path(&m, &format!("/car/{}", quote["carId"].as_str().unwrap())), t, None).await;
    assert_eq!((s, car["car"]["vin"].as_str(), car["car"]["model"].as_str()), (200, Some("5XYRLDLC4NG097496"), Some("Sorento")), "{car}");
    assert!(quote["rates"].as_array().is_some_and(|r| !r.is_empty()), "{quote}");

    // A 2021 Jeep Renegade sold at auction: vPIC leaves four trims.
    const RENEGADE: &str = "ZACNJDAB0MPN15099";
    let (s, b) = app.call(Method::GET, &c(&format!("/vin/{RENEGADE}")), t, None).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["data"]["styleChoices"], json!(["Freedom", "Jeepster", "Sport", "Upland"]));
    for style in [Value::Null, json!("Limited"), json!("")] {
        let car = json!({ "vin": RENEGADE, "style": style, "odometer": "30000", "milesPerYear": 10000, "yearsToOwn": 3 });
        let (s, b) = app.call(Method::POST, &TestApp::user_path(&m, "/car"), t, Some(car)).await;
        assert_eq!(
            (s, b["error"]["field"].as_str(), b["error"]["message"].as_str()),
            (400, Some("style"), Some(field_errors::CHOOSE_STYLE)),
            "{style}"
        );
        let answers = json!({ "step": "mileage", "answers": { "vehicle": { "vin": RENEGADE, "style": style } } });
        let (s, b) = app.call(Method::PUT, &TestApp::user_path(&m, "/checkout"), t, Some(answers)).await;
        assert_eq!((s, b["error"]["field"].as_str()), (400, Some("style")), "the checkout holds only a chosen style: {b}");
    }

    // The chosen style is the car's, the quote's and the contract's.
    let address = json!({ "street": "100 Main St", "city": "Denver", "state": "CO", "zip": "80202" });
    let (jeep, quote) =
        support::quoted_member_with(&app, INSTITUTION, "3035550101", address, json!({ "vin": RENEGADE, "style": "sport" })).await;
    let jt = Some(jeep.token.as_str());
    let (_, car) = app.call(Method::GET, &TestApp::user_path(&jeep, &format!("/car/{}", quote["carId"].as_str().unwrap())), jt, None).await;
    assert_eq!(car["car"]["style"].as_str(), Some("Sport"), "{car}");
    let rate = &quote["rates"][0];
    let sample = format!(
        "{}/sample-contract",
        TestApp::user_path(&jeep, &format!("/quote/{}/rate/{}", quote["quoteId"].as_str().unwrap(), rate["rateId"].as_str().unwrap()))
    );
    let res = app.http.get(app.api(&sample)).bearer_auth(&jeep.token).send().await.unwrap();
    assert_eq!(res.status().as_u16(), 200);
    let text = support::pdf_text(&res.bytes().await.unwrap());
    assert!(text.contains("2021 Jeep Renegade Sport"), "the contract prints the chosen style: {text}");
}

on_both_databases!(check_digit_and_style_choices);

/// The photo path takes a VIN with a wrong check digit as the typed one is taken: only when vPIC
/// knows its vehicle.
async fn a_photographed_vin_with_a_wrong_check_digit(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let m = app.new_member(INSTITUTION).await;
    let t = Some(m.token.as_str());
    for (vin, known) in [("5XYRLDLC4NG097496", true), ("ZZZ11111211111111", false)] {
        let (url, drop_id) = open_drop(&app, &m, "image/png").await;
        let (s, _) = put(&app, &url, "image/png", corpus::picture_of(Category::DataMatrix, vin, 5)).await;
        assert_eq!(s, 204);
        let (s, b) = app.call(Method::GET, &c(&format!("/vin/ocr/drop/{}/{drop_id}", m.user_id)), t, None).await;
        if known {
            assert_eq!((s, b["data"]["vin"].as_str()), (200, Some(vin)), "{b}");
            let (s, b) = app.call(Method::GET, &c(&format!("/vin/{vin}")), t, None).await;
            assert_eq!((s, b["data"]["checkDigitMismatch"].as_bool()), (200, Some(true)), "{b}");
        } else {
            assert_eq!((s, b["error"]["message"].as_str()), (422, Some(messages::PHOTO_NO_VIN)), "{b}");
        }
    }
}

on_both_databases!(a_photographed_vin_with_a_wrong_check_digit);

/// PUTs `bytes` to a signed URL.
async fn put(app: &TestApp, url: &str, content_type: &str, bytes: Vec<u8>) -> (u16, Value) {
    let res = app.http.put(format!("{}{url}", app.url)).header("content-type", content_type).body(bytes).send().await.unwrap();
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or(Value::Null))
}

/// Sends only the request line and headers of a PUT announcing `length` bytes, then reads the answer.
async fn raw_put_headers_only(app: &TestApp, url: &str, content_type: &str, length: usize) -> (String, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let addr = app.url.trim_start_matches("http://");
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let request = format!("PUT {url} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: {content_type}\r\nContent-Length: {length}\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    let mut buf = [0u8; 4096];
    while !String::from_utf8_lossy(&answer).contains("}}") {
        let n = tokio::time::timeout(std::time::Duration::from_secs(10), stream.read(&mut buf))
            .await
            .expect("answered without the body")
            .unwrap();
        if n == 0 {
            break;
        }
        answer.extend_from_slice(&buf[..n]);
    }
    let text = String::from_utf8_lossy(&answer).to_string();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    (head.to_string(), body.to_string())
}

async fn open_drop(app: &TestApp, m: &support::Member, mime: &str) -> (String, String) {
    let (s, b) = app.call(Method::GET, &c(&format!("/vin/ocr/drop/{}?mime={mime}", m.user_id)), Some(&m.token), None).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["data"]["maxBytes"], 10 * 1024 * 1024);
    (b["data"]["signedPutUrl"].as_str().unwrap().to_string(), b["data"]["dropId"].as_str().unwrap().to_string())
}

async fn vin_photo(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let m = app.new_member(INSTITUTION).await;
    let other = app.new_member(INSTITUTION).await;
    let t = Some(m.token.as_str());
    let items = corpus::generate(1, 11);
    let matrix = items.iter().find(|i| i.category == Category::DataMatrix).unwrap();

    let (s, b) = app.call(Method::GET, &c(&format!("/vin/ocr/drop/{}?mime=application/pdf", m.user_id)), t, None).await;
    assert_eq!((s, b["error"]["message"].as_str()), (400, Some(messages::PHOTO_NOT_A_PHOTO_TYPE)));
    let (s, _) = app.call(Method::GET, &c(&format!("/vin/ocr/drop/{}?mime=image/png", m.user_id)), Some(&other.token), None).await;
    assert_eq!(s, 404, "a drop is only opened for one's own user");

    let (url, drop_id) = open_drop(&app, &m, "image/png").await;
    let read = format!("/vin/ocr/drop/{}/{drop_id}", m.user_id);
    let (s, b) = app.call(Method::GET, &c(&read), t, None).await;
    assert_eq!((s, b["error"]["message"].as_str()), (409, Some(messages::PHOTO_NOT_UPLOADED)));

    // The signature binds the content type, the drop and the user.
    let (s, b) = put(&app, &url, "image/jpeg", matrix.bytes.clone()).await;
    assert_eq!((s, b["error"]["message"].as_str()), (415, Some(messages::PHOTO_NOT_A_PHOTO_TYPE)));
    let (s, b) = put(&app, &url.replace("mime=image%2Fpng", "mime=image%2Fjpeg"), "image/jpeg", matrix.bytes.clone()).await;
    assert_eq!((s, b["error"]["message"].as_str()), (403, Some(messages::PHOTO_LINK_INVALID)));
    let (s, _) = put(&app, &url.replace(&m.user_id, &other.user_id), "image/png", matrix.bytes.clone()).await;
    assert_eq!(s, 403);
    let (s, b) = put(&app, &url, "image/png", Vec::new()).await;
    assert_eq!((s, b["error"]["message"].as_str()), (400, Some(messages::PHOTO_EMPTY)));
    // Over 10 MB is refused on the headers, before the body is read (so a raw client sends none).
    let (head, body) = raw_put_headers_only(&app, &url, "image/png", 10 * 1024 * 1024 + 1).await;
    assert!(head.starts_with("HTTP/1.1 413"), "{head}");
    assert!(body.contains(messages::PHOTO_TOO_LARGE), "{body}");

    let (s, b) = put(&app, &url, "image/png", matrix.bytes.clone()).await;
    assert_eq!(s, 204, "{b}");
    let (s, _) = put(&app, &url, "image/png", matrix.bytes.clone()).await;
    assert_eq!(s, 409, "one photo per drop");
    let (s, _) = app.call(Method::GET, &c(&format!("/vin/ocr/drop/{}/{drop_id}", other.user_id)), Some(&other.token), None).await;
    assert_eq!(s, 404, "another member cannot read it");
    let (s, b) = app.call(Method::GET, &c(&read), t, None).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!((b["data"]["vin"].as_str(), b["data"]["source"].as_str()), (Some(matrix.expected_vin.as_str()), Some("barcode")));
    let (s, again) = app.call(Method::GET, &c(&read), t, None).await;
    assert_eq!((s, &again), (200, &b), "the reading is kept");

    // Not an image, and an image without a VIN.
    let (url, drop_id) = open_drop(&app, &m, "image/png").await;
    assert_eq!(put(&app, &url, "image/png", b"this is not a picture at all".to_vec()).await.0, 204);
    let (s, b) = app.call(Method::GET, &c(&format!("/vin/ocr/drop/{}/{drop_id}", m.user_id)), t, None).await;
    assert_eq!((s, b["error"]["message"].as_str()), (422, Some(messages::PHOTO_UNREADABLE)));
    let blank = {
        let mut png = Vec::new();
        image::DynamicImage::new_luma8(400, 300).write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png).unwrap();
        png
    };
    let (url, drop_id) = open_drop(&app, &m, "image/png").await;
    assert_eq!(put(&app, &url, "image/png", blank).await.0, 204);
    let (s, b) = app.call(Method::GET, &c(&format!("/vin/ocr/drop/{}/{drop_id}", m.user_id)), t, None).await;
    assert_eq!((s, b["error"]["message"].as_str()), (422, Some(messages::PHOTO_NO_VIN)));

    // Analytics: stored for the member, refused for someone else's user id.
    let hit = json!({ "data": { "hitType": "event", "eventCategory": "ErrorEncountered", "eventAction": "DescriptionField", "eventLabel": "makes", "pagePath": "/summit-cu/user/car/lookup/description" } });
    let (s, b) = app.call(Method::POST, &TestApp::user_path(&m, "/analytics"), t, Some(hit.clone())).await;
    assert_eq!(s, 202, "{b}");
    let (s, _) = app.call(Method::POST, &TestApp::user_path(&m, "/analytics"), Some(&other.token), Some(hit)).await;
    assert_eq!(s, 404);
    let store = coverline_store::Store::connect(&app.database_url).await.unwrap();
    let events = store.analytics_events(&m.user_id).await.unwrap();
    assert_eq!(
        events,
        vec![(Some("event".into()), Some("ErrorEncountered".into()), Some("DescriptionField".into()), Some("makes".into()))]
    );
}

on_both_databases!(vin_photo);

/// A PUT whose body is still arriving: its headers and the first `sent` bytes of `body`.
struct SlowUpload {
    stream: tokio::net::TcpStream,
    rest: Vec<u8>,
}

impl SlowUpload {
    async fn start(app: &TestApp, url: &str, body: &[u8], sent: usize) -> Self {
        use tokio::io::AsyncWriteExt;
        let addr = app.url.trim_start_matches("http://");
        let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
        let head = format!("PUT {url} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: image/png\r\nContent-Length: {}\r\n\r\n", body.len());
        stream.write_all(head.as_bytes()).await.unwrap();
        stream.write_all(&body[..sent]).await.unwrap();
        Self { stream, rest: body[sent..].to_vec() }
    }

    /// Sends the rest of the body; the answer's status.
    async fn finish(mut self) -> u16 {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        self.stream.write_all(&self.rest).await.unwrap();
        let mut answer = vec![0u8; 1024];
        let n = tokio::time::timeout(std::time::Duration::from_secs(30), self.stream.read(&mut answer)).await.unwrap().unwrap();
        String::from_utf8_lossy(&answer[..n])[9..12].parse().unwrap()
    }
}

/// Drops of `user_id` whose upload has started.
async fn uploads_started(app: &TestApp, user_id: &str) -> i64 {
    let store = coverline_store::Store::connect(&app.database_url).await.unwrap();
    let (n,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM vin_photos WHERE user_id = $1 AND upload_started_at IS NOT NULL AND uploaded_at IS NULL")
            .bind(user_id)
            .fetch_one(store.pool())
            .await
            .unwrap();
    n
}

async fn photo_uploads_are_bounded_per_drop_and_at_once(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let m = app.new_member(INSTITUTION).await;
    let photo = corpus::generate(1, 11).into_iter().find(|i| i.category == Category::DataMatrix).unwrap().bytes;

    // Fifty PUTs of one signed URL at once: one is stored; the others are refused before their body
    // is read (the drop is claimed, or the instance's upload slots are taken). None fails.
    let (url, _) = open_drop(&app, &m, "image/png").await;
    let answers = futures::future::join_all((0..50).map(|_| put(&app, &url, "image/png", photo.clone()))).await;
    let stored = answers.iter().filter(|(s, _)| *s == 204).count();
    assert_eq!(stored, 1, "one photo per drop: {:?}", answers.iter().map(|(s, _)| s).collect::<Vec<_>>());
    assert!(answers.iter().all(|(s, _)| [204, 409, 503].contains(s)), "{answers:?}");

    // Uploads still arriving take the instance's slots; one more is answered 503 at once, with
    // Retry-After, and holds nothing; once they end, it is taken.
    let slots = coverline_api::http::routes::photo::UPLOADS_AT_ONCE;
    let mut slow = Vec::new();
    for _ in 0..slots {
        let (url, _) = open_drop(&app, &m, "image/png").await;
        slow.push(SlowUpload::start(&app, &url, &photo, photo.len() / 2).await);
    }
    for _ in 0..600 {
        if uploads_started(&app, &m.user_id).await == slots as i64 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(uploads_started(&app, &m.user_id).await, slots as i64, "each slow upload claimed its drop");
    let (url, _) = open_drop(&app, &m, "image/png").await;
    let res = app.http.put(format!("{}{url}", app.url)).header("content-type", "image/png").body(photo.clone()).send().await.unwrap();
    assert_eq!(res.status().as_u16(), 503);
    assert_eq!(res.headers()["retry-after"], "2");
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["error"]["message"], messages::PHOTO_BUSY);
    for upload in slow {
        assert_eq!(upload.finish().await, 204);
    }
    assert_eq!(put(&app, &url, "image/png", photo.clone()).await.0, 204, "the refused upload's drop is still free");
}

on_both_databases!(photo_uploads_are_bounded_per_drop_and_at_once);
