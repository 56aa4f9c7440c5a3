import type { INestApplication } from '@nestjs/common';
import { json, type NextFunction, type Request, type Response } from 'express';

const SEASON_IMPORT_PATH = '/api/seasons/import';
/** A 20-team double round robin with every set is about 150 kB; whole seasons of history fit easily. */
const SEASON_IMPORT_LIMIT = '10mb';

/**
 * A larger JSON body limit for the season import only; every other route keeps Nest's
 * default (100 kB). Call before the app initialises: Nest's own parser then skips bodies
 * already read. The wrapper is named so Nest still registers its `jsonParser` for the rest.
 */
export function useSeasonImportBodyLimit(app: INestApplication): void {
  const parser = json({ limit: SEASON_IMPORT_LIMIT });
  app.use(SEASON_IMPORT_PATH, function seasonImportJsonParser(req: Request, res: Response, next: NextFunction) {
    // Only a request with a session may make the server read 10 MB (the guard then checks
    // that it is an administrator's); without one the default limit applies.
    if (!/(?:^|;\s*)tsbn_session=/.test(req.headers.cookie ?? '')) return next();
    parser(req, res, next);
  });
}
