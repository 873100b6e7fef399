import Button from '@mui/material/Button';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../lib/i18n/index.ts';
import { isLanguage, type Language, languageNames } from '../lib/i18n/languages.ts';
import { Flag } from './flags.tsx';

// The menu (MUI Menu, Popover, Modal) is only downloaded when first opened: it keeps Home's bundle small.
const loadList = () => import('./language-list.tsx');
const preloadList = () => void loadList();
const LanguageList = lazy(loadList);

/** The header's language dropdown with flags; he and ar turn the layout right-to-left. */
export function LanguageMenu({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const current: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const choose = async (language: Language) => {
    setAnchor(null);
    await changeLanguage(language);
  };
  return (
    <>
      <Button
        color={color}
        onClick={(event) => setAnchor(event.currentTarget)}
        onPointerEnter={preloadList}
        onFocus={preloadList}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        aria-label={`${t('app.chooseLanguage')}: ${languageNames[current]}`}
        startIcon={<Flag language={current} />}
        sx={{ textTransform: 'none', minWidth: 0 }}
        data-testid="language-menu"
      >
        <span aria-hidden="true">{current.toUpperCase()}</span>
      </Button>
      {anchor && (
        <Suspense fallback={null}>
          <LanguageList
            id={menuId}
            anchor={anchor}
            current={current}
            onClose={() => setAnchor(null)}
            onChoose={choose}
          />
        </Suspense>
      )}
    </>
  );
}
