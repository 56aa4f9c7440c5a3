import { createApp } from './app.factory';

async function main(): Promise<void> {
  const app = await createApp({ logger: ['error', 'warn'] });
  const port = Number(process.env.API_PORT ?? 3001);
  await app.listen(port, process.env.API_HOST ?? '127.0.0.1');
  console.log(`[tsbn] API luistert op http://localhost:${port}/api (documentatie: /api/docs)`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
