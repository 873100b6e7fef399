// Messages of the embargo previews (PRODUCT.md section 13): refusals of an invitation or of a preview link,
// and the invitee's mail, spread into every catalog of messages.ts. The keys share the one MessageKey namespace.

const en = {
  previewNotEmbargoed:
    'Only a release under embargo can be previewed: this one is not under embargo, or its embargo has ended.',
  previewInviteeMissing: 'Pick an account, or give an e-mail address and a name.',
  previewUnknownAccount: 'No active account has this id.',
  previewRevoked: 'This preview link has been withdrawn by the press office.',
  previewEnded: 'The embargo has ended: the release is now public.',
  previewOtherAccount:
    'This preview was sent to someone else. Sign out to open it with the link alone, or sign in as its recipient.',
  previewInvalidLink: 'This preview link is not valid.',
  previewMailSubject: 'Under embargo: a preview of "{{title}}"',
  previewMailBody:
    '{{name}}, the press office invites you to read "{{title}}" before it is published. It is under embargo until {{time}}.',
  previewMailPersonal:
    'This link is personal: please do not forward it. It stops working when the embargo ends or if the press office withdraws it.',
  previewMailAction: 'Read the preview',
} as const;

type Catalog = Record<keyof typeof en, string>;

const it: Catalog = {
  previewNotEmbargoed:
    "Solo un comunicato sotto embargo può essere visto in anteprima: questo non è sotto embargo, o l'embargo è finito.",
  previewInviteeMissing: 'Scegli un account, oppure indica un indirizzo e-mail e un nome.',
  previewUnknownAccount: 'Nessun account attivo ha questo id.',
  previewRevoked: "Questo link di anteprima è stato ritirato dall'ufficio stampa.",
  previewEnded: "L'embargo è finito: il comunicato ora è pubblico.",
  previewOtherAccount:
    "Questa anteprima è stata inviata a un'altra persona. Esci per aprirla con il solo link, o accedi come suo destinatario.",
  previewInvalidLink: 'Questo link di anteprima non è valido.',
  previewMailSubject: 'Sotto embargo: anteprima di "{{title}}"',
  previewMailBody:
    '{{name}}, l\'ufficio stampa ti invita a leggere "{{title}}" prima della pubblicazione. È sotto embargo fino a {{time}}.',
  previewMailPersonal:
    "Questo link è personale: non inoltrarlo. Smette di funzionare alla fine dell'embargo o se l'ufficio stampa lo ritira.",
  previewMailAction: "Leggi l'anteprima",
};

const fr: Catalog = {
  previewNotEmbargoed:
    "Seul un communiqué sous embargo peut être prévisualisé : celui-ci n'est pas sous embargo, ou son embargo est terminé.",
  previewInviteeMissing: 'Choisissez un compte, ou indiquez une adresse e-mail et un nom.',
  previewUnknownAccount: "Aucun compte actif n'a cet identifiant.",
  previewRevoked: 'Ce lien d’aperçu a été retiré par le service de presse.',
  previewEnded: "L'embargo est terminé : le communiqué est désormais public.",
  previewOtherAccount:
    "Cet aperçu a été envoyé à quelqu'un d'autre. Déconnectez-vous pour l'ouvrir avec le seul lien, ou connectez-vous en tant que son destinataire.",
  previewInvalidLink: "Ce lien d'aperçu n'est pas valide.",
  previewMailSubject: 'Sous embargo : aperçu de « {{title}} »',
  previewMailBody:
    '{{name}}, le service de presse vous invite à lire « {{title}} » avant sa publication. Il est sous embargo jusqu’au {{time}}.',
  previewMailPersonal:
    "Ce lien est personnel : merci de ne pas le transférer. Il cesse de fonctionner à la fin de l'embargo ou si le service de presse le retire.",
  previewMailAction: "Lire l'aperçu",
};

const de: Catalog = {
  previewNotEmbargoed:
    'Nur eine Mitteilung unter Sperrfrist kann vorab gelesen werden: Diese ist nicht gesperrt, oder ihre Sperrfrist ist abgelaufen.',
  previewInviteeMissing: 'Wählen Sie ein Konto, oder geben Sie eine E-Mail-Adresse und einen Namen an.',
  previewUnknownAccount: 'Kein aktives Konto hat diese ID.',
  previewRevoked: 'Dieser Vorschaulink wurde von der Pressestelle zurückgezogen.',
  previewEnded: 'Die Sperrfrist ist abgelaufen: Die Mitteilung ist jetzt öffentlich.',
  previewOtherAccount:
    'Diese Vorschau wurde an eine andere Person gesendet. Melden Sie sich ab, um sie nur mit dem Link zu öffnen, oder melden Sie sich als Empfänger an.',
  previewInvalidLink: 'Dieser Vorschaulink ist ungültig.',
  previewMailSubject: 'Unter Sperrfrist: Vorschau auf „{{title}}“',
  previewMailBody:
    '{{name}}, die Pressestelle lädt Sie ein, „{{title}}“ vor der Veröffentlichung zu lesen. Sperrfrist bis {{time}}.',
  previewMailPersonal:
    'Dieser Link ist persönlich: Bitte leiten Sie ihn nicht weiter. Er gilt nicht mehr, sobald die Sperrfrist endet oder die Pressestelle ihn zurückzieht.',
  previewMailAction: 'Vorschau lesen',
};

const es: Catalog = {
  previewNotEmbargoed:
    'Solo un comunicado bajo embargo puede verse por adelantado: este no está bajo embargo, o su embargo ha terminado.',
  previewInviteeMissing: 'Elige una cuenta, o indica una dirección de correo y un nombre.',
  previewUnknownAccount: 'Ninguna cuenta activa tiene este id.',
  previewRevoked: 'La oficina de prensa ha retirado este enlace de vista previa.',
  previewEnded: 'El embargo ha terminado: el comunicado ya es público.',
  previewOtherAccount:
    'Esta vista previa se envió a otra persona. Cierra la sesión para abrirla solo con el enlace, o inicia sesión como su destinatario.',
  previewInvalidLink: 'Este enlace de vista previa no es válido.',
  previewMailSubject: 'Bajo embargo: vista previa de «{{title}}»',
  previewMailBody:
    '{{name}}, la oficina de prensa te invita a leer «{{title}}» antes de su publicación. Está bajo embargo hasta {{time}}.',
  previewMailPersonal:
    'Este enlace es personal: no lo reenvíes. Deja de funcionar cuando termina el embargo o si la oficina de prensa lo retira.',
  previewMailAction: 'Leer la vista previa',
};

const he: Catalog = {
  previewNotEmbargoed:
    'רק הודעה תחת אמברגו ניתנת לתצוגה מקדימה: הודעה זו אינה תחת אמברגו, או שהאמברגו שלה הסתיים.',
  previewInviteeMissing: 'בחרו חשבון, או הזינו כתובת דוא"ל ושם.',
  previewUnknownAccount: 'אין חשבון פעיל עם מזהה זה.',
  previewRevoked: 'משרד העיתונות ביטל את קישור התצוגה המקדימה הזה.',
  previewEnded: 'האמברגו הסתיים: ההודעה פומבית כעת.',
  previewOtherAccount:
    'תצוגה מקדימה זו נשלחה למישהו אחר. התנתקו כדי לפתוח אותה עם הקישור בלבד, או התחברו בתור הנמען שלה.',
  previewInvalidLink: 'קישור התצוגה המקדימה הזה אינו תקף.',
  previewMailSubject: 'תחת אמברגו: תצוגה מקדימה של "{{title}}"',
  previewMailBody:
    '{{name}}, משרד העיתונות מזמין אותך לקרוא את "{{title}}" לפני פרסומה. היא תחת אמברגו עד {{time}}.',
  previewMailPersonal:
    'הקישור הזה אישי: נא לא להעביר אותו. הוא יפסיק לפעול כשהאמברגו יסתיים או אם משרד העיתונות יבטל אותו.',
  previewMailAction: 'לקריאת התצוגה המקדימה',
};

const ar: Catalog = {
  previewNotEmbargoed: 'لا يمكن معاينة إلا بيان خاضع للحظر: هذا البيان ليس خاضعًا للحظر، أو انتهى حظره.',
  previewInviteeMissing: 'اختر حسابًا، أو أدخل عنوان بريد إلكتروني واسمًا.',
  previewUnknownAccount: 'لا يوجد حساب نشط بهذا المعرّف.',
  previewRevoked: 'سحب المكتب الصحفي رابط المعاينة هذا.',
  previewEnded: 'انتهى الحظر: البيان متاح للجميع الآن.',
  previewOtherAccount:
    'أُرسلت هذه المعاينة إلى شخص آخر. سجّل الخروج لفتحها بالرابط وحده، أو سجّل الدخول بحساب المرسَل إليه.',
  previewInvalidLink: 'رابط المعاينة هذا غير صالح.',
  previewMailSubject: 'تحت الحظر: معاينة "{{title}}"',
  previewMailBody:
    '{{name}}، يدعوك المكتب الصحفي إلى قراءة "{{title}}" قبل نشره. إنه تحت الحظر حتى {{time}}.',
  previewMailPersonal:
    'هذا الرابط شخصي: يرجى عدم إعادة توجيهه. يتوقف عن العمل عند انتهاء الحظر أو إذا سحبه المكتب الصحفي.',
  previewMailAction: 'اقرأ المعاينة',
};

export const previewMessages = { en, it, fr, de, es, he, ar } as const;
