import { Suspense } from 'react';
import { CustomizerButton } from './customizer-button.tsx';
import { LanguageMenu } from './language-menu.tsx';
import { useShellSlots } from './shell-slots.tsx';
import { UserMenu } from './user-menu.tsx';

/**
 * The header's language menu, customizer and user menu: their own chunk (see app-header.tsx), loaded as the
 * app starts; vite.config.ts puts the sidebar's menu and the error page in the same chunk.
 */
export default function HeaderActions() {
  const { headerAddon: HeaderAddon } = useShellSlots();
  return (
    <>
      {HeaderAddon && (
        <Suspense fallback={null}>
          <HeaderAddon />
        </Suspense>
      )}
      <LanguageMenu />
      <CustomizerButton />
      <UserMenu />
    </>
  );
}
