//! The `coverline` binary as separate processes (serve, worker, sandbox), for the tests that kill
//! or split them.

use std::process::{Child, Command, Stdio};
use std::time::Duration;

pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

fn workspace() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// A child process, killed (SIGKILL) when dropped.
pub struct Process(pub Child);

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `coverline ARGS` with `env`; its stdout goes to `stdout` (a file) or nowhere.
pub fn coverline(args: &[&str], env: &[(&str, String)], stdout: Option<std::fs::File>) -> Process {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_coverline"));
    cmd.args(args).current_dir(workspace()).stderr(Stdio::inherit());
    // The splash's captcha at its cheapest (the test's own env may say otherwise).
    cmd.env("COVERLINE_CAPTCHA_COST", "1").env("COVERLINE_CAPTCHA_MAX_NUMBER", "4");
    match stdout {
        Some(file) => cmd.stdout(Stdio::from(file)),
        None => cmd.stdout(Stdio::null()),
    };
    for (k, v) in env {
        cmd.env(k, v);
    }
    Process(cmd.spawn().expect("start coverline"))
}

/// Runs `coverline ARGS` with `env` to its end; its output (stdout and stderr apart).
pub fn coverline_output(args: &[&str], env: &[(&str, String)]) -> std::process::Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_coverline"));
    cmd.args(args).current_dir(workspace());
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().expect("run coverline")
}

/// Waits (up to 60 s) until `url` answers 2xx.
pub async fn wait_up(http: &reqwest::Client, url: &str) {
    for _ in 0..600 {
        if http.get(url).send().await.is_ok_and(|r| r.status().is_success()) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("{url} never came up");
}
