import { IncludeArchivedQueryDto } from '../common/dto';
import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../auth/auth.types';
import { CurrentUser, Roles } from '../auth/decorators';
import { CatalogItemDto, CreateCatalogItemDto, UpdateCatalogItemDto } from './fine-catalog.dto';
import { FineCatalogService } from './fine-catalog.service';

@ApiTags('fines')
@Roles('ADMIN')
@Controller()
export class FineCatalogController {
  constructor(private readonly catalog: FineCatalogService) {}

  @Get('seasons/:seasonId/fine-catalog')
  @ApiOperation({ summary: 'Boetecatalogus van een seizoen, Regel 10 (bondsbeheerder)' })
  @ApiOkResponse({ type: [CatalogItemDto] })
  list(@Param('seasonId', ParseUUIDPipe) seasonId: string, @Query() query: IncludeArchivedQueryDto): Promise<CatalogItemDto[]> {
    return this.catalog.list(seasonId, query.includeArchived ?? false);
  }

  @Post('fine-catalog')
  @ApiOperation({ summary: 'Boete aan de catalogus toevoegen (bondsbeheerder)' })
  @ApiCreatedResponse({ type: CatalogItemDto })
  create(@Body() body: CreateCatalogItemDto, @CurrentUser() user: AuthUser): Promise<CatalogItemDto> {
    return this.catalog.create(body, user);
  }

  @Patch('fine-catalog/:id')
  @ApiOperation({ summary: 'Catalogusboete wijzigen (bondsbeheerder)' })
  @ApiOkResponse({ type: CatalogItemDto })
  update(@Param('id', ParseUUIDPipe) id: string, @Body() body: UpdateCatalogItemDto, @CurrentUser() user: AuthUser): Promise<CatalogItemDto> {
    return this.catalog.update(id, body, user);
  }

  @Post('fine-catalog/:id/archive')
  @HttpCode(200)
  @ApiOperation({ summary: 'Catalogusboete archiveren (bondsbeheerder)' })
  @ApiOkResponse({ type: CatalogItemDto })
  archive(@Param('id', ParseUUIDPipe) id: string, @CurrentUser() user: AuthUser): Promise<CatalogItemDto> {
    return this.catalog.archive(id, user);
  }
}
