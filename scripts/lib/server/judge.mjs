// What `doctor` concludes from a reading: pure functions (unit-tested in server.spec.ts).

/** Free space as a share of the disk: FOUT under 5 %, LET OP under 20 %. */
export function judgeDisk(freeBytes, totalBytes) {
  const share = totalBytes ? freeBytes / totalBytes : 0;
  const text = `${(freeBytes / 1024 ** 3).toFixed(1)} GB vrij van ${(totalBytes / 1024 ** 3).toFixed(1)} GB (${Math.round(share * 100)} %)`;
  if (share < 0.05) return ['FOUT', `Schijf: ${text}. Maak ruimte (oude back-ups, logboeken: journalctl --vacuum-size=200M) of vergroot de schijf; bij een volle schijf kan PostgreSQL niets meer opslaan.`];
  if (share < 0.2) return ['LET OP', `Schijf: ${text}. Maak binnenkort ruimte of vergroot de schijf.`];
  return ['OK', `Schijf: ${text}.`];
}

/** Days a certificate is still valid: FOUT under 1 day, LET OP under 14 (Caddy renews at 30). */
export function judgeCertificate(validTo, now = new Date(), { internal = false } = {}) {
  const days = (new Date(validTo).getTime() - now.getTime()) / 86_400_000;
  const until = new Date(validTo).toISOString().slice(0, 10);
  if (days < 0) return ['FOUT', `Certificaat verlopen op ${until}. Kijk in Caddy's logboek (journalctl -u caddy) waarom het niet vernieuwd is.`];
  // Caddy's own CA issues certificates for 12 hours and renews them long before they end.
  if (internal) return ['OK', `Certificaat van Caddy's eigen CA (tls internal), geldig tot ${new Date(validTo).toISOString().slice(0, 16).replace('T', ' ')} UTC; Caddy vernieuwt het zelf.`];
  if (days < 14) return [days < 1 ? 'FOUT' : 'LET OP', `Certificaat nog ${Math.floor(days)} dagen geldig (tot ${until}); Caddy vernieuwt het normaal 30 dagen vooraf. Kijk in journalctl -u caddy, en of poort 80 en 443 van buiten bereikbaar zijn.`];
  return ['OK', `Certificaat geldig tot ${until} (nog ${Math.floor(days)} dagen).`];
}
