import type { TranslationCatalog } from '../../../../lib/i18n/plurals.ts';
import type { pressMailEn } from './en.ts';

export const pressMailIt: TranslationCatalog<typeof pressMailEn> = {
  title: "Posta dell'ufficio stampa",
  label: "Inviami i comunicati e gli inviti dell'ufficio stampa",
  help: "Comunicati scelti e inviti agli eventi dell'ufficio stampa, via e-mail. Ogni messaggio ha un link per fermarli subito.",
  question:
    "L'ufficio stampa può inviarti via e-mail comunicati e inviti scelti? Puoi cambiare idea in qualsiasi momento dal profilo, e ogni messaggio ha un link per fermarli.",
  yes: 'Sì, inviateli',
  no: 'No, grazie',
  on: "Riceverai la posta dell'ufficio stampa.",
  off: "Non riceverai la posta dell'ufficio stampa.",
  signUp: "Inviami via e-mail i comunicati e gli inviti dell'ufficio stampa (facoltativo)",
  withdrawTitle: "Interrompi la posta dell'ufficio stampa",
  withdrawText:
    "Non ricevere più i comunicati e gli inviti che l'ufficio stampa invia via e-mail? Puoi riattivarli dal profilo.",
  withdrawAction: 'Non riceverli più',
};
