import 'reflect-metadata';
import fastifyCookie from '@fastify/cookie';
import { INestApplication, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { AppModule } from './app.module';
import { trustedProxies } from './auth/trusted-proxies';
import { GlobalExceptionFilter } from './common/error.filter';
import { frameworkErrors, hardenHttp } from './common/http-hardening';
import { largeBodyLimits } from './common/large-body';
import { createValidationPipe } from './common/validation';
import { installRequestIds, JsonLogger, requestIdOf } from './metrics/request-logging';

export function buildOpenApi(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('TSBN competitieadministratie')
    .setDescription('API van de Troefcall Sport Bond Nederland: seizoenen, poules, verenigingen, moederlijsten, wedstrijden, stand en boetes.')
    .setVersion('1.0')
    .addCookieAuth('tsbn_session')
    .build();
  return SwaggerModule.createDocument(app, config);
}

/** JSON bodies up to 100 kB; an endpoint marked @LargeBody() takes more. */
const BODY_LIMIT = 100 * 1024;

/**
 * Creates the configured Nest application (used by main.ts, the API tests and the bench).
 * Nest runs on Fastify: the public reads (standings above all) are served several times
 * faster than on Express, see the bench.
 */
export async function createApp(options: { logger?: LogLevel[] | false; trustedProxies?: string } = {}): Promise<NestFastifyApplication> {
  // multipart: registered up front, as the member-list upload wraps Nest's FileInterceptor (limits set there).
  // trustProxy: X-Forwarded-For counts only from these addresses (TRUSTED_PROXIES, default loopback).
  const adapter = new FastifyAdapter({ bodyLimit: BODY_LIMIT, multipart: true, trustProxy: trustedProxies(options.trustedProxies ?? process.env.TRUSTED_PROXIES), frameworkErrors, genReqId: requestIdOf });
  largeBodyLimits(adapter.getInstance());
  // bodyParser: false, as hardenHttp installs the one JSON parser (no forms, no text).
  const app = await NestFactory.create<NestFastifyApplication>(AppModule, adapter, { logger: options.logger ?? ['error', 'warn', 'log'], abortOnError: false, bodyParser: false });
  // JSON log lines with the request id (LOG_FORMAT=text: Nest's own lines); X-Request-Id on every answer.
  if (options.logger !== false && process.env.LOG_FORMAT !== 'text') app.useLogger(new JsonLogger(options.logger ?? ['error', 'warn', 'log']));
  installRequestIds(app.getHttpAdapter().getInstance());
  hardenHttp(app, { https: process.env.SESSION_SECURE_COOKIE === 'true' });
  app.setGlobalPrefix('api');
  await app.register(fastifyCookie);
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new GlobalExceptionFilter());
  app.enableShutdownHooks();
  const document = buildOpenApi(app);
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });
  return app;
}
