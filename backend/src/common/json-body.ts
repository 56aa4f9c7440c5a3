import type { FastifyInstance, FastifyRequest } from 'fastify';
import secureJson from 'secure-json-parse';
import { ValidationError } from './errors';

/**
 * How deep a JSON body may nest. The deepest real one (the season document of
 * `POST /api/seasons/import`) has 6 levels; without a limit a body like `[[[[…]]]]`
 * 2,000 levels deep sends class-transformer into a recursion that ends in a 500.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether `text` nests arrays and objects deeper than `max`: one pass over the text,
 * before it is parsed (brackets inside strings do not count).
 */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

const malformed = () => new ValidationError('Het verzoek bevat geen geldige JSON.', undefined, 'MALFORMED_JSON');

/**
 * Parses a JSON body like Fastify's own parser (secure-json-parse, refusing keys that
 * would change an object's prototype), with a depth limit and a message that says what
 * is wrong. Throws a ValidationError (400) that the error filter puts in the envelope.
 */
export function parseJsonBody(text: string): unknown {
  if (text.length === 0) throw malformed();
  if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) {
    throw new ValidationError(`Het verzoek is te diep genest: JSON mag hoogstens ${MAX_JSON_DEPTH} niveaus diep zijn.`, undefined, 'JSON_TOO_DEEP');
  }
  try {
    return secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch {
    // Either not JSON at all, or JSON with a forbidden key: tell which.
    let plain: unknown;
    try {
      plain = JSON.parse(text);
    } catch {
      throw malformed();
    }
    const key = hasProtoKey(plain) ? '__proto__' : 'constructor.prototype';
    throw new ValidationError(`Het verzoek bevat de sleutel '${key}'; die is niet toegestaan.`, [{ field: key, code: 'FORBIDDEN_KEY', message: `De sleutel '${key}' is niet toegestaan.` }], 'FORBIDDEN_KEY');
  }
}

/** Whether parsed JSON has a `__proto__` key (else the forbidden key was `constructor.prototype`). */
function hasProtoKey(value: unknown): boolean {
  try {
    secureJson.scan(value as object, { protoAction: 'error', constructorAction: 'ignore' });
    return false;
  } catch {
    return true;
  }
}

/**
 * The API's body parsers: JSON (`parseJsonBody`) instead of Fastify's, whose text/plain
 * parser goes too; Nest's urlencoded one is never registered (`bodyParser: false` in
 * app.factory). A form or text body is answered 415 before any handler runs. Multipart
 * (`@fastify/multipart`, registered by the adapter) stays; `BodyTypeGuard` keeps it to the
 * upload endpoints.
 */
export function jsonBodiesOnly(instance: FastifyInstance): void {
  instance.removeContentTypeParser(['application/json', 'text/plain']);
  instance.addContentTypeParser('application/json', { parseAs: 'string' }, (_request: FastifyRequest, body: string | Buffer, done) => {
    try {
      done(null, parseJsonBody(typeof body === 'string' ? body : body.toString('utf8')));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}
