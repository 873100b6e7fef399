/** The crash-report dialog, the customizer's layout options and the guided tour. */
export const layoutExtrasEn = {
  errorReport: {
    button: 'Report a problem',
    title: 'Report a problem',
    intro: 'Something went wrong. Would you like to send a report to help us fix it?',
    errorLabel: 'Error',
    name: 'Name',
    email: 'E-mail',
    comments: 'What were you doing? (optional)',
    send: 'Send report',
    sending: 'Sending…',
    dismiss: "Don't send",
    cancel: 'Cancel',
    thanks: 'Your feedback has been sent. Thank you!',
    invalid: 'Some fields were invalid. Please correct the errors and try again.',
    unknown: 'An unknown error occurred while submitting your report. Please try again.',
  },
  customizer: {
    rtl: 'Right-to-left layout',
    backgroundImage: 'Sidebar background image',
    image: 'Background image',
    images: { majolica: 'Majolica', hexagons: 'Hexagon tiles', terrazzo: 'Terrazzo', glaze: 'Glaze waves' },
    sidebarFilter: 'Sidebar filter',
    headerFilter: 'Header filter',
    filters: {
      theme: 'Theme colour',
      charcoal: 'Charcoal',
      navy: 'Navy',
      teal: 'Teal',
      forest: 'Forest',
      wine: 'Wine',
      plum: 'Plum',
      terracotta: 'Terracotta',
    },
    routerAnimation: 'Page animation',
    animations: {
      fadeIn: 'Fade in',
      fadeInUp: 'Fade in upwards',
      slideInStart: 'Slide in from the start',
      slideInEnd: 'Slide in from the end',
      zoomIn: 'Zoom in',
      none: 'None',
    },
    reducedMotion: 'Your device asks for reduced motion: pages appear without animation.',
    startTour: 'Start the guided tour',
  },
  tour: {
    label: 'Guided tour',
    stepOf: 'Step {{step}} of {{total}}',
    next: 'Next',
    back: 'Back',
    skip: 'Skip the tour',
    done: 'Done',
    steps: {
      sidebarToggle: { title: 'Menu', text: 'This button opens and closes the sidebar.' },
      language: {
        title: 'Language',
        text: 'Choose your language here. Hebrew and Arabic switch the layout to right-to-left.',
      },
      user: {
        title: 'Your account',
        text: 'Sign in here, or open your account menu: profile, password and log out.',
      },
      sidebar: {
        title: 'The press room',
        text: 'The sidebar leads to the press releases, the gallery, the magazines, the press kit and the contact form.',
      },
      content: {
        title: 'The page',
        text: 'What you choose appears here. You can restart this tour from the display settings or the account menu.',
      },
    },
  },
};

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type LayoutExtrasCatalog = Widen<typeof layoutExtrasEn>;
