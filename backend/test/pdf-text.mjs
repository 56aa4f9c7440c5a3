// Text of a PDF per page, for the API tests: reads the PDF on stdin and prints
// {"pages": ["…", …]}. A child process because pdf-parse (pdf.js) loads its worker with
// import(), which Jest's VM does not offer (as with db-outage-cluster.mjs).
import { PDFParse } from 'pdf-parse';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const parser = new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) });
try {
  const result = await parser.getText({ pageJoiner: '' });
  process.stdout.write(JSON.stringify({ pages: result.pages.map((page) => page.text) }));
} finally {
  await parser.destroy();
}
