// Form fields shared by the add and edit forms of a moederlijst entry (plain data, usable on server and client).
import type { Field } from '@/components/resource-form';

export const NAME_FIELDS: Field[] = [
  { name: 'familyName', label: 'Achternaam', required: true },
  { name: 'namePrefix', label: 'Tussenvoegsel' },
  { name: 'givenNames', label: 'Voornamen', required: true },
  { name: 'birthDate', label: 'Geboortedatum', type: 'date' },
];

export const EARLIER_REGISTRATION_FIELDS: Field[] = [
  { name: 'registeredOn', label: 'Eerdere inschrijfdatum (alleen bond)', type: 'date', hint: 'Leeg laten: vandaag' },
  { name: 'registeredOnReason', label: 'Reden van de eerdere datum', hint: 'Verplicht bij een eerdere datum; komt in het logboek' },
];
