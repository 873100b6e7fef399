import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ProfileCalendarFeed } from './profile-calendar-feed.tsx';

// The programme feature's words, as its German catalog gives them to the app (a feature's test may not import
// another feature).
const programmeDe = {
  mine: {
    feedTitle: 'Mein Programm in meinem Kalender',
    profileText: 'Ihre Termine und zugesagten Interviews in Ihrer Kalender-App.',
    profileAction: 'Mein Programm zum Kalender hinzufügen',
  },
};

const translator = i18next.createInstance();
await translator.use(initReactI18next).init({
  lng: 'de',
  resources: { de: { translation: { programme: programmeDe } } },
  interpolation: { escapeValue: false },
});

describe('the profile', () => {
  it('leads to the personal calendar feed, opening My programme at it', () => {
    const html = renderToStaticMarkup(
      <I18nextProvider i18n={translator}>
        <MemoryRouter>
          <ProfileCalendarFeed />
        </MemoryRouter>
      </I18nextProvider>,
    );
    expect(html).toContain('>Mein Programm in meinem Kalender</h2>');
    const link = /<a [^>]*>Mein Programm zum Kalender hinzufügen<\/a>/.exec(html)?.[0] ?? '';
    expect(link).toContain('href="/account/my-programme?show=feed"');
    expect(link).toContain('data-testid="profile-personal-feed"');
  });
});
