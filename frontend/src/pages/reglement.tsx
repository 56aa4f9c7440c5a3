import type { InferGetServerSidePropsType } from 'next';
import type { ReactNode } from 'react';
import { Card, EmptyState, PageHeader } from '@/components/ui/layout';
import { seasonOf } from '@/lib/api-core';
import { formatEuro as euros } from '@/lib/format';
import gameRules from '@/lib/game-rules.json';
import { PageTitle, publicPage } from '@/lib/public-page';
import { GAME_KINDS, WORDS } from '@/lib/vocabulary';

export const config = { runtime: 'nodejs', unstable_runtimeJS: false };

// The project's own explanation of how it applies the federation's rulebook (the
// Spelregelbeleid): how the standings are computed, what each tie-break note means, what
// happens to matches that are not played, and the decisions taken where the rulebook is
// silent. The numbers are the current season's settings, never typed in here.
export const getServerSideProps = publicPage(async (api) => {
  const current = await seasonOf(api);
  return { season: current ? { name: current.season.name, settings: current.season.settings } : null };
});

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} className="scroll-mt-4" aria-labelledby={`${id}-kop`}>
      <Card>
        <h2 id={`${id}-kop`} className="mb-2 text-lg font-semibold text-brand-900">
          {title}
        </h2>
        <div className="space-y-2 text-stone-800">{children}</div>
      </Card>
    </section>
  );
}

function Term({ id, name, children }: { id: string; name: string; children: ReactNode }) {
  return (
    <div id={id} className="scroll-mt-4">
      <dt className="font-semibold">{name}</dt>
      <dd className="mb-2 ml-0">{children}</dd>
    </div>
  );
}

export default function RulesPage({ season }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  const s = season?.settings;
  if (!season || !s) {
    return (
      <>
        <PageTitle title="Reglement" />
        <EmptyState title="Er is nog geen seizoen.">De uitleg van de regels, met de getallen van het seizoen, verschijnt zodra de bond een seizoen heeft aangemaakt.</EmptyState>
      </>
    );
  }
  const setCount = s.pairsPerTeam;
  const sets = s.pairsPerTeam * s.pairsPerTeam;
  const credit = `${s.missingSetPoints}–0`;
  const points = `winst ${s.pointsWin}, gelijkspel ${s.pointsDraw}, verlies ${s.pointsLoss}`;
  return (
    <>
      <PageTitle title="Reglement" />
      <PageHeader
        title="Hoe de competitie wordt bijgehouden"
        description={`Uitleg bij het Spelregelbeleid van de TSBN zoals deze site het toepast. De getallen zijn die van seizoen ${season.name}.`}
      />
      <nav aria-label="Onderwerpen" className="mb-4 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <a className="text-brand-700 underline" href="#wedstrijd">De wedstrijd</a>
        <a className="text-brand-700 underline" href="#stand">De stand</a>
        <a className="text-brand-700 underline" href="#gelijke-stand">Gelijke stand</a>
        <a className="text-brand-700 underline" href="#niet-gespeeld">Niet gespeeld</a>
        <a className="text-brand-700 underline" href="#spelers">Spelers en moederlijst</a>
        <a className="text-brand-700 underline" href="#boetes">Boetes</a>
        <a className="text-brand-700 underline" href="#besluiten">Besluiten van de bond</a>
      </nav>
      <div className="space-y-4">
        <Section id="wedstrijd" title="De wedstrijd">
          <p>
            Elk team speelt met {setCount} koppels aan {setCount} tafels. De koppels van het thuisteam blijven aan hun tafel; de koppels van het
            uitteam zijn de lopende koppels en schuiven na elke set een tafel door (Regel 22). Zo speelt elk uitkoppel één keer tegen elk thuiskoppel:{' '}
            {setCount} sets van {s.gamesPerSet} {WORDS.games} per tafel, {sets} setuitslagen per wedstrijd.
          </p>
          <p>
            Een {GAME_KINDS.WON.name} is {gameRules.gamePoints.WON} punten waard, een {GAME_KINDS.KAP.name} {gameRules.gamePoints.KAP}, een {GAME_KINDS.KAP_TAPPED.name}{' '}
            {gameRules.gamePoints.KAP_TAPPED} en een {GAME_KINDS.BAUNIE.name} {gameRules.gamePoints.BAUNIE}. Een straf geeft de
            tegenpartij punten (2, 3, 4, 5, 10 of 15, afhankelijk van de regel). Een setstand is alleen mogelijk als hij uit precies{' '}
            {s.gamesPerSet} zulke {WORDS.games} bestaat; een onmogelijke stand wordt geweigerd met de set en de tafel erbij.
          </p>
          <p>
            Het team met de meeste punten over alle sets wint de wedstrijd; bij gelijke punten is het gelijkspel. Een koppel dat een set niet speelt,
            geeft de tegenpartij {credit} voor die set (Regel 12A).
          </p>
          <p>
            De uitslag komt op een van twee manieren binnen (Regel 15). <strong>Aan de tafel:</strong> op de wedstrijddag krijgt elke tafel een
            code. Na elke set voert een koppel de stand in en het andere koppel ondertekent hem op hetzelfde toestel; een ondertekende set staat
            vast. Is een koppel het niet eens, dan weigert het met een toelichting en beslist de wedstrijdleider. Is elke set ondertekend, beslist
            of door de regels bepaald, dan is de wedstrijd compleet: {s.correctionWindowMinutes} minuten later is de uitslag vanzelf definitief, of
            eerder als beide teamleiders hem bevestigen. De codes werken tot 06:00 uur de ochtend na de wedstrijd.
          </p>
          <p>
            <strong>Op het formulier:</strong> vanaf de wedstrijddag vult het thuisteam het formulier in (set per set, of partij per partij) en
            ondertekent het na een overzicht; het uitteam bevestigt het, of gaat niet akkoord met een toelichting: dan beslist de wedstrijdleider,
            en zijn beslissing maakt de uitslag definitief. Bevestigt het uitteam niet binnen {s.paperConfirmHours} uur na de ondertekening, dan
            wordt de uitslag vanzelf definitief. Tot het thuisteam ondertekent, toont de website de standen van het formulier nog niet.
          </p>
          <p>
            Een definitieve uitslag ligt vast. Daarvóór kan de wedstrijdleider een ondertekende stand nog corrigeren, met een reden; daarna
            alleen de bond, ook met een reden. De wedstrijdpagina laat dan zien dat de uitslag is gecorrigeerd. Toelichtingen en beslissingen zien alleen beide verenigingen, de
            wedstrijdleider en de bond.
          </p>
        </Section>

        <Section id="stand" title="De stand">
          <p>
            Per wedstrijd krijgt een team competitiepunten: {points}. Daarnaast telt de stand de gespeelde, gewonnen, gelijkgespeelde en verloren
            wedstrijden, de punten voor en tegen en het saldo (punten voor min punten tegen). Aftrek van competitiepunten (bijvoorbeeld{' '}
            {s.ineligiblePlayerDeduction} punten voor een speler die niet mocht spelen) staat met de reden bij het team.
          </p>
          <p>Een uitslag telt mee zodra hij vastligt. De stand wordt gerangschikt op het totaal aan competitiepunten, na aftrek.</p>
        </Section>

        <Section id="gelijke-stand" title="Gelijke stand (Regel 41)">
          <p>Teams met evenveel competitiepunten worden zo gerangschikt. Onder een team dat zo is geplaatst, staat in de stand waarom:</p>
          <dl>
            <Term id="onderling" name="Onderling resultaat">
              Eerst telt een kleine stand van alleen de wedstrijden die deze teams tegen elkaar hebben gespeeld (ook reglementair verloren
              wedstrijden; geen afgelaste of niet gespeelde): eerst de competitiepunten daarin, dan het saldo daarin. Scheidt dat maar een deel van
              de teams, dan begint dezelfde vergelijking opnieuw voor de teams die nog gelijk staan.
            </Term>
            <Term id="saldo" name="Saldo">
              Helpt het onderlinge resultaat niet, dan beslist het saldo over het hele seizoen. Scheidt het saldo maar een deel van de teams, dan
              worden de teams die nog gelijk staan weer eerst op hun onderlinge resultaat vergeleken.
            </Term>
            <Term id="beslissingswedstrijd" name="Beslissingswedstrijd gewonnen / verloren">
              Staat een groep daarna nog gelijk, dan beslist een beslissingswedstrijd. De bond legt de uitslag vast. Met meer dan twee teams telt het
              aantal gewonnen beslissingswedstrijden; teams die daarna nog gelijk staan, delen hun plaats.
            </Term>
            <Term id="beslissingswedstrijd-nodig" name="Beslissingswedstrijd nodig">
              Deze teams staan aan het einde van de competitie (alle wedstrijden van de poule beslist, of het seizoen voorbij) in alles gelijk en
              delen hun plaats tot een beslissingswedstrijd is gespeeld.
            </Term>
            <Term id="gelijk" name="Gelijk">
              Tijdens het seizoen delen teams die in alles gelijk staan gewoon hun plaats; een beslissingswedstrijd is dan nog niet aan de orde.
            </Term>
          </dl>
        </Section>

        <Section id="niet-gespeeld" title="Wedstrijden die niet (helemaal) gespeeld zijn">
          <dl>
            <Term id="geen-tafelscherm" name="Geen tafelscherm (Regel 6)">
              De wedstrijd telt als niet gespeeld: geen competitiepunten en geen punten voor beide teams, {s.noScreenDeduction} punten aftrek
              voor beide teams en een boete voor beide verenigingen, waarvan het bestuur het bedrag vaststelt. Zo’n wedstrijd telt nergens mee.
            </Term>
            <Term id="reglementair" name="Reglementair verloren (Regel 7, 9A)">
              Een team dat met minder dan {s.minimumPairsToStart} koppels komt, een wedstrijd minder dan 48 uur van tevoren afzegt of de
              wedstrijd op een andere manier laat mislukken, verliest: de tegenstander krijgt de punten van een overwinning en {credit} voor elke set
              ({sets} sets). De vereniging krijgt een boete van {euros(s.forfeitFineCents)}, die naar de benadeelde vereniging gaat
              (Regel 9B).
            </Term>
            <Term id="afgelast" name="Afgelast door de bond (Regel 8)">
              Elk team krijgt als score zijn gemiddelde aantal punten per wedstrijd over de wedstrijden die het vóór die datum echt heeft gespeeld
              (reglementair verloren, afgelaste en niet gespeelde wedstrijden tellen niet; afgerond op een heel getal, half naar boven; 0 als er nog
              geen zijn).{' '}
              {s.cancelledMatchPoints === 'NONE'
                ? 'Dit seizoen geeft zo’n wedstrijd geen competitiepunten en telt hij niet als gespeeld; de score telt wel mee in de punten voor en tegen.'
                : 'Die gemiddelde score beslist de wedstrijd zoals elke uitslag: winst, gelijkspel of verlies, met de competitiepunten die erbij horen. In het programma staat hij als “afgelast, gemiddelde score”.'}
            </Term>
            <Term id="niet-speelgerechtigd" name="Een speler die niet mocht spelen (Regel 4)">
              Speelt er een speler die niet op de moederlijst staat, te laat is ingeschreven, geschorst of geroyeerd is, of die niet op de
              spelerslijst van de wedstrijd staat, dan verliest dat team de wedstrijd en gaan er {s.ineligiblePlayerDeduction}{' '}
              competitiepunten af. De punten van de {WORDS.games} blijven zoals ze gespeeld zijn.
            </Term>
          </dl>
        </Section>

        <Section id="spelers" title="Spelers en moederlijst (Regel 1–4, 13, 14)">
          <p>
            Elke vereniging levert per seizoen haar moederlijst uiterlijk {s.memberListDeadlineDays} dagen voor de start van het seizoen in.
            Een lid mag spelen als het op of voor de {s.registrationLeadWorkingDays}e werkdag (maandag tot en met vrijdag) voor de wedstrijd is
            ingeschreven, geteld vanaf de dag voor de wedstrijd. Lidnummers zijn die van de bond: letters, cijfers en streepjes (bijvoorbeeld
            TS-10021); hoofd- en kleine letters maken geen verschil.
          </p>
          <p>
            Overschrijven kan tot {s.transferFreezeDays} dagen voor de eerste speeldag. Daarna alleen met toestemming van het bestuur, met een
            schriftelijke reden.
          </p>
          <p>
            Vanaf set {s.substitutionsFromSet} mag een team tot {s.maxSubstitutions} keer wisselen, alleen met reserves van de
            spelerslijst. Twee invallers mogen samen geen koppel vormen en een speler die eruit is gegaan, komt die wedstrijd niet meer terug.
          </p>
        </Section>

        <Section id="boetes" title="Boetes (Regel 5, 7, 9–12)">
          <ul className="list-disc pl-5">
            <li>Geen spelerslijst voor de wedstrijd (5D): {euros(s.lineupMissingFineCents)}; de tweede en elke volgende keer in een seizoen (5E): {euros(s.lineupMissingRepeatFineCents)}.</li>
            <li>Wedstrijd niet doorgegaan door schuld van de vereniging (7, 9A): {euros(s.forfeitFineCents)}.</li>
            <li>Andere nalatigheid, zoals geen matten of kaarten (10): {euros(s.negligenceFineCents)}.</li>
            <li>Voor de {s.incompleteEveryNth}e keer (en elke {s.incompleteEveryNth}e keer daarna) onvolledig of te laat (11): {euros(s.incompleteFineCents)}. Dit telt per vereniging, over al haar teams.</li>
          </ul>
          <p>
            Boetes die uit vastgelegde feiten volgen, stelt het systeem voor; de bond bevestigt ze. Een boete moet binnen {s.fineDueDays} dagen
            betaald zijn (Regel 12B).
          </p>
        </Section>

        <Section id="besluiten" title="Besluiten van de bond waar het reglement niets zegt">
          <ul className="list-disc pl-5">
            <li>Wie een speler opstelt die niet mocht spelen, krijgt de puntenaftrek altijd als de wedstrijd daardoor verloren is; de gamepunten blijven staan.</li>
            <li>Een team met minder dan {s.minimumPairsToStart} koppels kan de wedstrijd niet beginnen; dat is een reglementair verlies (Regel 7).</li>
            <li>Bij een reglementair verlies telt elke set als {credit} voor de tegenstander.</li>
            <li>Een overschrijving die vóór de overschrijvingsstop wordt aangevraagd in een seizoen waarvan de competitie nog niet is begonnen, gaat meteen in, als het lid dat seizoen nog niet voor de oude vereniging heeft gespeeld.</li>
            <li>De boete voor onvolledig of te laat (Regel 11) valt op de 3e, 6e, 9e … keer; een geen-spelerslijst-boete is elke keer na de eerste {euros(s.lineupMissingRepeatFineCents)}.</li>
            <li>Een beslissingswedstrijd wordt pas genoemd als de competitie van de poule klaar is.</li>
          </ul>
        </Section>
      </div>
    </>
  );
}
