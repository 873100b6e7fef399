import Email from '@mui/icons-material/EmailOutlined';
import Phone from '@mui/icons-material/PhoneOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type PressContact, pickLocalized } from '@pressroom/contract';
import { useTranslation } from 'react-i18next';

/** What a card shows of a press contact: a site's (releases) or a company's (press boxes). */
export type ContactShown = Pick<
  PressContact,
  'name' | 'role' | 'email' | 'phone' | 'photo_url' | 'languages'
>;

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');

/** One person to ask, as an item of a list: photo, name, job title, e-mail, phone, languages spoken. */
export function PressContactCard({ contact }: { contact: ContactShown }) {
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
            {t('app.contactLanguages', { languages: spoken })}
          </Typography>
        )}
      </Box>
    </Stack>
  );
}
