/**
 * Every required reason (and the other required free texts: a catalog item's description) is
 * trimmed before it is checked: a reason of spaces only is refused with a Dutch message that
 * names the field, never accepted and audited (issue 12, item 9). The endpoints are read from
 * the OpenAPI document, so a new endpoint with a required reason is covered without editing
 * this file.
 */
import { randomUUID } from 'node:crypto';
import type { OpenAPIObject } from '@nestjs/swagger';
import { buildOpenApi } from '../src/app.factory';
import { type Agent, createClub, createFineRow, createSeason, expectError, loginAs, resetDatabase, startApp, TestContext } from './helpers';

jest.setTimeout(60_000);

type Schema = { $ref?: string; type?: string; properties?: Record<string, Schema>; required?: string[]; allOf?: Schema[] };

/** The required free-text fields the shared decorator guards, with how their message names them. */
const REQUIRED_TEXTS: Record<string, RegExp> = {
  reason: /^Vul de reden in: minstens 3 tekens, spaties niet meegeteld\.$/,
  description: /^Vul de omschrijving in: minstens 3 tekens, spaties niet meegeteld\.$/,
};

function resolve(doc: OpenAPIObject, schema: Schema | undefined): Schema {
  if (!schema) return {};
  if (schema.$ref) return resolve(doc, doc.components!.schemas![schema.$ref.split('/').pop()!] as Schema);
  if (schema.allOf) {
    const parts = schema.allOf.map((part) => resolve(doc, part));
    return { properties: Object.assign({}, ...parts.map((p) => p.properties)), required: parts.flatMap((p) => p.required ?? []) };
  }
  return schema;
}

/** Every operation whose JSON body requires one of REQUIRED_TEXTS: [method, path, field]. */
function operationsWithRequiredText(doc: OpenAPIObject): [string, string, string][] {
  const found: [string, string, string][] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of ['post', 'put', 'patch', 'delete'] as const) {
      const operation = item[method];
      const schema = resolve(doc, operation?.requestBody && 'content' in operation.requestBody ? (operation.requestBody.content['application/json']?.schema as Schema) : undefined);
      for (const field of schema.required ?? []) {
        if (field in REQUIRED_TEXTS && schema.properties?.[field]?.type === 'string') found.push([method.toUpperCase(), path, field]);
      }
    }
  }
  return found;
}

describe('required reasons of spaces only', () => {
  let ctx: TestContext;
  let admin: Agent;
  let operations: [string, string, string][];

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    admin = (await loginAs(ctx, 'ADMIN')).agent;
    operations = operationsWithRequiredText(buildOpenApi(ctx.app));
  });

  afterAll(() => ctx.close());

  it('the document lists the endpoints that take a required reason', () => {
    expect(operations).toEqual(
      expect.arrayContaining([
        ['POST', '/api/fines/{id}/waive', 'reason'],
        ['POST', '/api/fines/{id}/discard', 'reason'],
        ['POST', '/api/transfers/{id}/approve', 'reason'],
        ['POST', '/api/transfers/{id}/refuse', 'reason'],
        ['POST', '/api/members/{memberId}/sanctions', 'reason'],
        ['POST', '/api/fine-catalog', 'description'],
      ]),
    );
    expect(operations.length).toBeGreaterThanOrEqual(12);
  });

  test.each(['   ', '\t \n', ' a ', '  ab  '])('%j is refused with a Dutch message naming the field, on every such endpoint', async (blank) => {
    for (const [method, path, field] of operations) {
      // Ids get an unknown uuid, numbers (set, table) a valid one: the body is checked either way.
      const url = path.replace(/\{([^}]+)\}/g, (_, name: string) => (/Number$/.test(name) ? '1' : randomUUID()));
      const res = await admin[method.toLowerCase() as 'post'](url).send({ [field]: blank });
      const where = `${method} ${path}`;
      expect({ where, status: res.status }).toEqual({ where, status: 400 });
      expectError(res.body, 400, 'VALIDATION_FAILED');
      const detail = (res.body.error.details as { field: string; message: string }[]).find((d) => d.field === field);
      expect({ where, message: detail?.message }).toEqual({ where, message: expect.stringMatching(REQUIRED_TEXTS[field]) });
    }
  });

  it('a reason with spaces around it is stored without them', async () => {
    const season = await createSeason(ctx.prisma);
    const fine = await createFineRow(ctx.prisma, { seasonId: season.id, clubId: (await createClub(ctx.prisma)).id });
    await admin.post(`/api/fines/${fine.id}/waive`).send({ reason: '   Bestuursbesluit 4  ' }).expect(200);
    expect(await ctx.prisma.auditLog.findFirst({ where: { entityId: fine.id }, orderBy: { createdAt: 'desc' } })).toMatchObject({ reason: 'Bestuursbesluit 4' });
  });

  it('a reason that is not text says so', async () => {
    const res = await admin.post(`/api/fines/${randomUUID()}/waive`).send({ reason: 12345 }).expect(400);
    expect(res.body.error.details).toEqual([{ field: 'reason', code: 'isRequiredText', message: 'Vul bij de reden tekst in.' }]);
  });

  it('a reason over 2000 characters is too long', async () => {
    const res = await admin.post(`/api/fines/${randomUUID()}/waive`).send({ reason: 'a'.repeat(2001) }).expect(400);
    expect(res.body.error.details).toEqual([{ field: 'reason', code: 'isRequiredText', message: 'De reden is te lang: hoogstens 2000 tekens.' }]);
  });
});
