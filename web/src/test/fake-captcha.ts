// A stand-in for ALTCHA's widget (a third-party web component whose proof of work runs in Web
// Workers, which jsdom has not): it "solves" as it connects, like the real one with auto="onload",
// with a fresh payload each time. The API's check of real solutions is tested in Rust
// (api/tests/it/captcha.rs) and in the browser by Playwright.

/** The payloads the fake widget handed out, oldest first. */
export const fakeCaptchaPayloads: string[] = []

/** While false, the fake widget waits (a slow device): call `solveFakeCaptchas()` to finish. */
export const fakeCaptcha = { solvesAtOnce: true }

const waiting = new Set<FakeAltchaWidget>()

class FakeAltchaWidget extends HTMLElement {
  connectedCallback() {
    // The real one first fetches its challenge: the solution comes a moment after the element.
    setTimeout(() => this.isConnected && void this.verify(), 20)
  }
  disconnectedCallback() {
    waiting.delete(this)
  }
  verify(): Promise<null> {
    if (!fakeCaptcha.solvesAtOnce) {
      waiting.add(this)
      return Promise.resolve(null)
    }
    const payload = `fake-captcha-${fakeCaptchaPayloads.length + 1}`
    fakeCaptchaPayloads.push(payload)
    this.dispatchEvent(new CustomEvent('verified', { detail: { payload } }))
    return Promise.resolve(null)
  }
  reset() {}
}

/** Lets the waiting fake widgets solve. */
export function solveFakeCaptchas() {
  fakeCaptcha.solvesAtOnce = true
  for (const widget of [...waiting]) {
    waiting.delete(widget)
    void widget.verify()
  }
}

export function defineFakeAltcha() {
  if (!customElements.get('altcha-widget')) customElements.define('altcha-widget', FakeAltchaWidget)
}
