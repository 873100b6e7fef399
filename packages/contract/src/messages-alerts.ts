// Messages of e-mail alerts (decision 9): form errors and the mails, spread into every catalog of messages.ts.

const en = {
  alertLanguagesRequired: 'Choose at least one language',
  alertLinkInvalid: 'This link is not valid (any more). Subscribe again from the press room.',
  alertConfirmSubject: 'Confirm your press release alerts from {{site}}',
  alertConfirmHeading: 'Confirm your subscription',
  alertConfirmText:
    'Someone, probably you, asked to receive the press releases of {{site}} at this address. Nothing is sent until you confirm; if it was not you, ignore this message.',
  alertConfirmAction: 'Confirm the subscription',
  alertKnownSubject: 'Your press release alerts from {{site}}',
  alertKnownText:
    'This address already receives the press releases of {{site}}. You can change your languages, companies and frequency, or unsubscribe, from the link below.',
  alertEmbargoedUntil: 'Under embargo until {{date}}: not for publication before then.',
  alertReadRelease: 'Read the press release',
  alertFooter: 'You receive this message because you subscribed to the press releases of {{site}}.',
  alertManageLink: 'Change your alerts',
  alertUnsubscribeLink: 'Unsubscribe',
  alertDigestSubject: '{{site}}: the press releases of {{date}}',
  alertDigestHeading: 'The press releases of {{date}}',
  alertUnsubscribed: 'You are unsubscribed: no more alerts will be sent to this address.',
  alertConfirmed: 'Your subscription is confirmed.',
} as const;

type Catalog = Record<keyof typeof en, string>;

const it: Catalog = {
  alertLanguagesRequired: 'Scegli almeno una lingua',
  alertLinkInvalid: 'Questo link non è (più) valido. Iscriviti di nuovo dalla sala stampa.',
  alertConfirmSubject: 'Conferma gli avvisi dei comunicati di {{site}}',
  alertConfirmHeading: "Conferma l'iscrizione",
  alertConfirmText:
    'Qualcuno, probabilmente tu, ha chiesto di ricevere i comunicati stampa di {{site}} a questo indirizzo. Non ti invieremo nulla finché non confermi; se non sei stato tu, ignora questo messaggio.',
  alertConfirmAction: "Conferma l'iscrizione",
  alertKnownSubject: 'I tuoi avvisi dei comunicati di {{site}}',
  alertKnownText:
    "Questo indirizzo riceve già i comunicati stampa di {{site}}. Puoi cambiare lingue, aziende e frequenza, o annullare l'iscrizione, dal link qui sotto.",
  alertEmbargoedUntil: 'Sotto embargo fino al {{date}}: da non pubblicare prima.',
  alertReadRelease: 'Leggi il comunicato',
  alertFooter: 'Ricevi questo messaggio perché ti sei iscritto ai comunicati stampa di {{site}}.',
  alertManageLink: 'Cambia i tuoi avvisi',
  alertUnsubscribeLink: "Annulla l'iscrizione",
  alertDigestSubject: '{{site}}: i comunicati stampa del {{date}}',
  alertDigestHeading: 'I comunicati stampa del {{date}}',
  alertUnsubscribed: 'Iscrizione annullata: a questo indirizzo non arriveranno più avvisi.',
  alertConfirmed: 'La tua iscrizione è confermata.',
};

const fr: Catalog = {
  alertLanguagesRequired: 'Choisissez au moins une langue',
  alertLinkInvalid: "Ce lien n'est pas (ou plus) valide. Abonnez-vous à nouveau depuis la salle de presse.",
  alertConfirmSubject: 'Confirmez vos alertes de communiqués de {{site}}',
  alertConfirmHeading: 'Confirmez votre abonnement',
  alertConfirmText:
    "Quelqu'un, probablement vous, a demandé à recevoir les communiqués de presse de {{site}} à cette adresse. Rien ne sera envoyé avant votre confirmation ; si ce n'était pas vous, ignorez ce message.",
  alertConfirmAction: "Confirmer l'abonnement",
  alertKnownSubject: 'Vos alertes de communiqués de {{site}}',
  alertKnownText:
    'Cette adresse reçoit déjà les communiqués de presse de {{site}}. Vous pouvez changer langues, entreprises et fréquence, ou vous désabonner, depuis le lien ci-dessous.',
  alertEmbargoedUntil: "Sous embargo jusqu'au {{date}} : ne pas publier avant.",
  alertReadRelease: 'Lire le communiqué',
  alertFooter: 'Vous recevez ce message car vous êtes abonné aux communiqués de presse de {{site}}.',
  alertManageLink: 'Modifier vos alertes',
  alertUnsubscribeLink: 'Se désabonner',
  alertDigestSubject: '{{site}} : les communiqués de presse du {{date}}',
  alertDigestHeading: 'Les communiqués de presse du {{date}}',
  alertUnsubscribed: 'Vous êtes désabonné : plus aucune alerte ne sera envoyée à cette adresse.',
  alertConfirmed: 'Votre abonnement est confirmé.',
};

const es: Catalog = {
  alertLanguagesRequired: 'Elija al menos un idioma',
  alertLinkInvalid: 'Este enlace no es (o ya no es) válido. Suscríbase de nuevo desde la sala de prensa.',
  alertConfirmSubject: 'Confirme sus alertas de comunicados de {{site}}',
  alertConfirmHeading: 'Confirme su suscripción',
  alertConfirmText:
    'Alguien, probablemente usted, pidió recibir los comunicados de prensa de {{site}} en esta dirección. No se enviará nada hasta que confirme; si no fue usted, ignore este mensaje.',
  alertConfirmAction: 'Confirmar la suscripción',
  alertKnownSubject: 'Sus alertas de comunicados de {{site}}',
  alertKnownText:
    'Esta dirección ya recibe los comunicados de prensa de {{site}}. Puede cambiar idiomas, empresas y frecuencia, o darse de baja, desde el enlace de abajo.',
  alertEmbargoedUntil: 'Bajo embargo hasta el {{date}}: no publicar antes.',
  alertReadRelease: 'Leer el comunicado',
  alertFooter: 'Recibe este mensaje porque se suscribió a los comunicados de prensa de {{site}}.',
  alertManageLink: 'Cambiar sus alertas',
  alertUnsubscribeLink: 'Darse de baja',
  alertDigestSubject: '{{site}}: los comunicados de prensa del {{date}}',
  alertDigestHeading: 'Los comunicados de prensa del {{date}}',
  alertUnsubscribed: 'Se ha dado de baja: no se enviarán más alertas a esta dirección.',
  alertConfirmed: 'Su suscripción está confirmada.',
};

const de: Catalog = {
  alertLanguagesRequired: 'Wählen Sie mindestens eine Sprache',
  alertLinkInvalid: 'Dieser Link ist nicht (mehr) gültig. Abonnieren Sie erneut im Pressebereich.',
  alertConfirmSubject: 'Bestätigen Sie Ihre Pressemitteilungs-Benachrichtigungen von {{site}}',
  alertConfirmHeading: 'Bestätigen Sie Ihr Abonnement',
  alertConfirmText:
    'Jemand, wahrscheinlich Sie, möchte die Pressemitteilungen von {{site}} an diese Adresse erhalten. Es wird nichts gesendet, bevor Sie bestätigen; falls Sie es nicht waren, ignorieren Sie diese Nachricht.',
  alertConfirmAction: 'Abonnement bestätigen',
  alertKnownSubject: 'Ihre Pressemitteilungs-Benachrichtigungen von {{site}}',
  alertKnownText:
    'Diese Adresse erhält die Pressemitteilungen von {{site}} bereits. Über den Link unten können Sie Sprachen, Unternehmen und Häufigkeit ändern oder sich abmelden.',
  alertEmbargoedUntil: 'Sperrfrist bis {{date}}: vorher nicht veröffentlichen.',
  alertReadRelease: 'Pressemitteilung lesen',
  alertFooter: 'Sie erhalten diese Nachricht, weil Sie die Pressemitteilungen von {{site}} abonniert haben.',
  alertManageLink: 'Benachrichtigungen ändern',
  alertUnsubscribeLink: 'Abmelden',
  alertDigestSubject: '{{site}}: die Pressemitteilungen vom {{date}}',
  alertDigestHeading: 'Die Pressemitteilungen vom {{date}}',
  alertUnsubscribed: 'Sie sind abgemeldet: an diese Adresse werden keine Benachrichtigungen mehr gesendet.',
  alertConfirmed: 'Ihr Abonnement ist bestätigt.',
};

const he: Catalog = {
  alertLanguagesRequired: 'בחרו לפחות שפה אחת',
  alertLinkInvalid: 'הקישור אינו תקף (עוד). הירשמו מחדש מחדר העיתונות.',
  alertConfirmSubject: 'אשרו את התראות ההודעות לעיתונות של {{site}}',
  alertConfirmHeading: 'אשרו את ההרשמה',
  alertConfirmText:
    'מישהו, כנראה אתם, ביקש לקבל את ההודעות לעיתונות של {{site}} לכתובת זו. דבר לא יישלח עד שתאשרו; אם לא אתם ביקשתם, התעלמו מהודעה זו.',
  alertConfirmAction: 'אישור ההרשמה',
  alertKnownSubject: 'התראות ההודעות לעיתונות שלכם מ-{{site}}',
  alertKnownText:
    'כתובת זו כבר מקבלת את ההודעות לעיתונות של {{site}}. ניתן לשנות שפות, חברות ותדירות, או לבטל את ההרשמה, מהקישור למטה.',
  alertEmbargoedUntil: 'באמברגו עד {{date}}: אין לפרסם לפני כן.',
  alertReadRelease: 'לקריאת ההודעה',
  alertFooter: 'הודעה זו נשלחה אליכם כי נרשמתם להודעות לעיתונות של {{site}}.',
  alertManageLink: 'שינוי ההתראות',
  alertUnsubscribeLink: 'ביטול ההרשמה',
  alertDigestSubject: '{{site}}: ההודעות לעיתונות של {{date}}',
  alertDigestHeading: 'ההודעות לעיתונות של {{date}}',
  alertUnsubscribed: 'ההרשמה בוטלה: לא יישלחו עוד התראות לכתובת זו.',
  alertConfirmed: 'ההרשמה שלכם אושרה.',
};

const ar: Catalog = {
  alertLanguagesRequired: 'اختاروا لغة واحدة على الأقل',
  alertLinkInvalid: 'هذا الرابط غير صالح (بعد الآن). اشتركوا مجددًا من غرفة الصحافة.',
  alertConfirmSubject: 'أكدوا تنبيهات البيانات الصحفية من {{site}}',
  alertConfirmHeading: 'أكدوا اشتراككم',
  alertConfirmText:
    'طلب شخص ما، على الأرجح أنتم، تلقي البيانات الصحفية لـ {{site}} على هذا العنوان. لن يُرسل أي شيء قبل تأكيدكم؛ إن لم تكونوا أنتم، فتجاهلوا هذه الرسالة.',
  alertConfirmAction: 'تأكيد الاشتراك',
  alertKnownSubject: 'تنبيهات البيانات الصحفية الخاصة بكم من {{site}}',
  alertKnownText:
    'هذا العنوان يتلقى بالفعل البيانات الصحفية لـ {{site}}. يمكنكم تغيير اللغات والشركات والتواتر، أو إلغاء الاشتراك، من الرابط أدناه.',
  alertEmbargoedUntil: 'محظور النشر حتى {{date}}: لا يُنشر قبل ذلك.',
  alertReadRelease: 'قراءة البيان الصحفي',
  alertFooter: 'تصلكم هذه الرسالة لأنكم اشتركتم في البيانات الصحفية لـ {{site}}.',
  alertManageLink: 'تغيير التنبيهات',
  alertUnsubscribeLink: 'إلغاء الاشتراك',
  alertDigestSubject: '{{site}}: البيانات الصحفية ليوم {{date}}',
  alertDigestHeading: 'البيانات الصحفية ليوم {{date}}',
  alertUnsubscribed: 'تم إلغاء اشتراككم: لن تُرسل تنبيهات أخرى إلى هذا العنوان.',
  alertConfirmed: 'تم تأكيد اشتراككم.',
};

export const alertMessages = { en, it, fr, es, de, he, ar };
