import { hasForbiddenCharacters } from '../domain/text';

describe('hasForbiddenCharacters (names and reasons people read back)', () => {
  test.each<[string, string, boolean, boolean]>([
    // what, text, forbidden in a name, forbidden in a reason (line breaks allowed)
    ['a Dutch name with accents and an apostrophe', "Chérie van 't Hek-Doëlla", false, false],
    ['Surinamese and other scripts', 'Ñaña Ramdin 李 علي', false, false],
    ['an emoji', 'Kaiman 😀', false, false],
    ['a bell (U+0007)', 'Kaiman\u0007', true, true],
    ['an escape (U+001B)', '\u001B[31m', true, true],
    ['a delete (U+007F)', 'a\u007Fb', true, true],
    ['a C1 control (U+0085)', 'a\u0085b', true, true],
    ['a right-to-left override (U+202E)', 'abc\u202Egnp.exe', true, true],
    ['a left-to-right embedding (U+202A)', '\u202Aabc', true, true],
    ['a first-strong isolate (U+2068)', '\u2068abc', true, true],
    ['a right-to-left mark (U+200F)', 'abc\u200F', true, true],
    ['a byte-order mark (U+FEFF)', '\uFEFFabc', true, true],
    ['a tab', 'a\tb', true, false],
    ['a line break', 'eerste\ntweede', true, false],
    ['a Windows line break', 'eerste\r\ntweede', true, false],
    ['a Unicode line separator (U+2028)', 'Kaiman\u2028Rotterdam', true, false],
    ['a Unicode paragraph separator (U+2029)', 'eerste\u2029tweede', true, false],
  ])('%s', (_what, text, inName, inReason) => {
    expect(hasForbiddenCharacters(text)).toBe(inName);
    expect(hasForbiddenCharacters(text, { lineBreaks: true })).toBe(inReason);
  });
});
