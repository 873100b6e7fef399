import { lazy } from 'react';
import type { ShellSlots } from '../components/shell-slots.tsx';
import { PressMailQuestion } from '../features/account/press-mail/press-mail-question.tsx';
import { ConsentRenewal } from '../features/account/privacy/consent-renewal.tsx';
import { useSession } from '../lib/session.ts';

const BasketButton = lazy(() => import('../features/gallery/basket/basket-button.tsx'));

/** The basket's button, downloaded (with its tooltip) only for users of the press area: nobody else sees it. */
function BasketSlot() {
  const { user } = useSession();
  return user?.permissions.includes('press_area.access') ? <BasketButton /> : null;
}

/** What the main layout adds for a signed-in user: the privacy notice they must accept again. */
function LayoutAddons() {
  return <ConsentRenewal />;
}

// Downloaded after the first render (router animation), when opened (guided tour, customizer): not part of
// Home's bundle. The consent renewal is a small check that loads its dialog only for users who must answer.
export const shellSlots: ShellSlots = {
  layoutAddons: LayoutAddons,
  // The press office's mail, asked once of a journalist who never answered, above the screen they opened.
  contentBanner: PressMailQuestion,
  routeAnimation: lazy(() => import('../features/layout-extras/route-animation.tsx')),
  guidedTour: lazy(() => import('../features/layout-extras/tour/guided-tour.tsx')),
  headerAddon: BasketSlot,
  customizerSection: lazy(() =>
    import('../features/layout-extras/customizer/layout-options-section.tsx').then((module) => ({
      default: module.LayoutOptionsSection,
    })),
  ),
};
