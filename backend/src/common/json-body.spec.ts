import { AppError } from './errors';
import { jsonNestsDeeperThan, MAX_JSON_DEPTH, parseJsonBody } from './json-body';

const nested = (n: number) => '['.repeat(n) + ']'.repeat(n);

describe('jsonNestsDeeperThan', () => {
  test.each<[string, string, number, boolean]>([
    ['flat object', '{"a":1}', 1, false],
    ['exactly the limit', nested(3), 3, false],
    ['one deeper', nested(4), 3, true],
    ['objects and arrays both count', '{"a":[{"b":[1]}]}', 3, true],
    ['siblings do not add up', '[[1],[2],[3],[4]]', 2, false],
    ['brackets inside strings do not count', '{"a":"[[[[{{{{"}', 1, false],
    ['an escaped quote does not end the string', '{"a":"\\"[[[["}', 1, false],
    ['an escaped backslash before the closing quote', '{"a":"\\\\","b":[[1]]}', 2, true],
  ])('%s', (_name, text, max, expected) => {
    expect(jsonNestsDeeperThan(text, max)).toBe(expected);
  });
});

describe('parseJsonBody', () => {
  const codeOf = (text: string) => {
    try {
      parseJsonBody(text);
      return 'OK';
    } catch (error) {
      return (error as AppError).code;
    }
  };

  test.each<[string, string, string]>([
    ['a body', '{"name":"Kaiman","sets":[[8,0]]}', 'OK'],
    ['the deepest allowed', nested(MAX_JSON_DEPTH), 'OK'],
    ['one level deeper', nested(MAX_JSON_DEPTH + 1), 'JSON_TOO_DEEP'],
    ['2,000 levels', nested(2000), 'JSON_TOO_DEEP'],
    ['empty', '', 'MALFORMED_JSON'],
    ['not JSON', '{"a":', 'MALFORMED_JSON'],
    ['__proto__', '{"__proto__":{"x":1}}', 'FORBIDDEN_KEY'],
    ['__proto__ written with escapes', '{"\\u005f_proto__":{"x":1}}', 'FORBIDDEN_KEY'],
    ['constructor.prototype', '{"a":{"constructor":{"prototype":{}}}}', 'FORBIDDEN_KEY'],
    ['a harmless "constructor" key', '{"constructor":"Jansen"}', 'OK'],
  ])('%s → %s', (_name, text, code) => {
    expect(codeOf(text)).toBe(code);
  });

  it('names the key it refuses', () => {
    expect(() => parseJsonBody('{"__proto__":{}}')).toThrow("Het verzoek bevat de sleutel '__proto__'; die is niet toegestaan.");
    expect(() => parseJsonBody('{"constructor":{"prototype":{}}}')).toThrow("'constructor.prototype'");
  });
});
