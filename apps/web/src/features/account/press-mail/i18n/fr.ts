import type { TranslationCatalog } from '../../../../lib/i18n/plurals.ts';
import type { pressMailEn } from './en.ts';

export const pressMailFr: TranslationCatalog<typeof pressMailEn> = {
  title: 'Le courrier du service de presse',
  label: 'Envoyez-moi les communiqués et invitations du service de presse',
  help: 'Des communiqués choisis et des invitations aux événements du service de presse, par e-mail. Chaque message contient un lien pour les arrêter aussitôt.',
  question:
    'Le service de presse peut-il vous envoyer par e-mail des communiqués et invitations choisis ? Vous pouvez changer cela à tout moment dans votre profil, et chaque message contient un lien pour les arrêter.',
  yes: 'Oui, envoyez-les',
  no: 'Non, merci',
  on: 'Vous recevrez le courrier du service de presse.',
  off: 'Vous ne recevrez pas le courrier du service de presse.',
  signUp: 'Envoyez-moi par e-mail les communiqués et invitations du service de presse (facultatif)',
  withdrawTitle: 'Arrêter le courrier du service de presse',
  withdrawText:
    'Ne plus recevoir les communiqués et invitations que le service de presse envoie par e-mail ? Vous pourrez les réactiver dans votre profil.',
  withdrawAction: 'Ne plus les recevoir',
};
