// Compiles backend/src to backend/dist with swc (decorator metadata included).
import { buildBackend } from './lib/build.mjs';

process.exit(buildBackend() ? 0 : 1);
