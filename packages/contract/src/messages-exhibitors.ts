// Messages of the exhibitors, their press boxes and their import (PRODUCT.md section 12), spread into every
// catalog of messages.ts. The keys share the one MessageKey namespace.

const en = {
  exhibitorExists: 'This company already exhibits at this edition.',
  exhibitorStandRequired: 'Give at least one hall and stand.',
  exhibitorStandRepeated: 'The same hall and stand is given twice.',
  logoTypeNotAccepted: 'The logo {{name}} must be a JPEG, PNG or WebP image.',
  pressBoxChangeWaits:
    'Your change has been kept: it waits for your company administrator or the press office.',
  pressBoxChangeDecided: 'This change has already been approved or rejected.',
  pressBoxOrderIncomplete: "List each of the press box's contacts once, in their new order.",
  pressBoxContactsFull: 'A press box holds at most {{max}} contacts: remove one before adding another.',
  importTargetField: 'The field "{{field}}" cannot be imported into this target.',
  importTargetFixed:
    'An import keeps the target chosen when its file was uploaded. Upload the file again for another target.',
  importCompanyUnmapped: 'Choose the column that holds the business name or the VAT number.',
  importStandUnmapped: 'Choose the columns that hold the hall and the stand.',
  importRowCompanyUnknown: 'No company has this VAT number or name',
  importRowCompanyAmbiguous: 'Several companies have this name: give the VAT number or the city',
  importRowExhibitorNew: 'New exhibitor: {{stands}}',
  importRowStandsAdded: 'Stands added: {{stands}}',
  importRowExhibitorChanged: 'Changed: {{fields}}',
  importRowStandRepeated: 'Same stand as row {{row}}',
} as const;

type Catalog = Record<keyof typeof en, string>;

const it: Catalog = {
  exhibitorExists: "Questa azienda è già espositrice in quest'edizione.",
  exhibitorStandRequired: 'Indica almeno un padiglione e uno stand.',
  exhibitorStandRepeated: 'Lo stesso padiglione e stand è indicato due volte.',
  logoTypeNotAccepted: "Il logo {{name}} dev'essere un'immagine JPEG, PNG o WebP.",
  pressBoxChangeWaits:
    "La modifica è stata salvata: attende l'amministratore della tua azienda o l'ufficio stampa.",
  pressBoxChangeDecided: 'Questa modifica è già stata approvata o respinta.',
  pressBoxOrderIncomplete: 'Elenca una volta ciascun contatto della press box, nel nuovo ordine.',
  pressBoxContactsFull:
    'Una press box contiene al massimo {{max}} contatti: rimuovine uno prima di aggiungerne un altro.',
  importTargetField: 'Il campo "{{field}}" non si può importare in questa destinazione.',
  importTargetFixed:
    "Un'importazione mantiene la destinazione scelta al caricamento del file. Carica di nuovo il file per un'altra destinazione.",
  importCompanyUnmapped: 'Scegli la colonna con la ragione sociale o la partita IVA.',
  importStandUnmapped: 'Scegli le colonne con il padiglione e lo stand.',
  importRowCompanyUnknown: 'Nessuna azienda ha questa partita IVA o ragione sociale',
  importRowCompanyAmbiguous: 'Più aziende hanno questa ragione sociale: indica la partita IVA o la città',
  importRowExhibitorNew: 'Nuovo espositore: {{stands}}',
  importRowStandsAdded: 'Stand aggiunti: {{stands}}',
  importRowExhibitorChanged: 'Modificato: {{fields}}',
  importRowStandRepeated: 'Stesso stand della riga {{row}}',
};

const fr: Catalog = {
  exhibitorExists: 'Cette entreprise expose déjà à cette édition.',
  exhibitorStandRequired: 'Indiquez au moins un hall et un stand.',
  exhibitorStandRepeated: 'Le même hall et stand est indiqué deux fois.',
  logoTypeNotAccepted: 'Le logo {{name}} doit être une image JPEG, PNG ou WebP.',
  pressBoxChangeWaits:
    "Votre modification est enregistrée : elle attend l'administrateur de votre entreprise ou le service de presse.",
  pressBoxChangeDecided: 'Cette modification a déjà été approuvée ou refusée.',
  pressBoxOrderIncomplete: "Indiquez une fois chaque contact de l'espace presse, dans le nouvel ordre.",
  pressBoxContactsFull:
    "Un espace presse compte au plus {{max}} contacts : retirez-en un avant d'en ajouter un autre.",
  importTargetField: 'Le champ « {{field}} » ne peut pas être importé dans cette destination.',
  importTargetFixed:
    "Une importation garde la destination choisie à l'envoi de son fichier. Envoyez à nouveau le fichier pour une autre destination.",
  importCompanyUnmapped: 'Choisissez la colonne de la raison sociale ou du numéro de TVA.',
  importStandUnmapped: 'Choisissez les colonnes du hall et du stand.',
  importRowCompanyUnknown: "Aucune entreprise n'a ce numéro de TVA ou ce nom",
  importRowCompanyAmbiguous: 'Plusieurs entreprises portent ce nom : indiquez le numéro de TVA ou la ville',
  importRowExhibitorNew: 'Nouvel exposant : {{stands}}',
  importRowStandsAdded: 'Stands ajoutés : {{stands}}',
  importRowExhibitorChanged: 'Modifié : {{fields}}',
  importRowStandRepeated: 'Même stand que la ligne {{row}}',
};

const es: Catalog = {
  exhibitorExists: 'Esta empresa ya expone en esta edición.',
  exhibitorStandRequired: 'Indica al menos un pabellón y un stand.',
  exhibitorStandRepeated: 'El mismo pabellón y stand se indica dos veces.',
  logoTypeNotAccepted: 'El logotipo {{name}} debe ser una imagen JPEG, PNG o WebP.',
  pressBoxChangeWaits:
    'Tu cambio se ha guardado: espera al administrador de tu empresa o a la oficina de prensa.',
  pressBoxChangeDecided: 'Este cambio ya se ha aprobado o rechazado.',
  pressBoxOrderIncomplete: 'Indica una vez cada contacto de la sala de prensa, en el nuevo orden.',
  pressBoxContactsFull:
    'Una sala de prensa tiene como máximo {{max}} contactos: elimina uno antes de añadir otro.',
  importTargetField: 'El campo "{{field}}" no se puede importar en este destino.',
  importTargetFixed:
    'Una importación conserva el destino elegido al subir su archivo. Sube de nuevo el archivo para otro destino.',
  importCompanyUnmapped: 'Elige la columna con la razón social o el número de IVA.',
  importStandUnmapped: 'Elige las columnas con el pabellón y el stand.',
  importRowCompanyUnknown: 'Ninguna empresa tiene este número de IVA o nombre',
  importRowCompanyAmbiguous: 'Varias empresas tienen este nombre: indica el número de IVA o la ciudad',
  importRowExhibitorNew: 'Nuevo expositor: {{stands}}',
  importRowStandsAdded: 'Stands añadidos: {{stands}}',
  importRowExhibitorChanged: 'Modificado: {{fields}}',
  importRowStandRepeated: 'Mismo stand que la fila {{row}}',
};

const de: Catalog = {
  exhibitorExists: 'Dieses Unternehmen stellt bei dieser Ausgabe bereits aus.',
  exhibitorStandRequired: 'Geben Sie mindestens eine Halle und einen Stand an.',
  exhibitorStandRepeated: 'Dieselbe Halle und derselbe Stand sind zweimal angegeben.',
  logoTypeNotAccepted: 'Das Logo {{name}} muss ein JPEG-, PNG- oder WebP-Bild sein.',
  pressBoxChangeWaits:
    'Ihre Änderung wurde gespeichert: Sie wartet auf den Administrator Ihres Unternehmens oder die Pressestelle.',
  pressBoxChangeDecided: 'Diese Änderung wurde bereits genehmigt oder abgelehnt.',
  pressBoxOrderIncomplete: 'Nennen Sie jeden Kontakt der Pressebox genau einmal, in der neuen Reihenfolge.',
  pressBoxContactsFull:
    'Eine Pressebox enthält höchstens {{max}} Kontakte: Entfernen Sie einen, bevor Sie einen weiteren hinzufügen.',
  importTargetField: 'Das Feld „{{field}}“ kann nicht in dieses Ziel importiert werden.',
  importTargetFixed:
    'Ein Import behält das beim Hochladen der Datei gewählte Ziel. Laden Sie die Datei für ein anderes Ziel erneut hoch.',
  importCompanyUnmapped: 'Wählen Sie die Spalte mit dem Firmennamen oder der USt-IdNr.',
  importStandUnmapped: 'Wählen Sie die Spalten mit der Halle und dem Stand.',
  importRowCompanyUnknown: 'Kein Unternehmen hat diese USt-IdNr. oder diesen Namen',
  importRowCompanyAmbiguous:
    'Mehrere Unternehmen haben diesen Namen: Geben Sie die USt-IdNr. oder den Ort an',
  importRowExhibitorNew: 'Neuer Aussteller: {{stands}}',
  importRowStandsAdded: 'Stände hinzugefügt: {{stands}}',
  importRowExhibitorChanged: 'Geändert: {{fields}}',
  importRowStandRepeated: 'Derselbe Stand wie in Zeile {{row}}',
};

const he: Catalog = {
  exhibitorExists: 'חברה זו כבר מציגה במהדורה זו.',
  exhibitorStandRequired: 'יש לציין לפחות אולם ודוכן אחד.',
  exhibitorStandRepeated: 'אותו אולם ודוכן צוינו פעמיים.',
  logoTypeNotAccepted: 'הלוגו {{name}} חייב להיות תמונת JPEG,‏ PNG או WebP.',
  pressBoxChangeWaits: 'השינוי שלך נשמר: הוא ממתין למנהל החברה שלך או למשרד העיתונות.',
  pressBoxChangeDecided: 'שינוי זה כבר אושר או נדחה.',
  pressBoxOrderIncomplete: 'ציינו כל איש קשר של תיבת העיתונות פעם אחת, בסדר החדש.',
  pressBoxContactsFull: 'תיבת עיתונות מכילה לכל היותר {{max}} אנשי קשר: הסירו אחד לפני הוספת אחר.',
  importTargetField: 'לא ניתן לייבא את השדה "{{field}}" ליעד זה.',
  importTargetFixed: 'ייבוא שומר על היעד שנבחר בעת העלאת הקובץ. יש להעלות את הקובץ שוב עבור יעד אחר.',
  importCompanyUnmapped: 'יש לבחור את העמודה עם שם החברה או מספר המע"מ.',
  importStandUnmapped: 'יש לבחור את העמודות עם האולם והדוכן.',
  importRowCompanyUnknown: 'אין חברה עם מספר מע"מ או שם זה',
  importRowCompanyAmbiguous: 'לכמה חברות יש שם זה: יש לציין את מספר המע"מ או את העיר',
  importRowExhibitorNew: 'מציג חדש: {{stands}}',
  importRowStandsAdded: 'דוכנים שנוספו: {{stands}}',
  importRowExhibitorChanged: 'שונה: {{fields}}',
  importRowStandRepeated: 'אותו דוכן כמו בשורה {{row}}',
};

const ar: Catalog = {
  exhibitorExists: 'هذه الشركة عارضة بالفعل في هذه الدورة.',
  exhibitorStandRequired: 'حدّد قاعة وجناحًا واحدًا على الأقل.',
  exhibitorStandRepeated: 'القاعة والجناح نفسهما مذكوران مرتين.',
  logoTypeNotAccepted: 'يجب أن يكون الشعار {{name}} صورة JPEG أو PNG أو WebP.',
  pressBoxChangeWaits: 'تم حفظ تعديلك: وهو بانتظار مسؤول شركتك أو المكتب الصحفي.',
  pressBoxChangeDecided: 'تمت الموافقة على هذا التعديل أو رفضه بالفعل.',
  pressBoxOrderIncomplete: 'اذكر كل جهة اتصال في صندوق الصحافة مرة واحدة، بالترتيب الجديد.',
  pressBoxContactsFull: 'يضم صندوق الصحافة {{max}} جهة اتصال على الأكثر: احذف واحدة قبل إضافة أخرى.',
  importTargetField: 'لا يمكن استيراد الحقل "{{field}}" إلى هذه الوجهة.',
  importTargetFixed: 'يحتفظ الاستيراد بالوجهة التي اختيرت عند تحميل ملفه. حمّل الملف مرة أخرى لوجهة أخرى.',
  importCompanyUnmapped: 'اختر العمود الذي يحتوي على اسم الشركة أو رقم ضريبة القيمة المضافة.',
  importStandUnmapped: 'اختر العمودين اللذين يحتويان على القاعة والجناح.',
  importRowCompanyUnknown: 'لا توجد شركة بهذا الرقم الضريبي أو الاسم',
  importRowCompanyAmbiguous: 'عدة شركات تحمل هذا الاسم: حدّد الرقم الضريبي أو المدينة',
  importRowExhibitorNew: 'عارض جديد: {{stands}}',
  importRowStandsAdded: 'أجنحة مضافة: {{stands}}',
  importRowExhibitorChanged: 'تم التعديل: {{fields}}',
  importRowStandRepeated: 'الجناح نفسه كما في السطر {{row}}',
};

export const exhibitorMessages = { en, it, fr, es, de, he, ar };
