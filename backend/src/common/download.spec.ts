import { dispositionHeader } from './download';

describe('dispositionHeader', () => {
  test.each([
    ['a plain name as an attachment', 'programma-hoofdklasse.csv', 'attachment', 'attachment; filename=programma-hoofdklasse.csv'],
    ['a form shown in the browser', 'wedstrijdformulier.pdf', 'inline', 'inline; filename=wedstrijdformulier.pdf'],
    ['a name with a space is quoted', 'stand hoofdklasse.csv', 'attachment', 'attachment; filename="stand hoofdklasse.csv"'],
    ['a name beyond Latin-1 gets an ASCII fallback and the UTF-8 name', 'moederlijst-Ōmega.csv', 'attachment', `attachment; filename="moederlijst-?mega.csv"; filename*=UTF-8''moederlijst-%C5%8Cmega.csv`],
  ] as const)('%s', (_what, name, type, header) => {
    expect(dispositionHeader(name, type)).toBe(header);
  });
});
