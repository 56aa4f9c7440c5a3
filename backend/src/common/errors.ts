/**
 * Domain errors: thrown by services, turned into the one error envelope by
 * GlobalExceptionFilter. `message` is Dutch, for people; `code` is stable, for programs.
 */
export interface ErrorDetail {
  field?: string;
  row?: number;
  code?: string;
  message: string;
}

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
  }
}

/** 429 that says when to try again: the error filter also sends it as the Retry-After header. */
export class RetryLaterError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    code: string,
    message: string,
  ) {
    super(429, code, message);
  }
}

export class NotFoundError extends AppError {
  constructor(what: string, code = 'NOT_FOUND') {
    super(404, code, `${what} niet gevonden.`);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'U heeft geen toegang tot deze gegevens.', code = 'FORBIDDEN') {
    super(403, code, message);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'U bent niet ingelogd.', code = 'UNAUTHENTICATED') {
    super(401, code, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, code = 'CONFLICT', details?: ErrorDetail[]) {
    super(409, code, message, details);
  }
}

/** 409: a retry's key (idempotencyKey) that came with another request before; `other` says what, e.g. "een andere boete". */
export class IdempotencyKeyReusedError extends ConflictError {
  constructor(other: string) {
    super(`Deze sleutel (idempotencyKey) is al gebruikt voor ${other}; stuur een nieuwe.`, 'IDEMPOTENCY_KEY_REUSED', [
      { field: 'idempotencyKey', code: 'IDEMPOTENCY_KEY_REUSED', message: `Al gebruikt voor ${other}.` },
    ]);
  }
}

export class ValidationError extends AppError {
  constructor(message: string, details?: ErrorDetail[], code = 'VALIDATION_FAILED') {
    super(400, code, message, details);
  }
}

/** A rule of the federation forbids the action (e.g. a transfer inside the freeze). */
export class RuleViolationError extends AppError {
  constructor(message: string, code = 'RULE_VIOLATION', details?: ErrorDetail[]) {
    super(422, code, message, details);
  }
}
