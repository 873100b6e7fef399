import { type PressReleaseListItem, webLinks } from '@pressroom/contract';

/** Characters XML 1.0 can carry at all (a lone surrogate or a control character would break the document). */
const xmlAllowed = (codePoint: number) =>
  codePoint === 0x9 ||
  codePoint === 0xa ||
  codePoint === 0xd ||
  (codePoint >= 0x20 && codePoint <= 0xd7ff) ||
  (codePoint >= 0xe000 && codePoint <= 0xfffd) ||
  codePoint >= 0x10000;

const escapeXml = (value: string) =>
  Array.from(value)
    .filter((character) => xmlAllowed(character.codePointAt(0) ?? 0))
    .join('')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

export interface FeedInput {
  origin: string;
  selfUrl: string;
  title: string;
  language: string;
  updated: Date;
  entries: PressReleaseListItem[];
}

/**
 * The entry's cover: Atom's enclosure link to the web rendition (a JPEG), and Media RSS's thumbnail, which
 * feed readers show beside the entry.
 */
function coverLines(origin: string, entry: PressReleaseListItem): string[] {
  const { cover } = entry;
  if (!cover) return [];
  const web = cover.renditions?.web;
  const length = web ? ` length="${web.size}"` : '';
  const thumbnail = cover.thumbnail_url ?? cover.web_url;
  return [
    `    <link rel="enclosure" type="image/jpeg" href="${escapeXml(`${origin}${cover.web_url}`)}"${length} title="${escapeXml(cover.title)}"/>`,
    `    <media:thumbnail url="${escapeXml(`${origin}${thumbnail}`)}"/>`,
  ];
}

/** An Atom 1.0 document (RFC 4287) listing releases, newest first, each linking to its page in the press room. */
export function renderReleaseFeed(feed: FeedInput): string {
  const host = new URL(feed.origin).hostname;
  const entries = feed.entries.map((entry) => {
    // The release's public page (readable without JavaScript, with its social card); the web app's screen
    // for one without a number yet, which a feed never lists in practice.
    const link = entry.page_path
      ? `${feed.origin}${entry.page_path}?lang=${encodeURIComponent(entry.language)}`
      : `${feed.origin}${webLinks.pressRelease(entry.id)}`;
    const published = `${entry.publication_date}T00:00:00Z`;
    return [
      '  <entry>',
      `    <id>tag:${escapeXml(host)},${entry.publication_date}:press-release-${entry.id}</id>`,
      `    <title>${escapeXml(entry.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(link)}"/>`,
      `    <published>${published}</published>`,
      `    <updated>${published}</updated>`,
      ...coverLines(feed.origin, entry),
      entry.subtitle || entry.excerpt
        ? `    <summary>${escapeXml([entry.subtitle, entry.excerpt].filter(Boolean).join(' - '))}</summary>`
        : '',
      '  </entry>',
    ]
      .filter(Boolean)
      .join('\n');
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/" xml:lang="${escapeXml(feed.language)}">`,
    `  <id>${escapeXml(feed.selfUrl)}</id>`,
    `  <title>${escapeXml(feed.title)}</title>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(feed.selfUrl)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(`${feed.origin}/`)}"/>`,
    `  <updated>${feed.updated.toISOString()}</updated>`,
    `  <author><name>${escapeXml(feed.title)}</name></author>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
