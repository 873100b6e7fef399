import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoAdministrator } from '../apps/api/src/demo/seed-demo.ts';
import { officer, startOfficeServer } from './content-admin-support.ts';
import { desktop, signedInPage, startJourney } from './journey-support.ts';
import { expectNoAxeViolations } from './press-content-support.ts';
import { expectNotification, openScreen, signInThroughApi } from './web-app.ts';

/** What Word puts on the clipboard: Office namespaces, mso styles and classes, spans and empty o:p. */
const fromWord = `<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><style>p.MsoNormal{margin:0}</style></head>
<body lang=IT><!--StartFragment--><h1 style="mso-style-name:Titolo"><span style="font-family:Calibri">Glazes of Faenza</span></h1>
<p class=MsoNormal style="margin-bottom:0"><span style="font-size:12pt;color:#333">Twelve <b style="mso-bidi-font-weight:normal">workshops</b> exhibit.<o:p></o:p></span></p>
<ul style="margin-top:0"><li class=MsoListParagraph style="mso-list:l0 level1 lfo1"><span style="font-family:Symbol">Tin glaze</span></li><li class=MsoListParagraph>Lustre</li></ul><!--EndFragment--></body></html>`;

/** What Google Docs puts there: a bold wrapper that is not bold, spans with inline styles, a link. */
const fromDocs = `<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1234"><p dir="ltr" style="line-height:1.38"><span style="font-size:11pt;font-family:Arial;font-weight:700">Opening hours</span><span style="font-size:11pt"> are on </span><a href="https://fair.example/hours" style="text-decoration:none"><span style="color:#1155cc;text-decoration:underline">the fair's site</span></a></p><ol><li dir="ltr"><p dir="ltr"><span>Monday</span></p></li></ol></b>`;

/** Pastes HTML into the focused editor as the browser's clipboard would deliver it. */
async function paste(page: Page, html: string) {
  await page.evaluate((markup) => {
    const data = new DataTransfer();
    data.setData('text/html', markup);
    data.setData('text/plain', markup.replace(/<[^>]+>/g, ''));
    document.activeElement?.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, html);
}

/** What only TipTap's and ProseMirror's code says: TipTap's warnings, the class ProseMirror hides a selection by. */
const editorCode = /\[tiptap warn\]|ProseMirror-hideselection/;

/** Records the scripts a page asks for: each file's name without its content hash, and whether it is the editor's code. */
function recordScripts(page: Page) {
  const scripts: Promise<{ name: string; editor: boolean }>[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (!pathname.endsWith('.js')) return;
    const name = (pathname.split('/').pop() ?? '').replace(/-[\w-]{8}\.js$/, '');
    scripts.push(
      request
        .response()
        .then(async (response) => ({ name, editor: editorCode.test((await response?.text()) ?? '') })),
    );
  });
  /** The scripts asked for since the last call, once they have arrived. */
  return async () => (await Promise.all(scripts.splice(0))).sort((a, b) => a.name.localeCompare(b.name));
}

const editorHtml = (page: Page, index = 0) =>
  page
    .getByTestId('release-body-editor')
    .nth(index)
    .evaluate((element) => element.innerHTML);

describe('the release editor (TipTap): toolbar, shortcuts, paste, right to left', () => {
  const journey = startJourney(() => startOfficeServer());

  it('fetches TipTap only with the editor screen, never on Home, a release or the gallery', async () => {
    const context = await journey.browser.newContext({ locale: 'en-GB', viewport: desktop });
    await signInThroughApi(context, journey.server.url, officer, 'en');
    const page = await context.newPage();
    const fetchedSince = recordScripts(page);

    await openScreen(page, journey.server.url, '/home');
    await page.getByTestId('release-list').getByRole('link').first().click();
    await page.getByTestId('release-body').waitFor();
    await openScreen(page, journey.server.url, '/press-gallery');
    await page.getByTestId('gallery-tree').waitFor();
    // Once the page is idle too, when anything fetched ahead of need would have been asked for.
    await page.evaluate(
      () => new Promise((resolve) => window.requestIdleCallback(resolve, { timeout: 2000 })),
    );
    const reading = await fetchedSince();
    // The recorder saw the app and the screens' own files come...
    expect(reading.map((script) => script.name)).toEqual(
      expect.arrayContaining(['app', 'home', 'press-release-screen', 'press-gallery-screen']),
    );
    // ...and none of them holds the editor's code.
    expect(reading.filter((script) => script.editor)).toEqual([]);

    await openScreen(page, journey.server.url, '/admin/press-releases/new');
    await page.getByTestId('release-body-editor').waitFor();
    const editing = await fetchedSince();
    expect(editing.filter((script) => script.editor)).toEqual([
      { name: 'release-editor-screen', editor: true },
    ]);
    await context.close();
  });

  it('formats by keyboard and toolbar, cleans what Word and Google Docs paste, and saves clean HTML', async () => {
    const { context, page } = await signedInPage(journey, officer, '/admin/press-releases/new', {
      context: { viewport: desktop },
    });
    await page.getByTestId('release-title-input').fill('Faenza glazes at the fair');
    const body = page.getByTestId('release-body-editor');
    await body.click();
    // Shortcuts: a heading (Ctrl+Alt+2), bold (Ctrl+B), a bulleted list (Ctrl+Shift+8).
    await page.keyboard.press('Control+Alt+2');
    await page.keyboard.type('Twelve workshops');
    await page.keyboard.press('Enter');
    await page.keyboard.type('They bring ');
    await page.keyboard.press('Control+B');
    await page.keyboard.type('lustreware');
    await page.keyboard.press('Control+B');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+Shift+8');
    await page.keyboard.type('Tin glaze');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    expect(await editorHtml(page)).toBe(
      '<h2>Twelve workshops</h2><p>They bring <strong>lustreware</strong></p><ul><li><p>Tin glaze</p></li></ul><p><br class="ProseMirror-trailingBreak"></p>',
    );

    // A link by Ctrl+K on typed text.
    await page.keyboard.type('See the programme');
    await expect.poll(() => editorHtml(page)).toContain('<p>See the programme</p>');
    for (let index = 0; index < 'programme'.length; index += 1) await page.keyboard.press('Shift+ArrowLeft');
    await expect.poll(() => page.evaluate(() => window.getSelection()?.toString())).toBe('programme');
    // ProseMirror reads the selection on the browser's selectionchange events, which trail the keys a little:
    // wait until the editor's own state has the word selected.
    await expect
      .poll(() =>
        page
          .getByTestId('release-body-editor')
          .first()
          .evaluate((element) => {
            type State = {
              selection: { from: number; to: number };
              doc: { textBetween: (from: number, to: number) => string };
            };
            const state = (element as Element & { editor?: { state: State } }).editor?.state;
            return state?.doc.textBetween(state.selection.from, state.selection.to);
          }),
      )
      .toBe('programme');
    await page.keyboard.press('Control+K');
    const address = page.getByTestId('editor-link-url');
    await address.fill('javascript:alert(1)');
    await page.getByTestId('editor-link-apply').click();
    await page.getByText('Enter an address starting with https://, http:// or mailto:.').waitFor();
    await address.fill('https://fair.example/programme');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect
      .poll(() => editorHtml(page))
      .toContain('href="https://fair.example/programme">programme</a></p>');
    // The dialog's form is not the release's: applying a link saved nothing, the release is still new.
    expect(page.url()).toMatch(/#\/admin\/press-releases\/new$/);
    expect(await page.getByText('The press release has been saved.').count()).toBe(0);

    // The toolbar is one tab stop; arrows move along it, Enter presses (Shift+Tab from the text reaches it).
    await body.press('Shift+Tab');
    const bold = page.getByTestId('editor-bold');
    expect(await bold.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(
      await page.getByTestId('editor-heading').evaluate((element) => element === document.activeElement),
    ).toBe(true);
    await page.keyboard.press('End');
    expect(
      await page.getByTestId('editor-unlink').evaluate((element) => element === document.activeElement),
    ).toBe(true);
    expect(
      await page
        .getByRole('toolbar')
        .getByRole('button')
        .evaluateAll((buttons) => buttons.map((button) => button.tabIndex)),
    ).toEqual([-1, -1, -1, -1, -1, -1, -1, 0]);
    // Tab leaves the toolbar for the text.
    await page.keyboard.press('Tab');
    expect(await body.evaluate((element) => element === document.activeElement)).toBe(true);
    await expectNoAxeViolations(page);

    // Paste from Word and from Google Docs at the end: structure kept, styles, classes and wrappers gone.
    await body.locator('p').last().click();
    await page.keyboard.press('End');
    // Focus came back with the link still selected; the next keys must wait until the editor has read the
    // click's caret (a person's hand is never that fast).
    await expect
      .poll(() =>
        body.evaluate((element) => {
          const { selection, doc } = (
            element as unknown as {
              editor: {
                state: { selection: { empty: boolean; to: number }; doc: { content: { size: number } } };
              };
            }
          ).editor.state;
          return selection.empty && selection.to === doc.content.size - 1;
        }),
      )
      .toBe(true);
    await page.keyboard.press('Enter');
    await paste(page, fromWord);
    // The paste ends in its list: two Enters leave it, as when typing.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await paste(page, fromDocs);
    const html = await editorHtml(page);
    expect(html).toContain(
      '<h2>Glazes of Faenza</h2><p>Twelve <strong>workshops</strong> exhibit.</p><ul><li><p>Tin glaze</p></li><li><p>Lustre</p></li></ul>',
    );
    expect(html).toContain('<p><strong>Opening hours</strong> are on <a ');
    expect(html).toContain(
      'href="https://fair.example/hours">the fair\'s site</a></p><ol><li><p>Monday</p></li></ol>',
    );
    expect(html).not.toMatch(/style=|class="Mso|<span|docs-internal|<o:p/);

    await page.getByTestId('save-release').click();
    await expectNotification(page, 'success', 'The press release has been saved.');
    await page.waitForURL(/#\/admin\/press-releases\/\d+$/);
    const id = Number(/(\d+)$/.exec(page.url())?.[1]);
    // What the server stored: the same clean markup, its sanitiser adding rel to every link.
    const token = await page.evaluate(() => window.localStorage.getItem('token'));
    const stored = (await (
      await fetch(`${journey.server.url}/api/press_room/admin/press_release/${id}/`, {
        headers: { authorization: `JWT ${token}` },
      })
    ).json()) as { translations: { body: string }[] };
    expect(stored.translations[0].body).toBe(
      [
        '<h2>Twelve workshops</h2><p>They bring <strong>lustreware</strong></p><ul><li><p>Tin glaze</p></li></ul>',
        '<p>See the <a href="https://fair.example/programme" rel="noopener noreferrer nofollow">programme</a></p>',
        '<h2>Glazes of Faenza</h2><p>Twelve <strong>workshops</strong> exhibit.</p><ul><li><p>Tin glaze</p></li><li><p>Lustre</p></li></ul>',
        '<p><strong>Opening hours</strong> are on <a href="https://fair.example/hours" rel="noopener noreferrer nofollow">the fair\'s site</a></p><ol><li><p>Monday</p></li></ol>',
      ].join(''),
    );
    await context.close();
  });

  it('writes an Arabic translation right to left, in dark mode, without axe violations', async () => {
    const { context, page } = await signedInPage(journey, demoAdministrator, '/admin/press-releases/new', {
      context: { viewport: desktop, colorScheme: 'dark' },
    });
    await page.evaluate(() => window.localStorage.setItem('settings', JSON.stringify({ darkMode: true })));
    await page.reload();
    await page.getByTestId('add-language').click();
    await page.getByTestId('add-language-ar').click();
    await page.getByTestId('tab-ar').click();
    const arabic = page.getByTestId('release-body-editor').last();
    await arabic.waitFor();
    expect(await arabic.getAttribute('dir')).toBe('rtl');
    expect(await arabic.getAttribute('lang')).toBe('ar');
    await arabic.click();
    await page.keyboard.type('معرض البلاط');
    expect(await arabic.evaluate((element) => element.innerHTML)).toBe('<p>معرض البلاط</p>');
    // In right-to-left text the toolbar's arrows follow the direction: ArrowLeft goes to the next button.
    await arabic.press('Shift+Tab');
    await page.keyboard.press('ArrowLeft');
    const toolbars = page.getByRole('toolbar');
    expect(
      await toolbars
        .last()
        .getByTestId('editor-italic')
        .evaluate((element) => element === document.activeElement),
    ).toBe(true);
    await page.keyboard.press('Tab');
    await expectNoAxeViolations(page);
    await context.close();
  });
});
