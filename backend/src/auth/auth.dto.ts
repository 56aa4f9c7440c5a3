import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsString, MaxLength, MinLength } from 'class-validator';
import { Role } from '../generated/prisma/enums';
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

export class MeDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() email: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: Role, enumName: 'Role' }) role: Role;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) clubId: string | null;
  @ApiProperty({ nullable: true, type: String }) clubName: string | null;
}

export function mapMe(user: AuthUser, clubName: string | null): MeDto {
  return { id: user.id, email: user.email, name: user.name, role: user.role, clubId: user.clubId, clubName };
}
