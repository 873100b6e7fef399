// Messages of the press office's mail to chosen journalists: form errors, the campaign mail and the withdrawal,
// spread into every catalog of messages.ts.

const en = {
  campaignListsRequired: 'Choose at least one list',
  campaignReleaseUnreadable:
    'This release cannot be sent: it is not published on this site, so its recipients could not read it.',
  campaignReleaseWaits:
    'This release may be read by everyone only from {{date}}: choose to send it at its publication.',
  campaignRefusedWithdrawn: 'Not sent: the release was no longer published when it was due.',
  campaignReadRelease: 'Read the press release',
  campaignFooter: 'You receive this message because you agreed to receive the press office mail of {{site}}.',
  campaignWithdrawLink: 'Stop receiving the press office mail',
  campaignTestSubject: '[Test] {{subject}}',
  campaignTestSent: 'The test was sent to {{email}}.',
  pressMailWithdrawn: 'Done: the press office will send you no more mail.',
  pressMailLinkInvalid: 'This link is not valid. You can change your choice on your profile.',
};

const it: typeof en = {
  campaignListsRequired: 'Scegli almeno una lista',
  campaignReleaseUnreadable:
    'Questo comunicato non può essere inviato: non è pubblicato su questo sito, quindi i destinatari non potrebbero leggerlo.',
  campaignReleaseWaits:
    'Questo comunicato è leggibile da tutti solo dal {{date}}: scegli di inviarlo alla sua pubblicazione.',
  campaignRefusedWithdrawn: 'Non inviato: al momento previsto il comunicato non era più pubblicato.',
  campaignReadRelease: 'Leggi il comunicato stampa',
  campaignFooter:
    "Ricevi questo messaggio perché hai accettato di ricevere la posta dell'ufficio stampa di {{site}}.",
  campaignWithdrawLink: "Non ricevere più la posta dell'ufficio stampa",
  campaignTestSubject: '[Prova] {{subject}}',
  campaignTestSent: 'La prova è stata inviata a {{email}}.',
  pressMailWithdrawn: "Fatto: l'ufficio stampa non ti invierà più messaggi.",
  pressMailLinkInvalid: 'Questo link non è valido. Puoi cambiare la tua scelta nel profilo.',
};

const fr: typeof en = {
  campaignListsRequired: 'Choisissez au moins une liste',
  campaignReleaseUnreadable:
    "Ce communiqué ne peut pas être envoyé : il n'est pas publié sur ce site, ses destinataires ne pourraient pas le lire.",
  campaignReleaseWaits:
    "Ce communiqué n'est lisible par tous qu'à partir du {{date}} : choisissez de l'envoyer à sa publication.",
  campaignRefusedWithdrawn: "Non envoyé : le communiqué n'était plus publié à l'heure prévue.",
  campaignReadRelease: 'Lire le communiqué de presse',
  campaignFooter:
    'Vous recevez ce message parce que vous avez accepté de recevoir le courrier du service de presse de {{site}}.',
  campaignWithdrawLink: 'Ne plus recevoir le courrier du service de presse',
  campaignTestSubject: '[Test] {{subject}}',
  campaignTestSent: "L'essai a été envoyé à {{email}}.",
  pressMailWithdrawn: 'C’est fait : le service de presse ne vous écrira plus.',
  pressMailLinkInvalid: "Ce lien n'est pas valide. Vous pouvez changer votre choix dans votre profil.",
};

const es: typeof en = {
  campaignListsRequired: 'Elija al menos una lista',
  campaignReleaseUnreadable:
    'Este comunicado no se puede enviar: no está publicado en este sitio, así que sus destinatarios no podrían leerlo.',
  campaignReleaseWaits:
    'Este comunicado solo puede leerlo todo el mundo a partir del {{date}}: elija enviarlo en su publicación.',
  campaignRefusedWithdrawn: 'No enviado: el comunicado ya no estaba publicado a la hora prevista.',
  campaignReadRelease: 'Leer el comunicado de prensa',
  campaignFooter: 'Recibe este mensaje porque aceptó recibir el correo de la oficina de prensa de {{site}}.',
  campaignWithdrawLink: 'Dejar de recibir el correo de la oficina de prensa',
  campaignTestSubject: '[Prueba] {{subject}}',
  campaignTestSent: 'La prueba se envió a {{email}}.',
  pressMailWithdrawn: 'Hecho: la oficina de prensa no le enviará más correo.',
  pressMailLinkInvalid: 'Este enlace no es válido. Puede cambiar su elección en su perfil.',
};

const de: typeof en = {
  campaignListsRequired: 'Wählen Sie mindestens eine Liste',
  campaignReleaseUnreadable:
    'Diese Mitteilung kann nicht versandt werden: Sie ist auf dieser Website nicht veröffentlicht, die Empfänger könnten sie nicht lesen.',
  campaignReleaseWaits:
    'Diese Mitteilung ist erst ab {{date}} für alle lesbar: Wählen Sie den Versand bei ihrer Veröffentlichung.',
  campaignRefusedWithdrawn:
    'Nicht versandt: Die Mitteilung war zum geplanten Zeitpunkt nicht mehr veröffentlicht.',
  campaignReadRelease: 'Pressemitteilung lesen',
  campaignFooter:
    'Sie erhalten diese Nachricht, weil Sie der Post der Pressestelle von {{site}} zugestimmt haben.',
  campaignWithdrawLink: 'Keine Post der Pressestelle mehr erhalten',
  campaignTestSubject: '[Test] {{subject}}',
  campaignTestSent: 'Der Test wurde an {{email}} gesendet.',
  pressMailWithdrawn: 'Erledigt: Die Pressestelle schreibt Ihnen nicht mehr.',
  pressMailLinkInvalid: 'Dieser Link ist ungültig. Sie können Ihre Wahl in Ihrem Profil ändern.',
};

const he: typeof en = {
  campaignListsRequired: 'בחרו לפחות רשימה אחת',
  campaignReleaseUnreadable:
    'לא ניתן לשלוח הודעה זו: היא אינה מפורסמת באתר זה, ולכן הנמענים לא יוכלו לקרוא אותה.',
  campaignReleaseWaits: 'הודעה זו תהיה גלויה לכולם רק מ-{{date}}: בחרו לשלוח אותה עם פרסומה.',
  campaignRefusedWithdrawn: 'לא נשלח: ההודעה כבר לא הייתה מפורסמת במועד המתוכנן.',
  campaignReadRelease: 'לקריאת ההודעה לעיתונות',
  campaignFooter: 'הודעה זו נשלחה אליכם כי הסכמתם לקבל את הדואר של משרד העיתונות של {{site}}.',
  campaignWithdrawLink: 'הפסקת קבלת הדואר של משרד העיתונות',
  campaignTestSubject: '[ניסיון] {{subject}}',
  campaignTestSent: 'הניסיון נשלח אל {{email}}.',
  pressMailWithdrawn: 'בוצע: משרד העיתונות לא ישלח לכם עוד דואר.',
  pressMailLinkInvalid: 'קישור זה אינו תקף. ניתן לשנות את בחירתכם בפרופיל.',
};

const ar: typeof en = {
  campaignListsRequired: 'اختاروا قائمة واحدة على الأقل',
  campaignReleaseUnreadable:
    'لا يمكن إرسال هذا البيان: فهو غير منشور على هذا الموقع، فلن يتمكن المستلمون من قراءته.',
  campaignReleaseWaits: 'لا يمكن للجميع قراءة هذا البيان إلا ابتداءً من {{date}}: اختاروا إرساله عند نشره.',
  campaignRefusedWithdrawn: 'لم يُرسل: لم يعد البيان منشورًا في الموعد المحدد.',
  campaignReadRelease: 'قراءة البيان الصحفي',
  campaignFooter: 'تصلكم هذه الرسالة لأنكم وافقتم على تلقي بريد المكتب الصحفي لـ {{site}}.',
  campaignWithdrawLink: 'التوقف عن تلقي بريد المكتب الصحفي',
  campaignTestSubject: '[تجربة] {{subject}}',
  campaignTestSent: 'أُرسلت التجربة إلى {{email}}.',
  pressMailWithdrawn: 'تم: لن يرسل إليكم المكتب الصحفي أي بريد بعد الآن.',
  pressMailLinkInvalid: 'هذا الرابط غير صالح. يمكنكم تغيير اختياركم من ملفكم الشخصي.',
};

export const campaignMessages = { en, it, fr, es, de, he, ar };
