//! The card widget and its charge in the member's language: the widget start's locale, else the
//! signed request's, else English; the charge in the widget page's language, else the signed
//! request's.

mod common;

use common::*;
use serde_json::{Value, json};

/// Signs a payment for `contract` of the product `kind`, with `locale` when given.
async fn sign_with(base: &str, contract: &str, kind: &str, locale: Option<&str>) -> String {
    let mut body = sign_body(5_000, contract);
    body["paymentInformation"][0]["type"] = json!(kind);
    if let Some(locale) = locale {
        body["locale"] = json!(locale);
    }
    let (status, answer) = post(&format!("{base}/v1/sign"), Some(MERCHANT_KEY), &body).await;
    assert_eq!(status, 200, "{answer}");
    answer["data"]["signedRequest"].as_str().unwrap().to_string()
}

/// The widget's page started with `locale` (none when empty): (HTTP status, HTML).
async fn widget_in(base: &str, request: &str, locale: &str) -> (u16, String) {
    let (status, _, html) = get_page(&widget_url_with(base, request, &[("locale", locale)])).await;
    (status, html)
}

/// The texts the page hands its script (the form's `data-texts`).
fn script_texts(html: &str) -> Value {
    let start = html.find("data-texts=\"").expect("data-texts") + "data-texts=\"".len();
    let end = start + html[start..].find('"').unwrap();
    let json =
        html[start..end].replace("&quot;", "\"").replace("&#39;", "'").replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&");
    serde_json::from_str(&json).unwrap()
}

fn assert_spanish_form(html: &str) {
    assert!(html.contains("<html lang=\"es-US\">"), "{html}");
    assert!(html.contains("<title>Pago con tarjeta</title>"));
    for label in ["Número de tarjeta", "Vence (MM/AA)", "CVC", "Código postal"] {
        assert!(html.contains(&format!(">{label}</label>")), "label {label} missing:\n{html}");
    }
    assert!(html.contains("placeholder=\"MM/AA\""));
    assert!(html.contains(">Pagar</button>"));
    assert!(html.contains(">Pago aprobado</div>"));
    assert!(!html.contains("Card number") && !html.contains(">Pay<"), "no English left:\n{html}");
    let texts = script_texts(html);
    assert_eq!(texts["cardNumberInvalid"], "Ingrese un número de tarjeta válido.");
    assert_eq!(texts["expiryInvalid"], "Ingrese una fecha de vencimiento (MM/AA) que no haya pasado.");
    assert_eq!(texts["cvcInvalid"], "Ingrese el CVC de 3 o 4 dígitos.");
    assert_eq!(texts["zipInvalid"], "Ingrese un código postal de 5 dígitos.");
    assert_eq!(texts["pay"], "Pagar");
    assert_eq!(texts["processing"], "Procesando…");
    assert_eq!(texts["notCompleted"], "No se pudo completar el pago.");
    assert_eq!(texts["unreachable"], "No se pudo conectar con la pasarela de pago. Intente de nuevo.");
}

fn assert_english_form(html: &str) {
    assert!(html.contains("<html lang=\"en-US\">"), "{html}");
    assert!(html.contains("<title>Card payment</title>"));
    for label in ["Card number", "Expiry (MM/YY)", "CVC", "ZIP"] {
        assert!(html.contains(&format!(">{label}</label>")), "label {label} missing:\n{html}");
    }
    assert!(html.contains(">Pay</button>") && html.contains(">Payment approved</div>"));
    let texts = script_texts(html);
    assert_eq!(texts["cardNumberInvalid"], "Enter a valid card number.");
    assert_eq!(texts["processing"], "Processing…");
    assert_eq!(texts["unreachable"], "The payment gateway could not be reached. Please try again.");
}

#[tokio::test]
async fn the_widget_speaks_the_starts_locale() {
    let sandbox = start(config()).await;
    let base = &sandbox.base;
    let request = sign_with(base, "NAC-2026-000101", "", None).await;

    let (status, headers, html) = get_page(&widget_url_with(base, &request, &[("locale", "es-US")])).await;
    assert_eq!(status, 200);
    assert_spanish_form(&html);
    assert!(html.contains(">Contrato de servicio para vehículos</span>"), "the default product in Spanish:\n{html}");
    assert_eq!(
        headers["content-security-policy"].to_str().unwrap(),
        format!("default-src 'self'; style-src 'self' 'unsafe-inline'; frame-ancestors {PARENT_ORIGIN}")
    );
    assert!(html.contains("<script src=\"widget.js\"></script>") && !html.contains("<script>"), "no inline script");

    let (status, html) = widget_in(base, &request, "es-MX").await;
    assert_eq!(status, 200);
    assert_spanish_form(&html);

    // The start's locale wins over the signed request's, both ways.
    let english_request = sign_with(base, "NAC-2026-000102", "Vehicle Service Contract", Some("en-US")).await;
    assert_spanish_form(&widget_in(base, &english_request, "es").await.1);
    let spanish_request = sign_with(base, "NAC-2026-000103", "Vehicle Service Contract", Some("es-US")).await;
    assert_english_form(&widget_in(base, &spanish_request, "en-US").await.1);

    let script = client().get(format!("{base}/widget.js")).send().await.unwrap().text().await.unwrap();
    assert!(script.contains("data-texts") && script.contains("locale: document.documentElement.lang"));
}

#[tokio::test]
async fn the_widget_speaks_the_signed_requests_locale() {
    let sandbox = start(config()).await;
    let base = &sandbox.base;
    let request = sign_with(base, "NAC-2026-000111", "Contrato de servicio para vehículos", Some("es-US")).await;
    let (status, html) = widget_in(base, &request, "").await;
    assert_eq!(status, 200);
    assert_spanish_form(&html);

    let request = sign_with(base, "NAC-2026-000112", "", Some("es")).await;
    let (status, html) = widget_in(base, &request, "").await;
    assert_eq!(status, 200);
    assert_spanish_form(&html);
    assert!(html.contains(">Contrato de servicio para vehículos</span>"));
}

#[tokio::test]
async fn english_by_default_and_for_unknown_locales() {
    let sandbox = start(config()).await;
    let base = &sandbox.base;
    let request = sign_with(base, "NAC-2026-000121", "", None).await;

    let (status, html) = widget_in(base, &request, "").await;
    assert_eq!(status, 200);
    assert_english_form(&html);
    assert!(html.contains(">Vehicle Service Contract</span>"));
    for unknown in ["fr-FR", "x", "<es>", "e-s"] {
        let (status, html) = widget_in(base, &request, unknown).await;
        assert_eq!(status, 200, "{unknown}: never an error");
        assert_english_form(&html);
    }
    // An unknown start locale is passed over for the signed request's.
    let spanish_request = sign_with(base, "NAC-2026-000122", "", Some("es-US")).await;
    assert_spanish_form(&widget_in(base, &spanish_request, "fr-FR").await.1);

    // The start's other parameters are checked as ever, the refusal in the widget's language.
    let (status, _, html) = get_page(&widget_url_with(base, &request, &[("locale", "es-US"), ("mode", "direct")])).await;
    assert_eq!(status, 400);
    assert!(html.contains("<html lang=\"es-US\">") && html.contains("<title>Pago no disponible</title>"));
    assert!(html.contains("data-message=\"El formulario de pago se inició con un modo incorrecto.\""), "{html}");
    let (status, _, html) = get_page(&widget_url_with(base, &request, &[("locale", "fr-FR"), ("integrationId", "OTHER")])).await;
    assert_eq!(status, 400);
    assert!(html.contains("<html lang=\"en-US\">") && html.contains("The payment widget was started with a wrong integration id."));
}

#[tokio::test]
async fn failure_pages_speak_the_members_language() {
    let sandbox = start(config()).await;
    let base = &sandbox.base;
    let request = sign_with(base, "NAC-2026-000131", "", Some("es-US")).await;

    // A token that does not verify: only the start's locale can be trusted.
    let mut forged = request.clone();
    forged.push('A');
    let (status, html) = widget_in(base, &forged, "es-US").await;
    assert_eq!(status, 400);
    assert!(html.contains("data-message=\"Esta solicitud de pago no es válida.\""), "{html}");
    let (_, html) = widget_in(base, &forged, "").await;
    assert!(html.contains("This payment request is not valid."), "{html}");

    let mut url = reqwest::Url::parse(&format!("{base}/widget")).unwrap();
    url.query_pairs_mut().append_pair("request", &request).append_pair("parentOrigin", "not an origin").append_pair("locale", "es-US");
    let (status, _, html) = get_page(url.as_str()).await;
    assert_eq!(status, 400);
    assert!(html.contains("Esta página de pago se abrió sin un origen válido de la página que la contiene."), "{html}");

    // A used request, in the signed request's language.
    charge(base, &request).await;
    let (status, html) = widget_in(base, &request, "").await;
    assert_eq!(status, 400);
    assert!(html.contains("<html lang=\"es-US\">") && html.contains("Esta solicitud de pago ya se utilizó."), "{html}");
}

#[tokio::test]
async fn a_declined_card_is_answered_in_spanish() {
    let sandbox = start(config()).await;
    let base = &sandbox.base;
    let charge_url = format!("{base}/v1/charge");
    let request = sign_with(base, "NAC-2026-000141", "", None).await;
    let in_spanish = |number: &str| {
        let mut body = card(&request, number);
        body["locale"] = json!("es-US");
        body
    };

    for (number, message) in
        [("4000000000000002", "Su tarjeta fue rechazada."), ("4000000000009995", "Su tarjeta no tiene fondos suficientes.")]
    {
        let (status, body) = post(&charge_url, None, &in_spanish(number)).await;
        assert_eq!(status, 402);
        assert_eq!(body, json!({ "status": 402, "data": null, "error": { "error_message": message } }));
    }
    let (status, body) = post(&charge_url, None, &in_spanish("4242424242424241")).await;
    assert_eq!(status, 422);
    assert_eq!(body["error"]["error_message"], "Ingrese un número de tarjeta válido.");
    let (status, body) = post(&charge_url, None, &in_spanish("4000000000000119")).await;
    assert_eq!(status, 504);
    assert_eq!(body["error"]["error_message"], "El procesador de tarjetas no respondió. No se ha hecho ningún cargo a su tarjeta.");
    let (status, body) = post(&charge_url, None, &card(&request, "4000000000000002")).await;
    assert_eq!((status, body["error"]["error_message"].as_str()), (402, Some("Your card was declined.")), "English without a locale");

    // Without a locale in the charge, the signed request's; the widget page's wins over it.
    let spanish_request = sign_with(base, "NAC-2026-000142", "", Some("es-US")).await;
    let (status, body) = post(&charge_url, None, &card(&spanish_request, "4000000000000002")).await;
    assert_eq!((status, body["error"]["error_message"].as_str()), (402, Some("Su tarjeta fue rechazada.")));
    let mut english_page = card(&spanish_request, "4000000000009995");
    english_page["locale"] = json!("en-US");
    let (status, body) = post(&charge_url, None, &english_page).await;
    assert_eq!((status, body["error"]["error_message"].as_str()), (402, Some("Your card has insufficient funds.")));

    let (status, _) = post(&charge_url, None, &in_spanish("4242424242424242")).await;
    assert_eq!(status, 200);
    let (status, body) = post(&charge_url, None, &in_spanish("4242424242424242")).await;
    assert_eq!(status, 409);
    assert_eq!(body, json!({ "status": 409, "data": null, "error": { "error_message": "Esta solicitud de pago ya se utilizó." } }));
}

#[tokio::test]
async fn a_sign_request_without_a_locale_is_accepted() {
    let sandbox = start(config()).await;
    let base = &sandbox.base;
    let body = sign_body(5_000, "NAC-2026-000151");
    assert!(body.get("locale").is_none());
    let (status, answer) = post(&format!("{base}/v1/sign"), Some(MERCHANT_KEY), &body).await;
    assert_eq!(status, 200, "{answer}");
    let (status, _, html) = get_widget(base, answer["data"]["signedRequest"].as_str().unwrap()).await;
    assert_eq!(status, 200);
    assert_english_form(&html);

    // One the gateway does not speak is accepted too, and reads as English.
    let request = sign_with(base, "NAC-2026-000152", "", Some("fr-FR")).await;
    assert_english_form(&widget_in(base, &request, "").await.1);
}
