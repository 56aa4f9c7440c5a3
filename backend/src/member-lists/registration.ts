import type { AuthUser } from '../auth/auth.types';
import { todayIso } from '../common/dto';
import { ForbiddenError, ValidationError } from '../common/errors';

export interface Registration {
  registeredOn: string;
  reason: string | null;
}

/**
 * The registration date of new entries: the day of confirmation, or an earlier day an
 * administrator records (entering history), always with a reason for the audit log.
 */
export function registrationFor(body: { registeredOn?: string | null; registeredOnReason?: string | null }, user: AuthUser): Registration {
  const today = todayIso();
  if (!body.registeredOn) return { registeredOn: today, reason: null };
  if (user.role !== 'ADMIN') {
    throw new ForbiddenError('Alleen de bond kan een eerdere inschrijfdatum vastleggen; nieuwe leden worden ingeschreven op de dag van vandaag.', 'ADMIN_ONLY');
  }
  if (body.registeredOn > today) {
    throw new ValidationError('De inschrijfdatum kan niet in de toekomst liggen.', [{ field: 'registeredOn', message: 'Kies vandaag of een eerdere datum.' }]);
  }
  if (!body.registeredOnReason) {
    throw new ValidationError('Geef de reden voor de eerdere inschrijfdatum.', [{ field: 'registeredOnReason', message: 'Geef de reden voor de eerdere inschrijfdatum.' }]);
  }
  return { registeredOn: body.registeredOn, reason: body.registeredOnReason };
}
