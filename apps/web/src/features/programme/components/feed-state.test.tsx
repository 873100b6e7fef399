import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { programmeEn } from '../i18n/en.ts';
import { FeedState } from './feed-state.tsx';

const translator = i18next.createInstance();
await translator.use(initReactI18next).init({
  lng: 'en',
  resources: { en: { translation: { programme: programmeEn } } },
  interpolation: { escapeValue: false },
});

const render = (node: React.ReactNode) =>
  renderToStaticMarkup(<I18nextProvider i18n={translator}>{node}</I18nextProvider>);

const made = {
  url: 'https://fair.example/api/programme/feeds/abc.ics',
  webcal_url: 'webcal://fair.example/api/programme/feeds/abc.ics',
  created_at: '2026-09-15T09:00:00.000Z',
};

describe('the personal feed on My programme', () => {
  it('says a new address is ready in the page, above the address, where no notification can cover it', () => {
    const html = render(<FeedState feed={made} justMade />);
    const ready = html.indexOf('data-testid="personal-feed-ready"');
    expect(ready).toBeGreaterThan(-1);
    expect(html).toMatch(/<div [^>]*role="status"[^>]*data-testid="personal-feed-ready"/);
    expect(html).toContain('Your new address is ready.');
    expect(ready).toBeLessThan(html.indexOf('data-testid="personal-feed-once"'));
    expect(html.indexOf('data-testid="personal-feed-once"')).toBeLessThan(
      html.indexOf('value="webcal://fair.example/api/programme/feeds/abc.ics"'),
    );
  });

  it('says nothing is ready when only the date of an earlier address is known', () => {
    const html = render(<FeedState feed={{ ...made, url: null, webcal_url: null }} justMade={false} />);
    expect(html).not.toContain('personal-feed-ready');
    expect(html).toContain('Your personal feed address was made on September 15, 2026.');
  });
});
