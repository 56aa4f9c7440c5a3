import { BadRequestException, CallHandler, ExecutionContext, Injectable, NestInterceptor, PayloadTooLargeException } from '@nestjs/common';
import { FileInterceptor, type UploadedMultipartFile } from '@nestjs/platform-fastify';
import { applyDecorators, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';
import { AppError, ValidationError } from '../common/errors';
import type { UploadedFile as ParserFile } from './member-file-parser';

const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export type { UploadedMultipartFile };

const SingleFile = FileInterceptor('file', { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 }, defParamCharset: 'utf8' });

const MULTIPART_REFUSALS: Record<string, string> = {
  'Unexpected file field': "Stuur de moederlijst als één bestand in het veld 'file' (CSV of Excel-werkmap); een bestand in een ander veld wordt niet gelezen.",
  'Too many files': "Stuur één bestand tegelijk, in het veld 'file'.",
  'Too many parts': "Het formulier heeft te veel onderdelen: stuur alleen het bestand in het veld 'file' (en bij bevestigen de previewId).",
  'Too many fields': "Het formulier heeft te veel velden: stuur alleen het bestand in het veld 'file' (en bij bevestigen de previewId).",
};

/** One file field "file", kept in memory, with the size limit answered in the envelope, in Dutch. */
@Injectable()
class MemberFileInterceptor implements NestInterceptor {
  private readonly upload = new SingleFile();

  async intercept(context: ExecutionContext, next: CallHandler) {
    try {
      return await this.upload.intercept(context, next);
    } catch (error) {
      if (error instanceof PayloadTooLargeException) {
        throw new AppError(413, 'FILE_TOO_LARGE', `Het bestand is te groot: een moederlijst mag hoogstens ${MAX_UPLOAD_BYTES / 1024 / 1024} MB zijn. Laat overbodige kolommen en tabbladen weg.`);
      }
      // The multipart parser's refusals (its English texts, "… - <field>"), said in Dutch with what to send.
      const said = error instanceof BadRequestException ? MULTIPART_REFUSALS[error.message.split(' - ')[0]] : undefined;
      if (said) throw new ValidationError(said, [{ field: 'file', message: said }], 'FILE_FIELD');
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

export function toParserFile(file: UploadedMultipartFile | undefined): ParserFile {
  if (!file) {
    throw new ValidationError('Kies een bestand om in te lezen.', [{ field: 'file', message: 'Kies een CSV-bestand of Excel-werkmap (.xlsx).' }], 'FILE_MISSING');
  }
  return { buffer: file.buffer ?? Buffer.alloc(0), originalName: file.originalname, mimeType: file.mimetype };
}
