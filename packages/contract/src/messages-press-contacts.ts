// Messages of the press contacts and boilerplates (PRODUCT.md section 11), spread into every catalog of
// messages.ts. The keys share the one MessageKey namespace.

const en = {
  phoneInvalid: 'Phone number not valid: digits, spaces and + ( ) - . / only',
  tooMany: 'Too many items',
  photoTypeNotAccepted: 'The photo {{name}} must be a JPEG, PNG or WebP image.',
} as const;

type Catalog = Record<keyof typeof en, string>;

const it: Catalog = {
  phoneInvalid: 'Numero di telefono non valido: solo cifre, spazi e + ( ) - . /',
  tooMany: 'Troppi elementi',
  photoTypeNotAccepted: "La foto {{name}} dev'essere un'immagine JPEG, PNG o WebP.",
};

const fr: Catalog = {
  phoneInvalid: 'Numéro de téléphone non valide : chiffres, espaces et + ( ) - . / uniquement',
  tooMany: "Trop d'éléments",
  photoTypeNotAccepted: 'La photo {{name}} doit être une image JPEG, PNG ou WebP.',
};

const es: Catalog = {
  phoneInvalid: 'Número de teléfono no válido: solo dígitos, espacios y + ( ) - . /',
  tooMany: 'Demasiados elementos',
  photoTypeNotAccepted: 'La foto {{name}} debe ser una imagen JPEG, PNG o WebP.',
};

const de: Catalog = {
  phoneInvalid: 'Telefonnummer ungültig: nur Ziffern, Leerzeichen und + ( ) - . /',
  tooMany: 'Zu viele Einträge',
  photoTypeNotAccepted: 'Das Foto {{name}} muss ein JPEG-, PNG- oder WebP-Bild sein.',
};

const he: Catalog = {
  phoneInvalid: 'מספר הטלפון אינו תקין: ספרות, רווחים ו־+ ( ) - . / בלבד',
  tooMany: 'יותר מדי פריטים',
  photoTypeNotAccepted: 'התמונה {{name}} חייבת להיות תמונת JPEG,‏ PNG או WebP.',
};

const ar: Catalog = {
  phoneInvalid: 'رقم الهاتف غير صالح: أرقام ومسافات و+ ( ) - . / فقط',
  tooMany: 'عناصر كثيرة جدًا',
  photoTypeNotAccepted: 'يجب أن تكون الصورة {{name}} صورة JPEG أو PNG أو WebP.',
};

export const pressContactMessages = { en, it, fr, es, de, he, ar };
