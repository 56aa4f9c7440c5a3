import { BadRequestException, ValidationError as ClassValidatorError, ValidationPipe } from '@nestjs/common';
import type { ErrorDetail } from './errors';

const DUTCH_CONSTRAINTS: Record<string, string> = {
  isNotEmpty: 'Dit veld is verplicht.',
  isDefined: 'Dit veld is verplicht.',
  isString: 'Vul hier tekst in.',
  isInt: 'Vul een geheel getal in.',
  isBoolean: 'Kies ja of nee.',
  isEmail: 'Dit is geen geldig e-mailadres.',
  isUUID: 'Dit is geen geldige id.',
  isEnum: 'Kies een van de toegestane waarden.',
  isIsoDate: 'Vul een bestaande datum in (JJJJ-MM-DD).',
  isArray: 'Dit moet een lijst zijn.',
  min: 'Deze waarde is te klein.',
  max: 'Deze waarde is te groot.',
  minLength: 'Dit is te kort.',
  maxLength: 'Dit is te lang.',
  matches: 'Dit heeft niet de juiste vorm.',
  arrayMaxSize: 'Deze lijst bevat te veel items.',
  arrayMinSize: 'Deze lijst bevat te weinig items.',
  nestedValidation: 'Dit onderdeel is niet goed ingevuld.',
};

const isMissing = (value: unknown) => value === undefined || value === null || value === '';

function flatten(errors: ClassValidatorError[], prefix = ''): ErrorDetail[] {
  return errors.flatMap((error) => {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    const constraints = Object.entries(error.constraints ?? {});
    if (constraints.some(([c]) => c === 'whitelistValidation')) {
      return [{ field, code: 'UNKNOWN_FIELD', message: `Onbekend veld '${field}'.` }];
    }
    // A missing value gets one message, not one per constraint it fails.
    if (constraints.length && isMissing(error.value)) {
      return [{ field, code: 'REQUIRED', message: 'Dit veld is verplicht.' }];
    }
    const own = constraints.map(([constraint, original]) => ({
      field,
      code: constraint,
      message: DUTCH_CONSTRAINTS[constraint] ?? original,
    }));
    return [...own, ...flatten(error.children ?? [], field)];
  });
}

/** Global validation: whitelist, reject unknown fields, Dutch messages per field. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) => new BadRequestException({ details: flatten(errors) }),
  });
}
