import { CustomizerButton } from './customizer-button.tsx';
import { LanguageMenu } from './language-menu.tsx';
import { UserMenu } from './user-menu.tsx';

/**
 * The header's language menu, customizer and user menu: their own chunk (see app-header.tsx), loaded as the
 * app starts; vite.config.ts puts the sidebar's menu and the error page in the same chunk.
 */
export default function HeaderActions() {
  return (
    <>
      <LanguageMenu />
      <CustomizerButton />
      <UserMenu />
    </>
  );
}
