import { Parser } from 'htmlparser2';

/** The head of a page as a crawler reads it: meta tags, links and JSON-LD blocks. */
export function readHead(html: string) {
  const meta = new Map<string, string>();
  const links: { rel: string; hreflang?: string; href: string; type?: string }[] = [];
  const jsonLd: unknown[] = [];
  let htmlAttributes: Record<string, string> = {};
  let title = '';
  let inTitle = false;
  let script: string | null = null;
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === 'html') htmlAttributes = attributes;
      if (name === 'meta') {
        const key = attributes.property ?? attributes.name;
        if (key) meta.set(key, attributes.content ?? '');
      }
      if (name === 'link') {
        links.push({
          rel: attributes.rel,
          hreflang: attributes.hreflang,
          href: attributes.href,
          type: attributes.type,
        });
      }
      if (name === 'title') inTitle = true;
      if (name === 'script' && attributes.type === 'application/ld+json') script = '';
    },
    ontext(text) {
      if (inTitle) title += text;
      if (script !== null) script += text;
    },
    onclosetag(name) {
      if (name === 'title') inTitle = false;
      if (name === 'script' && script !== null) {
        jsonLd.push(JSON.parse(script));
        script = null;
      }
    },
  });
  parser.write(html);
  parser.end();
  return { meta, links, jsonLd, htmlAttributes, title };
}
