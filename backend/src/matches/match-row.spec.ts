import { localInstant } from './match-row';

describe('localInstant', () => {
  it('gives the instant in Dutch winter and summer time', () => {
    expect(localInstant('2026-11-27', '20:15').toISOString()).toBe('2026-11-27T19:15:00.000Z');
    expect(localInstant('2026-06-12', '20:15').toISOString()).toBe('2026-06-12T18:15:00.000Z');
    expect(localInstant('2026-06-12', '20:15', 'UTC').toISOString()).toBe('2026-06-12T20:15:00.000Z');
  });

  it('gives a Date of its own each time, so changing one changes no later answer', () => {
    const first = localInstant('2026-03-29', '06:00');
    first.setUTCHours(0);
    const again = localInstant('2026-03-29', '06:00');
    expect(again).not.toBe(first);
    // The day summer time starts: 06:00 is already UTC+2.
    expect(again.toISOString()).toBe('2026-03-29T04:00:00.000Z');
  });
});
