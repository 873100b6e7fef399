// Messages of videos: the refusals of an upload, its parts, its poster and captions, spread into every catalog
// of messages.ts. The keys share the one MessageKey namespace.

const en = {
  statsKind_video_play: 'Video plays',
  statsKind_video_download: 'Video downloads',
  videoTooLarge: 'The video is larger than the limit of {{limit}}.',
  videoQuotaExceeded:
    'This video would take your videos past your limit of {{limit}} (they hold {{used}} now). Delete a video or cancel an unfinished upload to make room.',
  videoNotAccepted: 'This file is not a video that can be published. Accepted: {{accepted}}.',
  videoUnreadable: 'The video could not be read. Accepted: {{accepted}}.',
  videoPartSize: 'Part {{number}} must hold {{size}} bytes.',
  videoPartNumber: 'This upload has parts 1 to {{count}}.',
  videoPartMissing: 'Part {{number}} of the video has not arrived: send it again.',
  videoUploadClosed: 'This upload is already being completed.',
  videoOwnerRequired: 'Choose one release or one gallery for the video.',
  videoCaptionNotWebvtt: 'The captions must be a WebVTT file: UTF-8 text that starts with "WEBVTT".',
  videoCaptionTooLarge: 'The captions file is larger than {{limit}}.',
  videoPosterNotAccepted: 'The poster must be a JPEG, PNG or WebP picture.',
} as const;

type Catalog = Record<keyof typeof en, string>;

const it: Catalog = {
  statsKind_video_play: 'Riproduzioni di video',
  statsKind_video_download: 'Download di video',
  videoTooLarge: 'Il video supera il limite di {{limit}}.',
  videoQuotaExceeded:
    'Con questo video i tuoi video supererebbero il tuo limite di {{limit}} (ora occupano {{used}}). Elimina un video o annulla un caricamento non finito per fare spazio.',
  videoNotAccepted: 'Questo file non è un video pubblicabile. Formati accettati: {{accepted}}.',
  videoUnreadable: 'Non è stato possibile leggere il video. Formati accettati: {{accepted}}.',
  videoPartSize: 'La parte {{number}} deve contenere {{size}} byte.',
  videoPartNumber: 'Questo caricamento ha le parti da 1 a {{count}}.',
  videoPartMissing: 'La parte {{number}} del video non è arrivata: inviala di nuovo.',
  videoUploadClosed: 'Questo caricamento è già in fase di completamento.',
  videoOwnerRequired: 'Scegli un comunicato o una galleria per il video.',
  videoCaptionNotWebvtt: 'I sottotitoli devono essere un file WebVTT: testo UTF-8 che inizia con "WEBVTT".',
  videoCaptionTooLarge: 'Il file dei sottotitoli supera {{limit}}.',
  videoPosterNotAccepted: "L'immagine di copertina deve essere un file JPEG, PNG o WebP.",
};

const fr: Catalog = {
  statsKind_video_play: 'Lectures de vidéos',
  statsKind_video_download: 'Téléchargements de vidéos',
  videoTooLarge: 'La vidéo dépasse la limite de {{limit}}.',
  videoQuotaExceeded:
    'Avec cette vidéo, vos vidéos dépasseraient votre limite de {{limit}} (elles occupent {{used}} aujourd’hui). Supprimez une vidéo ou annulez un envoi inachevé pour faire de la place.',
  videoNotAccepted: "Ce fichier n'est pas une vidéo publiable. Formats acceptés : {{accepted}}.",
  videoUnreadable: "La vidéo n'a pas pu être lue. Formats acceptés : {{accepted}}.",
  videoPartSize: 'La partie {{number}} doit contenir {{size}} octets.',
  videoPartNumber: 'Ce téléversement comporte les parties 1 à {{count}}.',
  videoPartMissing: "La partie {{number}} de la vidéo n'est pas arrivée : envoyez-la de nouveau.",
  videoUploadClosed: 'Ce téléversement est déjà en cours de finalisation.',
  videoOwnerRequired: 'Choisissez un communiqué ou une galerie pour la vidéo.',
  videoCaptionNotWebvtt:
    'Les sous-titres doivent être un fichier WebVTT : du texte UTF-8 qui commence par « WEBVTT ».',
  videoCaptionTooLarge: 'Le fichier de sous-titres dépasse {{limit}}.',
  videoPosterNotAccepted: "L'image d'affiche doit être un fichier JPEG, PNG ou WebP.",
};

const es: Catalog = {
  statsKind_video_play: 'Reproducciones de vídeos',
  statsKind_video_download: 'Descargas de vídeos',
  videoTooLarge: 'El vídeo supera el límite de {{limit}}.',
  videoQuotaExceeded:
    'Con este vídeo tus vídeos superarían tu límite de {{limit}} (ahora ocupan {{used}}). Elimina un vídeo o cancela una subida sin terminar para hacer sitio.',
  videoNotAccepted: 'Este archivo no es un vídeo publicable. Formatos aceptados: {{accepted}}.',
  videoUnreadable: 'No se pudo leer el vídeo. Formatos aceptados: {{accepted}}.',
  videoPartSize: 'La parte {{number}} debe contener {{size}} bytes.',
  videoPartNumber: 'Esta subida tiene las partes 1 a {{count}}.',
  videoPartMissing: 'La parte {{number}} del vídeo no ha llegado: envíala de nuevo.',
  videoUploadClosed: 'Esta subida ya se está completando.',
  videoOwnerRequired: 'Elige un comunicado o una galería para el vídeo.',
  videoCaptionNotWebvtt: 'Los subtítulos deben ser un archivo WebVTT: texto UTF-8 que empiece por "WEBVTT".',
  videoCaptionTooLarge: 'El archivo de subtítulos supera {{limit}}.',
  videoPosterNotAccepted: 'La imagen de portada debe ser un archivo JPEG, PNG o WebP.',
};

const de: Catalog = {
  statsKind_video_play: 'Videowiedergaben',
  statsKind_video_download: 'Video-Downloads',
  videoTooLarge: 'Das Video ist größer als das Limit von {{limit}}.',
  videoQuotaExceeded:
    'Mit diesem Video überschreiten Ihre Videos Ihr Limit von {{limit}} (sie belegen jetzt {{used}}). Löschen Sie ein Video oder brechen Sie einen unfertigen Upload ab, um Platz zu schaffen.',
  videoNotAccepted: 'Diese Datei ist kein Video, das veröffentlicht werden kann. Akzeptiert: {{accepted}}.',
  videoUnreadable: 'Das Video konnte nicht gelesen werden. Akzeptiert: {{accepted}}.',
  videoPartSize: 'Teil {{number}} muss {{size}} Bytes enthalten.',
  videoPartNumber: 'Dieser Upload hat die Teile 1 bis {{count}}.',
  videoPartMissing: 'Teil {{number}} des Videos ist nicht angekommen: Senden Sie ihn erneut.',
  videoUploadClosed: 'Dieser Upload wird bereits abgeschlossen.',
  videoOwnerRequired: 'Wählen Sie eine Pressemitteilung oder eine Galerie für das Video.',
  videoCaptionNotWebvtt:
    'Die Untertitel müssen eine WebVTT-Datei sein: UTF-8-Text, der mit „WEBVTT“ beginnt.',
  videoCaptionTooLarge: 'Die Untertiteldatei ist größer als {{limit}}.',
  videoPosterNotAccepted: 'Das Vorschaubild muss ein JPEG-, PNG- oder WebP-Bild sein.',
};

const he: Catalog = {
  statsKind_video_play: 'הפעלות סרטונים',
  statsKind_video_download: 'הורדות סרטונים',
  videoTooLarge: 'הסרטון גדול מהמגבלה של {{limit}}.',
  videoQuotaExceeded:
    'עם סרטון זה הסרטונים שלך יעברו את המגבלה שלך, {{limit}} (כעת הם תופסים {{used}}). מחק/י סרטון או בטל/י העלאה שלא הושלמה כדי לפנות מקום.',
  videoNotAccepted: 'הקובץ הזה אינו סרטון שניתן לפרסם. פורמטים מקובלים: {{accepted}}.',
  videoUnreadable: 'לא ניתן היה לקרוא את הסרטון. פורמטים מקובלים: {{accepted}}.',
  videoPartSize: 'חלק {{number}} חייב להכיל {{size}} בתים.',
  videoPartNumber: 'להעלאה הזו יש חלקים 1 עד {{count}}.',
  videoPartMissing: 'חלק {{number}} של הסרטון לא הגיע: יש לשלוח אותו שוב.',
  videoUploadClosed: 'ההעלאה הזו כבר נמצאת בהשלמה.',
  videoOwnerRequired: 'יש לבחור הודעה לעיתונות אחת או גלריה אחת לסרטון.',
  videoCaptionNotWebvtt: 'הכתוביות חייבות להיות קובץ WebVTT: טקסט UTF-8 שמתחיל ב-"WEBVTT".',
  videoCaptionTooLarge: 'קובץ הכתוביות גדול מ-{{limit}}.',
  videoPosterNotAccepted: 'תמונת השער חייבת להיות קובץ JPEG,‏ PNG או WebP.',
};

const ar: Catalog = {
  statsKind_video_play: 'تشغيلات الفيديو',
  statsKind_video_download: 'تنزيلات الفيديو',
  videoTooLarge: 'الفيديو أكبر من الحد البالغ {{limit}}.',
  videoQuotaExceeded:
    'بهذا الفيديو ستتجاوز مقاطع الفيديو الخاصة بك حدّك البالغ {{limit}} (تشغل الآن {{used}}). احذف فيديو أو ألغِ رفعًا لم يكتمل لإفساح المجال.',
  videoNotAccepted: 'هذا الملف ليس فيديو يمكن نشره. الصيغ المقبولة: {{accepted}}.',
  videoUnreadable: 'تعذّرت قراءة الفيديو. الصيغ المقبولة: {{accepted}}.',
  videoPartSize: 'يجب أن يحتوي الجزء {{number}} على {{size}} بايت.',
  videoPartNumber: 'لهذا الرفع الأجزاء من 1 إلى {{count}}.',
  videoPartMissing: 'لم يصل الجزء {{number}} من الفيديو: أرسله مرة أخرى.',
  videoUploadClosed: 'يجري إكمال هذا الرفع بالفعل.',
  videoOwnerRequired: 'اختر بيانًا صحفيًا واحدًا أو معرضًا واحدًا للفيديو.',
  videoCaptionNotWebvtt: 'يجب أن تكون الترجمة ملف WebVTT: نص UTF-8 يبدأ بـ "WEBVTT".',
  videoCaptionTooLarge: 'ملف الترجمة أكبر من {{limit}}.',
  videoPosterNotAccepted: 'يجب أن تكون صورة الغلاف ملف JPEG أو PNG أو WebP.',
};

export const videoMessages = { en, it, fr, es, de, he, ar };
