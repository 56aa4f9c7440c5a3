// The scheduled job's finaliser, once, for a browser test: the e2e run starts the API without
// scheduled jobs, so a test that moved a match's moment into the past (its correction window or
// its paper form's hours) runs the job's own code here, over the run's database, through the one
// writer (command log, audit, the live event the open pages follow). It prints the ids it made
// final on a line of their own, "finalised: [...]" (the API's own lines may come around it).
// A child process of the test (as backend/test/pdf-text.mjs), with the API's build (backend/dist).
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const dist = path.resolve(import.meta.dirname, '..', 'backend', 'dist');
// The running API holds the mail catcher's port; this process sends no mail.
process.env.MAIL_CATCHER = 'off';
const { createApp } = require(path.join(dist, 'app.factory.js'));
const { MatchFinaliserService } = require(path.join(dist, 'matches', 'match-finaliser.service.js'));

const app = await createApp({ logger: ['error'] });
await app.init();
try {
  process.stdout.write(`\nfinalised: ${JSON.stringify(await app.get(MatchFinaliserService).finaliseDue())}\n`);
} finally {
  await app.close();
}
