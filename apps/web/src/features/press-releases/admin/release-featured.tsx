import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { PressReleaseEdit } from '@pressroom/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifications.ts';
import { sitesQuery } from '../../../lib/sites-query.ts';
import { adminReleaseQuery, releasesAdminApi } from '../api/releases-api.ts';
import { errorMessage } from './release-files.tsx';

/**
 * The press office features the release at the top of its sites' Home (up to three a site, newest first; a
 * featured release shows there only once anyone may read it). One switch per site of the release.
 */
export function ReleaseFeatured({ release }: { release: PressReleaseEdit }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const sites = useQuery(sitesQuery);
  const [busy, setBusy] = useState(false);
  const title = release.translations[0]?.title ?? '';

  const toggle = async (site: { id: number; name: string }, featured: boolean) => {
    setBusy(true);
    try {
      const saved = await releasesAdminApi.setFeatured(release.id, site.id, featured);
      queryClient.setQueryData(adminReleaseQuery(release.id).queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: ['press-releases-featured'] });
      notify.success(
        t(featured ? 'pressReleases.admin.featuredNow' : 'pressReleases.admin.unfeaturedNow', {
          title,
          site: site.name,
        }),
      );
    } catch (error) {
      notify.error(errorMessage(error, t('errors.generic')));
    } finally {
      setBusy(false);
    }
  };

  const releaseSites = (sites.data ?? []).filter((site) => release.groups.includes(site.id));
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('pressReleases.admin.featuredHelp')}
      </Typography>
      <FormGroup>
        {releaseSites.map((site) => (
          <FormControlLabel
            key={site.id}
            control={
              <Switch
                checked={release.featured_groups.includes(site.id)}
                disabled={busy}
                onChange={(event) => toggle(site, event.target.checked)}
                slotProps={{ input: { 'data-testid': `feature-on-${site.id}` } as object }}
              />
            }
            label={t('pressReleases.admin.featureOn', { site: site.name })}
          />
        ))}
      </FormGroup>
    </>
  );
}
