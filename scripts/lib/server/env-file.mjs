import { parseEnv } from 'node:util';

// The server's one settings file (/etc/tsbn/tsbn.env): KEY=value lines that systemd's
// EnvironmentFile and Node's process.loadEnvFile both read. Rewritten only to add what is
// missing: a value that is there (a generated password, a token) is never replaced.

/** Reads the file as Node's own env-file reader does (util.parseEnv: loadEnv reads it so too). */
export function parseEnvFile(text) {
  return new Map(Object.entries(parseEnv(text)));
}

/**
 * One line that systemd's EnvironmentFile and Node's reader take alike: plain when it can be,
 * else in single quotes (both take it literally), else in double quotes when it holds no
 * backslash (systemd would read escapes there, Node would not). A value neither can carry is
 * refused in Dutch rather than read two ways.
 */
export function envLine(key, value) {
  if (/^[A-Za-z0-9_@%+=:,./-]*$/.test(value)) return `${key}=${value}`;
  if (/[\r\n]/.test(value)) throw new Error(`${key}: een waarde over meer regels kan niet in het instellingenbestand.`);
  if (!value.includes("'")) return `${key}='${value}'`;
  if (!value.includes('"') && !value.includes('\\')) return `${key}="${value}"`;
  throw new Error(`${key}: een waarde met zowel ' als " of \\ kan niet in het instellingenbestand; kies een andere (bijvoorbeeld een ander wachtwoord).`);
}

/**
 * The file's text with `wanted` merged in. `wanted`: [key, value, { replace }] in order; an
 * existing key keeps its value unless `replace` (settings the operator gave on the command
 * line, such as the domain), and a secret is never replaced.
 * @returns {{ text: string, added: string[], changed: string[], kept: string[] }}
 */
export function mergeEnvFile(existingText, wanted, header = '') {
  const existing = parseEnvFile(existingText);
  const added = [];
  const changed = [];
  const kept = [];
  let lines = existingText ? existingText.replace(/\n*$/, '').split('\n') : header ? header.split('\n') : [];
  for (const [key, value, { replace = false } = {}] of wanted) {
    if (value === undefined || value === null) continue;
    if (!existing.has(key)) {
      lines.push(envLine(key, String(value)));
      added.push(key);
    } else if (replace && existing.get(key) !== String(value)) {
      lines = lines.map((line) => (new RegExp(`^\\s*${key}\\s*=`).test(line) ? envLine(key, String(value)) : line));
      changed.push(key);
    } else {
      kept.push(key);
    }
  }
  return { text: `${lines.join('\n')}\n`, added, changed, kept };
}
