/**
 * Shared input checks with Dutch messages that say what to do (see validation.ts for the
 * messages of class-validator's own checks).
 */
import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { ValidateBy, ValidateIf } from 'class-validator';
import { FORBIDDEN_CHARACTERS_MESSAGE, hasForbiddenCharacters } from '../domain/text';

/**
 * Free text that people read back (names, reasons, descriptions): no control characters and no
 * invisible direction overrides. `lineBreaks`: line breaks and tabs are allowed (longer texts).
 * Text that is not a string is left to the field's type check.
 */
export function IsPlainText(options: { lineBreaks?: boolean } = {}): PropertyDecorator {
  return ValidateBy({
    name: 'isPlainText',
    validator: {
      validate: (value: unknown) => typeof value !== 'string' || !hasForbiddenCharacters(value, options),
      defaultMessage: () => FORBIDDEN_CHARACTERS_MESSAGE,
    },
  });
}

/**
 * A text field checked as it will be stored: spaces around it are removed before the checks,
 * so "   " is an empty name (refused by MinLength), not a name that becomes "" after them.
 */
export function Trimmed(): PropertyDecorator {
  return Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));
}

export const NOT_NULL_MESSAGE = 'Laat dit veld weg of vul een waarde in: leeg (null) kan hier niet.';

/**
 * An optional field that, when sent, must have a value: unlike @IsOptional() it lets null
 * through to the checks, and says so in Dutch, instead of passing null on to the service.
 */
export function IsOptionalNotNull(): PropertyDecorator {
  return applyDecorators(
    ValidateIf((_object, value) => value !== undefined),
    ValidateBy({ name: 'isNotNull', validator: { validate: (value: unknown) => value !== null, defaultMessage: () => NOT_NULL_MESSAGE } }),
  );
}
