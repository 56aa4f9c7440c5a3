import { createApp, logger } from './app.factory';

async function main(): Promise<void> {
  const app = await createApp();
  const port = Number(process.env.API_PORT ?? 3001);
  await app.listen(port, process.env.API_HOST ?? '127.0.0.1');
  logger.log(`API luistert op http://localhost:${port}/api (documentatie: /api/docs)`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
