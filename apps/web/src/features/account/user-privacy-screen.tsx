import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { privacyNoticeVersion } from '@pressroom/contract';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page.tsx';
import { useSiteInfo } from '../../lib/site.ts';

/** The privacy notice (specification section 1; PRODUCT.md section 8): always readable, signed in or not. */
export default function UserPrivacyScreen() {
  const { t, i18n } = useTranslation();
  const site = useSiteInfo();
  const controllers = site.data?.sites.length
    ? new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(site.data.sites)
    : '…';
  const email = site.data?.privacy_contact_email;
  const sections: { title: string; body: React.ReactNode }[] = [
    { title: t('privacy.controllersTitle'), body: t('privacy.controllers', { controllers }) },
    { title: t('privacy.dataTitle'), body: t('privacy.data') },
    {
      title: t('privacy.purposesTitle'),
      body: (
        <Box component="ul" sx={{ m: 0, pl: 3 }}>
          <li>{t('privacy.purposeService')}</li>
          <li>{t('privacy.purposeMarketing')}</li>
          <li>{t('privacy.purposeLegal')}</li>
          <li>{t('privacy.purposeLegitimate')}</li>
        </Box>
      ),
    },
    { title: t('privacy.retentionTitle'), body: t('privacy.retention') },
    { title: t('privacy.storageTitle'), body: t('privacy.storage') },
    { title: t('privacy.countingTitle'), body: t('privacy.counting') },
    { title: t('privacy.recipientsTitle'), body: t('privacy.recipients') },
    { title: t('privacy.rightsTitle'), body: t('privacy.rights') },
    {
      title: t('privacy.contactTitle'),
      body: email
        ? t('privacy.contact', { email: '\u0000' })
            .split('\u0000')
            .flatMap((part, index) =>
              index === 0
                ? [part]
                : [
                    <Link key="email" href={`mailto:${email}`}>
                      {email}
                    </Link>,
                    part,
                  ],
            )
        : t('privacy.contact', { email: '…' }),
    },
  ];
  return (
    <Page title={t('privacy.title')}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 860 }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="privacy-version">
          {t('privacy.version', { version: privacyNoticeVersion })}
        </Typography>
        <Typography sx={{ mb: 3 }}>{t('privacy.intro')}</Typography>
        {sections.map((section) => (
          <Box component="section" key={section.title} sx={{ mb: 3 }}>
            <Typography variant="h2" sx={{ mb: 1 }}>
              {section.title}
            </Typography>
            <Typography component="div">{section.body}</Typography>
          </Box>
        ))}
      </Paper>
    </Page>
  );
}
