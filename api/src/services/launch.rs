//! Members launched from their institution's online banking, already signed in (docs/launch.md).
//!
//! Two ways in, each configured per institution (`[launch]` in its TOML):
//! - **OpenID Connect**: Coverline is a relying party of the institution's identity provider
//!   (authorization code with PKCE, a nonce, the state bound to the browser by a cookie). The ID
//!   token is verified by the `openidconnect` crate; the member's details come from the ID token
//!   and the UserInfo endpoint.
//! - **A signed launch token**: a JWT the institution's server signs (RS256 or ES256, its keys at
//!   its JWKS URL) and posts with the member. The same crate verifies it as an ID token whose
//!   audience is the institution's launch audience; Coverline adds what a launch needs: at most
//!   five minutes between `iat` and `exp`, and each `jti` used once (one atomic insert).
//!
//! Either way the member starts at car lookup with a session: a member of the institution, their
//! details prefilled (still shown for review and editable), their email verified when the
//! institution says so. Nothing of theirs goes to Temporal: the checkout records the step and the
//! state of residence only.

use std::sync::LazyLock;
use std::time::Duration;

use coverline_domain::checkout::{Answers, Step};
use coverline_domain::contact::EmailAddress;
use coverline_domain::institution::{Institution, LaunchClaims, OidcLaunch, TokenLaunch};
use openidconnect::core::{CoreGenderClaim, CoreJsonWebKey, CoreJweContentEncryptionAlgorithm, CoreJwsSigningAlgorithm};
use openidconnect::{ClaimsVerificationError, ClientId, IdToken, IdTokenVerifier, IssuerUrl, JsonWebKeySet, JsonWebKeySetUrl, Nonce};
use serde_json::Value;

use crate::http::app::AppState;
use crate::services::checkouts;
use crate::services::oidc::{self, HTTP, OtherClaims};
use crate::services::personal_details::{Address, CheckedDetails, check_details};

/// An OpenID Connect sign-in may take this long between the bank and the callback.
pub const SIGN_IN_TTL_SECS: i64 = 600;
/// The longest a launch token may live (`exp - iat`).
pub const TOKEN_MAX_LIFETIME_SECS: i64 = 300;
/// How far ahead of Coverline's clock a token's `iat` may be (the bank's clock may run fast).
const CLOCK_SKEW_SECS: i64 = 60;
/// Key sets are kept this long, then read again.
const METADATA_TTL: Duration = Duration::from_secs(600);
/// A key set is read again for an unknown key at most this often (keys rotate; a stream of
/// tokens with made-up key ids must not turn into a stream of requests to the bank).
const JWKS_REFRESH_MIN: Duration = Duration::from_secs(30);

/// Why a launch was refused. The member lands on the splash, which says what to do
/// (`?launch=` [`Refusal::as_str`]); the log says more.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// The token or the sign-in is too old: open it again from online banking.
    Expired,
    /// The token (its `jti`) or the sign-in (its state) was used already.
    Used,
    /// Anything that does not verify: signature, issuer, audience, nonce, the browser's binding,
    /// an institution that offers no such launch.
    Invalid,
    /// The institution's claims lack the member's details, or the rules refuse them.
    Details,
    /// The member declined at the bank, or its identity provider answered an error.
    Denied,
    /// The institution's identity provider or key set could not be reached, or its client secret
    /// is not where the configuration says.
    Unavailable,
}

impl Refusal {
    pub fn as_str(self) -> &'static str {
        match self {
            Refusal::Expired => "expired",
            Refusal::Used => "used",
            Refusal::Invalid => "invalid",
            Refusal::Details => "details",
            Refusal::Denied => "denied",
            Refusal::Unavailable => "unavailable",
        }
    }
}

/// Which way a member was launched.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    Oidc,
    Token,
}

impl Method {
    fn as_str(self) -> &'static str {
        match self {
            Method::Oidc => "oidc",
            Method::Token => "token",
        }
    }
}

type LaunchIdToken = IdToken<OtherClaims, CoreGenderClaim, CoreJweContentEncryptionAlgorithm, CoreJwsSigningAlgorithm>;

/// The member as the institution describes them.
#[derive(Debug)]
pub struct LaunchedMember {
    /// `<method> <issuer> <sub>`: who the institution said this is.
    pub subject: String,
    pub email: EmailAddress,
    pub email_verified: bool,
    pub details: CheckedDetails,
    pub is_member: bool,
}

/// Launch key sets by URL, with when each was read.
static KEY_SETS: LazyLock<moka::future::Cache<String, (JsonWebKeySet<CoreJsonWebKey>, std::time::Instant)>> =
    LazyLock::new(|| moka::future::Cache::builder().max_capacity(256).time_to_live(METADATA_TTL).build());

/// The secret a reference names: `env:NAME` or `file:PATH` (trimmed).
pub fn resolve_secret(reference: &str) -> anyhow::Result<String> {
    let secret = if let Some(name) = reference.strip_prefix("env:") {
        std::env::var(name).map_err(|_| anyhow::anyhow!("the environment variable {name} is not set"))?
    } else if let Some(path) = reference.strip_prefix("file:") {
        std::fs::read_to_string(path).map_err(|e| anyhow::anyhow!("reading {path}: {e}"))?
    } else {
        anyhow::bail!("a secret reference is env:NAME or file:PATH");
    };
    let secret = secret.trim().to_string();
    anyhow::ensure!(!secret.is_empty(), "the secret at {reference} is empty");
    Ok(secret)
}

fn callback_url(state: &AppState, institution_id: &str) -> String {
    format!("{}/api/institution/{institution_id}/launch/oidc/callback", state.config.public_url.trim_end_matches('/'))
}

/// The institution's relying party: its issuer and client, its secret, Coverline's callback.
fn relying_party(state: &AppState, institution_id: &str, oidc: &OidcLaunch) -> Result<oidc::RelyingParty, Refusal> {
    let client_secret = resolve_secret(&oidc.client_secret).map_err(|e| unavailable(institution_id, "client secret", e))?;
    Ok(oidc::RelyingParty {
        issuer: oidc.issuer.clone(),
        client_id: oidc.client_id.clone(),
        client_secret,
        redirect: callback_url(state, institution_id),
        scopes: oidc.scopes.clone(),
    })
}

fn unavailable(institution_id: &str, what: &str, error: impl std::fmt::Display) -> Refusal {
    tracing::warn!(institution = %institution_id, %error, "launch: {what} unavailable");
    Refusal::Unavailable
}

fn invalid(institution_id: &str, what: &str, error: impl std::fmt::Display) -> Refusal {
    tracing::warn!(institution = %institution_id, %error, "launch refused: {what}");
    Refusal::Invalid
}

fn refused(institution_id: &str, failure: oidc::Failure) -> Refusal {
    match failure {
        oidc::Failure::Expired(e) => {
            tracing::warn!(institution = %institution_id, error = %e, "launch refused: expired");
            Refusal::Expired
        }
        oidc::Failure::Invalid(e) => invalid(institution_id, "sign-in", e),
        oidc::Failure::Unavailable(e) => unavailable(institution_id, "identity provider", e),
    }
}

/// Starts an OpenID Connect sign-in at the institution's identity provider.
pub async fn start_sign_in(state: &AppState, institution: &Institution) -> Result<oidc::SignIn, Refusal> {
    let iid = &institution.institution_id;
    let Some(oidc) = institution.launch.as_ref().and_then(|l| l.oidc.as_ref()) else {
        return Err(invalid(iid, "sign-in", "the institution has no OpenID Connect launch"));
    };
    oidc::start(&relying_party(state, iid, oidc)?).await.map_err(|e| refused(iid, e))
}

/// Finishes a sign-in: the code exchanged, the ID token verified, UserInfo read (crate::services::
/// oidc), the member described.
pub async fn finish_sign_in(
    state: &AppState,
    institution: &Institution,
    code: &str,
    pkce_verifier: String,
    nonce: String,
) -> Result<LaunchedMember, Refusal> {
    let iid = &institution.institution_id;
    let Some(launch) = institution.launch.as_ref() else { return Err(invalid(iid, "sign-in", "no launch")) };
    let Some(config) = launch.oidc.as_ref() else { return Err(invalid(iid, "sign-in", "no OpenID Connect launch")) };
    let rp = relying_party(state, iid, config)?;
    let (sub, all) = oidc::finish(&rp, code, pkce_verifier, nonce, &state.clock).await.map_err(|e| refused(iid, e))?;
    let subject = format!("{} {} {sub}", Method::Oidc.as_str(), config.issuer);
    member_of(iid, subject, &all, &launch.claims)
}

fn refusal_of(institution_id: &str, error: ClaimsVerificationError) -> Refusal {
    match error {
        ClaimsVerificationError::Expired(e) => {
            tracing::warn!(institution = %institution_id, error = %e, "launch refused: expired");
            Refusal::Expired
        }
        other => invalid(institution_id, "token", other),
    }
}

/// The institution's launch key set (cached; read again when `fresh`).
async fn key_set(institution_id: &str, url: &str, fresh: bool) -> Result<(JsonWebKeySet<CoreJsonWebKey>, std::time::Instant), Refusal> {
    if fresh {
        KEY_SETS.invalidate(url).await;
    }
    let parsed = JsonWebKeySetUrl::new(url.to_string()).map_err(|e| unavailable(institution_id, "JWKS URL", e))?;
    KEY_SETS
        .try_get_with(url.to_string(), async {
            JsonWebKeySet::fetch_async(&parsed, &*HTTP).await.map(|set| (set, std::time::Instant::now())).map_err(|e| e.to_string())
        })
        .await
        .map_err(|e| unavailable(institution_id, "JWKS", e))
}

/// Verifies a launch token and spends its `jti`.
pub async fn verify_launch_token(state: &AppState, institution: &Institution, token: &str) -> Result<LaunchedMember, Refusal> {
    let iid = &institution.institution_id;
    let Some(launch) = institution.launch.as_ref() else { return Err(invalid(iid, "launch token", "no launch")) };
    let Some(config) = launch.token.as_ref() else { return Err(invalid(iid, "launch token", "no launch token configured")) };
    let parsed: LaunchIdToken = token.trim().parse().map_err(|e| invalid(iid, "launch token", e))?;
    let (keys, read_at) = key_set(iid, &config.jwks_url, false).await?;
    let claims = match verified(state, config, keys, &parsed) {
        // A key the cached set does not have: the bank may have rotated its keys.
        Err(ClaimsVerificationError::SignatureVerification(openidconnect::SignatureVerificationError::NoMatchingKey))
            if read_at.elapsed() >= JWKS_REFRESH_MIN =>
        {
            let (keys, _) = key_set(iid, &config.jwks_url, true).await?;
            verified(state, config, keys, &parsed)
        }
        other => other,
    }
    .map_err(|e| refusal_of(iid, e))?;
    let (issued, expires) = (claims.issue_time().timestamp(), claims.expiration().timestamp());
    if expires - issued > TOKEN_MAX_LIFETIME_SECS {
        return Err(invalid(iid, "launch token", format!("lives {} s, more than {TOKEN_MAX_LIFETIME_SECS} s", expires - issued)));
    }
    let jti = claims.additional_claims().claims.get("jti").and_then(Value::as_str).unwrap_or_default();
    if jti.is_empty() || jti.len() > 256 {
        return Err(invalid(iid, "launch token", "no jti"));
    }
    let now = state.clock.now();
    let first = state.store.spend_launch_token(iid, jti, expires, now).await.map_err(|e| unavailable(iid, "the store", e))?;
    if !first {
        tracing::warn!(institution = %iid, "launch refused: the token was used already");
        return Err(Refusal::Used);
    }
    let all = serde_json::to_value(claims).map_err(|e| invalid(iid, "claims", e))?;
    let subject = format!("{} {} {}", Method::Token.as_str(), config.issuer, claims.subject().as_str());
    member_of(iid, subject, &all, &launch.claims)
}

fn verified<'t>(
    state: &AppState,
    config: &TokenLaunch,
    keys: JsonWebKeySet<CoreJsonWebKey>,
    token: &'t LaunchIdToken,
) -> Result<&'t openidconnect::IdTokenClaims<OtherClaims, CoreGenderClaim>, ClaimsVerificationError> {
    let issuer = IssuerUrl::new(config.issuer.clone()).map_err(|e| ClaimsVerificationError::Other(e.to_string()))?;
    let clock = state.clock.clone();
    let verifier = IdTokenVerifier::new_public_client(ClientId::new(config.audience.clone()), issuer, keys)
        .set_allowed_algs([CoreJwsSigningAlgorithm::RsaSsaPkcs1V15Sha256, CoreJwsSigningAlgorithm::EcdsaP256Sha256])
        .set_time_fn(oidc::at(&state.clock))
        .set_issue_time_verifier_fn(move |iat| {
            if iat.timestamp() > clock.now() + CLOCK_SKEW_SECS { Err("issued in the future".into()) } else { Ok(()) }
        });
    // A launch token carries no nonce: the single-use `jti` does its work.
    token.claims(&verifier, |_: Option<&Nonce>| Ok(()))
}

/// The member's details from the claims, with the institution's claim names; the rules of the
/// personal-details page apply.
fn member_of(institution_id: &str, subject: String, claims: &Value, names: &LaunchClaims) -> Result<LaunchedMember, Refusal> {
    let text = |name: &str| claims.get(name).and_then(Value::as_str).map(str::trim).unwrap_or_default().to_string();
    let refused = |what: &str, e: &dyn std::fmt::Display| {
        tracing::warn!(institution = %institution_id, claim = what, error = %e, "launch refused: the member's details");
        Refusal::Details
    };
    let email = EmailAddress::parse(&text(&names.email)).map_err(|e| refused(&names.email, &e.message))?;
    let email_verified = match claims.get(&names.email_verified) {
        Some(Value::Bool(b)) => *b,
        // Some providers send it as a string.
        Some(Value::String(s)) => s == "true",
        _ => false,
    };
    let address = claims.get(&names.address).cloned().unwrap_or(Value::Null);
    let part =
        |key: &str| address.get(key).and_then(Value::as_str).map(|s| s.replace(['\r', '\n'], " ").trim().to_string()).unwrap_or_default();
    let address = Address { street: part("street_address"), city: part("locality"), state: part("region"), zip: part("postal_code") };
    let details = check_details(&text(&names.first_name), &text(&names.last_name), &national_phone(&text(&names.phone)), &address)
        .map_err(|e| refused(e.field.as_deref().unwrap_or("details"), &e.message))?;
    let is_member = match &names.membership {
        None => true,
        Some(name) => matches!(claims.get(name), Some(Value::Bool(true))) || claims.get(name).and_then(Value::as_str) == Some("true"),
    };
    Ok(LaunchedMember { subject, email, email_verified, details, is_member })
}

/// A US phone number as ten digits: `+1 303 555 0187` (E.164, as OpenID Connect recommends) or
/// `(303) 555-0187`.
fn national_phone(raw: &str) -> String {
    let digits: String = raw.chars().filter(char::is_ascii_digit).collect();
    match digits.strip_prefix('1') {
        Some(national) if digits.len() == 11 => national.to_string(),
        _ => digits,
    }
}

/// The launched member admitted, reading on in `language` (their browser's, at this institution): a user with their details (and the verified email when the
/// institution said so), a checkout at car lookup (or at the invalid-state page when the
/// institution does not sell in their state). Returns the user's id and where they start.
pub async fn admit(
    state: &AppState,
    institution: &Institution,
    member: LaunchedMember,
    language: coverline_domain::Language,
) -> anyhow::Result<(String, Step)> {
    let user_id = crate::services::ids::new_id("usr");
    let hash = crate::http::auth::hash_password_blocking(&crate::http::auth::generated_password()).await?;
    state.store.insert_user(&user_id, &institution.institution_id, member.email.as_str(), &hash, language).await?;
    state.store.set_user_launch_subject(&user_id, &member.subject).await?;
    // Promotional email only by the member's own tick on the personal-details page.
    state.store.update_personal_details(&user_id, &member.details.personal_details(member.is_member, false)).await?;
    if member.email_verified {
        state.store.mark_email_verified(&user_id).await?;
    }
    let user = state.store.user(&user_id).await?.ok_or_else(|| anyhow::anyhow!("user just inserted"))?;
    let residence = member.details.state.clone();
    let facts = checkouts::facts(state, institution, &user, Some(&residence)).await?;
    let step = if facts.residence_eligible { Step::Lookup } else { Step::InvalidState };
    let answers = Answers { state_of_residence: Some(residence), ..Answers::default() };
    if let Err(e) = checkouts::advance(state, &user, step, answers, facts, None).await {
        // The page records it again when the member arrives.
        tracing::warn!(error = %e.message, %user_id, "the launch was not recorded in the checkout");
    }
    tracing::info!(institution = %institution.institution_id, %user_id, verified = member.email_verified, "member launched from online banking");
    Ok((user_id, step))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn jane() -> Value {
        json!({
            "sub": "jane", "email": "jane.rivera@example.com", "email_verified": true,
            "given_name": "Jane", "family_name": "Rivera", "phone_number": "+1 303 555 0187",
            "address": {"street_address": "1420 Larimer St", "locality": "Denver", "region": "CO", "postal_code": "80202", "country": "US"}
        })
    }

    #[test]
    fn standard_claims_describe_the_member() {
        let member = member_of("summit-cu", "oidc x jane".into(), &jane(), &LaunchClaims::default()).unwrap();
        assert_eq!(member.email.as_str(), "jane.rivera@example.com");
        assert!(member.email_verified && member.is_member);
        assert_eq!(
            (member.details.phone.as_str(), member.details.street.as_str(), member.details.state.as_str()),
            ("3035550187", "1420 Larimer St", "CO")
        );
    }

    #[test]
    fn missing_or_refused_details_refuse_the_launch() {
        let names = LaunchClaims::default();
        for broken in [json!({"email": "not an email"}), json!({"address": {}}), json!({"phone_number": "+44 20 7946 0958"})] {
            let mut claims = jane();
            claims.as_object_mut().unwrap().extend(broken.as_object().unwrap().clone());
            assert_eq!(member_of("summit-cu", String::new(), &claims, &names).unwrap_err(), Refusal::Details, "{broken}");
        }
    }

    #[test]
    fn an_unverified_email_and_a_membership_claim_are_read() {
        let mut claims = jane();
        claims["email_verified"] = json!("false");
        claims["https://summit-cu.example/member"] = json!(false);
        let names = LaunchClaims { membership: Some("https://summit-cu.example/member".into()), ..LaunchClaims::default() };
        let member = member_of("summit-cu", String::new(), &claims, &names).unwrap();
        assert!(!member.email_verified && !member.is_member);
    }

    #[test]
    fn secrets_are_read_from_where_the_reference_says() {
        let file = std::env::temp_dir().join(format!("coverline-secret-{}", std::process::id()));
        std::fs::write(&file, "s3cret\n").unwrap();
        assert_eq!(resolve_secret(&format!("file:{}", file.display())).unwrap(), "s3cret");
        std::fs::remove_file(&file).unwrap();
        assert!(resolve_secret("env:COVERLINE_NO_SUCH_VARIABLE_EVER").is_err());
        assert!(resolve_secret("the-secret-itself").is_err());
    }
}
