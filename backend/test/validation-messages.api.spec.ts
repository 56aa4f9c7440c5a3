/**
 * Every validation message is Dutch and says what to do (issue 12, item 11). The operations
 * are read from the OpenAPI document: every one with a JSON body gets a body in which every
 * property has the wrong type, and must answer 400 with Dutch messages only; never an English
 * default of class-validator, never a 500. Then the cases the issue named one by one.
 */
import { randomUUID } from 'node:crypto';
import type { OpenAPIObject } from '@nestjs/swagger';
import { buildOpenApi } from '../src/app.factory';
import { type Agent, createClub, createListedMember, createMatchDay, createSeason, expectError, loginAs, resetDatabase, startApp, TestContext } from './helpers';

jest.setTimeout(120_000);

type Schema = { $ref?: string; type?: string; enum?: unknown[]; items?: Schema; properties?: Record<string, Schema>; required?: string[]; allOf?: Schema[]; oneOf?: Schema[]; anyOf?: Schema[] };

/** class-validator's English defaults: "x must be a UUID", "each value in y …", "z should not be empty". */
const ENGLISH = /\b(must be|must not|must contain|must match|should not|should be|each value in|nested property|is not allowed|property \w+ has failed)\b/i;

function resolve(doc: OpenAPIObject, schema: Schema | undefined): Schema {
  if (!schema) return {};
  if (schema.$ref) return resolve(doc, doc.components!.schemas![schema.$ref.split('/').pop()!] as Schema);
  if (schema.allOf) {
    const parts = schema.allOf.map((part) => resolve(doc, part));
    return { type: 'object', properties: Object.assign({}, ...parts.map((p) => p.properties)), required: parts.flatMap((p) => p.required ?? []) };
  }
  return schema;
}

/** A value of the wrong type for the schema: number → "x", string → 12345, array → "x", object → 7. */
function wrongValue(doc: OpenAPIObject, raw: Schema): unknown {
  const schema = resolve(doc, raw);
  switch (schema.type) {
    case 'integer':
    case 'number':
    case 'boolean':
    case 'array':
      return 'x';
    case 'string':
      return 12345;
    default:
      return 7;
  }
}

function wrongBody(doc: OpenAPIObject, raw: Schema): Record<string, unknown> {
  const schema = resolve(doc, raw);
  return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, property]) => [name, wrongValue(doc, property)]));
}

/** A path parameter's type: ids are UUIDs, a set number an integer. */
function pathParameterType(doc: OpenAPIObject, path: string, method: Operation['method'], name: string): string | undefined {
  const parameters = (doc.paths[path][method]?.parameters ?? []) as { name: string; in: string; schema?: Schema }[];
  return parameters.find((p) => p.in === 'path' && p.name === name)?.schema?.type;
}

interface Operation {
  method: 'post' | 'put' | 'patch' | 'delete';
  path: string;
  schema: Schema;
}

function jsonOperations(doc: OpenAPIObject): Operation[] {
  const found: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of ['post', 'put', 'patch', 'delete'] as const) {
      const body = item[method]?.requestBody;
      const schema = body && 'content' in body ? (body.content['application/json']?.schema as Schema | undefined) : undefined;
      if (schema) found.push({ method, path, schema });
    }
  }
  return found;
}

/** Every message in an error envelope (the top one and each detail's). */
function messages(body: unknown): string[] {
  const error = (body as { error?: { message?: string; details?: { message?: string }[] } }).error;
  return [error?.message ?? '', ...(error?.details ?? []).map((d) => d.message ?? '')];
}

describe('validation messages: Dutch, and saying what to do', () => {
  let ctx: TestContext;
  let doc: OpenAPIObject;
  let agents: Record<'ADMIN' | 'SUPERVISOR' | 'SECRETARY', Agent>;

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    doc = buildOpenApi(ctx.app);
    const club = await createClub(ctx.prisma);
    agents = {
      ADMIN: (await loginAs(ctx, 'ADMIN')).agent,
      SUPERVISOR: (await loginAs(ctx, 'SUPERVISOR')).agent,
      SECRETARY: (await loginAs(ctx, 'SECRETARY', club.id)).agent,
    };
  });

  afterAll(() => ctx.close());

  it('every operation with a JSON body, sent every property with the wrong type: 400, Dutch messages only', async () => {
    const operations = jsonOperations(doc);
    expect(operations.length).toBeGreaterThan(40);
    const problems: string[] = [];
    for (const { method, path, schema } of operations) {
      const url = path.replace(/\{([^}]+)\}/g, (_match, name: string) => (['integer', 'number'].includes(pathParameterType(doc, path, method, name) ?? '') ? '1' : randomUUID()));
      const body = wrongBody(doc, schema);
      // The validation pipe runs before the handler looks anything up, so random ids do; the
      // first role the endpoint lets in is used (body checks run after the role check).
      let res = await agents.ADMIN[method](url).send(body);
      for (const role of ['SUPERVISOR', 'SECRETARY'] as const) if (res.status === 403) res = await agents[role][method](url).send(body);
      const where = `${method.toUpperCase()} ${path}`;
      if (res.status !== 400) problems.push(`${where}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
      if (res.status === 400) {
        expectError(res.body, 400);
        const details = (res.body.error.details ?? []) as { field: string; code: string; message: string }[];
        // Every property sent is reported (or refused as unknown), and only once for its type.
        for (const property of Object.keys(body)) {
          const own = details.filter((d) => d.field === property);
          if (own.length !== 1) problems.push(`${where}: ${property} reported ${own.length} times: ${JSON.stringify(own)}`);
        }
      }
      for (const message of messages(res.body)) {
        if (ENGLISH.test(message) || message.trim() === '') problems.push(`${where}: not Dutch: ${JSON.stringify(message)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('every operation with a JSON body, sent null for every property: never a 500, and each property that cannot be emptied is reported', async () => {
    const problems: string[] = [];
    for (const { method, path, schema } of jsonOperations(doc)) {
      const url = path.replace(/\{([^}]+)\}/g, (_match, name: string) => (['integer', 'number'].includes(pathParameterType(doc, path, method, name) ?? '') ? '1' : randomUUID()));
      const properties = resolve(doc, schema).properties ?? {};
      const body = Object.fromEntries(Object.keys(properties).map((name) => [name, null]));
      let res = await agents.ADMIN[method](url).send(body);
      for (const role of ['SUPERVISOR', 'SECRETARY'] as const) if (res.status === 403) res = await agents[role][method](url).send(body);
      const where = `${method.toUpperCase()} ${path}`;
      const notNullable = Object.entries(properties)
        .filter(([, property]) => !(property as { nullable?: boolean }).nullable)
        .map(([name]) => name);
      if (res.status >= 500) problems.push(`${where}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
      else if (res.status !== 400) {
        if (notNullable.length) problems.push(`${where}: ${res.status} for null in ${notNullable.join(', ')}`);
      } else {
        const reported = new Set(((res.body.error.details ?? []) as { field: string }[]).map((d) => d.field));
        const missing = notNullable.filter((name) => !reported.has(name));
        if (missing.length) problems.push(`${where}: null accepted for ${missing.join(', ')}`);
        for (const message of messages(res.body)) if (ENGLISH.test(message) || message.trim() === '') problems.push(`${where}: not Dutch: ${JSON.stringify(message)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  describe('the cases named in the issue', () => {
    let seasonId: string;
    let clubId: string;
    let memberId: string;
    beforeAll(async () => {
      seasonId = (await createSeason(ctx.prisma)).id;
      clubId = (await createClub(ctx.prisma)).id;
      memberId = (await createListedMember(ctx.prisma, { seasonId, clubId })).member.id;
    });

    const detailsOf = (res: { body: unknown }) => (res.body as { error: { details: { field: string; code: string; message: string }[] } }).error.details;

    it('a name of only spaces is an empty name (refused), not a name stored as ""', async () => {
      const division = await ctx.prisma.division.create({ data: { seasonId, name: `Poule ${randomUUID().slice(0, 6)}` } });
      const team = await ctx.prisma.team.create({ data: { divisionId: division.id, clubId, name: `Team ${randomUUID().slice(0, 6)}` } });
      const attempts = [
        agents.ADMIN.post('/api/clubs').send({ name: '   ' }),
        agents.ADMIN.patch(`/api/clubs/${clubId}`).send({ name: '   ' }),
        agents.ADMIN.patch(`/api/divisions/${division.id}`).send({ name: ' \t ' }),
        agents.ADMIN.patch(`/api/teams/${team.id}`).send({ name: '  ' }),
        agents.ADMIN.patch(`/api/seasons/${seasonId}`).send({ name: '   ' }),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.status).toBe(400);
        expect(detailsOf(res)).toEqual([expect.objectContaining({ field: 'name', message: 'Dit veld is verplicht.' })]);
      }
      // Spaces around a name are not kept either.
      expect((await agents.ADMIN.patch(`/api/teams/${team.id}`).send({ name: '  Kaiman 2  ' }).expect(200)).body.name).toBe('Kaiman 2');
      expect((await ctx.prisma.club.findUniqueOrThrow({ where: { id: clubId } })).name).not.toBe('');
    });

    it('the IBAN on fine statements: an IBAN or a clear refusal, never control characters or other text', async () => {
      for (const paymentIban of ['NL91\u0007\u001bABNA0417164300', 'NL91 ABNA 0417 1643 00\u202e', '2026-02-30', 'NL91\u0000ABNA0417164300']) {
        const res = await agents.ADMIN.patch(`/api/seasons/${seasonId}`).send({ settings: { paymentIban } }).expect(400);
        expect(detailsOf(res)).toEqual([expect.objectContaining({ field: 'settings.paymentIban', message: expect.stringMatching(/^Vul een IBAN in/) })]);
      }
      const saved = await agents.ADMIN.patch(`/api/seasons/${seasonId}`).send({ settings: { paymentIban: ' nl91 abna 0417 1643 00 ' } }).expect(200);
      expect(saved.body.settings.paymentIban).toBe('NL91 ABNA 0417 1643 00');
    });

    it('who called a match off: plain text only (a control character is refused, not a 500)', async () => {
      const day = await createMatchDay(ctx.prisma, { date: '2026-11-14', playersPerClub: 0 });
      const res = await agents.ADMIN.post(`/api/matches/${day.match.id}/not-played`)
        .send({ version: 0, kind: 'FORFEIT', offendingTeamId: day.away.id, calledOffAt: '2026-11-12T19:30', calledOffBy: 'J\u0000Pinas', reason: 'Uitploeg in gebreke' })
        .expect(400);
      expect(detailsOf(res)).toEqual([expect.objectContaining({ field: 'calledOffBy' })]);
    });

    it('a set number in the path that is no whole number names the field', async () => {
      for (const setNumber of ['1.5', 'abc']) {
        const res = await ctx.http().put(`/api/table/ABCDE-FGHJK/sets/${setNumber}`).send({ enteredBy: 'HOME', totals: { home: 4, away: 4 } }).expect(400);
        expect(detailsOf(res)).toEqual([{ field: 'setNumber', code: 'isInt', message: 'Het setnummer is een geheel getal, bijvoorbeeld 1.' }]);
      }
    });

    it('a check with its own message keeps it (a start time of 25:00 says the format and the range)', async () => {
      const day = await createMatchDay(ctx.prisma);
      const res = await agents.ADMIN.post(`/api/matches/${day.match.id}/move`).send({ date: '2026-12-12', startTime: '25:00', reason: 'Zaal bezet' }).expect(400);
      expect(detailsOf(res)).toEqual([expect.objectContaining({ field: 'startTime', message: 'Vul een aanvangstijd in als UU:MM tussen 00:00 en 23:59, bijvoorbeeld 20:00.' })]);
    });

    it('the lists that hide archived rows: includeArchived is true or false, and a query parameter they do not know is refused', async () => {
      for (const path of ['/api/seasons', '/api/clubs', `/api/seasons/${seasonId}/divisions`, `/api/seasons/${seasonId}/fine-catalog`]) {
        const notABoolean = await agents.ADMIN.get(`${path}?includeArchived=abc`).expect(400);
        expect(detailsOf(notABoolean)).toEqual([expect.objectContaining({ field: 'includeArchived', code: 'isBoolean' })]);
        const unknown = await agents.ADMIN.get(`${path}?zzz=1`).expect(400);
        expect(detailsOf(unknown)).toEqual([expect.objectContaining({ field: 'zzz', code: 'UNKNOWN_FIELD' })]);
        await agents.ADMIN.get(`${path}?includeArchived=true`).expect(200);
      }
      const status = await agents.ADMIN.get('/api/seasons?status=OLD').expect(400);
      expect(detailsOf(status)).toEqual([expect.objectContaining({ field: 'status', message: expect.stringContaining('Onbekende seizoensstatus') })]);
    });

    it('a value outside a list of choices names the choices', async () => {
      const res = await agents.ADMIN.post(`/api/members/${memberId}/sanctions`).send({ kind: 'BAN', startsOn: '2026-10-01', reason: 'Wangedrag' }).expect(400);
      expect(detailsOf(res)).toEqual([{ field: 'kind', code: 'isIn', message: 'Kies een van deze waarden: SUSPENSION, EXPULSION.' }]);
    });

    it('an id that is no UUID, alone and in a list', async () => {
      const one = await agents.ADMIN.get('/api/transfers?clubId=abc').expect(400);
      expect(detailsOf(one)).toEqual([{ field: 'clubId', code: 'isUuid', message: 'Dit is geen geldige id: gebruik de id (UUID) zoals het systeem die geeft.' }]);
      const many = await agents.ADMIN.post('/api/fines/pay').send({ fineIds: ['abc'], paidOn: '2026-10-01' });
      expect(detailsOf(many)).toEqual([{ field: 'fineIds', code: 'isUuid', message: 'Elk item moet een geldige id (UUID) zijn, zoals het systeem die geeft.' }]);
      const notAList = await agents.ADMIN.post('/api/fines/pay').send({ fineIds: 'abc' });
      expect(detailsOf(notAList)).toEqual([{ field: 'fineIds', code: 'isArray', message: 'Stuur hier een lijst ([ … ]).' }]);
    });

    it('"8" as text for a number reports the type only, not also "te klein" and "te groot"', async () => {
      const day = await createMatchDay(ctx.prisma);
      const res = await agents.ADMIN.put(`/api/matches/${day.match.id}/result`).send({ version: 0, sets: [{ setNumber: '8', tableNumber: 1, homePoints: 4, awayPoints: 4 }] }).expect(400);
      expect(detailsOf(res)).toEqual([{ field: 'sets.0.setNumber', code: 'isInt', message: 'Vul een geheel getal in (als getal, zonder aanhalingstekens).' }]);
    });

    it('a number out of range says the bound', async () => {
      const day = await createMatchDay(ctx.prisma);
      const res = await agents.ADMIN.put(`/api/matches/${day.match.id}/result`).send({ version: 0, sets: [{ setNumber: 13, tableNumber: 0, homePoints: 4, awayPoints: 4 }] }).expect(400);
      expect(detailsOf(res)).toHaveLength(2);
      expect(detailsOf(res)).toEqual(
        expect.arrayContaining([
          { field: 'sets.0.tableNumber', code: 'min', message: 'Vul een waarde van minstens 1 in.' },
          { field: 'sets.0.setNumber', code: 'max', message: 'Vul een waarde van hoogstens 12 in.' },
        ]),
      );
    });

    it('null set points are refused by the validation, not reported as the set score "null–null"', async () => {
      const day = await createMatchDay(ctx.prisma);
      const res = await agents.ADMIN.put(`/api/matches/${day.match.id}/result`).send({ version: 0, sets: [{ setNumber: 1, tableNumber: 1, homePoints: null, awayPoints: null }] }).expect(400);
      expect(JSON.stringify(res.body)).not.toContain('null–null');
      expect(detailsOf(res)).toEqual(
        ['homePoints', 'awayPoints'].map((field) => ({ field: `sets.0.${field}`, code: 'isNotNull', message: 'Laat dit veld weg of vul een waarde in: leeg (null) kan hier niet.' })),
      );
    });

    const forbidden = 'Gebruik hier alleen gewone tekens: geen stuurtekens (zoals tab of een piepje) en geen onzichtbare tekens die de schrijfrichting omdraaien.';
    test.each([
      ['a bell (U+0007)', 'Kaiman\u0007'],
      ['a right-to-left override (U+202E)', 'Kaiman \u202Egnp.exe'],
      ['a left-to-right isolate (U+2066)', '\u2066Kaiman'],
      ['a tab', 'Kai\tman'],
      ['a line break', 'Kai\nman'],
      ['an escape (U+001B)', '\u001B[31mKaiman'],
    ])('a name with %s is refused, in every name field', async (_what, name) => {
      const day = await createMatchDay(ctx.prisma);
      const attempts: [string, () => Promise<{ status: number; body: unknown }>, string][] = [
        ['club', () => agents.ADMIN.post('/api/clubs').send({ name }), 'name'],
        ['club city', () => agents.ADMIN.post('/api/clubs').send({ name: 'Kaiman Noord', city: name }), 'city'],
        ['season', () => agents.ADMIN.post('/api/seasons').send({ name, startsOn: '2031-09-01', competitionStartsOn: '2031-09-20', endsOn: '2032-05-31' }), 'name'],
        ['division', () => agents.ADMIN.post('/api/divisions').send({ name, seasonId: day.season.id }), 'name'],
        ['team', () => agents.ADMIN.post('/api/teams').send({ name, clubId: day.homeClub.id, divisionId: day.division.id }), 'name'],
        ['member family name', () => agents.ADMIN.post(`/api/seasons/${day.season.id}/clubs/${day.homeClub.id}/member-list/entries`).send({ memberNumber: '8801', familyName: name, givenNames: 'Ruben' }), 'familyName'],
        ['member given names', () => agents.ADMIN.post(`/api/seasons/${day.season.id}/clubs/${day.homeClub.id}/member-list/entries`).send({ memberNumber: '8802', familyName: 'Pinas', givenNames: name }), 'givenNames'],
        ['user', () => agents.ADMIN.post('/api/users').send({ name, email: 'nieuw@tsbn.nl', password: 'lang-genoeg-wachtwoord', role: 'SUPERVISOR' }), 'name'],
      ];
      for (const [what, send, field] of attempts) {
        const res = await send();
        expect({ what, status: res.status }).toEqual({ what, status: 400 });
        expect({ what, details: detailsOf(res).filter((d) => d.field === field) }).toEqual({ what, details: [{ field, code: 'isPlainText', message: forbidden }] });
      }
    });

    it('a reason may have line breaks, but no other control characters or direction overrides', async () => {
      const waive = (reason: string) => agents.ADMIN.post(`/api/fines/${randomUUID()}/waive`).send({ reason });
      expect((await waive('Eerste regel\nTweede regel')).status).toBe(404);
      for (const reason of ['Reden\u0007', 'Reden \u202Eomgekeerd']) {
        const res = await waive(reason);
        expect(res.status).toBe(400);
        expect(detailsOf(res)).toEqual([{ field: 'reason', code: 'isPlainText', message: forbidden }]);
      }
    });
  });
});
