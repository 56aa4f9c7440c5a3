import { ApiProperty, OmitType } from '@nestjs/swagger';
import { IsEmail, IsString, MaxLength, MinLength } from 'class-validator';
import { NotBlankPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, UserDto } from '../users/user.dto';
import type { AuthUser } from './auth.types';

export class LoginDto {
  @ApiProperty({ example: 'admin@tsbn.nl' })
  @IsEmail()
  @MaxLength(254)
  email: string;

  @ApiProperty({ example: 'wachtwoord' })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  password: string;
}

export class ChangePasswordDto {
  @ApiProperty({ description: 'Het huidige wachtwoord' })
  @IsString()
  @MinLength(1)
  @MaxLength(PASSWORD_MAX_LENGTH)
  currentPassword: string;

  @ApiProperty({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH, description: 'Het nieuwe wachtwoord (minstens 10 tekens)' })
  @IsString()
  @MinLength(PASSWORD_MIN_LENGTH)
  @NotBlankPassword()
  @MaxLength(PASSWORD_MAX_LENGTH)
  newPassword: string;
}

/** The logged-in user: a user as administrators see it, without the archive date and invitation state. */
export class MeDto extends OmitType(UserDto, ['archivedAt', 'invited'] as const) {}

export function mapMe(user: AuthUser, clubName: string | null): MeDto {
  return { id: user.id, email: user.email, name: user.name, role: user.role, clubId: user.clubId, clubName };
}
