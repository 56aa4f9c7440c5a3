#!/usr/bin/env node
// prisma-schema-engine.mjs
//
// Drop-in replacement for Prisma's native `schema-engine` binary, for PostgreSQL,
// that needs no download. Point PRISMA_SCHEMA_ENGINE_BINARY at this (executable) file.
//
// It speaks the same stdio protocol as the native binary:
//   * `schema-engine [--datamodels <file>]... [--datasource <json>] [...]`
//       newline-delimited JSON-RPC 2.0 on stdin/stdout (stdout is reserved for it),
//       JSON log lines (tracing format) on stderr;
//   * `schema-engine --datasource <json> cli <can-connect-to-database|create-database|drop-database>`;
//   * `schema-engine --version`.
// Requests are executed by Prisma's WebAssembly schema engine (@prisma/schema-engine-wasm) on
// top of the `@prisma/adapter-pg` driver adapter (+ `pg`).
//
// Environment knobs (all optional):
//   PRISMA_SHIM_DEBUG=1          verbose logs (incl. every SQL statement) on stderr
//   PRISMA_SHIM_LOG_FILE=<path>  also append every log line to this file (the CLI hides the
//                                engine's stderr unless something fails)
//   PRISMA_SHIM_WASM=<path>      use this schema_engine_bg.wasm instead of auto-detection
//   PRISMA_SHIM_USE_PACKAGE_WASM=1  always use the .wasm shipped in @prisma/schema-engine-wasm
//   PRISMA_SHIM_SHADOW_PREFIX    prefix of temporary shadow databases (default `prisma_shadow_`)
//   PRISMA_SCHEMA_DISABLE_ADVISORY_LOCK  honoured by the engine itself, as with the native binary

import fs from 'node:fs'
import path from 'node:path'
import readline from 'node:readline'
import crypto from 'node:crypto'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

// ---------------------------------------------------------------------------------------------
// stdout is the JSON-RPC channel: nothing else may ever write to it.
// ---------------------------------------------------------------------------------------------
const rawStdoutWrite = process.stdout.write.bind(process.stdout)
process.stdout.write = (chunk, encoding, cb) => process.stderr.write(chunk, encoding, cb)
for (const level of ['log', 'info', 'debug', 'warn', 'trace', 'dir']) {
  console[level] = (...args) => logLine('INFO', args.map((a) => (typeof a === 'string' ? a : safeInspect(a))).join(' '))
}

const DEBUG = /^(1|true|yes)$/i.test(process.env.PRISMA_SHIM_DEBUG ?? '')
const SHIM_TARGET = 'schema_engine::logger'

function safeInspect(value) {
  try {
    if (value instanceof Error) return value.stack || value.message
    return JSON.stringify(value)
  } catch {
    return String(value)
  }
}

const LOG_FILE = process.env.PRISMA_SHIM_LOG_FILE

function writeLog(text) {
  try {
    process.stderr.write(text)
  } catch {
    // stderr closed: nothing sensible left to do
  }
  if (LOG_FILE) {
    try {
      fs.appendFileSync(LOG_FILE, text)
    } catch {}
  }
}

/** Writes one log line in the same JSON format as the native engine (tracing-subscriber json). */
function logLine(level, message, fields = {}) {
  writeLog(
    JSON.stringify({
      timestamp: new Date().toISOString(),
      level,
      fields: { message: String(message), ...fields },
      target: SHIM_TARGET,
    }) + '\n',
  )
}
const debug = (msg, fields) => DEBUG && logLine('DEBUG', msg, fields)
const info = (msg, fields) => logLine('INFO', msg, fields)
const logError = (msg, fields) => logLine('ERROR', msg, fields)

function send(message) {
  rawStdoutWrite(JSON.stringify(message) + '\n')
}

// ---------------------------------------------------------------------------------------------
// Module resolution: the shim lives in the user's project, deps are normal dependencies there.
// ---------------------------------------------------------------------------------------------
const selfPath = fileURLToPath(import.meta.url)
const requireCandidates = [createRequire(selfPath), createRequire(path.join(process.cwd(), 'noop.js'))]

const INSTALL_HINT =
  'npm install prisma@7.10.1 @prisma/client@7.10.0 @prisma/adapter-pg@7.10.1 pg @prisma/schema-engine-wasm@8.1.0-2.59be4fda12412a79eeb9c2ae727b6aa723593323'

function resolveFrom(id) {
  let lastError
  for (const req of requireCandidates) {
    try {
      return req.resolve(id)
    } catch (e) {
      lastError = e
    }
  }
  if (lastError?.code === 'MODULE_NOT_FOUND') {
    lastError = new Error(`prisma-schema-engine shim: cannot find module \`${id}\` (looked next to ${selfPath} and in ${process.cwd()}). Install the dependencies: ${INSTALL_HINT}`)
  }
  throw lastError
}

function tryResolve(id) {
  try {
    return resolveFrom(id)
  } catch {
    return undefined
  }
}

// ---------------------------------------------------------------------------------------------
// Args
// ---------------------------------------------------------------------------------------------
function parseArgs(argv) {
  const out = { datamodels: [], datasource: undefined, previewFeatures: [], extensionTypes: undefined, cli: undefined, version: false, help: false }
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    const takeValue = () => {
      const eq = a.indexOf('=')
      if (a.startsWith('--') && eq !== -1) return a.slice(eq + 1)
      i++
      return argv[i]
    }
    const name = a.startsWith('--') && a.includes('=') ? a.slice(0, a.indexOf('=')) : a
    switch (name) {
      case '-d':
      case '--datamodels':
      case '--datamodel':
        out.datamodels.push(takeValue())
        break
      case '--datasource':
        out.datasource = takeValue()
        break
      case '--enabled-preview-features':
        out.previewFeatures.push(...String(takeValue() ?? '').split(',').filter(Boolean))
        break
      case '--extension-types':
        out.extensionTypes = takeValue()
        break
      case '-V':
      case '--version':
        out.version = true
        break
      case '-h':
      case '--help':
        out.help = true
        break
      case 'cli':
        out.cli = argv[i + 1]
        i = argv.length
        break
      default:
        debug(`ignoring unknown argument ${a}`)
    }
  }
  return out
}

const args = parseArgs(process.argv.slice(2))

// ---------------------------------------------------------------------------------------------
// Datasource / connection configuration
// ---------------------------------------------------------------------------------------------
function parseDatasource() {
  let ds = {}
  if (args.datasource) {
    try {
      ds = JSON.parse(args.datasource)
    } catch {
      // tolerate a bare URL
      ds = { url: args.datasource }
    }
  }
  if (typeof ds === 'string') ds = { url: ds }
  const url = ds.url ?? process.env.DATABASE_URL
  const shadowDatabaseUrl = ds.shadowDatabaseUrl ?? ds.shadow_database_url ?? undefined
  return { url, shadowDatabaseUrl }
}

const datasource = parseDatasource()

class UserFacingError extends Error {
  constructor(code, message, meta = {}) {
    super(message)
    this.code = code
    this.meta = meta
  }
}

function assertPostgresUrl(url, what = 'datasource') {
  if (!url) {
    throw new UserFacingError('P1012', `The ${what} URL is empty. Set \`datasource.url\` in prisma.config.ts (e.g. \`url: env('DATABASE_URL')\`).`)
  }
  if (!/^postgres(ql)?:\/\//i.test(url)) {
    const scheme = String(url).split(':')[0]
    throw new UserFacingError('P1013', `prisma-schema-engine shim only supports PostgreSQL connection strings (postgres:// or postgresql://), got \`${scheme}://...\`.`)
  }
}

// Lazily loaded driver modules (so `--version` / `--help` work without them).
let drivers
async function loadDrivers() {
  if (drivers) return drivers
  // CommonJS builds throughout, so that adapter-pg and the shim share one `pg` module instance
  // (adapter-pg checks `pool instanceof pg.Pool`).
  const adapterPath = resolveFrom('@prisma/adapter-pg')
  const adapterRequire = createRequire(adapterPath)
  const { PrismaPg } = adapterRequire(adapterPath)
  if (typeof PrismaPg !== 'function') throw new Error('Could not load PrismaPg from @prisma/adapter-pg')
  const pg = adapterRequire('pg')
  const pgRequire = createRequire(adapterRequire.resolve('pg'))
  const { parse: parseConnectionString } = pgRequire('pg-connection-string')
  patchPgResultTypes(pg)
  drivers = { PrismaPg, pg, parseConnectionString }
  return drivers
}

function pathToImportSpecifier(p) {
  return p.startsWith('file:') ? p : new URL(`file://${path.resolve(p)}`).href
}


// PostgreSQL catalog types the adapter can't map (it throws UnsupportedNativeDataType for them),
// but that `pg` hands over as plain strings. The schema engine's describer queries return some of
// them (most notably `"char"`, OID 18, e.g. pg_class.relkind / pg_constraint.contype): report them
// as TEXT (OID 25) so the adapter passes the string through.
const TEXTLIKE_OIDS = new Set([
  18, // "char"
  22, // int2vector
  24, // regproc
  27, // tid
  28, // xid
  29, // cid
  30, // oidvector
  194, // pg_node_tree
  774, // macaddr8
  829, // macaddr
  1033, // aclitem
  2202, // regprocedure
  2203, // regoper
  2204, // regoperator
  2205, // regclass
  2206, // regtype
  3220, // pg_lsn
  3734, // regconfig
  3769, // regdictionary
  4089, // regnamespace
  4096, // regrole
  4191, // regcollation
  5069, // xid8
])
const TEXT_OID = 25

function patchPgResultTypes(pg) {
  const proto = pg.Result?.prototype
  if (!proto || proto.__prismaShimPatched) return
  const original = proto.addFields
  proto.addFields = function addFieldsPatched(fieldDescriptions) {
    const ret = original.call(this, fieldDescriptions)
    for (const field of this.fields) {
      if (TEXTLIKE_OIDS.has(field.dataTypeID) && field.format !== 'binary') {
        field.dataTypeID = TEXT_OID
      }
    }
    return ret
  }
  Object.defineProperty(proto, '__prismaShimPatched', { value: true })
}

/** Turns a connection string into a `pg` config (no connectionString, so overrides work). */
function toPgConfig(url, overrides = {}) {
  const { parseConnectionString } = drivers
  const cfg = { ...parseConnectionString(url) }
  const schema = typeof cfg.schema === 'string' && cfg.schema.length > 0 ? cfg.schema : undefined
  // Prisma-specific URL parameters that pg doesn't understand.
  for (const k of ['schema', 'connection_limit', 'pool_timeout', 'pgbouncer', 'statement_cache_size', 'socket_timeout', 'sslaccept', 'sslidentity', 'sslpassword', 'single_use_connections']) {
    delete cfg[k]
  }
  if (cfg.connect_timeout !== undefined) {
    const secs = Number(cfg.connect_timeout)
    if (Number.isFinite(secs) && secs > 0) cfg.connectionTimeoutMillis = secs * 1000
    delete cfg.connect_timeout
  }
  if (schema && !cfg.options) {
    cfg.options = `-c search_path=${quoteIdent(schema).replace(/ /g, '\\ ')}`
  }
  if (!cfg.application_name) cfg.application_name = 'prisma-schema-engine-shim'
  if (cfg.port !== undefined && cfg.port !== null) cfg.port = Number(cfg.port) || cfg.port
  return { config: { ...cfg, ...overrides }, schema }
}

function describeServer(cfg) {
  const host = cfg.host || 'localhost'
  const port = cfg.port || 5432
  return { host, port, database: cfg.database || cfg.user || 'postgres', user: cfg.user || '' }
}

function quoteIdent(name) {
  return `"${String(name).replace(/"/g, '""')}"`
}

/** Maps connection-level pg errors to the user-facing error codes the native engine uses. */
function mapConnectionError(error, cfg) {
  const { host, port, database, user } = describeServer(cfg)
  const code = error?.code
  switch (code) {
    case '3D000':
      return new UserFacingError('P1003', `Database \`${database}\` does not exist on the database server at \`${host}:${port}\`.`, { database_name: database, database_host: host, database_port: port })
    case '28P01':
    case '28000':
      return new UserFacingError('P1000', `Authentication failed against database server, the provided database credentials for \`${user}\` are not valid.\n\nPlease make sure to provide valid database credentials for the database server at the configured address.`, { database_user: user, database_host: host, database_port: port })
    case '42P04':
      return new UserFacingError('P1009', `Database \`${database}\` already exists on the database server at \`${host}:${port}\``, { database_name: database, database_host: host, database_port: port })
    case '42501':
      return new UserFacingError('P1010', `User \`${user}\` was denied access on the database \`${database}\``, { database_user: user, database_name: database })
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'ETIMEDOUT':
      return new UserFacingError('P1001', `Can't reach database server at \`${host}:${port}\`\n\nPlease make sure your database server is running at \`${host}:${port}\`.`, { database_host: host, database_port: port })
    default:
      if (/timeout/i.test(error?.message ?? '')) {
        return new UserFacingError('P1002', `The database server at \`${host}:${port}\` was reached but timed out.`, { database_host: host, database_port: port })
      }
      return error
  }
}

/** Runs `fn(client)` on a one-off pg.Client for `config`, mapping connection errors. */
async function withClient(config, fn) {
  const { pg } = drivers
  const client = new pg.Client(config)
  client.on('error', (e) => debug(`pg client error: ${e.message}`))
  try {
    await client.connect()
  } catch (e) {
    throw mapConnectionError(e, config)
  }
  try {
    return await fn(client)
  } finally {
    await client.end().catch(() => {})
  }
}

/** Runs `fn` on the server's maintenance database (postgres, then template1). */
async function withMaintenanceClient(url, fn) {
  const { config } = toPgConfig(url)
  let lastError
  for (const database of ['postgres', 'template1']) {
    try {
      return await withClient({ ...config, database }, fn)
    } catch (e) {
      lastError = e
      if (!(e instanceof UserFacingError && e.code === 'P1003')) throw e
    }
  }
  throw lastError
}

async function dropDatabaseByName(adminConfig, name) {
  await withClient(adminConfig, async (client) => {
    try {
      await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`)
    } catch (e) {
      if (e?.code !== '42601') throw e // syntax error => PostgreSQL < 13
      await client.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [name])
      await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)}`)
    }
  })
}

// ---------------------------------------------------------------------------------------------
// Driver adapter factory handed to the Wasm engine.
// Same contract as `bindMigrationAwareSqlAdapterFactory` from @prisma/driver-adapter-utils:
// every method returns `{ ok: true, value }` or `{ ok: false, error }`.
// ---------------------------------------------------------------------------------------------
class ErrorRegistry {
  registeredErrors = []
  lastId = undefined
  consumeError(id) {
    const e = this.registeredErrors[id]
    delete this.registeredErrors[id]
    return e
  }
  registerNewError(error) {
    let i = 0
    while (this.registeredErrors[i] !== undefined) i++
    this.registeredErrors[i] = { error }
    this.lastId = i
    return i
  }
  peekLast() {
    return this.lastId === undefined ? undefined : this.registeredErrors[this.lastId]?.error
  }
  clear() {
    this.registeredErrors = []
    this.lastId = undefined
  }
}

const ok = (value) => ({ ok: true, value })
const err = (error) => ({ ok: false, error })

function wrapAsync(registry, fn) {
  return async (...a) => {
    try {
      return ok(await fn(...a))
    } catch (error) {
      debug(`driver adapter error: ${error?.message}`)
      if (error?.name === 'DriverAdapterError' && typeof error.cause === 'object') return err(error.cause)
      return err({ kind: 'GenericJs', id: registry.registerNewError(error) })
    }
  }
}

function wrapSync(registry, fn) {
  return (...a) => {
    try {
      return ok(fn(...a))
    } catch (error) {
      if (error?.name === 'DriverAdapterError' && typeof error.cause === 'object') return err(error.cause)
      return err({ kind: 'GenericJs', id: registry.registerNewError(error) })
    }
  }
}

function logQuery(kind, query) {
  if (DEBUG) debug(`${kind}: ${query?.sql ?? query}`, { args: safeInspect(query?.args ?? []) })
}

function bindTransaction(registry, tx) {
  const bound = {
    adapterName: tx.adapterName,
    provider: tx.provider,
    options: tx.options,
    queryRaw: wrapAsync(registry, (q) => (logQuery('tx queryRaw', q), tx.queryRaw(q))),
    executeRaw: wrapAsync(registry, (q) => (logQuery('tx executeRaw', q), tx.executeRaw(q))),
    commit: wrapAsync(registry, () => tx.commit()),
    rollback: wrapAsync(registry, () => tx.rollback()),
  }
  if (tx.createSavepoint) bound.createSavepoint = wrapAsync(registry, (n) => tx.createSavepoint(n))
  if (tx.rollbackToSavepoint) bound.rollbackToSavepoint = wrapAsync(registry, (n) => tx.rollbackToSavepoint(n))
  if (tx.releaseSavepoint) bound.releaseSavepoint = wrapAsync(registry, (n) => tx.releaseSavepoint(n))
  return bound
}

/**
 * Wraps a PrismaPgAdapter. `executeScript` is replaced: adapter-pg splits scripts on every `;`,
 * which breaks migrations containing functions/`DO $$ ... $$` blocks or `;` inside strings or
 * comments. Like the native engine we send the whole script as one simple-protocol query.
 */
// The engine takes Migrate's session-level advisory lock (`SELECT pg_advisory_lock(72707369)`)
// and, like the native engine on its single connection, never releases it explicitly. On a pool
// a later lock call could land on another connection and wait for the idle one forever, so lock
// statements always go to one dedicated connection, held until the adapter is disposed.
const ADVISORY_LOCK_RE = /\bpg_advisory_(un)?lock\s*\(/i

function bindAdapter(registry, adapter, pool, onDispose, makeLockAdapter) {
  let disposed = false
  let lock // { adapter, pool }
  const lockAdapter = async () => {
    lock ??= await makeLockAdapter()
    return lock.adapter
  }
  const route = async (q) => (makeLockAdapter && ADVISORY_LOCK_RE.test(q?.sql ?? '') ? lockAdapter() : adapter)
  const bound = {
    adapterName: adapter.adapterName,
    provider: adapter.provider,
    errorRegistry: registry,
    queryRaw: wrapAsync(registry, async (q) => (logQuery('queryRaw', q), (await route(q)).queryRaw(q))),
    executeRaw: wrapAsync(registry, async (q) => (logQuery('executeRaw', q), (await route(q)).executeRaw(q))),
    executeScript: wrapAsync(registry, async (script) => {
      logQuery('executeScript', script)
      try {
        await pool.query(script)
      } catch (e) {
        if (typeof adapter.onError === 'function') adapter.onError(e) // throws a DriverAdapterError
        throw e
      }
    }),
    startTransaction: async (...a) => {
      const r = await wrapAsync(registry, (...x) => adapter.startTransaction(...x))(...a)
      return r.ok ? ok(bindTransaction(registry, r.value)) : r
    },
    dispose: wrapAsync(registry, async () => {
      if (disposed) return
      disposed = true
      if (lock) await endPool(lock.pool)
      await onDispose()
    }),
  }
  if (adapter.getConnectionInfo) bound.getConnectionInfo = wrapSync(registry, () => adapter.getConnectionInfo())
  return bound
}

const SHADOW_PREFIX = process.env.PRISMA_SHIM_SHADOW_PREFIX || 'prisma_shadow_'
const openPools = new Set()
const liveShadowDatabases = new Map() // name -> { pool, adminConfig }

function makePool(config) {
  const { pg } = drivers
  const pool = new pg.Pool({ max: 4, idleTimeoutMillis: 0, ...config })
  pool.on('error', (e) => debug(`idle pg client error: ${e.message}`))
  openPools.add(pool)
  return pool
}

async function endPool(pool) {
  if (!openPools.has(pool)) return
  openPools.delete(pool)
  await pool.end().catch((e) => debug(`pool.end failed: ${e.message}`))
}

async function dropShadowDatabase(name) {
  const entry = liveShadowDatabases.get(name)
  if (!entry) return
  liveShadowDatabases.delete(name)
  await endPool(entry.pool)
  try {
    await dropDatabaseByName(entry.adminConfig, name)
    debug(`dropped shadow database ${name}`)
  } catch (e) {
    logError(`could not drop shadow database ${name}: ${e.message}. Drop it manually: DROP DATABASE "${name}";`)
  }
}

async function dropAllShadowDatabases() {
  await Promise.all([...liveShadowDatabases.keys()].map(dropShadowDatabase))
}

/**
 * Drops shadow databases left behind by earlier runs that died hard (SIGKILL, power loss...).
 * Only names this shim generates (prefix + base36 creation time + random), only when older than
 * 10 minutes, and with a plain DROP DATABASE, which fails (harmlessly) if anyone is connected.
 */
let sweptStale = false
async function sweepStaleShadowDatabases(adminConfig) {
  if (sweptStale) return
  sweptStale = true
  try {
    await withClient(adminConfig, async (client) => {
      const { rows } = await client.query('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [SHADOW_PREFIX])
      const re = new RegExp(`^${SHADOW_PREFIX.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([0-9a-z]+)_[0-9a-f]{12}$`)
      for (const { datname } of rows) {
        const m = re.exec(datname)
        if (!m || liveShadowDatabases.has(datname)) continue
        const createdAt = parseInt(m[1], 36) * 1000
        if (!(Date.now() - createdAt > 10 * 60 * 1000)) continue
        try {
          await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(datname)}`)
          info(`dropped stale shadow database ${datname}`)
        } catch (e) {
          debug(`could not drop stale shadow database ${datname}: ${e.message}`)
        }
      }
    })
  } catch (e) {
    debug(`stale shadow database sweep failed: ${e.message}`)
  }
}

/** Resets a user-provided shadow database, like the native engine does before using it. */
async function resetExplicitShadowDatabase(pool) {
  const { rows } = await pool.query(
    `SELECT nspname FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'`,
  )
  for (const { nspname } of rows) {
    await pool.query(`DROP SCHEMA IF EXISTS ${quoteIdent(nspname)} CASCADE`)
  }
  await pool.query(`CREATE SCHEMA IF NOT EXISTS "public"`)
}

function createAdapterFactory(url, registry) {
  const { PrismaPg } = drivers
  const main = toPgConfig(url)

  const pgOptions = (schema) => (schema ? { schema } : undefined)
  const lockAdapterFor = (config, schema) => async () => {
    const pool = makePool({ ...config, max: 1 })
    return { pool, adapter: await new PrismaPg(pool, pgOptions(schema)).connect() }
  }

  /** An adapter over a fresh pool, registered so it is disposed with its pool. */
  const bindPool = async (pool, target) => {
    const adapter = await new PrismaPg(pool, pgOptions(target.schema)).connect()
    return bindAdapter(
      registry,
      adapter,
      pool,
      async () => {
        await adapter.dispose?.().catch(() => {})
        await endPool(pool)
      },
      lockAdapterFor(target.config, target.schema),
    )
  }

  const connect = async () => bindPool(makePool(main.config), main)

  const connectToShadowDb = async () => {
    if (datasource.shadowDatabaseUrl) {
      assertPostgresUrl(datasource.shadowDatabaseUrl, 'shadow database')
      const shadow = toPgConfig(datasource.shadowDatabaseUrl)
      const a = describeServer(main.config)
      const b = describeServer(shadow.config)
      if (a.host === b.host && String(a.port) === String(b.port) && a.database === b.database) {
        throw new UserFacingError('P3005', 'The shadow database you configured appears to be the same as the main database. Please specify another shadow database.')
      }
      const pool = makePool(shadow.config)
      await resetExplicitShadowDatabase(pool)
      return bindPool(pool, shadow)
    }

    const adminConfig = main.config // the main database exists and is reachable
    await sweepStaleShadowDatabases(adminConfig)
    const name = `${SHADOW_PREFIX}${Math.floor(Date.now() / 1000).toString(36)}_${crypto.randomBytes(6).toString('hex')}`
    try {
      await withClient(adminConfig, (c) => c.query(`CREATE DATABASE ${quoteIdent(name)}`))
    } catch (e) {
      throw new UserFacingError(
        'P3014',
        `Prisma Migrate could not create the shadow database. Please make sure the database user has permission to create databases (or set \`datasource.shadowDatabaseUrl\` in prisma.config.ts). Read more about the shadow database (and workarounds) at https://pris.ly/d/migrate-shadow\n\nOriginal error: ${e.message}`,
      )
    }
    const shadowConfig = { ...main.config, database: name }
    const pool = makePool(shadowConfig)
    liveShadowDatabases.set(name, { pool, adminConfig })
    debug(`created shadow database ${name}`)
    const adapter = await new PrismaPg(pool, pgOptions(main.schema)).connect()
    return bindAdapter(registry, adapter, pool, () => dropShadowDatabase(name), lockAdapterFor(shadowConfig, main.schema))
  }

  return {
    adapterName: '@prisma/adapter-pg',
    provider: 'postgres',
    errorRegistry: registry,
    connect: async () => {
      const r = await wrapAsync(registry, connect)()
      return r
    },
    connectToShadowDb: async () => {
      const r = await wrapAsync(registry, connectToShadowDb)()
      return r
    },
  }
}

// ---------------------------------------------------------------------------------------------
// Wasm engine loading
// ---------------------------------------------------------------------------------------------
globalThis.PRISMA_WASM_PANIC_REGISTRY ??= {
  message: '',
  get() {
    return this.message
  },
  set_message(m) {
    this.message = `RuntimeError: ${m}`
  },
}
if (typeof global !== 'undefined') global.PRISMA_WASM_PANIC_REGISTRY = globalThis.PRISMA_WASM_PANIC_REGISTRY

let wasmRuntimePromise
function loadWasmRuntime() {
  wasmRuntimePromise ??= (async () => {
    const gluePath = resolveFrom('@prisma/schema-engine-wasm/schema_engine_bg')
    const runtime = await import(pathToImportSpecifier(gluePath))
    const packageWasm = path.join(path.dirname(gluePath), 'schema_engine_bg.wasm')
    const { file: wasmPath, module } = pickWasmModule(packageWasm)
    const instance = new WebAssembly.Instance(module, { './schema_engine_bg.js': runtime })
    runtime.__wbg_set_wasm(instance.exports)
    instance.exports.__wbindgen_start?.()
    debug(`loaded schema engine wasm ${wasmPath} (git hash ${runtime.version()})`)
    return runtime
  })()
  return wasmRuntimePromise
}

/**
 * The `prisma` CLI package ships the schema engine .wasm of its exact engine version
 * (prisma/build/schema_engine_bg.wasm). When its import/export surface is identical to the
 * one of the installed @prisma/schema-engine-wasm (so the JS glue fits), prefer it.
 */
function pickWasmModule(packageWasm) {
  const compile = (file) => ({ file, module: new WebAssembly.Module(fs.readFileSync(file)) })
  if (process.env.PRISMA_SHIM_WASM) return compile(path.resolve(process.env.PRISMA_SHIM_WASM))
  const fromPackage = compile(packageWasm)
  if (/^(1|true)$/i.test(process.env.PRISMA_SHIM_USE_PACKAGE_WASM ?? '')) return fromPackage
  try {
    const prismaPkg = tryResolve('prisma/package.json')
    const cliWasm = prismaPkg && path.join(path.dirname(prismaPkg), 'build', 'schema_engine_bg.wasm')
    if (!cliWasm || !fs.existsSync(cliWasm)) return fromPackage
    const fromCli = compile(cliWasm)
    const surface = (m) =>
      [
        ...WebAssembly.Module.imports(m).map((x) => `i:${x.module}|${x.name}|${x.kind}`),
        ...WebAssembly.Module.exports(m).map((x) => `e:${x.name}|${x.kind}`),
      ]
        .sort()
        .join(',')
    if (surface(fromCli.module) === surface(fromPackage.module)) return fromCli
    debug('prisma/build/schema_engine_bg.wasm does not fit the installed @prisma/schema-engine-wasm glue; using the package wasm')
  } catch (e) {
    debug(`could not inspect the prisma CLI wasm: ${e.message}`)
  }
  return fromPackage
}

// ---------------------------------------------------------------------------------------------
// Engine instance (created lazily: some methods don't need a connection)
// ---------------------------------------------------------------------------------------------
const registry = new ErrorRegistry()
let enginePromise
let engineBroken = false

function readDatamodels() {
  if (args.datamodels.length === 0) return undefined
  return args.datamodels.map((p) => [p, fs.readFileSync(path.resolve(p), 'utf8')])
}

async function getEngine() {
  enginePromise ??= (async () => {
    assertPostgresUrl(datasource.url)
    await loadDrivers()
    const runtime = await loadWasmRuntime()
    const factory = createAdapterFactory(datasource.url, registry)
    const logCallback = (line) => {
      if (DEBUG) writeLog(String(line).trimEnd() + '\n')
    }
    return runtime.SchemaEngine.new({ datamodels: readDatamodels() }, logCallback, factory)
  })()
  try {
    return await enginePromise
  } catch (e) {
    enginePromise = undefined
    throw e
  }
}

// ---------------------------------------------------------------------------------------------
// Methods implemented in JS (the Wasm engine only knows its adapter's connection)
// ---------------------------------------------------------------------------------------------
function urlFromDatasourceParam(param) {
  if (param && typeof param === 'object') {
    if (param.tag === 'ConnectionString' && param.url) return param.url
    if (typeof param.url === 'string') return param.url
  }
  return datasource.url
}

async function jsEnsureConnectionValidity(url) {
  assertPostgresUrl(url)
  await loadDrivers()
  const { config } = toPgConfig(url)
  await withClient(config, (c) => c.query('SELECT 1'))
  return {}
}

async function jsCreateDatabase(url) {
  assertPostgresUrl(url)
  await loadDrivers()
  const { config } = toPgConfig(url)
  const name = config.database || config.user
  try {
    await withMaintenanceClient(url, (c) => c.query(`CREATE DATABASE ${quoteIdent(name)}`))
  } catch (e) {
    throw mapConnectionError(e, config)
  }
  return { databaseName: name }
}

async function jsDropDatabase(url) {
  assertPostgresUrl(url)
  await loadDrivers()
  const { config } = toPgConfig(url)
  const name = config.database || config.user
  const { config: admin } = toPgConfig(url)
  for (const database of ['postgres', 'template1']) {
    try {
      await dropDatabaseByName({ ...admin, database }, name)
      return {}
    } catch (e) {
      const mapped = mapConnectionError(e, { ...admin, database })
      if (!(mapped instanceof UserFacingError && mapped.code === 'P1003')) throw mapped
    }
  }
  return {}
}

async function jsGetDatabaseVersion(url) {
  assertPostgresUrl(url)
  await loadDrivers()
  const { config } = toPgConfig(url)
  return withClient(config, async (c) => (await c.query('SELECT version() AS v')).rows[0].v)
}

// ---------------------------------------------------------------------------------------------
// JSON-RPC server
// ---------------------------------------------------------------------------------------------
let nextOutgoingId = 1_000_000
const pendingOutgoing = new Map()

/** Asks the CLI to print text (used for `migrate diff` output, like the native engine). */
function printViaCli(content) {
  const id = nextOutgoingId++
  return new Promise((resolve) => {
    pendingOutgoing.set(id, resolve)
    send({ jsonrpc: '2.0', id, method: 'print', params: { content } })
  })
}

const engineMethods = {
  applyMigrations: 'applyMigrations',
  createMigration: 'createMigration',
  dbExecute: 'dbExecute',
  devDiagnostic: 'devDiagnostic',
  diagnoseMigrationHistory: 'diagnoseMigrationHistory',
  evaluateDataLoss: 'evaluateDataLoss',
  introspect: 'introspect',
  introspectSql: 'introspectSql',
  markMigrationApplied: 'markMigrationApplied',
  markMigrationRolledBack: 'markMigrationRolledBack',
  reset: 'reset',
  schemaPush: 'schemaPush',
  debugPanic: 'debugPanic',
}

async function dispatch(method, params) {
  switch (method) {
    case 'createDatabase':
      return jsCreateDatabase(urlFromDatasourceParam(params?.datasource))
    case 'dropDatabase':
      return jsDropDatabase(typeof params === 'string' ? params : urlFromDatasourceParam(params?.datasource ?? params))
    case 'ensureConnectionValidity':
      return jsEnsureConnectionValidity(urlFromDatasourceParam(params?.datasource))
    case 'getDatabaseVersion':
    case 'version': {
      const url = urlFromDatasourceParam(params?.datasource)
      if (url && url !== datasource.url) return jsGetDatabaseVersion(url)
      const engine = await getEngine()
      return engine.version(params ?? null)
    }
    case 'diff': {
      const engine = await getEngine()
      const result = await engine.diff(params)
      if (result && typeof result.stdout === 'string' && result.stdout.length > 0) {
        // Native engine: print(text) with exactly one trailing newline stripped.
        await printViaCli(result.stdout.endsWith('\n') ? result.stdout.slice(0, -1) : result.stdout)
      }
      return { ...result, stdout: null }
    }
    case 'dbExecute': {
      const target = params?.datasourceType
      const url = target?.tag === 'url' ? target.url : datasource.url
      if (url && url !== datasource.url) {
        // A different database than the configured one: run the script directly.
        assertPostgresUrl(url)
        await loadDrivers()
        const { config } = toPgConfig(url)
        await withClient(config, (c) => c.query(params.script))
        return null
      }
      const engine = await getEngine()
      return engine.dbExecute(params)
    }
    case 'evaluateDataLoss':
    case 'createMigration': {
      const engine = await getEngine()
      try {
        return await engine[method](params)
      } catch (e) {
        if (!needsShadowFactory(e)) throw e
        // These Wasm commands can't create a shadow database themselves; they rely on the
        // engine's migration-schema cache. Warm it for this migrations list, then retry.
        debug(`${method}: warming the migration schema cache through diagnoseMigrationHistory`)
        await engine.diagnoseMigrationHistory({ migrationsList: params.migrationsList, optInToShadowDatabase: true, filters: params.filters ?? { externalTables: [], externalEnums: [] } })
        return await engine[method](params)
      }
    }
    default: {
      const name = engineMethods[method]
      if (!name) {
        const e = new Error(`Method not found: ${method}`)
        e.rpcCode = -32601
        throw e
      }
      const engine = await getEngine()
      if (typeof engine[name] !== 'function') {
        const e = new Error(`Method not supported by this schema engine build: ${method}`)
        e.rpcCode = -32601
        throw e
      }
      return engine[name](params)
    }
  }
}

function needsShadowFactory(e) {
  return /shadow DB must be provided through an external factory/i.test(String(e?.message ?? ''))
}

function isWasmPanic(e) {
  return e?.name === 'RuntimeError' || e instanceof WebAssembly.RuntimeError
}

/**
 * Errors thrown by JS code inside the adapter (e.g. our shadow database factory) reach the Wasm
 * engine as `{ kind: 'GenericJs', id }` and come back as "External error id#<id>". Put the
 * original error (and its P-code, if any) back in place.
 */
function unwrapGenericJs(e) {
  const msg = String(e?.message ?? '')
  const m = /External error id#(\d+)|GenericJs\D*(\d+)/.exec(msg)
  if (!m) return e
  const rec = registry.consumeError(Number(m[1] ?? m[2]))
  const original = rec?.error
  if (!original) return e
  if (original instanceof UserFacingError) return original
  const merged = new Error(msg.replace(m[0], String(original?.message ?? original)))
  if (typeof original?.code === 'string' && /^P\d{4}$/.test(original.code)) merged.code = original.code
  return merged
}

function toRpcError(error) {
  if (error?.rpcCode) {
    return { code: error.rpcCode, message: error.message }
  }
  if (isWasmPanic(error)) {
    const message = globalThis.PRISMA_WASM_PANIC_REGISTRY?.message || error.message
    return {
      code: 4466,
      message,
      data: { is_panic: true, message, error: { message }, backtrace: error.stack ?? '' },
    }
  }
  const e = unwrapGenericJs(error)
  const data = { is_panic: false, message: String(e?.message ?? e) }
  if (typeof e?.code === 'string' && /^P\d{4}$/.test(e.code)) {
    data.error_code = e.code
    data.meta = e.meta ?? {}
  }
  return { code: 4466, message: 'An error happened. Check the data field for details.', data }
}

let queue = Promise.resolve()
let inFlight = 0

function handleLine(line) {
  const trimmed = line.trim()
  if (!trimmed) return
  let msg
  try {
    msg = JSON.parse(trimmed)
  } catch {
    send({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } })
    return
  }
  // Response to one of our own requests (e.g. `print`).
  if (msg && msg.method === undefined && msg.id !== undefined && pendingOutgoing.has(msg.id)) {
    const resolve = pendingOutgoing.get(msg.id)
    pendingOutgoing.delete(msg.id)
    resolve(msg.result)
    return
  }
  if (!msg || typeof msg.method !== 'string') {
    if (msg?.id !== undefined) send({ jsonrpc: '2.0', id: msg.id, error: { code: -32600, message: 'Invalid Request' } })
    return
  }
  const { id, method, params } = msg
  inFlight++
  // The engine is not reentrant: run requests one after the other.
  queue = queue
    .then(async () => {
      if (engineBroken) throw Object.assign(new Error('The schema engine panicked earlier and cannot be used anymore.'), { rpcCode: -32603 })
      debug(`-> ${method}`, { params: DEBUG ? safeInspect(params) : undefined })
      const result = await dispatch(method, params)
      if (id !== undefined) send({ jsonrpc: '2.0', id, result: result === undefined ? null : result })
      debug(`<- ${method} ok`)
    })
    .catch((error) => {
      if (isWasmPanic(error)) engineBroken = true
      const rpcError = toRpcError(error)
      if (rpcError.data?.is_panic || !rpcError.data?.error_code) {
        logError(rpcError.data?.message ?? rpcError.message, rpcError.data?.is_panic ? { is_panic: true } : {})
      }
      debug(`<- ${method} error: ${rpcError.data?.message ?? rpcError.message}`)
      if (id !== undefined) send({ jsonrpc: '2.0', id, error: rpcError })
    })
    .finally(async () => {
      registry.clear()
      // Shadow databases never outlive a request; drop any the engine didn't dispose of.
      await dropAllShadowDatabases().catch(() => {})
      inFlight--
      if (stdinClosed && inFlight === 0) shutdown(0)
    })
}

// ---------------------------------------------------------------------------------------------
// Shutdown / cleanup
// ---------------------------------------------------------------------------------------------
let stdinClosed = false
let shuttingDown = false

async function cleanup() {
  await dropAllShadowDatabases().catch(() => {})
  await Promise.all([...openPools].map(endPool)).catch(() => {})
}

function shutdown(code) {
  if (shuttingDown) return
  shuttingDown = true
  const hardExit = setTimeout(() => process.exit(code), 15_000)
  hardExit.unref()
  cleanup().finally(() => process.exit(code))
}

function installProcessHandlers() {
  for (const sig of ['SIGTERM', 'SIGINT', 'SIGHUP']) {
    process.on(sig, () => {
      debug(`received ${sig}`)
      // Let a running request (and its shadow database cleanup) finish first.
      const wait = async () => {
        const started = Date.now()
        while (inFlight > 0 && Date.now() - started < 10_000) await new Promise((r) => setTimeout(r, 50))
        shutdown(0)
      }
      wait()
    })
  }
  process.on('uncaughtException', (e) => {
    logError(`uncaught exception in prisma-schema-engine shim: ${e?.stack ?? e}`)
    shutdown(1)
  })
  process.on('unhandledRejection', (e) => {
    logError(`unhandled rejection in prisma-schema-engine shim: ${e?.stack ?? e}`)
  })
  process.stdout.on?.('error', () => shutdown(0)) // EPIPE: the CLI went away
}

// ---------------------------------------------------------------------------------------------
// `cli` subcommands (one-shot): exit code 0 on success, 1 + JSON error line on stderr on failure.
// ---------------------------------------------------------------------------------------------
async function runCliSubcommand(command) {
  info('Starting schema engine CLI (prisma-schema-engine shim)')
  try {
    const url = datasource.url
    let msg
    switch (command) {
      case 'can-connect-to-database':
        await jsEnsureConnectionValidity(url)
        msg = 'Connection successful'
        break
      case 'create-database': {
        const { databaseName } = await jsCreateDatabase(url)
        msg = `Database '${databaseName}' was successfully created.`
        break
      }
      case 'drop-database':
        await jsDropDatabase(url)
        msg = 'The database was successfully dropped.'
        break
      default:
        throw new Error(`Unknown cli subcommand: ${command}`)
    }
    info(msg)
    await cleanup()
    process.exit(0)
  } catch (e) {
    const code = typeof e?.code === 'string' && /^P\d{4}$/.test(e.code) ? e.code : ''
    logError(String(e?.message ?? e), { is_panic: false, error_code: code })
    await cleanup()
    process.exit(1)
  }
}

async function printVersion() {
  let hash = 'unknown'
  try {
    hash = (await loadWasmRuntime()).version()
  } catch (e) {
    try {
      hash = JSON.parse(fs.readFileSync(resolveFrom('@prisma/engines-version/package.json'), 'utf8')).prisma?.enginesVersion ?? hash
    } catch {}
  }
  rawStdoutWrite(`schema-engine-cli ${hash}\n`)
  process.exit(0)
}

// ---------------------------------------------------------------------------------------------
// main
// ---------------------------------------------------------------------------------------------
async function main() {
  if (args.help) {
    process.stderr.write('prisma-schema-engine shim: JSON-RPC schema engine over @prisma/schema-engine-wasm + @prisma/adapter-pg.\n')
    process.exit(0)
  }
  if (args.version) return printVersion()
  installProcessHandlers()
  if (args.cli) return runCliSubcommand(args.cli)

  info('Starting schema engine RPC server (prisma-schema-engine shim)')
  const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity })
  rl.on('line', handleLine)
  rl.on('close', () => {
    stdinClosed = true
    if (inFlight === 0) shutdown(0)
  })
}

main().catch((e) => {
  logError(`prisma-schema-engine shim failed: ${e?.stack ?? e}`)
  process.exit(1)
})
