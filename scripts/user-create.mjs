// `npm run user:create -- --email a@b.nl --name "Naam" [--password …] [--role ADMIN]`
// Creates a user (by default the first administrator). Asks for what is missing.
import { hash as argon2Hash } from '@node-rs/argon2';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ensureDatabase } from './lib/database.mjs';
import { loadEnv } from './lib/env.mjs';
import { migrateDeploy } from './lib/prisma.mjs';

loadEnv();
const { values } = parseArgs({
  options: { email: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' }, role: { type: 'string', default: 'ADMIN' } },
});
const ask = async (question, current) => {
  if (current) return current;
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  const answer = await rl.question(question);
  rl.close();
  return answer.trim();
};
const email = (await ask('E-mailadres: ', values.email)).toLowerCase();
const name = await ask('Naam: ', values.name);
const password = await ask('Wachtwoord (minstens 10 tekens): ', values.password);
const role = values.role.toUpperCase();
if (!['ADMIN', 'SUPERVISOR'].includes(role)) {
  console.error('Rol moet ADMIN of SUPERVISOR zijn; secretarissen maakt een beheerder aan in het dashboard.');
  process.exit(2);
}
if (!/^\S+@\S+\.\S+$/.test(email) || name.length < 2 || password.length < 10) {
  console.error('Ongeldige invoer: geef een e-mailadres, een naam en een wachtwoord van minstens 10 tekens.');
  process.exit(2);
}
const db = await ensureDatabase('dev');
try {
  await migrateDeploy(db.url);
  const client = new pg.Client(db.url);
  await client.connect();
  const hash = await argon2Hash(password); // argon2id
  const { rows } = await client.query(
    `INSERT INTO users (id, email, name, "passwordHash", role, "updatedAt") VALUES (gen_random_uuid(), $1, $2, $3, $4, now())
     ON CONFLICT (email) DO NOTHING RETURNING id`,
    [email, name, hash, role],
  );
  await client.end();
  console.log(rows.length ? `Gebruiker ${email} (${role}) aangemaakt.` : `Er bestaat al een gebruiker met e-mailadres ${email}; niets gewijzigd.`);
} finally {
  await db.stop();
}
