// What other features may use of the press programme: what the site's sitemap names of it, and the ending of
// an account's or an accreditation's places (accounts and accreditations call it; the waiting list's rule
// stays here). Everything else is inside.

export { programmeSitemapEntries } from './public-page-sitemap.ts';
export { endPlacesOf, type PlacesDeps } from './waiting-list.ts';
