//! A real SMTP receiver (RFC 5321 subset: EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT) that keeps
//! every message it accepts, so tests read exactly what Coverline sent over the wire.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

/// A received message: envelope recipients and the raw DATA.
#[derive(Debug, Clone)]
pub struct Received {
    pub to: Vec<String>,
    pub data: String,
}

/// The receiver and its messages.
#[derive(Clone)]
pub struct Inbox {
    pub port: u16,
    messages: Arc<Mutex<Vec<Received>>>,
}

impl Inbox {
    /// Starts listening on a random loopback port.
    pub async fn start() -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let messages = Arc::new(Mutex::new(Vec::new()));
        let store = messages.clone();
        tokio::spawn(async move {
            loop {
                let Ok((socket, _)) = listener.accept().await else { return };
                let store = store.clone();
                tokio::spawn(async move {
                    let (read, mut write) = socket.into_split();
                    let mut lines = BufReader::new(read).lines();
                    let _ = write.write_all(b"220 coverline-test ESMTP\r\n").await;
                    let mut to = Vec::new();
                    while let Ok(Some(line)) = lines.next_line().await {
                        let upper = line.to_ascii_uppercase();
                        let reply: &[u8] = if upper.starts_with("EHLO") || upper.starts_with("HELO") {
                            b"250 coverline-test\r\n"
                        } else if upper.starts_with("MAIL FROM") {
                            to.clear();
                            b"250 OK\r\n"
                        } else if upper.starts_with("RCPT TO") {
                            to.push(line[8..].trim().trim_start_matches(':').trim().trim_matches(['<', '>']).to_string());
                            b"250 OK\r\n"
                        } else if upper == "DATA" {
                            let _ = write.write_all(b"354 end with <CRLF>.<CRLF>\r\n").await;
                            let mut data = String::new();
                            while let Ok(Some(l)) = lines.next_line().await {
                                if l == "." {
                                    break;
                                }
                                data.push_str(l.strip_prefix('.').filter(|_| l.starts_with("..")).unwrap_or(&l));
                                data.push('\n');
                            }
                            store.lock().unwrap().push(Received { to: std::mem::take(&mut to), data });
                            b"250 queued\r\n"
                        } else if upper == "QUIT" {
                            let _ = write.write_all(b"221 bye\r\n").await;
                            break;
                        } else {
                            b"250 OK\r\n"
                        };
                        let _ = write.write_all(reply).await;
                    }
                });
            }
        });
        Self { port, messages }
    }

    /// Every message received.
    #[allow(dead_code)] // the chaos harness (bench/, which includes this file) reads them all
    pub fn all(&self) -> Vec<Received> {
        self.messages.lock().unwrap().clone()
    }

    /// Messages received for `address`.
    pub fn to(&self, address: &str) -> Vec<Received> {
        self.messages.lock().unwrap().iter().filter(|m| m.to.iter().any(|t| t.eq_ignore_ascii_case(address))).cloned().collect()
    }

    /// Waits until `address` has at least `n` messages.
    pub async fn wait_for(&self, address: &str, n: usize) -> Vec<Received> {
        for _ in 0..300 {
            let got = self.to(address);
            if got.len() >= n {
                return got;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("expected {n} emails to {address}, got {}", self.to(address).len());
    }
}

/// The 6-digit code in a verification email.
pub fn code_in(message: &Received) -> String {
    subject(message).chars().filter(char::is_ascii_digit).collect()
}

/// The message as text: each MIME part's body decoded (quoted-printable: soft line breaks joined,
/// `=XX` as the byte; base64), the headers as they are, lines ending in `\n`: what a reader sees.
pub fn decoded(message: &Received) -> String {
    decoded_part(&message.data.replace("\r\n", "\n"))
}

/// A part (or the whole message) with its body decoded, its own parts each in turn.
fn decoded_part(raw: &str) -> String {
    let (headers, body) = raw.split_once("\n\n").unwrap_or((raw, ""));
    let head = format!("{headers}\n\n");
    let boundary = header(&head, "content-type").and_then(|t| {
        let at = t.find("boundary=")? + "boundary=".len();
        Some(t[at..].trim_matches('"').split(['"', ';']).next()?.to_string())
    });
    let encoding = header(&head, "content-transfer-encoding").unwrap_or_default().to_ascii_lowercase();
    let body = match boundary {
        Some(boundary) => {
            body.split(&format!("--{boundary}")).map(|part| decoded_part(part.trim_start_matches('\n'))).collect::<Vec<_>>().join("\n")
        }
        None if encoding == "base64" => {
            use base64::Engine as _;
            let bytes = base64::engine::general_purpose::STANDARD.decode(body.split_whitespace().collect::<String>()).unwrap_or_default();
            String::from_utf8_lossy(&bytes).into_owned()
        }
        None if encoding == "quoted-printable" => quoted_printable(body),
        None => body.to_string(),
    };
    format!("{headers}\n\n{body}")
}

/// Quoted-printable text decoded (RFC 2045: `=` at a line's end joins it to the next).
fn quoted_printable(body: &str) -> String {
    let body = body.replace("=\n", "");
    let bytes = body.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        if bytes[i] == b'='
            && i + 2 < bytes.len()
            && let (Some(h), Some(l)) = (hex(bytes[i + 1]), hex(bytes[i + 2]))
        {
            out.push((h * 16 + l) as u8);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The message's subject as a reader sees it: RFC 2047 encoded words (`=?utf-8?b?…?=`, `?q?`)
/// decoded, and the whitespace between two encoded words dropped.
pub fn subject(message: &Received) -> String {
    use base64::Engine as _;
    let raw = header(&message.data.replace("\r\n", "\n"), "subject").expect("a subject");
    let mut out = String::new();
    let mut last_encoded = false;
    for word in raw.split(' ') {
        let parts: Vec<&str> =
            word.strip_prefix("=?").and_then(|w| w.strip_suffix("?=")).map(|w| w.splitn(3, '?').collect()).unwrap_or_default();
        let (text, encoded) = match parts[..] {
            [_charset, encoding, text] if encoding.eq_ignore_ascii_case("b") => {
                (String::from_utf8_lossy(&base64::engine::general_purpose::STANDARD.decode(text).unwrap_or_default()).into_owned(), true)
            }
            [_charset, _q, text] => (quoted_printable(&text.replace('_', " ")), true),
            _ => (word.to_string(), false),
        };
        // Two encoded words in a row join without the space between them.
        let joined = encoded && last_encoded;
        if !out.is_empty() && !joined {
            out.push(' ');
        }
        out.push_str(&text);
        last_encoded = encoded;
    }
    out
}

/// A header's value in a raw message (its header block only), its folded lines joined.
pub fn header(data: &str, name: &str) -> Option<String> {
    let (head, _) = data.split_once("\n\n")?;
    let mut lines = head.lines().peekable();
    while let Some(line) = lines.next() {
        if let Some((n, value)) = line.split_once(':')
            && n.eq_ignore_ascii_case(name)
        {
            let mut value = value.trim().to_string();
            while let Some(next) = lines.next_if(|l| l.starts_with([' ', '\t'])) {
                value.push(' ');
                value.push_str(next.trim());
            }
            return Some(value);
        }
    }
    None
}
