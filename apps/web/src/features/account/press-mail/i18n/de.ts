import type { TranslationCatalog } from '../../../../lib/i18n/plurals.ts';
import type { pressMailEn } from './en.ts';

export const pressMailDe: TranslationCatalog<typeof pressMailEn> = {
  title: 'Post der Pressestelle',
  label: 'Mitteilungen und Einladungen der Pressestelle an mich senden',
  help: 'Ausgewählte Mitteilungen und Einladungen der Pressestelle per E-Mail. Jede Nachricht enthält einen Link, um sie sofort abzustellen.',
  question:
    'Darf die Pressestelle Ihnen ausgewählte Mitteilungen und Einladungen per E-Mail senden? Sie können das jederzeit in Ihrem Profil ändern, und jede Nachricht enthält einen Link zum Abbestellen.',
  yes: 'Ja, bitte senden',
  no: 'Nein, danke',
  on: 'Sie erhalten die Post der Pressestelle.',
  off: 'Sie erhalten keine Post der Pressestelle.',
  signUp: 'Mitteilungen und Einladungen der Pressestelle per E-Mail an mich senden (freiwillig)',
  withdrawTitle: 'Post der Pressestelle abbestellen',
  withdrawText:
    'Die Mitteilungen und Einladungen, die die Pressestelle per E-Mail sendet, nicht mehr erhalten? Sie können sie in Ihrem Profil wieder einschalten.',
  withdrawAction: 'Nicht mehr erhalten',
};
