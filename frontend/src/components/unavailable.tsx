// What every page shows while the API or its database is down, instead of "Er is nog geen
// seizoen", a 404 or the login form. Plain HTML: the public pages send no JavaScript, and
// the link reloads the page.
export function Unavailable() {
  return (
    <div role="alert" className="rounded-lg bg-amber-50 p-6 text-amber-950 ring-1 ring-amber-200">
      <h1 className="text-lg font-semibold">Tijdelijk niet bereikbaar</h1>
      <p className="mt-1">
        De competitieadministratie is tijdelijk niet bereikbaar: de database antwoordt niet. Er is niets verloren gegaan en u blijft
        ingelogd. Probeer het over een minuut opnieuw.
      </p>
      <a className="mt-3 inline-block underline" href="">
        Opnieuw proberen
      </a>
    </div>
  );
}
