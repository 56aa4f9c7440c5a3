import request from 'supertest';
import { AccountsService, RESET_REQUESTED_MESSAGE } from '../src/accounts/accounts.service';
import { hashToken } from '../src/auth/auth.service';
import { MailService } from '../src/mail/mail.service';
import { createClub, createUser, expectError, loginAs, PASSWORD, resetDatabase, startApp, unique, type TestContext } from './helpers';
import { linkIn, startInbox, useInbox, type Inbox } from './mail-inbox';

let ctx: TestContext;
let inbox: Inbox;
let clientCounter = 0;
/** A fresh client address (X-Forwarded-For from the loopback proxy), so the per-client limit does not mix tests. */
const newClient = () => `10.77.${Math.floor(++clientCounter / 250)}.${clientCounter % 250}`;

beforeAll(async () => {
  inbox = await startInbox();
  useInbox(inbox);
  ctx = await startApp();
  await resetDatabase(ctx.prisma);
});

afterAll(async () => {
  await ctx.close();
  await inbox.close();
});

/**
 * Waits until the background work of a request (lookup, token, mail) is done: every mail row
 * (the database is this file's alone) delivered or failed. A mail sent inside a transaction is
 * claimed by a retry some time after the commit (mail.service.ts), later on a busy machine, so
 * the rows are watched instead of a guessed pause.
 */
async function settled(): Promise<void> {
  await ctx.app.get(AccountsService).idle();
  const until = Date.now() + 30_000;
  while ((await ctx.prisma.outgoingMail.count({ where: { status: 'PENDING' } })) > 0) {
    if (Date.now() > until) throw new Error('Een mail staat na 30 s nog klaar om te versturen');
    await new Promise((r) => setTimeout(r, 25));
  }
  await ctx.app.get(MailService).idle();
}

function requestReset(email: string, client = newClient()) {
  return ctx.http().post('/api/accounts/password-reset').set('X-Forwarded-For', client).send({ email });
}

const tokenOf = (url: URL) => url.searchParams.get('token')!;

describe('Wachtwoord vergeten', () => {
  it('mails a single-use link; the new password ends every session and logs this browser in', async () => {
    const user = await createUser(ctx.prisma, 'SECRETARY', (await createClub(ctx.prisma)).id);
    const elsewhere = request.agent(ctx.app.getHttpServer());
    await elsewhere.post('/api/auth/login').send({ email: user.email, password: PASSWORD }).expect(200);

    const res = await requestReset(user.email.toUpperCase()).expect(202);
    expect(res.body).toEqual({ message: RESET_REQUESTED_MESSAGE });
    const mail = await inbox.waitFor(user.email, /Nieuw wachtwoord/);
    expect(mail.subject).toBe('Nieuw wachtwoord kiezen voor de TSBN-competitieadministratie');
    expect(mail.text).toContain(`Beste ${user.name},`);
    expect(mail.text).toContain('1 uur geldig');
    const link = linkIn(mail, '/wachtwoord-herstellen');
    expect(link.origin).toBe('http://dashboard.test');
    expect(tokenOf(link)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.html).toContain(link.href.replace(/&/g, '&amp;'));
    // Only the hash is stored.
    const stored = await ctx.prisma.accountToken.findFirstOrThrow({ where: { userId: user.id, kind: 'PASSWORD_RESET' } });
    expect(stored.tokenHash).toBe(hashToken(tokenOf(link)));
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBeCloseTo(3_600_000, -3);

    const info = await ctx.http().post('/api/accounts/token').send({ token: tokenOf(link) }).expect(200);
    expect(info.body).toMatchObject({ kind: 'PASSWORD_RESET', email: user.email, name: user.name });

    const browser = request.agent(ctx.app.getHttpServer());
    const done = await browser.post('/api/accounts/password-reset/confirm').send({ token: tokenOf(link), password: 'mijn-nieuwe-wachtwoord' }).expect(200);
    expect(done.body).toMatchObject({ id: user.id, email: user.email, role: 'SECRETARY' });
    expect(String(done.headers['set-cookie'])).toMatch(/tsbn_session=.+HttpOnly/i);
    await browser.get('/api/auth/me').expect(200);
    await elsewhere.get('/api/auth/me').expect(401);

    await ctx.http().post('/api/auth/login').send({ email: user.email, password: PASSWORD }).expect(401);
    await ctx.http().post('/api/auth/login').send({ email: user.email, password: 'mijn-nieuwe-wachtwoord' }).expect(200);

    const again = await ctx.http().post('/api/accounts/password-reset/confirm').send({ token: tokenOf(link), password: 'nog-een-wachtwoord' }).expect(400);
    expectError(again.body, 400, 'TOKEN_USED');
    const audit = await ctx.prisma.auditLog.findMany({ where: { entityId: user.id }, orderBy: { createdAt: 'asc' } });
    expect(audit.map((a) => a.action)).toEqual(['account.password-reset.request', 'account.password-reset']);
  });

  it('answers an unknown or archived address exactly the same, and mails nothing', async () => {
    const archived = await createUser(ctx.prisma, 'SUPERVISOR');
    await ctx.prisma.user.update({ where: { id: archived.id }, data: { archivedAt: new Date() } });
    const known = await createUser(ctx.prisma, 'SUPERVISOR');
    const answers = [];
    for (const email of ['niemand@nergens.nl', archived.email, known.email]) {
      const res = await requestReset(email).expect(202);
      answers.push({ status: res.status, body: res.body, type: res.headers['content-type'] });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toEqual(answers[2]);
    await inbox.waitFor(known.email);
    await settled();
    expect(inbox.to('niemand@nergens.nl')).toEqual([]);
    expect(inbox.to(archived.email)).toEqual([]);
    expect(await ctx.prisma.accountToken.count({ where: { userId: archived.id } })).toBe(0);
  });

  it('refuses an expired link, a link of another kind and a made-up one', async () => {
    const user = await createUser(ctx.prisma, 'ADMIN');
    await requestReset(user.email).expect(202);
    const token = tokenOf(linkIn(await inbox.waitFor(user.email), '/wachtwoord-herstellen'));
    await ctx.prisma.accountToken.updateMany({ where: { tokenHash: hashToken(token) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expectError((await ctx.http().post('/api/accounts/password-reset/confirm').send({ token, password: 'nieuw-wachtwoord-1' }).expect(400)).body, 400, 'TOKEN_EXPIRED');
    expectError((await ctx.http().post('/api/accounts/token').send({ token }).expect(400)).body, 400, 'TOKEN_EXPIRED');
    await ctx.http().post('/api/auth/login').send({ email: user.email, password: PASSWORD }).expect(200);

    await ctx.prisma.accountToken.updateMany({ where: { tokenHash: hashToken(token) }, data: { expiresAt: new Date(Date.now() + 60_000) } });
    expectError((await ctx.http().post('/api/accounts/invitation/accept').send({ token, password: 'nieuw-wachtwoord-1' }).expect(400)).body, 400, 'TOKEN_INVALID');
    expectError((await ctx.http().post('/api/accounts/password-reset/confirm').send({ token: 'A'.repeat(43), password: 'nieuw-wachtwoord-1' }).expect(400)).body, 400, 'TOKEN_INVALID');
    expectError((await ctx.http().post('/api/accounts/password-reset/confirm').send({ token: 'kort', password: 'nieuw-wachtwoord-1' }).expect(400)).body, 400, 'VALIDATION_FAILED');
    expectError((await ctx.http().post('/api/accounts/password-reset/confirm').send({ token, password: 'kort' }).expect(400)).body, 400, 'VALIDATION_FAILED');
    expectError((await ctx.http().post('/api/accounts/password-reset').send({ email: user.email, extra: 1 }).expect(400)).body, 400);
  });

  it('a newer link replaces the older one', async () => {
    const user = await createUser(ctx.prisma, 'SUPERVISOR');
    await requestReset(user.email).expect(202);
    const first = tokenOf(linkIn(await inbox.waitFor(user.email), '/wachtwoord-herstellen'));
    await requestReset(user.email).expect(202);
    await settled();
    const mails = inbox.to(user.email);
    expect(mails).toHaveLength(2);
    const second = tokenOf(linkIn(mails[1], '/wachtwoord-herstellen'));
    expect(second).not.toBe(first);
    expectError((await ctx.http().post('/api/accounts/password-reset/confirm').send({ token: first, password: 'nieuw-wachtwoord-1' }).expect(400)).body, 400, 'TOKEN_INVALID');
    await ctx.http().post('/api/accounts/password-reset/confirm').send({ token: second, password: 'nieuw-wachtwoord-1' }).expect(200);
  });

  it('throttles per address (3 an hour, from any client, known or not) and per client (10 an hour)', async () => {
    for (const email of [(await createUser(ctx.prisma, 'SUPERVISOR')).email, 'onbekend-adres@nergens.nl']) {
      for (let i = 0; i < 3; i++) await requestReset(email).expect(202);
      const refused = await requestReset(email).expect(429);
      expectError(refused.body, 429, 'TOO_MANY_REQUESTS');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
      expect(refused.body.error.message).toMatch(/Probeer het over (59|60) minuten|over 1 uur/);
    }
    const client = newClient();
    for (let i = 0; i < 10; i++) await requestReset(`iemand-${i}@nergens.nl`, client).expect(202);
    expectError((await requestReset('nog-iemand@nergens.nl', client).expect(429)).body, 429, 'TOO_MANY_REQUESTS');
    await requestReset('nog-iemand@nergens.nl').expect(202);
    await settled();
  });
});

describe('Uitnodiging', () => {
  it('an administrator creates a user without a password: the invitation mail, a password of their own, logged in', async () => {
    const club = await createClub(ctx.prisma);
    const admin = await loginAs(ctx, 'ADMIN');
    const email = `${unique('nieuw').replace(/\s+/g, '-')}@club.nl`.toLowerCase();
    const created = await admin.agent.post('/api/users').send({ email, name: 'Nieuwe Secretaris', role: 'SECRETARY', clubId: club.id }).expect(201);
    expect(created.body).toMatchObject({ email, invited: true, clubName: club.name });
    await ctx.http().post('/api/auth/login').send({ email, password: 'wat-dan-ook-1' }).expect(401);

    const mail = await inbox.waitFor(email, /Uitnodiging/);
    expect(mail.subject).toBe('Uitnodiging voor de TSBN-competitieadministratie');
    expect(mail.text).toContain(`${admin.user.name} heeft een account voor u aangemaakt als secretaris van ${club.name}`);
    expect(mail.text).toContain('7 dagen geldig');
    const token = tokenOf(linkIn(mail, '/uitnodiging'));
    const stored = await ctx.prisma.accountToken.findFirstOrThrow({ where: { tokenHash: hashToken(token) } });
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBeCloseTo(7 * 86_400_000, -3);
    expect((await ctx.http().post('/api/accounts/token').send({ token }).expect(200)).body).toMatchObject({ kind: 'INVITATION', email, name: 'Nieuwe Secretaris' });

    const browser = request.agent(ctx.app.getHttpServer());
    const accepted = await browser.post('/api/accounts/invitation/accept').send({ token, password: 'zelf-gekozen-1' }).expect(200);
    expect(accepted.body).toMatchObject({ email, role: 'SECRETARY', clubId: club.id, clubName: club.name });
    expect((await browser.get('/api/auth/me').expect(200)).body.email).toBe(email);
    await ctx.http().post('/api/auth/login').send({ email, password: 'zelf-gekozen-1' }).expect(200);
    expect((await admin.agent.get('/api/users').expect(200)).body.find((u: { email: string }) => u.email === email).invited).toBe(false);

    expectError((await ctx.http().post('/api/accounts/invitation/accept').send({ token, password: 'ander-wachtwoord-1' }).expect(400)).body, 400, 'TOKEN_USED');
    const audit = await ctx.prisma.auditLog.findMany({ where: { entityId: created.body.id }, orderBy: { createdAt: 'asc' } });
    expect(audit.map((a) => a.action)).toEqual(['user.create', 'account.invitation', 'account.invitation.accept']);
  });

  it('refuses an expired invitation; a new one (administrator only) replaces it', async () => {
    const admin = await loginAs(ctx, 'ADMIN');
    const email = `${unique('later').replace(/\s+/g, '-')}@club.nl`.toLowerCase();
    const created = await admin.agent.post('/api/users').send({ email, name: 'Late Starter', role: 'SUPERVISOR' }).expect(201);
    const first = tokenOf(linkIn(await inbox.waitFor(email), '/uitnodiging'));
    await ctx.prisma.accountToken.updateMany({ where: { tokenHash: hashToken(first) }, data: { expiresAt: new Date(Date.now() - 1) } });
    expectError((await ctx.http().post('/api/accounts/invitation/accept').send({ token: first, password: 'zelf-gekozen-1' }).expect(400)).body, 400, 'TOKEN_EXPIRED');

    const secretary = await loginAs(ctx, 'SECRETARY', (await createClub(ctx.prisma)).id);
    expectError((await secretary.agent.post(`/api/users/${created.body.id}/invitation`).expect(403)).body, 403, 'WRONG_ROLE');
    await ctx.http().post(`/api/users/${created.body.id}/invitation`).expect(401);

    await admin.agent.post(`/api/users/${created.body.id}/invitation`).expect(204);
    await settled();
    const mails = inbox.to(email);
    expect(mails).toHaveLength(2);
    const second = tokenOf(linkIn(mails[1], '/uitnodiging'));
    expectError((await ctx.http().post('/api/accounts/invitation/accept').send({ token: first, password: 'zelf-gekozen-1' }).expect(400)).body, 400, 'TOKEN_INVALID');
    await ctx.http().post('/api/accounts/invitation/accept').send({ token: second, password: 'zelf-gekozen-1' }).expect(200);
    expectError((await admin.agent.post(`/api/users/${created.body.id}/invitation`).expect(409)).body, 409, 'ALREADY_ACTIVE');
  });

  it('an administrator may still set the password himself: no invitation then', async () => {
    const admin = await loginAs(ctx, 'ADMIN');
    const email = `${unique('direct').replace(/\s+/g, '-')}@club.nl`.toLowerCase();
    const created = await admin.agent.post('/api/users').send({ email, name: 'Met Wachtwoord', role: 'SUPERVISOR', password: 'door-de-bond-1' }).expect(201);
    expect(created.body.invited).toBe(false);
    await ctx.http().post('/api/auth/login').send({ email, password: 'door-de-bond-1' }).expect(200);
    await settled();
    expect(inbox.to(email)).toEqual([]);
  });
});

describe('Ander e-mailadres', () => {
  it('is confirmed by the new address; the old one gets a notice', async () => {
    const { agent, user } = await loginAs(ctx, 'SECRETARY', (await createClub(ctx.prisma)).id);
    const newEmail = `${unique('nieuw-adres').replace(/\s+/g, '-')}@club.nl`.toLowerCase();
    const res = await agent.post('/api/accounts/email-change').send({ newEmail: newEmail.toUpperCase(), currentPassword: PASSWORD }).expect(202);
    expect(res.body.message).toContain(newEmail);

    const mail = await inbox.waitFor(newEmail, /Bevestig/);
    expect(mail.subject).toBe('Bevestig uw nieuwe e-mailadres voor de TSBN-competitieadministratie');
    expect(mail.text).toContain('24 uur geldig');
    const notice = await inbox.waitFor(user.email, /wordt gewijzigd/);
    expect(notice.text).toContain(newEmail);
    expect(notice.text).not.toContain('token=');
    const token = tokenOf(linkIn(mail, '/e-mailadres-bevestigen'));
    const stored = await ctx.prisma.accountToken.findFirstOrThrow({ where: { tokenHash: hashToken(token) } });
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBeCloseTo(86_400_000, -3);
    expect((await ctx.http().post('/api/accounts/token').send({ token }).expect(200)).body).toMatchObject({ kind: 'EMAIL_CHANGE', email: newEmail });

    // Until confirmed the old address stays.
    await ctx.http().post('/api/auth/login').send({ email: user.email, password: PASSWORD }).expect(200);
    expect((await ctx.http().post('/api/accounts/email-change/confirm').send({ token }).expect(200)).body).toEqual({ email: newEmail });
    await ctx.http().post('/api/auth/login').send({ email: newEmail, password: PASSWORD }).expect(200);
    await ctx.http().post('/api/auth/login').send({ email: user.email, password: PASSWORD }).expect(401);
    expect((await agent.get('/api/auth/me').expect(200)).body.email).toBe(newEmail);
    expectError((await ctx.http().post('/api/accounts/email-change/confirm').send({ token }).expect(400)).body, 400, 'TOKEN_USED');
    const audit = await ctx.prisma.auditLog.findMany({ where: { entityId: user.id }, orderBy: { createdAt: 'asc' } });
    expect(audit.map((a) => a.action)).toEqual(['account.email-change.request', 'account.email-change']);
  });

  it('needs the current password and a login; an expired link is refused', async () => {
    const { agent, user } = await loginAs(ctx, 'SUPERVISOR');
    expectError((await agent.post('/api/accounts/email-change').send({ newEmail: 'x@club.nl', currentPassword: 'fout' }).expect(400)).body, 400, 'WRONG_PASSWORD');
    expectError((await agent.post('/api/accounts/email-change').send({ newEmail: user.email, currentPassword: PASSWORD }).expect(400)).body, 400);
    expectError((await agent.post('/api/accounts/email-change').send({ newEmail: 'geen-adres', currentPassword: PASSWORD }).expect(400)).body, 400, 'VALIDATION_FAILED');
    expectError((await ctx.http().post('/api/accounts/email-change').send({ newEmail: 'x@club.nl', currentPassword: PASSWORD }).expect(401)).body, 401);

    const newEmail = `${unique('verloopt').replace(/\s+/g, '-')}@club.nl`.toLowerCase();
    await agent.post('/api/accounts/email-change').send({ newEmail, currentPassword: PASSWORD }).expect(202);
    const token = tokenOf(linkIn(await inbox.waitFor(newEmail), '/e-mailadres-bevestigen'));
    await ctx.prisma.accountToken.updateMany({ where: { tokenHash: hashToken(token) }, data: { expiresAt: new Date(Date.now() - 1) } });
    expectError((await ctx.http().post('/api/accounts/email-change/confirm').send({ token }).expect(400)).body, 400, 'TOKEN_EXPIRED');
    expect((await ctx.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email);
  });
});

describe('Links in mail stay secret', () => {
  it('the outgoing log (database and GET /api/mail/outgoing) holds the mails with their tokens replaced; the mail itself has the link', async () => {
    const admin = await loginAs(ctx, 'ADMIN');
    const email = `${unique('geheim').replace(/\s+/g, '-')}@club.nl`.toLowerCase();
    await admin.agent.post('/api/users').send({ email, name: 'Geheime Link', role: 'SUPERVISOR' }).expect(201);
    const invitation = tokenOf(linkIn(await inbox.waitFor(email, /Uitnodiging/), '/uitnodiging'));
    await requestReset(email).expect(202);
    await settled();
    const reset = tokenOf(linkIn((await inbox.waitFor(email, /Nieuw wachtwoord/)), '/wachtwoord-herstellen'));

    const rows = await ctx.prisma.outgoingMail.findMany({ where: { to: email } });
    expect(rows.map((r) => [r.kind, r.status]).sort()).toEqual([['invitation', 'SENT'], ['password-reset', 'SENT']]);
    for (const row of rows) {
      for (const token of [invitation, reset]) expect(`${row.text}${row.html}`).not.toContain(token);
      expect(row.text).toContain('?token=VERBORGEN');
      expect(row.html).toContain('?token=VERBORGEN');
    }
    const log = await admin.agent.get('/api/mail/outgoing').expect(200);
    const shown = JSON.stringify(log.body.filter((m: { to: string }) => m.to === email));
    expect(shown).toContain('token=VERBORGEN');
    for (const token of [invitation, reset]) expect(shown).not.toContain(token);
    // The links in the delivered mails still work.
    await ctx.http().post('/api/accounts/password-reset/confirm').send({ token: reset, password: 'geheim-gebleven-1' }).expect(200);
  });
});

describe('Made-up links', () => {
  it('are refused before any password hash and, after 10 from one client, make that client wait (429, Retry-After); other clients go on', async () => {
    const client = newClient();
    const guess = (i: number) => `${String(i).padStart(2, '0')}${'G'.repeat(41)}`;
    const endpoints = [
      (token: string) => ctx.http().post('/api/accounts/password-reset/confirm').set('X-Forwarded-For', client).send({ token, password: 'geraden-wachtwoord' }),
      (token: string) => ctx.http().post('/api/accounts/invitation/accept').set('X-Forwarded-For', client).send({ token, password: 'geraden-wachtwoord' }),
      (token: string) => ctx.http().post('/api/accounts/token').set('X-Forwarded-For', client).send({ token }),
      (token: string) => ctx.http().post('/api/accounts/email-change/confirm').set('X-Forwarded-For', client).send({ token }),
    ];
    for (let i = 0; i < 10; i++) expectError((await endpoints[i % 4](guess(i)).expect(400)).body, 400, 'TOKEN_INVALID');
    for (const endpoint of endpoints) {
      const refused = await endpoint(guess(99)).expect(429);
      expectError(refused.body, 429, 'TOO_MANY_ATTEMPTS');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    expectError((await ctx.http().post('/api/accounts/token').set('X-Forwarded-For', newClient()).send({ token: guess(1) }).expect(400)).body, 400, 'TOKEN_INVALID');
  });
});

describe('Links that reset a password', () => {
  it('stop working after a password change', async () => {
    const { agent, user } = await loginAs(ctx, 'SUPERVISOR');
    await requestReset(user.email).expect(202);
    await settled();
    const token = tokenOf(linkIn(await inbox.waitFor(user.email, /Nieuw wachtwoord/), '/wachtwoord-herstellen'));
    await agent.put('/api/auth/password').send({ currentPassword: PASSWORD, newPassword: 'zelf-gewijzigd-1' }).expect(204);
    expectError((await ctx.http().post('/api/accounts/password-reset/confirm').send({ token, password: 'via-oude-link-1' }).expect(400)).body, 400, 'TOKEN_USED');
    await ctx.http().post('/api/auth/login').send({ email: user.email, password: 'zelf-gewijzigd-1' }).expect(200);
  });

  it('stop working after a confirmed address change (the link went to the old address)', async () => {
    const { agent, user } = await loginAs(ctx, 'SUPERVISOR');
    await requestReset(user.email).expect(202);
    await settled();
    const reset = tokenOf(linkIn(await inbox.waitFor(user.email, /Nieuw wachtwoord/), '/wachtwoord-herstellen'));
    const newEmail = `${unique('verhuisd').replace(/\s+/g, '-')}@club.nl`.toLowerCase();
    await agent.post('/api/accounts/email-change').send({ newEmail, currentPassword: PASSWORD }).expect(202);
    const change = tokenOf(linkIn(await inbox.waitFor(newEmail), '/e-mailadres-bevestigen'));
    await ctx.http().post('/api/accounts/email-change/confirm').send({ token: change }).expect(200);
    expectError((await ctx.http().post('/api/accounts/password-reset/confirm').send({ token: reset, password: 'via-oude-link-1' }).expect(400)).body, 400, 'TOKEN_USED');
  });
});

describe('Address-change requests', () => {
  it('answer the same whether the address is taken or not; the taken address is told, gets no link, and nothing changes (issue 47)', async () => {
    const { agent, user } = await loginAs(ctx, 'SUPERVISOR');
    const other = await createUser(ctx.prisma, 'ADMIN');
    const free = `${unique('vrij').replace(/\s+/g, '-')}@club.nl`.toLowerCase();
    const toFree = await agent.post('/api/accounts/email-change').send({ newEmail: free, currentPassword: PASSWORD }).expect(202);
    const toTaken = await agent.post('/api/accounts/email-change').send({ newEmail: other.email, currentPassword: PASSWORD }).expect(202);
    const shape = (body: { message: string }, address: string) => body.message.replace(address, '<adres>');
    expect(shape(toTaken.body, other.email)).toBe(shape(toFree.body, free));
    expect(Object.keys(toTaken.body)).toEqual(Object.keys(toFree.body));
    const told = await inbox.waitFor(other.email, /Uw e-mailadres bij de TSBN/);
    expect(told.text).toContain('Dit adres hoort al bij een account; er is niets veranderd.');
    expect(told.text).not.toMatch(/token=/);
    expect(await ctx.prisma.accountToken.count({ where: { userId: user.id, kind: 'EMAIL_CHANGE', newEmail: other.email } })).toBe(0);
    expect((await ctx.prisma.user.findUniqueOrThrow({ where: { id: other.id } })).email).toBe(other.email);
    expect((await ctx.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email);
  });

  it('count towards the limit of 5 an hour also when the address is taken', async () => {
    const { agent } = await loginAs(ctx, 'SUPERVISOR');
    const other = await createUser(ctx.prisma, 'ADMIN');
    for (let i = 0; i < 5; i++) {
      await agent.post('/api/accounts/email-change').send({ newEmail: other.email, currentPassword: PASSWORD }).expect(202);
    }
    const refused = await agent.post('/api/accounts/email-change').send({ newEmail: other.email, currentPassword: PASSWORD }).expect(429);
    expectError(refused.body, 429, 'TOO_MANY_REQUESTS');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
  });
});

describe('every kind of account mail is in the outgoing log', () => {
  it('as SENT, with its kind', async () => {
    await settled();
    const rows = await ctx.prisma.outgoingMail.groupBy({ by: ['kind', 'status'], _count: true });
    const kinds = Object.fromEntries(rows.map((r) => [`${r.kind}:${r.status}`, r._count]));
    for (const kind of ['password-reset', 'invitation', 'email-change', 'email-change-notice']) expect(kinds[`${kind}:SENT`]).toBeGreaterThan(0);
    expect(Object.keys(kinds).filter((k) => !k.endsWith(':SENT'))).toEqual([]);
  });
});
