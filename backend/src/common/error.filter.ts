import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { AppError, ErrorDetail } from './errors';

/** The one error envelope every endpoint answers with. */
export interface ErrorEnvelope {
  error: { status: number; code: string; message: string; details?: ErrorDetail[] };
}

const HTTP_MESSAGES: Record<number, { code: string; message: string }> = {
  400: { code: 'BAD_REQUEST', message: 'Het verzoek is ongeldig.' },
  401: { code: 'UNAUTHENTICATED', message: 'U bent niet ingelogd.' },
  403: { code: 'FORBIDDEN', message: 'U heeft geen toegang tot deze gegevens.' },
  404: { code: 'NOT_FOUND', message: 'Niet gevonden.' },
  405: { code: 'METHOD_NOT_ALLOWED', message: 'Deze bewerking is hier niet toegestaan.' },
  409: { code: 'CONFLICT', message: 'Dit conflicteert met bestaande gegevens.' },
  413: { code: 'PAYLOAD_TOO_LARGE', message: 'Het bestand of verzoek is te groot.' },
  415: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Dit soort bestand wordt niet ondersteund.' },
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
    default:
      return null;
  }
}

@Catch()
export class GlobalExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Error');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const body = this.toEnvelope(exception);
    if (!response.headersSent) response.status(body.error.status).json(body);
  }

  toEnvelope(exception: unknown): ErrorEnvelope {
    if (exception instanceof AppError) {
      return { error: { status: exception.status, code: exception.code, message: exception.message, details: exception.details } };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const payload = exception.getResponse() as { message?: unknown; details?: ErrorDetail[] } | string;
      if (status === HttpStatus.BAD_REQUEST && typeof payload === 'object' && Array.isArray(payload.details)) {
        return { error: { status, code: 'VALIDATION_FAILED', message: 'Niet alle velden zijn goed ingevuld.', details: payload.details } };
      }
      const known = HTTP_MESSAGES[status] ?? { code: 'HTTP_ERROR', message: 'Het verzoek kon niet worden verwerkt.' };
      return { error: { status, ...known } };
    }
    const prisma = prismaError(exception as PrismaLikeError);
    if (prisma) return { error: prisma };
    const bodyError = exception as { type?: string; status?: number };
    if (bodyError?.type === 'entity.parse.failed') {
      return { error: { status: 400, code: 'MALFORMED_JSON', message: 'Het verzoek bevat geen geldige JSON.' } };
    }
    if (bodyError?.type === 'entity.too.large') {
      return { error: { status: 413, ...HTTP_MESSAGES[413] } };
    }
    this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    return { error: { status: 500, code: 'INTERNAL_ERROR', message: 'Interne fout: probeer het later opnieuw of neem contact op met de bond.' } };
  }
}
