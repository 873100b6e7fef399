/**
 * The answers a signed-in journalist can read again with no network (decision 29), by the start of their query
 * keys: the site, Home's releases, the programme (theirs included), the exhibitors, their accreditation (the
 * badge) and their interviews. Nothing of the back office, and no secret (the personal feed's token): they
 * are kept on the device for one account only.
 */
export const offlineQueryKeys: readonly (readonly string[])[] = [
  ['site-info'],
  ['site-group'],
  ['press-groups'],
  ['profile'],
  ['press-releases'],
  ['press-releases-featured'],
  ['press-release-years'],
  ['press-release'],
  ['programme', 'list'],
  ['programme', 'event'],
  ['programme', 'mine'],
  ['programme', 'clashes'],
  ['exhibitor-directory'],
  ['public-exhibitor'],
  ['exhibitor-events'],
  ['accreditation', 'mine'],
  ['interviews', 'mine'],
];
