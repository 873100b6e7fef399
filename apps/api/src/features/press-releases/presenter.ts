import {
  apiPaths,
  coverRenditionsOf,
  type PressRelease,
  type PressReleaseFile,
  type PressReleaseListItem,
  publicPages,
  type ReleaseCompany,
  type ReleaseCover,
  releaseSlug,
  type VideoForReader,
} from '@pressroom/contract';
import { signUrl, withScope } from '../../lib/signed-urls.ts';
import type {
  ReleaseCompanyRow,
  ReleaseCoverRow,
  ReleaseFileRow,
  ReleaseSummaryRow,
} from './release-rows.ts';

export const fileUrl = (id: number) => `/api/press_room/press_release_file/${id}/`;
export const thumbnailUrl = (id: number) => `/api/press_room/press_release_file/${id}/thumbnail/`;
const renditionUrl = apiPaths.pressReleaseFileRendition;

/** How file URLs are written: plain when the release is public, signed (for <img> and links) otherwise. */
export interface UrlSigner {
  secret: string;
  now: Date;
  /** The site the links are made for (the request's). */
  site: number;
  /** Sign: the release is not public (embargoed, or not published and seen from the back office). */
  sign: boolean;
  /** What the signed links say of whom they serve (the access rules' releaseLinkScope). */
  scope: string;
}

const maybeSigned = (path: string, signer: UrlSigner) =>
  signer.sign ? signUrl(signer.secret, withScope(path, signer.scope), signer.now, signer.site) : path;

/** Writes the addresses of the release's other files (its videos') as its own: plain or signed alike. */
export const addressOf = (signer: UrlSigner) => (path: string) => maybeSigned(path, signer);

export function presentFile(file: ReleaseFileRow, signer: UrlSigner): PressReleaseFile {
  return {
    id: file.id,
    kind: file.kind === 'image' ? 'image' : 'attachment',
    language: file.language,
    title: file.title,
    credit: file.credit,
    file_name: file.originalName,
    content_type: file.contentType,
    size: file.size,
    width: file.width,
    height: file.height,
    url: maybeSigned(fileUrl(file.id), signer),
    thumbnail_url: file.thumbnailPath ? maybeSigned(thumbnailUrl(file.id), signer) : null,
    web_url: file.kind === 'image' ? maybeSigned(renditionUrl(file.id, 'web'), signer) : null,
    print_url: file.kind === 'image' ? maybeSigned(renditionUrl(file.id, 'print'), signer) : null,
    renditions: file.kind === 'image' ? file.renditions : null,
  };
}

type Common = Omit<ReleaseSummaryRow, 'excerpt'>;

/** A company as json_build_object gave it (parsed or text, as the driver does). */
export function presentCompany(company: ReleaseCompanyRow | string | null): ReleaseCompany | null {
  if (company === null) return null;
  const row: ReleaseCompanyRow = typeof company === 'string' ? JSON.parse(company) : company;
  return { id: row.id, name: row.name, website: row.website, brands: row.brands };
}

/** The cover with its addresses: plain for a public release, signed by `signer` otherwise. */
function presentCover(cover: ReleaseCoverRow | string | null, signer: UrlSigner | null): ReleaseCover | null {
  if (cover === null) return null;
  const row: ReleaseCoverRow = typeof cover === 'string' ? JSON.parse(cover) : cover;
  const address = (path: string) => (signer ? maybeSigned(path, signer) : path);
  return {
    id: row.id,
    title: row.title,
    credit: row.credit,
    width: row.width,
    height: row.height,
    thumbnail_url: row.has_thumbnail ? address(thumbnailUrl(row.id)) : null,
    web_url: address(renditionUrl(row.id, 'web')),
    renditions: row.renditions,
    sources: coverRenditionsOf(row.width).map(({ step, width }) => ({
      width,
      webp_url: address(apiPaths.pressReleaseFileCover(row.id, step, 'webp')),
      jpeg_url: address(apiPaths.pressReleaseFileCover(row.id, step, 'jpeg')),
    })),
  };
}

/** The picture that stands for a release among its files: the chosen one, else the first. */
export function coverOf<File extends { id: number; kind: string }>(
  files: File[],
  coverFileId: number | null,
): File | undefined {
  const images = files.filter((file) => file.kind === 'image');
  return images.find((file) => file.id === coverFileId) ?? images[0];
}

function presentCommon(row: Common) {
  return {
    id: row.id,
    number: row.number,
    year: row.year,
    publication_date: row.publicationDate,
    language: row.language,
    languages: row.languages,
    title: row.title,
    subtitle: row.subtitle,
    groups: row.groups,
    company_id: row.companyId,
    company: presentCompany(row.company),
    // Shown only while it holds: after its time the release is simply public.
    embargo_until: row.embargoed && row.embargoUntil ? new Date(row.embargoUntil).toISOString() : null,
    embargoed: row.embargoed,
    page_path: releasePagePath(row),
    // Under embargo its files need signed, expiring links, which a kept list must not hold.
    cover: row.embargoed ? null : presentCover(row.cover, null),
  };
}

/** The release's public page, once it has a number (given at first publication). */
export function releasePagePath(row: { year: number; number: number | null; slugTitle: string }) {
  return row.number === null ? null : publicPages.release(row.year, row.number, releaseSlug(row.slugTitle));
}

export function presentListItem(row: ReleaseSummaryRow): PressReleaseListItem {
  return { ...presentCommon(row), excerpt: row.excerpt.replace(/\s+/g, ' ').trim() };
}

export function presentDetail(
  row: Common & { body: string },
  files: ReleaseFileRow[],
  signer: UrlSigner,
  videos: VideoForReader[],
): PressRelease {
  return {
    ...presentCommon(row),
    cover: presentCover(row.cover, signer),
    body: row.body,
    attachments: files.filter((file) => file.kind !== 'image').map((file) => presentFile(file, signer)),
    images: files.filter((file) => file.kind === 'image').map((file) => presentFile(file, signer)),
    videos,
  };
}
