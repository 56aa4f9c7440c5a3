/**
 * The printed papers of a match (issue 14.9): the match form (form.pdf) carries the
 * line-ups and, once entered, every game, set total, the totals and the result; the score
 * slips (score-slips.pdf) are one card per set and table with the pairs of that seat
 * (Regel 22). Both public, family names only (Regel 15). The text is read back with a real
 * PDF text extractor (pdf-parse, in a child process: see pdf-text.mjs).
 */
import { type Agent, binary, createMatchDay, expectError, fullResultSets, lineupBody, loginAs, pdfPages, resetDatabase, seatGames, startApp, TestContext } from './helpers';

const KIND_POINTS: Record<string, number> = { WON: 2, KAP: 5, KAP_TAPPED: 2, BAUNIE: 15, FAILED_BAUNIE: 5 };

jest.setTimeout(120_000);

type Day = Awaited<ReturnType<typeof createMatchDay>>;
describe('printed match papers', () => {
  let ctx: TestContext;
  let admin: Agent;
  let day: Day;
  /** Family names by member id, and the given names that must never be printed. */
  let familyName: Map<string, string>;
  let givenNames: string[];
  const url = () => `/api/matches/${day.match.id}`;

  async function pdf(file: string, id = day.match.id, as: Agent | null = null): Promise<{ headers: Record<string, string>; pages: string[] }> {
    const res = await (as ?? ctx.http()).get(`/api/matches/${id}/${file}`).buffer(true).parse(binary).expect(200);
    return { headers: res.headers, pages: pdfPages(res.body as Buffer) };
  }

  const pairNames = (players: string[], pair: number) => `${familyName.get(players[2 * pair - 2])} / ${familyName.get(players[2 * pair - 1])}`;

  beforeAll(async () => {
    ctx = await startApp();
    await resetDatabase(ctx.prisma);
    admin = (await loginAs(ctx, 'ADMIN')).agent;
    day = await createMatchDay(ctx.prisma, { date: '2026-10-03' }); // played: its result can be entered
    // Team names as clubs choose them (the factory's unique names break across PDF text runs).
    day.home = await ctx.prisma.team.update({ where: { id: day.home.id }, data: { name: 'Kroonvogels 1' } });
    day.away = await ctx.prisma.team.update({ where: { id: day.away.id }, data: { name: 'Troef Oost 2' } });
    const members = await ctx.prisma.member.findMany({ where: { id: { in: [...day.homePlayers, ...day.awayPlayers] } } });
    familyName = new Map(members.map((m) => [m.id, m.familyName]));
    givenNames = members.map((m) => m.givenNames);
    const home = (await loginAs(ctx, 'SECRETARY', day.homeClub.id)).agent;
    const away = (await loginAs(ctx, 'SECRETARY', day.awayClub.id)).agent;
    await home.put(`${url()}/lineups/${day.home.id}`).send(lineupBody(day.homePlayers)).expect(200);
    await away.put(`${url()}/lineups/${day.away.id}`).send(lineupBody(day.awayPlayers)).expect(200);
  });

  afterAll(() => ctx.close());

  describe('the match form', () => {
    it('is the form with the line-ups but no score while nothing is entered', async () => {
      const { headers, pages } = await pdf('form.pdf');
      expect(headers['content-type']).toBe('application/pdf');
      expect(headers['content-disposition']).toMatch(/^inline/);
      expect(pages).toHaveLength(2);
      expect(pages[0]).toContain(pairNames(day.homePlayers, 1));
      expect(pages[0]).toContain(pairNames(day.awayPlayers, 6));
      expect(pages[0]).not.toMatch(/uitslag/i);
      expect(pages[1]).not.toMatch(/Set 1 · /);
    });

    it('prints games, set totals, totals and the result once entered, provisional until final (and how it became final), family names only', async () => {
      const version = async () => (await ctx.http().get(url()).expect(200)).body.version as number;
      await admin.put(`${url()}/result`).send({ version: await version(), sets: fullResultSets() }).expect(200);
      // Before the home team's signature the form's scores are the clubs' and the federation's (Regel 15): the public print has none yet.
      expect((await pdf('form.pdf')).pages[0]).not.toContain('Voorlopige uitslag');
      const entered = await pdf('form.pdf', day.match.id, admin);
      // Before the home team's signature nothing counts yet: the whole form is the unsigned work (the score every screen shows).
      expect(entered.pages[0]).toMatch(/Voorlopige uitslag \(nog niet definitief\): .+ – .+ \+ \d+–\d+ nog niet ondertekend/);
      expect(entered.pages[0]).not.toMatch(/bevestigd/);

      await admin.post(`${url()}/confirm`).send({ version: await version() }).expect(200);
      const detail = (await ctx.http().get(url()).expect(200)).body as {
        finality: string;
        homePoints: number;
        awayPoints: number;
        winner: 'HOME' | 'AWAY' | 'DRAW';
        sets: { setNumber: number; tableNumber: number; homePoints: number; awayPoints: number }[];
      };
      const { pages } = await pdf('form.pdf');
      expect(pages).toHaveLength(2);
      const [homeName, awayName] = [day.home.name, day.away.name];
      // The federation confirmed it (an administrator): the words say so, never "bevestigd door beide teams".
      expect(detail.finality).toBe('definitief gemaakt door de bond');
      expect(pages[0]).toContain(`Uitslag (definitief gemaakt door de bond): ${homeName} ${detail.homePoints} – ${detail.awayPoints} ${awayName}`);
      expect(pages[0]).toContain(`winnaar ${detail.winner === 'HOME' ? homeName : awayName}`);
      expect(pages[0]).toContain(`${homeName}: ${detail.homePoints}`);
      expect(pages[0]).toContain(`${awayName}: ${detail.awayPoints}`);
      for (let pair = 1; pair <= 6; pair++) {
        expect(pages[0]).toContain(pairNames(day.homePlayers, pair));
        expect(pages[0]).toContain(pairNames(day.awayPlayers, pair));
      }
      // Every set's total, summed from its six tables.
      for (let setNumber = 1; setNumber <= 6; setNumber++) {
        const seats = detail.sets.filter((s) => s.setNumber === setNumber);
        const total = (side: 'homePoints' | 'awayPoints') => seats.reduce((sum, s) => sum + s[side], 0);
        expect(pages[1]).toContain(`Set ${setNumber} · ${homeName} ${total('homePoints')} – ${total('awayPoints')} ${awayName}`);
      }
      // Set 1, table 1: the table, both pair numbers, per game the points (in the column of the side that got them), the set's totals.
      const seat = detail.sets.find((s) => s.setNumber === 1 && s.tableNumber === 1)!;
      const points = seatGames(1, 1).map((g) => (g.kind === 'PENALTY' ? g.points! : KIND_POINTS[g.kind]));
      expect(pages[1]).toContain(`Set 1 · `);
      expect(pages[1].slice(pages[1].indexOf('Set 1 · '))).toMatch(new RegExp(`Set uit 1 1 1 ${points.join(' ')} ${seat.homePoints} ${seat.awayPoints} 2 2 `));
      for (const given of givenNames) expect(pages.join(' ')).not.toContain(given);
    });
  });

  describe('the score slips', () => {
    it('are 36 cards, six to a page, each with the pairs of its seat (Regel 22), family names only', async () => {
      const { headers, pages } = await pdf('score-slips.pdf');
      expect(headers['content-type']).toBe('application/pdf');
      expect(headers['content-disposition']).toMatch(/^inline; filename="?scorebriefjes-.*-2026-10-03\.pdf/);
      expect(pages).toHaveLength(6);
      const cards = pages.flatMap((page) => page.split('TSBN Scorebriefje').slice(1));
      expect(cards).toHaveLength(36);
      const cardOf = (set: number, table: number) => {
        const found = cards.filter((c) => c.includes(`Set ${set} · Tafel ${table} `));
        expect(found).toHaveLength(1);
        return found[0];
      };
      // Set 1: away pair 1 at table 1. Set 2: the walking pairs moved on one table, so pair 6 walked back to table 1.
      expect(cardOf(1, 1)).toContain(`Thuis koppel 1: ${pairNames(day.homePlayers, 1)}`);
      expect(cardOf(1, 1)).toContain(`Uit (lopend) koppel 1: ${pairNames(day.awayPlayers, 1)}`);
      expect(cardOf(2, 1)).toContain(`Thuis koppel 1: ${pairNames(day.homePlayers, 1)}`);
      expect(cardOf(2, 1)).toContain(`Uit (lopend) koppel 6: ${pairNames(day.awayPlayers, 6)}`);
      expect(cardOf(2, 3)).toContain(`Uit (lopend) koppel 2: ${pairNames(day.awayPlayers, 2)}`);
      for (const card of cards) {
        expect(card).toContain(`${day.home.name} – ${day.away.name}`);
        expect(card).toMatch(/Partij .*1 2 3 4 Totaal/);
        expect(card).toContain('Paraaf thuiskoppel');
        expect(card).toContain('Paraaf uitkoppel');
      }
      // Page n holds set n, tables 1 to 6.
      expect(pages.map((page) => [...page.matchAll(/Set (\d) · Tafel (\d)/g)].map((m) => `${m[1]}/${m[2]}`))).toEqual(
        [1, 2, 3, 4, 5, 6].map((set) => [1, 2, 3, 4, 5, 6].map((table) => `${set}/${table}`)),
      );
      for (const given of givenNames) expect(pages.join(' ')).not.toContain(given);
    });

    it('are there before any line-up, with blank lines for the names', async () => {
      const other = await createMatchDay(ctx.prisma, { date: '2099-10-10' });
      const { pages } = await pdf('score-slips.pdf', other.match.id);
      expect(pages).toHaveLength(6);
      expect(pages[0]).toContain('Thuis koppel 1: ……');
    });

    it('print names in any script as written (Turkish, Vietnamese, Polish, Cyrillic), on the form and on the slips', async () => {
      const other = await createMatchDay(ctx.prisma, { date: '2026-10-10' });
      const names = ['Şahinoğlu', 'Nguyễn', 'Wałęsa', 'Иванов'];
      for (const [i, name] of names.entries()) await ctx.prisma.member.update({ where: { id: other.homePlayers[i] }, data: { familyName: name } });
      const home = (await loginAs(ctx, 'SECRETARY', other.homeClub.id)).agent;
      await home.put(`/api/matches/${other.match.id}/lineups/${other.home.id}`).send(lineupBody(other.homePlayers)).expect(200);
      const form = (await pdf('form.pdf', other.match.id)).pages.join('\n');
      expect(form).toContain('Nguyễn / Şahinoğlu');
      expect(form).toContain('Wałęsa / Иванов');
      const slips = (await pdf('score-slips.pdf', other.match.id)).pages.join('\n');
      expect(slips).toContain('Nguyễn / Şahinoğlu');
      expect(slips).toContain('Wałęsa / Иванов');
    });

    it('answer an unknown match with 404 in the Dutch envelope, like the form', async () => {
      for (const file of ['score-slips.pdf', 'form.pdf']) {
        const res = await ctx.http().get(`/api/matches/00000000-0000-4000-8000-000000000000/${file}`).expect(404);
        expectError(res.body, 404, 'NOT_FOUND');
        expect(res.body.error.message).toBe('Wedstrijd niet gevonden.');
      }
    });
  });
  describe('a member whose club chose "niet publiceren" (RULES.md, privacy)', () => {
    // Pair 1's first player and the reserve who comes in for pair 2's first player in set 3.
    let hidden: { id: string; familyName: string; namePrefix: string | null };
    let hiddenReserve: { id: string; familyName: string; namePrefix: string | null };
    let substitutionId: string;
    const unpublished = () => `speler van ${day.homeClub.name}`;

    beforeAll(async () => {
      // A club name as clubs choose them (the factory's long unique one breaks across PDF lines).
      day.homeClub = await ctx.prisma.club.update({ where: { id: day.homeClub.id }, data: { name: 'De Kroon' } });
      hidden = await ctx.prisma.member.update({ where: { id: day.homePlayers[0] }, data: { doNotPublish: true } });
      hiddenReserve = await ctx.prisma.member.update({ where: { id: day.homePlayers[12] }, data: { doNotPublish: true } });
      const sub = await ctx.prisma.substitution.create({ data: { matchId: day.match.id, teamId: day.home.id, setNumber: 3, pairNumber: 2, outMemberId: day.homePlayers[2], inMemberId: day.homePlayers[12] } });
      substitutionId = sub.id;
    });

    afterAll(async () => {
      await ctx.prisma.substitution.delete({ where: { id: substitutionId } });
      await ctx.prisma.member.updateMany({ where: { id: { in: [hidden.id, hiddenReserve.id] } }, data: { doNotPublish: false } });
    });

    type Detail = { homeLineup: { pairs: { pairNumber: number; names: string[] }[]; reserves: string[] }; substitutions: { inName: string; outName: string }[] };
    const hiddenNames = () => [hidden.familyName, hiddenReserve.familyName];

    it('the public match page names them "speler van <club>", in the line-up, the reserves and the substitution; their partners keep their names', async () => {
      const res = await ctx.http().get(url()).expect(200);
      const body = res.body as Detail;
      expect(body.homeLineup.pairs[0].names).toEqual([unpublished(), familyName.get(day.homePlayers[1])]);
      expect(body.homeLineup.reserves).toContain(unpublished());
      expect(body.substitutions).toEqual([expect.objectContaining({ outName: familyName.get(day.homePlayers[2]), inName: unpublished() })]);
      for (const name of hiddenNames()) expect(JSON.stringify(body)).not.toContain(name);
    });

    it('another club reads the public names too; the two clubs of the match, supervisors and the federation read the form’s family names', async () => {
      const other = (await loginAs(ctx, 'SECRETARY', day.otherClub.id)).agent;
      const otherBody = (await other.get(url()).expect(200)).body as Detail;
      expect(otherBody.homeLineup.pairs[0].names[0]).toBe(unpublished());
      for (const name of hiddenNames()) expect(JSON.stringify(otherBody)).not.toContain(name);
      const readers = [
        (await loginAs(ctx, 'SECRETARY', day.homeClub.id)).agent,
        (await loginAs(ctx, 'SECRETARY', day.awayClub.id)).agent,
        (await loginAs(ctx, 'SUPERVISOR')).agent,
        admin,
      ];
      for (const reader of readers) {
        const body = (await reader.get(url()).expect(200)).body as Detail;
        expect(body.homeLineup.pairs[0].names[0]).toBe(familyName.get(hidden.id));
        expect(body.substitutions[0].inName).toBe(familyName.get(hiddenReserve.id));
      }
    });

    it('the public copy of the form and of the score slips prints "speler van <club>"; the home club’s copy the family names', async () => {
      for (const file of ['form.pdf', 'score-slips.pdf']) {
        const { pages } = await pdf(file);
        const text = pages.join(' ');
        expect(text).toContain(`${unpublished()} / ${familyName.get(day.homePlayers[1])}`);
        for (const name of hiddenNames()) expect(text).not.toContain(name);
      }
      const home = (await loginAs(ctx, 'SECRETARY', day.homeClub.id)).agent;
      for (const file of ['form.pdf', 'score-slips.pdf']) {
        const res = await home.get(`${url()}/${file}`).buffer(true).parse(binary).expect(200);
        const text = pdfPages(res.body as Buffer).join(' ');
        expect(text).toContain(pairNames(day.homePlayers, 1));
        expect(text).not.toContain(unpublished());
      }
    });
  });
});
