import { imageKeywordLimits as keywordLimits } from '@pressroom/contract';
import ExifReader from 'exifreader';

// What a photographer wrote into a picture, read where it is uploaded: the gallery's images and the pictures
// of releases both fill their caption or credit from it; the gallery's images keep its keywords too.

/**
 * What a photographer wrote into the file: its caption, whom to credit and its keywords. Empty strings and an
 * empty list when nothing.
 */
export interface EmbeddedDescription {
  caption: string;
  credit: string;
  keywords: string[];
}

/** Metadata sits before the pixels in the files picture desks send; the rest of the file is not read. */
const metadataBytes = 1024 * 1024;

/**
 * Reads the IPTC, XMP and EXIF description of an original, in that order of preference for each field. The
 * credit joins the By-line, Credit and Copyright Notice (each once), so none of the three is lost.
 */
export async function readEmbeddedDescription(filePath: string): Promise<EmbeddedDescription> {
  let tags: ExifReader.ExpandedTags;
  try {
    tags = await ExifReader.load(filePath, { expanded: true, length: metadataBytes });
  } catch {
    // A file whose metadata cannot be parsed still is a picture; it just says nothing about itself.
    return { caption: '', credit: '', keywords: [] };
  }
  const text = (tag: unknown) => {
    const description = (tag as { description?: unknown } | undefined)?.description;
    return typeof description === 'string' ? description.trim() : '';
  };
  const first = (...tagValues: unknown[]) => tagValues.map(text).find((value) => value.length > 0) ?? '';
  const {
    iptc = {},
    xmp = {},
    exif = {},
  } = tags as {
    iptc?: Record<string, unknown>;
    xmp?: Record<string, unknown>;
    exif?: Record<string, unknown>;
  };
  const caption = first(iptc['Caption/Abstract'], xmp.description, exif.ImageDescription);
  const byLine = first(iptc['By-line'], xmp.creator, exif.Artist);
  const credit = first(iptc.Credit, xmp.Credit);
  const copyright = first(iptc['Copyright Notice'], xmp.rights, exif.Copyright);
  return {
    caption: caption.slice(0, 1000),
    credit: [...new Set([byLine, credit, copyright].filter(Boolean))].join(' / ').slice(0, 300),
    keywords: distinctKeywords([
      ...listed(iptc.Keywords).map(text),
      ...listed(xmpValue(xmp.subject)).map(text),
    ]),
  };
}

/** A repeated IPTC dataset is read as a list of tags, a single one as the tag itself. */
const listed = (tag: unknown): unknown[] => (Array.isArray(tag) ? tag : tag === undefined ? [] : [tag]);

/** XMP's dc:subject is a bag: its value lists one tag per keyword. */
const xmpValue = (tag: unknown) => (tag as { value?: unknown } | undefined)?.value;

/**
 * Keywords as they are kept: trimmed, none empty, each once (whatever its case; the first spelling wins), at
 * most `keywordLimits.count` of at most `keywordLimits.length` characters. IPTC's come before XMP's.
 */
export function distinctKeywords(keywords: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const keyword of keywords) {
    const trimmed = keyword.trim().slice(0, keywordLimits.length).trim();
    const key = trimmed.toLocaleLowerCase();
    if (trimmed.length === 0 || seen.has(key)) continue;
    seen.add(key);
    kept.push(trimmed);
    if (kept.length === keywordLimits.count) break;
  }
  return kept;
}
