//! The staff console's people (docs/staff.md): who signed in (OpenID Connect against the operator's
//! identity provider, crate::services::oidc), their roles and institution, their sessions, what
//! each role may do, and the audit log of what they did.

use std::path::Path;

use coverline_activities::checkout::{new_secret, secret_hash};
use coverline_store::{StaffAction, StaffSession};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use crate::config::StaffConfig;
use crate::http::app::AppState;
use crate::services::oidc;

/// A session ends after this long without a call...
pub const IDLE_SECS: i64 = 30 * 60;
/// ...and this long after sign-in, whatever happens.
pub const MAX_SECS: i64 = 8 * 3600;
/// A sign-in may take this long between the provider and the callback.
pub const SIGN_IN_TTL_SECS: i64 = 600;
/// `oidc_sign_ins.purpose` of a staff sign-in.
pub const PURPOSE: &str = "staff";

/// What a person of the staff may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Role {
    /// Members' purchases: find, read, retry, resend, cancel, refunds, paper copies.
    Support,
    /// Their institution's programme and branding.
    Manager,
    /// Everything, for every institution.
    Admin,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Support => "support",
            Role::Manager => "manager",
            Role::Admin => "admin",
        }
    }

    fn parse(name: &str) -> Option<Role> {
        match name.trim() {
            "support" => Some(Role::Support),
            "manager" => Some(Role::Manager),
            "admin" => Some(Role::Admin),
            _ => None,
        }
    }
}

/// Why a staff sign-in was refused (`/staff?signIn=`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    Denied,
    Expired,
    Invalid,
    Unavailable,
    /// Signed in, but no role of the console.
    NoRole,
    /// The console is not configured on this server.
    Off,
}

impl Refusal {
    pub fn as_str(self) -> &'static str {
        match self {
            Refusal::Denied => "denied",
            Refusal::Expired => "expired",
            Refusal::Invalid => "invalid",
            Refusal::Unavailable => "unavailable",
            Refusal::NoRole => "noRole",
            Refusal::Off => "off",
        }
    }
}

/// A signed-in person of the staff, as their session says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Staff {
    pub session_hash: String,
    /// `<issuer> <sub>`.
    pub subject: String,
    pub name: String,
    pub email: String,
    pub roles: Vec<Role>,
    /// `None`: every institution.
    pub institution_id: Option<String>,
    pub csrf_token: String,
    pub expires_at: i64,
}

impl Staff {
    pub fn from_session(s: StaffSession) -> Self {
        Staff {
            roles: s.roles.split(',').filter_map(Role::parse).collect(),
            session_hash: s.session_hash,
            subject: s.subject,
            name: s.name,
            email: s.email,
            institution_id: s.institution_id,
            csrf_token: s.csrf_token,
            expires_at: s.expires_at.min(s.last_seen_at + IDLE_SECS),
        }
    }

    /// The first of `roles` this person has (the one an action is done as), if any. An admin has
    /// every role.
    pub fn acting_as(&self, roles: &[Role]) -> Option<Role> {
        if self.roles.contains(&Role::Admin) {
            return Some(Role::Admin);
        }
        roles.iter().copied().find(|r| self.roles.contains(r))
    }

    /// Whether this person sees `institution_id`'s members and figures: an admin and the
    /// operator's staff (no institution) see every institution, the others their own.
    pub fn sees(&self, institution_id: &str) -> bool {
        self.roles.contains(&Role::Admin) || self.institution_id.as_deref().is_none_or(|own| own == institution_id)
    }

    /// How the person appears on a purchase's timeline and in logs: `Ana Support <ana@…>`.
    pub fn operator(&self) -> String {
        format!("{} <{}>", self.name, self.email)
    }
}

/// One entry of `COVERLINE_STAFF_ROLES_FILE`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RoleEntry {
    subject: String,
    roles: Vec<String>,
    institution: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RolesFile {
    #[serde(default)]
    staff: Vec<RoleEntry>,
}

/// Who signed in, before their session opens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Person {
    pub subject: String,
    pub name: String,
    pub email: String,
    pub roles: Vec<Role>,
    pub institution_id: Option<String>,
}

/// The person the identity provider describes (`sub` and its claims), with their roles from the
/// roles file when there is one (by `sub`), else from the claims `coverline_roles` (a list, or
/// words) and `coverline_institution`. No known role: refused.
pub fn person_of(config: &StaffConfig, sub: &str, claims: &Value, roles_file: Option<&str>) -> Result<Person, Refusal> {
    let text = |name: &str| claims.get(name).and_then(Value::as_str).map(str::trim).filter(|s| !s.is_empty()).map(str::to_string);
    let (roles, institution_id): (Vec<Role>, Option<String>) = match roles_file {
        Some(file) => {
            let parsed: RolesFile = toml::from_str(file).map_err(|e| {
                tracing::error!(error = %e, "staff sign-in: COVERLINE_STAFF_ROLES_FILE does not parse");
                Refusal::Unavailable
            })?;
            match parsed.staff.into_iter().find(|e| e.subject == sub) {
                Some(entry) => (entry.roles.iter().filter_map(|r| Role::parse(r)).collect(), entry.institution),
                None => (Vec::new(), None),
            }
        }
        None => {
            let roles = match claims.get("coverline_roles") {
                Some(Value::Array(list)) => list.iter().filter_map(Value::as_str).filter_map(Role::parse).collect(),
                Some(Value::String(words)) => words.split_whitespace().filter_map(Role::parse).collect(),
                _ => Vec::new(),
            };
            (roles, text("coverline_institution"))
        }
    };
    if roles.is_empty() {
        tracing::warn!(subject = %sub, "staff sign-in refused: no console role");
        return Err(Refusal::NoRole);
    }
    let email = text("email").unwrap_or_default();
    let name = text("name")
        .or_else(|| match (text("given_name"), text("family_name")) {
            (Some(g), Some(f)) => Some(format!("{g} {f}")),
            (g, f) => g.or(f),
        })
        .unwrap_or_else(|| email.clone());
    Ok(Person { subject: format!("{} {sub}", config.issuer), name, email, roles, institution_id })
}

fn relying_party(state: &AppState) -> Result<(&StaffConfig, oidc::RelyingParty), Refusal> {
    let config = state.config.staff.as_ref().ok_or(Refusal::Off)?;
    Ok((
        config,
        oidc::RelyingParty {
            issuer: config.issuer.clone(),
            client_id: config.client_id.clone(),
            client_secret: config.client_secret.expose().to_string(),
            redirect: format!("{}/api/staff/callback", state.config.public_url.trim_end_matches('/')),
            scopes: config.scopes.clone(),
        },
    ))
}

fn refused(failure: oidc::Failure) -> Refusal {
    match failure {
        oidc::Failure::Expired(e) => {
            tracing::warn!(error = %e, "staff sign-in refused: expired");
            Refusal::Expired
        }
        oidc::Failure::Invalid(e) => {
            tracing::warn!(error = %e, "staff sign-in refused");
            Refusal::Invalid
        }
        oidc::Failure::Unavailable(e) => {
            tracing::warn!(error = %e, "staff sign-in: the identity provider is unavailable");
            Refusal::Unavailable
        }
    }
}

/// Starts a staff sign-in at the configured identity provider.
pub async fn start_sign_in(state: &AppState) -> Result<oidc::SignIn, Refusal> {
    let (_, rp) = relying_party(state)?;
    oidc::start(&rp).await.map_err(refused)
}

/// Finishes a staff sign-in: the person verified and their roles found.
pub async fn finish_sign_in(state: &AppState, code: &str, pkce_verifier: String, nonce: String) -> Result<Person, Refusal> {
    let (config, rp) = relying_party(state)?;
    let (sub, claims) = oidc::finish(&rp, code, pkce_verifier, nonce, &state.clock).await.map_err(refused)?;
    let file = match &config.roles_file {
        Some(path) => Some(read_roles_file(path)?),
        None => None,
    };
    person_of(config, &sub, &claims, file.as_deref())
}

fn read_roles_file(path: &Path) -> Result<String, Refusal> {
    std::fs::read_to_string(path).map_err(|e| {
        tracing::error!(error = %e, path = %path.display(), "staff sign-in: COVERLINE_STAFF_ROLES_FILE cannot be read");
        Refusal::Unavailable
    })
}

/// Opens a session for `person`: returns the cookie's key (only its hash is stored).
pub async fn open_session(state: &AppState, person: &Person) -> anyhow::Result<String> {
    let key = new_secret();
    let now = state.clock.now();
    state
        .store
        .put_staff_session(&StaffSession {
            session_hash: secret_hash(&key),
            subject: person.subject.clone(),
            name: person.name.clone(),
            email: person.email.clone(),
            roles: person.roles.iter().map(|r| r.as_str()).collect::<Vec<_>>().join(","),
            institution_id: person.institution_id.clone(),
            csrf_token: new_secret(),
            created_at: now,
            last_seen_at: now,
            expires_at: now + MAX_SECS,
        })
        .await?;
    Ok(key)
}

/// The live session of a cookie's key, marked used now.
pub async fn session(state: &AppState, key: &str) -> anyhow::Result<Option<Staff>> {
    Ok(state.store.touch_staff_session(&secret_hash(key), state.clock.now(), IDLE_SECS).await?.map(Staff::from_session))
}

/// An action about to be done, for the audit log.
pub struct Audited<'a> {
    pub staff: &'a Staff,
    pub role: Role,
    pub action: &'a str,
    pub target: &'a str,
    pub institution_id: Option<&'a str>,
    pub idempotency_key: &'a str,
}

/// Records `what` as begun: `None` the first time its idempotency key is seen (go ahead, then
/// record the outcome with `Store::finish_staff_action`), else the action the key already names.
pub async fn begin(state: &AppState, what: &Audited<'_>) -> anyhow::Result<(String, Option<StaffAction>)> {
    let action_id = crate::services::ids::new_id("act");
    let row = StaffAction {
        action_id: action_id.clone(),
        subject: what.staff.subject.clone(),
        staff_name: what.staff.name.clone(),
        staff_email: what.staff.email.clone(),
        role: what.role.as_str().to_string(),
        action: what.action.to_string(),
        target: what.target.to_string(),
        institution_id: what.institution_id.map(str::to_string),
        idempotency_key: what.idempotency_key.to_string(),
        outcome: "pending".into(),
        message: String::new(),
        at_ms: state.clock.now() * 1000,
    };
    Ok((action_id, state.store.begin_staff_action(&row).await?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn config() -> StaffConfig {
        StaffConfig {
            issuer: "https://login.example".into(),
            client_id: "coverline-staff".into(),
            client_secret: crate::config::Secret::new("x"),
            roles_file: None,
            scopes: Vec::new(),
        }
    }

    #[test]
    fn roles_come_from_the_claims_or_from_the_file() {
        let claims = json!({"email": "max@summit.example", "given_name": "Max", "family_name": "Manager",
            "coverline_roles": ["manager", "astronaut"], "coverline_institution": "summit-cu"});
        let max = person_of(&config(), "max", &claims, None).unwrap();
        assert_eq!(
            (max.subject.as_str(), max.name.as_str(), max.roles.as_slice(), max.institution_id.as_deref()),
            ("https://login.example max", "Max Manager", &[Role::Manager][..], Some("summit-cu"))
        );
        let words = person_of(&config(), "ana", &json!({"coverline_roles": "support admin"}), None).unwrap();
        assert_eq!(words.roles, [Role::Support, Role::Admin]);
        // With a roles file, the claims do not count: only the file's entry for the subject.
        let file = "[[staff]]\nsubject = \"max\"\nroles = [\"support\"]\n";
        let filed = person_of(&config(), "max", &claims, Some(file)).unwrap();
        assert_eq!((filed.roles.as_slice(), filed.institution_id), (&[Role::Support][..], None));
        assert_eq!(person_of(&config(), "lee", &claims, Some(file)), Err(Refusal::NoRole));
        assert_eq!(person_of(&config(), "sam", &json!({"email": "sam@example.com"}), None), Err(Refusal::NoRole));
        assert_eq!(person_of(&config(), "max", &claims, Some("[[staff]]\nwho = 1")), Err(Refusal::Unavailable));
    }

    #[test]
    fn an_institution_scopes_everyone_but_an_admin() {
        let staff = |roles: Vec<Role>, institution: Option<&str>| Staff {
            session_hash: String::new(),
            subject: String::new(),
            name: String::new(),
            email: String::new(),
            roles,
            institution_id: institution.map(str::to_string),
            csrf_token: String::new(),
            expires_at: 0,
        };
        let lee = staff(vec![Role::Manager], Some("lakeshore-cu"));
        assert!(lee.sees("lakeshore-cu") && !lee.sees("summit-cu"));
        assert_eq!((lee.acting_as(&[Role::Manager]), lee.acting_as(&[Role::Support])), (Some(Role::Manager), None));
        let ana = staff(vec![Role::Support], None);
        assert!(ana.sees("summit-cu") && ana.sees("lakeshore-cu"));
        let root = staff(vec![Role::Admin], Some("summit-cu"));
        assert!(root.sees("lakeshore-cu") && root.acting_as(&[Role::Support]) == Some(Role::Admin));
    }
}
