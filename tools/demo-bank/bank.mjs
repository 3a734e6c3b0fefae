#!/usr/bin/env node
// The demo bank: the credit union's side of a launch, for `make run` and the tests.
//
// - An OpenID Connect provider: oidc-provider, a certified implementation, with fixed clients and
//   users (the members' launch client of one institution, the staff console's client, the bank's
//   own online banking page).
// - Its online banking page (/banking): a signed-in member sees the institution's offer and is
//   launched into Coverline, by OpenID Connect or by a signed launch token.
// - Its launch tokens: ES256 JWTs signed with the bank's launch key, whose public half is at
//   /launch/jwks.json. POST /launch-token mints one (the bank's server side; the tests ask it for
//   expired, mis-addressed and mis-signed ones too).
//
//   node bank.mjs --app-url http://localhost:8080 [--port 8084] [--host 127.0.0.1] [--institution summit-cu]
//
// Prints one line, `demo-bank listening <issuer>`, once it answers. Secrets come from the
// environment (COVERLINE_DEMO_BANK_MEMBER_SECRET, COVERLINE_DEMO_BANK_STAFF_SECRET), with the lab
// defaults that data/institutions/*.toml and `make run` expect.
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import Provider from 'oidc-provider';
import * as jose from 'jose';
import { accounts, passwordMatches } from './accounts.mjs';

// Whoever started the bank may stop reading its output: that is no reason to stop serving.
process.stdout.on('error', () => {})

const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    'app-url': { type: 'string' },
    institution: { type: 'string', default: 'summit-cu' },
    // The issuer's host name (it listens on 127.0.0.1 whatever the name): `localhost` puts the bank
    // on another site than an app on 127.0.0.1, as a real bank is.
    host: { type: 'string', default: '127.0.0.1' },
  },
});
if (!args['app-url']) {
  console.error('usage: node bank.mjs --app-url URL [--port N] [--institution ID]');
  process.exit(2);
}
const appUrl = args['app-url'].replace(/\/$/, '');
const institution = args.institution;
const memberSecret = process.env.COVERLINE_DEMO_BANK_MEMBER_SECRET ?? 'demo-bank-member-secret';
const staffSecret = process.env.COVERLINE_DEMO_BANK_STAFF_SECRET ?? 'demo-bank-staff-secret';

// Keys of this run: the provider's ID token key, the launch key, and a key nobody published
// (a launch token signed with it has a wrong signature).
const idTokenKey = await jose.generateKeyPair('RS256', { extractable: true });
const launchKey = await jose.generateKeyPair('ES256', { extractable: true });
const rogueKey = await jose.generateKeyPair('ES256', { extractable: true });
const jwk = async (pair, kid) => ({ ...(await jose.exportJWK(pair.privateKey)), kid, use: 'sig' });
const launchJwks = { keys: [{ ...(await jose.exportJWK(launchKey.publicKey)), kid: 'launch-1', use: 'sig', alg: 'ES256' }] };

const server = createServer();
await new Promise((resolve) => server.listen(Number(args.port), '127.0.0.1', resolve));
const issuer = `http://${args.host}:${server.address().port}`;
/** The audience of this institution's launch tokens: its members' client id. */
const memberClientId = `coverline-${institution}`;

const provider = new Provider(issuer, {
  clients: [
    {
      // Coverline's members' launch for the institution (authorization code + PKCE).
      client_id: memberClientId,
      client_secret: memberSecret,
      redirect_uris: [`${appUrl}/api/institution/${institution}/launch/oidc/callback`],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
    {
      // Coverline's staff console.
      client_id: 'coverline-staff',
      client_secret: staffSecret,
      redirect_uris: [`${appUrl}/api/staff/callback`],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
    {
      // The bank's own online banking page: its sign-in opens the provider's session.
      client_id: 'demo-bank-web',
      client_secret: randomBytes(24).toString('base64url'),
      redirect_uris: [`${issuer}/banking`],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ],
  async findAccount(_ctx, id) {
    const account = accounts[id];
    if (!account) return undefined;
    return { accountId: id, claims: () => ({ sub: id, ...account.claims }) };
  },
  claims: {
    openid: ['sub'],
    email: ['email', 'email_verified'],
    profile: ['name', 'given_name', 'family_name'],
    phone: ['phone_number'],
    address: ['address'],
    // Staff: the console's roles and the institution they work for.
    coverline: ['coverline_roles', 'coverline_institution'],
  },
  features: { devInteractions: { enabled: false } },
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  pkce: { required: () => true },
  // The bank's own apps: no consent screen, the grant covers what the client asked.
  async loadExistingGrant(ctx) {
    const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
    if (grantId) return ctx.oidc.provider.Grant.find(grantId);
    const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
    grant.addOIDCScope(ctx.oidc.params.scope ?? 'openid');
    await grant.save();
    return grant;
  },
  jwks: { keys: [await jwk(idTokenKey, 'id-1')] },
  cookies: { keys: [randomBytes(32).toString('base64url')] },
  async renderError(ctx, out) {
    ctx.type = 'html';
    ctx.body = page('Sign-in problem', `<h1>Sign-in problem</h1><p>${escape(out.error)}: ${escape(out.error_description ?? '')}</p>`);
  },
});

/** A launch token for the account `user`, as the bank's server mints one. */
async function launchToken({ user, audience = memberClientId, expiresIn = 120, issuedAgo = 0, key = 'launch', jti, claims = {} }) {
  const account = accounts[user];
  if (!account) throw new Error(`no account ${user}`);
  const now = Math.floor(Date.now() / 1000) - issuedAgo;
  const signer = key === 'rogue' ? rogueKey : launchKey;
  return new jose.SignJWT({ ...account.claims, ...claims })
    .setProtectedHeader({ alg: 'ES256', kid: 'launch-1', typ: 'JWT' })
    .setIssuer(issuer)
    .setAudience(audience)
    .setSubject(user)
    .setJti(jti ?? randomBytes(16).toString('base64url'))
    .setIssuedAt(now)
    .setExpirationTime(now + expiresIn)
    .sign(signer.privateKey);
}

provider.use(async (ctx, next) => {
  const [, first, uid, action] = ctx.path.split('/');
  if (first === 'interaction' && uid) {
    ctx.set('cache-control', 'no-store');
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    if (ctx.method === 'GET') {
      const client = await provider.Client.find(details.params.client_id);
      ctx.type = 'html';
      ctx.body = signInPage(uid, client?.clientId === 'demo-bank-web' ? 'Online Banking' : 'Continue to Coverline', '');
      return;
    }
    if (ctx.method === 'POST' && action === 'login') {
      const form = await formBody(ctx);
      if (!passwordMatches(form.get('username'), form.get('password'))) {
        ctx.type = 'html';
        ctx.status = 401;
        ctx.body = signInPage(uid, 'Online Banking', 'The username or password is incorrect.');
        return;
      }
      await provider.interactionFinished(ctx.req, ctx.res, { login: { accountId: form.get('username') } }, { mergeWithLastSubmission: false });
      return;
    }
  }
  if (ctx.path === '/launch/jwks.json') {
    ctx.body = launchJwks;
    return;
  }
  if (ctx.path === '/launch-token' && ctx.method === 'POST') {
    const chunks = [];
    for await (const chunk of ctx.req) chunks.push(chunk);
    const request = JSON.parse(Buffer.concat(chunks).toString() || '{}');
    ctx.body = { token: await launchToken(request), issuer, audience: request.audience ?? memberClientId };
    return;
  }
  if (ctx.path === '/banking' && ctx.method === 'GET') {
    const session = await provider.Session.get(ctx);
    const account = session.accountId && accounts[session.accountId];
    if (!account) {
      ctx.redirect(`/auth?${new URLSearchParams(bankSignIn()).toString()}`);
      return;
    }
    ctx.type = 'html';
    ctx.body = bankingPage(account);
    return;
  }
  if (ctx.path === '/banking/launch' && ctx.method === 'POST') {
    const session = await provider.Session.get(ctx);
    if (!session.accountId || !accounts[session.accountId]) {
      ctx.redirect('/banking');
      return;
    }
    const token = await launchToken({ user: session.accountId });
    ctx.type = 'html';
    ctx.body = page(
      'Opening Coverline',
      `<form method="post" action="${escape(`${appUrl}/api/institution/${institution}/launch/token`)}">
        <input type="hidden" name="launch_token" value="${escape(token)}">
        <p>Opening your vehicle protection quote…</p><button type="submit">Continue</button></form>
        <script>document.forms[0].submit()</script>`,
    );
    return;
  }
  await next();
});

// The bank's own sign-in: an authorization request of its web client, whose answer it does not
// need (the provider's session is what the page reads).
function bankSignIn() {
  const verifier = randomBytes(32).toString('base64url');
  return {
    client_id: 'demo-bank-web',
    response_type: 'code',
    scope: 'openid',
    redirect_uri: `${issuer}/banking`,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  };
}

async function formBody(ctx) {
  const chunks = [];
  for await (const chunk of ctx.req) chunks.push(chunk);
  return new URLSearchParams(Buffer.concat(chunks).toString());
}

function escape(text) {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title, body) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · Summit Online Banking (demo)</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #f4f6fa; color: #1b1f29; }
  header { background: #0b3d91; color: #fff; padding: 1rem 1.5rem; font-weight: 600; }
  main { max-width: 34rem; margin: 2rem auto; padding: 0 1rem; }
  .card { background: #fff; border-radius: 12px; padding: 1.5rem; box-shadow: 0 1px 4px rgb(0 0 0 / 12%); margin-bottom: 1rem; }
  label { display: block; margin: .75rem 0 .25rem; }
  input { width: 100%; box-sizing: border-box; padding: .6rem; font-size: 1rem; border: 1px solid #8a93a6; border-radius: 6px; }
  button, .button { display: inline-block; margin-top: 1rem; background: #c2410c; color: #fff; border: 0; border-radius: 6px; padding: .7rem 1.2rem; font-size: 1rem; text-decoration: none; cursor: pointer; }
  .secondary { background: #fff; color: #0b3d91; border: 1px solid #0b3d91; }
  .error { color: #b00020; }
</style></head><body><header>Summit Credit Union · Online Banking (demo bank)</header><main>${body}</main></body></html>`;
}

function signInPage(uid, title, error) {
  return page(
    'Sign in',
    `<div class="card"><h1>Sign in</h1><p>${escape(title)}</p>
    ${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
    <form method="post" action="/interaction/${escape(uid)}/login">
      <label for="username">Username</label><input id="username" name="username" autocomplete="username" required>
      <label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
      <button type="submit">Sign in</button>
    </form></div>`,
  );
}

function bankingPage(account) {
  const launch = `${appUrl}/api/institution/${institution}/launch/oidc`;
  return page(
    'Accounts',
    `<h1>Welcome back, ${escape(account.claims.given_name)}</h1>
    <div class="card"><h2>Checking ••4821</h2><p>Available balance $3,214.07</p></div>
    <div class="card"><h2>Protect your vehicle</h2>
      <p>Members get vehicle service contract pricing in minutes, with your details already filled in.</p>
      <a class="button" href="${escape(launch)}">Get a quote</a>
      <form method="post" action="/banking/launch"><button class="secondary" type="submit">Get a quote (signed launch token)</button></form>
    </div>`,
  );
}

server.on('request', provider.callback());
console.log(`demo-bank listening ${issuer}`);
