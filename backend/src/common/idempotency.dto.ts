import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Matches } from 'class-validator';
import { IsOptionalNotNull } from './validators';

/** A client-chosen key that makes a retry of the same request answer as the first time, never apply twice. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

/** The optional `idempotencyKey` of a write: 8–100 letters, digits, - and _. */
export function IsIdempotencyKey(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({
      example: '6f1c2e9a-4b7d-4a51-9d0e-2f7c8b1a3e55',
      description:
        'Optioneel: een zelfgekozen sleutel (8–100 tekens: letters, cijfers, - en _). Wordt hetzelfde verzoek opnieuw gestuurd (slechte verbinding, een tweede tik), dan komt hetzelfde antwoord en gebeurt het maar één keer.',
    }),
    IsOptionalNotNull(),
    Matches(IDEMPOTENCY_KEY, { message: 'De idempotencyKey bestaat uit 8 tot 100 letters, cijfers, - of _.' }),
  );
}
