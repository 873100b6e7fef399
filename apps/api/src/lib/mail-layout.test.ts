import { describe, expect, it } from 'vitest';
import { renderMail } from './mail-layout.ts';

describe('renderMail', () => {
  it('puts the site name, heading, paragraphs, action and footer in both parts', () => {
    const { text, html } = renderMail({
      siteName: 'Tile Fair',
      language: 'it',
      heading: 'Conferma il tuo indirizzo',
      paragraphs: ['Grazie per la registrazione.', 'Il link vale 7 giorni.'],
      action: { label: 'Conferma', url: 'https://fair.example/#/verify?token=a.b&x=1' },
      footer: 'Ufficio stampa',
    });
    expect(text).toBe(
      [
        'Tile Fair',
        '',
        'Conferma il tuo indirizzo',
        '',
        'Grazie per la registrazione.',
        '',
        'Il link vale 7 giorni.',
        '',
        'Conferma:',
        'https://fair.example/#/verify?token=a.b&x=1',
        '',
        '--',
        'Ufficio stampa',
        '',
      ].join('\n'),
    );
    expect(html).toContain('<html lang="it" dir="ltr">');
    expect(html).toContain('<title>Conferma il tuo indirizzo</title>');
    expect(html).toContain('href="https://fair.example/#/verify?token=a.b&amp;x=1"');
    expect(html).toContain('>Conferma</a>');
    expect(html).toContain('Ufficio stampa</p>');
  });

  it('escapes every piece of text in the HTML part', () => {
    const { html } = renderMail({
      siteName: 'A & B <Fair>',
      language: 'en',
      heading: '<script>alert(1)</script>',
      paragraphs: ['"quoted" \'single\''],
    });
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('A &amp; B &lt;Fair&gt;');
    expect(html).toContain('&quot;quoted&quot; &#39;single&#39;');
  });

  it('lays out Arabic and Hebrew right-to-left', () => {
    for (const language of ['ar', 'he']) {
      const { html } = renderMail({ siteName: 'S', language, heading: 'H', paragraphs: ['P'] });
      expect(html).toContain(`<html lang="${language}" dir="rtl">`);
      expect(html).toContain('text-align:right');
    }
  });

  it('refuses an action link that is not http(s)', () => {
    expect(() =>
      renderMail({
        siteName: 'S',
        language: 'en',
        heading: 'H',
        paragraphs: [],
        action: { label: 'x', url: 'javascript:alert(1)' },
      }),
    ).toThrow('mail action URL must be http(s)');
  });
});
