import { z } from 'zod';

/** The answer of `apiPaths.siteInfo`: which site (press group) the hostname belongs to, and its contacts. */
export const siteInfoSchema = z.object({
  /** The press group this hostname belongs to: the client looks it up by this name (press_group call). */
  name: z.string(),
  /** Every configured site: the independent data controllers the privacy notice names. */
  sites: z.array(z.string()),
  privacy_contact_email: z.string(),
  press_office_email: z.string(),
  /** The largest video the server takes (its `VIDEO_MAX_BYTES`): the browser checks a chosen file against it. */
  video_max_size: z.number().int(),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;
