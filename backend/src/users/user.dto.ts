import { ApiProperty, ApiPropertyOptional, OmitType, PartialType } from '@nestjs/swagger';
import { IsEmail, IsEnum, IsString, IsUUID, MaxLength, MinLength, ValidateBy } from 'class-validator';
import { Role } from '../generated/prisma/enums';
import { IsOptionalNotNull, IsPlainText } from '../common/validators';

/** Bounds of a password, set by an administrator here or by users themselves (ChangePasswordDto); `npm run user:create` keeps the minimum too. */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;

/** A password of PASSWORD_MIN_LENGTH characters besides the spaces around it: ten spaces are no password. */
export function NotBlankPassword(): PropertyDecorator {
  return ValidateBy({
    name: 'notBlankPassword',
    validator: {
      validate: (value: unknown) => typeof value !== 'string' || value.trim().length >= PASSWORD_MIN_LENGTH,
      defaultMessage: () => `Kies een wachtwoord van minstens ${PASSWORD_MIN_LENGTH} tekens, spaties aan het begin en eind niet meegeteld.`,
    },
  });
}

export class CreateUserDto {
  @ApiProperty({ example: 'secretaris@vereniging.nl' }) @IsEmail() @MaxLength(254) email: string;
  @ApiProperty({ example: 'Marlon Sewdien' }) @IsString() @MinLength(2) @MaxLength(120) @IsPlainText() name: string;
  @ApiPropertyOptional({ minLength: PASSWORD_MIN_LENGTH, description: 'Weglaten: de gebruiker krijgt een uitnodiging per e-mail en kiest zelf een wachtwoord (7 dagen geldig)' })
  @IsOptionalNotNull()
  @IsString()
  @MinLength(PASSWORD_MIN_LENGTH)
  @MaxLength(PASSWORD_MAX_LENGTH)
  @NotBlankPassword()
  password?: string;
  @ApiProperty({ enum: Role, enumName: 'Role' }) @IsEnum(Role) role: Role;
  @ApiPropertyOptional({ format: 'uuid', description: 'Verplicht voor secretarissen' }) @IsOptionalNotNull() @IsUUID() clubId?: string;
}

/** A field sent as null is refused (400): only an omitted field keeps its value. */
export class UpdateUserDto extends PartialType(OmitType(CreateUserDto, ['email'] as const), { skipNullProperties: false }) {}

export class UserDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() email: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: Role, enumName: 'Role' }) role: Role;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) clubId: string | null;
  @ApiProperty({ nullable: true, type: String }) clubName: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) archivedAt: string | null;
  @ApiProperty({ description: 'Uitgenodigd en nog geen wachtwoord gekozen' }) invited: boolean;
}

interface UserRow {
  id: string;
  email: string;
  name: string;
  role: Role;
  clubId: string | null;
  archivedAt: Date | null;
  passwordHash: string | null;
  club?: { name: string } | null;
}

export function mapUser(user: UserRow): UserDto {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    clubId: user.clubId,
    clubName: user.club?.name ?? null,
    archivedAt: user.archivedAt?.toISOString() ?? null,
    invited: user.passwordHash === null,
  };
}
