import { isCrossOriginWrite, RequestOrigin } from './same-origin';

const request = (fields: Partial<RequestOrigin>): RequestOrigin => ({ method: 'POST', hosts: ['tsbn.example'], ...fields });

describe('isCrossOriginWrite', () => {
  test.each<[string, Partial<RequestOrigin>, boolean]>([
    ['a read from another site', { method: 'GET', origin: 'http://evil.example', secFetchSite: 'cross-site' }, false],
    ['HEAD and OPTIONS likewise', { method: 'OPTIONS', origin: 'http://evil.example' }, false],
    ['no Origin, no Sec-Fetch-Site (curl, server-side fetch)', {}, false],
    ['Sec-Fetch-Site same-origin', { secFetchSite: 'same-origin', origin: 'http://tsbn.example' }, false],
    ['Sec-Fetch-Site none (typed by the user)', { secFetchSite: 'none' }, false],
    ['Sec-Fetch-Site same-site (a sibling host)', { secFetchSite: 'same-site', origin: 'http://leden.tsbn.example' }, true],
    ['Sec-Fetch-Site cross-site', { secFetchSite: 'cross-site', origin: 'http://evil.example' }, true],
    ['Sec-Fetch-Site decides, even if Origin matches', { secFetchSite: 'cross-site', origin: 'http://tsbn.example' }, true],
    ['Origin matching Host', { origin: 'http://tsbn.example' }, false],
    ['Origin matching Host, case aside', { origin: 'http://TSBN.example', hosts: ['Tsbn.Example'] }, false],
    ['Origin on the default port, Host with it', { origin: 'https://tsbn.example', hosts: ['tsbn.example:443'] }, false],
    ['Origin on another port', { origin: 'http://tsbn.example:8080' }, true],
    ['Origin matching X-Forwarded-Host (the dashboard proxy)', { origin: 'http://localhost:3000', hosts: ['127.0.0.1:3001', 'localhost:3000'] }, false],
    ['Origin of another site', { origin: 'http://evil.example' }, true],
    ['Origin of a sibling host', { origin: 'http://leden.tsbn.example' }, true],
    ['Origin: null (sandboxed frame)', { origin: 'null' }, true],
    ['no hosts known', { origin: 'http://tsbn.example', hosts: [''] }, true],
    ['PUT, PATCH and DELETE like POST', { method: 'DELETE', origin: 'http://evil.example' }, true],
  ])('%s → %s', (_name, fields, expected) => {
    expect(isCrossOriginWrite(request(fields))).toBe(expected);
  });
});
