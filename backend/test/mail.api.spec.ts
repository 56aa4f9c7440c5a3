import { MailService } from '../src/mail/mail.service';
import { expectError, loginAs, resetDatabase, startApp, type TestContext } from './helpers';
import { startInbox, useInbox, type Inbox } from './mail-inbox';

describe('Mail over a real SMTP server', () => {
  let ctx: TestContext;
  let inbox: Inbox;
  let mail: MailService;

  beforeAll(async () => {
    inbox = await startInbox();
    useInbox(inbox);
    process.env.MAIL_FROM = 'TSBN test <test@tsbn.nl>';
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    mail = ctx.app.get(MailService);
  });

  afterAll(async () => {
    await ctx.close();
    await inbox.close();
    delete process.env.MAIL_FROM;
  });

  it('delivers what send() was given and records it as SENT', async () => {
    const { id } = await mail.send({ to: 'ontvanger@club.nl', subject: 'Proef één', text: 'Hallo daar.', html: '<p>Hallo daar.</p>', kind: 'test' });
    const arrived = await inbox.waitFor('ontvanger@club.nl', /Proef één/);
    expect(arrived).toMatchObject({ to: ['ontvanger@club.nl'], subject: 'Proef één', from: '"TSBN test" <test@tsbn.nl>' });
    expect(arrived.text.trim()).toBe('Hallo daar.');
    expect(arrived.html).toContain('<p>Hallo daar.</p>');
    await mail.idle();
    const row = await ctx.prisma.outgoingMail.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ status: 'SENT', attempts: 1, error: null, kind: 'test', to: 'ontvanger@club.nl' });
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it('sends a mail recorded in a transaction once it commits, and never one whose transaction rolled back', async () => {
    await ctx.prisma.$transaction(async (tx) => {
      await mail.send({ to: 'commit@club.nl', subject: 'Na commit', text: 'x', kind: 'test' }, tx);
      await new Promise((r) => setTimeout(r, 100)); // the first claim attempts see nothing yet
    });
    await inbox.waitFor('commit@club.nl', /Na commit/);

    await expect(
      ctx.prisma.$transaction(async (tx) => {
        await mail.send({ to: 'rollback@club.nl', subject: 'Teruggedraaid', text: 'x', kind: 'test' }, tx);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await new Promise((r) => setTimeout(r, 1_500));
    expect(inbox.to('rollback@club.nl')).toEqual([]);
    expect(await ctx.prisma.outgoingMail.count({ where: { to: 'rollback@club.nl' } })).toBe(0);
  });

  it('records a refused delivery as FAILED with the reason, without throwing at the sender', async () => {
    inbox.refuse(true);
    try {
      const { id } = await mail.send({ to: 'weg@club.nl', subject: 'Komt niet aan', text: 'x', kind: 'test' });
      await mail.idle();
      const row = await ctx.prisma.outgoingMail.findUniqueOrThrow({ where: { id } });
      expect(row.status).toBe('FAILED');
      expect(row.error).toMatch(/550|Mailbox unavailable/);
      expect(row.sentAt).toBeNull();
    } finally {
      inbox.refuse(false);
    }
  });

  it('shows administrators the outgoing log, newest first; others are refused', async () => {
    const admin = await loginAs(ctx, 'ADMIN');
    const res = await admin.agent.get('/api/mail/outgoing').expect(200);
    expect(res.body[0]).toMatchObject({ to: 'weg@club.nl', status: 'FAILED', kind: 'test' });
    expect(res.body.map((m: { subject: string }) => m.subject)).toEqual(expect.arrayContaining(['Proef één', 'Na commit']));
    const settings = await admin.agent.get('/api/mail/settings').expect(200);
    expect(settings.body).toEqual({ delivery: 'SMTP', smtpServer: `127.0.0.1:${inbox.port}`, from: 'TSBN test <test@tsbn.nl>', publicUrl: 'http://dashboard.test' });

    for (const role of ['SECRETARY', 'SUPERVISOR'] as const) {
      const other = await loginAs(ctx, role, null);
      for (const path of ['/api/mail/outgoing', '/api/mail/caught', '/api/mail/settings']) {
        expectError((await other.agent.get(path).expect(403)).body, 403, 'WRONG_ROLE');
      }
    }
    expectError((await ctx.http().get('/api/mail/caught').expect(401)).body, 401);
  });
});

describe('The local mail catcher (no SMTP_HOST)', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    delete process.env.SMTP_HOST;
    delete process.env.SMTP_PORT;
    process.env.MAIL_CATCHER = 'on';
    process.env.MAIL_CATCHER_PORT = '0'; // a free port; the transport follows the catcher
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
  });

  afterAll(async () => {
    await ctx.close();
    delete process.env.MAIL_CATCHER;
    delete process.env.MAIL_CATCHER_PORT;
  });

  it('keeps every mail it receives, and administrators read them', async () => {
    const mail = ctx.app.get(MailService);
    await mail.send({ to: 'secretaris@club.nl', subject: 'Gevangen', text: 'Tekst met ë en een link: http://x/y', html: '<p>HTML</p>', kind: 'test' });
    await mail.idle();
    const admin = await loginAs(ctx, 'ADMIN');
    const caught = await admin.agent.get('/api/mail/caught').expect(200);
    expect(caught.body).toHaveLength(1);
    expect(caught.body[0]).toMatchObject({ to: 'secretaris@club.nl', subject: 'Gevangen', html: '<p>HTML</p>' });
    expect(caught.body[0].from).toContain('noreply@tsbn.nl');
    expect(caught.body[0].text.trim()).toBe('Tekst met ë en een link: http://x/y');
    const outgoing = await admin.agent.get('/api/mail/outgoing').expect(200);
    expect(outgoing.body[0]).toMatchObject({ subject: 'Gevangen', status: 'SENT' });
    const settings = await admin.agent.get('/api/mail/settings').expect(200);
    expect(settings.body).toMatchObject({ delivery: 'CATCHER', smtpServer: null });
  });
});
