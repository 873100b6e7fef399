// Words of the pages the server renders for crawlers and readers without JavaScript (publicPages in paths.ts),
// spread into every catalog of messages.ts. The keys share the one MessageKey namespace.

const en = {
  pageReleaseNumber: 'Press release no. {{number}}/{{year}}',
  pagePublishedOn: 'Published on {{date}}',
  pageImages: 'Images',
  pageAttachments: 'Attachments',
  pageDownloadImage: 'Download the image ({{size}})',
  pagePhotoCredit: 'Photo: {{credit}}',
  pageOpenInPressRoom: 'Open in the press room',
  pageJournalists:
    'Journalists: sign in to the press room for the photo gallery, the press kit and news under embargo.',
  pageSignIn: 'Sign in',
  pageAlsoIn: 'Also in',
  pagePressContacts: 'Press contacts',
  pageAbout: 'About {{site}}',
  pageCompany: 'Company',
  pageFeed: 'News feed (Atom)',
  pageAlerts: 'E-mail alerts',
  pageReleases: 'Press releases',
  pageNoReleases: 'No press releases yet.',
  pageNewer: 'Newer releases',
  pageOlder: 'Older releases',
  pageNotFoundTitle: 'This release is not available',
  pageNotFoundText:
    'It may not be published yet, or it has been withdrawn. The latest news is on the press releases page.',
} as const;

type Catalog = Record<keyof typeof en, string>;

const it: Catalog = {
  pageReleaseNumber: 'Comunicato stampa n. {{number}}/{{year}}',
  pagePublishedOn: 'Pubblicato il {{date}}',
  pageImages: 'Immagini',
  pageAttachments: 'Allegati',
  pageDownloadImage: "Scarica l'immagine ({{size}})",
  pagePhotoCredit: 'Foto: {{credit}}',
  pageOpenInPressRoom: 'Apri nella sala stampa',
  pageJournalists:
    'Giornalisti: accedete alla sala stampa per la galleria fotografica, la cartella stampa e le notizie sotto embargo.',
  pageSignIn: 'Accedi',
  pageAlsoIn: 'Anche in',
  pagePressContacts: 'Contatti stampa',
  pageAbout: 'Chi è {{site}}',
  pageCompany: 'Azienda',
  pageFeed: 'Feed delle notizie (Atom)',
  pageAlerts: 'Avvisi via e-mail',
  pageReleases: 'Comunicati stampa',
  pageNoReleases: 'Ancora nessun comunicato stampa.',
  pageNewer: 'Comunicati più recenti',
  pageOlder: 'Comunicati precedenti',
  pageNotFoundTitle: 'Questo comunicato non è disponibile',
  pageNotFoundText:
    'Potrebbe non essere ancora pubblicato, o è stato ritirato. Le ultime notizie sono nella pagina dei comunicati stampa.',
};

const fr: Catalog = {
  pageReleaseNumber: 'Communiqué de presse n° {{number}}/{{year}}',
  pagePublishedOn: 'Publié le {{date}}',
  pageImages: 'Images',
  pageAttachments: 'Pièces jointes',
  pageDownloadImage: "Télécharger l'image ({{size}})",
  pagePhotoCredit: 'Photo : {{credit}}',
  pageOpenInPressRoom: 'Ouvrir dans la salle de presse',
  pageJournalists:
    'Journalistes : connectez-vous à la salle de presse pour la galerie photo, le dossier de presse et les nouvelles sous embargo.',
  pageSignIn: 'Se connecter',
  pageAlsoIn: 'Aussi en',
  pagePressContacts: 'Contacts presse',
  pageAbout: 'À propos de {{site}}',
  pageCompany: 'Entreprise',
  pageFeed: "Flux d'actualités (Atom)",
  pageAlerts: 'Alertes par e-mail',
  pageReleases: 'Communiqués de presse',
  pageNoReleases: 'Aucun communiqué de presse pour le moment.',
  pageNewer: 'Communiqués plus récents',
  pageOlder: 'Communiqués plus anciens',
  pageNotFoundTitle: "Ce communiqué n'est pas disponible",
  pageNotFoundText:
    "Il n'est peut-être pas encore publié, ou il a été retiré. Les dernières nouvelles sont sur la page des communiqués de presse.",
};

const es: Catalog = {
  pageReleaseNumber: 'Comunicado de prensa n.º {{number}}/{{year}}',
  pagePublishedOn: 'Publicado el {{date}}',
  pageImages: 'Imágenes',
  pageAttachments: 'Adjuntos',
  pageDownloadImage: 'Descargar la imagen ({{size}})',
  pagePhotoCredit: 'Foto: {{credit}}',
  pageOpenInPressRoom: 'Abrir en la sala de prensa',
  pageJournalists:
    'Periodistas: inicien sesión en la sala de prensa para la galería de fotos, el dossier de prensa y las noticias bajo embargo.',
  pageSignIn: 'Iniciar sesión',
  pageAlsoIn: 'También en',
  pagePressContacts: 'Contactos de prensa',
  pageAbout: 'Acerca de {{site}}',
  pageCompany: 'Empresa',
  pageFeed: 'Canal de noticias (Atom)',
  pageAlerts: 'Alertas por e-mail',
  pageReleases: 'Comunicados de prensa',
  pageNoReleases: 'Todavía no hay comunicados de prensa.',
  pageNewer: 'Comunicados más recientes',
  pageOlder: 'Comunicados anteriores',
  pageNotFoundTitle: 'Este comunicado no está disponible',
  pageNotFoundText:
    'Puede que aún no esté publicado, o que haya sido retirado. Las últimas noticias están en la página de comunicados de prensa.',
};

const de: Catalog = {
  pageReleaseNumber: 'Pressemitteilung Nr. {{number}}/{{year}}',
  pagePublishedOn: 'Veröffentlicht am {{date}}',
  pageImages: 'Bilder',
  pageAttachments: 'Anhänge',
  pageDownloadImage: 'Bild herunterladen ({{size}})',
  pagePhotoCredit: 'Foto: {{credit}}',
  pageOpenInPressRoom: 'Im Pressebereich öffnen',
  pageJournalists:
    'Journalisten: Melden Sie sich im Pressebereich an für die Fotogalerie, die Pressemappe und Meldungen unter Sperrfrist.',
  pageSignIn: 'Anmelden',
  pageAlsoIn: 'Auch auf',
  pagePressContacts: 'Pressekontakte',
  pageAbout: 'Über {{site}}',
  pageCompany: 'Unternehmen',
  pageFeed: 'Nachrichten-Feed (Atom)',
  pageAlerts: 'E-Mail-Benachrichtigungen',
  pageReleases: 'Pressemitteilungen',
  pageNoReleases: 'Noch keine Pressemitteilungen.',
  pageNewer: 'Neuere Mitteilungen',
  pageOlder: 'Ältere Mitteilungen',
  pageNotFoundTitle: 'Diese Mitteilung ist nicht verfügbar',
  pageNotFoundText:
    'Sie ist vielleicht noch nicht veröffentlicht oder wurde zurückgezogen. Die neuesten Meldungen finden Sie auf der Seite der Pressemitteilungen.',
};

const he: Catalog = {
  pageReleaseNumber: 'הודעה לעיתונות מס׳ {{number}}/{{year}}',
  pagePublishedOn: 'פורסם ב-{{date}}',
  pageImages: 'תמונות',
  pageAttachments: 'קבצים מצורפים',
  pageDownloadImage: 'הורדת התמונה ({{size}})',
  pagePhotoCredit: 'צילום: {{credit}}',
  pageOpenInPressRoom: 'פתיחה בחדר העיתונות',
  pageJournalists: 'עיתונאים: היכנסו לחדר העיתונות לגלריית התמונות, לערכת העיתונות ולחדשות באמברגו.',
  pageSignIn: 'כניסה',
  pageAlsoIn: 'גם ב',
  pagePressContacts: 'אנשי קשר לעיתונות',
  pageAbout: 'אודות {{site}}',
  pageCompany: 'חברה',
  pageFeed: 'ערוץ חדשות (Atom)',
  pageAlerts: 'התראות בדוא"ל',
  pageReleases: 'הודעות לעיתונות',
  pageNoReleases: 'עדיין אין הודעות לעיתונות.',
  pageNewer: 'הודעות חדשות יותר',
  pageOlder: 'הודעות קודמות',
  pageNotFoundTitle: 'ההודעה אינה זמינה',
  pageNotFoundText: 'ייתכן שטרם פורסמה, או שהוסרה. החדשות האחרונות נמצאות בעמוד ההודעות לעיתונות.',
};

const ar: Catalog = {
  pageReleaseNumber: 'بيان صحفي رقم {{number}}/{{year}}',
  pagePublishedOn: 'نُشر في {{date}}',
  pageImages: 'الصور',
  pageAttachments: 'المرفقات',
  pageDownloadImage: 'تنزيل الصورة ({{size}})',
  pagePhotoCredit: 'تصوير: {{credit}}',
  pageOpenInPressRoom: 'فتح في غرفة الصحافة',
  pageJournalists:
    'الصحفيون: سجّلوا الدخول إلى غرفة الصحافة لمعرض الصور والملف الصحفي والأخبار المحظور نشرها مؤقتًا.',
  pageSignIn: 'تسجيل الدخول',
  pageAlsoIn: 'متوفر أيضًا بـ',
  pagePressContacts: 'جهات الاتصال الصحفية',
  pageAbout: 'نبذة عن {{site}}',
  pageCompany: 'الشركة',
  pageFeed: 'موجز الأخبار (Atom)',
  pageAlerts: 'التنبيهات بالبريد الإلكتروني',
  pageReleases: 'البيانات الصحفية',
  pageNoReleases: 'لا توجد بيانات صحفية بعد.',
  pageNewer: 'بيانات أحدث',
  pageOlder: 'بيانات أقدم',
  pageNotFoundTitle: 'هذا البيان غير متاح',
  pageNotFoundText: 'ربما لم يُنشر بعد، أو تم سحبه. آخر الأخبار في صفحة البيانات الصحفية.',
};

export const publicPageMessages = { en, it, fr, es, de, he, ar };
