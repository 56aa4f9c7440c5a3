import { dutchHolidays, easterSunday, holidayOn } from './holidays';

describe('Dutch public holidays', () => {
  test.each([
    [2019, '2019-04-21'],
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2028, '2028-04-16'],
    [2038, '2038-04-25'], // the latest Easter of this century
    [2285, '2285-03-22'], // the earliest possible date
    [2000, '2000-04-23'],
  ])('Easter %i falls on %s', (year, date) => {
    expect(easterSunday(year)).toBe(date);
  });

  it('lists the holidays of 2027 in date order, with the moving feasts from Easter', () => {
    expect([...dutchHolidays(2027)]).toEqual([
      ['2027-01-01', 'Nieuwjaarsdag'],
      ['2027-03-26', 'Goede Vrijdag'],
      ['2027-03-28', 'Eerste Paasdag'],
      ['2027-03-29', 'Tweede Paasdag'],
      ['2027-04-27', 'Koningsdag'],
      ['2027-05-05', 'Bevrijdingsdag'],
      ['2027-05-06', 'Hemelvaartsdag'],
      ['2027-05-16', 'Eerste Pinksterdag'],
      ['2027-05-17', 'Tweede Pinksterdag'],
      ['2027-12-25', 'Eerste Kerstdag'],
      ['2027-12-26', 'Tweede Kerstdag'],
    ]);
  });

  test.each([
    ['2026-12-25', 'Eerste Kerstdag'],
    ['2026-12-26', 'Tweede Kerstdag'],
    ['2027-01-01', 'Nieuwjaarsdag'],
    ['2025-04-26', 'Koningsdag'], // 27 April 2025 is a Sunday: the Saturday before
    ['2025-04-27', null],
    ['2026-04-27', 'Koningsdag'],
    ['2026-05-14', 'Hemelvaartsdag'],
    ['2026-05-25', 'Tweede Pinksterdag'],
    ['2016-05-05', 'Bevrijdingsdag en Hemelvaartsdag'],
    ['2026-12-19', null],
    ['geen datum', null],
  ])('%s → %s', (date, name) => {
    expect(holidayOn(date)).toBe(name);
  });
});
