import { z } from 'zod';

/** Where a client learns which site (press group) its hostname belongs to, and the site's public contacts. */
export const siteInfoPath = '/api/site/';

export const siteInfoSchema = z.object({
  /** The press group this hostname belongs to: the client looks it up by this name (press_group call). */
  name: z.string(),
  /** Every configured site: the independent data controllers the privacy notice names. */
  sites: z.array(z.string()),
  privacy_contact_email: z.string(),
  press_office_email: z.string(),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;
