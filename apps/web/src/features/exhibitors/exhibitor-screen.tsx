import ArrowBack from '@mui/icons-material/ArrowBack';
import EventAvailable from '@mui/icons-material/EventAvailableOutlined';
import Language from '@mui/icons-material/LanguageOutlined';
import Storefront from '@mui/icons-material/StorefrontOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { countryName, type PublicExhibitor } from '@pressroom/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { Page } from '../../components/page.tsx';
import { PressContactCard } from '../../components/press-contact-card.tsx';
import { visuallyHidden } from '../../components/visually-hidden.tsx';
import { paths } from '../../config/paths.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.ts';
import { exhibitorQuery } from './api.ts';
import { ExhibitorCoverage } from './exhibitor-coverage.tsx';
import { ExhibitorEvents } from './exhibitor-events.tsx';
import { editionDates, isolated } from './exhibitor-parts.ts';
import { FollowButton } from './follow-button.tsx';

function Section({
  id,
  title,
  children,
  testId,
}: {
  id: string;
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={id}
      sx={{ p: { xs: 2, sm: 3 } }}
      data-testid={testId}
    >
      <Typography id={id} component="h2" variant="h6" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

const gridList = (min: number) => ({
  listStyle: 'none',
  p: 0,
  m: 0,
  display: 'grid',
  gap: 2,
  gridTemplateColumns: `repeat(auto-fill, minmax(min(${min}px, 100%), 1fr))`,
});

/** A web address as people read it: no scheme, no trailing slash. */
const shownAddress = (url: string) => url.replace(/^https?:\/\//, '').replace(/\/$/, '');

function PressBox({ exhibitor }: { exhibitor: PublicExhibitor }) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const pressArea = user?.permissions.includes('press_area.access') ?? false;
  // Until the fair ends, journalists (and visitors, who sign in first) may ask for an interview.
  const fairOver = exhibitor.edition.ends_on < new Date().toISOString().slice(0, 10);
  const mayAskInterview = !fairOver && (user === null || pressArea);
  const day = (value: string) =>
    new Date(`${value}T12:00:00Z`).toLocaleDateString(i18n.language, { dateStyle: 'long', timeZone: 'UTC' });
  const facts = [
    exhibitor.company.country ? countryName(exhibitor.company.country, i18n.language) : '',
    exhibitor.category ? t(`sector.${exhibitor.category}`) : '',
  ].filter(Boolean);
  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <Avatar
          variant="rounded"
          src={exhibitor.logo_url ?? undefined}
          alt=""
          sx={{ width: 96, height: 96, bgcolor: 'action.hover', color: 'text.secondary' }}
          slotProps={{ img: { sx: { objectFit: 'contain' } } }}
        >
          <Storefront fontSize="large" aria-hidden="true" />
        </Avatar>
        <Box sx={{ minWidth: 0, flex: '1 1 240px' }}>
          {facts.length > 0 && <Typography color="text.secondary">{facts.join(' · ')}</Typography>}
          <Typography variant="body2" color="text.secondary">
            {t('exhibitors.edition', {
              name: isolated(exhibitor.edition.name),
              dates: editionDates(exhibitor.edition, i18n.language),
            })}
          </Typography>
          <Box component="span" sx={visuallyHidden}>
            {t('exhibitors.stands')}
          </Box>
          <Box
            component="ul"
            sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'flex', flexWrap: 'wrap', gap: 0.75 }}
          >
            {exhibitor.stands.map((stand) => (
              <li key={`${stand.hall}/${stand.stand}`}>
                <Chip
                  variant="outlined"
                  label={t('exhibitors.stand', { hall: stand.hall, stand: stand.stand })}
                  data-testid="exhibitor-stand"
                />
              </li>
            ))}
          </Box>
          {exhibitor.website && (
            <Link
              href={exhibitor.website}
              target="_blank"
              rel="noopener"
              dir="ltr"
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mt: 1, minHeight: 32 }}
              data-testid="exhibitor-website"
            >
              <Language fontSize="small" aria-hidden="true" />
              <Box component="span" sx={visuallyHidden}>
                {t('exhibitors.website')}
              </Box>
              {shownAddress(exhibitor.website)}
            </Link>
          )}
        </Box>
        <Stack spacing={1} sx={{ alignSelf: 'flex-start' }}>
          <FollowButton company={exhibitor.company} following={exhibitor.following} />
          {mayAskInterview && (
            <Button
              component={RouterLink}
              to={paths.interviewAsk(exhibitor.id)}
              variant="contained"
              startIcon={<EventAvailable aria-hidden="true" />}
              data-testid="ask-interview"
            >
              {t('exhibitors.askInterview')}
            </Button>
          )}
        </Stack>
      </Paper>

      <Section id="exhibitor-about" title={t('exhibitors.about', { name: exhibitor.company.name })}>
        {exhibitor.description ? (
          <Typography dir="auto" sx={{ whiteSpace: 'pre-line' }} data-testid="exhibitor-description">
            {exhibitor.description}
          </Typography>
        ) : (
          <Typography color="text.secondary">{t('exhibitors.noDescription')}</Typography>
        )}
      </Section>

      <Section id="exhibitor-contacts" title={t('exhibitors.contacts')} testId="exhibitor-contacts">
        {exhibitor.contacts.length > 0 ? (
          <Box component="ul" sx={gridList(280)}>
            {exhibitor.contacts.map((contact) => (
              <PressContactCard key={contact.id} contact={contact} />
            ))}
          </Box>
        ) : (
          <Typography color="text.secondary">{t('exhibitors.noContacts')}</Typography>
        )}
      </Section>

      <Section id="exhibitor-programme" title={t('exhibitors.programme')} testId="exhibitor-programme">
        <ExhibitorEvents exhibitor={exhibitor} />
      </Section>

      <Section id="exhibitor-releases" title={t('exhibitors.releases')} testId="exhibitor-releases">
        {exhibitor.releases.length > 0 ? (
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {exhibitor.releases.map((release) => (
              <li key={release.id}>
                <Link component={RouterLink} to={paths.pressRelease(release.id)} dir="auto">
                  {release.title}
                </Link>
                <Typography variant="body2" color="text.secondary">
                  <time dateTime={release.publication_date}>{day(release.publication_date)}</time>
                </Typography>
              </li>
            ))}
          </Stack>
        ) : (
          <Typography color="text.secondary">{t('exhibitors.noReleases')}</Typography>
        )}
      </Section>

      <Section id="exhibitor-coverage" title={t('exhibitors.coverage')} testId="exhibitor-coverage">
        <ExhibitorCoverage exhibitorId={exhibitor.id} />
      </Section>

      <Section id="exhibitor-pictures" title={t('exhibitors.pictures')} testId="exhibitor-pictures">
        {!pressArea ? (
          <Typography color="text.secondary">{t('exhibitors.picturesForPress')}</Typography>
        ) : exhibitor.pictures.length > 0 ? (
          <Box component="ul" sx={gridList(160)}>
            {exhibitor.pictures.map((picture) => (
              <Box component="li" key={picture.id} sx={{ m: 0 }}>
                <Box component="figure" sx={{ m: 0 }}>
                  <Box
                    component="img"
                    src={picture.thumbnail_url}
                    alt={picture.alt_text}
                    loading="lazy"
                    sx={{
                      width: '100%',
                      aspectRatio: '4 / 3',
                      objectFit: 'cover',
                      borderRadius: 1,
                      bgcolor: 'action.hover',
                      display: 'block',
                    }}
                  />
                  {picture.caption && (
                    <Typography component="figcaption" variant="body2" dir="auto" sx={{ mt: 0.5 }}>
                      {picture.caption}
                    </Typography>
                  )}
                </Box>
              </Box>
            ))}
          </Box>
        ) : (
          <Typography color="text.secondary">{t('exhibitors.noPictures')}</Typography>
        )}
      </Section>
    </Stack>
  );
}

/** One exhibitor's press box in the reader's language, with the button that follows it by e-mail. */
export default function ExhibitorScreen() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const exhibitor = useQuery({ ...exhibitorQuery(id, i18n.language, user !== null), enabled: valid });
  const notFound = !valid || (exhibitor.error instanceof ApiError && exhibitor.error.status === 404);
  const back = (
    <Button
      component={RouterLink}
      to={paths.exhibitors}
      startIcon={<ArrowBack sx={{ transform: i18n.dir() === 'rtl' ? 'scaleX(-1)' : undefined }} />}
    >
      {t('exhibitors.backToDirectory')}
    </Button>
  );
  return (
    <Page title={exhibitor.data?.company.name ?? t('exhibitors.detailTitle')} actions={back}>
      {notFound ? (
        <Alert severity="warning">{t('exhibitors.notFound')}</Alert>
      ) : exhibitor.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => exhibitor.refetch()}>
              {t('app.retry')}
            </Button>
          }
        >
          {t('exhibitors.exhibitorLoadError')}
        </Alert>
      ) : !exhibitor.data ? (
        <Stack spacing={2} aria-busy="true">
          <Box component="span" sx={visuallyHidden} role="status">
            {t('app.loading')}
          </Box>
          <Skeleton variant="rounded" height={140} />
          <Skeleton variant="rounded" height={200} />
        </Stack>
      ) : (
        <PressBox exhibitor={exhibitor.data} />
      )}
    </Page>
  );
}
