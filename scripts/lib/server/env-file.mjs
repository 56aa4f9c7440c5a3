// The server's one settings file (/etc/tsbn/tsbn.env): KEY=value lines that systemd's
// EnvironmentFile and Node's process.loadEnvFile both read. Rewritten only to add what is
// missing: a value that is there (a generated password, a token) is never replaced.

/** Reads KEY=value lines (comments and blank lines skipped; "…" quotes removed). */
export function parseEnvFile(text) {
  const values = new Map();
  for (const line of text.split('\n')) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match) continue;
    let value = match[2];
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1).replace(/\\"/g, '"').replace(/\\\\/g, '\\');
    values.set(match[1], value);
  }
  return values;
}

/** One line; quoted when the value has anything but plain characters (both readers accept "…"). */
export function envLine(key, value) {
  const plain = /^[A-Za-z0-9_@%+=:,./-]*$/.test(value);
  return `${key}=${plain ? value : `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`}`;
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
