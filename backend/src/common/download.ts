import { StreamableFile } from '@nestjs/common';
import { create as contentDisposition } from 'content-disposition';

/** A file the API hands out: its name, MIME type and bytes. */
export interface DownloadFile {
  filename: string;
  contentType: string;
  body: Buffer;
}

/** The Content-Disposition header for a file name (RFC 6266; a UTF-8 name where it needs one). */
export function dispositionHeader(filename: string, type: 'attachment' | 'inline' = 'attachment'): string {
  return contentDisposition(filename, { type });
}

/** A download: the bytes with their type, length and Content-Disposition. */
export function download(file: DownloadFile, type: 'attachment' | 'inline' = 'attachment'): StreamableFile {
  return new StreamableFile(file.body, { type: file.contentType, length: file.body.length, disposition: dispositionHeader(file.filename, type) });
}
