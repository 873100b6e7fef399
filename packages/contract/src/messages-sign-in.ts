// Messages of signing in past the password (nobody is left guessing), spread into every catalog of
// messages.ts. The keys share the one MessageKey namespace.

const en = {
  emailNotVerified:
    'Your e-mail address is not verified yet: follow the link we sent you, or ask for a new one below.',
  accreditationPendingSince:
    'Your request for accreditation, received on {{date}}, is being reviewed by the press office. You will receive an e-mail as soon as it is decided.',
  notPermittedToAccess: 'You are not allowed to access',
} as const;

type Catalog = Record<keyof typeof en, string>;

const it: Catalog = {
  emailNotVerified:
    'Il tuo indirizzo e-mail non è ancora verificato: segui il link che ti abbiamo inviato, o chiedine uno nuovo qui sotto.',
  accreditationPendingSince:
    "La tua richiesta di accredito, ricevuta il {{date}}, è all'esame dell'ufficio stampa. Riceverai un'e-mail appena sarà decisa.",
  notPermittedToAccess: 'Non hai i permessi per accedere',
};

const fr: Catalog = {
  emailNotVerified:
    "Votre adresse e-mail n'est pas encore vérifiée : suivez le lien que nous vous avons envoyé, ou demandez-en un nouveau ci-dessous.",
  accreditationPendingSince:
    "Votre demande d'accréditation, reçue le {{date}}, est examinée par le service de presse. Vous recevrez un e-mail dès qu'elle sera décidée.",
  notPermittedToAccess: "Vous n'êtes pas autorisé à accéder",
};

const es: Catalog = {
  emailNotVerified:
    'Su dirección de e-mail aún no está verificada: siga el enlace que le enviamos, o pida uno nuevo abajo.',
  accreditationPendingSince:
    'Su solicitud de acreditación, recibida el {{date}}, está siendo revisada por la oficina de prensa. Recibirá un e-mail en cuanto se decida.',
  notPermittedToAccess: 'No tiene permiso para acceder',
};

const de: Catalog = {
  emailNotVerified:
    'Ihre E-Mail-Adresse ist noch nicht bestätigt: Folgen Sie dem Link, den wir Ihnen gesendet haben, oder fordern Sie unten einen neuen an.',
  accreditationPendingSince:
    'Ihr Akkreditierungsantrag vom {{date}} wird von der Pressestelle geprüft. Sie erhalten eine E-Mail, sobald darüber entschieden ist.',
  notPermittedToAccess: 'Sie haben keinen Zugriff',
};

const he: Catalog = {
  emailNotVerified: 'כתובת הדוא"ל שלכם עדיין לא אומתה: היכנסו לקישור ששלחנו, או בקשו קישור חדש למטה.',
  accreditationPendingSince:
    'בקשת ההסמכה שלכם, שהתקבלה ב-{{date}}, נבדקת על ידי משרד העיתונות. תקבלו דוא"ל ברגע שתתקבל החלטה.',
  notPermittedToAccess: 'אין לכם הרשאת גישה',
};

const ar: Catalog = {
  emailNotVerified:
    'لم يتم التحقق من عنوان بريدكم الإلكتروني بعد: اتبعوا الرابط الذي أرسلناه إليكم، أو اطلبوا رابطًا جديدًا أدناه.',
  accreditationPendingSince:
    'طلب الاعتماد الخاص بكم، المستلم في {{date}}، قيد المراجعة لدى المكتب الصحفي. ستتلقون رسالة بريد إلكتروني فور البت فيه.',
  notPermittedToAccess: 'غير مسموح لكم بالدخول',
};

export const signInMessages = { en, it, fr, es, de, he, ar };
