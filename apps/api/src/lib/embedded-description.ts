import ExifReader from 'exifreader';

// What a photographer wrote into a picture, read where it is uploaded: the gallery's images and the pictures
// of releases both fill their caption or credit from it.

/** What a photographer wrote into the file: its caption and whom to credit. Empty strings when nothing. */
export interface EmbeddedDescription {
  caption: string;
  credit: string;
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
    return { caption: '', credit: '' };
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
  };
}
