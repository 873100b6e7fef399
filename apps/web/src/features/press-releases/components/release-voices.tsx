import Email from '@mui/icons-material/EmailOutlined';
import Phone from '@mui/icons-material/PhoneOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type PressContact, pickLocalized } from '@pressroom/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session.ts';
import { useSiteInfo } from '../../../lib/site.ts';
import { releaseVoicesQuery } from '../api/voices-api.ts';
import { textDirection } from './release-meta.tsx';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');

function ContactCard({ contact }: { contact: PressContact }) {
  const { t, i18n } = useTranslation();
  const languageNames = new Intl.DisplayNames([i18n.language], { type: 'language' });
  // The job title in the reader's language, else English, then Italian, then any.
  const role = pickLocalized(contact.role, i18n.language);
  const spoken = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
    contact.languages.map((code) => languageNames.of(code) ?? code),
  );
  return (
    <Stack
      component="li"
      direction="row"
      sx={{ alignItems: 'flex-start', gap: 1.5 }}
      data-testid="press-contact"
    >
      <Avatar src={contact.photo_url ?? undefined} alt="" sx={{ width: 56, height: 56 }}>
        {initials(contact.name)}
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>{contact.name}</Typography>
        {role && (
          <Typography variant="body2" color="text.secondary" data-testid="press-contact-role">
            {role}
          </Typography>
        )}
        {contact.email && (
          <Link
            href={`mailto:${contact.email}`}
            variant="body2"
            sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minHeight: 32, overflowWrap: 'anywhere' }}
          >
            <Email fontSize="inherit" aria-hidden="true" />
            {contact.email}
          </Link>
        )}
        {contact.phone && (
          <Link
            href={`tel:${contact.phone.replace(/[^+0-9]/g, '')}`}
            variant="body2"
            dir="ltr"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, minHeight: 32 }}
          >
            <Phone fontSize="inherit" aria-hidden="true" />
            {contact.phone}
          </Link>
        )}
        {contact.languages.length > 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('pressReleases.contactLanguages', { languages: spoken })}
          </Typography>
        )}
      </Box>
    </Stack>
  );
}

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
              <ContactCard key={contact.id} contact={contact} />
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
