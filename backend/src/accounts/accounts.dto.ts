import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { NotBlankPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../users/user.dto';

/** The token in a mailed link: 32 random bytes, base64url (43 characters). */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const TOKEN_MESSAGE = 'Deze link is niet volledig; kopieer de hele link uit de e-mail.';

export class PasswordResetRequestDto {
  @ApiProperty({ example: 'secretaris@vereniging.nl' }) @IsEmail() @MaxLength(254) email: string;
}

export class TokenDto {
  @ApiProperty({ description: 'Het token uit de link in de e-mail' }) @IsString() @Matches(TOKEN, { message: TOKEN_MESSAGE }) token: string;
}

export class SetPasswordDto extends TokenDto {
  @ApiProperty({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH, description: 'Het nieuwe wachtwoord (minstens 10 tekens)' })
  @IsString()
  @MinLength(PASSWORD_MIN_LENGTH)
  @NotBlankPassword()
  @MaxLength(PASSWORD_MAX_LENGTH)
  password: string;
}

export class EmailChangeRequestDto {
  @ApiProperty({ example: 'nieuw@vereniging.nl' }) @IsEmail() @MaxLength(254) newEmail: string;
  @ApiProperty({ description: 'Het huidige wachtwoord, ter bevestiging' }) @IsString() @MinLength(1) @MaxLength(PASSWORD_MAX_LENGTH) currentPassword: string;
}

export class AcceptedDto {
  @ApiProperty({ description: 'Wat er nu gebeurt, in het Nederlands' }) message: string;
}

const TOKEN_KINDS = ['PASSWORD_RESET', 'INVITATION', 'EMAIL_CHANGE'] as const;

export class TokenInfoDto {
  @ApiProperty({ enum: TOKEN_KINDS, enumName: 'AccountTokenKind' }) kind: (typeof TOKEN_KINDS)[number];
  @ApiProperty({ description: 'Het adres waar het om gaat (bij EMAIL_CHANGE het nieuwe)' }) email: string;
  @ApiProperty() name: string;
  @ApiProperty({ format: 'date-time' }) expiresAt: string;
}

export class EmailChangedDto {
  @ApiProperty() email: string;
}
