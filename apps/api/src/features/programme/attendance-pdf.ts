import { type ProgrammeAttendance, pickLocalized, translateMessage } from '@pressroom/contract';
import { a4Lines, createPdf } from '../../lib/pdf-fonts.ts';

/**
 * The attendance of one event on A4 pages, in the reader's language: the event, its figures, then each person
 * signed up or waiting with outlet and check-in time (written in the fair's zone). Right-to-left names are drawn
 * in their stored order (pdf-lib does not reorder bidirectional text), as on the badges.
 */
export async function attendancePdf(
  list: ProgrammeAttendance,
  options: { language: string; siteName: string; timeZone: string },
) {
  const t = (key: string, params?: Record<string, string>) => translateMessage(options.language, key, params);
  const number = new Intl.NumberFormat(options.language);
  const when = (time: string) =>
    new Intl.DateTimeFormat(options.language, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: options.timeZone,
    }).format(new Date(time));
  const { pdf } = await createPdf();
  const title = t('programmeAttendanceTitle', { title: pickLocalized(list.event.title, options.language) });
  pdf.setTitle(title);
  pdf.setLanguage(options.language);
  const { line, gap } = await a4Lines(pdf);
  line(options.siteName, 11, true);
  line(title, 16, true);
  line(`${when(list.event.starts_at)} – ${when(list.event.ends_at)}`, 11);
  line(
    t('programmeAttendanceSummary', {
      signedUp: number.format(list.signed_up),
      waiting: number.format(list.waiting),
      attended: number.format(list.attended),
      noShows: number.format(list.no_shows),
    }),
    11,
  );
  gap(8);
  for (const row of list.attendees) {
    const status =
      row.status === 'waiting'
        ? `${t('programmeSignupWaiting')} ${number.format(row.position ?? 0)}`
        : row.checked_in_at
          ? `${t('programmeCsvCheckedIn')} ${when(row.checked_in_at)}`
          : list.no_shows > 0
            ? t('programmeNoShow')
            : t('programmeSignupSignedUp');
    line(`${row.name}${row.outlet ? ` (${row.outlet})` : ''} · ${status}`, 10);
  }
  return pdf.save();
}
