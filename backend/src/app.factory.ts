import 'reflect-metadata';
import { INestApplication, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import cookieParser from 'cookie-parser';
import { AppModule } from './app.module';
import { GlobalExceptionFilter } from './common/error.filter';
import { createValidationPipe } from './common/validation';
import { useSeasonImportBodyLimit } from './season-transfer/import-body-limit';

export function buildOpenApi(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('TSBN competitieadministratie')
    .setDescription('API van de Troefcall Sport Bond Nederland: seizoenen, poules, verenigingen, moederlijsten, wedstrijden, stand en boetes.')
    .setVersion('1.0')
    .addCookieAuth('tsbn_session')
    .build();
  return SwaggerModule.createDocument(app, config);
}

/** Creates the configured Nest application (used by main.ts and by the API tests). */
export async function createApp(options: { logger?: LogLevel[] | false } = {}): Promise<INestApplication> {
  const app = await NestFactory.create(AppModule, { logger: options.logger ?? ['error', 'warn', 'log'] });
  app.setGlobalPrefix('api');
  app.use(cookieParser());
  useSeasonImportBodyLimit(app);
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new GlobalExceptionFilter());
  app.enableShutdownHooks();
  const document = buildOpenApi(app);
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });
  return app;
}

