import type { TranslationCatalog } from '../../../lib/i18n/plurals.ts';
import type { awardEn } from './en.ts';

export const awardFr: TranslationCatalog<typeof awardEn> = {
  title: 'Prix de journalisme',
  intro:
    'Présentez les articles que vous avez publiés sur le salon. Le jury note chaque candidature de ses catégories.',
  loadError: 'Le prix n’a pas pu être chargé.',
  none: 'Aucun prix de journalisme n’est ouvert sur ce site.',
  deadline: 'Les candidatures ferment le {{deadline}}, heure du salon ({{zone}}).',
  closed: 'Les candidatures ont fermé le {{deadline}}, heure du salon ({{zone}}).',
  window: 'Les articles publiés du {{from}} au {{to}} sont admis, jusqu’à {{count, number}} par catégorie.',
  categories: 'Catégories',
  yourEntries: 'Vos candidatures',
  noEntries: 'Vous n’avez encore présenté aucun article.',
  enterTitle: 'Présenter un article',
  noEligible:
    'Aucun de vos articles approuvés n’a été publié dans la période. Signalez vos articles dans Ma couverture.',
  myCoverage: 'Ma couverture',
  piece: 'Votre article',
  category: 'Catégorie',
  statement: 'Pourquoi cet article (facultatif, lu par le jury)',
  enter: 'Présenter l’article',
  entered: 'Votre article est présenté.',
  withdraw: 'Retirer',
  withdrawTitle: 'Retirer cette candidature ?',
  withdrawText:
    '« {{title}} » ne sera plus dans le prix. Vous pourrez le présenter à nouveau jusqu’à la date limite.',
  withdrawn: 'La candidature est retirée.',
  keep: 'La garder',
  winner: 'Lauréat',
  published: '{{outlet}}, {{date}}',
  jury: 'Jury',
  juryTitle: 'Jury : {{name}}',
  juryIntro:
    'Notez chaque candidature de 1 à 10. Vous pouvez changer une note jusqu’à ce que le service de presse clôture l’évaluation.',
  juryLink: 'Noter les candidatures',
  juryEmpty: 'Aucune candidature dans vos catégories pour l’instant.',
  judgingClosed: 'L’évaluation est close : les notes sont définitives.',
  score: 'Note',
  comment: 'Commentaire (facultatif)',
  save: 'Enregistrer la note',
  saved: 'La note est enregistrée.',
  yourScore: 'Votre note : {{score, number}}',
  notScored: 'Pas encore noté',
  by: 'par {{name}}',
};
