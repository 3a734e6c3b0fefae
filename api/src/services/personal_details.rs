//! Personal details, the business operation behind the user update, the contact requests and the
//! integration launch: names, phone and address checked with the domain's rules (spec section 5),
//! each refusal naming its field.

use coverline_domain::contact::{PersonName, PhoneNumber, StateCode, ZipCode, parse_city, parse_street};
use coverline_store::users::PersonalDetails;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::http::error::ApiResult;

/// An address as the web app (or a partner) sends it.
#[derive(Deserialize, Default, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Address {
    #[serde(default)]
    pub street: String,
    #[serde(default)]
    pub city: String,
    #[serde(default)]
    pub state: String,
    #[serde(default)]
    pub zip: String,
}

/// Personal details checked with spec section 5's rules (trimmed, phone as digits).
#[derive(Debug)]
pub struct CheckedDetails {
    pub first_name: String,
    pub last_name: String,
    pub phone: String,
    pub street: String,
    pub city: String,
    pub state: String,
    pub zip: String,
}

/// Checks names, phone and address with the spec's messages.
pub fn check_details(first: &str, last: &str, phone: &str, address: &Address) -> ApiResult<CheckedDetails> {
    Ok(CheckedDetails {
        first_name: PersonName::parse("firstName", first)?.as_str().to_string(),
        last_name: PersonName::parse("lastName", last)?.as_str().to_string(),
        phone: PhoneNumber::parse(phone)?.digits().to_string(),
        street: parse_street(&address.street)?,
        city: parse_city(&address.city)?,
        state: StateCode::parse(&address.state)?.as_str().to_string(),
        zip: ZipCode::parse(&address.zip)?.as_str().to_string(),
    })
}

impl CheckedDetails {
    /// The store's view of these details.
    pub fn personal_details(&self, is_member: bool, consents_to_solicit: bool) -> PersonalDetails<'_> {
        PersonalDetails {
            first_name: &self.first_name,
            last_name: &self.last_name,
            phone: &self.phone,
            street: &self.street,
            city: &self.city,
            state: &self.state,
            zip: &self.zip,
            is_member,
            consents_to_solicit,
        }
    }
}
