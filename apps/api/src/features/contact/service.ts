import type { ContactRequest } from '@pressroom/contract';
import { translateMessage, webLinks } from '@pressroom/contract';
import { contactMessages, type Executor } from '@pressroom/db';
import { and, count, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/api-error.ts';
import { renderMail } from '../../lib/mail-layout.ts';
import type { AuthUser } from '../../plugins/auth.ts';

export type ContactRow = typeof contactMessages.$inferSelect;

/**
 * Stores the message and queues two mails in one transaction: to the press office (in English, with the
 * sender as Reply-To) and the acknowledgement to the sender in their language. If any of it fails, nothing is
 * kept, and the caller gets a clean error; an SMTP outage only delays the mails. Both link to the site the
 * message was sent from (its own address, never another site's).
 */
export async function sendContactMessage(
  app: FastifyInstance,
  sender: AuthUser,
  site: { id: number; name: string; address: string },
  language: string,
  input: ContactRequest,
) {
  const name = `${sender.firstName} ${sender.lastName}`.trim() || sender.email;
  return app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({
        userId: sender.id,
        pressGroupId: site.id,
        senderName: name,
        senderEmail: sender.email,
        subject: input.subject,
        message: input.message,
        language,
        createdAt: app.clock.now(),
      })
      .returning();
    const officeLanguage = 'en';
    const office = renderMail({
      siteName: site.name,
      language: officeLanguage,
      heading: translateMessage(officeLanguage, 'contactMailHeading', { name }),
      paragraphs: [
        translateMessage(officeLanguage, 'contactMailIntro', { name, email: sender.email, site: site.name }),
        input.subject,
        ...input.message.split(/\n{2,}/),
      ],
      action: {
        label: translateMessage(officeLanguage, 'contactMailAction'),
        url: `${site.address}${webLinks.contactInbox}`,
      },
    });
    await app.mail.enqueue(tx, {
      to: app.config.pressOfficeEmail,
      subject: translateMessage(officeLanguage, 'contactMailSubject', { subject: input.subject }),
      ...office,
      headers: { 'Reply-To': sender.email },
    });
    const acknowledgement = renderMail({
      siteName: site.name,
      language,
      heading: translateMessage(language, 'contactAckHeading'),
      paragraphs: [
        translateMessage(language, 'contactAckBody', { subject: input.subject }),
        ...input.message.split(/\n{2,}/),
      ],
      action: { label: translateMessage(language, 'contactAckAction'), url: `${site.address}/` },
    });
    await app.mail.enqueue(tx, {
      to: sender.email,
      subject: translateMessage(language, 'contactAckSubject'),
      ...acknowledgement,
    });
    return row;
  });
}

export async function countMessages(db: Executor, where: SQL | undefined) {
  const [row] = await db.select({ total: count() }).from(contactMessages).where(where);
  return row?.total ?? 0;
}

export async function pageMessages(
  db: Executor,
  options: { where: SQL | undefined; orderBy: SQL[]; limit: number | null; offset: number },
) {
  const query = db
    .select()
    .from(contactMessages)
    .where(options.where)
    .orderBy(...options.orderBy)
    .offset(options.offset);
  return options.limit === null ? query : query.limit(options.limit);
}

export async function findMessage(db: Executor, id: number) {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
  if (!row) throw notFound();
  return row;
}

export async function markRead(app: FastifyInstance, id: number, read: boolean) {
  const [row] = await app.db
    .update(contactMessages)
    .set({ readAt: read ? app.clock.now() : null })
    .where(and(eq(contactMessages.id, id)))
    .returning();
  if (!row) throw notFound();
  return row;
}
