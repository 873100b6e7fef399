import Business from '@mui/icons-material/BusinessOutlined';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReleaseCompany as Company } from '@pressroom/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** A web address as people write it: without the scheme and the trailing slash. */
const shortAddress = (url: string) => url.replace(/^https?:\/\//i, '').replace(/\/$/, '');
const isWebAddress = (url: string) => /^https?:\/\/[^\s]+$/i.test(url);

/**
 * The member company a release is about: its name (a link to all its releases on Home), its website and
 * its brands (each a link to the releases of its companies).
 */
export function ReleaseCompany({ company, homePath }: { company: Company; homePath: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack
      dir={i18n.dir()}
      direction="row"
      useFlexGap
      sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 2 }}
      data-testid="release-company"
    >
      <Business fontSize="small" color="action" aria-hidden="true" />
      <Typography variant="body2" component="span">
        {t('pressReleases.fromCompany')}{' '}
        <Link
          component={RouterLink}
          to={`${homePath}?company=${company.id}`}
          aria-label={t('pressReleases.allOfCompany', { company: company.name })}
          sx={{ fontWeight: 600 }}
        >
          {company.name}
        </Link>
      </Typography>
      {isWebAddress(company.website) && (
        <Link href={company.website} variant="body2" rel="noopener" target="_blank" dir="ltr">
          {shortAddress(company.website)}
        </Link>
      )}
      {company.brands.length > 0 && (
        <Stack
          component="ul"
          direction="row"
          useFlexGap
          aria-label={t('pressReleases.brands')}
          sx={{ listStyle: 'none', p: 0, m: 0, gap: 0.75, flexWrap: 'wrap' }}
        >
          {company.brands.map((brand) => (
            <li key={brand.id}>
              <Chip
                size="small"
                variant="outlined"
                clickable
                component={RouterLink}
                to={`${homePath}?brand=${brand.id}`}
                label={brand.name}
                aria-label={t('pressReleases.allOfBrand', { brand: brand.name })}
              />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
