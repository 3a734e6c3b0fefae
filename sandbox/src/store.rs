//! The sandbox's state: in memory behind a mutex, mirrored to a JSON file after every change.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use anyhow::Context;
use serde::{Deserialize, Serialize};

use crate::provider::ContractRequest;
use crate::webhooks::Delivery;

const REQUEST_ID_PREFIX: &str = "req_";

/// The id the merchant knows a signed request by: `req_` + the nonce its claims carry.
pub fn request_id(nonce: &str) -> String {
    format!("{REQUEST_ID_PREFIX}{nonce}")
}

/// The nonce a request id was made from, when it is one.
pub fn nonce_of(request_id: &str) -> Option<&str> {
    request_id.strip_prefix(REQUEST_ID_PREFIX)
}

/// Everything that must survive a restart.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct State {
    /// Approved charges by tracking number.
    #[serde(default)]
    pub transactions: BTreeMap<String, Transaction>,
    /// Nonces of signed requests already charged, to the tracking number they paid.
    #[serde(default)]
    pub used_nonces: BTreeMap<String, String>,
    /// Every payment request signed, by request id.
    #[serde(default)]
    pub requests: BTreeMap<String, PaymentRequest>,
    /// Webhook deliveries in the order their events happened.
    #[serde(default)]
    pub deliveries: Vec<Delivery>,
    /// Booked contracts in booking order.
    #[serde(default)]
    pub contracts: Vec<Contract>,
    /// Last contract sequence issued per `<PROVIDER>-<YYYY>`.
    #[serde(default)]
    pub sequences: BTreeMap<String, u32>,
}

/// A payment request the gateway signed, as `/v1/sign` received it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PaymentRequest {
    pub request_id: String,
    /// Cents.
    pub amount: i64,
    pub apply_funds_to: String,
    pub payment_account_id: String,
    pub created_at: i64,
    pub expires_at: i64,
}

/// An approved charge. Only the card's last four digits are kept.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Transaction {
    pub tracking_number: String,
    pub nonce: String,
    pub amount: i64,
    pub apply_funds_to: String,
    pub payment_account_id: String,
    pub paid_at: i64,
    pub card_last4: String,
    /// Order of approval, 1 for the first charge (0 in states saved before it was kept).
    #[serde(default)]
    pub sequence: u64,
    /// Refunds of this charge, oldest first; they never add up to more than `amount`.
    #[serde(default)]
    pub refunds: Vec<Refund>,
}

impl Transaction {
    /// The id of the payment request this charge paid.
    pub fn request_id(&self) -> String {
        request_id(&self.nonce)
    }

    /// Cents refunded so far.
    pub fn refunded_amount(&self) -> i64 {
        self.refunds.iter().map(|r| r.amount).sum()
    }
}

/// Money given back from a charge.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Refund {
    pub refund_id: String,
    /// Cents.
    pub amount: i64,
    /// Cents refunded from the charge once this refund was made, this one included.
    pub refunded_amount: i64,
    pub reason: String,
    pub refunded_at: i64,
    /// The merchant's `Idempotency-Key`: the same key again answers with this refund.
    pub idempotency_key: String,
}

/// A contract the provider booked.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Contract {
    pub idempotency_key: String,
    pub contract_number: String,
    pub status: ContractStatus,
    pub request: ContractRequest,
    pub booked_at: i64,
    #[serde(default)]
    pub voided_at: Option<i64>,
}

/// Where a contract stands at the provider.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ContractStatus {
    Booked,
    Voided,
}

impl ContractStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Booked => "booked",
            Self::Voided => "voided",
        }
    }
}

/// The state and the file it is mirrored to.
pub struct Store {
    state: Mutex<State>,
    file: Option<PathBuf>,
}

impl Store {
    /// Loads `file` when it exists, else starts empty.
    pub fn open(file: Option<PathBuf>) -> anyhow::Result<Self> {
        let state = match &file {
            Some(path) => match std::fs::read(path) {
                Ok(bytes) => serde_json::from_slice(&bytes).with_context(|| format!("parsing {}", path.display()))?,
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => State::default(),
                Err(e) => return Err(e).with_context(|| format!("reading {}", path.display())),
            },
            None => State::default(),
        };
        Ok(Self { state: Mutex::new(state), file })
    }

    /// Reads the state.
    pub fn read<R>(&self, f: impl FnOnce(&State) -> R) -> R {
        f(&self.state.lock().unwrap_or_else(|p| p.into_inner()))
    }

    /// Applies `f` to a copy of the state; when it changed anything, writes the file and only
    /// then makes the change visible. A failed write leaves memory and file as they were.
    pub fn update<R>(&self, f: impl FnOnce(&mut State) -> R) -> anyhow::Result<R> {
        let mut guard = self.state.lock().unwrap_or_else(|p| p.into_inner());
        let mut next = guard.clone();
        let out = f(&mut next);
        if next != *guard {
            if let Some(path) = &self.file {
                write_atomically(path, &next)?;
            }
            *guard = next;
        }
        Ok(out)
    }
}

fn write_atomically(path: &Path, state: &State) -> anyhow::Result<()> {
    let bytes = serde_json::to_vec_pretty(state).context("serialising the sandbox state")?;
    let mut tmp_name = path.file_name().context("state file has no file name")?.to_os_string();
    tmp_name.push(".tmp");
    let tmp = path.with_file_name(tmp_name);
    let mut file = std::fs::File::create(&tmp).with_context(|| format!("creating {}", tmp.display()))?;
    file.write_all(&bytes).and_then(|()| file.sync_all()).with_context(|| format!("writing {}", tmp.display()))?;
    drop(file);
    std::fs::rename(&tmp, path).with_context(|| format!("renaming {} to {}", tmp.display(), path.display()))?;
    Ok(())
}
