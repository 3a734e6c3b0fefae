//! Email over SMTP (lettre): the verification code, the reminder, the receipt, the contract copy,
//! refund and cancellation notices, the password reset and the contact request.
//!
//! Every message is sent in the member's institution's name ([`Sender`]): its sender name on the
//! platform's address or on a domain it delegated, replies to its own address, a Message-ID on the
//! sender's domain, `Auto-Submitted: auto-generated`, and a DKIM signature by the domain's key
//! ([`crate::dkim`]). Each purchase email carries a deterministic Message-ID, so a resend is
//! recognisable as the same message.
//!
//! A member's email is in their language (`users.language`): its texts are the catalogues'
//! `emails.*` (`domain/texts/<code>.json`). A contact request, read by the institution's staff, is
//! in English.

use std::sync::Arc;

use anyhow::Context;
use coverline_domain::institution::Institution;
use coverline_domain::language::Language;
use lettre::message::header::{ContentType, HeaderName, HeaderValue};
use lettre::message::{Attachment, Mailbox, MessageBuilder, MultiPart};
use lettre::{Address, AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

use crate::dkim::DkimKeys;

/// What the reminder says and where it stops.
pub struct Reminder<'a> {
    pub language: Language,
    pub institution_name: &'a str,
    pub product_name: &'a str,
    pub continue_link: &'a str,
    /// The member's one-click unsubscribe URL (`checkout::unsubscribe_url`).
    pub unsubscribe_url: &'a str,
    /// The institution's postal address.
    pub postal_address: &'a str,
}

/// The SMTP sender.
#[derive(Clone)]
pub struct Mailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    /// The platform's address (`COVERLINE_MAIL_FROM`): the sender of institutions without their own.
    from: Mailbox,
    dkim: Arc<DkimKeys>,
    /// Production: a message from a domain without a DKIM key is not sent.
    dkim_required: bool,
}

impl std::fmt::Debug for Mailer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Mailer").field("from", &self.from.to_string()).field("dkim", &self.dkim).finish()
    }
}

/// Who a message is from: the institution's sender name on its address, and where replies go.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sender {
    pub from: Mailbox,
    pub reply_to: Mailbox,
}

impl Sender {
    /// The sender's domain: the Message-ID is on it, and its key signs the message.
    pub fn domain(&self) -> &str {
        self.from.email.domain()
    }

    /// `<local@domain>` on the sender's domain.
    pub fn message_id(&self, local: &str) -> String {
        format!("<{local}@{}>", self.domain())
    }
}

/// What the receipt and the contract email say.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PurchaseEmail {
    /// The member's language: the email's texts, and its dates and terms already written in it.
    pub language: Language,
    pub policy_id: String,
    pub to: String,
    pub first_name: String,
    pub institution_name: String,
    pub institution_phone: String,
    pub product_name: String,
    pub contract_number: String,
    pub vehicle: String,
    pub vin: String,
    pub coverage_name: String,
    pub term: String,
    pub deductible: String,
    pub payment_id: String,
    pub payment_date: String,
    /// `November 24th, 2031, or until the odometer reads 145,000 miles, whichever comes first`
    /// (read in a sentence: the long date form; `emails.purchase.coverageEnds`).
    pub coverage_ends: String,
    pub subtotal: String,
    pub sales_tax: Option<String>,
    pub total: String,
    /// The institution's primary and call-to-action colours (hex without `#`), for the HTML part.
    pub primary_color: String,
    pub cta_color: String,
    /// The member's find-your-contract page for this policy (last name + zip opens the PDF).
    pub contract_link: String,
}

/// A branded HTML email: the institution's name on a band of its primary colour, a title, rows of
/// label/value pairs, paragraphs, and an optional call-to-action link.
fn branded_html(
    email: &PurchaseEmail,
    title: &str,
    intro: &str,
    rows: &[(&str, &str)],
    outro: &str,
    action: Option<(&str, &str)>,
) -> String {
    let color = |hex: &str| if hex.len() == 6 && hex.chars().all(|c| c.is_ascii_hexdigit()) { format!("#{hex}") } else { "#333333".into() };
    let rows: String = rows
        .iter()
        .map(|(label, value)| {
            format!(
                "<tr><td style=\"padding:4px 12px 4px 0;color:#555\">{}</td><td style=\"padding:4px 0\"><strong>{}</strong></td></tr>",
                html_escape(label),
                html_escape(value)
            )
        })
        .collect();
    let action = action
        .map(|(label, href)| {
            format!(
                "<p style=\"margin:24px 0\"><a href=\"{}\" style=\"background:{};color:#ffffff;padding:10px 18px;border-radius:4px;text-decoration:none;font-weight:bold\">{}</a></p>",
                html_escape(href),
                color(&email.cta_color),
                html_escape(label)
            )
        })
        .unwrap_or_default();
    format!(
        "<!doctype html><html><body style=\"margin:0;font-family:Arial,Helvetica,sans-serif;color:#222\">\
         <div style=\"background:{primary};color:#ffffff;padding:18px 24px;font-size:20px;font-weight:bold\">{inst}</div>\
         <div style=\"padding:24px;max-width:600px\"><h1 style=\"font-size:20px\">{title}</h1><p>{intro}</p>\
         <table cellspacing=\"0\" style=\"border-collapse:collapse\">{rows}</table>{action}<p>{outro}</p></div></body></html>",
        primary = color(&email.primary_color),
        inst = html_escape(&email.institution_name),
        title = html_escape(title),
        intro = html_escape(intro),
        outro = html_escape(outro),
    )
}

impl Mailer {
    /// `smtp_url`: `smtp://host:port` (plain SMTP, as a local relay or catcher speaks it),
    /// `smtp://user:password@host:587?tls=required` (STARTTLS) or `smtps://user:password@host:465`
    /// (TLS from the first byte; the relay's certificate checked against the web's roots);
    /// `from` like `Summit Credit Union <no-reply@vsc.summitcu.org>`.
    pub fn new(smtp_url: &str, from: &str) -> anyhow::Result<Self> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(smtp_url.trim_end_matches('/'))
            .map_err(|e| anyhow::anyhow!("COVERLINE_SMTP_URL: {e}"))?
            .timeout(Some(std::time::Duration::from_secs(20)))
            .build();
        Ok(Self { transport, from: from.parse().context("parsing the From address")?, dkim: Arc::default(), dkim_required: false })
    }

    /// Signs with `keys` (each message from a domain with a key); `required`: refuses to send from a
    /// domain without one (production).
    pub fn with_dkim(self, keys: DkimKeys, required: bool) -> Self {
        Self { dkim: Arc::new(keys), dkim_required: required, ..self }
    }

    /// The institution's sender: `emailSettings.senderName` (else its name) on
    /// `emailSettings.senderAddress` (else the platform's address), replies to
    /// `emailSettings.replyTo` (else its `contactEmail`). `Institution::check` proved the addresses at
    /// import; one that does not parse all the same (a row stored before the check) falls back to
    /// the platform's address, with a warning.
    pub fn sender(&self, institution: &Institution) -> Sender {
        let parse = |field: &str, address: &str| {
            address.parse::<Address>().unwrap_or_else(|e| {
                tracing::warn!(institution = %institution.institution_id, field, error = %e, "not an email address: the platform's is used");
                self.from.email.clone()
            })
        };
        let address =
            institution.email_settings.sender_address.as_deref().map_or_else(|| self.from.email.clone(), |a| parse("senderAddress", a));
        Sender {
            from: Mailbox::new(Some(institution.sender_name().to_string()), address),
            reply_to: Mailbox::new(Some(institution.name.clone()), parse("replyTo", institution.reply_to())),
        }
    }

    /// A message from `sender` to `to` with `reply_to`, its Message-ID `<id_local@sender's domain>`.
    fn builder(sender: &Sender, to: &str, id_local: &str, reply_to: &Mailbox, subject: String) -> anyhow::Result<MessageBuilder> {
        Ok(Message::builder()
            .message_id(Some(sender.message_id(id_local)))
            .from(sender.from.clone())
            .reply_to(reply_to.clone())
            .to(to.parse().context("recipient address")?)
            .subject(subject))
    }

    /// Marks the message automatic (RFC 3834: no auto-replies to it), signs it with the sender's
    /// domain's key, and sends it.
    async fn send(&self, sender: &Sender, mut message: Message) -> anyhow::Result<()> {
        message.headers_mut().insert_raw(HeaderValue::new(HeaderName::new_from_ascii_str("Auto-Submitted"), "auto-generated".into()));
        match self.dkim.key(sender.domain()) {
            Some(key) => message.sign(key.config()),
            None if self.dkim_required => {
                anyhow::bail!("no DKIM key for {} in COVERLINE_DKIM_DIR: the message is not sent unsigned", sender.domain())
            }
            None => {}
        }
        self.transport.send(message).await.map_err(|e| {
            // The relay's reply may quote the recipient's address: it is logged here and never
            // passed on (an activity's failure is written to the workflow's history).
            tracing::warn!(error = %e, "sending email over SMTP");
            anyhow::anyhow!(if e.is_permanent() {
                "the mail server refused the message"
            } else if e.is_timeout() {
                "the mail server did not answer in time"
            } else {
                "the mail server could not take the message"
            })
        })?;
        Ok(())
    }

    /// Emails a 6-digit verification code with a 'continue your purchase' link; returns the Message-ID.
    /// The code is in the subject: the member needs it and nothing else from the message, and it is
    /// no personal data (single use, 10 minutes, bound to the member's session).
    pub async fn send_verification_code(
        &self,
        sender: &Sender,
        language: Language,
        to: &str,
        code: &str,
        institution_name: &str,
        continue_link: &str,
    ) -> anyhow::Result<String> {
        let values = [("institution", institution_name), ("code", code), ("link", continue_link)];
        self.send_coded(sender, language, to, "emails.code", "code", &values).await
    }

    /// A code email (verification, cancellation, password reset): the plain text of `texts`'
    /// `subject` and `body` in `language` with `values`, its Message-ID local part `kind.random`;
    /// returns the Message-ID.
    async fn send_coded(
        &self,
        sender: &Sender,
        language: Language,
        to: &str,
        texts: &str,
        kind: &str,
        values: &[(&str, &str)],
    ) -> anyhow::Result<String> {
        let local = new_message_local(kind);
        let subject = language.fill(&format!("{texts}.subject"), values);
        let message = Self::builder(sender, to, &local, &sender.reply_to, subject)?
            .header(ContentType::TEXT_PLAIN)
            .body(language.fill(&format!("{texts}.body"), values))?;
        self.send(sender, message).await?;
        Ok(sender.message_id(&local))
    }

    /// Reminds a member who chose a coverage but did not pay, with a 'continue your purchase' link.
    /// A promotional message (CAN-SPAM's primary purpose): it carries a one-click unsubscribe
    /// (`List-Unsubscribe` with `List-Unsubscribe-Post`, RFC 8058, and a visible link) and the
    /// institution's postal address.
    pub async fn send_reminder(&self, sender: &Sender, to: &str, reminder: &Reminder<'_>) -> anyhow::Result<String> {
        let Reminder { language, institution_name, product_name, continue_link, unsubscribe_url, postal_address } = reminder;
        let values = [
            ("institution", *institution_name),
            ("product", *product_name),
            ("link", *continue_link),
            ("unsubscribe", *unsubscribe_url),
            ("postalAddress", *postal_address),
        ];
        let text = language.fill("emails.reminder.body", &values);
        let local = new_message_local("reminder");
        let mut message = Self::builder(sender, to, &local, &sender.reply_to, language.fill("emails.reminder.subject", &values))?
            .header(ContentType::TEXT_PLAIN)
            .body(text)?;
        let headers = message.headers_mut();
        headers.insert_raw(HeaderValue::new(HeaderName::new_from_ascii_str("List-Unsubscribe"), format!("<{unsubscribe_url}>")));
        headers.insert_raw(HeaderValue::new(HeaderName::new_from_ascii_str("List-Unsubscribe-Post"), "List-Unsubscribe=One-Click".into()));
        self.send(sender, message).await?;
        Ok(sender.message_id(&local))
    }

    /// Tells the member a charge was refunded (a second charge for a paid contract, or a charge for
    /// a contract that was voided); `id_local` makes a resend recognisable as the same message.
    pub async fn send_refund_notice(
        &self,
        sender: &Sender,
        language: Language,
        to: &str,
        institution_name: &str,
        id_local: &str,
        explanation: &str,
    ) -> anyhow::Result<String> {
        let institution = [("institution", institution_name)];
        let text = format!("{explanation}\n\n{}\n", language.fill("emails.contactUs", &institution));
        self.send_notice(sender, to, &language.fill("emails.refund.subject", &institution), id_local, &text, None).await
    }

    /// A plain-text notice (cancellations); `id_local` makes a resend recognisable as the same
    /// message, `reply_to` sends answers to someone else (the member, for a note to the institution).
    /// Returns the Message-ID.
    pub async fn send_notice(
        &self,
        sender: &Sender,
        to: &str,
        subject: &str,
        id_local: &str,
        text: &str,
        reply_to: Option<&str>,
    ) -> anyhow::Result<String> {
        let other: Option<Mailbox> = reply_to.map(|r| r.parse()).transpose().context("reply-to address")?;
        let message = Self::builder(sender, to, id_local, other.as_ref().unwrap_or(&sender.reply_to), subject.to_string())?
            .header(ContentType::TEXT_PLAIN)
            .body(text.to_string())?;
        self.send(sender, message).await?;
        Ok(sender.message_id(id_local))
    }

    /// Emails the code that confirms cancelling a contract (asked from find-your-contract).
    pub async fn send_cancellation_code(
        &self,
        sender: &Sender,
        language: Language,
        to: &str,
        code: &str,
        institution_name: &str,
        contract: &str,
    ) -> anyhow::Result<()> {
        let values = [("institution", institution_name), ("contract", contract), ("code", code)];
        self.send_coded(sender, language, to, "emails.cancellationCode", "cancel-code", &values).await.map(drop)
    }

    /// Emails a 6-digit password reset code.
    pub async fn send_password_reset_code(
        &self,
        sender: &Sender,
        language: Language,
        to: &str,
        code: &str,
        institution_name: &str,
    ) -> anyhow::Result<()> {
        let values = [("institution", institution_name), ("code", code)];
        self.send_coded(sender, language, to, "emails.passwordReset", "reset", &values).await.map(drop)
    }

    /// The payment receipt (text and HTML).
    pub async fn send_receipt(&self, sender: &Sender, email: &PurchaseEmail) -> anyhow::Result<String> {
        let local = format!("{}.receipt", email.policy_id);
        let language = email.language;
        let label = |key: &str| language.text(&format!("emails.receipt.{key}"));
        let product =
            language.fill("emails.purchase.productWithCoverage", &[("product", &email.product_name), ("coverage", &email.coverage_name)]);
        let vehicle = language.fill("emails.purchase.vehicleWithVin", &[("vehicle", &email.vehicle), ("vin", &email.vin)]);
        let mut rows = vec![
            (label("trackingNumber"), email.payment_id.as_str()),
            (label("date"), email.payment_date.as_str()),
            (label("product"), product.as_str()),
            (label("contractNumber"), email.contract_number.as_str()),
            (label("vehicle"), vehicle.as_str()),
            (label("subtotal"), email.subtotal.as_str()),
        ];
        if let Some(t) = &email.sales_tax {
            rows.push((label("salesTax"), t.as_str()));
        }
        rows.push((label("amountPaid"), email.total.as_str()));
        let lines: Vec<String> = rows.iter().map(|(label, value)| format!("{label}: {value}")).collect();
        let values = [
            ("firstName", email.first_name.as_str()),
            ("institution", email.institution_name.as_str()),
            ("phone", email.institution_phone.as_str()),
            ("ends", email.coverage_ends.as_str()),
            ("rows", &lines.join("\n")),
        ];
        let text = language.fill("emails.receipt.body", &values);
        let html = branded_html(
            email,
            label("title"),
            &language.fill("emails.receipt.intro", &values),
            &rows,
            &format!("{} {}", language.fill("emails.receipt.outro", &values), language.fill("emails.callUs", &values)),
            None,
        );
        let message = Self::builder(sender, &email.to, &local, &sender.reply_to, language.fill("emails.receipt.subject", &values))?
            .multipart(MultiPart::alternative_plain_html(text, html))?;
        self.send(sender, message).await?;
        Ok(sender.message_id(&local))
    }

    /// A contact request to the institution's `contactEmail`: who asked, why, and what they told us
    /// (`details` are label/value lines). Text and HTML; replies go to the member when they gave an
    /// address, else to the institution's reply address.
    pub async fn send_contact_request(
        &self,
        sender: &Sender,
        to: &str,
        institution_name: &str,
        reason: &str,
        reply_to: Option<&str>,
        details: &[(String, String)],
    ) -> anyhow::Result<()> {
        let mut text = format!("A contact request for {institution_name}: {reason}.\n\n");
        for (label, value) in details {
            text.push_str(&format!("{label}: {value}\n"));
        }
        let rows: String = details
            .iter()
            .map(|(label, value)| format!("<tr><th align=\"left\">{}</th><td>{}</td></tr>", html_escape(label), html_escape(value)))
            .collect();
        let html = format!(
            "<p>A contact request for {inst}: <strong>{reason}</strong>.</p><table cellpadding=\"4\">{rows}</table>",
            inst = html_escape(institution_name),
            reason = html_escape(reason),
        );
        let member: Option<Mailbox> = reply_to.and_then(|r| r.parse().ok());
        let reply_to = member.as_ref().unwrap_or(&sender.reply_to);
        let message = Self::builder(sender, to, &new_message_local("contact"), reply_to, format!("Contact request: {reason}"))?
            .multipart(MultiPart::alternative_plain_html(text, html))?;
        self.send(sender, message).await
    }

    /// The contract copy (text and HTML), with the PDF attached.
    pub async fn send_contract(&self, sender: &Sender, email: &PurchaseEmail, pdf: Vec<u8>) -> anyhow::Result<String> {
        let local = format!("{}.contract", email.policy_id);
        let language = email.language;
        let label = |key: &str| language.text(&format!("emails.contract.{key}"));
        let values = [
            ("firstName", email.first_name.as_str()),
            ("product", email.product_name.as_str()),
            ("contract", email.contract_number.as_str()),
            ("vehicle", email.vehicle.as_str()),
            ("coverage", email.coverage_name.as_str()),
            ("term", email.term.as_str()),
            ("deductible", email.deductible.as_str()),
            ("ends", email.coverage_ends.as_str()),
            ("link", email.contract_link.as_str()),
            ("institution", email.institution_name.as_str()),
            ("phone", email.institution_phone.as_str()),
        ];
        let text = language.fill("emails.contract.body", &values);
        let html = branded_html(
            email,
            &language.fill("emails.contract.title", &values),
            &language.fill("emails.contract.intro", &values),
            &[
                (label("contractNumber"), email.contract_number.as_str()),
                (label("coverage"), email.coverage_name.as_str()),
                (label("term"), email.term.as_str()),
                (label("deductible"), email.deductible.as_str()),
            ],
            &format!("{} {}", language.fill("emails.contract.outro", &values), language.fill("emails.callUs", &values)),
            Some((language.text("labels.findYourContract"), email.contract_link.as_str())),
        );
        let attachment = Attachment::new(language.fill("emails.contract.attachment", &values))
            .body(pdf, ContentType::parse("application/pdf").expect("static content type"));
        let subject = language.fill("emails.contract.subject", &values);
        let message = Self::builder(sender, &email.to, &local, &sender.reply_to, subject)?
            .multipart(MultiPart::mixed().multipart(MultiPart::alternative_plain_html(text, html)).singlepart(attachment))?;
        self.send(sender, message).await?;
        Ok(sender.message_id(&local))
    }
}

/// A fresh Message-ID's local part (`kind.random`).
fn new_message_local(kind: &str) -> String {
    format!("{kind}.{:032x}", rand::random::<u128>())
}

/// Escapes text for an HTML email body.
fn html_escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_relay_may_be_plain_starttls_or_tls() {
        let from = "Summit Credit Union <no-reply@vsc.summitcu.org>";
        for url in [
            "smtp://127.0.0.1:1025",
            "smtp://127.0.0.1:1025/",
            "smtp://mailer:secret@smtp.summitcu.org:587?tls=required",
            "smtps://mailer:s%40cret@smtp.summitcu.org:465",
            "smtps://smtp.summitcu.org",
        ] {
            assert!(Mailer::new(url, from).is_ok(), "{url}");
        }
        for url in ["http://smtp.summitcu.org", "smtp://", "smtp.summitcu.org:25"] {
            assert!(Mailer::new(url, from).is_err(), "{url}");
        }
    }
}
