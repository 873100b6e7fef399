import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { type Language, languageNames, languages } from '../lib/i18n/languages.ts';
import { Flag } from './flags.tsx';

/** The open language menu: each language by its own name, with its flag. */
export default function LanguageList(props: {
  id: string;
  anchor: HTMLElement;
  current: Language;
  onClose: () => void;
  onChoose: (language: Language) => void;
}) {
  return (
    <Menu
      id={props.id}
      anchorEl={props.anchor}
      open
      onClose={props.onClose}
      // Inside the header landmark, not loose at the end of the page.
      container={props.anchor.closest('header')}
    >
      {languages.map((language) => (
        <MenuItem
          key={language}
          selected={language === props.current}
          onClick={() => props.onChoose(language)}
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
  );
}
