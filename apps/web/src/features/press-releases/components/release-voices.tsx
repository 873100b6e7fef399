import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PressContactCard } from '../../../components/press-contact-card.tsx';
import { useSession } from '../../../lib/session.ts';
import { useSiteInfo } from '../../../lib/site.ts';
import { releaseVoicesQuery } from '../api/voices-api.ts';
import { textDirection } from './release-meta.tsx';

/**
 * The end of a release: who to ask (the contacts it names, else its site's; the press office address when
 * there are none) and the site's boilerplate.
 */
export function ReleaseVoices({ releaseId }: { releaseId: number }) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const site = useSiteInfo();
  const voices = useQuery(releaseVoicesQuery(releaseId, i18n.language, user !== null));
  if (!voices.data) return null;
  const { contacts, boilerplate, press_office_email: pressOffice } = voices.data;
  return (
    <>
      <Box
        component="section"
        aria-labelledby="release-contacts"
        dir={i18n.dir()}
        sx={{ mt: 4 }}
        data-testid="release-contacts"
      >
        <Typography id="release-contacts" variant="h2" sx={{ fontSize: '1.2rem', mb: 1.5 }}>
          {t('pressReleases.pressContacts')}
        </Typography>
        {contacts.length > 0 ? (
          <Box
            component="ul"
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              display: 'grid',
              gap: 2,
              gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
            }}
          >
            {contacts.map((contact) => (
              <PressContactCard key={contact.id} contact={contact} />
            ))}
          </Box>
        ) : (
          <Typography>
            {t('pressReleases.pressOfficeWrite')} <Link href={`mailto:${pressOffice}`}>{pressOffice}</Link>
          </Typography>
        )}
      </Box>
      {boilerplate && (
        <Box
          component="section"
          aria-labelledby="release-boilerplate"
          lang={boilerplate.language}
          dir={textDirection(boilerplate.language)}
          sx={{ mt: 4 }}
          data-testid="release-boilerplate"
        >
          <Typography id="release-boilerplate" variant="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
            {t('pressReleases.aboutSite', { site: site.data?.name ?? '' })}
          </Typography>
          <Typography color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
            {boilerplate.text}
          </Typography>
        </Box>
      )}
    </>
  );
}
