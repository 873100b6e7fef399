// Messages of the privacy calls (consent renewal, data download, account deletion) and of the press-office mail
// about the accreditation queue, spread into every catalog of messages.ts. The keys share the one MessageKey
// namespace.

const en = {
  consentRecorded: 'Thank you. Your consent to the privacy notice has been recorded.',
  consentVersionOutdated:
    'The privacy notice has changed in the meantime. Please read the current version and accept it again.',
  accountDeleted: 'Your account and your data have been deleted.',
  accreditationQueuedSubject: '[Press room] Accreditation request from {{name}}',
  accreditationQueuedHeading: 'A journalist is waiting for accreditation',
  accreditationQueuedBody:
    '{{name}} ({{email}}) has verified their e-mail address on {{site}} and is waiting for your approval.',
  accreditationQueuedPressData:
    'Newspaper: {{newspaper}}. Publishing house: {{publisher}}. Country: {{country}}.',
  accreditationQueuedHint: 'Approve or reject the request in the back office, in the accreditation queue.',
  accreditationQueuedAction: 'Open the press room',
} as const;

type PrivacyMessageKey = keyof typeof en;
type Catalog = Record<PrivacyMessageKey, string>;

const it: Catalog = {
  consentRecorded: 'Grazie. Il tuo consenso all’informativa privacy è stato registrato.',
  consentVersionOutdated:
    'Nel frattempo l’informativa privacy è cambiata. Leggi la versione attuale e accettala di nuovo.',
  accountDeleted: 'Il tuo account e i tuoi dati sono stati eliminati.',
  accreditationQueuedSubject: '[Sala stampa] Richiesta di accredito da {{name}}',
  accreditationQueuedHeading: 'Un giornalista è in attesa di accredito',
  accreditationQueuedBody:
    '{{name}} ({{email}}) ha verificato il proprio indirizzo e-mail su {{site}} ed è in attesa della vostra approvazione.',
  accreditationQueuedPressData: 'Testata: {{newspaper}}. Casa editrice: {{publisher}}. Paese: {{country}}.',
  accreditationQueuedHint: 'Approvate o rifiutate la richiesta nel back office, nella coda degli accrediti.',
  accreditationQueuedAction: 'Apri la sala stampa',
};

const fr: Catalog = {
  consentRecorded: 'Merci. Votre consentement à la politique de confidentialité a été enregistré.',
  consentVersionOutdated:
    'La politique de confidentialité a changé entre-temps. Veuillez lire la version actuelle et l’accepter à nouveau.',
  accountDeleted: 'Votre compte et vos données ont été supprimés.',
  accreditationQueuedSubject: '[Espace presse] Demande d’accréditation de {{name}}',
  accreditationQueuedHeading: 'Un journaliste attend son accréditation',
  accreditationQueuedBody:
    '{{name}} ({{email}}) a vérifié son adresse e-mail sur {{site}} et attend votre approbation.',
  accreditationQueuedPressData:
    'Journal : {{newspaper}}. Maison d’édition : {{publisher}}. Pays : {{country}}.',
  accreditationQueuedHint:
    'Approuvez ou refusez la demande dans le back-office, dans la file des accréditations.',
  accreditationQueuedAction: 'Ouvrir l’espace presse',
};

const es: Catalog = {
  consentRecorded: 'Gracias. Se ha registrado tu consentimiento al aviso de privacidad.',
  consentVersionOutdated:
    'El aviso de privacidad ha cambiado mientras tanto. Lee la versión actual y acéptala de nuevo.',
  accountDeleted: 'Tu cuenta y tus datos se han eliminado.',
  accreditationQueuedSubject: '[Sala de prensa] Solicitud de acreditación de {{name}}',
  accreditationQueuedHeading: 'Un periodista espera su acreditación',
  accreditationQueuedBody:
    '{{name}} ({{email}}) ha verificado su dirección de correo electrónico en {{site}} y espera vuestra aprobación.',
  accreditationQueuedPressData: 'Medio: {{newspaper}}. Editorial: {{publisher}}. País: {{country}}.',
  accreditationQueuedHint: 'Aprobad o rechazad la solicitud en el back office, en la cola de acreditaciones.',
  accreditationQueuedAction: 'Abrir la sala de prensa',
};

const de: Catalog = {
  consentRecorded: 'Vielen Dank. Ihre Zustimmung zur Datenschutzerklärung wurde gespeichert.',
  consentVersionOutdated:
    'Die Datenschutzerklärung hat sich inzwischen geändert. Bitte lesen Sie die aktuelle Fassung und stimmen Sie erneut zu.',
  accountDeleted: 'Ihr Konto und Ihre Daten wurden gelöscht.',
  accreditationQueuedSubject: '[Pressebereich] Akkreditierungsanfrage von {{name}}',
  accreditationQueuedHeading: 'Ein Journalist wartet auf die Akkreditierung',
  accreditationQueuedBody:
    '{{name}} ({{email}}) hat die E-Mail-Adresse auf {{site}} bestätigt und wartet auf Ihre Freigabe.',
  accreditationQueuedPressData: 'Medium: {{newspaper}}. Verlag: {{publisher}}. Land: {{country}}.',
  accreditationQueuedHint:
    'Genehmigen oder lehnen Sie die Anfrage im Backoffice in der Akkreditierungswarteschlange ab.',
  accreditationQueuedAction: 'Pressebereich öffnen',
};

const he: Catalog = {
  consentRecorded: 'תודה. הסכמתכם להודעת הפרטיות נרשמה.',
  consentVersionOutdated: 'הודעת הפרטיות השתנתה בינתיים. קראו את הגרסה הנוכחית ואשרו אותה שוב.',
  accountDeleted: 'החשבון והנתונים שלכם נמחקו.',
  accreditationQueuedSubject: '[חדר העיתונות] בקשת הסמכה מאת {{name}}',
  accreditationQueuedHeading: 'עיתונאי/ת ממתין/ה להסמכה',
  accreditationQueuedBody: '{{name}} ({{email}}) אימת/ה את כתובת הדוא"ל ב-{{site}} וממתין/ה לאישורכם.',
  accreditationQueuedPressData: 'כלי תקשורת: {{newspaper}}. הוצאה לאור: {{publisher}}. מדינה: {{country}}.',
  accreditationQueuedHint: 'אשרו או דחו את הבקשה במשרד האחורי, בתור ההסמכות.',
  accreditationQueuedAction: 'פתיחת חדר העיתונות',
};

const ar: Catalog = {
  consentRecorded: 'شكرًا لك. تم تسجيل موافقتك على إشعار الخصوصية.',
  consentVersionOutdated:
    'تغيّر إشعار الخصوصية في هذه الأثناء. يرجى قراءة النسخة الحالية والموافقة عليها مرة أخرى.',
  accountDeleted: 'تم حذف حسابك وبياناتك.',
  accreditationQueuedSubject: '[غرفة الصحافة] طلب اعتماد من {{name}}',
  accreditationQueuedHeading: 'صحفي ينتظر الاعتماد',
  accreditationQueuedBody:
    'تحقق {{name}} ({{email}}) من عنوان بريده الإلكتروني على {{site}} وينتظر موافقتكم.',
  accreditationQueuedPressData:
    'الوسيلة الإعلامية: {{newspaper}}. دار النشر: {{publisher}}. البلد: {{country}}.',
  accreditationQueuedHint: 'وافقوا على الطلب أو ارفضوه في المكتب الخلفي، ضمن قائمة انتظار الاعتماد.',
  accreditationQueuedAction: 'فتح غرفة الصحافة',
};

export const privacyMessages = { en, it, fr, es, de, he, ar };
