import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { accreditationAr } from '../i18n/ar.ts';
import { accreditationEn } from '../i18n/en.ts';
import { BadgeCode } from './badge-code.tsx';

const translator = i18next.createInstance();
await translator.use(initReactI18next).init({
  lng: 'en',
  resources: {
    en: { translation: { accreditation: accreditationEn } },
    ar: { translation: { accreditation: accreditationAr } },
  },
  interpolation: { escapeValue: false },
});

const markup = async (language: string) => {
  await translator.changeLanguage(language);
  return renderToStaticMarkup(
    <I18nextProvider i18n={translator}>
      <BadgeCode code="K7QM-3XPR" />
    </I18nextProvider>,
  );
};

describe("a badge's short code in the app", () => {
  it('is offered for the door as the badge prints it, left to right in Arabic too', async () => {
    const english = await markup('en');
    expect(english).toContain('Code for the door, if the QR code cannot be read:');
    expect(english).toMatch(/<strong class="[^"]+" dir="ltr" data-testid="badge-code">K7QM-3XPR<\/strong>/);
    const arabic = await markup('ar');
    expect(arabic).toContain('رمز للمدخل إذا تعذّرت قراءة رمز QR:');
    expect(arabic).toMatch(/<strong class="[^"]+" dir="ltr" data-testid="badge-code">K7QM-3XPR<\/strong>/);
  });
});
