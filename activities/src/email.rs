//! Email over SMTP (lettre): the verification code, the receipt and the contract copy.
//! Each purchase email carries a deterministic Message-ID, so a resend is recognisable as the same message.

use anyhow::Context;
use lettre::message::{Attachment, Mailbox, MultiPart, SinglePart, header::ContentType};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

/// The SMTP sender.
#[derive(Clone)]
pub struct Mailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl std::fmt::Debug for Mailer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Mailer").field("from", &self.from.to_string()).finish()
    }
}

/// What the receipt and the contract email say.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PurchaseEmail {
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
    pub subtotal: String,
    pub sales_tax: Option<String>,
    pub total: String,
}

impl Mailer {
    /// `smtp_url` is `smtp://host:port` (plain SMTP, as a local relay or catcher speaks it);
    /// `from` like `Coverline <no-reply@coverline.example>`.
    pub fn new(smtp_url: &str, from: &str) -> anyhow::Result<Self> {
        let rest = smtp_url.strip_prefix("smtp://").with_context(|| format!("SMTP URL {smtp_url:?} must start with smtp://"))?;
        let (host, port) = rest.trim_end_matches('/').rsplit_once(':').unwrap_or((rest, "25"));
        let port: u16 = port.parse().with_context(|| format!("SMTP port in {smtp_url:?}"))?;
        let transport = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(host)
            .port(port)
            .timeout(Some(std::time::Duration::from_secs(20)))
            .build();
        Ok(Self { transport, from: from.parse().context("parsing the From address")? })
    }

    async fn send(&self, message: Message) -> anyhow::Result<()> {
        self.transport.send(message).await.context("sending email over SMTP")?;
        Ok(())
    }

    /// Emails a 6-digit verification code.
    pub async fn send_verification_code(&self, to: &str, code: &str, institution_name: &str) -> anyhow::Result<()> {
        let text = format!(
            "Your {institution_name} verification code is {code}.\n\nEnter it on the verification page to continue. \
             It expires in 10 minutes and can be used once. If you did not ask for it, ignore this email."
        );
        let message = Message::builder()
            .from(self.from.clone())
            .to(to.parse().context("recipient address")?)
            .subject(format!("Your verification code: {code}"))
            .header(ContentType::TEXT_PLAIN)
            .body(text)?;
        self.send(message).await
    }

    /// The payment receipt.
    pub async fn send_receipt(&self, email: &PurchaseEmail) -> anyhow::Result<String> {
        let message_id = format!("<{}.receipt@coverline>", email.policy_id);
        let tax = email.sales_tax.as_ref().map(|t| format!("Sales tax: {t}\n")).unwrap_or_default();
        let text = format!(
            "Hello {first},\n\nThank you for your purchase through {inst}. This is your receipt.\n\n\
             Tracking number: {pid}\nDate: {date}\nProduct: {product} ({coverage})\nContract number: {contract}\n\
             Vehicle: {vehicle} (VIN {vin})\nSubtotal: {sub}\n{tax}Amount paid: {total}\n\n\
             A copy of your contract follows in a separate email.\nQuestions? Call {inst} at {phone}.\n",
            first = email.first_name,
            inst = email.institution_name,
            pid = email.payment_id,
            date = email.payment_date,
            product = email.product_name,
            coverage = email.coverage_name,
            contract = email.contract_number,
            vehicle = email.vehicle,
            vin = email.vin,
            sub = email.subtotal,
            total = email.total,
            phone = email.institution_phone,
        );
        let message = Message::builder()
            .message_id(Some(message_id.clone()))
            .from(self.from.clone())
            .to(email.to.parse().context("recipient address")?)
            .subject(format!("Your receipt from {}", email.institution_name))
            .header(ContentType::TEXT_PLAIN)
            .body(text)?;
        self.send(message).await?;
        Ok(message_id)
    }

    /// A contact request to the institution's `contactEmail`: who asked, why, and what they told us
    /// (`details` are label/value lines). Text and HTML; replies go to the member when they gave an address.
    pub async fn send_contact_request(
        &self,
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
        let mut builder = Message::builder().from(self.from.clone()).to(to.parse().context("institution contact address")?);
        if let Some(reply) = reply_to.and_then(|r| r.parse().ok()) {
            builder = builder.reply_to(reply);
        }
        let message = builder
            .subject(format!("Contact request: {reason}"))
            .multipart(MultiPart::alternative_plain_html(text, html))?;
        self.send(message).await
    }

    /// The contract copy, with the PDF attached.
    pub async fn send_contract(&self, email: &PurchaseEmail, pdf: Vec<u8>) -> anyhow::Result<String> {
        let message_id = format!("<{}.contract@coverline>", email.policy_id);
        let text = format!(
            "Hello {first},\n\nAttached is your {product}, contract number {contract}, for your {vehicle}.\n\
             Coverage: {coverage}, {term}, deductible {deductible}.\n\nKeep it with your vehicle records.\n\
             Questions? Call {inst} at {phone}.\n",
            first = email.first_name,
            product = email.product_name,
            contract = email.contract_number,
            vehicle = email.vehicle,
            coverage = email.coverage_name,
            term = email.term,
            deductible = email.deductible,
            inst = email.institution_name,
            phone = email.institution_phone,
        );
        let attachment = Attachment::new(format!("contract-{}.pdf", email.contract_number))
            .body(pdf, ContentType::parse("application/pdf").expect("static content type"));
        let message = Message::builder()
            .message_id(Some(message_id.clone()))
            .from(self.from.clone())
            .to(email.to.parse().context("recipient address")?)
            .subject(format!("Your {} ({})", email.product_name, email.contract_number))
            .multipart(MultiPart::mixed().singlepart(SinglePart::plain(text)).singlepart(attachment))?;
        self.send(message).await?;
        Ok(message_id)
    }
}

/// Escapes text for an HTML email body.
fn html_escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}
