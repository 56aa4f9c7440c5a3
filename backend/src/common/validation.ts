import { BadRequestException, ValidationError as ClassValidatorError, ParseIntPipe, ValidationPipe } from '@nestjs/common';
import { type ErrorDetail, ValidationError } from './errors';

/** A number a class-validator default message carries ("must not be less than 1" → "1"). */
const numberIn = (original: string) => original.match(/-?\d+(\.\d+)?/)?.[0] ?? '?';
/** The allowed values of isIn / isEnum ("must be one of the following values: A, B" → "A, B"). */
const valuesIn = (original: string) => original.split(': ').slice(1).join(': ') || '?';
const plural = (count: string, one: string, more: string) => (count === '1' ? one : more);

/**
 * Every class-validator check used in the API (and ours), in Dutch, saying what to do. The
 * English default message is only read for the number or the values it names.
 */
const DUTCH_CONSTRAINTS: Record<string, (original: string) => string> = {
  isNotEmpty: () => 'Dit veld is verplicht.',
  isDefined: () => 'Dit veld is verplicht.',
  isString: () => 'Vul hier tekst in.',
  isInt: () => 'Vul een geheel getal in (als getal, zonder aanhalingstekens).',
  isNumber: () => 'Vul een getal in (als getal, zonder aanhalingstekens).',
  isBoolean: () => 'Kies ja of nee (true of false, zonder aanhalingstekens).',
  isEmail: () => 'Vul een geldig e-mailadres in, zoals naam@voorbeeld.nl.',
  isUuid: () => 'Dit is geen geldige id: gebruik de id (UUID) zoals het systeem die geeft.',
  isEnum: (original) => `Kies een van deze waarden: ${valuesIn(original)}.`,
  isIn: (original) => `Kies een van deze waarden: ${valuesIn(original)}.`,
  isIsoDate: () => 'Vul een bestaande datum in (JJJJ-MM-DD).',
  isArray: () => 'Stuur hier een lijst ([ … ]).',
  isObject: () => 'Stuur hier een object ({ … }) met de velden uit de API-beschrijving.',
  min: (original) => `Vul een waarde van minstens ${numberIn(original)} in.`,
  max: (original) => `Vul een waarde van hoogstens ${numberIn(original)} in.`,
  minLength: (original) => `Vul minstens ${numberIn(original)} ${plural(numberIn(original), 'teken', 'tekens')} in.`,
  maxLength: (original) => `Gebruik hoogstens ${numberIn(original)} ${plural(numberIn(original), 'teken', 'tekens')}.`,
  matches: () => 'Dit heeft niet de juiste vorm; zie het voorbeeld in de API-beschrijving.',
  arrayMaxSize: (original) => `Geef hoogstens ${numberIn(original)} ${plural(numberIn(original), 'item', 'items')} op.`,
  arrayMinSize: (original) => `Geef minstens ${numberIn(original)} ${plural(numberIn(original), 'item', 'items')} op.`,
  arrayUnique: () => 'Elk item mag maar één keer in de lijst staan.',
  nestedValidation: () => 'Stuur hier een object ({ … }) met de velden uit de API-beschrijving.',
};

/**
 * Checks of the value's type, in the order they are reported: when one fails, only that one is
 * reported (a text "8" for a number is not also "te klein" and "te groot").
 */
const TYPE_CHECKS = ['isArray', 'isObject', 'isString', 'isInt', 'isNumber', 'isBoolean', 'isIsoDate', 'isUuid', 'isEmail', 'isEnum', 'isIn', 'nestedValidation'];

/** class-validator's English defaults ("x must be …", "each value in x should not …"). */
const ENGLISH_DEFAULT = /\b(must be|must not|should not|should be|each value in|must contain|must match|must be one of)\b/i;

function dutchMessage(constraint: string, original: string): string {
  // A check given its own (Dutch) message says it best: "Vul een IBAN in zoals …", not "niet de juiste vorm".
  if (original && !ENGLISH_DEFAULT.test(original)) return original;
  const each = original.startsWith('each value in ');
  const translate = DUTCH_CONSTRAINTS[constraint];
  if (!translate) {
    // Our own checks carry their Dutch message; an English default of a check not listed above never reaches the user.
    return ENGLISH_DEFAULT.test(original) ? 'Deze waarde kan hier niet; zie de API-beschrijving voor wat dit veld verwacht.' : original;
  }
  const message = translate(original);
  if (!each) return message;
  if (constraint === 'isUuid') return 'Elk item moet een geldige id (UUID) zijn, zoals het systeem die geeft.';
  return `Elk item in de lijst: ${message.charAt(0).toLowerCase()}${message.slice(1)}`;
}

const isMissing = (value: unknown) => value === undefined || value === null || value === '';

function flatten(errors: ClassValidatorError[], prefix = ''): ErrorDetail[] {
  return errors.flatMap((error) => {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    const constraints = Object.entries(error.constraints ?? {});
    if (constraints.some(([c]) => c === 'whitelistValidation')) {
      return [{ field, code: 'UNKNOWN_FIELD', message: `Onbekend veld '${field}'.` }];
    }
    const notNull = constraints.find(([c]) => c === 'isNotNull');
    if (notNull) return [{ field, code: 'isNotNull', message: notNull[1] }];
    // A missing value gets one message, not one per constraint it fails.
    if (constraints.length && isMissing(error.value)) {
      return [{ field, code: 'REQUIRED', message: 'Dit veld is verplicht.' }];
    }
    // A list check on something that is no list: that is the one thing to say.
    const listChecks = constraints.some(([c, original]) => c.startsWith('array') || original.startsWith('each value in '));
    const notAList: [string, string] | undefined = listChecks && !Array.isArray(error.value) ? ['isArray', ''] : undefined;
    const typeError = notAList ?? TYPE_CHECKS.map((check) => constraints.find(([c]) => c === check)).find((found) => found !== undefined);
    const own = (typeError ? [typeError] : constraints).map(([constraint, original]) => ({
      field,
      code: constraint,
      message: dutchMessage(constraint, original),
    }));
    // A value of the wrong type has no parts to check.
    return typeError ? own : [...own, ...flatten(error.children ?? [], field)];
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

/**
 * A whole number in the path (a set or table number): "1.5" or "abc" is refused with the field
 * and what to send, instead of a bare "Het verzoek is ongeldig.".
 */
export function wholeNumberParam(field: 'setNumber' | 'tableNumber'): ParseIntPipe {
  const message = field === 'setNumber' ? 'Het setnummer is een geheel getal, bijvoorbeeld 1.' : 'Het tafelnummer is een geheel getal, bijvoorbeeld 1.';
  return new ParseIntPipe({ exceptionFactory: () => new ValidationError(message, [{ field, code: 'isInt', message }]) });
}
