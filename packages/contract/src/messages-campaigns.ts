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
  campaignReleaseOrEvent: 'Choose a release or an event, not both',
  campaignEventUnreadable:
    'This event cannot be sent: it is not an approved event of this site still to come.',
  campaignEventNow: 'An invitation to an event is sent now: choose “now”.',
  campaignRefusedEventGone: 'Not sent: the event was cancelled or had begun when it was due.',
  campaignInvitationSubject: '{{site}}: invitation to {{title}}',
  campaignInvitationHeading: 'You are invited: {{title}}',
  campaignInvitationWhen: 'When: {{time}} (the fair’s time)',
  campaignInvitationYourTime: 'Your time: {{time}}',
  campaignInvitationWhere: 'Where: {{place}}',
  campaignInvitationPage: 'The event’s page: {{url}}',
  campaignInvitationSignUp: 'See the event and sign up',
  pressMailTestLink:
    'This is a test mail: in the campaign, this link lets each recipient stop receiving the press office mail. Nothing was changed.',
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
  campaignReleaseOrEvent: 'Scegli un comunicato o un evento, non entrambi',
  campaignEventUnreadable:
    'Questo evento non può essere inviato: non è un evento approvato di questo sito ancora da svolgersi.',
  campaignEventNow: 'Un invito a un evento si invia subito: scegli «ora».',
  campaignRefusedEventGone: "Non inviato: al momento previsto l'evento era annullato o già iniziato.",
  campaignInvitationSubject: '{{site}}: invito a {{title}}',
  campaignInvitationHeading: 'Sei invitato: {{title}}',
  campaignInvitationWhen: 'Quando: {{time}} (ora della fiera)',
  campaignInvitationYourTime: 'La tua ora: {{time}}',
  campaignInvitationWhere: 'Dove: {{place}}',
  campaignInvitationPage: "La pagina dell'evento: {{url}}",
  campaignInvitationSignUp: "Vedi l'evento e iscriviti",
  pressMailTestLink:
    "Questo è un messaggio di prova: nella campagna, questo link permette a ogni destinatario di non ricevere più la posta dell'ufficio stampa. Non è stato cambiato nulla.",
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
  campaignReleaseOrEvent: 'Choisissez un communiqué ou un événement, pas les deux',
  campaignEventUnreadable:
    "Cet événement ne peut pas être envoyé : ce n'est pas un événement approuvé de ce site encore à venir.",
  campaignEventNow: 'Une invitation à un événement est envoyée tout de suite : choisissez « maintenant ».',
  campaignRefusedEventGone: "Non envoyé : l'événement était annulé ou déjà commencé à l'heure prévue.",
  campaignInvitationSubject: '{{site}} : invitation à {{title}}',
  campaignInvitationHeading: 'Vous êtes invité : {{title}}',
  campaignInvitationWhen: 'Quand : {{time}} (heure du salon)',
  campaignInvitationYourTime: 'Votre heure : {{time}}',
  campaignInvitationWhere: 'Où : {{place}}',
  campaignInvitationPage: "La page de l'événement : {{url}}",
  campaignInvitationSignUp: "Voir l'événement et s'inscrire",
  pressMailTestLink:
    "Ceci est un message d'essai : dans la campagne, ce lien permet à chaque destinataire de ne plus recevoir le courrier du service de presse. Rien n'a été changé.",
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
  campaignReleaseOrEvent: 'Elija un comunicado o un evento, no ambos',
  campaignEventUnreadable:
    'Este evento no se puede enviar: no es un evento aprobado de este sitio que aún no haya empezado.',
  campaignEventNow: 'Una invitación a un evento se envía ahora: elija «ahora».',
  campaignRefusedEventGone: 'No enviado: a la hora prevista el evento estaba cancelado o ya había empezado.',
  campaignInvitationSubject: '{{site}}: invitación a {{title}}',
  campaignInvitationHeading: 'Está invitado: {{title}}',
  campaignInvitationWhen: 'Cuándo: {{time}} (hora de la feria)',
  campaignInvitationYourTime: 'Su hora: {{time}}',
  campaignInvitationWhere: 'Dónde: {{place}}',
  campaignInvitationPage: 'La página del evento: {{url}}',
  campaignInvitationSignUp: 'Ver el evento e inscribirse',
  pressMailTestLink:
    'Este es un correo de prueba: en la campaña, este enlace permite a cada destinatario dejar de recibir el correo de la oficina de prensa. No se ha cambiado nada.',
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
  campaignReleaseOrEvent: 'Wählen Sie eine Mitteilung oder eine Veranstaltung, nicht beides',
  campaignEventUnreadable:
    'Diese Veranstaltung kann nicht versandt werden: Sie ist keine genehmigte, noch bevorstehende Veranstaltung dieser Website.',
  campaignEventNow: 'Eine Einladung zu einer Veranstaltung wird sofort versandt: Wählen Sie „jetzt“.',
  campaignRefusedEventGone:
    'Nicht versandt: Die Veranstaltung war zum geplanten Zeitpunkt abgesagt oder hatte begonnen.',
  campaignInvitationSubject: '{{site}}: Einladung zu {{title}}',
  campaignInvitationHeading: 'Sie sind eingeladen: {{title}}',
  campaignInvitationWhen: 'Wann: {{time}} (Ortszeit der Messe)',
  campaignInvitationYourTime: 'Ihre Zeit: {{time}}',
  campaignInvitationWhere: 'Wo: {{place}}',
  campaignInvitationPage: 'Die Seite der Veranstaltung: {{url}}',
  campaignInvitationSignUp: 'Veranstaltung ansehen und anmelden',
  pressMailTestLink:
    'Dies ist eine Testnachricht: In der Kampagne kann jeder Empfänger über diesen Link die Post der Pressestelle abbestellen. Es wurde nichts geändert.',
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
  campaignReleaseOrEvent: 'בחרו הודעה או אירוע, לא את שניהם',
  campaignEventUnreadable: 'לא ניתן לשלוח אירוע זה: הוא אינו אירוע מאושר של אתר זה שעוד לא התחיל.',
  campaignEventNow: 'הזמנה לאירוע נשלחת מיד: בחרו „עכשיו”.',
  campaignRefusedEventGone: 'לא נשלח: במועד המתוכנן האירוע בוטל או כבר התחיל.',
  campaignInvitationSubject: '{{site}}: הזמנה ל{{title}}',
  campaignInvitationHeading: 'הוזמנתם: {{title}}',
  campaignInvitationWhen: 'מתי: {{time}} (שעון התערוכה)',
  campaignInvitationYourTime: 'השעה אצלכם: {{time}}',
  campaignInvitationWhere: 'איפה: {{place}}',
  campaignInvitationPage: 'עמוד האירוע: {{url}}',
  campaignInvitationSignUp: 'לצפייה באירוע ולהרשמה',
  pressMailTestLink:
    'זוהי הודעת ניסיון: בקמפיין, קישור זה מאפשר לכל נמען להפסיק לקבל את הדואר של משרד העיתונות. דבר לא שונה.',
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
  campaignReleaseOrEvent: 'اختاروا بيانًا أو فعالية، لا كليهما',
  campaignEventUnreadable: 'لا يمكن إرسال هذه الفعالية: فهي ليست فعالية معتمدة على هذا الموقع لم تبدأ بعد.',
  campaignEventNow: 'تُرسل الدعوة إلى فعالية فورًا: اختاروا «الآن».',
  campaignRefusedEventGone: 'لم تُرسل: كانت الفعالية ملغاة أو قد بدأت في الموعد المحدد.',
  campaignInvitationSubject: '{{site}}: دعوة إلى {{title}}',
  campaignInvitationHeading: 'أنتم مدعوون: {{title}}',
  campaignInvitationWhen: 'متى: {{time}} (بتوقيت المعرض)',
  campaignInvitationYourTime: 'بتوقيتكم: {{time}}',
  campaignInvitationWhere: 'أين: {{place}}',
  campaignInvitationPage: 'صفحة الفعالية: {{url}}',
  campaignInvitationSignUp: 'عرض الفعالية والتسجيل',
  pressMailTestLink:
    'هذه رسالة تجريبية: في الحملة، يتيح هذا الرابط لكل مستلم التوقف عن تلقي بريد المكتب الصحفي. لم يتغير شيء.',
};

export const campaignMessages = { en, it, fr, es, de, he, ar };
