import type { FastifyInstance } from 'fastify';
import { attendeeMail } from './mails.ts';
import * as remindersRepository from './reminders-repository.ts';
import type { EventDetail } from './repository.ts';
import * as repository from './repository.ts';

/** At most this many reminders per run; the next run (a few minutes later) takes the rest. */
const batch = 500;

/**
 * Mails the journalists signed up for an event starting within `leadMinutes`, once each: the sent marker is
 * written by the statement that claims the sign-ups (skipping those another server holds), and the mails are
 * queued in the same transaction, so a crash leaves neither or both. Answers how many were mailed.
 */
export async function sendReminders(
  app: Pick<FastifyInstance, 'db' | 'mail' | 'clock' | 'sites'>,
  leadMinutes: number,
): Promise<number> {
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const claimed = await remindersRepository.claimDueReminders(tx, now, leadMinutes, batch);
    const details = new Map<number, EventDetail>();
    let sent = 0;
    for (const signup of claimed) {
      let detail = details.get(signup.eventId);
      if (!detail) {
        detail = (await repository.findDetail(tx, signup.eventId)) as EventDetail;
        details.set(signup.eventId, detail);
      }
      const contact = await repository.userContact(tx, signup.userId);
      if (!contact?.isActive) continue;
      const siteAddress = app.sites.byId(detail.edition.pressGroupId).address;
      await app.mail.enqueue(
        tx,
        attendeeMail(
          detail,
          'reminder',
          { email: contact.email, language: signup.language },
          { siteAddress },
        ),
      );
      sent += 1;
    }
    return sent;
  });
}
