import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type HeaderFilter,
  headerFilterNames,
  headerFilters,
  type RouterAnimation,
  routerAnimations,
  type SidebarFilter,
  type SidebarImage,
  sidebarFilterNames,
  sidebarFilters,
  sidebarImages,
  sidebarImageUrl,
} from '../../../lib/layout-options.ts';
import { type UiSettings, uiSettings, useUiSettings } from '../../../lib/settings.ts';
import { loadRtlCache } from '../../../lib/theme.ts';
import { guidedTour } from '../../../lib/tour.ts';

function Heading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Typography id={id} sx={{ mt: 3, mb: 1, fontWeight: 600 }}>
      {children}
    </Typography>
  );
}

function Swatch({ background }: { background: string }) {
  return (
    <Box
      component="span"
      aria-hidden="true"
      sx={{
        width: 18,
        height: 18,
        borderRadius: '50%',
        bgcolor: background,
        border: 1,
        borderColor: 'divider',
        flexShrink: 0,
      }}
    />
  );
}

function Choices<T extends string>(props: {
  labelId: string;
  name: keyof UiSettings;
  value: T;
  values: readonly T[];
  label: (value: T) => ReactNode;
  testId: string;
}) {
  return (
    <RadioGroup
      aria-labelledby={props.labelId}
      value={props.value}
      data-testid={props.testId}
      onChange={(event) => uiSettings.update({ [props.name]: event.target.value as T })}
    >
      {props.values.map((value) => (
        <FormControlLabel
          key={value}
          value={value}
          control={<Radio size="small" />}
          label={props.label(value)}
        />
      ))}
    </RadioGroup>
  );
}

const withSwatch = (background: string, text: string) => (
  <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
    <Swatch background={background} />
    {text}
  </Box>
);

/**
 * The customizer's layout options: right-to-left, sidebar background image with its overlay filter, header
 * filter, router animation, and the guided tour.
 */
export function LayoutOptionsSection({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const settings = useUiSettings();
  const imageId = useId();
  const sidebarFilterId = useId();
  const headerFilterId = useId();
  const animationId = useId();
  const rtl = settings.rtlLayout ?? ['he', 'ar'].includes(i18n.language);
  const reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

  return (
    <>
      <FormControlLabel
        control={
          <Switch
            checked={rtl}
            data-testid="customizer-rtl"
            onChange={async (event) => {
              const on = event.target.checked;
              if (on) await loadRtlCache();
              uiSettings.update({ rtlLayout: on });
            }}
          />
        }
        label={t('layoutExtras.customizer.rtl')}
      />
      <FormControlLabel
        control={
          <Switch
            checked={settings.backgroundImage}
            data-testid="customizer-background-image"
            onChange={(event) => uiSettings.update({ backgroundImage: event.target.checked })}
          />
        }
        label={t('layoutExtras.customizer.backgroundImage')}
      />
      {settings.backgroundImage && (
        <>
          <Heading id={imageId}>{t('layoutExtras.customizer.image')}</Heading>
          <Choices<SidebarImage>
            labelId={imageId}
            name="sidebarImage"
            value={settings.sidebarImage}
            values={sidebarImages}
            testId="customizer-sidebar-image"
            label={(image) => (
              <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                <Box
                  component="span"
                  aria-hidden="true"
                  sx={{
                    width: 40,
                    height: 24,
                    borderRadius: 1,
                    backgroundImage: `url(${sidebarImageUrl(image)})`,
                    border: 1,
                    borderColor: 'divider',
                  }}
                />
                {t(`layoutExtras.customizer.images.${image}`)}
              </Box>
            )}
          />
          <Heading id={sidebarFilterId}>{t('layoutExtras.customizer.sidebarFilter')}</Heading>
          <Choices<SidebarFilter>
            labelId={sidebarFilterId}
            name="sidebarFilter"
            value={settings.sidebarFilter}
            values={sidebarFilterNames}
            testId="customizer-sidebar-filter"
            label={(filter) =>
              withSwatch(sidebarFilters[filter], t(`layoutExtras.customizer.filters.${filter}`))
            }
          />
        </>
      )}
      <Heading id={headerFilterId}>{t('layoutExtras.customizer.headerFilter')}</Heading>
      <Choices<HeaderFilter>
        labelId={headerFilterId}
        name="headerFilter"
        value={settings.headerFilter}
        values={headerFilterNames}
        testId="customizer-header-filter"
        label={(filter) =>
          withSwatch(headerFilters[filter] ?? 'primary.main', t(`layoutExtras.customizer.filters.${filter}`))
        }
      />
      <Heading id={animationId}>{t('layoutExtras.customizer.routerAnimation')}</Heading>
      {reducedMotion && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('layoutExtras.customizer.reducedMotion')}
        </Typography>
      )}
      <Choices<RouterAnimation>
        labelId={animationId}
        name="routerAnimation"
        value={settings.routerAnimation}
        values={routerAnimations}
        testId="customizer-router-animation"
        label={(animation) => t(`layoutExtras.customizer.animations.${animation}`)}
      />
      <Button
        variant="outlined"
        sx={{ mt: 3 }}
        data-testid="customizer-start-tour"
        onClick={() => {
          onClose();
          guidedTour.start();
        }}
      >
        {t('layoutExtras.customizer.startTour')}
      </Button>
    </>
  );
}
