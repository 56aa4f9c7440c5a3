import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ValidateBy } from 'class-validator';
import { IsPlainText } from './validators';

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Required free text ("een reden", "een omschrijving"): trimmed before it is checked and stored,
 * so text of spaces only counts as empty. `label` names the field in the message, with its
 * article: "de reden" → "Vul de reden in: minstens 3 tekens, spaties niet meegeteld."
 * Text of spaces only is left as it is by the transform, so the check (not the generic
 * "verplicht") reports it with the field's name. Line breaks are allowed, other control
 * characters and direction overrides are not (IsPlainText).
 */
export function IsRequiredText(label: string, { min, max }: { min: number; max: number }): PropertyDecorator {
  return applyDecorators(
    Transform(({ value }) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : value)),
    IsPlainText({ lineBreaks: true }),
    ValidateBy({
      name: 'isRequiredText',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && value.trim().length >= min && value.trim().length <= max,
        defaultMessage: (args) => {
          const value: unknown = args?.value;
          if (typeof value !== 'string') return `Vul bij ${label} tekst in.`;
          if (value.trim().length < min) return `Vul ${label} in: minstens ${min} tekens, spaties niet meegeteld.`;
          return `${capitalize(label)} is te lang: hoogstens ${max} tekens.`;
        },
      },
    }),
  );
}

/** A reason kept in the audit log: text of 3 to 2000 characters, spaces around it not counted. */
export function IsReason(label = 'de reden'): PropertyDecorator {
  return IsRequiredText(label, { min: 3, max: 2000 });
}

export class ReasonDto {
  @ApiProperty({ description: 'Waarom (wordt in het logboek bewaard)' })
  @IsReason()
  reason: string;
}
