import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, ErrorDetail, RetryLaterError } from './errors';
import { DATABASE_UNAVAILABLE, databaseOutage, isDatabaseUnavailable } from '../prisma/database-outage';

/** The one error envelope every endpoint answers with. */
export interface ErrorEnvelope {
  /** requestId: the request's id (also the X-Request-Id header and in every log line), the "foutcode" to quote. */
  error: { status: number; code: string; message: string; details?: ErrorDetail[]; requestId?: string };
}

const HTTP_MESSAGES: Record<number, { code: string; message: string }> = {
  400: { code: 'BAD_REQUEST', message: 'Het verzoek is ongeldig.' },
  401: { code: 'UNAUTHENTICATED', message: 'U bent niet ingelogd.' },
  403: { code: 'FORBIDDEN', message: 'U heeft geen toegang tot deze gegevens.' },
  404: { code: 'NOT_FOUND', message: 'Niet gevonden.' },
  405: { code: 'METHOD_NOT_ALLOWED', message: 'Deze bewerking is hier niet toegestaan.' },
  409: { code: 'CONFLICT', message: 'Dit conflicteert met bestaande gegevens.' },
  413: { code: 'PAYLOAD_TOO_LARGE', message: 'Het bestand of verzoek is te groot.' },
  415: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Dit soort inhoud neemt de API niet aan: stuur JSON (Content-Type: application/json), of bij een upload het bestand als formulier.' },
  429: { code: 'TOO_MANY_REQUESTS', message: 'Te veel verzoeken; probeer het zo opnieuw.' },
};

interface PrismaLikeError {
  code?: string;
  meta?: { target?: unknown; modelName?: string };
  name?: string;
}

function prismaError(error: PrismaLikeError): { status: number; code: string; message: string } | null {
  if (typeof error?.code !== 'string' || !/^P\d{4}$/.test(error.code)) return null;
  switch (error.code) {
    case 'P2002':
      return { status: 409, code: 'ALREADY_EXISTS', message: 'Dit bestaat al: de naam of het nummer is al in gebruik.' };
    case 'P2025':
      return { status: 404, code: 'NOT_FOUND', message: 'Niet gevonden.' };
    case 'P2003':
      return { status: 409, code: 'IN_USE', message: 'Dit wordt nog gebruikt door andere gegevens.' };
    // A transaction that could not start in time: every connection is busy, the database is there.
    case 'P2028':
      return { status: 503, code: 'BUSY', message: 'Het is nu erg druk; er is niets opgeslagen. Probeer het over een paar seconden opnieuw.' };
    default:
      return null;
  }
}

/** How long a caller waits after 503 BUSY (all connections taken by other transactions). */
const BUSY_RETRY_AFTER_SECONDS = 2;

/** Fastify's codes for a JSON body it could not parse (it answers them 400, like other refusals). */
const MALFORMED_JSON_CODES = new Set(['FST_ERR_CTP_INVALID_JSON_BODY', 'FST_ERR_CTP_EMPTY_JSON_BODY']);

@Catch()
export class GlobalExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Error');

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const body = this.toEnvelope(exception);
    if (reply.sent) return;
    const requestId = host.switchToHttp().getRequest<FastifyRequest | undefined>()?.id;
    if (requestId) body.error.requestId = String(requestId);
    if (exception instanceof RetryLaterError) reply.header('Retry-After', String(exception.retryAfterSeconds));
    if (body.error.code === 'BUSY') reply.header('Retry-After', String(BUSY_RETRY_AFTER_SECONDS));
    reply.status(body.error.status).send(body);
  }

  toEnvelope(exception: unknown): ErrorEnvelope {
    if (exception instanceof AppError) {
      return { error: { status: exception.status, code: exception.code, message: exception.message, details: exception.details } };
    }
    if (exception instanceof HttpException) {
      // Fastify's refusals (body, content type, size) arrive as an HttpException of their
      // status with the FastifyError as cause; only unreadable JSON gets a code of its own.
      if (MALFORMED_JSON_CODES.has((exception.cause as { code?: string } | undefined)?.code ?? '')) {
        return { error: { status: 400, code: 'MALFORMED_JSON', message: 'Het verzoek bevat geen geldige JSON.' } };
      }
      const status = exception.getStatus();
      const payload = exception.getResponse() as { message?: unknown; details?: ErrorDetail[] } | string;
      if (status === HttpStatus.BAD_REQUEST && typeof payload === 'object' && Array.isArray(payload.details)) {
        return { error: { status, code: 'VALIDATION_FAILED', message: 'Niet alle velden zijn goed ingevuld.', details: payload.details } };
      }
      const known = HTTP_MESSAGES[status] ?? { code: 'HTTP_ERROR', message: 'Het verzoek kon niet worden verwerkt.' };
      return { error: { status, ...known } };
    }
    // PostgreSQL gone (refused, cut, pool timeout): 503 for the caller, one log line per outage.
    if (isDatabaseUnavailable(exception)) {
      databaseOutage.failed(exception);
      return { error: { ...DATABASE_UNAVAILABLE } };
    }
    const prisma = prismaError(exception as PrismaLikeError);
    if (prisma) return { error: prisma };
    this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    return { error: { status: 500, code: 'INTERNAL_ERROR', message: 'Interne fout: probeer het later opnieuw of neem contact op met de bond.' } };
  }
}
