import { memberWorkbook } from '../../test/fixtures/workbooks';
import { MemberFileError, MemberFileLimitError } from './member-file-parser';
import { MEMBER_FILE_WORKER_LIMITS, readMemberFile } from './member-file-reader';

// These run the real worker thread (from the TypeScript sources, through esbuild-register).
describe('readMemberFile: the parser in a worker thread', () => {
  it('reads a list and hands back the same table as the parser', async () => {
    const parsed = await readMemberFile({ buffer: Buffer.from('\uFEFFLidnummer;Achternaam;Voornamen\r\n1;\'=1+1;Doëlla\r\n'), originalName: 'leden.csv' });
    expect(parsed).toEqual({ format: 'csv', encoding: 'utf-8-bom', delimiter: ';', headers: ['Lidnummer', 'Achternaam', 'Voornamen'], rows: [['1', '=1+1', 'Doëlla']], headerRowNumber: 1 });
  });

  it("passes the parser's refusal on with its status, code and details", async () => {
    const error = await readMemberFile({ buffer: memberWorkbook({ repeatMb: 300 }), originalName: 'bom.xlsx' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 413, code: 'WORKBOOK_TOO_LARGE', details: [{ field: 'file', code: 'WORKBOOK_TOO_LARGE' }] });
    expect((error as Error).message).toMatch(/^De Excel-werkmap 'bom\.xlsx' is uitgepakt veel groter dan een moederlijst kan zijn/);
  });

  it('an ordinary refusal keeps its 400', async () => {
    await expect(readMemberFile({ buffer: Buffer.from('%PDF-1.7'), originalName: 'x.pdf' })).rejects.toMatchObject({ status: 400, code: 'UNSUPPORTED_FORMAT' });
  });

  // What this proves: a reading that takes longer than its budget is refused, whichever of the
  // timer and the worker's answer the event loop runs first. Unzipping and reading 2,000 members
  // takes far longer than a millisecond on any machine, so the outcome does not depend on its speed.
  it('stops a worker that takes longer than its time budget and refuses the file in Dutch (422)', async () => {
    const error = await readMemberFile({ buffer: memberWorkbook({ members: 2_000 }), originalName: 'traag.xlsx' }, { ...MEMBER_FILE_WORKER_LIMITS, timeBudgetMs: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MemberFileLimitError);
    expect(error).toMatchObject({ status: 422, code: 'FILE_TOO_COMPLEX' });
    expect((error as Error).message).toMatch(/^'traag\.xlsx' kon niet worden gelezen: het lezen duurde langer dan 0,001 seconden\./);
  });

  // What this proves: a worker that runs out of its heap is stopped and the file refused in Dutch
  // (not how fast that happens). Filling 16 MB takes well under a second on an idle machine and
  // several on a loaded one, so the worker gets no time limit here (the memory limit must be the
  // one that stops it) and Jest's budget is a guard against a hang, not a speed claim.
  it('refuses a file whose reading needs more memory than the worker may use', async () => {
    // 20,000 long rows of CSV without the row limit's help: a worker of 16 MB cannot hold them.
    const lines = ['Lidnummer;Achternaam;Voornamen', ...Array.from({ length: 19_999 }, (_, i) => `${i};${'Achternaam'.repeat(20)};${'Voornaam'.repeat(20)}`)];
    const error = await readMemberFile(
      { buffer: Buffer.from(lines.join('\n')), originalName: 'groot.csv' },
      { ...MEMBER_FILE_WORKER_LIMITS, timeBudgetMs: 10 * 60_000, maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4 },
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 422, code: 'FILE_TOO_COMPLEX', message: expect.stringMatching(/te veel geheugen/) });
  }, 10 * 60_000);

  it('MemberFileError stays a 400 validation error', () => {
    expect(new MemberFileError('EMPTY_FILE', 'leeg')).toMatchObject({ status: 400 });
  });
});
