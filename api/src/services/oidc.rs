//! Coverline as an OpenID Connect relying party, on the `openidconnect` crate: the authorization
//! code flow with PKCE and a nonce, the ID token verified by the crate (signature, issuer,
//! audience, expiry, nonce, `at_hash`), UserInfo merged in. Used by the members' launch from
//! online banking (crate::services::launch) and the staff console's sign-in
//! (crate::services::staff). The callers keep the state, the verifier and the nonce between the two
//! halves (`oidc_sign_ins`), bound to the browser that started.

use std::sync::LazyLock;
use std::time::Duration;

use openidconnect::core::{CoreAuthenticationFlow, CoreClient, CoreGenderClaim, CoreProviderMetadata};
use openidconnect::{
    AccessTokenHash, AdditionalClaims, AuthorizationCode, ClaimsVerificationError, ClientId, ClientSecret, CsrfToken, IssuerUrl, Nonce,
    OAuth2TokenResponse, PkceCodeChallenge, PkceCodeVerifier, RedirectUrl, Scope, TokenResponse, UserInfoClaims,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::http::app::Clock;

/// Discovery documents are kept this long, then read again.
const METADATA_TTL: Duration = Duration::from_secs(600);

/// The HTTP client for identity providers: no redirects (a redirect could send the request
/// anywhere: SSRF), short timeouts.
pub(crate) static HTTP: LazyLock<reqwest::Client> = LazyLock::new(|| {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .connect_timeout(Duration::from_secs(5))
        .timeout(Duration::from_secs(10))
        .build()
        .expect("the identity providers' HTTP client builds")
});

/// Discovery documents by issuer.
static DISCOVERED: LazyLock<moka::future::Cache<String, CoreProviderMetadata>> =
    LazyLock::new(|| moka::future::Cache::builder().max_capacity(256).time_to_live(METADATA_TTL).build());

/// Every claim the tokens or UserInfo carry beyond the standard ones (`jti`, roles, an
/// institution's own names).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct OtherClaims {
    #[serde(flatten)]
    pub claims: serde_json::Map<String, Value>,
}

impl AdditionalClaims for OtherClaims {}

/// Coverline's client at one identity provider.
pub struct RelyingParty {
    pub issuer: String,
    pub client_id: String,
    pub client_secret: String,
    /// Coverline's callback.
    pub redirect: String,
    /// Besides `openid`.
    pub scopes: Vec<String>,
}

/// Why a sign-in did not verify.
#[derive(Debug)]
pub enum Failure {
    /// The ID token expired.
    Expired(String),
    /// Anything that does not verify, or a provider's refusal of the code.
    Invalid(String),
    /// The provider could not be reached, or its configuration does not parse.
    Unavailable(String),
}

/// A sign-in to start: where to send the browser, and what the callback needs to finish it.
pub struct SignIn {
    pub authorize_url: String,
    pub state: String,
    pub pkce_verifier: String,
    pub nonce: String,
}

/// The time the crate checks tokens against: the app's clock (the lab moves it).
pub(crate) fn at(clock: &Clock) -> impl Fn() -> chrono::DateTime<chrono::Utc> + Send + Sync + 'static {
    let clock = clock.clone();
    move || chrono::DateTime::from_timestamp(clock.now(), 0).unwrap_or_default()
}

type Client = CoreClient<
    openidconnect::EndpointSet,
    openidconnect::EndpointNotSet,
    openidconnect::EndpointNotSet,
    openidconnect::EndpointNotSet,
    openidconnect::EndpointMaybeSet,
    openidconnect::EndpointMaybeSet,
>;

/// The provider's client: its discovery document (cached), the client id and secret, the callback.
async fn client(rp: &RelyingParty) -> Result<Client, Failure> {
    let unavailable = |what: &str, e: &dyn std::fmt::Display| Failure::Unavailable(format!("{what}: {e}"));
    let issuer = IssuerUrl::new(rp.issuer.clone()).map_err(|e| unavailable("issuer URL", &e))?;
    let metadata = DISCOVERED
        .try_get_with(rp.issuer.clone(), async { CoreProviderMetadata::discover_async(issuer, &*HTTP).await.map_err(|e| e.to_string()) })
        .await
        .map_err(|e| unavailable("discovery", &e))?;
    let redirect = RedirectUrl::new(rp.redirect.clone()).map_err(|e| unavailable("callback URL", &e))?;
    Ok(CoreClient::from_provider_metadata(metadata, ClientId::new(rp.client_id.clone()), Some(ClientSecret::new(rp.client_secret.clone())))
        .set_redirect_uri(redirect))
}

/// Starts a sign-in: authorization code with PKCE S256, a fresh state and nonce.
pub async fn start(rp: &RelyingParty) -> Result<SignIn, Failure> {
    let client = client(rp).await?;
    let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
    let mut request = client.authorize_url(CoreAuthenticationFlow::AuthorizationCode, CsrfToken::new_random, Nonce::new_random);
    for scope in &rp.scopes {
        request = request.add_scope(Scope::new(scope.clone()));
    }
    let (url, csrf, nonce) = request.set_pkce_challenge(challenge).url();
    Ok(SignIn {
        authorize_url: url.to_string(),
        state: csrf.secret().clone(),
        pkce_verifier: verifier.secret().clone(),
        nonce: nonce.secret().clone(),
    })
}

/// Finishes a sign-in: the code exchanged (with the PKCE verifier), the ID token verified (with
/// the nonce, and its `at_hash`), UserInfo read. Returns the subject and every claim (the ID
/// token's, then UserInfo's over them).
pub async fn finish(
    rp: &RelyingParty,
    code: &str,
    pkce_verifier: String,
    nonce: String,
    clock: &Clock,
) -> Result<(String, Value), Failure> {
    let invalid = |what: &str, e: &dyn std::fmt::Display| Failure::Invalid(format!("{what}: {e}"));
    let client = client(rp).await?;
    let exchange =
        client.exchange_code(AuthorizationCode::new(code.to_string())).map_err(|e| Failure::Unavailable(format!("token endpoint: {e}")))?;
    let tokens = exchange.set_pkce_verifier(PkceCodeVerifier::new(pkce_verifier)).request_async(&*HTTP).await.map_err(|e| match e {
        openidconnect::RequestTokenError::ServerResponse(answer) => Failure::Invalid(format!("code exchange: {answer:?}")),
        other => Failure::Unavailable(format!("token endpoint: {other:?}")),
    })?;
    let Some(id_token) = tokens.id_token() else { return Err(Failure::Invalid("code exchange: no ID token".into())) };
    let verifier = client.id_token_verifier().set_time_fn(at(clock));
    let nonce = Nonce::new(nonce);
    let claims = id_token.claims(&verifier, &nonce).map_err(|e| match e {
        ClaimsVerificationError::Expired(e) => Failure::Expired(e),
        other => invalid("ID token", &other),
    })?;
    if let Some(expected) = claims.access_token_hash() {
        let signing = (id_token.signing_alg(), id_token.signing_key(&verifier));
        let (Ok(alg), Ok(key)) = signing else { return Err(Failure::Invalid("at_hash: no signing key".into())) };
        let actual = AccessTokenHash::from_token(tokens.access_token(), alg, key).map_err(|e| invalid("at_hash", &e))?;
        if actual != *expected {
            return Err(Failure::Invalid("at_hash: the access token is not the ID token's".into()));
        }
    }
    let mut all = serde_json::to_value(claims).map_err(|e| invalid("claims", &e))?;
    let request = client.user_info(tokens.access_token().clone(), Some(claims.subject().clone()));
    if let Ok(request) = request {
        let info: UserInfoClaims<OtherClaims, CoreGenderClaim> =
            request.request_async(&*HTTP).await.map_err(|e| Failure::Unavailable(format!("UserInfo: {e}")))?;
        if let (Value::Object(all), Ok(Value::Object(more))) = (&mut all, serde_json::to_value(&info)) {
            all.extend(more);
        }
    }
    Ok((claims.subject().as_str().to_string(), all))
}
