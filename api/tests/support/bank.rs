//! The demo bank (tools/demo-bank/bank.mjs): a real OpenID Connect provider (oidc-provider) as
//! Summit's identity provider, with its users and its launch tokens, one per test app.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Command, Stdio};

use serde_json::{Value, json};

use super::process::Process;
use super::{random_suffix, workspace};

/// The client secret the bank and the app's Summit share in the tests.
pub const MEMBER_SECRET: &str = "test-bank-member-secret-0123456789";
/// The staff console's client secret at the bank in the tests.
pub const STAFF_SECRET: &str = "test-bank-staff-secret-0123456789";

pub struct Bank {
    /// The issuer (`http://127.0.0.1:PORT`).
    pub url: String,
    /// Institutions whose Summit names this bank, and the secret's file.
    dir: PathBuf,
    _process: Process,
}

impl Drop for Bank {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

impl Bank {
    /// Starts a bank whose clients send members back to `app_url`.
    pub async fn start(app_url: &str) -> Self {
        let mut child = Command::new("node")
            .arg(workspace().join("tools/demo-bank/bank.mjs"))
            .args(["--port", "0", "--app-url", app_url])
            .env("COVERLINE_DEMO_BANK_MEMBER_SECRET", MEMBER_SECRET)
            .env("COVERLINE_DEMO_BANK_STAFF_SECRET", STAFF_SECRET)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start the demo bank (node tools/demo-bank/bank.mjs; make test installs its packages)");
        let stdout = child.stdout.take().unwrap();
        let process = Process(child);
        // Read on to the end (a closed pipe would fail the bank's next line).
        let (tx, rx) = tokio::sync::oneshot::channel();
        std::thread::spawn(move || {
            let mut tx = Some(tx);
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if let (Some(url), Some(tx)) = (line.strip_prefix("demo-bank listening "), tx.take()) {
                    let _ = tx.send(url.to_string());
                }
            }
        });
        let url = rx.await.expect("the demo bank says where it listens");
        // Summit's launch, pointed at this bank, with the secret in a file.
        let dir = std::env::temp_dir().join(format!("coverline-test-bank-{}", random_suffix()));
        std::fs::create_dir_all(dir.join("institutions/logos")).unwrap();
        let data = workspace().join("data/institutions");
        for entry in std::fs::read_dir(&data).unwrap().chain(std::fs::read_dir(data.join("logos")).unwrap()) {
            let path = entry.unwrap().path();
            let relative = path.strip_prefix(&data).unwrap();
            if path.is_file() {
                std::fs::copy(&path, dir.join("institutions").join(relative)).unwrap();
            }
        }
        let secret = dir.join("member-secret");
        std::fs::write(&secret, MEMBER_SECRET).unwrap();
        let summit = dir.join("institutions/summit-cu.toml");
        let toml = std::fs::read_to_string(&summit)
            .unwrap()
            .replace("http://127.0.0.1:8084", &url)
            .replace("\"env:COVERLINE_SUMMIT_CU_OIDC_SECRET\"", &format!("\"file:{}\"", secret.display()));
        std::fs::write(&summit, toml).unwrap();
        Bank { url, dir, _process: process }
    }

    pub fn institutions_dir(&self) -> PathBuf {
        self.dir.join("institutions")
    }

    /// A launch token the bank's server signs for `user` (jane, sam), with `options` (audience,
    /// expiresIn, issuedAgo, key: "rogue", jti, claims) over the defaults.
    pub async fn launch_token(&self, user: &str, options: Value) -> String {
        let mut request = json!({ "user": user });
        request.as_object_mut().unwrap().extend(options.as_object().cloned().unwrap_or_default());
        let answer: Value =
            reqwest::Client::new().post(format!("{}/launch-token", self.url)).json(&request).send().await.unwrap().json().await.unwrap();
        answer["token"].as_str().expect("a launch token").to_string()
    }
}
