import { inPairOrder } from './pair-order';

const p = (memberId: string, familyName: string) => ({ memberId, member: { familyName } });

describe('inPairOrder (one order of a pair\'s players for every page)', () => {
  test.each([
    ['by family name, whatever order the rows came in', [p('1', 'Zwart'), p('2', 'Abena')], ['Abena', 'Zwart']],
    ['without regard to case and accents', [p('1', 'émanuels'), p('2', 'Doelwijt'), p('3', 'Eersel')], ['Doelwijt', 'Eersel', 'émanuels']],
    ['two of one family name by member id', [p('b', 'Ramkisoen'), p('a', 'Ramkisoen')], ['Ramkisoen', 'Ramkisoen']],
  ])('%s', (_, players, names) => {
    expect(inPairOrder(players).map((x) => x.member.familyName)).toEqual(names);
    expect(inPairOrder([...players].reverse())).toEqual(inPairOrder(players));
  });

  it('does not change the list it is given', () => {
    const players = [p('1', 'Zwart'), p('2', 'Abena')];
    inPairOrder(players);
    expect(players[0].member.familyName).toBe('Zwart');
  });
});
