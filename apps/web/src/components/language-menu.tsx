import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../lib/i18n/index.ts';
import { isLanguage, type Language, languageNames, languages } from '../lib/i18n/languages.ts';
import { Flag } from './flags.tsx';

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
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {languages.map((language) => (
          <MenuItem
            key={language}
            selected={language === current}
            onClick={() => choose(language)}
            lang={language}
            data-testid={`language-${language}`}
          >
            <ListItemIcon>
              <Flag language={language} />
            </ListItemIcon>
            <ListItemText>{languageNames[language]}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
