//! A browser for the OpenID Connect dances with the demo bank (tools/demo-bank): follows
//! redirects by hand and keeps each host's cookies.

use std::collections::BTreeMap;

use super::TestApp;

/// A browser for the OpenID Connect dance: follows redirects by hand and keeps each host's
/// cookies (name → value; the paths are all the provider's own).
pub struct Browser {
    pub http: reqwest::Client,
    cookies: BTreeMap<(String, String), String>,
}

impl Browser {
    pub fn new() -> Self {
        Self { http: reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap(), cookies: BTreeMap::new() }
    }

    fn host(url: &str) -> String {
        url.split('/').nth(2).unwrap_or_default().to_string()
    }

    pub fn cookie_header(&self, url: &str) -> String {
        let host = Self::host(url);
        self.cookies.iter().filter(|((h, _), _)| *h == host).map(|((_, n), v)| format!("{n}={v}")).collect::<Vec<_>>().join("; ")
    }

    fn keep(&mut self, url: &str, res: &reqwest::Response) {
        let host = Self::host(url);
        for set in res.headers().get_all("set-cookie").iter().map(|v| v.to_str().unwrap()) {
            let (name, value) = set.split(';').next().unwrap().split_once('=').unwrap();
            let key = (host.clone(), name.to_string());
            if value.is_empty() || set.contains("Max-Age=0") || set.contains("expires=Thu, 01 Jan 1970") {
                self.cookies.remove(&key);
            } else {
                self.cookies.insert(key, value.to_string());
            }
        }
    }

    /// One request; the response (its cookies kept).
    pub async fn send(&mut self, method: reqwest::Method, url: &str, form: Option<&[(&str, &str)]>) -> reqwest::Response {
        let mut req = self.http.request(method, url).header("cookie", self.cookie_header(url));
        if let Some(form) = form {
            let body = form_urlencoded::Serializer::new(String::new()).extend_pairs(form).finish();
            req = req.header("content-type", "application/x-www-form-urlencoded").body(body);
        }
        let res = req.send().await.unwrap();
        self.keep(url, &res);
        res
    }

    /// Follows redirects from `url` until a page that is not one; its URL and response.
    pub async fn follow(&mut self, mut url: String, mut res: reqwest::Response) -> (String, reqwest::Response) {
        while res.status().is_redirection() {
            url = Self::redirected(&url, &res);
            res = self.send(reqwest::Method::GET, &url, None).await;
        }
        (url, res)
    }

    /// Where the redirect `res` to a request of `url` sends the browser.
    pub fn redirected(url: &str, res: &reqwest::Response) -> String {
        let location = res.headers()["location"].to_str().unwrap().to_string();
        if location.starts_with("http") { location } else { format!("http://{}{location}", Self::host(url)) }
    }

    /// From Coverline's sign-in start (`start`, an API path) through the bank's sign-in as `user`:
    /// the callback URL at Coverline the bank sends the browser to (not opened yet).
    pub async fn sign_in(&mut self, app: &TestApp, start: &str, user: &str, password: &str) -> String {
        let res = self.send(reqwest::Method::GET, &app.api(start), None).await;
        assert_eq!(res.status().as_u16(), 303);
        let authorize = res.headers()["location"].to_str().unwrap().to_string();
        assert!(authorize.starts_with(&app.bank.as_ref().unwrap().url), "{authorize}");
        for parameter in ["code_challenge_method=S256", "nonce=", "state=", "scope=openid"] {
            assert!(authorize.contains(parameter), "{parameter} in {authorize}");
        }
        let res = self.send(reqwest::Method::GET, &authorize, None).await;
        let (page, res) = self.follow(authorize, res).await;
        assert!(res.text().await.unwrap().contains("Sign in"), "the bank's sign-in page at {page}");
        let login = format!("{}/login", page.split('?').next().unwrap());
        let mut res = self.send(reqwest::Method::POST, &login, Some(&[("username", user), ("password", password)])).await;
        // The provider's own redirects, up to the one that leaves for Coverline.
        let mut url = login;
        loop {
            assert!(res.status().is_redirection(), "the bank answered {} at {url}", res.status());
            url = Self::redirected(&url, &res);
            if url.starts_with(&app.url) {
                return url;
            }
            res = self.send(reqwest::Method::GET, &url, None).await;
        }
    }
}
