import type { TranslationCatalog } from '../../../../lib/i18n/plurals.ts';
import type { pressMailEn } from './en.ts';

export const pressMailEs: TranslationCatalog<typeof pressMailEn> = {
  title: 'El correo de la oficina de prensa',
  label: 'Enviadme los comunicados e invitaciones de la oficina de prensa',
  help: 'Comunicados elegidos e invitaciones a eventos de la oficina de prensa, por correo. Cada mensaje tiene un enlace para detenerlos al instante.',
  question:
    '¿Puede la oficina de prensa enviarle por correo comunicados e invitaciones elegidos? Puede cambiarlo en su perfil cuando quiera, y cada mensaje tiene un enlace para detenerlos.',
  yes: 'Sí, enviadlos',
  no: 'No, gracias',
  on: 'Recibirá el correo de la oficina de prensa.',
  off: 'No recibirá el correo de la oficina de prensa.',
  signUp: 'Enviadme por correo los comunicados e invitaciones de la oficina de prensa (opcional)',
  withdrawTitle: 'Dejar el correo de la oficina de prensa',
  withdrawText:
    '¿Dejar de recibir los comunicados e invitaciones que la oficina de prensa envía por correo? Puede volver a activarlos en su perfil.',
  withdrawAction: 'Dejar de recibirlos',
};
