//! Production mode (`COVERLINE_ENV=production`): the real binary refuses to start `serve` and
//! `worker` on the sandbox's public secrets, the compose file's placeholders, a missing secret,
//! the in-process sandbox and the lab data, and names every variable at fault at once. The rules
//! themselves are unit-tested in api/src/config.rs.

use std::process::Command;

use crate::support::workspace;

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
