import { countryName, type Language, languages, translateMessage } from '@pressroom/contract';
import type { UserRow } from '../../lib/identity.ts';
import { renderMail } from '../../lib/mail-layout.ts';

/** The account mails, in the seven interface languages (the user's own language is used). */
interface MailWording {
  subject: string;
  heading: string;
  paragraphs: string[];
  action: string;
  footer: string;
}

type Wording = (values: Record<string, string | number>) => MailWording;

const verification: Record<Language, Wording> = {
  en: (v) => ({
    subject: `Confirm your e-mail address - ${v.site}`,
    heading: `Welcome, ${v.name}`,
    paragraphs: [
      `Thank you for registering with the ${v.site} press room. To activate your account, please confirm your e-mail address.`,
      `The link is valid for ${v.days} days.`,
    ],
    action: 'Confirm e-mail address',
    footer: 'If you did not register, you can ignore this message.',
  }),
  it: (v) => ({
    subject: `Conferma il tuo indirizzo e-mail - ${v.site}`,
    heading: `Benvenuto, ${v.name}`,
    paragraphs: [
      `Grazie per esserti registrato alla sala stampa di ${v.site}. Per attivare il tuo account, conferma il tuo indirizzo e-mail.`,
      `Il link è valido per ${v.days} giorni.`,
    ],
    action: 'Conferma indirizzo e-mail',
    footer: 'Se non ti sei registrato, puoi ignorare questo messaggio.',
  }),
  fr: (v) => ({
    subject: `Confirmez votre adresse e-mail - ${v.site}`,
    heading: `Bienvenue, ${v.name}`,
    paragraphs: [
      `Merci de vous être inscrit à la salle de presse de ${v.site}. Pour activer votre compte, veuillez confirmer votre adresse e-mail.`,
      `Le lien est valable ${v.days} jours.`,
    ],
    action: 'Confirmer l’adresse e-mail',
    footer: 'Si vous ne vous êtes pas inscrit, vous pouvez ignorer ce message.',
  }),
  es: (v) => ({
    subject: `Confirma tu dirección de correo electrónico - ${v.site}`,
    heading: `Bienvenido, ${v.name}`,
    paragraphs: [
      `Gracias por registrarte en la sala de prensa de ${v.site}. Para activar tu cuenta, confirma tu dirección de correo electrónico.`,
      `El enlace es válido durante ${v.days} días.`,
    ],
    action: 'Confirmar correo electrónico',
    footer: 'Si no te has registrado, puedes ignorar este mensaje.',
  }),
  de: (v) => ({
    subject: `Bestätigen Sie Ihre E-Mail-Adresse - ${v.site}`,
    heading: `Willkommen, ${v.name}`,
    paragraphs: [
      `Vielen Dank für Ihre Registrierung im Pressebereich von ${v.site}. Bitte bestätigen Sie Ihre E-Mail-Adresse, um Ihr Konto zu aktivieren.`,
      `Der Link ist ${v.days} Tage gültig.`,
    ],
    action: 'E-Mail-Adresse bestätigen',
    footer: 'Wenn Sie sich nicht registriert haben, können Sie diese Nachricht ignorieren.',
  }),
  he: (v) => ({
    subject: `אשרו את כתובת הדוא"ל שלכם - ${v.site}`,
    heading: `ברוכים הבאים, ${v.name}`,
    paragraphs: [
      `תודה על ההרשמה לחדר העיתונות של ${v.site}. כדי להפעיל את החשבון, אשרו את כתובת הדוא"ל שלכם.`,
      `הקישור תקף למשך ${v.days} ימים.`,
    ],
    action: 'אישור כתובת הדוא"ל',
    footer: 'אם לא נרשמתם, אפשר להתעלם מהודעה זו.',
  }),
  ar: (v) => ({
    subject: `أكد عنوان بريدك الإلكتروني - ${v.site}`,
    heading: `مرحبًا، ${v.name}`,
    paragraphs: [
      `شكرًا لتسجيلك في غرفة الصحافة الخاصة بـ ${v.site}. لتفعيل حسابك، يرجى تأكيد عنوان بريدك الإلكتروني.`,
      `الرابط صالح لمدة ${v.days} أيام.`,
    ],
    action: 'تأكيد البريد الإلكتروني',
    footer: 'إذا لم تقم بالتسجيل، يمكنك تجاهل هذه الرسالة.',
  }),
};

const reset: Record<Language, Wording> = {
  en: (v) => ({
    subject: `Reset your password - ${v.site}`,
    heading: `Hello, ${v.name}`,
    paragraphs: [
      `We received a request to reset the password of your ${v.site} press room account.`,
      `The link is valid for ${v.hours} hours and works once.`,
    ],
    action: 'Choose a new password',
    footer: 'If you did not ask for this, ignore this message: your password stays the same.',
  }),
  it: (v) => ({
    subject: `Reimposta la tua password - ${v.site}`,
    heading: `Ciao, ${v.name}`,
    paragraphs: [
      `Abbiamo ricevuto una richiesta di reimpostare la password del tuo account della sala stampa di ${v.site}.`,
      `Il link è valido per ${v.hours} ore e si può usare una sola volta.`,
    ],
    action: 'Scegli una nuova password',
    footer: 'Se non l’hai richiesto tu, ignora questo messaggio: la tua password resta invariata.',
  }),
  fr: (v) => ({
    subject: `Réinitialisez votre mot de passe - ${v.site}`,
    heading: `Bonjour, ${v.name}`,
    paragraphs: [
      `Nous avons reçu une demande de réinitialisation du mot de passe de votre compte de la salle de presse de ${v.site}.`,
      `Le lien est valable ${v.hours} heures et ne fonctionne qu’une fois.`,
    ],
    action: 'Choisir un nouveau mot de passe',
    footer:
      'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.',
  }),
  es: (v) => ({
    subject: `Restablece tu contraseña - ${v.site}`,
    heading: `Hola, ${v.name}`,
    paragraphs: [
      `Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de la sala de prensa de ${v.site}.`,
      `El enlace es válido durante ${v.hours} horas y funciona una sola vez.`,
    ],
    action: 'Elegir una nueva contraseña',
    footer: 'Si no lo has solicitado, ignora este mensaje: tu contraseña no cambia.',
  }),
  de: (v) => ({
    subject: `Passwort zurücksetzen - ${v.site}`,
    heading: `Hallo, ${v.name}`,
    paragraphs: [
      `Wir haben eine Anfrage erhalten, das Passwort Ihres Kontos im Pressebereich von ${v.site} zurückzusetzen.`,
      `Der Link ist ${v.hours} Stunden gültig und funktioniert einmal.`,
    ],
    action: 'Neues Passwort wählen',
    footer:
      'Wenn Sie dies nicht angefordert haben, ignorieren Sie diese Nachricht: Ihr Passwort bleibt unverändert.',
  }),
  he: (v) => ({
    subject: `איפוס הסיסמה - ${v.site}`,
    heading: `שלום, ${v.name}`,
    paragraphs: [
      `קיבלנו בקשה לאפס את הסיסמה של חשבונכם בחדר העיתונות של ${v.site}.`,
      `הקישור תקף למשך ${v.hours} שעות ופועל פעם אחת.`,
    ],
    action: 'בחירת סיסמה חדשה',
    footer: 'אם לא ביקשתם זאת, התעלמו מהודעה זו: הסיסמה שלכם לא תשתנה.',
  }),
  ar: (v) => ({
    subject: `إعادة تعيين كلمة المرور - ${v.site}`,
    heading: `مرحبًا، ${v.name}`,
    paragraphs: [
      `تلقينا طلبًا لإعادة تعيين كلمة مرور حسابك في غرفة الصحافة الخاصة بـ ${v.site}.`,
      `الرابط صالح لمدة ${v.hours} ساعة ويعمل مرة واحدة.`,
    ],
    action: 'اختيار كلمة مرور جديدة',
    footer: 'إذا لم تطلب ذلك، تجاهل هذه الرسالة: تبقى كلمة مرورك كما هي.',
  }),
};

export interface AccountMail {
  subject: string;
  text: string;
  html: string;
}

function pickLanguage(language: string): Language {
  return (languages as readonly string[]).includes(language) ? (language as Language) : 'en';
}

function compose(wording: MailWording, siteName: string, language: Language, url: string): AccountMail {
  const { text, html } = renderMail({
    siteName,
    language,
    heading: wording.heading,
    paragraphs: wording.paragraphs,
    action: { label: wording.action, url },
    footer: wording.footer,
  });
  return { subject: wording.subject, text, html };
}

export interface LinkMailInput {
  language: string;
  siteName: string;
  firstName: string;
  url: string;
  /** How long the link lives, in seconds. */
  lifetime: number;
}

export function verificationMail(input: LinkMailInput): AccountMail {
  const language = pickLanguage(input.language);
  const wording = verification[language]({
    site: input.siteName,
    name: input.firstName,
    days: Math.max(1, Math.round(input.lifetime / 86_400)),
  });
  return compose(wording, input.siteName, language, input.url);
}

export function resetPasswordMail(input: LinkMailInput): AccountMail {
  const language = pickLanguage(input.language);
  const wording = reset[language]({
    site: input.siteName,
    name: input.firstName,
    hours: Math.max(1, Math.round(input.lifetime / 3600)),
  });
  return compose(wording, input.siteName, language, input.url);
}

/** The press office reads its notices in English, like the contact-form mails. */
const pressOfficeLanguage: Language = 'en';

/** Tells the press office that a journalist verified their address and waits in the accreditation queue. */
export function accreditationQueuedMail(user: UserRow, siteName: string, publicUrl: string): AccountMail {
  const t = (key: string, params: Record<string, string | number> = {}) =>
    translateMessage(pressOfficeLanguage, key, params);
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  const { text, html } = renderMail({
    siteName,
    language: pressOfficeLanguage,
    heading: t('accreditationQueuedHeading'),
    paragraphs: [
      t('accreditationQueuedBody', { name, email: user.email, site: siteName }),
      t('accreditationQueuedPressData', {
        newspaper: user.newspaper || '-',
        publisher: user.publishingHouse || '-',
        country: countryName(user.country, pressOfficeLanguage) || user.countryUnmapped || '-',
      }),
      t('accreditationQueuedHint'),
    ],
    action: { label: t('accreditationQueuedAction'), url: `${publicUrl}/` },
  });
  return { subject: t('accreditationQueuedSubject', { name }), text, html };
}
