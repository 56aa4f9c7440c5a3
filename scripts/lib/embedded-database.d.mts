// Types of embedded-database.mjs for the API tests that import it (backend/test is type-checked).
import type pg from 'pg';

export declare const DEFAULT_DATABASE: string;
export declare function embeddedDatabaseName(env?: NodeJS.ProcessEnv | Record<string, string | undefined>): string;
export declare function openEmbeddedDatabase(admin: pg.ClientBase, name: string): Promise<void>;
export declare function postmasterPort(dataDir: string): number | null;
export declare function runningClusterUrl(dataDir: string, database: string, options?: { host?: string; port?: number }): Promise<string | null>;
