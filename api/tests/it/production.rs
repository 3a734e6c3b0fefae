//! Production mode (`COVERLINE_ENV=production`): the real binary refuses to start `serve` and
//! `worker` on the sandbox's public secrets, the compose file's placeholders, a missing secret,
//! the in-process sandbox and the lab data, and names every variable at fault at once. The rules
//! themselves are unit-tested in api/src/config.rs.

use std::process::Command;

use crate::support::process::coverline_output;
use crate::support::{Db, Options, on_both_databases, random_suffix, spawn_app, workspace};

/// `coverline <command>` with only `env` (none of the test process's variables).
fn refused(command: &str, env: &[(&str, &str)]) -> String {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_coverline"));
    cmd.arg(command).current_dir(workspace()).env_clear().env("PATH", std::env::var("PATH").unwrap());
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("run coverline");
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(!out.status.success(), "coverline {command} must refuse to start: {stderr}");
    assert!(stderr.contains("COVERLINE_ENV=production refuses to start"), "{stderr}");
    stderr
}

#[test]
fn production_mode_refuses_the_demo_configuration_and_names_every_variable() {
    // What `make run` runs on, in production mode: every default.
    for command in ["serve", "worker"] {
        let said = refused(command, &[("COVERLINE_ENV", "production")]);
        for name in [
            "COVERLINE_SIGNING_KEY is missing",
            "COVERLINE_GATEWAY_MERCHANT_KEY is missing",
            "COVERLINE_GATEWAY_WEBHOOK_SECRET is missing",
            "COVERLINE_PROVIDER_API_KEY is missing",
            "COVERLINE_SANDBOX_ADDR",
            "TEMPORAL_ADDRESS is missing",
            "COVERLINE_PUBLIC_URL must be an https:// URL",
            "COVERLINE_SMTP_URL is missing",
            "COVERLINE_INSTITUTIONS_DIR: data/institutions/summit-cu.toml is lab data",
            "COVERLINE_INTEGRATORS_DIR: data/integrators/demo-partner.toml is lab data",
        ] {
            assert!(said.contains(name), "coverline {command} names {name:?}:\n{said}");
        }
    }

    // The sandbox's own secrets and the compose file's placeholders, set explicitly.
    let said = refused(
        "serve",
        &[
            ("COVERLINE_ENV", "production"),
            ("COVERLINE_GATEWAY_WEBHOOK_SECRET", "sandbox-webhook-secret"),
            ("COVERLINE_GATEWAY_MERCHANT_KEY", "sandbox-merchant-key"),
            ("COVERLINE_PROVIDER_API_KEY", "sandbox-provider-key"),
            ("COVERLINE_SIGNING_KEY", "change-me-to-a-long-random-secret"),
        ],
    );
    for name in
        ["COVERLINE_GATEWAY_WEBHOOK_SECRET", "COVERLINE_GATEWAY_MERCHANT_KEY", "COVERLINE_PROVIDER_API_KEY", "COVERLINE_SIGNING_KEY"]
    {
        assert!(said.contains(&format!("{name} is a public default or a placeholder")), "{name}:\n{said}");
    }
}

/// An institution of the operator's own, imported from a directory of its own (not the image's
/// data directory): every instance serves its logo from the database.
async fn an_institution_imported_from_its_own_directory_serves_its_logo(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let dir = std::env::temp_dir().join(format!("coverline-test-own-institutions-{}", random_suffix()));
    std::fs::create_dir_all(dir.join("logos")).unwrap();
    let id = format!("own-{}", random_suffix());
    let toml = std::fs::read_to_string(workspace().join("data/institutions/summit-cu.toml"))
        .unwrap()
        .replace("institutionId = \"summit-cu\"", &format!("institutionId = \"{id}\""))
        .replace("lab = true", "lab = false")
        .replace("logoName = \"summit-cu.svg\"", "logoName = \"own.png\"");
    std::fs::write(dir.join("own.toml"), toml).unwrap();
    let png: &[u8] = b"\x89PNG\r\n\x1a\n-not-the-demo-logo";
    std::fs::write(dir.join("logos/own.png"), png).unwrap();

    let file = dir.join("own.toml");
    let out = coverline_output(&["institution", "import", file.to_str().unwrap()], &[("DATABASE_URL", app.database_url.clone())]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let res = app.http.get(app.api(&format!("/institution/{id}/logo"))).send().await.unwrap();
    assert_eq!(res.status().as_u16(), 200);
    assert_eq!(res.headers()["content-type"], "image/png");
    assert_eq!(res.bytes().await.unwrap().as_ref(), png, "the file imported, not one of the data directory");
    std::fs::remove_dir_all(&dir).unwrap();
}

on_both_databases!(an_institution_imported_from_its_own_directory_serves_its_logo);
