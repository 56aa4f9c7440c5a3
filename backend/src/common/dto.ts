import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, Max, Min, registerDecorator, ValidationOptions } from 'class-validator';
import { IsOptionalNotNull } from './validators';
import { amsterdamDay, isIsoDate } from '../domain/dates';

/** A calendar date "YYYY-MM-DD" that exists. */
export function IsIsoDateString(options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    registerDecorator({
      name: 'isIsoDate',
      target: target.constructor,
      propertyName: propertyName as string,
      options,
      validator: { validate: (value: unknown) => typeof value === 'string' && isIsoDate(value) },
    });
  };
}

/** The largest value a PostgreSQL `integer` column (Prisma `Int`) holds: 2^31 − 1. */
export const MAX_DB_INT = 2_147_483_647;

/**
 * An integer that fits an `Int` column, `min` … 2^31 − 1: a larger one is refused with the
 * field's Dutch message (400) instead of reaching the database, which answers it with an
 * error (500). Use it for every integer input that is stored or compared in a query.
 */
export function IsDbInt(min = 0, max = MAX_DB_INT): PropertyDecorator {
  return applyDecorators(IsInt(), Min(min), Max(max));
}

/** Prisma @db.Date columns come back as UTC midnight. */
export function isoDate(value: Date): string;
export function isoDate(value: Date | null | undefined): string | null;
export function isoDate(value: Date | null | undefined): string | null {
  return value ? value.toISOString().slice(0, 10) : null;
}

export function dbDate(value: string): Date;
export function dbDate(value: string | null | undefined): Date | null;
export function dbDate(value: string | null | undefined): Date | null {
  return value ? new Date(`${value}T00:00:00.000Z`) : null;
}

export class ArchiveResultDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'date-time' }) archivedAt: string;
}

/** Today in the federation's time zone, as "YYYY-MM-DD". */
export function todayIso(now = new Date()): string {
  return amsterdamDay(now);
}

/** "true" / "false" in a query string as a boolean; anything else stays as it came (and fails IsBoolean). */
export const queryBoolean = ({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value);

/**
 * `?includeArchived=true|false` of the lists that hide archived rows. A DTO, not a param pipe:
 * the global validation then refuses "abc" (a param pipe saw it after the global pipe had made
 * it `false`) and any query parameter the list does not know.
 */
export class IncludeArchivedQueryDto {
  @ApiPropertyOptional({ type: Boolean, description: 'Ook gearchiveerde (true of false)' })
  @Transform(queryBoolean)
  @IsOptionalNotNull()
  @IsBoolean()
  includeArchived?: boolean;
}
