import { ApiProperty, OmitType } from '@nestjs/swagger';
import { IsEmail, IsString, MaxLength, MinLength } from 'class-validator';
import { UserDto } from '../users/user.dto';
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

/** The logged-in user: a user as administrators see it, without the archive date. */
export class MeDto extends OmitType(UserDto, ['archivedAt'] as const) {}

export function mapMe(user: AuthUser, clubName: string | null): MeDto {
  return { id: user.id, email: user.email, name: user.name, role: user.role, clubId: user.clubId, clubName };
}
