import type { LayoutExtrasCatalog } from './en.ts';

export const layoutExtrasDe: LayoutExtrasCatalog = {
  errorReport: {
    button: 'Problem melden',
    title: 'Problem melden',
    intro: 'Etwas ist schiefgelaufen. Möchten Sie einen Bericht senden, damit wir den Fehler beheben können?',
    errorLabel: 'Fehler',
    name: 'Name',
    email: 'E-Mail',
    comments: 'Was haben Sie gerade getan? (optional)',
    send: 'Bericht senden',
    sending: 'Wird gesendet…',
    dismiss: 'Nicht senden',
    cancel: 'Abbrechen',
    thanks: 'Ihr Feedback wurde gesendet. Vielen Dank!',
    invalid: 'Einige Felder sind ungültig. Bitte korrigieren Sie die Fehler und versuchen Sie es erneut.',
    unknown:
      'Beim Senden Ihres Berichts ist ein unbekannter Fehler aufgetreten. Bitte versuchen Sie es erneut.',
  },
  customizer: {
    rtl: 'Layout von rechts nach links',
    backgroundImage: 'Hintergrundbild der Seitenleiste',
    image: 'Hintergrundbild',
    images: {
      majolica: 'Majolika',
      hexagons: 'Sechseckfliesen',
      terrazzo: 'Terrazzo',
      glaze: 'Glasurwellen',
    },
    sidebarFilter: 'Filter der Seitenleiste',
    headerFilter: 'Filter der Kopfzeile',
    filters: {
      theme: 'Farbe des Themas',
      charcoal: 'Anthrazit',
      navy: 'Marineblau',
      teal: 'Petrol',
      forest: 'Waldgrün',
      wine: 'Weinrot',
      plum: 'Pflaume',
      terracotta: 'Terrakotta',
    },
    routerAnimation: 'Seitenanimation',
    animations: {
      fadeIn: 'Einblenden',
      fadeInUp: 'Von unten einblenden',
      slideInStart: 'Vom Anfang hereingleiten',
      slideInEnd: 'Vom Ende hereingleiten',
      zoomIn: 'Heranzoomen',
      none: 'Keine',
    },
    reducedMotion: 'Ihr Gerät wünscht weniger Bewegung: Seiten erscheinen ohne Animation.',
    startTour: 'Geführte Tour starten',
  },
  tour: {
    label: 'Geführte Tour',
    stepOf: 'Schritt {{step}} von {{total}}',
    next: 'Weiter',
    back: 'Zurück',
    skip: 'Tour überspringen',
    done: 'Fertig',
    steps: {
      sidebarToggle: { title: 'Menü', text: 'Diese Schaltfläche öffnet und schließt die Seitenleiste.' },
      language: {
        title: 'Sprache',
        text: 'Wählen Sie hier Ihre Sprache. Hebräisch und Arabisch stellen die Seite von rechts nach links dar.',
      },
      user: {
        title: 'Ihr Konto',
        text: 'Melden Sie sich hier an oder öffnen Sie Ihr Kontomenü: Profil, Passwort und Abmelden.',
      },
      sidebar: {
        title: 'Der Pressebereich',
        text: 'Die Seitenleiste führt zu den Pressemitteilungen, der Galerie, den Magazinen, der Pressemappe und dem Kontaktformular.',
      },
      content: {
        title: 'Die Seite',
        text: 'Hier erscheint, was Sie wählen. Sie können diese Tour in den Anzeigeeinstellungen oder im Kontomenü neu starten.',
      },
    },
  },
};
