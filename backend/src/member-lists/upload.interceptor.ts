import { CallHandler, ExecutionContext, Injectable, NestInterceptor, PayloadTooLargeException } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { applyDecorators, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';
import { AppError, ValidationError } from '../common/errors';
import type { UploadedFile as ParserFile } from './member-file-parser';

const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** What multer hands over for one file kept in memory. */
export interface MulterFile {
  buffer: Buffer;
  originalname: string;
  mimetype: string;
  size: number;
}

const MulterSingleFile = FileInterceptor('file', { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 }, defParamCharset: 'utf8' });

/** Multer for one file field "file", with the size limit answered in the envelope, in Dutch. */
@Injectable()
class MemberFileInterceptor implements NestInterceptor {
  private readonly multer = new MulterSingleFile();

  async intercept(context: ExecutionContext, next: CallHandler) {
    try {
      return await this.multer.intercept(context, next);
    } catch (error) {
      if (error instanceof PayloadTooLargeException) {
        throw new AppError(413, 'FILE_TOO_LARGE', `Het bestand is te groot: een moederlijst mag hoogstens ${MAX_UPLOAD_BYTES / 1024 / 1024} MB zijn. Laat overbodige kolommen en tabbladen weg.`);
      }
      throw error;
    }
  }
}

/** The controller side of an upload: the interceptor and the multipart description for OpenAPI. */
export function MemberFileUpload(extraFields: Record<string, object> = {}) {
  return applyDecorators(
    UseInterceptors(MemberFileInterceptor),
    ApiConsumes('multipart/form-data'),
    ApiBody({
      schema: {
        type: 'object',
        required: ['file', ...Object.keys(extraFields).filter((name) => name === 'previewId')],
        properties: { file: { type: 'string', format: 'binary', description: 'CSV (UTF-8, Windows-1252; ; , of tab) of Excel-werkmap (.xlsx), hoogstens 5 MB' }, ...extraFields },
      },
    }),
  );
}

export function toParserFile(file: MulterFile | undefined): ParserFile {
  if (!file) {
    throw new ValidationError('Kies een bestand om in te lezen.', [{ field: 'file', message: 'Kies een CSV-bestand of Excel-werkmap (.xlsx).' }], 'FILE_MISSING');
  }
  return { buffer: file.buffer, originalName: file.originalname, mimeType: file.mimetype };
}
