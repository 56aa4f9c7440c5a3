// axe-core inside a page (WCAG 2.1 A/AA): its serious and critical findings, as
// e2e/accessibility.e2e.ts checks them. The context needs bypassCSP (public pages run no scripts).
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export async function seriousFindings(page: Page): Promise<{ rule: string; nodes: string[] }[]> {
  await page.addScriptTag({ content: AXE });
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({ rule: v.id, impact: v.impact ?? '', nodes: v.nodes.map((n) => n.target.join(' ')) }));
  }, TAGS);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map(({ rule, nodes }) => ({ rule, nodes }));
}
