/** The Dutch mails of the account flows: subject, text and HTML from one place. */
import { renderMail } from '../mail/mail-template';
import type { MailMessage } from '../mail/mail.service';

const ROLE_NAMES = { ADMIN: 'bondsbeheerder', SECRETARY: 'secretaris', SUPERVISOR: 'wedstrijdleider' } as const;

export function passwordResetMail(user: { email: string; name: string }, link: string): MailMessage {
  return {
    to: user.email,
    kind: 'password-reset',
    subject: 'Nieuw wachtwoord kiezen voor de TSBN-competitieadministratie',
    ...renderMail({
      greeting: `Beste ${user.name},`,
      paragraphs: ['U (of iemand anders) heeft gevraagd om een nieuw wachtwoord voor uw account bij de competitieadministratie van de TSBN.'],
      action: { label: 'Kies een nieuw wachtwoord', url: link },
      after: [
        'De link werkt één keer en is 1 uur geldig. Na het kiezen van een nieuw wachtwoord bent u op alle andere apparaten uitgelogd.',
        'Heeft u dit niet gevraagd? Dan hoeft u niets te doen: uw wachtwoord blijft zoals het is.',
      ],
    }),
  };
}

export function invitationMail(user: { email: string; name: string; role: keyof typeof ROLE_NAMES }, clubName: string | null, invitedBy: string | null, link: string): MailMessage {
  const as = `${ROLE_NAMES[user.role]}${clubName ? ` van ${clubName}` : ''}`;
  return {
    to: user.email,
    kind: 'invitation',
    subject: 'Uitnodiging voor de TSBN-competitieadministratie',
    ...renderMail({
      greeting: `Beste ${user.name},`,
      paragraphs: [
        `${invitedBy ? `${invitedBy} heeft` : 'De bond heeft'} een account voor u aangemaakt als ${as} in de competitieadministratie van de Troefcall Sport Bond Nederland.`,
        `Uw gebruikersnaam is uw e-mailadres: ${user.email}. Kies via de link hieronder zelf uw wachtwoord; daarna bent u meteen ingelogd.`,
      ],
      action: { label: 'Wachtwoord kiezen en inloggen', url: link },
      after: ['De link werkt één keer en is 7 dagen geldig. Is hij verlopen, vraag de bondsbeheerder dan om een nieuwe uitnodiging.'],
    }),
  };
}

export function emailChangeMail(user: { name: string }, newEmail: string, link: string): MailMessage {
  return {
    to: newEmail,
    kind: 'email-change',
    subject: 'Bevestig uw nieuwe e-mailadres voor de TSBN-competitieadministratie',
    ...renderMail({
      greeting: `Beste ${user.name},`,
      paragraphs: [`U heeft gevraagd om ${newEmail} voortaan te gebruiken voor uw account bij de competitieadministratie van de TSBN. Bevestig met de link hieronder dat dit adres van u is.`],
      action: { label: 'E-mailadres bevestigen', url: link },
      after: ['De link werkt één keer en is 24 uur geldig. Tot u bevestigt, blijft uw oude adres in gebruik.'],
    }),
  };
}

/**
 * To an address someone asked to use for their account while it already has one: nothing changed,
 * and how its owner gets in. The asker's answer is the same as for a free address (issue 47).
 */
export function emailTakenMail(address: string): MailMessage {
  return {
    to: address,
    kind: 'email-change-taken',
    subject: 'Uw e-mailadres bij de TSBN-competitieadministratie',
    ...renderMail({
      greeting: 'Beste lezer,',
      paragraphs: [
        `Iemand heeft gevraagd om ${address} te gebruiken voor een account bij de competitieadministratie van de TSBN. Dit adres hoort al bij een account; er is niets veranderd.`,
        'Was u dat zelf? Log dan in met dit adres; bent u het wachtwoord vergeten, kies dan "Wachtwoord vergeten?" op de inlogpagina. Wilt u twee accounts samenvoegen, neem dan contact op met de bond.',
      ],
      after: ['Heeft u niets gevraagd? Dan hoeft u niets te doen.'],
    }),
  };
}

export function emailChangeNoticeMail(user: { email: string; name: string }, newEmail: string): MailMessage {
  return {
    to: user.email,
    kind: 'email-change-notice',
    subject: 'Uw e-mailadres bij de TSBN-competitieadministratie wordt gewijzigd',
    ...renderMail({
      greeting: `Beste ${user.name},`,
      paragraphs: [
        `Er is gevraagd om het e-mailadres van uw account te wijzigen in ${newEmail}. Dat gebeurt pas als de link in de mail aan dat adres wordt gevolgd.`,
        'Heeft u dit niet zelf gedaan? Wijzig dan uw wachtwoord en neem contact op met de bond.',
      ],
    }),
  };
}

/**
 * To the owner of an account whose password was guessed at (AccountThrottle: 10 wrong passwords
 * in 15 minutes, from any addresses), once: what happened, what it means for them, and a link
 * to choose a new password (which also logs them in, without any wait).
 */
export function loginAttemptsMail(user: { email: string; name: string }, link: string): MailMessage {
  return {
    to: user.email,
    kind: 'login-attempts',
    subject: 'Veel mislukte inlogpogingen op uw account bij de TSBN-competitieadministratie',
    ...renderMail({
      greeting: `Beste ${user.name},`,
      paragraphs: [
        `Er is in korte tijd vaak geprobeerd in te loggen op uw account (${user.email}) met een verkeerd wachtwoord. Daarom moet elke volgende poging met een verkeerd wachtwoord steeds langer wachten, tot 15 minuten. Uw wachtwoord is niet veranderd en niemand is ingelogd.`,
        'Op een computer of telefoon waarop u eerder inlogde, logt u gewoon in zoals altijd. Was u het zelf en bent u uw wachtwoord vergeten, of vertrouwt u het niet, kies dan met de link hieronder een nieuw wachtwoord; daarna bent u meteen ingelogd.',
      ],
      action: { label: 'Kies een nieuw wachtwoord', url: link },
      after: [
        'De link werkt één keer en is 1 uur geldig. Later nodig? Kies dan "Wachtwoord vergeten?" op de inlogpagina.',
        'Kiest u een nieuw wachtwoord, kies dan een lang wachtwoord dat u nergens anders gebruikt.',
      ],
    }),
  };
}
