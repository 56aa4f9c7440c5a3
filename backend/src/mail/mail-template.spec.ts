import { escapeHtml, renderMail } from './mail-template';

describe('renderMail', () => {
  const mail = renderMail({
    greeting: 'Beste Anjali <Ramdin>,',
    paragraphs: ['Eerste alinea.', 'Tweede & laatste.'],
    action: { label: 'Kies een wachtwoord', url: 'https://tsbn.test/uitnodiging?token=a&b' },
    after: ['De link is 7 dagen geldig.'],
  });

  it('writes plain text in reading order, the link on its own line', () => {
    expect(mail.text.split('\n\n')).toEqual([
      'Beste Anjali <Ramdin>,',
      'Eerste alinea.',
      'Tweede & laatste.',
      'Kies een wachtwoord:\nhttps://tsbn.test/uitnodiging?token=a&b',
      'De link is 7 dagen geldig.',
      'Met vriendelijke groet,\nTroefcall Sport Bond Nederland',
      '--\nDeze e-mail is automatisch verstuurd door de competitieadministratie van de TSBN.',
    ]);
  });

  it('escapes every text in the HTML and links the action', () => {
    expect(mail.html).toContain('Beste Anjali &lt;Ramdin&gt;,');
    expect(mail.html).toContain('Tweede &amp; laatste.');
    expect(mail.html).toContain('href="https://tsbn.test/uitnodiging?token=a&amp;b"');
    expect(mail.html).not.toMatch(/<Ramdin>/);
    expect(mail.html.startsWith('<!doctype html><html lang="nl">')).toBe(true);
  });

  test.each([
    ['<script>', '&lt;script&gt;'],
    [`"quote" & 'apostrophe'`, '&quot;quote&quot; &amp; &#39;apostrophe&#39;'],
    ['gewoon', 'gewoon'],
  ])('escapeHtml(%s)', (input, output) => {
    expect(escapeHtml(input)).toBe(output);
  });
});
