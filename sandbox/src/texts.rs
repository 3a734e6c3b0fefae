//! What the gateway says to the member (the widget's page, its script, the charge's answers) in
//! the languages it speaks. A real gateway owns its widget's texts (Stripe Elements' `locale`), so
//! they live here and not in Coverline's catalogues. The merchant's calls (sign, verify, look-ups,
//! refunds) answer in English, for the merchant's developers.

use serde_json::{Map, Value};

/// A language the widget speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Locale {
    /// English (en-US), the default.
    En,
    /// Spanish (es-US), addressing the member as usted.
    Es,
}

impl Locale {
    /// The language of a BCP 47 tag by its primary subtag (`es`, `es-US`, `es-MX` → Spanish);
    /// `None` for a language the gateway does not speak.
    pub fn parse(tag: &str) -> Option<Locale> {
        let primary = tag.trim().split(['-', '_']).next().unwrap_or_default();
        match primary.to_ascii_lowercase().as_str() {
            "en" => Some(Locale::En),
            "es" => Some(Locale::Es),
            _ => None,
        }
    }

    /// The first of `tags`, most specific first (the widget's start, then the signed request),
    /// in a language the gateway speaks, else English. A missing or unknown tag is passed over,
    /// never refused.
    pub fn choose<'a>(tags: impl IntoIterator<Item = Option<&'a str>>) -> Locale {
        tags.into_iter().flatten().find_map(Locale::parse).unwrap_or(Locale::En)
    }

    /// The widget page's `<html lang>`, which its script sends back with the charge.
    pub fn tag(self) -> &'static str {
        match self {
            Locale::En => "en-US",
            Locale::Es => "es-US",
        }
    }

    /// `text` in this language.
    pub fn text(self, text: Text) -> &'static str {
        let (en, es) = text.forms();
        match self {
            Locale::En => en,
            Locale::Es => es,
        }
    }

    /// The texts the widget's script shows, by the name it reads them under, as the JSON the form
    /// page carries in its `data-texts` attribute.
    pub fn script_texts(self) -> String {
        let texts: Map<String, Value> = SCRIPT_TEXTS.iter().map(|(name, text)| ((*name).to_string(), self.text(*text).into())).collect();
        Value::Object(texts).to_string()
    }
}

/// The texts `widget.js` reads from the page: its own checks of the card fields, its button and
/// what it says when the charge gets no usable answer.
const SCRIPT_TEXTS: [(&str, Text); 8] = [
    ("cardNumberInvalid", Text::CardNumberInvalid),
    ("expiryInvalid", Text::ExpiryInvalid),
    ("cvcInvalid", Text::CvcInvalid),
    ("zipInvalid", Text::ZipInvalid),
    ("pay", Text::Pay),
    ("processing", Text::Processing),
    ("notCompleted", Text::NotCompleted),
    ("unreachable", Text::Unreachable),
];

/// One text the gateway shows the member.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Text {
    FormTitle,
    FailureTitle,
    /// The product when the payment line names none.
    DefaultProduct,
    CardNumberLabel,
    ExpiryLabel,
    ExpiryPlaceholder,
    CvcLabel,
    ZipLabel,
    Pay,
    Processing,
    Approved,
    CardNumberInvalid,
    ExpiryInvalid,
    CvcInvalid,
    ZipInvalid,
    NotCompleted,
    Unreachable,
    NoParentOrigin,
    WrongMode,
    WrongIntegrationId,
    WrongPaymentAccount,
    WrongExperience,
    RequestInvalid,
    RequestExpired,
    RequestUsed,
    Declined,
    InsufficientFunds,
    NoAnswer,
    NotRecorded,
}

impl Text {
    /// (English, Spanish).
    fn forms(self) -> (&'static str, &'static str) {
        match self {
            Text::FormTitle => ("Card payment", "Pago con tarjeta"),
            Text::FailureTitle => ("Payment unavailable", "Pago no disponible"),
            Text::DefaultProduct => ("Vehicle Service Contract", "Contrato de servicio para vehículos"),
            Text::CardNumberLabel => ("Card number", "Número de tarjeta"),
            Text::ExpiryLabel => ("Expiry (MM/YY)", "Vence (MM/AA)"),
            Text::ExpiryPlaceholder => ("MM/YY", "MM/AA"),
            Text::CvcLabel => ("CVC", "CVC"),
            Text::ZipLabel => ("ZIP", "Código postal"),
            Text::Pay => ("Pay", "Pagar"),
            Text::Processing => ("Processing\u{2026}", "Procesando\u{2026}"),
            Text::Approved => ("Payment approved", "Pago aprobado"),
            Text::CardNumberInvalid => ("Enter a valid card number.", "Ingrese un número de tarjeta válido."),
            Text::ExpiryInvalid => {
                ("Enter an expiry date (MM/YY) that has not passed.", "Ingrese una fecha de vencimiento (MM/AA) que no haya pasado.")
            }
            Text::CvcInvalid => ("Enter the 3 or 4 digit CVC.", "Ingrese el CVC de 3 o 4 dígitos."),
            Text::ZipInvalid => ("Enter a 5 digit ZIP.", "Ingrese un código postal de 5 dígitos."),
            Text::NotCompleted => ("The payment could not be completed.", "No se pudo completar el pago."),
            Text::Unreachable => (
                "The payment gateway could not be reached. Please try again.",
                "No se pudo conectar con la pasarela de pago. Intente de nuevo.",
            ),
            Text::NoParentOrigin => (
                "This payment page was opened without a valid parent origin.",
                "Esta página de pago se abrió sin un origen válido de la página que la contiene.",
            ),
            Text::WrongMode => {
                ("The payment widget was started with a wrong mode.", "El formulario de pago se inició con un modo incorrecto.")
            }
            Text::WrongIntegrationId => (
                "The payment widget was started with a wrong integration id.",
                "El formulario de pago se inició con un identificador de integración incorrecto.",
            ),
            Text::WrongPaymentAccount => (
                "The payment widget was started with a wrong payment account.",
                "El formulario de pago se inició con una cuenta de pago incorrecta.",
            ),
            Text::WrongExperience => (
                "The payment widget was started with a wrong experience.",
                "El formulario de pago se inició con una experiencia incorrecta.",
            ),
            Text::RequestInvalid => ("This payment request is not valid.", "Esta solicitud de pago no es válida."),
            Text::RequestExpired => ("This payment request has expired.", "Esta solicitud de pago ha vencido."),
            Text::RequestUsed => ("This payment request was already used.", "Esta solicitud de pago ya se utilizó."),
            Text::Declined => ("Your card was declined.", "Su tarjeta fue rechazada."),
            Text::InsufficientFunds => ("Your card has insufficient funds.", "Su tarjeta no tiene fondos suficientes."),
            Text::NoAnswer => (
                "The card processor did not respond. Your card has not been charged.",
                "El procesador de tarjetas no respondió. No se ha hecho ningún cargo a su tarjeta.",
            ),
            Text::NotRecorded => (
                "The gateway could not record the payment. Your card has not been charged.",
                "La pasarela de pago no pudo registrar el pago. No se ha hecho ningún cargo a su tarjeta.",
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locales_by_primary_subtag() {
        for tag in ["es", "es-US", "es-MX", "ES_mx", " es-419 "] {
            assert_eq!(Locale::parse(tag), Some(Locale::Es), "{tag}");
        }
        for tag in ["en", "en-US", "en-GB"] {
            assert_eq!(Locale::parse(tag), Some(Locale::En), "{tag}");
        }
        for tag in ["", "fr-FR", "esp", "e", "-es"] {
            assert_eq!(Locale::parse(tag), None, "{tag}");
        }
        assert_eq!(Locale::choose([Some("es-MX"), Some("en-US")]), Locale::Es);
        assert_eq!(Locale::choose([None, Some("es-US")]), Locale::Es);
        assert_eq!(Locale::choose([Some("fr-FR"), Some("es-US")]), Locale::Es);
        assert_eq!(Locale::choose([Some("fr-FR"), None]), Locale::En);
        assert_eq!(Locale::choose([None, None]), Locale::En);
    }

    #[test]
    fn script_texts_are_the_languages_own() {
        let spanish: Value = serde_json::from_str(&Locale::Es.script_texts()).unwrap();
        assert_eq!(spanish["pay"], "Pagar");
        assert_eq!(spanish["cardNumberInvalid"], "Ingrese un número de tarjeta válido.");
        let english: Value = serde_json::from_str(&Locale::En.script_texts()).unwrap();
        assert_eq!(english.as_object().unwrap().len(), SCRIPT_TEXTS.len());
        assert_eq!(english["unreachable"], "The payment gateway could not be reached. Please try again.");
    }
}
